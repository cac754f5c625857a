"""The prize list's rule (scorekeeper/prizes.py): places first, then categories in the list's
order, a player receiving one prize at most; on plain data."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleViolation
from scorekeeper.prizes import MOST_PRIZES, Award, Prize, award, check_list

PAIRS = [(10, (1, 2)), (11, (3, 4)), (12, (5, 6)), (13, (7, 8))]  # the final standings, first to last


def winners(awards: list[Award]) -> list[tuple[int | None, tuple[int, ...]]]:
    return [(a.entry, a.players) for a in awards]


def test_places_go_down_the_standings_to_the_whole_pair():
    assert winners(award([Prize("place"), Prize("place", gift="wine")], PAIRS, {})) == [(10, (1, 2)), (11, (3, 4))]


def test_a_category_goes_to_the_best_placed_tagged_player_alone():
    tags = {6: {"Best lady"}, 8: {"Best lady"}}
    assert winners(award([Prize("category", "Best lady")], PAIRS, tags)) == [(12, (6,))]


def test_prizes_are_not_cumulative_places_come_first_whatever_the_list_s_order():
    """The category is listed first, but player 1 wins the first place: the category goes on down."""
    tags = {1: {"newcomer"}, 4: {"newcomer"}, 7: {"newcomer"}}
    got = award([Prize("category", "Newcomer"), Prize("place")], PAIRS, tags)
    assert [(a.place, a.entry, a.players) for a in got] == [(None, 11, (4,)), (1, 10, (1, 2))]


def test_categories_are_given_in_the_list_s_order():
    tags = {5: {"Lady", "Newcomer"}, 7: {"Newcomer"}}
    got = award([Prize("category", "Newcomer"), Prize("category", "Lady")], PAIRS, tags)
    assert winners(got) == [(12, (5,)), (None, ())]  # the lady won the newcomers' prize first


def test_both_tagged_players_of_a_pair_share_the_category():
    assert winners(award([Prize("category", "Club")], PAIRS, {3: {"club"}, 4: {"CLUB"}})) == [(11, (3, 4))]


def test_more_places_than_entries_and_no_one_tagged_award_nobody():
    got = award([Prize("place")] * 5 + [Prize("category", "Junior")], PAIRS, {})
    assert winners(got)[4:] == [(None, ()), (None, ())]


@pytest.mark.parametrize(("prizes", "field"), [
    ([Prize("medal")], "kind"), ([Prize("category", "  ")], "category"), ([Prize("place", "Lady")], "category"),
    ([Prize("category", "x" * 41)], "category"), ([Prize("place", gift="x" * 81)], "gift"),
    ([Prize("category", "Best lady"), Prize("category", "best  LADY")], "category"),
    ([Prize("place")] * (MOST_PRIZES + 1), "prizes"),
])
def test_a_refused_list_names_its_field(prizes, field):
    with pytest.raises(RuleViolation) as refused:
        check_list(prizes)
    assert refused.value.field == field


LISTS = st.lists(st.one_of(st.builds(Prize, st.just("place")),
                           st.builds(Prize, st.just("category"), st.sampled_from(["A", "B", "C"]))), max_size=8)
RANKED = st.permutations(range(1, 13)).map(lambda order: [(100 + at, (order[2 * at], order[2 * at + 1]))
                                                          for at in range(6)])
TAGS = st.dictionaries(st.integers(1, 12), st.sets(st.sampled_from(["A", "b", "C"])))


@settings(max_examples=200, deadline=None)
@given(LISTS, RANKED, TAGS)
def test_no_player_receives_two_prizes_and_every_category_winner_is_tagged(prizes, ranked, tags):
    got = award(prizes, ranked, tags)
    assert [a.prize for a in got] == prizes
    received = [p for a in got for p in a.players]
    assert len(received) == len(set(received))
    for a in got:
        if a.prize.kind == "category":
            assert all(a.prize.category.casefold() in {t.casefold() for t in tags.get(p, ())} for p in a.players)
            assert (a.entry is None) == (not a.players)
