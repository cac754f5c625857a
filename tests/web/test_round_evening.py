"""The round in play (issue #23): the organiser's clock, on the desk and on every table's phone;
the desk's board of tables; closing the round; the wall the projector shows."""

from __future__ import annotations

import re
import uuid
from dataclasses import replace
from datetime import timedelta

import pytest

from scorekeeper import records, store
from scorekeeper.web import access
from tests.helpers import csrf_token
from tests.web.test_tournaments import (  # noqa: F401  (fixtures)
    DEAL,
    Organiser,
    cup,
    errors,
    flashes,
    organiser,
    phone,
    refusals,
)


def round_id(app, tournament_id: int) -> int:
    with app.app_context():
        return store.list_rounds(store.get_db(), tournament_id)[-1].id


def time_passes(app, tournament_id: int, minutes: int) -> None:
    """The clock of the round in play started ``minutes`` earlier than it did."""
    with app.app_context():
        store.set_clock(store.get_db(), round_id(app, tournament_id),
                        lambda clock: replace(clock, started=clock.started - timedelta(minutes=minutes)))


def clock(organiser: Organiser, tournament_id: int, action: str, **fields: str):
    return organiser.post(f"/tournaments/{tournament_id}/rounds/1/clock", {"action": action, **fields},
                          page=f"/tournaments/{tournament_id}")


def desk(organiser: Organiser, tournament_id: int) -> str:
    return organiser.client.get(f"/tournaments/{tournament_id}").get_data(as_text=True)


def board(organiser: Organiser, tournament_id: int) -> str:
    return desk(organiser, tournament_id).split('id="board"', 1)[1].split("</section>", 1)[0]


@pytest.fixture
def drawn(organiser, cup) -> int:
    organiser.draw(cup)
    return cup


# -- the clock --------------------------------------------------------------------------------------

def test_the_clock_starts_for_the_minutes_given_and_every_table_phone_shows_when_it_ends(app, organiser, drawn):
    assert 'name="minutes"' in board(organiser, drawn) and 'value="45"' in board(organiser, drawn)
    assert clock(organiser, drawn, "start", minutes="30").status_code == 302
    shown = board(organiser, drawn)
    assert "ends at" in shown and "data-ends=" in shown
    table_phone, match_id = phone(app, organiser.links(drawn, 1)[0])
    for page in (f"/matches/{match_id}", f"/matches/{match_id}/deals/new"):
        html = table_phone.get(page).get_data(as_text=True)
        assert 'role="timer"' in html and "ends at" in html and "js/clock.js" in html, page
    with app.app_context():
        assert store.get_evening_settings(store.get_db(), drawn).round_minutes == 30, "the round time is kept"


def test_a_casual_match_shows_no_clock(client, pages):
    match_id = pages.start_match()
    assert 'role="timer"' not in client.get(f"/matches/{match_id}").get_data(as_text=True)


@pytest.mark.parametrize(("fields", "message"), [
    ({"minutes": "0"}, "Give from 1 to 300 minutes; got 0"),
    ({"minutes": "ninety"}, "Not a valid integer value."),
])
def test_a_clock_of_no_time_is_refused_by_its_field_and_the_typed_value_kept(organiser, drawn, fields, message):
    response = clock(organiser, drawn, "start", **fields)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in errors(html) and f'value="{fields["minutes"]}"' in html
    assert "ends at" not in html


def test_the_clock_pauses_starts_again_and_takes_more_time(app, organiser, drawn):
    clock(organiser, drawn, "start", minutes="30")
    assert clock(organiser, drawn, "pause").status_code == 302
    paused = board(organiser, drawn)
    assert "The clock is paused" in paused and re.search(r'class="countdown">(30:00|29:5\d)<', paused)
    clock(organiser, drawn, "resume")
    time_passes(app, drawn, 31)
    assert "Time is up: finish the deal in play, it is the last" in board(organiser, drawn)
    assert clock(organiser, drawn, "pause").status_code == 422, "a clock whose time is up is not paused"
    clock(organiser, drawn, "add", extra="5")
    assert "ends at" in board(organiser, drawn)


