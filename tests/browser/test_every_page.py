"""Every page of the app, found in its URL map, in real Chromium: axe-core (the accessibility engine of
the browsers' own tools) finds no violation, nothing overflows the screen sideways, and every tap
target is at least 44x44 CSS px or spaced as WCAG 2.5.8 allows (axe's target-size rule); the sides
("E–W") and such short labels ("W-D-L") are never broken over two lines.

A page is every GET route outside the API and the static files that answers HTML for a sample of its
arguments (a match of each game, a deal, a tournament with a round, a player, a booklet...): a new page
is checked as soon as it is routed, and a route with an argument that has no sample fails the test.
Besides the pages as they open, the answers a form gives on the same page are checked (a referee's
verdicts, a deal's preview).

`make test` looks at a phone (390x844) in English (about two minutes); `make soak` at every language
on both screens.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe
from flask import Flask, url_for

from scorekeeper import games, store
from scorekeeper.web import access
from tests.browser.conftest import serving
from tests.helpers import csrf_token, form_fields

pytestmark = pytest.mark.browser

PASSWORD = "club-secret"
PLAYERS = {"N": "Alexandrine", "E": "Bartholomew", "S": "Sandrine", "W": "Wilhelmina"}
SOAK = os.environ.get("SCOREKEEPER_FUZZ") == "soak"
SCREENS = {"phone": {"width": 390, "height": 844}, "desk": {"width": 1280, "height": 800}}
LOOKS = ([(screen, lang) for screen in SCREENS for lang in ("en", "fr", "nl", "ja")] if SOAK
         else [("phone", "en")])
NOT_PAGES = {"static"}  # (and every route under /api/: JSON)
FILE = re.compile(r"\.(pdf|json|csv|xlsx)$")  # a PDF, a record, a spreadsheet: files, not pages
# The sides ("E–W") and other short labels kept whole ("W-D-L"): the texts that run over two lines.
BROKEN = """elements => elements.filter(element => { const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size > 1; })
    .map(element => element.textContent)"""
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}
# One deal of each game, as the API takes it (tests/web/test_api_games.py for the rules behind them).
DEALS = {
    "belote": {"dealer": "N", "taker": "E", "contract": "suit", "trump": "H", "trick_points": {"B": 90},
               "last_trick": "B", "melds": [{"seat": "E", "cards": "tierce KH"}]},
    "contree": {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "card_points": {"B": 92},
                "last_trick": "B", "belote": "B"},
    "klaberjass": {"dealer": "P2", "maker": "P1", "trump": "H", "card_points": {"P1": 80, "P2": 40},
                   "last_trick": "P1", "bella": "P1"},
    "pandoeren": {"dealer": "N", "declarer": "E", "contract": "Misère", "trump": "S", "made": True},
}
# A revoke of each game whose revoke asks its own fields (RULES §8): its line has its own page.
REVOKES = {
    "pandoeren": {"kind": "revoke", "at_fault": "S", "dealer": "E", "contract": "150", "declarer": "N",
                  "partner": "S", "trump": "H", "called_card": "AS"},
    "quinto": {"kind": "revoke", "at_fault": "A", "dealer": "N", "multiplier": "double",
               "quint_tricks": [{"trick_no": 3, "winner": "A", "quints": ["5H"]}],
               "plain_tricks_won": {"A": 5, "B": 6}, "last_trick_winner": "B", "cachette": []},
}
# Forms answered on their own page: (path, fields typed) -> the page with its answer.
ANSWERS = [
    ("/referee/contree/play", {"hand": "7H AS KS", "trick_so_far": "QS 9S", "trump": "H"}),
    ("/referee/contree/count", {"pile": "JH 9H AS 10S", "trump": "H"}),
    ("/referee/contree/claim", {"hand_N": "AS KS", "hand_E": "7H 8D", "hand_S": "7S 8S", "hand_W": "9S 10S",
                                "trump": "H", "leader": "N", "claimant": "N", "claim": "all"}),
    ("/referee/belote/melds", {"melds_N": "AH KH QH", "melds_E": "JS JH JD JC", "trump": "H", "dealer": "W"}),
]


@dataclass
class Site:
    """The app served with a sample of everything a page can show."""

    app: Flask
    url: str
    samples: dict[str, list[str]]


def _sample_data(app: Flask) -> dict[str, list[str]]:
    """A match of each game and preset (the four-player ones with a deal), a Contrée tournament of two
    pairs whose results both sides confirm with its first round drawn and played (an evening of a
league), a printed booklet:
    the samples of the routes' arguments."""
    client = app.test_client()
    match_ids, deal_ids = [], []
    for rules in games.RULES.values():
        for preset in rules.starts():
            seats = rules.table(rules.resolve_options(preset.options)).seats
            names = {seat: PLAYERS.get(seat, f"Player {seat}") for seat in seats}
            made = client.post("/api/v1/matches", json={"game": rules.key, "options": dict(preset.options),
                                                        "players": names})
            assert made.status_code == 201, made.json
            match_ids.append(str(made.json["id"]))
            if preset.options:
                continue
            penalty = {"kind": "penalty", "side": "B", "points": -20, "reason": "Slow"}  # a line of RULES §8 too
            for line in (DEALS.get(rules.key), REVOKES.get(rules.key), penalty if rules.key == "contree" else None):
                if line is not None:
                    added = client.post(f"/api/v1/matches/{made.json['id']}/deals", json=line)
                    assert added.status_code == 201, added.json
                    deal_ids.append(str(added.json["deal"]["id"]))
    with app.app_context():
        access.set_password(store.get_db(), PASSWORD)
    desk = app.test_client()

    def post(path: str, data: dict[str, str], page: str) -> str:
        token = csrf_token(desk.get(page).get_data(as_text=True))
        answer = desk.post(path, data={"csrf_token": token, **data})
        assert answer.status_code == 302, answer.get_data(as_text=True)
        return answer.headers["Location"]

    post("/organiser/login", {"password": PASSWORD}, "/organiser/login")
    for name in ("Ann", "Ben", "Cy", "Di"):
        post("/players", {"name": name}, "/players")
    with app.app_context():
        player_ids = [str(player.id) for player in store.list_players(store.get_db())]
    form = form_fields(desk.get("/profiles/new/contree").get_data(as_text=True))
    profile = post("/profiles/new/contree", {**form, "name": "Thursday club", "opt_target": "2000",
                                             "opt_announces": "y"}, "/profiles/new/contree")
    assert profile.endswith("/profiles#contree")
    with app.app_context():
        profile_ids = [str(found.id) for found in store.list_profiles(store.get_db())]
    form = form_fields(desk.get("/tournaments/new/contree").get_data(as_text=True))
    tournament = post("/tournaments/new/contree", {**form, "name": "Spring cup", "format": "pairs",
                                                   "rounds": "2", "deals": "2", "ranking": "match_points",
                                                   "confirm_results": "y"},
                      "/tournaments/new/contree").rsplit("/", 1)[1]
    for first, second in (player_ids[:2], player_ids[2:]):
        post(f"/tournaments/{tournament}/entries", {"player_1": first, "player_2": second},
             f"/tournaments/{tournament}")
    post(f"/tournaments/{tournament}/rounds", {}, f"/tournaments/{tournament}")
    form = form_fields(desk.get("/leagues/new").get_data(as_text=True))
    league = post("/leagues/new", {**form, "name": "Winter league", "game": "contree", "rule": "best", "best": "3"},
                  "/leagues/new").rsplit("/", 1)[1]
    post(f"/leagues/{league}/evenings", {"tournament": tournament}, f"/leagues/{league}")
    with app.app_context():
        db = store.get_db()
        tables = [table for drawn in store.list_rounds(db, int(tournament)) for table in drawn.tables]
        table_tokens = [table.token for table in tables]
    for _ in range(2):  # table 1 played to the end: its sheet asks both sides to confirm, the desk lists it
        assert desk.post(f"/api/v1/matches/{tables[0].match_id}/deals", json=DEALS["contree"]).status_code == 201
    match_ids.append(str(tables[0].match_id))
    with app.app_context():
        db = store.get_db()
        job = store.create_print_job(db, token="b" * 32, kind="tournament",
                                     params={"tournament": int(tournament)}, language="en", total=2, most=2)
        store.update_print_job(db, job.token, status="done", done=2)
    return {"match_id": match_ids, "deal_id": deal_ids, "game": list(games.RULES),
            "tournament_id": [tournament], "number": ["1"], "player_id": player_ids[:1],
            "token": [job.token, *table_tokens[:1]], "table_id": [str(tables[0].id)],
            "irregularity": ["misdeal", "revoke", "penalty"], "profile_id": profile_ids,
            "league_id": [league]}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[Site]:
    with serving(tmp_path_factory.mktemp("every-page")) as (app, url):
        yield Site(app, url, _sample_data(app))


