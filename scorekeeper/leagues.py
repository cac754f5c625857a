"""Leagues: a season's table across club evenings (tournaments of one game). Pure: no Flask, no
database.

A league keeps nothing but its name, its game, its rule and its evenings: its table is worked out
again from the evenings' standings at every request (DESIGN.md principle 1). A *competitor* is
what the evenings enter: a pair (two players) in a pairs tournament, a single player otherwise; the
same players in two evenings are the same competitor. An evening gives each competitor who played
it the match points of its standings (win 2, draw 1, a bye 2: :mod:`scorekeeper.pairings`).

The rules (:data:`RULES`):

* ``total``: every evening's match points added up;
* ``best``: the best ``best`` evenings of each competitor (all of them while fewer were played);
* ``average``: match points per evening played; a competitor with fewer than ``minimum`` evenings
  is listed apart, below the table, unranked.

Ties (:func:`table`), in this order: the rule's score; more evenings won (placed first in an
evening's standings); more points scored in the evenings counted (for an average: per evening);
then the name, as the club sorts names.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from .errors import N_, RuleViolation
from .evening import name_key

Competitor = frozenset[int]
"""The players of an entry: a pair, or one player."""

RULES = {
    "total": N_("Total match points of every evening"),
    "best": N_("Match points of each one's best evenings"),
    "average": N_("Average match points per evening played"),
}
"""The rules a league ranks by, each with how it is said."""

RULE_SAID = {
    "total": N_("Total match points of every evening"),
    "best": N_("Match points of each one's best %(best)d evenings"),
    "average": N_("Average match points per evening played; ranked from %(minimum)d evenings"),
}
"""A league's rule with its number, as its page says it."""

TIE_BREAKS = N_("Ties: more evenings won, then more points scored in the evenings counted (for an average: "
                "per evening), then the name.")
MOST_EVENINGS = 100  # the largest "best N" and "at least N evenings" a league takes


@dataclass(frozen=True, slots=True)
class Rule:
    """How a league ranks: ``kind`` (a key of :data:`RULES`); ``best``, the evenings counted
    (``best``); ``minimum``, the evenings played to be ranked (``average``)."""

    kind: str = "total"
    best: int = 0
    minimum: int = 0


def check_rule(rule: Rule) -> Rule:
    """The rule as a league keeps it (the numbers another kind does not use set to 0).

    :raise RuleViolation: an unknown kind, or its number missing or out of range (by field)

    >>> check_rule(Rule("best", 5, 3))
    Rule(kind='best', best=5, minimum=0)
    """
    if rule.kind not in RULES:
        raise RuleViolation(N_("The rule must be one of %(choices)s"), field="rule", choices=", ".join(RULES))
    field = {"best": "best", "average": "minimum"}.get(rule.kind)
    if field is None:
        return Rule(rule.kind)
    value = getattr(rule, field)
    if not 1 <= value <= MOST_EVENINGS:
        raise RuleViolation(N_("From 1 to %(most)d evenings."), field=field, most=MOST_EVENINGS)
    return Rule(rule.kind, **{field: value})


@dataclass(frozen=True, slots=True)
class Score:
    """What one competitor made of one evening: its match points, the points it scored, its place."""

    competitor: Competitor
    match_points: int
    points: int
    place: int


@dataclass(frozen=True, slots=True)
class Evening:
    """A finished evening as the league reads it: its standings, best first."""

    key: Hashable
    scores: tuple[Score, ...]


@dataclass(frozen=True, slots=True)
class Line:
    """A competitor's line of the league table.

    :param results: its score of each evening of the league, in the league's order (None: not played)
    :param counted: which of them the rule counts
    :param score: the rule's score (an average as an exact fraction)
    :param won: evenings won
    :param points: points scored in the evenings counted (for an average: per evening)
    :param place: its place in the table (None: listed apart, under the minimum)
    """

    competitor: Competitor
    name: str
    results: tuple[Score | None, ...]
    counted: tuple[bool, ...]
    score: Fraction
    won: int
    points: Fraction
    place: int | None = None

    @property
    def played(self) -> int:
        return sum(result is not None for result in self.results)


@dataclass(frozen=True, slots=True)
class Table:
    """The league's table: the lines ranked, then those listed apart (too few evenings)."""

    ranked: tuple[Line, ...]
    apart: tuple[Line, ...]


def shown(number: Fraction) -> int | float:
    """A score or an average as it is shown and written: whole, or to two decimals.

    >>> shown(Fraction(6)), shown(Fraction(14, 3))
    (6, 4.67)
    """
    return number.numerator if number.denominator == 1 else round(float(number), 2)


def _counted(results: Sequence[Score | None], rule: Rule) -> tuple[bool, ...]:
    """The evenings the rule counts: all those played, or the best ``rule.best`` (more match points,
    then more points, then the earlier evening)."""
    played = [(at, result) for at, result in enumerate(results) if result is not None]
    if rule.kind == "best":
        played = sorted(played, key=lambda item: (-item[1].match_points, -item[1].points, item[0]))[:rule.best]
    chosen = {at for at, _ in played}
    return tuple(at in chosen for at in range(len(results)))


def _line(competitor: Competitor, name: str, results: tuple[Score | None, ...], rule: Rule) -> Line:
    counted = _counted(results, rule)
    kept = [result for result, used in zip(results, counted, strict=True) if used and result is not None]
    score = Fraction(sum(result.match_points for result in kept))
    points = Fraction(sum(result.points for result in kept))
    if rule.kind == "average":
        score, points = score / len(kept), points / len(kept)
    won = sum(result is not None and result.place == 1 for result in results)
    return Line(competitor, name, results, counted, score, won, points)


def order_key(line: Line) -> tuple[object, ...]:
    """The table's order: the score, evenings won, points, then the name (and, for namesakes, the
    players' ids)."""
    return (-line.score, -line.won, -line.points, name_key(line.name), sorted(line.competitor))


def table(evenings: Sequence[Evening], rule: Rule, names: Mapping[Competitor, str]) -> Table:
    """The league's table over ``evenings`` (in the league's order) by ``rule``; ``names`` gives each
    competitor's name (one missing is named by its players' ids)."""
    competitors = list(dict.fromkeys(score.competitor for evening in evenings for score in evening.scores))
    by_evening = [{score.competitor: score for score in evening.scores} for evening in evenings]
    lines = [_line(c, names.get(c, " & ".join(map(str, sorted(c)))), tuple(scores.get(c) for scores in by_evening),
                   rule) for c in competitors]
    lines.sort(key=order_key)
    short = [rule.kind == "average" and line.played < rule.minimum for line in lines]
    ranked = [line for line, under in zip(lines, short, strict=True) if not under]
    return Table(tuple(replace(line, place=place) for place, line in enumerate(ranked, start=1)),
                 tuple(line for line, under in zip(lines, short, strict=True) if under))
