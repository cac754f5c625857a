"""A table records a Contrée match on a phone in real Chromium (RULES.md §2.3 for the numbers)."""

from __future__ import annotations

import re

import pytest

from tests.browser.screens import shot

pytestmark = pytest.mark.browser


def pick(page, name: str, value: str) -> None:
    """Tap a chip as a finger would: where the sticky bar covers it, it is scrolled clear first."""
    page.locator(f'input[name="{name}"][value="{value}"]').check()


def record(page, *, bidder: str, bid: str, trump: str, points: str, last: str,
           contre: bool = False, belote: str = "", look: str = "",
           record_link: str = "Record deal", save: str = "Save deal") -> None:
    page.get_by_role("link", name=re.compile(record_link)).click()
    pick(page, "bidder", bidder)
    pick(page, "bid", bid)
    pick(page, "trump", trump)
    if contre:
        page.locator('input[name="contre"]').check()
    page.fill('input[name="bidder_points"]', points)
    pick(page, "last_trick", last)
    if belote:
        pick(page, "belote", belote)
    page.locator("#preview .preview").wait_for()  # the live preview (JavaScript)
    if look:
        shot(page, look)
    page.get_by_role("button", name=save).click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))


def totals(page) -> list[int]:
    return [int(t) for t in page.locator(".totals .points").all_inner_texts()]


def says_saved_at_its_row(page, look: str):
    """The sheet opened at the first deal's row (``#deal-<id>``, where *Save deal* sends the page, with
    JavaScript or without) says "Deal saved.", again on a reload, and not on the sheet opened anew; the
    message's locator."""
    assert re.search(r"/matches/\d+#deal-\d+$", page.url)
    saved = page.get_by_role("status").filter(has_text="Deal saved.")
    assert saved.is_visible() and page.locator(".sheet td:target").inner_text() == "1"
    shot(page, look)
    page.reload()  # the same deal's row: still saved
    assert saved.is_visible()
    page.goto(page.url.split("#")[0])  # the sheet opened anew: no message
    assert saved.count() == 0
    return saved


