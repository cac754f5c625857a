"""The door after the first round (issue "The club evening"): a late pair joins, a pair
withdraws, a player is replaced, and the draws and standings follow."""

from __future__ import annotations

import re
import uuid

import pytest

from scorekeeper import store
from scorekeeper.web.tournaments import load_state
from tests.web.test_tournaments import NAMES, Organiser, flashes, organiser, play  # noqa: F401  (fixture)

LATE = ("Ivy", "Jo")


@pytest.fixture
def evening(organiser) -> int:
    """A Contrée tournament of four pairs, three rounds of two deals, round 1 drawn and played."""
    ids = organiser.players((*NAMES, *LATE, "Kim"))
    tournament_id = organiser.tournament(rounds="3", late_rounds="bye")
    for first, second in zip(ids[:8:2], ids[1:8:2], strict=True):
        assert organiser.enter(tournament_id, first, second).status_code == 302
    organiser.draw(tournament_id)
    for link in organiser.links(tournament_id, 1):
        play(organiser.app, link)
    return tournament_id


def state(organiser: Organiser, tournament_id: int):
    with organiser.app.test_request_context():
        return load_state(tournament_id)


def player_ids(organiser: Organiser) -> dict[str, int]:
    with organiser.app.app_context():
        return {p.name: p.id for p in store.list_players(store.get_db())}


def drawn_entries(organiser: Organiser, tournament_id: int, number: int) -> set[int]:
    rounds = state(organiser, tournament_id).rounds
    return {e for table in rounds[number - 1].tables for side in table.sides for e in side} | set(
        rounds[number - 1].byes)


def test_a_late_pair_joins_from_the_next_round_with_its_missed_round_as_a_bye(organiser, evening):
    ids = player_ids(organiser)
    page = organiser.client.get(f"/tournaments/{evening}").get_data(as_text=True)
    assert "Late: they join from round 2." in page  # the entry form stays after round 1
    joined = organiser.enter(evening, ids["Ivy"], ids["Jo"])
    assert joined.status_code == 302
    assert "Ivy &amp; Jo join from round 2." in flashes(organiser.client.get(f"/tournaments/{evening}").get_data(
        as_text=True))
    late = max(state(organiser, evening).entries)
    assert state(organiser, evening).entries[late].joins == 2
    standing = next(s for s in state(organiser, evening).standings if s.entry == late)
    assert (standing.byes, standing.match_points, standing.points_for) == (1, 2, 0)  # the rule chosen: a bye
    organiser.draw(evening)
    assert late in drawn_entries(organiser, evening, 2) and len(drawn_entries(organiser, evening, 2)) == 5


def test_a_withdrawn_pair_is_drawn_no_more_and_its_tables_stand(organiser, evening):
    first = min(state(organiser, evening).entries)
    before = next(s for s in state(organiser, evening).standings if s.entry == first)
    response = organiser.post(f"/tournaments/{evening}/entries/{first}/withdraw", {"confirmed": "yes"},
                              page=f"/tournaments/{evening}", follow=True)
    html = response.get_data(as_text=True)
    assert "Ann &amp; Ben withdrew after round 1: they are drawn no more." in html
    assert "withdrew after round 1" in html
    organiser.draw(evening)
    assert first not in drawn_entries(organiser, evening, 2) and len(drawn_entries(organiser, evening, 2)) == 3
    after = next(s for s in state(organiser, evening).standings if s.entry == first)
    assert (after.played, after.points_for) == (before.played, before.points_for)  # round 1 still counts
    again = organiser.post(f"/tournaments/{evening}/entries/{first}/withdraw", {"confirmed": "yes"},
                           page=f"/tournaments/{evening}", follow=True)
    assert re.search(r'class="flash refused"[^>]*>This entry has withdrawn already', again.get_data(as_text=True))


def test_a_substitute_takes_a_seat_for_the_rest_of_the_evening(organiser, evening):
    ids = player_ids(organiser)
    entry = min(state(organiser, evening).entries)
    response = organiser.post(f"/tournaments/{evening}/entries/{entry}/replace",
                              {"leaving": str(ids["Ben"]), "coming": str(ids["Kim"])},
                              page=f"/tournaments/{evening}", follow=True)
    assert "Kim takes the place of Ben from now on." in response.get_data(as_text=True)
    organiser.draw(evening)
    current = state(organiser, evening)
    round_1 = {v.match.id: v.match.players for v in current.tables[1]}
    round_2 = [v.match.players for v in current.tables[2]]
    assert any("Ben" in players.values() for players in round_1.values())  # played as it was
    assert any("Kim" in players.values() for players in round_2) and not any(
        "Ben" in players.values() for players in round_2)
    refused = organiser.post(f"/tournaments/{evening}/entries/{entry}/replace",
                             {"leaving": str(ids["Ann"]), "coming": str(ids["Cy"])},
                             page=f"/tournaments/{evening}", follow=True)
    assert "Choose who leaves and who takes their place." in refused.get_data(as_text=True)  # Cy is offered not


