"""The JSON API (docs/api.md): the same engine and store as the pages."""

from __future__ import annotations

import pytest

from scorekeeper import store

PLAYERS = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}
# RULES §2.3: E–W bid 100 ♥, 92 + 10 + 20 = 122 -> 120 + 100 = 220; N–S 60.
DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}


def create(client, **extra):
    response = client.post("/api/v1/matches", json={"game": "contree", "players": PLAYERS, **extra})
    assert response.status_code == 201, response.json
    return response.json


def test_games_lists_contree_with_its_options(client):
    games = client.get("/api/v1/games").json["games"]
    contree = next(g for g in games if g["key"] == "contree")
    options = {o["key"]: o for o in contree["options"]}
    assert options["target"]["default"] == 3000
    assert options["belote_to_defenders_on_failure"]["default"] is True


def test_score_a_deal_without_saving(client):
    answer = client.post("/api/v1/contree/score", json=DEAL).json
    assert answer["made"] is True
    assert answer["score"] == {"A": 60, "B": 220}
    assert answer["points"]["B"] == 122
    assert answer["explanation"] and all(isinstance(line, str) for line in answer["explanation"])


def test_options_change_the_score(client):
    # RULES §2.4 alternate_scoring: made -> the bidders score the bid, the defenders 0.
    answer = client.post("/api/v1/contree/score", json={**DEAL, "options": {"alternate_scoring": True}}).json
    assert answer["score"] == {"A": 0, "B": 100}


@pytest.mark.parametrize(("body", "field"), [
    pytest.param({**DEAL, "card_points": {"B": 200}}, "card_points", id="points out of range"),
    pytest.param({**DEAL, "bid": 95}, "bid", id="bid not in tens"),
    pytest.param({**DEAL, "bid": "a lot"}, "bid", id="bid not a number"),
    pytest.param({**DEAL, "contre": "double"}, "contre", id="unknown contre"),
    pytest.param({**DEAL, "belote": "C"}, "belote", id="belote for no team"),
    pytest.param({**DEAL, "options": {"jokers": True}}, "options.jokers", id="unknown option"),
    pytest.param({**DEAL, "options": {"target": "soon"}}, "options.target", id="bad option value"),
    pytest.param({**DEAL, "options": []}, "options", id="options not an object"),
])
def test_bad_deals_answer_400_naming_the_field(client, body, field):
    response = client.post("/api/v1/contree/score", json=body)
    assert response.status_code == 400
    assert response.json["error"]["field"] == field
    assert response.json["error"]["message"]


def test_a_non_json_body_is_refused(client):
    response = client.post("/api/v1/contree/score", data="bid=100")
    assert response.status_code == 400
    assert "JSON" in response.json["error"]["message"]


def test_unknown_game_is_named(client):
    response = client.post("/api/v1/poker/score", json=DEAL)
    assert response.status_code == 400
    assert response.json["error"]["field"] == "game"


def test_match_lifecycle(client):
    match = create(client, options={"target": 500})
    match_id = match["id"]
    added = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    assert added.status_code == 201
    deal = added.json["deal"]
    assert added.json["totals"] == {"A": 60, "B": 220}
    # edit: the bidders took 72 instead -> 102 -> 100 + 100 = 200 (RULES §2.3)
    edited = client.put(f"/api/v1/matches/{match_id}/deals/{deal['id']}",
                        json={**DEAL, "card_points": {"B": 72}, "version": deal["version"]})
    assert edited.status_code == 200
    assert edited.json["totals"] == {"A": 80, "B": 200}
    stale = client.put(f"/api/v1/matches/{match_id}/deals/{deal['id']}",
                       json={**DEAL, "version": deal["version"]})
    assert stale.status_code == 409
    assert stale.json["error"]["field"] == "version"
    full = client.get(f"/api/v1/matches/{match_id}").json
    assert full["deals"][0]["declarations"]["card_points"] == {"A": 80, "B": 72}
    assert client.delete(f"/api/v1/matches/{match_id}/deals/{deal['id']}").status_code == 204
    assert client.get(f"/api/v1/matches/{match_id}").json["totals"] == {"A": 0, "B": 0}
    assert client.delete(f"/api/v1/matches/{match_id}").status_code == 204
    assert client.get(f"/api/v1/matches/{match_id}").status_code == 404


def test_a_replayed_call_records_one_deal(app, client):
    match_id = create(client)["id"]
    headers = {"Idempotency-Key": "deal-1-from-phone-a"}
    first = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL, headers=headers)
    again = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL, headers=headers)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json["deal"]["id"] == again.json["deal"]["id"]
    with app.app_context():
        assert len(store.list_deals(store.get_db(), match_id)) == 1


