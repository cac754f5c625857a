"""Does the claim hold? An exact double-dummy solver for trick play with every hand shown.

A player lays down his cards and claims the rest ("the tricks are ours"); the table shows
every hand. :func:`solve` answers whether the claim holds against any defence and, when it
does not, gives a defeating line of play, trick by trick, legal card by card.

* :class:`Position` is game-neutral: the hands (seat -> cards), the play order, the
  current trick so far and who led it, the trump and contract, the sides (seat -> side),
  and a rules adapter.
* The claim is ``"all"`` (every trick left, the current one included), a number of tricks,
  or ``{"points": N}`` (card points won from here, the cards already in the current trick
  and the last-trick bonus included). The claimant side maximises, every other side
  minimises.

The solver knows no game: it imports the card model and its own modules only. **The rules
adapter** (:class:`TrickRules`, in :mod:`.rules`) is everything it knows of a game, and each game
hands it its own::

    players: int                 # seats; a trick holds one card of each
    deck: frozenset[Card]
    last_trick_bonus: int        # points to the winner of the last trick
    partners: bool               # partner exceptions (the partner sits two seats before you)
    read_trump(trump, contract) -> (Suit | None, contract)   # checked; the contract is the game's
    legal(hand, trick, seat, partner_winning, *, trump, contract) -> frozenset[Card]
    winner(trick, *, trump, contract) -> int                 # index of the winning card
    points(cards, *, trump, contract) -> int                 # a trick's worth, no bonus
    kernel(trump, contract, seats) -> Kernel                 # optional fast form

``partner_winning`` is read from the trick: the card two before yours wins (four seats and
``partners`` only). The Jass family's adapter (``scorekeeper.games.jass_tricks.JassRules``)
serves Belote, Contrée and Klaberjass through ``jass.legal_plays`` and a bitmask kernel of its
own, each game's ``referee`` module making it for its rules (``belote_rules`` ...); Pandoeren's
(``pandoeren.referee.pandoeren_rules``) adds its card orders and its own trump (a suit, or a
contract without trumps), with per-contract sides. Quinto (``quinto.tricks``) subclasses :class:`TrickRules`
(its own ``legal``/``winner``, ``points`` = trick value + quints, the cachette as
``last_trick_bonus``, ``read_trump`` returning no trump) with a kernel of its own (the cards
in their one global rank); an adapter without a kernel is asked itself, each answer
remembered, which is exact but slower.

The search (:mod:`.engine`) is alpha-beta over single cards with transposition tables,
sure-trick bounds and interchangeable cards searched once; a claim is one null-window test
("at least N?"), an exact value a bisection of such tests. The install compiles the search
with Cython where it can (``setup.py``); it runs as plain Python otherwise.

>>> from scorekeeper.games.contree.referee import contree_rules  # a game's adapter
>>> position = Position(rules=contree_rules(), play_order=("N", "E", "S", "W"), leader="N", trump="H",
...     hands={"N": "AS KS", "E": "7H 8D", "S": "7S 8S", "W": "9S 10S"})
>>> answer = solve(position, "A", "all")
>>> answer.holds, best_tricks(position, "A"), best_points(position, "A")
(False, 0, 0)
>>> for say in answer.lines:
...     print(say.render())
The claim fails: N–S cannot be sure of every trick left
E ruffs the first round of ♠ with the 7♥: N–S lose a trick
Trick 1: N A♠, E 7♥, S 8♠, W 10♠; E wins
Trick 2: E 8♦, S 7♠, W 9♠, N K♠; E wins
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..errors import N_, RuleViolation, Say
from .engine import Engine, OutOfTime
from .explain import Trick, explain, line_of_play
from .position import Position
from .rules import TrickRules

__all__ = ["Position", "Solution", "Trick", "TrickRules", "best_points", "best_tricks", "solve", "within"]

@dataclass(frozen=True, slots=True)
class Solution:
    """The answer to a claim. ``best_tricks``/``best_points`` (side -> value with best play
    from here) are filled by ``solve(..., exact=True)``; ``line`` is a defeating line when
    the claim fails; ``lines`` say why."""

    claimant: str
    claim: str | int | Mapping[str, int]
    holds: bool
    line: tuple[Trick, ...]
    lines: tuple[Say, ...]
    best_tricks: Mapping[str, int] | None = None
    best_points: Mapping[str, int] | None = None

    def answer(self) -> dict[str, Any]:
        """The answer as plain JSON data (the referee's ruling; :attr:`lines` say why)."""
        answer: dict[str, Any] = {
            "claimant": self.claimant, "claim": dict(self.claim) if isinstance(self.claim, Mapping) else self.claim,
            "holds": self.holds,
            "line": [{"cards": [[seat, str(card)] for seat, card in trick.plays], "winner": trick.winner,
                      "points": trick.points} for trick in self.line],
        }
        if self.best_tricks is not None:
            answer["best_tricks"] = dict(self.best_tricks)
        if self.best_points is not None:
            answer["best_points"] = dict(self.best_points)
        return answer


BUDGET: ContextVar[Callable[[], bool] | None] = ContextVar("solver_budget", default=None)
"""Asked now and then during a search: False stops it (the caller's clock; the engine has none)."""


@contextmanager
def within(keep_going: Callable[[], bool]) -> Iterator[None]:
    """Searches started inside stop, refused by field, once ``keep_going()`` answers False."""
    token = BUDGET.set(keep_going)
    try:
        yield
    except OutOfTime:
        raise RuleViolation(N_("This position takes too long to settle here: play a trick or two, then ask "
                               "again"), field="hands") from None
    finally:
        BUDGET.reset(token)


def _engine(position: Position, claimant: str, *, points: bool, after: Engine | None = None) -> Engine:
    """The engine of a question; ``after`` (an engine of the same position and claimant) lends it
    the tricks bounds it has proved."""
    order = position.play_order
    kernel = position.rules.kernel(position.trump, position.contract, order)
    hands = [kernel.mask(position.hands[seat]) for seat in order]
    mine = [position.sides[seat] == claimant for seat in order]
    return Engine(kernel, hands, mine, order.index(position.leader),
                  [kernel.bit_of[card] for card in position.trick_so_far], points=points, keep_going=BUDGET.get(),
                  tricks_table=None if after is None else after.tricks_table)


def _read_claimant(position: Position, claimant: object) -> str:
    if isinstance(claimant, str) and claimant in position.sides.values():
        return claimant
    if isinstance(claimant, str) and claimant in position.sides:
        return position.sides[claimant]
    raise RuleViolation(N_("“%(side)s” is not a side at this table (%(sides)s)"), field="claimant",
                        side=claimant, sides=", ".join(dict.fromkeys(position.sides.values())))


def _read_claim(claim: object, position: Position, claimant: str) -> tuple[Engine, int]:
    """The engine that answers a claim (tricks or points) and the claim's target."""
    left = position.tricks_left
    if claim == "all":
        return _engine(position, claimant, points=False), left
    if isinstance(claim, int) and not isinstance(claim, bool):
        if not 0 <= claim <= left:
            raise RuleViolation(N_("a claim of %(claim)d tricks: %(left)d are left"), field="claim",
                                claim=claim, left=left)
        return _engine(position, claimant, points=False), claim
    if isinstance(claim, Mapping) and set(claim) == {"points"}:
        engine = _engine(position, claimant, points=True)
        target = claim["points"]
        if isinstance(target, int) and not isinstance(target, bool) and 0 <= target <= engine.total():
            return engine, target
        raise RuleViolation(N_("a claim of points needs a number from 0 to %(total)d"), field="claim",
                            total=engine.total())
    raise RuleViolation(N_("a claim is “all”, a number of tricks or {“points”: N}"), field="claim")


def solve(position: Position, claimant: str, claim: str | int | Mapping[str, int], *,
          exact: bool = False) -> Solution:
    """Does ``claimant`` (a side, or a seat for its side) make ``claim`` whatever the others do?

    ``exact`` also works out each side's best tricks and best points from here (slower).
    """
    side = _read_claimant(position, claimant)
    engine, target = _read_claim(claim, position, side)
    holds = engine.at_least(target)
    line = () if holds else line_of_play(engine, position, target)
    lines = explain(position, side, claim, engine.points, target, holds, line)
    tricks = value_points = None
    if exact:
        try:
            trick_engine = _engine(position, side, points=False, after=engine) if engine.points else engine
            best = trick_engine.exact()
            tricks = _by_side(position, side, best, position.tricks_left)
            point_engine = engine if engine.points else _engine(position, side, points=True, after=trick_engine)
            most = point_engine.exact(_points_guess(point_engine, best, position))
            value_points = _by_side(position, side, most,
                                    point_engine.total() if point_engine.kernel.additive else None)
        except OutOfTime:  # the claim is settled: say so, and that the rest would take too long
            lines = (*lines, Say(BEST_TOO_LONG[tricks is not None], {}))
    return Solution(side, claim, holds, line, lines, tricks, value_points)


BEST_TOO_LONG = (N_("Each side's best tricks and points from here would take too long to work out: "
                    "ask again after a trick or two"),
                 N_("Each side's best points from here would take too long to work out: ask again after a "
                    "trick or two"))


def _by_side(position: Position, side: str, value: int, total: int | None) -> Mapping[str, int]:
    """``side``'s best ``value`` and, where there is one other side, that side's: the rest of the
    ``total`` in a game whose points add up to a fixed total; otherwise (Quinto: a pair of quint
    cards split over two tricks is worth nothing) that side's own best, searched."""
    others = [other for other in dict.fromkeys(position.sides.values()) if other != side]
    result = {side: value}
    if len(others) == 1:
        result[others[0]] = total - value if total is not None else \
            _engine(position, others[0], points=True).exact()
    return MappingProxyType(result)


def best_tricks(position: Position, claimant: str) -> int:
    """The most tricks ``claimant`` can be sure of from here."""
    return _engine(position, _read_claimant(position, claimant), points=False).exact()


def best_points(position: Position, claimant: str) -> int:
    """The most card points (last-trick bonus included) ``claimant`` can be sure of from here."""
    side = _read_claimant(position, claimant)
    tricks = _engine(position, side, points=False)
    engine = _engine(position, side, points=True, after=tricks)
    guess = _points_guess(engine, tricks.exact(), position) if engine.kernel.additive else None
    return engine.exact(guess)


def _points_guess(engine: Engine, tricks: int, position: Position) -> int | None:
    """Where the points search starts: the share of the points left that the side's best
    number of tricks would take at an average trick (the tricks search is quick). None where
    the points do not add up to a fixed total."""
    if not engine.kernel.additive or not position.tricks_left:
        return None
    return round(engine.total() * tricks / position.tricks_left)
