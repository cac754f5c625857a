"""Tournament pairings and standings: pure functions over plain data (no Flask, no database).

Entries are ids (ints). A *round* is a list of tables; a table is a tuple of sides, each side a
tuple of entry ids (a fixed pair is one entry; in the individual format each player is an
entry and a side holds two partners), plus the entries that sit the round out (byes).

* :func:`first_round` draws the tables at random from a recorded seed (the same seed, the
  same draw); :func:`next_round` picks the right pairing for each round.
* :func:`swiss_round` pairs entries of similar standing, never twice the same two while that
  can be avoided (an exact backtracking search, best-ranked first), and gives the bye to the
  lowest-ranked entry that has had the fewest.
* :func:`rotation_round` seats players individually at tables of four: new partners for
  everyone while that is possible (the circle method when nobody sits out), then opponents
  met least often; sit-outs rotate.
* :func:`standings` ranks entries by the tournament's ranking rule, with the order of the
  tie-breaks said in words.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .errors import N_

Side = tuple[int, ...]
Table = tuple[Side, Side]

RANKINGS = {
    "match_points": N_("Match points (win 2, draw 1), then points scored"),
    "total_points": N_("Total points scored (as in a French concours), then match points"),
    "wins_then_difference": N_("Wins, then points difference"),
}
"""The ranking rules a tournament may choose, each with how it is said."""

WIN, DRAW = 2, 1
PAIRING_STEPS = 20_000  # the pairing search's bound: past it, the next looser pairing is tried

Apart = frozenset[frozenset[int]]
"""Pairs of entries that must not meet (a family, two players of one league team), kept apart by
every draw while that can be done."""


@dataclass(frozen=True, slots=True)
class Round:
    """The tables of a round, in table order, and who sits it out."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """A finished table: each side's entries and points, and which side won (None: a draw).
    Two sides, or four when every player scores alone (Pandoeren)."""

    sides: tuple[Side, ...]
    points: tuple[int, ...]
    winner: int | None


@dataclass(slots=True)
class Standing:
    """One entry's record so far."""

    entry: int
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    opponents: list[int] = field(default_factory=list)

    @property
    def match_points(self) -> int:
        return WIN * (self.wins + self.byes) + DRAW * self.draws

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


def standings(entries: Iterable[int], results: Iterable[Result], byes: Iterable[int],
              ranking: str) -> list[Standing]:
    """Every entry's record, best first by ``ranking`` (a key of :data:`RANKINGS`); a bye counts
    as a win with no points; equal records keep the entries' order (their registration)."""
    table = {entry: Standing(entry) for entry in entries}
    for result in results:
        for index, side in enumerate(result.sides):
            others = [i for i in range(len(result.sides)) if i != index]
            for entry in side:
                record = table[entry]
                record.played += 1
                record.points_for += result.points[index]
                # against several sides (each player alone): their mean
                record.points_against += sum(result.points[i] for i in others) // len(others)
                record.opponents.extend(e for i in others for e in result.sides[i])
                if result.winner is None:
                    record.draws += 1
                elif result.winner == index:
                    record.wins += 1
                else:
                    record.losses += 1
    for entry in byes:
        table[entry].byes += 1
    keys = {
        "match_points": lambda s: (s.match_points, s.points_for),
        "total_points": lambda s: (s.points_for, s.match_points),
        "wins_then_difference": lambda s: (s.wins + s.byes, s.difference),
    }
    order = {entry: index for index, entry in enumerate(table)}
    return sorted(table.values(), key=lambda s: (*(-k for k in keys[ranking](s)), order[s.entry]))


def drawn(entries: Sequence[int], seed: int) -> list[int]:
    """``entries`` in the order drawn at random from ``seed`` (the same seed, the same draw)."""
    order = list(entries)
    random.Random(seed).shuffle(order)
    return order


