"""Players' ratings, derived from the tables' results with openskill's Plackett-Luce model
(Weng-Lin: teams of two are rated as teams, partners sharing the result). Pure: no Flask, no
database.

Ratings are never stored: every call replays every table from the start, in play order
(tournament date, round, table), so a past table corrected changes every rating after it
(DESIGN.md principle 1). A rating is shown as the model's conservative estimate, the skill
the player has at least with 99.7 % confidence (mu − 3 sigma): it starts at 0 and grows as
results come in and the doubt shrinks.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished table as the ratings see it.

    :param order: its place in play order (sortable: date, round, table…); also names it in
        the players' histories
    :param sides: each side's player ids
    :param points: each side's points at the end
    :param winner: the index of the winning side, None for a draw
    """

    order: tuple[Hashable, ...]
    sides: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class Step:
    """A player's rating after one table."""

    order: tuple[Hashable, ...]
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The rating as shown: mu − 3 sigma, one decimal."""
        return round(float(self.mu - 3 * self.sigma), 1)


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating now, and after each table they played (oldest first)."""

    player: int
    history: tuple[Step, ...] = field(default=())

    @property
    def tables(self) -> int:
        return len(self.history)

    @property
    def shown(self) -> float:
        return self.history[-1].shown if self.history else 0.0


def ranks(result: TableResult) -> list[int]:
    """Each side's place at the table, 0 the best: the winner first, the others by points; equal
    places for a draw.

    >>> ranks(TableResult((1,), ((1, 2), (3, 4)), (60, 220), 1))
    [1, 0]
    >>> ranks(TableResult((1,), ((1, 2), (3, 4)), (80, 80), None))
    [0, 0]
    """
    def key(index: int) -> tuple[bool, int]:
        return (index != result.winner, -result.points[index])

    return [sorted({key(i) for i in range(len(result.sides))}).index(key(i)) for i in range(len(result.sides))]


def rate(results: Iterable[TableResult]) -> dict[int, Rating]:
    """Every player's rating after replaying ``results`` in play order (the order given does
    not matter; a player who sits at no table has no rating)."""
    model = PlackettLuce()
    now: dict[int, tuple[float, float]] = {}
    history: dict[int, list[Step]] = {}
    for result in sorted(results, key=lambda r: r.order):
        teams = [[model.create_rating(list(now.get(p, (model.mu, model.sigma)))) for p in side]
                 for side in result.sides]
        rated = model.rate(teams, ranks=ranks(result))
        for side, team in zip(result.sides, rated, strict=True):
            for player, rating in zip(side, team, strict=True):
                now[player] = (rating.mu, rating.sigma)
                history.setdefault(player, []).append(Step(result.order, rating.mu, rating.sigma))
    return {player: Rating(player, tuple(steps)) for player, steps in history.items()}


def ranked(ratings: Iterable[Rating], min_tables: int = 0) -> list[Rating]:
    """The ratings of players with at least ``min_tables`` tables, best first."""
    return sorted((r for r in ratings if r.tables >= min_tables), key=lambda r: (-r.shown, r.player))


def chart_points(history: Sequence[Step], width: int, height: int, pad: int) -> tuple[str, float, float]:
    """An SVG polyline's points for a history, from the start (0) on the left to the latest
    table on the right, with the lowest and highest rating the box spans (0 always inside).

    >>> chart_points([Step((1,), 25, 8), Step((2,), 27, 7)], 100, 50, 5)
    ('5.0,45.0 50.0,38.3 95.0,5.0', 0.0, 6.0)
    """
    values = [0.0, *(step.shown for step in history)]
    low, high = min(values), max(values)
    high = high if high > low else low + 1
    steps = max(len(values) - 1, 1)

    def point(index: int, value: float) -> str:
        x = pad + index * (width - 2 * pad) / steps
        return f"{x:.1f},{height - pad - (value - low) * (height - 2 * pad) / (high - low):.1f}"

    return " ".join(point(i, v) for i, v in enumerate(values)), low, high
