"""Quinto in real Chromium: a rubber, a deal entered after it, then a deal played live trick by
trick to a win in the middle of the deal (RULES.md §5.3, §5.4)."""

from __future__ import annotations

import re

import pytest

from tests.browser.screens import shot

pytestmark = pytest.mark.browser


def pick(page, name: str, value: str) -> None:
    page.locator(f'input[name="{name}"][value="{value}"]').check(force=True)


def totals(page) -> list[int]:
    return [int(t) for t in page.locator(".totals .points").all_inner_texts()]


def trick(page, number: int, winner: str, *quints: str) -> None:
    page.locator("h2", has_text=f"Trick {number} of 12").wait_for()
    pick(page, "winner", winner)
    for code in quints:
        pick(page, "quints", code)
    page.get_by_role("button", name=f"Trick {number} done").click()


def test_a_deal_played_live_to_a_win_during_play(live_url, page):
    page.goto(f"{live_url}/matches/new/quinto")
    for seat, name in zip("NESW", ("Ann", "Ben", "Cy", "Di"), strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()

    # RULES §5.4, redoubled (20 a trick): N–S 5♥ 20 + 11 tricks × 20 = 240, E–W 2 × 20 = 40.
    page.get_by_role("link", name=re.compile("Record deal")).click()
    pick(page, "multiplier", "redouble")
    page.fill("#quints_A", "3: 5H")
    page.fill("#tricks_A", "10")
    page.fill("#tricks_B", "2")
    pick(page, "last_trick_winner", "A")
    page.locator("#preview .preview").wait_for()
    page.get_by_role("button", name="Save deal").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert totals(page) == [240, 40]

    page.get_by_role("link", name=re.compile("live")).click()
    page.get_by_role("button", name="Play the first trick").click()
    trick(page, 1, "B")
    page.locator(".totals .points[data-side=B]", has_text="0").wait_for()
    trick(page, 2, "B", "5S")  # E–W: the 5 of spades, 5
    page.locator(".totals .points[data-side=B]", has_text="45").wait_for()
    assert page.locator(".tricks-won").inner_text() == "Tricks won: N–S 0 · E–W 2"  # a running count
    shot(page, "20-quinto-live-trick")
    trick(page, 3, "A", "JOKER")  # N–S: the joker, 25: 240 + 25 = 265, the game is won at once
    page.get_by_role("status").filter(has_text="win the game: the deal stops").wait_for()
    assert totals(page) == [265, 45]
    assert page.locator("form.live-trick").count() == 0  # no more tricks
    shot(page, "21-quinto-live-won")

    page.get_by_role("button", name="Record the deal").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert totals(page) == [265, 45]
    assert page.get_by_text("Game 1: N–S 265, E–W 45; N–S win").count() == 1
    assert page.get_by_text("Games won: N–S 1, E–W 0").count() >= 1
    shot(page, "22-quinto-sheet")
