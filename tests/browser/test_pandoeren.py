"""Pandoeren in real Chromium: a number contract with roem, then a Misère (RULES.md §4)."""

from __future__ import annotations

import re

import pytest

from tests.browser.screens import shot

pytestmark = pytest.mark.browser


def pick(page, name: str, value: str) -> None:
    page.locator(f'input[name="{name}"][value="{value}"]').check(force=True)


def save(page) -> None:
    page.locator("#preview .preview").wait_for()
    page.get_by_role("button", name="Save deal").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))


def totals(page) -> list[int]:
    return [int(t) for t in page.locator(".totals .points").all_inner_texts()]


def test_a_number_contract_with_roem_then_a_misere(live_url, page):
    page.goto(f"{live_url}/matches/new/pandoeren")
    for seat, name in zip("NESW", ("Anouk", "Bram", "Cor", "Daan"), strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()

    page.get_by_role("link", name=re.compile("Record deal")).click()
    pick(page, "declarer", "N")
    pick(page, "contract_kind", "number")
    page.fill('input[name="contract_number"]', "120")
    pick(page, "trump", "H")
    pick(page, "called_card", "AS")
    pick(page, "partner", "S")
    page.fill('input[name="team_points"]', "95")
    pick(page, "last_trick", "declarer")
    page.fill("#roem_N", "AH KH QH")
    page.fill("#roem_E", "10C 9C 8C")
    page.locator('input[name="bidders_N"]').check()
    page.locator('input[name="bidders_E"]').check()
    # RULES §4.2: N's roem (20, to the ace) beats E's (to the ten), so it counts:
    # 95 + 5 + 20 = 120 >= 120: made, worth 1 to N and S (§4.3, §4.4).
    page.locator("#preview", has_text="E may not deny").wait_for()
    shot(page, "14-pandoeren-number")
    save(page)
    assert totals(page) == [1, 0, 1, 0]

    page.get_by_role("link", name=re.compile("Record deal")).click()
    pick(page, "declarer", "E")
    pick(page, "contract_kind", "misere")
    pick(page, "trump", "S")
    page.locator(".seat-taps").get_by_role("button", name="N").click()  # who won each trick,
    for seat in "SWNSWNS":                                               # tapped in order
        page.locator(".seat-taps").get_by_role("button", name=seat, exact=True).click()
    assert page.input_value('input[name="tricks"]') == "N S W N S W N S"
    # RULES §4.3: Misère is worth 3 and E won no trick: made, E +3 (solo, §4.4).
    save(page)
    assert totals(page) == [1, 3, 1, 0]
    shot(page, "15-pandoeren-sheet")
