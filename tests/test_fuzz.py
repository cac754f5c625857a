"""Property-based fuzzing of every API endpoint and every form: never a 500, never a partial write.

The routes are enumerated from the app's URL map, so a new one is fuzzed from the day it
lands. Each example sends one random or malformed request (bodies derived from valid ones
with fields dropped, replaced or added; any JSON value; bytes that are not JSON; a valid
CSRF token with random form fields) and checks: the status is below 500; a refused request
(4xx) left every table exactly as it was; an accepted one left only whole, valid data (every
stored deal reads back unchanged through the rules and every sheet scores).

In the suite the examples are few and derandomized (fast, repeatable); ``make soak`` sets
``SCOREKEEPER_FUZZ=soak`` for many more, random ones.
"""

from __future__ import annotations

import json
import os
import re
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app, games, store
from tests.helpers import csrf_token

SOAK = os.environ.get("SCOREKEEPER_FUZZ") == "soak"
FUZZ = settings(max_examples=200 if SOAK else 25, deadline=None, database=None, derandomize=not SOAK,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
FUZZ_READS = settings(FUZZ, max_examples=50 if SOAK else 8)  # GETs: only the path and query vary
SQLITE_MAX_INT = 2**63 - 1

PLAYERS = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}
DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}
BASE_BODIES = {
    "api.score": {**DEAL, "options": {"target": 2000}},
    "api.referee": {"hand": ["7H", "KS", "AS"], "trick_so_far": ["QS", "9S"], "trump": "H",
                    "trick": ["QS", "9S"], "totals_before": {"A": 0, "B": 0}, "deal_score": {"A": 60, "B": 100}},
    "api.create_match": {"game": "contree", "players": PLAYERS, "first_dealer": "N", "options": {"target": 2000},
                         "title": "Friday", "notes": "table 3"},
    "api.add_deal": {**DEAL, "version": 3},
    "api.put_deal": {**DEAL, "version": 1},
    "signoffs_api.confirm": {"seat": "N", "version": 3},
    "signoffs_api.dispute": {"text": "Deal 2 was 90, not 92"},
}
API_KEYS = sorted({*DEAL, "bidder_team", "capot_bid", "tricks_won", "melds", "play_order", "version", "options",
                   "game", "players", "first_dealer", "title", "notes", "hand", "trick_so_far", "trick",
                   "partner_winning", "totals_before", "deal_score"})
FORM_BODY = {"player_N": "Alice", "player_E": "Bob", "player_S": "Carol", "player_W": "Dan", "first_dealer": "N",
             "title": "Friday", "notes": "", "opt_target": "3000", "dealer": "N", "bidder": "E", "bid": "100",
             "trump": "H", "bidder_points": "92", "defender_points": "", "last_trick": "bidders",
             "belote": "bidders", "action": "save"}
FORM_KEYS = sorted({*FORM_BODY, "contre", "surcontre", "capot", "version", "nonce", "melds_N", "melds_E",
                    *(f"opt_{option.key}" for rules in games.RULES.values() for option in rules.options)})


def _routes():
    app = create_app({"SECRET_KEY": "x", "DATABASE": "unused.sqlite"})
    return sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule)


ROUTES = _routes()
API = [pytest.param(rule, method, id=f"{method} {rule.rule}") for rule in ROUTES if rule.rule.startswith("/api/")
       for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]
FORMS = [pytest.param(rule, method, id=f"{method} {rule.rule}") for rule in ROUTES
         if not rule.rule.startswith("/api/") and rule.endpoint != "static"
         for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]

# -- strategies ------------------------------------------------------------------------

scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.integers(-5, 200)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=20)
           | st.sampled_from(["N", "E", "S", "W", "A", "B", "H", "S", "capot", "contre", "surcontre", "none",
                              "AH", "10S", "JOKER", "", " ", "\x00", "<script>", "9" * 30, "NaN"]))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=12) | st.sampled_from(API_KEYS), inner, max_size=4),
                           max_leaves=10)


