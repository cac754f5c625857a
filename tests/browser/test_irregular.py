"""Irregularities (RULES.md §8) recorded from the sheet on a phone, in real Chromium."""

from __future__ import annotations

import re

import pytest

from tests.browser.screens import shot
from tests.browser.test_contree_flow import pick, record, totals

pytestmark = pytest.mark.browser


def test_a_misdeal_a_penalty_and_a_revoke_from_the_sheet(live_url, page):
    page.goto(f"{live_url}/matches/new/contree")
    for seat, name in zip("NESW", ("Alice", "Bob", "Carol", "Dan"), strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()
    record(page, bidder="E", bid="100", trump="H", points="92", last="bidders", belote="bidders")
    assert totals(page) == [60, 220]

    page.get_by_role("link", name="Misdeal", exact=True).click()
    assert page.locator('input[name="dealer"]:checked').get_attribute("value") == "E"  # E deals next
    page.get_by_role("button", name="Save line").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert totals(page) == [60, 220]

    page.get_by_role("link", name="Penalty", exact=True).click()
    pick(page, "side", "B")
    page.fill('input[name="points"]', "5O")  # a letter O for a zero: refused, what was typed kept
    page.fill('input[name="reason"]', "Slow play")
    page.get_by_role("button", name="Save line").click()
    assert page.locator(".error").first.is_visible()
    assert page.input_value('input[name="reason"]') == "Slow play"
    shot(page, "irregular-penalty-refused")
    page.fill('input[name="points"]', "50")
    page.get_by_role("button", name="Save line").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert totals(page) == [60, 170]

    page.get_by_role("link", name="Revoke", exact=True).click()
    pick(page, "at_fault", "A")  # N–S, the defenders, revoked: E–W (160 + 90) = 250
    pick(page, "bidder", "W")
    pick(page, "bid", "90")
    pick(page, "trump", "S")
    page.fill('input[name="bidder_points"]', "60")
    pick(page, "last_trick", "defenders")
    shot(page, "irregular-revoke-form")
    page.get_by_role("button", name="Save line").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert totals(page) == [60, 420]
    page.locator("tr.irregular summary").last.click()
    assert page.get_by_text("Revoke by N–S: the deal is scored against them (RULES §8)").is_visible()
    shot(page, "irregular-sheet")


def start(page, live_url: str, game: str) -> None:
    page.goto(f"{live_url}/matches/new/{game}")
    for seat, name in zip("NESW", ("Anouk", "Bram", "Cor", "Daan"), strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()


def test_a_pandoeren_revoke_on_a_phone(live_url, page):
    """RULES §8 Pandoeren: Bram (E), an opponent, revoked against Anouk's 150 with Cor: made, and Bram
    alone loses 2 more."""
    start(page, live_url, "pandoeren")
    page.get_by_role("link", name="Revoke", exact=True).click()
    pick(page, "at_fault", "E")
    pick(page, "declarer", "N")
    pick(page, "contract_kind", "number")
    page.fill('input[name="contract_number"]', "150")
    pick(page, "trump", "H")
    pick(page, "called_card", "AS")
    pick(page, "partner", "S")
    assert not page.locator('input[name="team_points"]').count()  # the revoke decides the contract
    shot(page, "revoke-pandoeren-form")
    page.get_by_role("button", name="Save line").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert totals(page) == [2, -2, 2, 0]
    page.locator("tr.irregular summary").last.click()
    assert page.get_by_text("E alone also loses the contract's value once more: 0 − 2 = -2").is_visible()
    shot(page, "revoke-pandoeren-sheet")


def test_a_quinto_revoke_on_a_phone(live_url, page):
    """RULES §8 Quinto: N–S revoked in a doubled deal: E–W 15 in quints + 130 in trick values."""
    start(page, live_url, "quinto")
    page.get_by_role("link", name="Revoke", exact=True).click()
    pick(page, "at_fault", "A")
    pick(page, "multiplier", "double")
    page.fill("#quints_A", "3: 5H")
    page.fill("#quints_B", "7: AD 4D")
    page.fill('input[name="tricks_A"]', "6")
    page.fill('input[name="tricks_B"]', "6")
    pick(page, "last_trick_winner", "B")
    shot(page, "revoke-quinto-form")
    page.get_by_role("button", name="Save line").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert totals(page) == [0, 145]
    page.locator("tr.irregular summary").last.click()
    assert page.get_by_text("N–S revoked: their quints of this deal do not count (5♥ (20))").is_visible()
    shot(page, "revoke-quinto-sheet")