def first_round(entries: Sequence[int], seed: int, apart: Apart = frozenset()) -> Round:
    """Round one drawn from ``seed``: the drawn order met two by two, but for entries kept
    ``apart`` (met later in the order, while that can be done); an odd one out sits out."""
    order = drawn(entries, seed)
    full = len(order) - len(order) % 2
    pairs = _pair_or_order(order[:full], (apart,))
    return Round(tuple(((a,), (b,)) for a, b in pairs), tuple(order[full:]))


def _pair_or_order(order: list[int], avoiding: Sequence[set[frozenset[int]] | Apart]) -> list[tuple[int, int]]:
    """``order`` paired by the first of the sets of pairs to avoid that can be kept, else two by two."""
    for avoid in avoiding:
        pairs = _pair(order, set(avoid), [PAIRING_STEPS])
        if pairs is not None:
            return pairs
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]


def broken_apart(round_: Round, apart: Apart) -> list[frozenset[int]]:
    """The pairs kept apart that ``round_`` seats at one table anyway (none could be kept apart)."""
    return [pair for table in round_.tables for pair in apart if pair <= {e for side in table for e in side}]


def _bye(ranked: Sequence[int], had: Counter[int]) -> int:
    """The lowest-ranked entry among those that have had the fewest byes."""
    fewest = min(had[entry] for entry in ranked)
    return next(entry for entry in reversed(ranked) if had[entry] == fewest)


def swiss_round(ranked: Sequence[int], met: Iterable[tuple[int, int]], had_bye: Iterable[int],
                apart: Apart = frozenset()) -> Round:
    """The next round for entries ``ranked`` best first: neighbours in the ranking meet, no two
    entries that have ``met`` meet again while that can be avoided, the bye rotates.

    The search tries, for the best-ranked entry still free, each opponent in ranking order
    and backtracks when the rest cannot be paired without a rematch; if no round without a
    rematch exists, the plain ranking order is paired."""
    ranked = list(ranked)
    byes: tuple[int, ...] = ()
    if len(ranked) % 2:
        bye = _bye(ranked, Counter(had_bye))
        ranked.remove(bye)
        byes = (bye,)
    seen = {frozenset(pair) for pair in met}
    pairs = _pair_or_order(ranked, (seen | apart, apart, seen))
    return Round(tuple(((a,), (b,)) for a, b in pairs), byes)


def _pair(free: list[int], seen: set[frozenset[int]], steps: list[int]) -> list[tuple[int, int]] | None:
    """``free`` paired best-first with none of the pairs ``seen``, or None (also once the search
    has taken ``steps[0]`` steps: a bounded search, the work of one request)."""
    if not free:
        return []
    first, rest = free[0], free[1:]
    for index, other in enumerate(rest):
        steps[0] -= 1
        if steps[0] < 0:
            return None
        if frozenset((first, other)) in seen:
            continue
        tail = _pair(rest[:index] + rest[index + 1:], seen, steps)
        if tail is not None:
            return [(first, other), *tail]
    return None


def circle_pairs(players: Sequence[int], round_index: int) -> list[tuple[int, int]]:
    """The ``round_index``-th round of the circle method: over len(players) - 1 rounds every
    player is paired once with every other (an even number of players)."""
    fixed, moving = players[0], list(players[1:])
    turn = round_index % len(moving)
    moving = moving[turn:] + moving[:turn]
    line = [fixed, *moving]
    half = len(line) // 2
    return [(line[i], line[-1 - i]) for i in range(half)]


