"""Rule profiles in the API (issue #25; docs/api.md "Rule profiles"): anyone reads them, the organiser's
token writes them; a match or tournament created through the API names one, the options sent over it;
refusals in the API's error shape, naming the field."""

from __future__ import annotations


import pytest

from scorekeeper import store
from scorekeeper.web import access
from tests.helpers import http_examples
from tests.test_docs import DOCS, _as_documented

PLAYERS = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}


@pytest.fixture
def bearer(app) -> dict[str, str]:
    with app.app_context():
        return {"Authorization": f"Bearer {access.new_organiser_token(store.get_db(), 'tests')[1]}"}


@pytest.fixture
def thursday(client, bearer) -> int:
    made = client.post("/api/v1/profiles", headers=bearer, json={
        "game": "contree", "name": "Thursday club", "options": {"target": 2000, "announces": True}})
    assert made.status_code == 201, made.json
    return made.json["id"]


def refused(response, status: int = 400) -> tuple[str, str]:
    assert response.status_code == status, response.json
    return response.json["error"]["field"], response.json["error"]["message"]


def test_writes_need_the_organiser_s_token_and_reads_do_not(client, thursday):
    for method, path, body in (("POST", "/api/v1/profiles", {"game": "contree", "name": "X"}),
                               ("PUT", f"/api/v1/profiles/{thursday}", {"name": "X"}),
                               ("DELETE", f"/api/v1/profiles/{thursday}", None)):
        response = client.open(path, method=method, json=body)
        assert refused(response, 401)[0] == "Authorization"
        assert response.headers["WWW-Authenticate"] == "Bearer"
    assert client.get("/api/v1/profiles").json["profiles"][0]["name"] == "Thursday club"
    assert client.get(f"/api/v1/profiles/{thursday}").json["changes"] == {"target": 2000, "announces": True}


def test_a_profile_keeps_only_what_it_changes_and_answers_every_rule(client, bearer):
    made = client.post("/api/v1/profiles", headers=bearer, json={
        "game": "belote", "name": "Seed", "options": {"sans_atout": True, "target": 3000, "litige": False}})
    assert made.json["changes"] == {"sans_atout": True}  # 3000 follows sans atout (RULES §7 item 5)
    assert made.json["options"]["target"] == 3000 and made.json["options"]["litige"] is False
    assert client.get("/api/v1/profiles?game=contree").json == {"profiles": []}
    assert refused(client.get("/api/v1/profiles?game=chess"))[0] == "game"


@pytest.mark.parametrize(("body", "field"), [
    ({"game": "contree", "name": ""}, "name"),
    ({"game": "contree", "name": "x" * 81}, "name"),
    ({"game": "contree", "name": 7}, "name"),
    ({"game": "chess", "name": "X"}, "game"),
    ({"game": "contree", "name": "X", "options": {"target": "lots"}}, "options.target"),
    ({"game": "contree", "name": "X", "options": {"alternate_scoring": True, "contre_fixed_scoring": True}},
     "options.contre_fixed_scoring"),
    ({"game": "contree", "name": "X", "options": {"players": 3}}, "options.players"),
    ({"game": "contree", "name": "X", "options": []}, "options"),
    ({"game": "contree", "name": "X", "colour": "red"}, "colour"),
    ({"game": "contree", "name": "thursday  CLUB"}, "name"),
])
def test_a_refused_profile_names_its_field_and_keeps_nothing(app, client, bearer, thursday, body, field):
    assert refused(client.post("/api/v1/profiles", headers=bearer, json=body))[0] == field
    with app.app_context():
        assert [p.id for p in store.list_profiles(store.get_db())] == [thursday]


def test_put_renames_and_replaces_the_rules_and_keeps_the_game(client, bearer, thursday):
    path = f"/api/v1/profiles/{thursday}"
    changed = client.put(path, headers=bearer, json={"name": "Thursdays", "options": {"unbid_capot_250": True}})
    assert (changed.json["name"], changed.json["changes"]) == ("Thursdays", {"unbid_capot_250": True})
    assert refused(client.put(path, headers=bearer, json={"name": "X", "game": "belote"}))[0] == "game"
    assert refused(client.put("/api/v1/profiles/999", headers=bearer, json={"name": "X"}), 404)[0] is None
    assert client.delete(path, headers=bearer).status_code == 204
    assert refused(client.get(path), 404)[0] is None


def test_a_match_names_a_profile_and_the_options_sent_override_it(client, bearer, thursday):
    made = client.post("/api/v1/matches", json={"game": "contree", "players": PLAYERS, "profile": thursday,
                                                "options": {"target": 1500}})
    assert made.status_code == 201
    assert (made.json["options"]["target"], made.json["options"]["announces"]) == (1500, True)
    client.put(f"/api/v1/profiles/{thursday}", headers=bearer, json={"name": "Thursday club"})
    again = client.get(f"/api/v1/matches/{made.json['id']}").json
    assert (again["options"]["target"], again["options"]["announces"]) == (1500, True)  # frozen (DESIGN.md §2)
    for profile, words in ((999, "There is no profile 999."), (True, "profile must be a profile's id"),
                           ("1", "profile must be a profile's id")):
        field, message = refused(client.post("/api/v1/matches", json={
            "game": "contree", "players": PLAYERS, "profile": profile}))
        assert field == "profile" and message.startswith(words)
    field, message = refused(client.post("/api/v1/matches", json={"game": "belote", "players": PLAYERS,
                                                                   "profile": thursday}))
    assert field == "profile" and message == f"Profile {thursday} holds the rules of another game (contree)."


def test_a_tournament_names_a_profile(client, bearer, thursday):
    made = client.post("/api/v1/tournaments", headers=bearer, json={
        "name": "Autumn cup", "game": "contree", "profile": thursday, "options": {"announces": False}})
    assert made.status_code == 201, made.json
    assert (made.json["options"]["target"], made.json["options"]["announces"]) == (2000, False)


def documented_calls() -> list[tuple[str, str, dict | None, dict[str, str], object]]:
    """docs/api.md's examples of the profiles' routes in order: (method, path, body or None, headers, the
    documented answer or None)."""
    return http_examples(DOCS.joinpath("api.md").read_text().split("## Rule profiles", 1)[1].split("\n## ", 1)[0])


def test_the_documented_examples_answer_as_documented(client, bearer):
    calls = documented_calls()
    assert [(method, path) for method, path, *_ in calls] == [
        ("POST", "/api/v1/profiles"), ("GET", "/api/v1/profiles?game=contree"), ("GET", "/api/v1/profiles/1"),
        ("POST", "/api/v1/matches"), ("PUT", "/api/v1/profiles/1")]
    for method, path, body, headers, answer in calls:  # (the documented token stands for the organiser's)
        response = client.open(path, method=method, json=body, headers=bearer if "Authorization" in headers else {})
        assert response.status_code in (200, 201), response.json
        _as_documented(response.json, answer, path)
    assert client.get("/api/v1/matches").json["matches"][0]["options"]["target"] == 1500
