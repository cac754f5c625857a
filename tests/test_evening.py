"""The evening's rules on plain data (scorekeeper.evening): the door and the roster."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import evening, pairings
from scorekeeper.errors import RuleViolation


@dataclass
class Entry:
    id: int
    joins: int = 1
    withdrawn: int | None = None


def test_a_late_entry_is_drawn_from_the_round_it_joins_and_a_withdrawn_one_no_more():
    entries = [Entry(1), Entry(2, withdrawn=1), Entry(3, joins=2), Entry(4, joins=3)]
    assert evening.drawn_in(entries, 1) == [1]
    assert evening.drawn_in(entries, 2) == [1, 3]
    assert evening.drawn_in(entries, 3) == [1, 3, 4]


@pytest.mark.parametrize(("rule", "credited"), [("zero", []), ("bye", [3, 4, 4])])
def test_missed_rounds_count_as_the_tournament_says(rule, credited):
    assert evening.missed_byes([Entry(1), Entry(3, joins=2), Entry(4, joins=3)], rule) == credited


def test_nobody_joins_once_every_round_is_drawn():
    assert evening.may_join(1, 3) == 2
    with pytest.raises(RuleViolation, match="All 3 rounds are drawn"):
        evening.may_join(3, 3)


@pytest.mark.parametrize(("kwargs", "said"), [
    ({"drawn": 2}, "Round 2 is drawn already"),
    ({"drawn": 1, "last_finished": False}, "Round 1 is not finished"),
    ({"drawn": 1, "playing": 1}, "At least 2 entries are needed"),
    ({"drawn": 3, "planned": 3}, "All 3 rounds are played"),
])
def test_a_round_is_drawn_only_when_the_evening_allows(kwargs, said):
    asked = {"drawn": 1, "planned": 3, "last_finished": True, "playing": 4, "need": 2, **kwargs}
    number = asked["drawn"] + (0 if said.startswith("Round 2 is drawn") else 1)
    with pytest.raises(RuleViolation, match=said):
        evening.check_drawable(number, **asked)


def test_the_swiss_round_pairs_only_those_playing_ranked_among_everyone():
    """Entry 2 withdrew after round 1; entry 5 joins in round 2 with a bye credited: it ranks
    with the winners of round 1 and meets one of them."""
    round_1 = pairings.Round((((1,), (2,)), ((3,), (4,))))
    results = [pairings.Result(((1,), (2,)), (300, 100), 0), pairings.Result(((3,), (4,)), (250, 150), 0)]
    drawn = pairings.next_round([1, 2, 3, 4, 5], [round_1], results, seats=2, seed=7, ranking="match_points",
                                playing=[1, 3, 4, 5], credited=[5])
    met = {frozenset((a[0], b[0])) for a, b in drawn.tables}
    assert 2 not in {e for table in drawn.tables for side in table for e in side}
    assert met == {frozenset((1, 3)), frozenset((5, 4))} and drawn.byes == ()


def test_a_pasted_list_refuses_a_line_of_three_columns_and_an_empty_list():
    with pytest.raises(RuleViolation, match="Line 1"):
        evening.read_player_list("Ann;1;2")
    with pytest.raises(RuleViolation, match="Paste at least one name"):
        evening.read_player_list("Name;Licence\n\n")
    with pytest.raises(RuleViolation, match="at most 40 characters"):
        evening.read_player_list("A" * 41)


APART = frozenset({frozenset((1, 2))})


@pytest.mark.parametrize("seed", range(12))
def test_the_first_round_keeps_apart_two_entries_whatever_the_seed(seed):
    drawn = pairings.first_round([1, 2, 3, 4, 5, 6], seed, APART)
    assert pairings.broken_apart(drawn, APART) == []
    assert sorted(e for table in drawn.tables for side in table for e in side) == [1, 2, 3, 4, 5, 6]


def test_a_swiss_round_would_rather_repeat_a_meeting_than_seat_two_kept_apart():
    """1 and 2 lead the ranking (they would meet), 3 and 4 met already: 1-3 and 2-4 is the way."""
    drawn = pairings.swiss_round([1, 2, 3, 4], met=[(1, 4), (2, 3)], had_bye=[], apart=APART)
    assert {frozenset((a[0], b[0])) for a, b in drawn.tables} == {frozenset((1, 3)), frozenset((2, 4))}


@pytest.mark.parametrize("round_index", range(5))
def test_individual_players_kept_apart_never_share_a_table(round_index):
    drawn = pairings.rotation_round(list(range(1, 9)), round_index, [], [], [], seed=round_index, apart=APART)
    assert pairings.broken_apart(drawn, APART) == []


def test_two_entries_kept_apart_meet_when_nothing_else_can_be_drawn_and_it_is_said():
    drawn = pairings.first_round([1, 2], 3, APART)
    assert pairings.broken_apart(drawn, APART) == [frozenset((1, 2))]


# -- the round's clock (the tournament rule: when time is up, the deal in play is the last) ----------

START = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)


def minutes(n: float) -> datetime:
    return START + timedelta(minutes=n)


def test_a_clock_runs_from_its_start_and_time_up_is_the_last_deal():
    clock = evening.start_clock(evening.Clock(), 45, START)
    assert evening.clock_phase(evening.Clock(), START) == evening.NOT_STARTED
    assert evening.clock_phase(clock, minutes(44)) == evening.RUNNING
    assert evening.remaining(clock, minutes(44)) == 60
    assert evening.ends_at(clock) == minutes(45)
    assert evening.clock_phase(clock, minutes(45)) == evening.LAST_DEAL


def test_a_paused_clock_keeps_its_time_and_the_pause_is_not_counted():
    paused = evening.pause_clock(evening.start_clock(evening.Clock(), 45, START), minutes(10))
    assert evening.clock_phase(paused, minutes(50)) == evening.PAUSED
    assert evening.remaining(paused, minutes(50)) == 35 * 60
    assert evening.ends_at(paused) is None
    resumed = evening.resume_clock(paused, minutes(20))
    assert evening.ends_at(resumed) == minutes(55)
    assert evening.clock_phase(resumed, minutes(54)) == evening.RUNNING


def test_time_added_after_time_is_up_lets_the_tables_deal_again():
    clock = evening.start_clock(evening.Clock(), 30, START)
    assert evening.clock_phase(clock, minutes(31)) == evening.LAST_DEAL
    assert evening.clock_phase(evening.add_time(clock, 5), minutes(31)) == evening.RUNNING


@pytest.mark.parametrize(("change", "field"), [
    pytest.param(lambda: evening.start_clock(evening.Clock(), 0, START), "minutes", id="no minutes"),
    pytest.param(lambda: evening.start_clock(evening.Clock(), 301, START), "minutes", id="more than 300"),
    pytest.param(lambda: evening.start_clock(evening.Clock(START, 60), 45, START), "minutes", id="started already"),
    pytest.param(lambda: evening.pause_clock(evening.Clock(), START), "clock", id="pause before the start"),
    pytest.param(lambda: evening.pause_clock(evening.Clock(START, 60), minutes(2)), "clock", id="pause when time is up"),
    pytest.param(lambda: evening.resume_clock(evening.Clock(START, 60), START), "clock", id="resume a running clock"),
    pytest.param(lambda: evening.add_time(evening.Clock(), 5), "clock", id="add time before the start"),
    pytest.param(lambda: evening.add_time(evening.Clock(START, 60), 0), "extra", id="add no time"),
])
def test_a_clock_refuses_what_makes_no_sense_naming_the_field(change, field):
    with pytest.raises(RuleViolation) as err:
        change()
    assert err.value.field == field


def test_a_table_is_over_once_the_deal_after_time_is_up_is_recorded():
    """The tournament rule: the deal in play when time is up is finished; no new deal after it."""
    clock = evening.start_clock(evening.Clock(), 45, START)
    before = [minutes(10), minutes(40)]
    assert evening.table_phase(clock, minutes(46), done=False, deal_times=before) == evening.LAST_DEAL
    assert evening.table_phase(clock, minutes(50), done=False, deal_times=[*before, minutes(49)]) == evening.OVER
    assert evening.table_phase(clock, minutes(20), done=True, deal_times=before) == evening.OVER


@given(pauses=st.lists(st.tuples(st.integers(0, 600), st.integers(0, 600)), max_size=6),
       added=st.integers(0, 60), start_minutes=st.integers(1, 300))
def test_the_time_left_counts_only_the_time_the_clock_ran(pauses, added, start_minutes):
    """Whatever the pauses, the time left is the round's time (with time added) less the time run."""
    clock, at, ran = evening.start_clock(evening.Clock(), start_minutes, START), START, 0
    for running, paused in pauses:
        at += timedelta(seconds=running)
        ran += running
        if evening.clock_phase(clock, at) != evening.RUNNING:
            break
        clock = evening.pause_clock(clock, at)
        at += timedelta(seconds=paused)
        clock = evening.resume_clock(clock, at)
    if added:
        clock = evening.add_time(clock, added)
    assert evening.remaining(clock, at) == (start_minutes + added) * 60 - ran


