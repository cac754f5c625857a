"""The organiser's API (/api/v1, docs/api.md "The organiser's API"): its token, every route, and an
evening played through it from the first entry to the prize list."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper import cli, create_app, store
from scorekeeper.web import access
from scorekeeper.web.club_api import bp

# RULES §2.3: 100 hearts bid by E–W, 92 card points + 10 last trick + 20 belote: made
DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}
NAMES = ("Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou", "Max", "Ned", "Oli", "Pam")


@pytest.fixture
def bearer(app) -> dict[str, str]:
    with app.app_context():
        return {"Authorization": f"Bearer {access.new_organiser_token(store.get_db(), 'tests')[1]}"}


class Desk:
    """The organiser's script: calls with the token, checking the status."""

    def __init__(self, client, bearer) -> None:
        self.client, self.bearer = client, bearer

    def call(self, method: str, path: str, body=None, status: int = 200):
        response = self.client.open(f"/api/v1{path}", method=method, json=body, headers=self.bearer)
        assert response.status_code == status, response.get_json()
        return response.get_json()

    def players(self, names=NAMES) -> list[int]:
        return [self.call("POST", "/players", {"name": name}, 201)["id"] for name in names]

    def cup(self, **fields) -> int:
        return self.call("POST", "/tournaments", {"name": "Friday cup", "game": "contree", "rounds": 3,
                                                  "deals": 2, **fields}, 201)["id"]


@pytest.fixture
def desk(client, bearer) -> Desk:
    return Desk(client, bearer)


def world(desk: Desk) -> dict[str, int]:
    """A cup of four pairs with round 1 drawn and a prize list: the values of every route's arguments."""
    ids = desk.players(NAMES[:10])
    cup = desk.cup()
    entries = [desk.call("POST", f"/tournaments/{cup}/entries", {"players": ids[at:at + 2]}, 201)["id"]
               for at in range(0, 8, 2)]
    desk.call("POST", f"/tournaments/{cup}/rounds", {}, 201)
    desk.call("PUT", f"/tournaments/{cup}/prizes", {"prizes": [{"kind": "category", "category": "Newcomer"}]})
    return {"tournament_id": cup, "entry_id": entries[0], "player_id": ids[0], "spare": ids[9], "number": 1}


ROUTES = sorted((rule.rule, method) for rule in create_app({"SECRET_KEY": "x", "DATABASE": "unused.sqlite"}).url_map.iter_rules()
    if rule.endpoint.startswith(f"{bp.name}.") for method in rule.methods - {"HEAD", "OPTIONS"})


def filled(rule: str, values: dict[str, int]) -> str:
    for name, value in values.items():
        rule = rule.replace(f"<int:{name}>", str(value))
    return rule


def test_the_blueprint_has_the_organiser_s_routes():
    assert len(ROUTES) == 20


@pytest.mark.parametrize(("rule", "method"), ROUTES, ids=[f"{m} {r}" for r, m in ROUTES])
def test_every_route_refuses_a_call_without_a_valid_organiser_token(app, client, desk, rule, method):
    values = world(desk)
    path = filled(rule, values)
    with app.app_context():
        token_id, revoked = access.new_organiser_token(store.get_db())
        store.security.revoke_organiser_token(store.get_db(), token_id)
    table_token = desk.call("GET", f"/tournaments/{values['tournament_id']}/rounds")["rounds"][0]["tables"][0]["token"]
    for headers in ({}, {"Authorization": "Bearer not-a-token"}, {"Authorization": f"Bearer {revoked}"},
                    {"Authorization": f"Basic {revoked}"}, {"Authorization": "Bearer " + "x" * 5000},
                    {"X-Table-Token": table_token}):
        response = client.open(path, method=method, json={}, headers=headers)
        assert response.status_code == 401, (headers, response.get_json())
        assert response.json["error"]["field"] == "Authorization"
        assert "organiser token" in response.json["error"]["message"]
        assert response.headers["WWW-Authenticate"] == "Bearer"


def test_a_page_session_is_no_organiser_token(app, client, desk):
    from tests.web.test_tournaments import Organiser

    Organiser(app, client)  # logged in on the pages
    assert client.get("/api/v1/tournaments").status_code == 401


