"""The referee's four tools in real Chromium, each used once: tap the cards, read the verdict."""

from __future__ import annotations

import pytest

from tests.browser.screens import shot

pytestmark = pytest.mark.browser


def tap(page, field: str, codes: tuple[str, ...], *, add: str | None = None) -> None:
    """Open the card picker under ``field`` and tap ``codes``: a hand or a pile takes each card
    as it is tapped; a field of melds takes them together with its ``add`` button ("Add meld")."""
    area = page.locator(f"#{field}")
    area.locator("xpath=following-sibling::button[contains(@class, 'picker-toggle')][1]").click()
    picker = area.locator("xpath=following-sibling::div[contains(@class, 'card-picker')][1]")
    for code in codes:
        picker.locator(f'[data-code="{code}"]').click()
    if add:
        picker.get_by_role("button", name=add).click()
    else:
        assert picker.get_by_role("button", name="Add meld").count() == 0
        assert area.input_value() == " ".join(codes)
        assert picker.locator('[aria-pressed="true"]').count() == len(codes)


def test_may_i_play_this(live_url, page):
    page.goto(live_url)
    page.get_by_role("link", name="Ask the referee").click()
    page.locator("section", has_text="Belote Contrée").get_by_role("link", name="May I play this?").click()
    tap(page, "hand", ("7H", "AS", "KS", "8D"))
    page.locator('.card-picker [data-code="8D"]').first.click()  # a second tap takes a card back
    assert page.locator("#hand").input_value() == "7H AS KS"
    page.fill("#trick_so_far", "QS 9S")
    page.locator('input[name="trump"][value="H"]').check(force=True)
    page.get_by_role("button", name="Which cards may I play?").click()
    # RULES §2.6: spades were led and the hand holds spades: A♠ and K♠, not the 7♥.
    assert sorted(page.locator(".verdict .hand .legal").all_inner_texts()) == ["A♠", "K♠"]
    refusal = " ".join(page.locator(".verdict .refusals li").inner_text().split())
    assert refusal == "7♥ ♠ was led and you hold ♠: you must follow suit"
    shot(page, "16-may-i-play")


def test_whose_melds_count(live_url, page):
    page.goto(f"{live_url}/referee/")
    page.locator("section", has_text="Belote").first.get_by_role("link", name="Whose melds count?").click()
    tap(page, "melds_N", ("AH", "KH", "QH"), add="Add meld")
    tap(page, "melds_E", ("JS", "JH", "JD", "JC"), add="Add meld")
    page.locator('input[name="trump"][value="S"]').check(force=True)
    page.get_by_role("button", name="Whose melds count?").click()
    # RULES §1.3: the four jacks beat the tierce.
    assert page.locator(".verdict .holds").inner_text() == "E–W scores the melds"
    shot(page, "17-whose-melds")


def test_count_this_pile_into_the_deal(live_url, page):
    players = {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
    match_id = page.request.post(f"{live_url}/api/v1/matches", data={"game": "contree", "players": players}).json()["id"]
    page.goto(f"{live_url}/matches/{match_id}/deals/new")
    page.locator('input[name="bidder"][value="E"]').check(force=True)
    page.locator('input[name="bid"][value="100"]').check(force=True)
    page.locator('input[name="trump"][value="H"]').check(force=True)
    page.locator('input[name="last_trick"][value="bidders"]').check(force=True)
    page.get_by_role("button", name="Count the pile with the referee").first.click()
    tap(page, "pile", ("JH", "9H", "AS", "10S", "KS", "QS", "7D", "8D"))
    assert page.locator('input[name="trump"][value="H"]').is_checked()  # the deal's trump, already there
    page.get_by_role("button", name="Count the pile", exact=True).click()
    # RULES §2.1: J♥ 20 + 9♥ 14 + A♠ 11 + 10♠ 10 + K♠ 4 + Q♠ 3 = 62; the others 90 of 152.
    assert page.locator(".card-points").inner_text() == "62"
    shot(page, "18-count-pile")
    page.get_by_role("button", name="Use 62 card points in the deal").click()
    assert page.locator("#bidder_points").input_value() == "62"
    for name, value in {"bidder": "E", "bid": "100", "trump": "H", "last_trick": "bidders"}.items():
        assert page.locator(f'input[name="{name}"][value="{value}"]').is_checked(), name


def test_does_the_claim_hold(live_url, page):
    page.goto(f"{live_url}/referee/contree/claim")
    for seat, cards in {"N": "AS KS", "E": "7H 8D", "S": "7S 8S", "W": "9S 10S"}.items():
        page.fill(f"#hand_{seat}", cards)
    page.locator('input[name="trump"][value="H"]').check(force=True)
    page.get_by_label("Also the best points of each side").check()
    page.get_by_role("button", name="Does the claim hold?").click()
    # RULES §2.6: E is void in spades and trumps the A♠.
    assert page.locator(".verdict .holds").inner_text() == "The claim fails"
    assert "E 7♥" in page.locator(".verdict .line").inner_text()
    # each side's best play is said as such, not read as the line above it
    assert page.locator(".verdict .figures-title + .best-play").count() == 1
    assert "each playing its best" in page.locator(".verdict .figures-title").inner_text()
    # A tick with no other tick beside it keeps the card's width for its label (ticks pair up
    # only beside one another): its label reads on one line, not squeezed into half the card.
    tick = page.locator(".field.check").filter(has=page.get_by_label("Also the best points of each side"))
    card = tick.locator("xpath=..")
    assert tick.bounding_box()["width"] > 0.8 * card.bounding_box()["width"]
    shot(page, "19-claim")
