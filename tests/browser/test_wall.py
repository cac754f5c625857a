"""The wall on the club's projector (1920x1080) and the round's clock on a table's phone (390 px),
in real Chromium: a Contrée evening of twelve pairs, round 1 drawn and its clock started."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.evening import Clock, WallChoice
from scorekeeper.web import access
from scorekeeper.web.tournaments import wall
from tests.browser.conftest import serving
from tests.browser.screens import shot
from tests.helpers import csrf_token, form_fields

pytestmark = pytest.mark.browser
PASSWORD = "club-secret"
NAMES = ("Zoé", "Élodie", "Ödön", "Emma", "Henri", "Anaïs", "Bruno", "Céline", "Damien", "Édouard", "Fanny",
         "Gaëlle", "Hugo", "Inès", "Jérôme", "Karim", "Léa", "Mathéo", "Noémie", "Olivier", "Pénélope", "Quentin",
         "Raphaël", "Sébastien")


def evening(app) -> tuple[int, list[str]]:
    """Twelve pairs entered, round 1 drawn, its clock started for 40 minutes: the tournament and
    its table links."""
    with app.app_context():
        access.set_password(store.get_db(), PASSWORD)
    desk = app.test_client()

    def post(path: str, data: dict[str, str], page: str) -> str:
        answer = desk.post(path, data={"csrf_token": csrf_token(desk.get(page).get_data(as_text=True)), **data})
        assert answer.status_code == 302, answer.get_data(as_text=True)
        return answer.headers["Location"]

    post("/organiser/login", {"password": PASSWORD}, "/organiser/login")
    with app.app_context():
        ids = store.add_players(store.get_db(), [(name, "") for name in NAMES])
    form = form_fields(desk.get("/tournaments/new/contree").get_data(as_text=True))
    cup = int(post("/tournaments/new/contree", {**form, "name": "Coupe d’hiver", "format": "pairs", "rounds": "3",
                                                "deals": "4", "ranking": "match_points"},
                   "/tournaments/new/contree").rsplit("/", 1)[1])
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        post(f"/tournaments/{cup}/entries", {"player_1": str(first), "player_2": str(second)}, f"/tournaments/{cup}")
    post(f"/tournaments/{cup}/rounds", {}, f"/tournaments/{cup}")
    post(f"/tournaments/{cup}/rounds/1/clock", {"action": "start", "minutes": "40"}, f"/tournaments/{cup}")
    with app.app_context():
        tokens = [t.token for t in store.list_rounds(store.get_db(), cup)[0].tables]
    return cup, [f"/t/{token}" for token in tokens]


def test_the_wall_on_a_projector_and_the_clock_on_a_table_phone(browser, tmp_path, monkeypatch):
    monkeypatch.setattr(wall, "WALL_POLL_S", 1)
    with serving(tmp_path) as (app, url):
        cup, links = evening(app)
        screen = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-GB").new_page()
        screen.goto(f"{url}/tournaments/{cup}/standings")
        countdown = screen.locator(".wall .countdown")
        countdown.filter(has_text=re.compile(r"^(40:00|39:\d\d)$")).wait_for()
        names = screen.locator(".find-table li span").all_text_contents()
        assert len(names) == 24 and names[:4] == ["Anaïs", "Bruno", "Céline", "Damien"]
        assert names.index("Édouard") < names.index("Emma") < names.index("Fanny"), "accents sort with their letter"
        assert screen.locator(".wall-pairings li").count() == 6
        assert not screen.locator("a[href*='/t/']").count(), "no table link on a public screen"
        assert screen.get_by_role("link", name="Show the latest").is_visible()
        assert screen.evaluate("document.documentElement.scrollHeight") <= 1080, "the wall fits the projector"
        shot(screen, "60-wall-1920")
        screen.evaluate("window.stayed = true")  # the page is not reloaded: its live part is put in place
        with app.app_context():
            round_id = store.list_rounds(store.get_db(), cup)[0].id
            store.set_evening_settings(store.get_db(), cup, store.EveningSettings(40, WallChoice(standings=False)))
        screen.locator(".wall-standings").wait_for(state="detached")
        assert screen.evaluate("window.stayed") is True
        screen.set_viewport_size({"width": 1280, "height": 800})
        shot(screen, "61-wall-1280-no-standings")
        screen.context.close()

        phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB").new_page()
        phone.goto(url + links[0])
        clock = phone.locator(".round-clock")
        clock.get_by_text(re.compile(r"^ends at")).wait_for()
        first = phone.locator(".round-clock .countdown").text_content()
        phone.wait_for_timeout(1500)
        assert phone.locator(".round-clock .countdown").text_content() != first, "the countdown ticks"
        assert clock.evaluate("e => e.getBoundingClientRect().right") <= 390
        shot(phone, "62-table-clock-phone")
        with app.app_context():
            store.set_clock(store.get_db(), round_id, lambda clock: Clock(clock.started, 1))
        phone.reload()
        phone.get_by_text("Time is up: finish the deal in play, it is the last").wait_for()
        shot(phone, "63-table-clock-last-deal-phone")
        phone.context.close()


def test_long_standings_scroll_by_themselves(browser, tmp_path):
    with serving(tmp_path) as (app, url):
        cup, _links = evening(app)
        screen = browser.new_context(viewport={"width": 1920, "height": 600}, locale="en-GB").new_page()
        screen.goto(f"{url}/tournaments/{cup}/standings")
        scroller = screen.locator(".wall-standings [data-scroll]")
        assert scroller.evaluate("e => e.scrollHeight > e.clientHeight"), "twelve pairs overflow a short screen"
        screen.wait_for_function("document.querySelector('[data-scroll]').scrollTop > 5", timeout=10_000)
        screen.context.close()