def test_after_time_is_up_the_deal_in_play_is_the_last_and_the_table_then_says_no_new_deal(app, organiser, drawn):
    clock(organiser, drawn, "start", minutes="30")
    table_phone, match_id = phone(app, organiser.links(drawn, 1)[0])
    time_passes(app, drawn, 31)
    assert "finish the deal in play, it is the last" in table_phone.get(f"/matches/{match_id}").get_data(as_text=True)
    assert table_phone.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    over = table_phone.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "The round is over: no new deal" in over and "Record deal" not in over


# -- the desk's board ------------------------------------------------------------------------------

def test_the_board_shows_each_table_s_deals_and_flags_the_slow_one(app, organiser, drawn):
    clock(organiser, drawn, "start", minutes="45")
    first, second = organiser.links(drawn, 1)
    table_phone, match_id = phone(app, first)
    assert table_phone.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    phone(app, second)
    rows = re.findall(r"<tr( class=\"slow\")?>\s*<td><a[^>]*>Table (\d)</a></td>\s*<td class=\"num\">(\d+)</td>",
                      board(organiser, drawn))
    assert rows == [("", "1", "1"), (' class="slow"', "2", "0")]


# -- closing the round -----------------------------------------------------------------------------

def close(organiser: Organiser, tournament_id: int, confirmed: bool = True, **fields: str):
    return organiser.post(f"/tournaments/{tournament_id}/rounds/1/close",
                          {"reason": "Time is up", **fields, **({"confirmed": "yes"} if confirmed else {})},
                          page=f"/tournaments/{tournament_id}", follow=True)


def test_a_round_is_not_closed_while_its_clock_runs(app, organiser, drawn):
    clock(organiser, drawn, "start", minutes="45")
    html = close(organiser, drawn).get_data(as_text=True)
    assert "The clock of round 1 still runs: wait until time is up, or pause it to close the round early" \
        in refusals(html)
    with app.app_context():
        assert store.list_closures(store.get_db(), [1, 2]) == {}


def test_closing_the_round_asks_first_then_scores_tables_as_they_stand_and_the_next_round_can_be_drawn(
        app, organiser, drawn):
    table_phone, match_id = phone(app, organiser.links(drawn, 1)[0])
    assert table_phone.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201  # E-W 220 to 60
    clock(organiser, drawn, "start", minutes="30")
    time_passes(app, drawn, 31)
    asked = close(organiser, drawn, confirmed=False)
    assert "Close round 1?" in asked.get_data(as_text=True)
    with app.app_context():
        assert store.list_closures(store.get_db(), [1, 2]) == {}, "nothing closed on the first tap"
    html = close(organiser, drawn, reason="Time is up at 22:30").get_data(as_text=True)
    assert "Round 1 is closed: 2 tables scored as the organiser said." in flashes(html)
    assert "closed: Time is up at 22:30" in html and "Draw round 2" in html
    standings = standings_table(html)
    assert re.search(r"<td class=\"num\">1-0-0</td>", standings) and re.search(r"0-1-0", standings), \
        "the closed tables count: one won as it stood, one drawn at 0-0"
    history = table_phone.get(f"/matches/{match_id}/history").get_data(as_text=True)
    assert "table closed after 1 deals: Time is up at 22:30" in history
    over = table_phone.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "The round is over: no new deal" in over and "Record deal" not in over
    assert table_phone.post(f"/api/v1/matches/{match_id}/deals", json={**DEAL, "bidder": "N"}).status_code == 201
    again = standings_table(desk(organiser, drawn))
    assert again == standings, "a deal recorded after the table was closed changes nothing"


def standings_table(html: str) -> str:
    """The desk's standings table alone (the prize list under it carries the tournament's own links)."""
    return html.split("<h2>Standings</h2>", 1)[1].split("</table>", 1)[0]


def test_the_organiser_gives_a_closed_table_its_result(app, organiser, drawn):
    html = close(organiser, drawn, result_1="1", result_2="draw").get_data(as_text=True)
    assert "Round 1 is closed: 2 tables scored as the organiser said." in flashes(html)
    with app.app_context():
        closures = store.list_closures(store.get_db(), [1, 2])
    assert (closures[1].winner, closures[2].winner) == (1, store.DRAW)


