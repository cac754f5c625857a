"""The round in play through the organiser's API (docs/api.md "The organiser's API"): its clock,
the desk's board, closing the round and what the wall shows, through the functions the desk's
pages call. The token itself is checked for every route in test_club_api.py."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper import store
from tests.web.test_club_api import DEAL, Desk, bearer, desk, world  # noqa: F401 (fixtures)


@pytest.fixture
def cup(desk: Desk) -> int:
    """Four pairs, round 1 drawn (two tables of two deals each)."""
    return world(desk)["tournament_id"]


def record_deal(client, desk: Desk, cup: int, table_number: int) -> None:
    """The table's phone records a deal (RULES §2.3: E–W 220, N–S 60) with its token."""
    table = desk.call("GET", f"/tournaments/{cup}/rounds")["rounds"][-1]["tables"][table_number - 1]
    response = client.post(f"/api/v1/matches/{table['match_id']}/deals", json=DEAL,
                           headers={"X-Table-Token": table["token"]})
    assert response.status_code == 201, response.get_json()


def test_the_clock_starts_pauses_resumes_and_takes_more_time(desk, cup):
    assert desk.call("GET", f"/tournaments/{cup}/rounds/1/clock") == {
        "round": 1, "phase": "not started", "said": "The clock has not started", "ends": None, "left": None}
    before = datetime.now(UTC)
    running = desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", {"action": "start", "minutes": 30})
    assert running["phase"] == "running" and running["left"] is None
    ends = datetime.fromisoformat(running["ends"])
    assert before + timedelta(minutes=29) < ends <= datetime.now(UTC) + timedelta(minutes=30)
    paused = desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", {"action": "pause"})
    assert paused["phase"] == "paused" and paused["ends"] is None and 29 * 60 < paused["left"] <= 30 * 60
    assert desk.call("GET", f"/tournaments/{cup}/board")["clock"] == paused  # the desk's board says the same
    assert desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", {"action": "resume"})["phase"] == "running"
    more = desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", {"action": "add", "minutes": 5})
    assert datetime.fromisoformat(more["ends"]) - ends >= timedelta(minutes=5)


def test_the_clock_starts_for_the_tournament_s_round_time_when_no_minutes_are_given(desk, cup):
    desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", {"action": "start", "minutes": 20})
    desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", {"action": "pause"})
    desk.call("POST", f"/tournaments/{cup}/rounds/1/close", {"reason": "Time is up"})
    desk.call("POST", f"/tournaments/{cup}/rounds", {}, 201)
    started = desk.call("POST", f"/tournaments/{cup}/rounds/2/clock", {"action": "start"})
    left = datetime.fromisoformat(started["ends"]) - datetime.now(UTC)
    assert timedelta(minutes=19) < left <= timedelta(minutes=20)  # the time kept from round 1


@pytest.mark.parametrize(("before", "body", "field"), [
    ([], {"minutes": 30}, "action"),
    ([], {"action": "stop"}, "action"),
    ([], {"action": "start", "minutes": 0}, "minutes"),
    ([], {"action": "start", "minutes": 301}, "minutes"),
    ([], {"action": "start", "minutes": "30"}, "minutes"),
    ([], {"action": "start", "minutes": 30, "speed": 2}, "speed"),
    ([], {"action": "pause"}, "action"),  # not running
    ([], {"action": "resume"}, "action"),  # not paused
    ([], {"action": "add", "minutes": 5}, "action"),  # not started
    ([{"action": "start", "minutes": 30}], {"action": "start", "minutes": 30}, "minutes"),  # started already
    ([{"action": "start", "minutes": 30}], {"action": "add", "minutes": 0}, "minutes"),
])
def test_a_refused_clock_call_names_its_field_and_leaves_the_clock_as_it_was(desk, cup, before, body, field):
    for call in before:
        desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", call)
    was = desk.call("GET", f"/tournaments/{cup}/rounds/1/clock")
    refused = desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", body, 400)["error"]
    assert refused["field"] == field and refused["message"]
    assert desk.call("GET", f"/tournaments/{cup}/rounds/1/clock") == was


def test_only_the_round_in_play_has_a_clock_here(desk, cup):
    for number in (0, 2):
        desk.call("GET", f"/tournaments/{cup}/rounds/{number}/clock", status=404)
        desk.call("POST", f"/tournaments/{cup}/rounds/{number}/clock", {"action": "start"}, 404)
    desk.call("GET", "/tournaments/99/board", status=404)
    desk.call("GET", "/tournaments/99/wall", status=404)


def test_before_the_first_draw_the_board_is_empty_and_there_is_no_clock(desk):
    cup = desk.cup()
    assert desk.call("GET", f"/tournaments/{cup}/board") == {"round": None, "finished": False, "clock": None,
                                                              "tables": []}
    desk.call("GET", f"/tournaments/{cup}/rounds/1/clock", status=404)
    desk.call("POST", f"/tournaments/{cup}/rounds/1/close", {"reason": "Late"}, 404)


