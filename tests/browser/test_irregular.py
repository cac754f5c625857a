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
    page.wait_for_url(re.compile(r"/matches/\d+(#latest)?$"))
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
    page.wait_for_url(re.compile(r"/matches/\d+(#latest)?$"))
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
    page.wait_for_url(re.compile(r"/matches/\d+(#latest)?$"))
    assert totals(page) == [60, 420]
    page.locator("tr.irregular summary").last.click()
    assert page.get_by_text("Revoke by N–S: the deal is scored against them (RULES §8)").is_visible()
    shot(page, "irregular-sheet")