def test_a_finished_match_refuses_deals(client):
    match_id = create(client, options={"target": 200})["id"]
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    response = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    assert response.status_code == 400
    assert "over" in response.json["error"]["message"]
    result = client.get(f"/api/v1/matches/{match_id}").json["result"]
    assert result["winner"] == "B" and result["draw"] is False


@pytest.mark.parametrize(("body", "field"), [
    pytest.param({"game": "contree", "players": {**PLAYERS, "E": ""}}, "players.E", id="empty name"),
    pytest.param({"game": "contree", "players": "four people"}, "players", id="players not an object"),
    pytest.param({"game": "contree", "players": PLAYERS, "first_dealer": "X"}, "first_dealer", id="bad dealer"),
    pytest.param({"game": "contree", "players": PLAYERS, "colour": "red"}, "colour", id="unknown field"),
])
def test_bad_matches_are_refused_and_nothing_is_stored(app, client, body, field):
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 400
    assert response.json["error"]["field"] == field
    assert client.get("/api/v1/matches").json["matches"] == []


def test_api_errors_for_missing_things_are_json(client):
    response = client.get("/api/v1/matches/42")
    assert response.status_code == 404
    assert "error" in response.json


@pytest.mark.parametrize(("kind", "query", "expected"), [
    pytest.param("legal_play", {"hand": ["7H", "KS", "AS"], "trick_so_far": ["QS", "9S"], "trump": "H"},
                 {"legal": ["AS", "KS"]}, id="RULES §2.6: follow suit when you can"),
    pytest.param("legal_play", {"hand": ["7H", "JH", "7C"], "trick_so_far": ["QS", "9H"], "trump": "H"},
                 {"legal": ["JH"]}, id="RULES §2.6: overtrump the opponent's trump"),
    pytest.param("trick_winner", {"trick": ["QS", "9S", "7H"], "trump": "H"}, {"winner_index": 2, "winning_card": "7H"},
                 id="RULES §2.6: the highest trump wins"),
    pytest.param("redeal_check", {"hand": "7H 8H 9H 7S 8S 9S 7C QC"}, {"redeal_allowed": True, "hand_points": 3},
                 id="RULES §2.2: 10 or fewer points may redeal"),
    pytest.param("game_end", {"totals_before": {"A": 2900, "B": 2950}, "deal_score": {"A": 160, "B": 60}},
                 {"finished": True, "winner": "A", "draw": False}, id="RULES §2.5: both past, higher wins"),
    pytest.param("game_end", {"totals_before": {"A": 2900, "B": 2950}, "deal_score": {"A": 150, "B": 100}},
                 {"finished": True, "winner": None, "draw": True}, id="RULES §2.5: equal past the target"),
])
def test_referee_questions(client, kind, query, expected):
    response = client.post(f"/api/v1/contree/referee/{kind}", json=query)
    assert response.status_code == 200, response.json
    assert expected.items() <= response.json.items()
    assert response.json["explanation"]


@pytest.mark.parametrize(("game", "query", "expected"), [
    pytest.param("contree", {"pile": "JH 9H 7S 8S", "trump": "H", "last_trick": True},
                 {"card_points": 34, "points": 44, "deal_total": 162,
                  "others": {"card_points": 118, "last_trick": 0, "points": 118}}, id="RULES §2.1: 162"),
    pytest.param("belote", {"pile": "JH 9H 7S 8S", "contract": "sans_atout", "options": {"sans_atout": True}},
                 {"card_points": 2, "deal_total": 130}, id="RULES §1.1: sans atout 130 (J 2, 9 0)"),
    pytest.param("klaberjass", {"pile": "JH 9H", "trump": "H"}, {"card_points": 34, "deal_total": None},
                 id="RULES §3.1: without the stock, no total"),
    pytest.param("pandoeren", {"pile": "JH 9H 7S 8S", "trump": "H", "discard": "6H", "last_trick": True},
                 {"points": 39, "deal_total": 146}, id="RULES §4.1: 141 + 5"),
])
def test_count_a_pile(client, game, query, expected):
    response = client.post(f"/api/v1/{game}/referee/count", json=query)
    assert response.status_code == 200, response.json
    assert expected.items() <= response.json.items()
    assert response.json["explanation"][-1].startswith("Check") or expected["deal_total"] is None


@pytest.mark.parametrize(("query", "field"), [
    pytest.param({"pile": "JH 9H 7S 7S", "trump": "H"}, "pile", id="a card twice"),
    pytest.param({"pile": "JH 9H 7S 6S", "trump": "H"}, "pile", id="not a card of the game"),
    pytest.param({"pile": "JH 9H 7S", "trump": "H"}, "pile", id="not whole tricks"),
    pytest.param({"pile": "JH 9H 7S 8S", "trump": "H", "last_trick": 3}, "last_trick", id="last_trick not a flag"),
])
def test_impossible_piles_are_refused_by_field(client, query, field):
    response = client.post("/api/v1/contree/referee/count", json=query)
    assert response.status_code == 400
    assert response.json["error"]["field"] == field


