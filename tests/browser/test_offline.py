"""No deal lost when the network drops (issue 21 §4): the deal form keeps on the phone what it
cannot send, says so, and sends it when the server answers again, each deal once."""

from __future__ import annotations

import re

import json
import time
import urllib.request

import pytest
from playwright.sync_api import Error

from tests.browser.test_contree_flow import totals

pytestmark = pytest.mark.browser


def start_match(page, live_url: str) -> str:
    page.goto(live_url)
    page.get_by_role("link", name=re.compile("Belote Contrée")).click()
    for seat, name in zip("NESW", ("Alice", "Bob", "Carol", "Dan"), strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url(re.compile(r"/matches/\d+$"))
    return page.url


def deals(live_url: str, match_id: str) -> list[dict]:
    with urllib.request.urlopen(f"{live_url}/api/v1/matches/{match_id}", timeout=10) as answer:
        return json.load(answer)["deals"]


def settled(page) -> None:
    """Wait until nothing waits on the phone (the page may draw itself again meanwhile)."""
    for _ in range(20):
        try:
            page.wait_for_function("() => document.readyState === 'complete' && "
                                   "!JSON.parse(localStorage.getItem('scorekeeper-outbox') || '[]').length",
                                   timeout=5000)
            page.wait_for_load_state()
            return
        except Error:  # the page went on to the sheet (or a fresh form) while it was asked
            time.sleep(0.1)
    raise AssertionError("the deals never left the phone")


def go(page, url: str) -> None:
    """Open ``url``, though the page may still be moving on by itself (to a fresh form once its
    waiting deals are sent): a navigation it interrupts is simply asked again."""
    for _ in range(10):
        try:
            page.goto(url)
            return
        except Error:
            page.wait_for_load_state()
    page.goto(url)


def pick(page, name: str, value: str) -> None:
    """Tap the chip (its label), as a thumb does: never through the sticky buttons over it."""
    page.locator(f'label.chip:has(input[name="{name}"][value="{value}"])').click()


def fill(page, *, bidder: str, bid: str, points: str, last: str) -> None:
    pick(page, "bidder", bidder)
    pick(page, "bid", bid)
    pick(page, "trump", "H")
    page.fill('input[name="bidder_points"]', points)
    pick(page, "last_trick", last)


def test_two_deals_saved_offline_are_sent_once_each_when_the_network_is_back(live_url, page):
    sheet = start_match(page, live_url)
    page.get_by_role("link", name=re.compile("Record deal")).click()
    page.wait_for_load_state()  # its scripts are running before the network goes
    page.context.set_offline(True)
    fill(page, bidder="E", bid="100", points="92", last="bidders")  # E–W 102 -> 100 + 100; N–S 60
    page.get_by_role("button", name="Save deal").click()
    outbox = page.locator("#outbox")
    outbox.get_by_text("1 deal waiting to be sent").wait_for()
    assert page.locator('input[name="bidder_points"]').input_value() == ""  # ready for the next deal
    fill(page, bidder="S", bid="80", points="81", last="bidders")  # N–S 91 -> 90 + 80; E–W 71 -> 70
    page.get_by_role("button", name="Save deal").click()
    outbox.get_by_text("2 deals waiting to be sent").wait_for()

    page.context.set_offline(False)
    page.reload()  # what waits is sent by itself: when the network is back, and on every page load
    settled(page)
    match_id = sheet.rsplit("/", 1)[1]
    assert len(deals(live_url, match_id)) == 2
    go(page, sheet)
    page.reload()  # once more: nothing is sent twice
    settled(page)
    assert len(deals(live_url, match_id)) == 2
    assert totals(page) == [60 + 170, 200 + 70]
    assert page.locator("#outbox").is_hidden()


def test_a_deal_refused_on_sending_comes_back_in_its_form_with_the_message(live_url, page):
    sheet = start_match(page, live_url)
    match_id = sheet.rsplit("/", 1)[1]
    page.get_by_role("link", name=re.compile("Record deal")).click()
    page.wait_for_load_state()  # its scripts are running before the network goes
    page.context.set_offline(True)
    fill(page, bidder="E", bid="100", points="92", last="bidders")
    page.get_by_role("button", name="Save deal").click()
    page.locator("#outbox").get_by_text("1 deal waiting to be sent").wait_for()
    # meanwhile another phone records a deal: the one waiting was typed for a sheet that changed
    other = urllib.request.Request(f"{live_url}/api/v1/matches/{match_id}/deals", method="POST",
                                   headers={"Content-Type": "application/json"}, data=json.dumps({
                                       "dealer": "N", "bidder": "S", "bid": 80, "trump": "S",
                                       "card_points": {"A": 81}, "last_trick": "A"}).encode())
    with urllib.request.urlopen(other, timeout=10) as answer:
        assert answer.status == 201

    page.context.set_offline(False)  # the page sends it by itself, and shows back what the server said
    page.get_by_text("Another deal was recorded on this match meanwhile").wait_for()
    assert page.locator('input[name="bidder_points"]').input_value() == "92"  # what was typed
    page.get_by_role("button", name="Save deal").click()  # recorded as well, once
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert totals(page) == [170 + 60, 70 + 200]
    page.reload()
    assert totals(page) == [170 + 60, 70 + 200] and page.locator("#outbox").is_hidden()
    assert len(deals(live_url, match_id)) == 2
