"""A club evening in real Chromium: the organiser registers eight players in four pairs of
Contrée, draws two rounds, two tables enter their deals through their own links, and the
standings are shown and printed."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.web import access
from tests.browser.screens import shot
from tests.browser.test_contree_flow import pick

pytestmark = pytest.mark.browser
NAMES = ("Ann", "Ben", "Cy", "Di", "Eva", "Finn", "Gus", "Hana")


@pytest.fixture
def organiser_password(live_url, tmp_path) -> str:
    db = store.connect(str(tmp_path / "browser.sqlite"))
    access.set_password(db, "club-secret")
    db.close()
    return "club-secret"


def play_round(browser, page, live_url: str, number: int) -> None:
    """Each table's phone opens its link and records the round's one deal: E–W make 100 ♥."""
    links = page.locator(f"#round-{number} .table-link a[href*='/t/']").evaluate_all("links => links.map(a => a.href)")
    assert len(links) == 2
    for index, link in enumerate(links):
        phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB").new_page()
        phone.goto(link)
        phone.get_by_role("link", name=re.compile("Record deal")).click()
        phone.wait_for_url(re.compile(r"/deals/new$"))
        phone.wait_for_load_state("networkidle")
        for name, value in (("bidder", "E"), ("bid", "100"), ("trump", "H"), ("last_trick", "bidders")):
            pick(phone, name, value)
        phone.fill('input[name="bidder_points"]', "92")
        phone.get_by_role("button", name="Save deal").click()
        phone.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
        phone.get_by_text("The round's number of deals is reached (1): E–W has the highest total").wait_for()
        if number == 1 and index == 0:
            shot(phone, "41-tournament-table-phone")
        phone.context.close()


def test_a_small_tournament_from_registration_to_printed_standings(live_url, page, browser, organiser_password):
    page.goto(f"{live_url}/tournaments")
    shot(page, "38-organiser-login")
    page.fill('input[name="password"]', organiser_password)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Players").first.click()
    for name in NAMES:
        page.fill('input[name="name"]', name)
        page.get_by_role("button", name="Add the player").click()
    page.get_by_role("link", name="Tournaments").first.click()
    page.get_by_role("link", name="Belote Contrée").click()
    page.fill('input[name="name"]', "Spring cup")
    page.fill('input[name="rounds"]', "2")
    shot(page, "39-new-tournament")
    page.fill('input[name="deals"]', "1")
    page.get_by_role("button", name="Create the tournament").click()
    for first, second in zip(NAMES[::2], NAMES[1::2], strict=True):
        page.select_option('select[name="player_1"]', label=first)
        page.select_option('select[name="player_2"]', label=second)
        page.get_by_role("button", name="Register", exact=True).click()
    assert page.get_by_role("heading", name="4 entries").count() == 1

    page.get_by_role("button", name="Draw round 1").click()
    page.get_by_text("Round 1 is drawn: 2 tables.").wait_for()
    shot(page, "40-tournament-round-1")
    play_round(browser, page, live_url, 1)

    page.reload()
    page.get_by_role("button", name="Draw round 2").click()
    page.get_by_text("Round 2 is drawn: 2 tables.").wait_for()
    play_round(browser, page, live_url, 2)

    page.get_by_role("link", name="Standings (wall screen)").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+/standings$"))  # (the wall loaded, not the desk still)
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 4
    assert page.locator("#wall").get_attribute("data-seconds") == "15"  # it asks for its live part again
    shot(page, "42-tournament-standings")
    page.go_back()
    pdf = page.request.get(live_url + page.get_by_role("link", name="Standings (PDF)").get_attribute("href"))
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    # A player's page after the evening: the statistics table fits the phone, nothing cut off.
    page.get_by_role("link", name="Players").first.click()
    page.get_by_role("link", name="Ann").click()
    page.wait_for_url(re.compile(r"/players/\d+$"))
    assert page.locator("table.stats tbody tr").count() == 1
    shot(page, "43-player")