def test_the_record_carries_the_closed_tables_and_imports_them_back(app, organiser, drawn):
    close(organiser, drawn, result_1="1", result_2="draw")
    record = organiser.client.get(f"/tournaments/{drawn}/export.json").get_json()
    assert [t["closed"]["winner"] for t in record["rounds"][0]["tables"]] == [1, -1]
    with app.app_context():  # imported as another tournament (a uuid of its own)
        copy, added = store.import_tournament(store.get_db(), records.read({**record, "uuid": str(uuid.uuid4())}),
                                              access.new_token)
    assert added
    assert standings_table(desk(organiser, copy)) == standings_table(desk(organiser, drawn))
    assert "Draw round 2" in desk(organiser, copy)


def test_closing_without_a_reason_is_refused_by_its_field(app, organiser, drawn):
    response = close(organiser, drawn, reason="  ")
    assert response.status_code == 422
    assert "Say why the round is closed." in errors(response.get_data(as_text=True))


# -- the wall --------------------------------------------------------------------------------------

def wall(app, tournament_id: int) -> str:
    response = app.test_client().get(f"/tournaments/{tournament_id}/standings")  # no organiser: it is public
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_wall_shows_tables_names_and_clock_but_never_a_table_link(app, organiser, drawn):
    clock(organiser, drawn, "start", minutes="40")
    html = wall(app, drawn)
    assert "Round 1: the tables" in html and "Find your table" in html and 'role="timer"' in html
    assert "/t/" not in html and 'http-equiv="refresh"' not in html
    with app.app_context():
        tokens = [t.token for r in store.list_rounds(store.get_db(), drawn) for t in r.tables]
    assert not any(token in html for token in tokens)
    found = re.findall(r"<li><span>([^<]+)</span> <strong>(\d)</strong></li>", html)
    assert [name for name, _table in found] == sorted(name for name, _table in found)
    assert len(found) == 8
    assert 'data-live="/tournaments/1/wall.json"' in html and "Show the latest" in html


def test_the_wall_s_script_gets_its_live_part_alone(app, organiser, drawn):
    live = app.test_client().get(f"/tournaments/{drawn}/wall.json").json["html"]
    assert "Find your table" in live and "<html" not in live and "/t/" not in live


def test_the_wall_s_script_hears_not_modified_until_its_part_changes(app, organiser, drawn):
    screen, live = app.test_client(), f"/tournaments/{drawn}/wall.json"
    first = screen.get(live)
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache", "the browser asks again each time, with the tag"
    same = screen.get(live, headers={"If-None-Match": tag})
    assert same.status_code == 304 and not same.data
    clock(organiser, drawn, "start", minutes="40")  # the round's clock shows on the wall
    moved = screen.get(live, headers={"If-None-Match": tag})
    assert moved.status_code == 200 and 'role="timer"' in moved.json["html"] and moved.headers["ETag"] != tag


def test_the_wall_holds_new_pairings_until_published_and_hides_the_standings_when_told(app, organiser, drawn):
    organiser.post(f"/tournaments/{drawn}/wall", {"standings": "y", "hold": "y"}, page=f"/tournaments/{drawn}")
    html = wall(app, drawn)
    assert "Find your table" not in html and "Round 1: the tables are coming" in html and "wall-standings" in html
    organiser.post(f"/tournaments/{drawn}/wall", {"hold": "y", "publish": "y"}, page=f"/tournaments/{drawn}")
    html = wall(app, drawn)
    assert "Find your table" in html and "<h2 id=\"wall-standings\">" not in html


def test_the_wall_settings_are_the_organiser_s(app, drawn):
    stranger = app.test_client()
    token = csrf_token(stranger.get("/organiser/login").get_data(as_text=True))
    response = stranger.post(f"/tournaments/{drawn}/wall", data={"csrf_token": token})
    assert response.status_code == 302 and "/organiser/login" in response.headers["Location"]