def test_slow_tables_have_fewer_deals_than_most_or_none_for_a_while():
    at = minutes(30)
    clock = evening.start_clock(evening.Clock(), 45, START)
    deals, last = {1: 4, 2: 2, 3: 4, 4: 0}, {1: minutes(28), 2: minutes(29), 3: minutes(10), 4: None}
    assert evening.slow_tables(deals, last, [], clock, at) == {2, 3, 4}
    assert evening.slow_tables(deals, last, [2, 4], clock, at) == {3}, "a table done is never slow"
    paused = evening.pause_clock(clock, minutes(29))
    assert evening.slow_tables(deals, last, [], paused, at) == {2, 4}, "idle counts only while the clock runs"


# -- closing a round -----------------------------------------------------------------------------

@pytest.mark.parametrize(("number", "drawn", "finished", "phase", "refused"), [
    pytest.param(2, 2, False, evening.LAST_DEAL, False, id="time is up"),
    pytest.param(2, 2, False, evening.NOT_STARTED, False, id="no clock: the organiser's call"),
    pytest.param(2, 2, False, evening.PAUSED, False, id="paused: closing early"),
    pytest.param(2, 2, False, evening.RUNNING, True, id="the clock still runs"),
    pytest.param(2, 2, True, evening.LAST_DEAL, True, id="every table finished"),
    pytest.param(1, 2, False, evening.LAST_DEAL, True, id="an earlier round"),
])
def test_when_a_round_may_be_closed(number, drawn, finished, phase, refused):
    if refused:
        with pytest.raises(RuleViolation) as err:
            evening.check_closable(number, drawn=drawn, finished=finished, phase=phase)
        assert err.value.field == "round"
    else:
        evening.check_closable(number, drawn=drawn, finished=finished, phase=phase)


@given(st.lists(st.integers(-500, 500), min_size=2, max_size=4))
def test_a_table_closed_as_it_stands_is_won_by_the_one_highest_total_else_drawn(totals):
    winner = evening.standing_winner(totals)
    if totals.count(max(totals)) > 1:
        assert winner is None
    else:
        assert totals[winner] == max(totals)


# -- the wall --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("choice", "drawn", "pairings"), [
    pytest.param(evening.WallChoice(), 0, None, id="nothing drawn"),
    pytest.param(evening.WallChoice(), 2, 2, id="the last round at once"),
    pytest.param(evening.WallChoice(hold=True, published=1), 2, None, id="held until published"),
    pytest.param(evening.WallChoice(hold=True, published=2), 2, 2, id="published"),
])
def test_the_wall_shows_the_last_round_once_it_may(choice, drawn, pairings):
    assert evening.wall_shows(choice, drawn).pairings == pairings


def test_the_wall_hides_the_standings_when_the_organiser_says():
    assert not evening.wall_shows(evening.WallChoice(standings=False), 3).standings
    assert evening.wall_shows(evening.WallChoice(), 3).standings
