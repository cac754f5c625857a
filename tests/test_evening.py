"""The evening's rules on plain data (scorekeeper.evening): the door and the roster."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

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
