"""Both sides agree, in real Chromium at phone size (issue 21 §3): on a cup whose results both
sides confirm, one table's phone has a player of each side tap their name to confirm the final
sheet; the other table disputes it with a line; the organiser sees it at the top of the desk
and validates it, asked once more."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from tests.browser.conftest import PHONE, serving
from tests.browser.screens import shot
from tests.web.test_tournaments import DEAL, PASSWORD, Organiser

pytestmark = pytest.mark.browser


@pytest.fixture
def cup(tmp_path):
    """The served app's address, and the links of round 1's two tables (their matches played to
    the end: two deals), set up through the test client of the same app."""
    with serving(tmp_path) as (app, url):
        organiser = Organiser(app, app.test_client())
        ids = organiser.players()
        tournament_id = organiser.tournament(confirm_results="y")
        for first, second in zip(ids[::2], ids[1::2], strict=True):
            organiser.enter(tournament_id, first, second)
        organiser.draw(tournament_id)
        with app.app_context():
            tables = store.list_rounds(store.get_db(), tournament_id)[0].tables
        for table in tables:
            for _ in range(2):
                organiser.client.post(f"/api/v1/matches/{table.match_id}/deals", json=DEAL)
        yield url, tournament_id, [f"{url}/t/{table.token}" for table in tables]


def phone_at(browser, link: str):
    page = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="en-GB").new_page()
    page.goto(link)
    return page


def test_both_sides_confirm_with_a_tap_on_their_name(browser, cup):
    _url, _tournament, (link, _other) = cup
    phone = phone_at(browser, link)
    phone.get_by_text("One player of each side taps their name").wait_for()
    shot(phone, "60-signoff-asked")
    north = phone.get_by_role("button", name=re.compile(r"^N .+: I confirm$"))
    name = north.inner_text().removeprefix("N ").removesuffix(": I confirm")
    north.click()
    phone.get_by_text(f"{name} confirmed the sheet for N–S.").wait_for()
    assert phone.get_by_role("button", name=re.compile(r"^S .+: I confirm$")).count() == 0  # N–S has signed
    assert phone.get_by_text(f"confirmed by N {name}").count() == 1
    phone.get_by_role("button", name=re.compile(r"^W .+: I confirm$")).click()
    phone.get_by_text("Confirmed by both sides: the result counts.").wait_for()
    assert phone.get_by_role("button", name=re.compile("I confirm")).count() == 0
    shot(phone, "61-signoff-confirmed")
    phone.get_by_role("link", name="History").click()
    phone.get_by_text(f"N {name} confirmed the sheet for N–S").wait_for()
    phone.context.close()


def test_a_side_disputes_and_the_organiser_validates_from_the_desk(browser, page, cup):
    url, tournament_id, (_link, other) = cup
    phone = phone_at(browser, other)
    phone.get_by_role("link", name="The sheet is wrong: dispute it").click()
    phone.get_by_role("button", name="Mark the sheet disputed").click()
    phone.get_by_text("Say in a line what is wrong with the sheet.").first.wait_for()
    phone.get_by_label("What is wrong with the sheet").fill("Deal 2: E–W had 82, not 92")
    shot(phone, "62-signoff-dispute")
    phone.get_by_role("button", name="Mark the sheet disputed").click()
    phone.get_by_text("Disputed: the organiser will settle it.", exact=True).wait_for()
    assert phone.get_by_role("button", name=re.compile("I confirm")).count() == 0
    shot(phone, "63-signoff-disputed")
    phone.context.close()

    page.goto(f"{url}/tournaments/{tournament_id}")
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="Log in").click()
    waiting = page.locator("#to-confirm")
    waiting.get_by_text("Deal 2: E–W had 82, not 92").wait_for()
    assert waiting.get_by_text("Round 1, table 1").count() == 1  # not confirmed yet: listed too
    shot(page, "64-signoff-desk")
    waiting.locator("li", has_text="Round 1, table 2").get_by_role("button", name="Validate").click()
    page.get_by_text("Validate the sheet of round 1, table 2 as it stands?").wait_for()
    page.get_by_role("button", name="Validate").click()
    page.get_by_text("Round 1, table 2 validated: its result counts.").wait_for()
    assert page.locator("#to-confirm").get_by_text("Round 1, table 2").count() == 0