def test_a_match_with_three_deals_and_an_edit(live_url, page):
    """With JavaScript (the form sent in the background: static/js/outbox.js) *Save deal* opens the sheet
    at the deal's own row, as without it, which says "Deal saved." (again on a reload; not on the sheet
    opened anew); an edited deal's sheet says it once (flashed)."""
    page.goto(live_url)
    shot(page, "01-home")
    page.get_by_role("link", name=re.compile("Belote Contrée")).click()
    for seat, name in zip("NESW", ("Alice", "Bob", "Carol", "Dan"), strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    shot(page, "02-new-match")
    page.get_by_role("button", name="Start the match").click()

    record(page, bidder="E", bid="100", trump="H", points="92", last="bidders", belote="bidders")
    assert totals(page) == [60, 220]
    saved = says_saved_at_its_row(page, "03-deal-saved-with-javascript")
    record(page, bidder="S", bid="90", trump="S", points="70", last="defenders", contre=True)
    assert totals(page) == [60, 720]  # RULES §2.3: failed contré -> (160 + 90) x 2 = 500
    record(page, bidder="W", bid="80", trump="C", points="81", last="bidders", look="03-deal-form-preview")
    assert totals(page) == [130, 890]
    shot(page, "04-sheet")

    # The first deal was 72, not 92: 72 + 10 + 20 = 102 -> 100 + 100 = 200; N–S 80.
    page.locator("table.sheet summary").first.click()
    page.get_by_role("link", name="Edit deal 1").click()
    page.fill('input[name="bidder_points"]', "72")
    page.get_by_role("button", name="Save deal").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert totals(page) == [80 + 70, 200 + 500 + 170]
    assert saved.count() == 1 and saved.is_visible()
    shot(page, "05-sheet-after-edit")


def test_a_refused_deal_keeps_what_was_typed(live_url, page):
    page.goto(live_url)
    page.get_by_role("link", name=re.compile("Belote Contrée")).click()
    for seat, name in zip("NESW", ("Alice", "Bob", "Carol", "Dan"), strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("link", name=re.compile("Record deal")).click()
    pick(page, "bidder", "E")
    pick(page, "bid", "100")
    pick(page, "trump", "H")
    page.fill('input[name="bidder_points"]', "200")
    pick(page, "last_trick", "bidders")
    page.get_by_role("button", name="Save deal").click()  # sent in the background, then shown back
    page.locator("#bidder_points-error").wait_for()
    assert page.input_value('input[name="bidder_points"]') == "200"
    shot(page, "06-refused-deal")


def test_show_the_score_brings_the_page_back_at_the_score(live_url, browser):
    """Without JavaScript (no live preview) *Show the score* sends the form: the page comes back
    scrolled to the score, not to its top a screen above; with a field left empty, to the box
    that says so, which links to the field. *Save deal* then shows the sheet saying "Deal saved."
    (again on a reload; not on the sheet opened anew)."""
    from tests.browser.conftest import PHONE

    context = browser.new_context(viewport=PHONE, locale="en-GB", java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_url}/matches/new/contree")
    for seat, name in zip("NESW", ("Alice", "Bob", "Carol", "Dan"), strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("link", name=re.compile("Record deal")).click()

    def preview_comes_on_screen() -> None:  # the browser scrolls to #preview once the page is laid out
        page.wait_for_function("(() => { const box = document.getElementById('preview').getBoundingClientRect();"
                               " return box.top >= 0 && box.top < window.innerHeight; })()", timeout=5000)

    pick(page, "bid", "100")
    pick(page, "trump", "H")
    page.get_by_role("button", name="Show the score").click()
    assert page.url.endswith("#preview")
    preview_comes_on_screen()
    page.locator("#preview").get_by_role("link", name="Bidder").click()
    assert page.url.endswith("#bidder")
    for name, value in (("bidder", "E"), ("last_trick", "bidders")):  # the chips, as a finger taps them
        page.locator(f'label:has(input[name="{name}"][value="{value}"])').click()
    page.fill('input[name="bidder_points"]', "92")
    page.get_by_role("button", name="Show the score").click()
    preview_comes_on_screen()
    assert page.locator("#preview .preview-scores").is_visible()
    shot(page, "07-show-the-score-without-javascript")
    page.get_by_role("button", name="Save deal").click()  # the sheet, opened at the deal's row, says it
    says_saved_at_its_row(page, "08-deal-saved-without-javascript")
    assert page.get_by_role("link", name="Record deal 2").is_visible()
    context.close()


def test_melds_entered_by_tapping_the_cards(live_url, page):
    page.goto(f"{live_url}/matches/new/contree")
    for seat, name in zip("NESW", ("Alice", "Bob", "Carol", "Dan"), strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    page.locator('input[name="opt_announces"]').check()
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("link", name=re.compile("Record deal")).click()
    pick(page, "bidder", "N")
    pick(page, "bid", "100")
    pick(page, "trump", "S")
    page.fill('input[name="bidder_points"]', "90")
    pick(page, "last_trick", "bidders")
    melds_n = page.locator("#melds_N")
    picker = page.locator(".picker-toggle").first
    picker.click()
    for code in ("AH", "KH", "QH"):
        page.locator(f'.card-picker >> nth=0 >> [data-code="{code}"]').click()
    page.locator(".card-picker").first.get_by_role("button", name="Add meld").click()
    assert melds_n.input_value() == "AH KH QH"
    page.locator("#preview .preview-scores", has_text="220").wait_for()  # the tierce counts
    shot(page, "07-melds-picker")
    page.get_by_role("button", name="Save deal").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    # RULES §2.4 announces: 90 + 10 + 20 tierce = 120 -> 120 + 100 = 220; E–W 62 -> 60
    assert totals(page) == [220, 60]


def test_a_japanese_phone_gets_the_japanese_interface(live_url, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, locale="ja-JP")
    page = context.new_page()
    try:
        page.goto(f"{live_url}/matches/new/contree")
        for seat, name in zip("NESW", ("山田", "佐藤", "鈴木", "高橋"), strict=True):
            page.fill(f'input[name="player_{seat}"]', name)
        page.get_by_role("button", name="対戦を開始").click()
        record(page, bidder="E", bid="100", trump="H", points="92", last="bidders", belote="bidders",
               look="08-japanese-deal", record_link="ディール 1 を記録", save="ディールを保存")
        assert totals(page) == [60, 220]
        assert page.locator("html").get_attribute("lang") == "ja"
        shot(page, "09-japanese-sheet")
    finally:
        context.close()