def rotation_round(players: Sequence[int], round_index: int, partnered: Iterable[tuple[int, int]],
                   opposed: Iterable[tuple[int, int]], had_bye: Iterable[int], seed: int,
                   apart: Apart = frozenset()) -> Round:
    """Individual players seated four to a table, partners across (N-S, E-W).

    Sit-outs (the numbers past a multiple of four) go to those who sat out least, in turn.
    When nobody sits out, partners follow the circle method over the players in
    registration order, so nobody meets the same partner twice in the first n - 1 rounds;
    otherwise a search finds partners none of whom were partners before, when such a
    pairing exists. Pairs are then set against each other so that opponents repeat as
    little as possible (seeded, reproducible)."""
    players = list(players)
    had = Counter(had_bye)
    sitting = len(players) % 4
    byes: list[int] = []
    for _ in range(sitting):
        fewest = min(had[p] for p in players if p not in byes)
        # in turn: the earliest registered among those who sat out least, shifted each round
        turn = [p for p in players[round_index % len(players):] + players[:round_index % len(players)]
                if p not in byes and had[p] == fewest]
        byes.append(turn[0])
    active = [p for p in players if p not in byes]
    before = {frozenset(pair) for pair in partnered}
    pairs = circle_pairs(active, round_index) if not byes and len(active) >= 4 else []
    if not pairs or any(frozenset(pair) in apart for pair in pairs):
        pairs = _pair_or_order(active, (before | apart, apart, before))
    facing = Counter(frozenset(pair) for pair in opposed)
    facing.update({pair: APART_COST for pair in apart})
    return Round(_face(pairs, facing, random.Random(seed)), tuple(byes))


APART_COST = 1000  # a pair kept apart facing each other weighs as many repeated meetings


def _face(pairs: list[tuple[int, int]], opposed: Counter[frozenset[int]], rng: random.Random) -> tuple[Table, ...]:
    """Pairs set against each other, opponents repeated as little as possible (a few hundred
    seeded shuffles, the best kept)."""
    def cost(order: Sequence[tuple[int, int]]) -> int:
        return sum(opposed[frozenset((a, b))] for i in range(0, len(order), 2)
                   for a, b in itertools.product(order[i], order[i + 1]))

    best = list(pairs)
    best_cost = cost(best)
    for _ in range(300):
        if best_cost == 0:
            break
        trial = list(pairs)
        rng.shuffle(trial)
        if (trial_cost := cost(trial)) < best_cost:
            best, best_cost = trial, trial_cost
    return tuple((best[i], best[i + 1]) for i in range(0, len(best), 2))


def met_pairs(rounds: Iterable[Round]) -> list[tuple[int, int]]:
    """Every two entries that faced each other in ``rounds``."""
    return [(a, b) for r in rounds for left, right in r.tables for a in left for b in right]


def partner_pairs(rounds: Iterable[Round]) -> list[tuple[int, int]]:
    """Every two players who were partners in ``rounds``."""
    return [tuple(side) for r in rounds for table in r.tables for side in table if len(side) == 2]  # type: ignore[misc]


def all_byes(rounds: Iterable[Round]) -> list[int]:
    return [entry for r in rounds for entry in r.byes]


def next_round(entries: Sequence[int], rounds: Sequence[Round], results: Iterable[Result], *, seats: int,
               seed: int, ranking: str, playing: Sequence[int] | None = None,
               credited: Sequence[int] = (), apart: Apart = frozenset()) -> Round:
    """The round after ``rounds``: sides of one entry are drawn from ``seed`` first, then paired
    Swiss; individual players rotate partners over the order drawn from ``seed``. ``playing``:
    the entries drawn now (default: all; a late entry joins, a withdrawn one is left out), ranked
    among every entry, with the byes ``credited`` to late entries for the rounds they missed;
    entries kept ``apart`` never meet while that can be done."""
    playing = list(entries if playing is None else playing)
    if seats == 4:
        return rotation_round(drawn(playing, seed), len(rounds), partner_pairs(rounds), met_pairs(rounds),
                              all_byes(rounds), seed + len(rounds), apart)
    if not rounds:
        return first_round(playing, seed, apart)
    ranked = [s.entry for s in standings(entries, results, [*all_byes(rounds), *credited], ranking)
              if s.entry in playing]
    return swiss_round(ranked, met_pairs(rounds), all_byes(rounds), apart)