def test_the_cli_prints_a_token_lists_it_and_revokes_it(app, client):
    runner = app.test_cli_runner()
    made = runner.invoke(cli.organiser_token_command, ["--label", "results script"])
    token = made.stdout.strip()
    assert made.exit_code == 0 and len(token) == 43
    with app.app_context():
        assert token not in str(store.get_db().execute("select * from organiser_tokens").fetchall())
    assert client.get("/api/v1/tournaments", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    listed = runner.invoke(cli.organiser_token_command, ["--list"]).stdout
    assert listed.startswith("1\tresults script\tmade ") and listed.rstrip().endswith("valid")
    assert runner.invoke(cli.organiser_token_command, ["--revoke", "1"]).exit_code == 0
    assert client.get("/api/v1/tournaments", headers={"Authorization": f"Bearer {token}"}).status_code == 401
    assert "revoked 20" in runner.invoke(cli.organiser_token_command, ["--list"]).stdout
    again = runner.invoke(cli.organiser_token_command, ["--revoke", "1"])
    assert again.exit_code == 1 and "no valid token has the id 1" in again.output


def test_the_organiser_token_also_opens_a_table_s_match(client, desk):
    values = world(desk)
    table = desk.call("GET", f"/tournaments/{values['tournament_id']}/rounds")["rounds"][0]["tables"][0]
    assert client.get(f"/api/v1/matches/{table['match_id']}").status_code == 403
    assert desk.call("POST", f"/matches/{table['match_id']}/deals", DEAL, 201)["deal"]["number"] == 1


@pytest.mark.parametrize(("method", "path", "body", "field"), [
    ("POST", "/tournaments", {"name": "", "game": "contree"}, "name"),
    ("POST", "/tournaments", {"name": "Cup", "game": "chess"}, "game"),
    ("POST", "/tournaments", {"name": "Cup", "game": "contree", "rounds": 0}, "rounds"),
    ("POST", "/tournaments", {"name": "Cup", "game": "contree", "rounds": "4"}, "rounds"),
    ("POST", "/tournaments", {"name": "Cup", "game": "contree", "deals": 101}, "deals"),
    ("POST", "/tournaments", {"name": "Cup", "game": "contree", "format": "teams"}, "format"),
    ("POST", "/tournaments", {"name": "Cup", "game": "contree", "ranking": "luck"}, "ranking"),
    ("POST", "/tournaments", {"name": "Cup", "game": "contree", "options": []}, "options"),
    ("POST", "/tournaments", {"name": "Cup", "game": "contree", "colour": "red"}, "colour"),
    ("POST", "/tournaments", {"name": "x" * 81, "game": "contree"}, "name"),
    ("POST", "/players", {"name": "Ann"}, "name"),
    ("POST", "/players", {"name": "Zoé", "again": "yes"}, "again"),
    ("POST", "/tournaments/{tournament_id}/entries", {"players": [1]}, "players"),
    ("POST", "/tournaments/{tournament_id}/entries", {"players": "1,2"}, "players"),
    ("POST", "/tournaments/{tournament_id}/entries", {"players": [1, 2]}, "players"),
    ("POST", "/tournaments/{tournament_id}/entries", {"players": [10, 99999]}, "players"),
    ("POST", "/tournaments/{tournament_id}/entries/{entry_id}/replace", {"leaving": 1}, "coming"),
    ("POST", "/tournaments/{tournament_id}/entries/{entry_id}/replace", {"leaving": 5, "coming": 10}, "leaving"),
    ("POST", "/tournaments/{tournament_id}/entries/{entry_id}/replace", {"leaving": 1, "coming": 3}, "players"),
    ("POST", "/tournaments/{tournament_id}/entries/{entry_id}/withdraw", {"why": "late"}, "why"),
    ("POST", "/tournaments/{tournament_id}/rounds", {}, "round"),
    ("PUT", "/tournaments/{tournament_id}/prizes", {"prizes": {}}, "prizes"),
    ("PUT", "/tournaments/{tournament_id}/prizes", {"prizes": [{"kind": "medal"}]}, "prizes[0].kind"),
    ("PUT", "/tournaments/{tournament_id}/prizes", {"prizes": [{"kind": "place"}, {"kind": "category"}]},
     "prizes[1].category"),
    ("PUT", "/tournaments/{tournament_id}/prizes", {"prizes": [{"kind": "place", "gift": "x" * 81}]},
     "prizes[0].gift"),
    ("PUT", "/tournaments/{tournament_id}/prizes", {"prizes": [{"kind": "category", "category": "Lady"},
                                                               {"kind": "category", "category": "lady"}]}, "category"),
    ("PUT", "/tournaments/{tournament_id}/players/{player_id}/tags", {"tags": ["Best lady"]}, "category"),
    ("PUT", "/tournaments/{tournament_id}/players/{player_id}/tags", {"tags": "Newcomer"}, "tags"),
    ("PUT", "/tournaments/{tournament_id}/players/{spare}/tags", {"tags": ["Newcomer"]}, "player"),
])
def test_a_refused_body_names_its_field_and_writes_nothing(app, desk, method, path, body, field):
    values = world(desk)
    with app.app_context():
        before = [store.get_db().execute(f"select * from [{t}]").fetchall()
                  for t in ("tournaments", "entries", "players", "rounds", "prizes", "prize_tags")]
    refused = desk.call(method, path.format(**values), body, 400)
    assert refused["error"]["field"] == field and refused["error"]["message"]
    with app.app_context():
        assert before == [store.get_db().execute(f"select * from [{t}]").fetchall()
                          for t in ("tournaments", "entries", "players", "rounds", "prizes", "prize_tags")]


def test_unknown_tournaments_and_entries_are_404(desk):
    values = world(desk)
    for method, path in (("GET", "/tournaments/99"), ("GET", "/tournaments/99/standings"),
                         ("GET", "/tournaments/99/rounds"), ("GET", "/tournaments/99/prizes"),
                         ("POST", f"/tournaments/{values['tournament_id']}/entries/99/withdraw")):
        assert "error" in desk.call(method, path, {} if method == "POST" else None, 404)


def test_a_namesake_needs_again(desk):
    desk.players(("Élodie Durand",))
    assert desk.call("POST", "/players", {"name": "élodie  durand"}, 400)["error"]["field"] == "name"
    assert desk.call("POST", "/players", {"name": "élodie durand", "again": True}, 201)["name"] == "élodie durand"
    assert [p["name"] for p in desk.call("GET", "/players")["players"]] == ["élodie durand", "Élodie Durand"]  # lower case first


def finish_round(client, desk: Desk, cup: int, number: int) -> None:
    """Each table's phone records the round's two deals through the table API, with its token."""
    for table in desk.call("GET", f"/tournaments/{cup}/rounds")["rounds"][number - 1]["tables"]:
        for _ in range(2):
            response = client.post(f"/api/v1/matches/{table['match_id']}/deals", json=DEAL,
                                   headers={"X-Table-Token": table["token"]})
            assert response.status_code == 201, response.get_json()


def listed_as_read(desk: Desk) -> bool:
    """The list of tournaments (read from their rows) says of each what its own answer says."""
    listed = desk.call("GET", "/tournaments")["tournaments"]
    return all(item == {key: value for key, value in desk.call("GET", f"/tournaments/{item['id']}").items()
                        if key != "entries"} for item in listed)


def test_an_evening_played_through_the_api(client, desk):
    """Eight pairs, a late pair after round 1, a withdrawal and a substitute, three rounds, the
    standings and the prize list."""
    ids = desk.players()
    cup = desk.cup(late_rounds="zero")
    assert desk.call("GET", "/tournaments")["tournaments"][0]["name"] == "Friday cup"
    entries = [desk.call("POST", f"/tournaments/{cup}/entries", {"players": ids[at:at + 2]}, 201)
               for at in range(0, 12, 2)]
    assert [e["name"] for e in entries][:2] == ["Ann & Ben", "Cid & Dan"]
    drawn = desk.call("POST", f"/tournaments/{cup}/rounds", {}, 201)
    assert drawn["number"] == 1 and len(drawn["tables"]) == 3
    assert all(t["link"].endswith(f"/t/{t['token']}") and t["deals"] == 0 for t in drawn["tables"])
    refused = desk.call("POST", f"/tournaments/{cup}/rounds", {}, 400)["error"]["message"]
    assert "round 1" in refused.lower()
    finish_round(client, desk, cup, 1)
    assert listed_as_read(desk) and desk.call("GET", "/tournaments")["tournaments"][0]["rounds_drawn"] == 1
    table = desk.call("GET", f"/tournaments/{cup}/rounds")["rounds"][0]["tables"][0]
    assert table["finished"] and table["deals"] == 2 and table["points"] == [2 * 60, 2 * 220]  # RULES §2.3: N–S 60, E–W 220 a deal
    late = desk.call("POST", f"/tournaments/{cup}/entries", {"players": ids[12:14]}, 201)
    assert late["joins"] == 2
    # two late pairs keep the tables even; then a pair leaves and a player is replaced
    late_2 = desk.call("POST", f"/tournaments/{cup}/entries", {"players": ids[14:16]}, 201)
    assert late_2["joins"] == 2
    assert desk.call("POST", f"/tournaments/{cup}/rounds", {}, 201)["number"] == 2
    finish_round(client, desk, cup, 2)
    gone = desk.call("POST", f"/tournaments/{cup}/entries/{entries[5]['id']}/withdraw", {})
    assert gone["withdrawn"] == 2
    spare = desk.players(("Quentin",))[0]
    replaced = desk.call("POST", f"/tournaments/{cup}/entries/{entries[0]['id']}/replace",
                         {"leaving": ids[1], "coming": spare})
    assert replaced["name"] == "Ann & Quentin"
    third = desk.call("POST", f"/tournaments/{cup}/rounds", {}, 201)
    assert entries[5]["id"] not in [e for t in third["tables"] for side in t["sides"] for e in side["entries"]]
    assert listed_as_read(desk) and not desk.call("GET", "/tournaments")["tournaments"][0]["finished"]
    finish_round(client, desk, cup, 3)
    standings = desk.call("GET", f"/tournaments/{cup}/standings")
    assert standings["finished"] and len(standings["standings"]) == 8
    assert listed_as_read(desk) and desk.call("GET", "/tournaments")["tournaments"][0]["finished"]
    assert [s["place"] for s in standings["standings"]] == list(range(1, 9))
    prizes = desk.call("PUT", f"/tournaments/{cup}/prizes", {"prizes": [
        {"kind": "place", "gift": "A ham"}, {"kind": "place", "gift": "Two bottles"},
        {"kind": "category", "category": "Best newcomer", "gift": "A book"}]})
    assert [p["kind"] for p in prizes["prizes"]] == ["place", "place", "category"]
    first, second = standings["standings"][0], standings["standings"][1]
    third_entry = standings["standings"][2]
    winners = desk.call("GET", f"/tournaments/{cup}")["entries"]
    players_of = {e["id"]: [p["id"] for p in e["players"]] for e in winners}
    # the first place's player is tagged too: prizes are not cumulative, the category goes down the standings
    desk.call("PUT", f"/tournaments/{cup}/players/{players_of[first['entry']][0]}/tags", {"tags": ["best newcomer"]})
    awarded = desk.call("PUT", f"/tournaments/{cup}/players/{players_of[third_entry['entry']][1]}/tags",
                        {"tags": ["Best newcomer"]})
    assert awarded["finished"]
    assert [(a["place"], a["entry"]) for a in awarded["awards"]] == [
        (1, first["entry"]), (2, second["entry"]), (None, third_entry["entry"])]
    assert [p["id"] for p in awarded["awards"][2]["players"]] == [players_of[third_entry["entry"]][1]]
    assert awarded["awards"][2]["gift"] == "A book"
    assert desk.call("GET", f"/tournaments/{cup}/prizes") == awarded


def documented_calls(section: str = "## The organiser's API") -> list[tuple[str, str, dict | None, object]]:
    """docs/api.md's examples of a section (the organiser's API) in order: (method, path, JSON body
    or None, the documented answer or None)."""
    from tests.test_docs import DOCS

    text = (DOCS / "api.md").read_text().split(section, 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(http|json)\n(.*?)```", text, re.DOTALL)
    calls = []
    for at, (kind, block) in enumerate(blocks):
        if kind == "http":
            head, _, body = block.partition("\n\n")
            method, path = head.split("\n", 1)[0].split()
            answer = json.loads(blocks[at + 1][1]) if at + 1 < len(blocks) and blocks[at + 1][0] == "json" else None
            calls.append((method, path, json.loads(body) if body.strip() else None, answer))
    return calls


def test_the_documented_examples_answer_as_documented(desk):
    """Each example of docs/api.md's organiser section, run in order on a club of four players."""
    from tests.test_docs import _as_documented

    desk.players(NAMES[:4])
    calls = documented_calls()
    assert len(calls) == 23
    for method, path, body, answer in calls:
        got = desk.call(method, path.removeprefix("/api/v1"), body, 201 if method == "POST" and (
            path.endswith(("/players", "/tournaments", "/entries", "/rounds"))) else 200)
        if answer is not None:
            _as_documented(got, answer, path)


def test_the_openapi_part_describes_exactly_the_blueprint_s_routes():
    """scorekeeper/web/openapi/club.json: valid JSON; its paths and methods are this blueprint's
    routes and nothing else; every reference is to its own components or base.json's Error."""
    from pathlib import Path

    import scorekeeper.web

    part = json.loads((Path(scorekeeper.web.__file__).parent / "openapi" / "club.json").read_text())
    described = {(re.sub(r"\{(\w+)\}", r"<int:\1>", path), method.upper())
                 for path, item in part["paths"].items() for method in item}
    assert described == set(ROUTES)
    known = {f"#/components/{kind}/{name}" for kind, named in part["components"].items() for name in named}
    refs = set(re.findall(r'"\$ref": "([^"]+)"', json.dumps(part)))
    assert refs - known == {"#/components/schemas/Error"}
    assert all(op["security"] == [{"organiserBearer": []}] for item in part["paths"].values() for op in item.values())
