"""Classic Belote with melds on both sides, and a Klaberjass deal, recorded in real Chromium."""

from __future__ import annotations

import re

import pytest

from tests.browser.screens import shot
from tests.browser.test_contree_flow import pick

pytestmark = pytest.mark.browser


def start(page, url: str, names: dict[str, str]) -> None:
    page.goto(url)
    for seat, name in names.items():
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("link", name=re.compile("Record deal")).click()


def save(page) -> None:
    page.locator("#preview .preview").wait_for()
    page.get_by_role("button", name="Save deal").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))


def totals(page) -> list[int]:
    return [int(t) for t in page.locator(".totals .points").all_inner_texts()]


def test_a_belote_deal_with_melds_on_both_sides(live_url, page):
    start(page, f"{live_url}/matches/new/belote", {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"})
    pick(page, "taker", "E")
    pick(page, "trump", "H")
    page.fill('input[name="taker_points"]', "90")
    pick(page, "last_trick", "takers")
    page.fill("#melds_E", "tierce KH")       # as the table says it
    page.fill("#melds_N", "AS KS QS JS")     # or as card codes
    page.locator("#preview .preview", has_text="212").wait_for()
    preview = page.locator("#preview").inner_text()
    assert "beats" in preview  # RULES §1.3: the explanation says whose meld won and why
    shot(page, "10-belote-melds")
    save(page)
    # RULES §1.3/§1.6: N's cinquante beats E's tierce; E–W 100 < N–S 62 + 50 = 112: dedans,
    # N–S take 162 + 50 = 212.
    assert totals(page) == [212, 0]
    shot(page, "11-belote-sheet")


def test_a_klaberjass_deal(live_url, page):
    start(page, f"{live_url}/matches/new/klaberjass", {"P1": "Ann", "P2": "Ben"})
    pick(page, "dealer", "P2")
    pick(page, "maker", "P1")
    pick(page, "trump", "H")
    page.fill('input[name="points_P1"]', "80")
    page.fill('input[name="points_P2"]', "40")
    pick(page, "last_trick", "P1")
    page.fill("#sequences_P1", "AS KS QS")
    pick(page, "bella", "P1")
    shot(page, "12-klaberjass-deal")
    save(page)
    # RULES §3.3: P1 80 + 10 + 20 sequence + 20 bella = 130 > 40: both score their own totals.
    assert totals(page) == [130, 40]
    shot(page, "13-klaberjass-sheet")


def test_belote_for_three_starts_from_the_home_page(live_url, page):
    """The home page's "Belote for three" (RULES §1.10): three seats, three players each for himself;
    the boxes ticked by default go with the form and the three seats stay."""
    page.goto(live_url)
    page.get_by_role("link", name=re.compile("Belote for three")).click()
    for seat, name in {"P1": "Ann", "P2": "Ben", "P3": "Cy"}.items():
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    assert page.locator(".totals .side-name").all_inner_texts() == ["Ann", "Ben", "Cy"]