@st.composite
def mutated(draw, base: dict) -> dict:
    """A valid body with some fields dropped, some replaced by anything, some added."""
    body = {}
    for key, value in base.items():
        fate = draw(st.sampled_from(("keep", "keep", "drop", "replace")))
        if fate == "keep":
            body[key] = value
        elif fate == "replace":
            body[key] = draw(json_values)
    body.update(draw(st.dictionaries(st.sampled_from(API_KEYS) | st.text(max_size=12), json_values, max_size=3)))
    return body


def api_request(base: dict) -> st.SearchStrategy[dict]:
    """Keyword arguments for the test client: a JSON body, or bytes under some content type."""
    as_json = (mutated(base) | json_values).map(lambda body: {"json": body})
    raw = st.builds(lambda data, kind: {"data": data, "content_type": kind},
                    st.binary(max_size=60) | st.sampled_from([b"", b"{", b'{"bid": }', b"[1, 2", b"null", b"\xff\xfe",
                                                             json.dumps(base).encode()[:-1]]),
                    st.sampled_from(["application/json", "application/json; charset=latin-1", "text/plain",
                                     "application/x-www-form-urlencoded", "application/merge-patch+json"]))
    return st.one_of(as_json, as_json, raw)


form_values = (st.text(max_size=30) | st.sampled_from(["", "y", "on", "capot", "bidders", "defenders", "N", "E",
                                                         "H", "100", "152", "-1", "9" * 25, "１００", "AH KH QH",
                                                         "AH KH; QH", "<b>x</b>", "\x00"])
               | st.lists(st.text(max_size=8), min_size=2, max_size=3))


@st.composite
def form_bodies(draw) -> dict:
    body = {}
    for key, value in FORM_BODY.items():
        fate = draw(st.sampled_from(("keep", "keep", "drop", "replace")))
        if fate == "keep":
            body[key] = value
        elif fate == "replace":
            body[key] = draw(form_values)
    body.update(draw(st.dictionaries(st.sampled_from(FORM_KEYS) | st.text(min_size=1, max_size=10), form_values,
                                     max_size=4)))
    body["action"] = draw(st.sampled_from(["save", "save", "preview", "", "delete"]))
    return body


def path_values(world: dict) -> st.SearchStrategy[dict]:
    ids = st.sampled_from([world["match_id"], world["deal_id"], world["other_deal"], 0, 999_999]) \
        | st.integers(0, SQLITE_MAX_INT) | st.integers(SQLITE_MAX_INT - 2, 2**80)
    words = st.sampled_from(["contree", "belote", "legal_play", "trick_winner", "redeal_check", "game_end", "en",
                             "ja", "x", "misdeal", "revoke", "penalty"]) | st.text(min_size=1, max_size=12)
    return st.fixed_dictionaries({
        "match_id": st.sampled_from([world["match_id"]] * 3) | ids,
        "deal_id": st.sampled_from([world["deal_id"], world["other_deal"]]) | ids,
        "game": st.sampled_from(["contree"] * 3) | words, "kind": words, "code": words, "token": words,
        "irregularity": words,
        "part": st.sampled_from(["standings", "pairings", "deals"]) | words,
        **dict.fromkeys(("player_id", "tournament_id", "entry_id", "table_id", "number", "apart_id", "prize_id",
                         "tag_id", "profile_id", "league_id"), ids)})


# -- checks ----------------------------------------------------------------------------

def url(rule, values: dict) -> str:
    def text(name: str) -> str:
        if name not in values:
            pytest.fail(f"tests/test_fuzz.py: give a strategy for <{name}> in path_values ({rule.rule})")
        return quote(str(values[name]), safe="")

    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda found: text(found.group(1)), rule.rule)


def snapshot(app) -> list:
    with app.app_context():
        db = store.get_db()
        return [(table, db.execute(f"select * from [{table}] order by rowid").fetchall())
                for table in db.table_names()]


def assert_whole(app) -> None:
    """Every match and deal stored is whole: options resolved, seats named, deals canonical."""
    with app.app_context():
        db = store.get_db()
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        for match in store.list_matches(db, limit=10_000):
            rules = games.get_rules(match.game)
            assert dict(match.options) == rules.resolve_options(match.options)
            assert set(match.players) == set(rules.table(match.options).seats)
            assert all(isinstance(name, str) and name.strip() for name in match.players.values())
            deals = store.list_deals(db, match.id)
            for deal in deals:
                assert rules.read_deal(deal.declarations, match.options) == deal.declarations
            rules.score_sheet([d.declarations for d in deals], match.options)