def test_nobody_joins_once_the_last_round_is_drawn(organiser, evening):
    ids = player_ids(organiser)
    for number in (2, 3):
        if number == 3:
            for link in organiser.links(evening, 2):
                play(organiser.app, link)
        organiser.draw(evening)
    assert "Register a pair" not in organiser.client.get(f"/tournaments/{evening}").get_data(as_text=True)
    refused = organiser.enter(evening, ids["Ivy"], ids["Jo"])
    assert refused.status_code == 422 and "All 3 rounds are drawn" in refused.get_data(as_text=True)


def test_the_record_carries_the_door_and_imports_it_back(organiser, evening):
    ids = player_ids(organiser)
    organiser.enter(evening, ids["Ivy"], ids["Jo"])
    organiser.post(f"/tournaments/{evening}/entries/{min(state(organiser, evening).entries)}/withdraw",
                   {"confirmed": "yes"},
                   page=f"/tournaments/{evening}")
    record = organiser.client.get(f"/tournaments/{evening}/export.json").get_json()
    assert record["tournament"]["late_rounds"] == "bye"
    assert [(e["joins"], e["withdrawn"]) for e in record["entries"]] == [(1, 1), (1, None), (1, None), (1, None),
                                                                          (2, None)]
    with organiser.app.app_context():
        from scorekeeper import records
        from scorekeeper.web import access

        record["uuid"] = str(uuid.uuid4())  # (a copy beside it: the same uuid would be the same tournament)
        copy, added = store.import_tournament(store.get_db(), records.read(record), access.new_token)
    assert added
    assert [(e.joins, e.withdrawn) for e in state(organiser, copy).entries.values()] == [
        (1, 1), (1, None), (1, None), (1, None), (2, None)]
    assert [s.match_points for s in state(organiser, copy).standings] == [
        s.match_points for s in state(organiser, evening).standings]


def test_players_kept_apart_are_never_drawn_at_one_table(organiser):
    ids = organiser.players()
    tournament_id = organiser.tournament(rounds="2")
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        organiser.enter(tournament_id, first, second)
    by_name = player_ids(organiser)
    kept = organiser.post(f"/tournaments/{tournament_id}/apart", {"first": by_name["Ann"], "second": by_name["Cy"]},
                          page=f"/tournaments/{tournament_id}", follow=True)
    assert "Ann and Cy" in kept.get_data(as_text=True)
    organiser.draw(tournament_id)
    entries = {e.players[0]: e.id for e in state(organiser, tournament_id).entries.values()}
    for table in state(organiser, tournament_id).rounds[0].tables:
        seated = {e for side in table.sides for e in side}
        assert not {entries[by_name["Ann"]], entries[by_name["Cy"]]} <= seated


def test_a_draw_that_cannot_keep_two_apart_says_so(organiser):
    ids = organiser.players(("Ann", "Ben", "Cy", "Di"))
    tournament_id = organiser.tournament(rounds="1")
    organiser.enter(tournament_id, ids[0], ids[1])
    organiser.enter(tournament_id, ids[2], ids[3])
    organiser.post(f"/tournaments/{tournament_id}/apart", {"first": ids[0], "second": ids[2]},
                   page=f"/tournaments/{tournament_id}")
    html = organiser.draw(tournament_id).get_data(as_text=True)
    assert re.search(r'class="flash refused"[^>]*>Ann &amp; Ben and Cy &amp; Di could not be kept apart', html)


def test_the_desk_offers_to_replace_a_player_only_while_one_of_the_club_is_free(organiser):
    """Once a round is drawn each entry still playing may withdraw; a player may be replaced only by
    one of the club's players not entered (none free: no replacement offered, the withdrawal stays)."""
    ids = organiser.players(NAMES[:4])
    cup = organiser.tournament()
    organiser.enter(cup, ids[0], ids[1]), organiser.enter(cup, ids[2], ids[3])
    organiser.draw(cup)
    desk = organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)
    assert desk.count("Drawn no more from round 2") == 2 and "Replace for the rest of the tournament" not in desk
    organiser.players(("Kim",))
    desk = organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)
    assert desk.count("Drawn no more from round 2") == 2 and desk.count("Replace for the rest of the tournament") == 2
