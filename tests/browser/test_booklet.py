"""A booklet in real Chromium: two sheets ticked on the front page, printed in the background,
the progress page following it by itself until the PDF is offered."""

from __future__ import annotations

import re

import pytest

from tests.browser.screens import shot

pytestmark = pytest.mark.browser
DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}


def test_two_ticked_sheets_are_printed_as_one_booklet(live_url, page):
    for names in (("Ann", "Ben", "Cy", "Di"), ("Eva", "Finn", "Gus", "Hana")):
        match = page.request.post(f"{live_url}/api/v1/matches",
                                  data={"game": "contree", "players": dict(zip("NESW", names, strict=True))}).json()
        page.request.post(f"{live_url}/api/v1/matches/{match['id']}/deals", data=DEAL)
    page.goto(live_url)
    page.get_by_role("checkbox", name="Print the sheet of Match 1").check()
    page.get_by_role("checkbox", name="Print the sheet of Match 2").check()
    shot(page, "30-booklet-ticked")
    page.get_by_role("button", name="Print the ticked sheets (PDF)").click()
    page.wait_for_url(re.compile(r"/prints/[\w-]+$"))
    page.get_by_role("link", name="Open the PDF").wait_for(timeout=120_000)  # the page refreshed itself
    assert page.get_by_text("Ready: 2 sheets in one PDF.").count() == 1
    shot(page, "31-booklet-ready")
    pdf = page.request.get(live_url + page.get_by_role("link", name="Open the PDF").get_attribute("href"))
    assert pdf.ok and pdf.body().startswith(b"%PDF")
