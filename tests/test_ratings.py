"""Players' ratings from tables' results (scorekeeper.ratings): pure, replayed in play order."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from scorekeeper.ratings import TableResult, rate, ranked


def table(order: int, north_south: tuple[int, int], east_west: tuple[int, int], winner: int | None,
          points: tuple[int, int] = (220, 60)) -> TableResult:
    return TableResult((order,), (north_south, east_west), points if winner != 1 else points[::-1], winner)


def test_the_winners_go_up_the_losers_down_and_partners_share_it():
    rated = rate([table(1, (1, 2), (3, 4), 0)])
    assert rated[1].shown == rated[2].shown > 0 > rated[3].shown == rated[4].shown
    assert [r.tables for r in rated.values()] == [1, 1, 1, 1]


def test_a_draw_leaves_equal_players_equal():
    rated = rate([table(1, (1, 2), (3, 4), None, (80, 80))])
    assert rated[1].shown == rated[3].shown


def test_beating_a_strong_side_is_worth_more_than_beating_a_new_one():
    strong = [table(1, (5, 6), (7, 8), 0), table(2, (5, 6), (7, 8), 0)]
    rated = rate([*strong, table(3, (1, 2), (5, 6), 0), table(3, (3, 4), (9, 10), 0)])
    assert rated[1].shown > rated[3].shown


def test_a_player_at_no_table_has_no_rating_and_the_list_can_ask_for_tables():
    rated = rate([table(1, (1, 2), (3, 4), 0), table(2, (1, 3), (5, 6), 1)])
    assert 7 not in rated
    assert [r.player for r in ranked(rated.values(), min_tables=2)] == [1, 3]


RESULTS = st.lists(st.tuples(st.permutations(range(1, 7)).map(lambda p: p[:4]), st.sampled_from([0, 1, None])),
                   min_size=1, max_size=6).map(
    lambda found: [table(order, (a, b), (c, d), winner, (80, 80) if winner is None else (220, 60))
                   for order, ((a, b, c, d), winner) in enumerate(found)])


@settings(max_examples=30, deadline=None)
@given(results=RESULTS, data=st.data())
def test_the_order_the_results_come_in_never_matters_only_the_play_order(results, data):
    shuffled = data.draw(st.permutations(results))
    assert rate(shuffled) == rate(results)


@settings(max_examples=30, deadline=None)
@given(results=RESULTS)
def test_every_table_played_is_one_step_of_each_players_history(results):
    rated = rate(results)
    for player, rating in rated.items():
        assert rating.tables == sum(player in side for r in results for side in r.sides)
        assert [step.order for step in rating.history] == sorted(step.order for step in rating.history)