FOLLOW_SPADES = "♠ was led and you hold ♠: you must follow suit"


@pytest.mark.parametrize(("game", "query", "refused"), [
    pytest.param("contree", {"hand": "7H JH 7C", "trick_so_far": "QS 9H", "trump": "H"},
                 {"7H": "you must overtrump the 9♥", "7C": "you must overtrump the 9♥"},
                 id="RULES §2.6: overtrump"),
    pytest.param("belote", {"hand": "7H AS 7C", "trick_so_far": "KS", "contract": "sans_atout",
                            "options": {"sans_atout": True}},
                 {"7H": FOLLOW_SPADES, "7C": FOLLOW_SPADES}, id="RULES §1.9: sans atout, follow suit"),
    pytest.param("klaberjass", {"hand": "7H AH 7C", "trick_so_far": "KH", "trump": "H"},
                 {"7H": "you must overtrump the K♥", "7C": "♥ was led and you hold ♥: you must follow suit"},
                 id="RULES §3.5: a trump lead, head it; the other card does not follow"),
    pytest.param("pandoeren", {"hand": "JH 7S 8D 9H", "trick_so_far": "AS 10H", "trump": "H"},
                 {"8D": "♠ was led and you hold ♠: play ♠ or a trump"}, id="RULES §4.5: follow or trump"),
    pytest.param("pandoeren", {"hand": "7S 8D 9H", "trick_so_far": "AS", "contract": "zwabber"},
                 {"8D": FOLLOW_SPADES, "9H": FOLLOW_SPADES}, id="RULES §4.5: no trumps, follow suit"),
])
def test_each_refused_card_says_the_rule_that_refuses_it(client, game, query, refused):
    response = client.post(f"/api/v1/{game}/referee/legal_play", json=query)
    assert response.status_code == 200, response.json
    assert response.json["refused"] == refused
    assert not set(refused) & set(response.json["legal"])


def test_refusals_are_said_in_the_reader_s_language(client):
    """RULES §2.6: the reason is translated like the explanation."""
    query = {"hand": "7H AS KS", "trick_so_far": "QS 9S", "trump": "H"}
    english = client.post("/api/v1/contree/referee/legal_play", json=query).json["refused"]["7H"]
    japanese = client.post("/api/v1/contree/referee/legal_play", json=query,
                           headers={"Accept-Language": "ja"}).json
    assert japanese["refused"]["7H"] != english and japanese["refused"]["7H"] in japanese["explanation"]


@pytest.mark.parametrize(("kind", "query", "field"), [
    pytest.param("legal_play", {"trick_so_far": ["QS"], "trump": "H"}, "hand", id="no hand"),
    pytest.param("legal_play", {"hand": ["QS"], "trick_so_far": ["QS"], "trump": "H"}, "hand", id="card twice"),
    pytest.param("legal_play", {"hand": ["7H"], "trick_so_far": ["QS", "9S", "8S", "7S"], "trump": "H"},
                 "trick_so_far", id="a full trick"),
    pytest.param("legal_play", {"hand": ["7H"], "trump": "H", "colour": 1}, "colour", id="unknown field"),
    pytest.param("redeal_check", {"hand": "7H 8H"}, "hand", id="not eight cards"),
    pytest.param("game_end", {"totals_before": {"A": 1}, "deal_score": {"A": 1, "B": 2}}, "totals_before",
                 id="a team missing"),
    pytest.param("bid_compare", {}, "kind", id="not a question for Contrée"),
])
def test_bad_referee_questions_name_the_field(client, kind, query, field):
    response = client.post(f"/api/v1/contree/referee/{kind}", json=query)
    assert response.status_code == 400
    assert response.json["error"]["field"] == field


def test_announced_melds_are_compared_as_in_classic_belote(client):
    """RULES §2.4 announces use §1.2-1.3: a five-card run beats a four-card run."""
    answer = client.post("/api/v1/contree/referee/meld_compare", json={
        "melds": [{"seat": "N", "cards": "AH KH QH JH"}, {"seat": "E", "cards": "AS KS QS JS 10S"}],
        "trump": "S", "dealer": "W", "options": {"announces": True}})
    assert answer.status_code == 200
    assert answer.json["meld_winner"] == "B" and answer.json["counted_melds"] == {"A": 0, "B": 100}


def test_melds_are_refused_when_the_match_plays_no_announces(client):
    answer = client.post("/api/v1/contree/referee/melds", json={"hand": "AH KH QH", "trump": "H"})
    assert answer.status_code == 400 and answer.json["error"]["field"] == "options.announces"
