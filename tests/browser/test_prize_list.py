"""The prize list in Chromium: a cup played through the organiser's API, its page with the
winners beside the final standings and the list's forms, checked by axe on a phone and a desk."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from scorekeeper import store
from scorekeeper.web import access
from tests.browser.conftest import serving
from tests.browser.test_every_page import SCREENS, _look
from tests.web.test_club_api import DEAL, Desk

pytestmark = pytest.mark.browser
PASSWORD = "club-secret"


def test_the_prize_list_beside_the_final_standings(browser, tmp_path):
    with serving(tmp_path) as (app, url):
        with app.app_context():
            access.set_password(store.get_db(), PASSWORD)
            token = access.new_organiser_token(store.get_db())[1]
        client = app.test_client()
        desk = Desk(client, {"Authorization": f"Bearer {token}"})
        names = ("Ann", "Ben", "Cid", "Dan", "Élodie", "Fay", "Gus", "Hal")
        ids = desk.players(names)
        cup = desk.cup(rounds=1)
        for at in range(0, 8, 2):
            desk.call("POST", f"/tournaments/{cup}/entries", {"players": ids[at:at + 2]}, 201)
        for table in desk.call("POST", f"/tournaments/{cup}/rounds", {}, 201)["tables"]:
            for _ in range(2):
                desk.call("POST", f"/matches/{table['match_id']}/deals", DEAL, 201)
        desk.call("PUT", f"/tournaments/{cup}/prizes", {"prizes": [
            {"kind": "place", "gift": "A ham"}, {"kind": "category", "category": "Best newcomer", "gift": "A book"}]})
        # the newcomer: a player of the last-placed pair (the draw is random; the first pair takes the place
        # prize, and a player wins one prize at most)
        last = desk.call("GET", f"/tournaments/{cup}/standings")["standings"][-1]["name"]
        newcomer = "Élodie" if "Élodie" in last else last.split(" & ")[0]
        desk.call("PUT", f"/tournaments/{cup}/players/{ids[names.index(newcomer)]}/tags", {"tags": ["Best newcomer"]})
        problems = []
        for screen in SCREENS.values():
            page = browser.new_context(viewport=screen, locale="en-GB").new_page()
            page.goto(f"{url}/organiser/login")
            page.fill('input[name="password"]', PASSWORD)
            page.locator('form button[type="submit"]').click()
            page.wait_for_load_state()
            page.goto(f"{url}/tournaments/{cup}")
            awards = page.locator("table.awards")
            assert awards.locator("tr", has_text="Best newcomer").inner_text().endswith(newcomer)
            assert page.locator("#prizes").get_by_text(f"{newcomer}: Best newcomer").is_visible()
            problems += _look(page, Axe(), f"{screen['width']} px")
            page.context.close()
        assert not problems, "\n".join(problems)
