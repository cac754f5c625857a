"""The league's table (scorekeeper/leagues.py, docs/leagues.md): its three rules, the order of its
tie-breaks, and the properties every table keeps."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import RuleViolation
from scorekeeper.leagues import Evening, Rule, Score, check_rule, table

ANN, CY, EVA, GUS = frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6}), frozenset({7, 8})
NAMES = {ANN: "Ann & Ben", CY: "Cy & Di", EVA: "Eva & Finn", GUS: "Gus & Hana"}
# Three evenings: Ann & Ben win the first, miss the second and come last in the third.
SEASON = [
    Evening(1, (Score(ANN, 6, 900, 1), Score(CY, 4, 800, 2), Score(EVA, 2, 500, 3), Score(GUS, 0, 300, 4))),
    Evening(2, (Score(CY, 6, 700, 1), Score(EVA, 2, 650, 2), Score(GUS, 2, 400, 3))),
    Evening(3, (Score(EVA, 4, 900, 1), Score(GUS, 4, 880, 2), Score(CY, 2, 600, 3), Score(ANN, 0, 200, 4))),
]


def ranked(rule: Rule) -> list[tuple[str, object]]:
    return [(line.name, line.score) for line in table(SEASON, rule, NAMES).ranked]


def test_total_adds_every_evening_s_match_points():
    assert ranked(Rule("total")) == [("Cy & Di", 12), ("Eva & Finn", 8), ("Ann & Ben", 6), ("Gus & Hana", 6)]


def test_a_tie_goes_to_more_evenings_won_then_points_then_the_name():
    lines = table(SEASON, Rule("total"), NAMES).ranked
    ann, gus = lines[2], lines[3]
    assert (ann.score, ann.won, gus.won) == (6, 1, 0)  # 6 each: Ann & Ben won an evening
    level = [Evening(1, (Score(GUS, 2, 500, 1), Score(ANN, 2, 500, 2)))]
    assert [line.name for line in table(level, Rule("total"), NAMES).ranked] == ["Gus & Hana", "Ann & Ben"]  # won
    level = [Evening(1, (Score(GUS, 2, 500, 1),)), Evening(2, (Score(ANN, 2, 500, 1),))]
    assert [line.name for line in table(level, Rule("total"), NAMES).ranked] == ["Ann & Ben", "Gus & Hana"]  # name
    level = [Evening(1, (Score(GUS, 2, 510, 1),)), Evening(2, (Score(ANN, 2, 500, 1),))]
    assert [line.name for line in table(level, Rule("total"), NAMES).ranked] == ["Gus & Hana", "Ann & Ben"]  # points


def test_best_two_counts_each_one_s_two_best_evenings_and_marks_them():
    lines = {line.name: line for line in table(SEASON, Rule("best", best=2), NAMES).ranked}
    assert [(name, line.score) for name, line in lines.items()] == [
        ("Cy & Di", 10), ("Eva & Finn", 6), ("Ann & Ben", 6), ("Gus & Hana", 6)]
    assert lines["Cy & Di"].counted == (True, True, False)
    # Gus & Hana made 2 in the second evening and 0 in the first: the second counts
    assert lines["Gus & Hana"].counted == (False, True, True)
    # Eva & Finn made 2 twice: the one with more points scored counts (650 > 500)
    assert lines["Eva & Finn"].counted == (False, True, True)
    assert lines["Ann & Ben"].counted == (True, False, True)  # two played, both counted


def test_the_average_lists_those_under_the_minimum_apart():
    whole = table(SEASON, Rule("average", minimum=3), NAMES)
    assert [(line.name, line.score, line.place) for line in whole.ranked] == [
        ("Cy & Di", 4, 1), ("Eva & Finn", Fraction(8, 3), 2), ("Gus & Hana", 2, 3)]
    assert [(line.name, line.score, line.place) for line in whole.apart] == [("Ann & Ben", 3, None)]


@pytest.mark.parametrize(("rule", "field"), [
    (Rule("luck"), "rule"), (Rule("best", best=0), "best"), (Rule("average", minimum=101), "minimum")])
def test_a_rule_without_its_number_is_refused_by_its_field(rule, field):
    with pytest.raises(RuleViolation) as refused:
        check_rule(rule)
    assert refused.value.field == field


# -- properties ------------------------------------------------------------------------------

COMPETITORS = [ANN, CY, EVA, GUS]


@st.composite
def evenings(draw, most: int = 6) -> list[Evening]:
    """Evenings each played by some of the competitors, in a standings order of their match points."""
    found = []
    for key in range(draw(st.integers(0, most))):
        playing = draw(st.lists(st.sampled_from(COMPETITORS), unique=True))
        results = [(c, draw(st.integers(0, 8)), draw(st.integers(0, 3000))) for c in playing]
        results.sort(key=lambda r: (-r[1], -r[2]))
        found.append(Evening(key, tuple(Score(c, mp, pts, place) for place, (c, mp, pts) in
                                        enumerate(results, start=1))))
    return found


def lines_of(result) -> list[tuple]:
    return [(line.name, line.score, line.counted, line.place) for line in result.ranked]


@given(evenings(), st.integers(0, 3))
def test_best_n_of_m_with_n_at_least_m_is_the_total(season, more):
    best = table(season, Rule("best", best=len(season) + more or 1), NAMES)
    total = table(season, Rule("total"), NAMES)
    assert lines_of(best) == lines_of(total)


@given(evenings(), evenings(most=1))
def test_another_evening_never_lowers_a_total(season, extra):
    before = {line.competitor: line.score for line in table(season, Rule("total"), NAMES).ranked}
    after = {line.competitor: line.score for line in table(season + extra, Rule("total"), NAMES).ranked}
    assert all(after[c] >= score for c, score in before.items())


@given(evenings(), st.sampled_from([Rule("total"), Rule("best", best=2), Rule("average", minimum=2)]))
def test_every_competitor_is_listed_once_best_first(season, rule):
    result = table(season, rule, NAMES)
    listed = [line.competitor for line in result.ranked + result.apart]
    assert sorted(listed, key=sorted) == sorted({s.competitor for e in season for s in e.scores}, key=sorted)
    scores = [line.score for line in result.ranked]
    assert scores == sorted(scores, reverse=True)
    assert [line.place for line in result.ranked] == list(range(1, len(result.ranked) + 1))
    assert all(line.played >= rule.minimum for line in result.ranked)
    assert all(line.played < rule.minimum for line in result.apart)
    for line in result.ranked:
        assert sum(line.counted) == (min(line.played, rule.best) if rule.kind == "best" else line.played)