def page_urls(site: Site, lang: str) -> list[str]:
    """A URL of every page: each GET route's pattern filled with each sample of its arguments (matching
    by the match's own deals is left to the server: a deal of another match answers 404)."""
    urls = []
    samples = {**site.samples, "code": [lang]}  # (the language switch: the one being looked at)
    for rule in site.app.url_map.iter_rules():
        if ("GET" not in (rule.methods or ()) or rule.endpoint in NOT_PAGES
                or rule.rule.startswith("/api/") or FILE.search(rule.rule)):  # the API answers JSON
            continue
        missing = sorted(set(rule.arguments) - set(samples))
        assert not missing, f"{rule.rule}: give the page test a sample of {missing}"
        combos: list[dict[str, str]] = [{}]
        for name in sorted(rule.arguments):
            combos = [{**combo, name: value} for combo in combos for value in samples[name]]
        with site.app.test_request_context():
            urls += [url_for(rule.endpoint, **combo) for combo in combos]
    return urls


def _look(page, axe: Axe, where: str) -> list[str]:
    """What is wrong with the page on screen: axe's violations, sideways overflow.

    axe looks at the whole page at once, the screen as wide as it is and as tall as the page: what
    a sticky bar covers at one moment of the scroll is no fault of the page (its targets are
    uncovered as the reader scrolls)."""
    found = []
    screen = page.viewport_size
    tall = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": screen["width"], "height": max(screen["height"], tall)})
    results = axe.run(page, options=AXE_OPTIONS)
    page.set_viewport_size(screen)
    for violation in results.response["violations"]:
        targets = [" ".join(node["target"]) for node in violation["nodes"]][:4]
        found.append(f"{where}: {violation['id']} ({violation['impact']}) {targets}")
    wide, screen = page.evaluate("document.documentElement.scrollWidth"), page.viewport_size["width"]
    if wide > screen:
        found.append(f"{where}: {wide} px wide on a {screen} px screen")
    broken = page.locator(".side").evaluate_all(BROKEN)
    if broken:
        found.append(f"{where}: broken over two lines: {broken}")
    return found


