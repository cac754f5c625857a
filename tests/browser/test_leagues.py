"""A league's page on a phone (390x844) in real Chromium: its table readable, the page no wider
than the screen (the table scrolls in its own box), no accessibility fault; the page at 1280 and
the wall at 1920 kept as screenshots to look at."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from scorekeeper import store
from scorekeeper.web import access
from tests.browser.conftest import PHONE, serving
from tests.browser.screens import shot
from tests.browser.test_every_page import AXE_OPTIONS
from tests.web.test_club_api import DEAL

pytestmark = pytest.mark.browser
NAMES = ("Zoé", "Élodie", "Ödön", "Emma", "Henri", "Anaïs", "Bruno", "Céline", "Damien", "Édouard")


def season(app) -> int:
    """Five pairs, four evenings of two rounds (the last one in play), a league of best 2: its id."""
    client = app.test_client()
    with app.app_context():
        bearer = {"Authorization": f"Bearer {access.new_organiser_token(store.get_db())[1]}"}

    def call(method: str, path: str, body=None):
        answer = client.open(f"/api/v1{path}", method=method, json=body, headers=bearer)
        assert answer.status_code in (200, 201), answer.get_json()
        return answer.get_json()

    ids = [call("POST", "/players", {"name": name})["id"] for name in NAMES]
    league = call("POST", "/leagues", {"name": "Ligue d’hiver 2026–2027", "game": "contree", "rule": "best",
                                       "best": 2})["id"]
    for number in range(1, 5):
        cup = call("POST", "/tournaments", {"name": f"Jeudi {number}", "game": "contree", "rounds": 2, "deals": 1})["id"]
        playing = NAMES[:8] if number == 2 else NAMES  # a pair misses the second evening
        for at in range(0, len(playing), 2):
            call("POST", f"/tournaments/{cup}/entries", {"players": ids[at:at + 2]})
        for round_number in (1, 2) if number < 4 else (1,):
            for table in call("POST", f"/tournaments/{cup}/rounds", {})["tables"]:
                if number < 4:
                    call("POST", f"/matches/{table['match_id']}/deals", DEAL)
        call("POST", f"/leagues/{league}/evenings", {"tournament": cup})
    return league


def test_a_league_s_page_on_a_phone_and_its_wall_on_a_projector(browser, tmp_path):
    with serving(tmp_path) as (app, url):
        league = season(app)
        phone = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
        phone.goto(f"{url}/leagues/{league}")
        rows = phone.locator(".league-table tbody tr")
        assert rows.count() == 5
        assert phone.locator(".league-table td.uncounted").count() >= 1  # best 2 of 3 finished
        first = phone.locator(".league-table tbody tr").first
        assert first.locator("td").first.inner_text() == "1" and first.locator(".score").is_visible()
        violations = Axe().run(phone, options=AXE_OPTIONS).response["violations"]
        assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in violations]
        shot(phone, "league-phone")
        desk = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB").new_page()
        desk.goto(f"{url}/leagues/{league}")
        shot(desk, "league-1280")
        wall = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB").new_page()
        wall.goto(f"{url}/leagues/{league}/wall")
        assert wall.locator(".wall .league-table tbody tr").count() == 5
        shot(wall, "league-wall-1920")
