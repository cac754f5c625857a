"""Pairings and standings (scorekeeper.pairings): a reproducible draw, Swiss rounds without
avoidable rematches, rotating byes, new partners every round, and the three ranking rules."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings, strategies as st

from scorekeeper import pairings
from scorekeeper.pairings import Result, Round


def entrants(n: int) -> list[int]:
    return list(range(1, n + 1))


def test_the_same_seed_draws_the_same_first_round_and_another_seed_another():
    assert pairings.first_round(entrants(10), 7) == pairings.first_round(entrants(10), 7)
    assert len({pairings.first_round(entrants(10), seed) for seed in range(20)}) > 1


def test_an_odd_number_of_entries_leaves_one_out_of_the_first_round():
    round_ = pairings.first_round(entrants(7), 1)
    assert len(round_.tables) == 3 and len(round_.byes) == 1
    seated = [e for table in round_.tables for side in table for e in side] + list(round_.byes)
    assert sorted(seated) == entrants(7)


def rematch_free_round_exists(entries: list[int], met: set[frozenset[int]]) -> bool:
    """Brute force: can ``entries`` be paired with no two that have met?"""
    if not entries:
        return True
    first = entries[0]
    return any(frozenset((first, other)) not in met
               and rematch_free_round_exists([e for e in entries[1:] if e != other], met)
               for other in entries[1:])


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 9), rounds=st.integers(1, 5), seed=st.integers(0, 10**6), data=st.data())
def test_swiss_rounds_never_repeat_a_meeting_that_could_be_avoided(n, rounds, seed, data):
    entries = entrants(n)
    played: list[Round] = []
    for _ in range(rounds):
        ranked = data.draw(st.permutations(entries))  # any standings order
        met = pairings.met_pairs(played)
        round_ = pairings.swiss_round(ranked, met, pairings.all_byes(played)) if played \
            else pairings.first_round(entries, seed)
        pairs = [frozenset((a[0], b[0])) for a, b in round_.tables]
        seen = {frozenset(pair) for pair in met}
        playing = [e for e in ranked if e not in round_.byes]
        if rematch_free_round_exists(playing, seen):
            assert not seen & set(pairs), f"a rematch in {round_} although one could be avoided"
        played.append(round_)


@settings(max_examples=100, deadline=None)
@given(n=st.integers(3, 11).filter(lambda n: n % 2), data=st.data())
def test_the_bye_rotates_until_everyone_has_had_one(n, data):
    played: list[Round] = []
    for _ in range(n):
        ranked = data.draw(st.permutations(entrants(n)))
        played.append(pairings.swiss_round(ranked, pairings.met_pairs(played), pairings.all_byes(played)))
    assert sorted(pairings.all_byes(played)) == entrants(n)  # n rounds, n different byes


def test_the_bye_goes_to_the_lowest_ranked_entry_without_one():
    round_ = pairings.swiss_round([3, 1, 2, 5, 4], [], [4])
    assert round_.byes == (5,)


def test_swiss_pairs_neighbours_in_the_standings():
    round_ = pairings.swiss_round([4, 2, 3, 1], [], [])
    assert round_.tables == (((4,), (2,)), ((3,), (1,)))


def test_swiss_avoids_the_rematch_of_the_leaders_by_moving_down_one():
    round_ = pairings.swiss_round([1, 2, 3, 4], [(1, 2)], [])
    assert round_.tables == (((1,), (3,)), ((2,), (4,)))


def partners(rounds: list[Round]) -> Counter[frozenset[int]]:
    return Counter(frozenset(pair) for pair in pairings.partner_pairs(rounds))


@settings(max_examples=40, deadline=None)
@given(n=st.sampled_from([4, 8, 12, 16, 20]), seed=st.integers(0, 10**6))
def test_with_nobody_sitting_out_every_player_gets_a_new_partner_each_round(n, seed):
    """n players (a multiple of four) over n - 1 rounds: each partners every other player once."""
    played: list[Round] = []
    for _ in range(n - 1):
        played.append(pairings.next_round(entrants(n), played, [], seats=4, seed=seed, ranking="match_points"))
    assert max(partners(played).values()) == 1
    for player in entrants(n):
        assert sum(player in pair for pair in partners(played)) == n - 1


@settings(max_examples=40, deadline=None)
@given(n=st.integers(5, 15).filter(lambda n: n % 4), seed=st.integers(0, 10**6))
def test_with_players_sitting_out_partners_do_not_repeat_in_the_first_rounds_and_sit_outs_rotate(n, seed):
    played: list[Round] = []
    for _ in range(3):
        played.append(pairings.next_round(entrants(n), played, [], seats=4, seed=seed, ranking="match_points"))
    assert max(partners(played).values()) == 1
    sat_out = Counter(pairings.all_byes(played))
    counts = [sat_out[player] for player in entrants(n)]
    assert max(counts) - min(counts) <= 1  # nobody sits out twice while another has not sat out
    for round_ in played:
        assert len(round_.byes) == n % 4
        seated = [e for table in round_.tables for side in table for e in side] + list(round_.byes)
        assert sorted(seated) == entrants(n)


def test_opponents_repeat_as_little_as_possible():
    played: list[Round] = []
    for _ in range(3):
        played.append(pairings.next_round(entrants(16), played, [], seats=4, seed=3, ranking="match_points"))
    met = Counter(frozenset(pair) for pair in pairings.met_pairs(played))
    assert max(met.values()) == 1  # 16 players, 3 rounds: nobody needs to meet an opponent twice


RESULTS = [Result(((1,), (2,)), (300, 100), 0),  # 1 beats 2
           Result(((3,), (4,)), (250, 250), None),  # 3 and 4 draw
           Result(((1,), (3,)), (90, 500), 1),  # 3 beats 1 by far
           Result(((2,), (4,)), (400, 380), 0)]  # 2 beats 4


def ranked(rule: str) -> list[int]:
    return [s.entry for s in pairings.standings(entrants(4), RESULTS, [], rule)]


def test_match_points_then_points_scored():
    # 1: 2 wins? no: 1 won once, lost once (2 MP, 390); 3: draw + win (3 MP); 2: 2 MP, 500; 4: 1 MP
    assert ranked("match_points") == [3, 2, 1, 4]


def test_total_points_as_in_a_french_concours():
    assert ranked("total_points") == [3, 4, 2, 1]  # 750, 630, 500, 390


def test_wins_then_points_difference():
    # wins: 1, 2, 3 one each; differences: 3 +410, 2 -180, 1 -210; 4: no win
    assert ranked("wins_then_difference") == [3, 2, 1, 4]


def test_a_bye_counts_as_a_win_without_points():
    record = pairings.standings(entrants(3), [], [2], "match_points")
    assert record[0].entry == 2 and record[0].match_points == 2 and record[0].points_for == 0


def test_four_players_scoring_alone_each_count_against_the_mean_of_the_others():
    result = Result(((1,), (2,), (3,), (4,)), (60, 30, 0, -30), 0)
    table = {s.entry: s for s in pairings.standings(entrants(4), [result], [], "total_points")}
    assert table[1].wins == 1 and table[2].losses == 1
    assert table[1].points_against == 0  # (30 + 0 - 30) / 3
    assert sorted(table[1].opponents) == [2, 3, 4]


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(0, 500), st.integers(0, 500))
                .filter(lambda t: t[0] != t[1]), max_size=10))
def test_standings_never_depend_on_the_order_results_were_entered(games):
    results = [Result(((a,), (b,)), (pa, pb), None if pa == pb else (0 if pa > pb else 1)) for a, b, pa, pb in games]
    for rule in pairings.RANKINGS:
        forward = pairings.standings(entrants(6), results, [], rule)
        backward = pairings.standings(entrants(6), list(reversed(results)), [], rule)
        assert [(s.entry, s.match_points, s.points_for) for s in forward] == \
            [(s.entry, s.match_points, s.points_for) for s in backward]


def test_every_pair_of_players_is_listed_once_per_table_in_met_pairs():
    round_ = Round((((1, 2), (3, 4)),), ())
    assert sorted(map(sorted, pairings.met_pairs([round_]))) == [list(p) for p in itertools.product([1, 2], [3, 4])]