@pytest.mark.parametrize(("screen", "lang"), LOOKS)
def test_every_page_passes_the_accessibility_check(browser, site, screen, lang):
    context = browser.new_context(viewport=SCREENS[screen], locale="en-GB")
    context.add_cookies([{"name": "lang", "value": lang, "url": site.url}])
    page = context.new_page()
    page.goto(f"{site.url}/organiser/login")
    page.fill('input[name="password"]', PASSWORD)
    page.locator('form button[type="submit"]').click()
    page.wait_for_load_state()
    axe = Axe()
    problems, seen = [], []
    for url in page_urls(site, lang):
        answer = page.goto(site.url + url)
        if answer is None or answer.status != 200:  # (a deal of another match, Quinto's live page elsewhere)
            continue
        assert answer.headers["content-type"].startswith("text/html"), url
        problems += _look(page, axe, url)
        seen.append(url)
    for path, fields in ANSWERS:
        page.goto(site.url + path)
        for name, value in fields.items():
            field = page.locator(f'[name="{name}"]')
            if field.first.get_attribute("type") == "radio":
                page.locator(f'[name="{name}"][value="{value}"]').check(force=True)
            else:
                field.fill(value)
        with page.expect_navigation():  # (a claim searched on a busy machine answers late)
            page.locator("form.deal-form button[type=submit]").click()
        assert page.locator(".verdict").count() == 1, path
        problems += _look(page, axe, f"{path} answered")
    context.close()
    assert not problems, "\n".join(problems)
    for must in ("/", "/referee/", "/tournaments", "/players"):
        assert must in seen, must
    assert len(seen) > 40, seen