def new_world(app) -> dict:
    rules = games.get_rules("contree")
    options = rules.resolve_options({"target": 100_000})
    with app.app_context():
        db = store.get_db()
        match_id = store.create_match(db, game="contree", players=PLAYERS, first_dealer="N", options=options)
        deals = [store.add_deal(db, match_id, rules.read_deal(DEAL, options))[0] for _ in range(2)]
    return {"match_id": match_id, "deal_id": deals[0], "other_deal": deals[1]}


def check(app, response, before: list, method: str) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400 or method == "GET":
        assert snapshot(app) == before, f"{method} answered {response.status_code} yet wrote"
    else:
        assert_whole(app)


# -- the properties --------------------------------------------------------------------

@pytest.mark.parametrize(("rule", "method"), API)
def test_every_api_endpoint_survives_random_and_malformed_requests(app, rule, method):
    client = app.test_client()
    base = BASE_BODIES.get(rule.endpoint, {})

    @(FUZZ_READS if method == "GET" else FUZZ)
    @given(data=st.data())
    def fuzz(data):
        world = new_world(app)
        target = url(rule, data.draw(path_values(world), label="path"))
        options = data.draw(api_request(base), label="request") if method in ("POST", "PUT", "PATCH") else {}
        headers = data.draw(st.fixed_dictionaries({}, optional={
            "Idempotency-Key": st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=120), "Accept-Language": st.sampled_from(["ja", "en", "xx;q=x"])}),
            label="headers")
        before = snapshot(app)
        response = client.open(target, method=method, headers=headers, **options)
        check(app, response, before, method)

    fuzz()


@pytest.mark.parametrize(("rule", "method"), FORMS)
def test_every_page_and_form_survives_random_and_malformed_fields(app, rule, method):
    client = app.test_client()
    token = csrf_token(client.get("/matches/new/contree").get_data(as_text=True))

    @(FUZZ_READS if method == "GET" else FUZZ)
    @given(data=st.data())
    def fuzz(data):
        world = new_world(app)
        target = url(rule, data.draw(path_values(world), label="path"))
        query = data.draw(st.sampled_from(["", "?fragment=1", "?next=//evil.example", "?target=x&announces=y"]),
                          label="query")
        body = data.draw(form_bodies(), label="form") if method == "POST" else None
        if body is not None and data.draw(st.booleans(), label="with token"):
            body["csrf_token"] = token
        before = snapshot(app)
        response = client.open(target + query, method=method, data=body)
        check(app, response, before, method)

    fuzz()


INT_ROUTES = [pytest.param(rule, method, id=f"{method} {rule.rule}")
              for rule in ROUTES if "<int:match_id>" in rule.rule or "<int:deal_id>" in rule.rule
              for method in [min(rule.methods - {"HEAD", "OPTIONS"})]]  # the club's: test_tournaments.py


@pytest.mark.parametrize(("rule", "method"), INT_ROUTES)
def test_ids_beyond_sqlite_range_are_not_found(app, client, rule, method):
    """An id of 2**63 or more (SQLite's INTEGER ends there) names nothing: 404, not a 500."""
    world = new_world(app)
    token = csrf_token(client.get("/matches/new/contree").get_data(as_text=True))
    options = ({"json": {}} if rule.rule.startswith("/api/") else {"data": {"csrf_token": token}}) \
        if method in ("POST", "PUT") else {}
    for match_id, deal_id in ((2**63, world["deal_id"]), (world["match_id"], 2**63)):
        if match_id == world["match_id"] and "deal_id" not in rule.rule:
            continue
        values = {"match_id": match_id, "deal_id": deal_id, "game": "contree", "kind": "legal_play", "code": "en",
                  "irregularity": "penalty"}
        response = client.open(url(rule, values), method=method, **options)
        assert response.status_code == 404, (rule.rule, match_id, deal_id, response.status_code)