def test_the_board_shows_each_table_s_deals_last_change_and_the_slow_one(client, desk, cup):
    empty = desk.call("GET", f"/tournaments/{cup}/board")
    assert empty["round"] == 1 and not empty["finished"]
    assert [(t["number"], t["deals"], t["changed"], t["slow"]) for t in empty["tables"]] == [
        (1, 0, None, False), (2, 0, None, False)]
    record_deal(client, desk, cup, 1)
    board = desk.call("GET", f"/tournaments/{cup}/board")
    one, two = board["tables"]
    assert one["deals"] == 1 and one["changed"] is not None and not one["slow"]
    assert two["deals"] == 0 and two["slow"]  # fewer deals than the round's median
    assert [(t["finished"], t["closed"], t["confirmation"], t["phase"]) for t in board["tables"]] == [
        (False, False, None, "not started")] * 2


def test_a_round_closed_through_the_api_counts_in_the_standings_and_the_next_round_can_be_drawn(
        app, client, desk, cup):
    record_deal(client, desk, cup, 2)  # table 2 stands at E–W 220, N–S 60
    desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", {"action": "start", "minutes": 30})
    running = desk.call("POST", f"/tournaments/{cup}/rounds/1/close", {"reason": "Time is up"}, 400)["error"]
    assert running["field"] == "round" and "still runs" in running["message"]
    desk.call("POST", f"/tournaments/{cup}/rounds/1/clock", {"action": "pause"})
    board = desk.call("POST", f"/tournaments/{cup}/rounds/1/close",
                      {"reason": "The hall closes", "results": {"1": "draw"}})
    assert board["finished"] and [(t["closed"], t["phase"]) for t in board["tables"]] == [(True, "over")] * 2
    assert board["clock"]["phase"] == "over"
    tables = desk.call("GET", f"/tournaments/{cup}/rounds")["rounds"][0]["tables"]
    east_west = tables[1]["sides"][1]["entries"][0]
    standings = {s["entry"]: s for s in desk.call("GET", f"/tournaments/{cup}/standings")["standings"]}
    assert all(s["played"] == 1 for s in standings.values())
    assert standings[east_west]["wins"] == 1 and standings[east_west]["points_for"] == 220
    assert [standings[e]["draws"] for side in tables[0]["sides"] for e in side["entries"]] == [1, 1]
    with app.app_context():
        history = store.get_db().execute("select count(*) from deal_events where action = 'close'").fetchone()[0]
    assert history == 2  # the reason is kept in each table's history
    assert desk.call("POST", f"/tournaments/{cup}/rounds", {}, 201)["number"] == 2
    again = desk.call("POST", f"/tournaments/{cup}/rounds/1/close", {"reason": "Again"}, 400)["error"]
    assert again["field"] == "round"


@pytest.mark.parametrize(("body", "field"), [
    ({}, "reason"),
    ({"reason": "  "}, "reason"),
    ({"reason": "x" * 201}, "reason"),
    ({"reason": 5}, "reason"),
    ({"reason": "Late", "results": ["draw"]}, "results"),
    ({"reason": "Late", "results": {"3": "draw"}}, "results.3"),
    ({"reason": "Late", "results": {"1": 2}}, "results.1"),
    ({"reason": "Late", "results": {"1": 1.0}}, "results.1"),
    ({"reason": "Late", "results": {"1": "won"}}, "results.1"),
    ({"reason": "Late", "results": {"1": True}}, "results.1"),
    ({"reason": "Late", "why": "Late"}, "why"),
])
def test_a_refused_close_names_its_field_and_closes_nothing(app, desk, cup, body, field):
    refused = desk.call("POST", f"/tournaments/{cup}/rounds/1/close", body, 400)["error"]
    assert refused["field"] == field and refused["message"]
    with app.app_context():
        assert store.get_db().execute("select count(*) from table_closures").fetchone()[0] == 0


def test_the_wall_holds_the_pairings_until_published_and_hides_the_standings(client, desk, cup):
    shown = desk.call("GET", f"/tournaments/{cup}/wall")
    assert shown["shows"] == {"pairings": 1, "standings": True} and not shown["hold"]
    assert shown["live"] == f"/tournaments/{cup}/wall.json"
    held = desk.call("PUT", f"/tournaments/{cup}/wall", {"hold": True, "standings": False})
    assert held["shows"] == {"pairings": None, "standings": False}
    assert "wall-pairings" not in client.get(held["live"]).json["html"]  # the public wall says the same
    published = desk.call("PUT", f"/tournaments/{cup}/wall", {"publish": True})
    assert published["shows"] == {"pairings": 1, "standings": False} and published["hold"]
    assert "wall-pairings" in client.get(published["live"]).json["html"]
    refused = desk.call("PUT", f"/tournaments/{cup}/wall", {"standings": "no"}, 400)["error"]
    assert refused["field"] == "standings"
    assert desk.call("PUT", f"/tournaments/{cup}/wall", {"colour": "red"}, 400)["error"]["field"] == "colour"
    assert desk.call("GET", f"/tournaments/{cup}/wall") == published
