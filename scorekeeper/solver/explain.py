"""The solver's words: a defeating line of play, trick by trick, and what a referee says."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import SUIT_SYMBOLS, Card
from ..errors import N_, Say
from .engine import Engine

if TYPE_CHECKING:
    from .position import Position

ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"), N_("seventh"),
            N_("eighth"), N_("ninth"), N_("tenth"), N_("eleventh"), N_("twelfth"), N_("thirteenth"))
"""Rounds of a suit, counted along the line shown."""


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick of a line: (seat, card) in play order, its winner and what it is worth
    (the last-trick bonus included)."""

    plays: tuple[tuple[str, Card], ...]
    winner: str
    points: int


def line_of_play(engine: Engine, position: Position, target: int) -> tuple[Trick, ...]:
    """A line that keeps the claimant below ``target``: each defender plays the first card
    (highest first) that keeps the claim beaten, the claimant the card that comes closest.

    Every card is legal (the engine's own rules); the engine is left where it started.
    """
    start = engine.snapshot()
    kernel, order, mine = engine.kernel, position.play_order, engine.claimant
    plays = [(order[(engine.leader + at) % len(order)], kernel.card_of[bit]) for at, bit in enumerate(engine.trick)]
    tricks: list[Trick] = []
    need = target
    while any(engine.hands):
        seat = engine.to_play
        moves, choice, closest = engine.legal(), -1, -1
        while moves:
            bit = moves.bit_length() - 1
            moves ^= 1 << bit
            state = engine.snapshot()
            done = engine.play(bit)
            gain = done[1] if done is not None and mine[done[0]] else 0
            value = gain + engine.search(need - gain - 1, need - gain) if need - gain > 0 else gain
            engine.restore(state)
            if mine[seat] and value > closest:
                choice, closest = bit, value
                if closest == need - 1:  # the claim fails whatever is played: no card comes closer
                    break
            elif not mine[seat] and value < need:
                choice = bit
                break
        cards = [*engine.trick, choice]
        plays.append((order[seat], kernel.card_of[choice]))
        done = engine.play(choice)
        if done is not None:
            winner, value = done
            worth = kernel.trick_points(cards) + (kernel.bonus if not any(engine.hands) else 0)
            tricks.append(Trick(tuple(plays), order[winner], worth))
            need -= value if mine[winner] else 0
            plays = []
    engine.restore(start)
    return tuple(tricks)


def _symbol(card: Card) -> str:
    return SUIT_SYMBOLS[card.suit] if card.suit is not None else card.label


def _say_trick(number: int, trick: Trick, points: bool) -> Say:
    params = {"number": number, "seat": trick.winner, "points": trick.points,
              "cards": ", ".join(f"{seat} {card.label}" for seat, card in trick.plays)}
    if points:
        return Say(N_("Trick %(number)d: %(cards)s; %(seat)s wins %(points)d points"), params)
    return Say(N_("Trick %(number)d: %(cards)s; %(seat)s wins"), params)


# The referee's sentences, as said of a pair ("N–S take") and of one player ("P1 takes").
RUFFED = (N_("%(seat)s ruffs the %(round)s round of %(suit)s with the %(card)s: %(side)s lose a trick"),
          N_("%(seat)s ruffs the %(round)s round of %(suit)s with the %(card)s: %(side)s loses a trick"))
OUTPLAYED = (N_("%(seat)s wins the %(round)s round of %(suit)s with the %(card)s: %(side)s lose a trick"),
             N_("%(seat)s wins the %(round)s round of %(suit)s with the %(card)s: %(side)s loses a trick"))
HOLDS_POINTS = (N_("%(side)s score at least %(claim)d points from here whatever the defence"),
                N_("%(side)s scores at least %(claim)d points from here whatever the defence"))
HOLDS_ALL = (N_("%(side)s take every trick left (%(left)d) whatever the defence"),
             N_("%(side)s takes every trick left (%(left)d) whatever the defence"))
HOLDS_TRICKS = (N_("%(side)s take at least %(claim)d of the %(left)d tricks left whatever the defence"),
                N_("%(side)s takes at least %(claim)d of the %(left)d tricks left whatever the defence"))
FAILS_POINTS = (N_("The claim fails: %(side)s cannot be sure of %(claim)d points"),
                N_("The claim fails: %(side)s is not sure of %(claim)d points"))
FAILS_ALL = (N_("The claim fails: %(side)s cannot be sure of every trick left"),
             N_("The claim fails: %(side)s is not sure of every trick left"))
FAILS_TRICKS = (N_("The claim fails: %(side)s cannot be sure of %(claim)d of the %(left)d tricks left"),
                N_("The claim fails: %(side)s is not sure of %(claim)d of the %(left)d tricks left"))
ALONG_LINE = (N_("Along this line %(side)s score %(points)d points, not %(claim)d"),
              N_("Along this line %(side)s scores %(points)d points, not %(claim)d"))


def _one_player(position: Position, side: str) -> int:
    """1 if the side is one player (Klaberjass, Belote for three), 0 if a pair: which wording."""
    return int(sum(1 for seat in position.play_order if position.sides[seat] == side) == 1)


def _say_lost(position: Position, side: str, tricks: Sequence[Trick], one: int) -> Say | None:
    """How the claimant side loses its first trick along the line (``one``: said of one player)."""
    for trick in tricks:
        if position.sides[trick.winner] != side:
            led = trick.plays[0][1]
            card = next(card for seat, card in trick.plays if seat == trick.winner)
            rounds = sum(1 for seen in tricks[:tricks.index(trick) + 1] if seen.plays[0][1].suit == led.suit)
            params = {"seat": trick.winner, "card": card.label, "suit": _symbol(led),
                      "round": Say(ORDINALS[min(rounds, len(ORDINALS)) - 1]), "side": position.side_label(side)}
            trumped = position.trump is not None and card.suit == position.trump != led.suit
            return Say((RUFFED if trumped else OUTPLAYED)[one], params)
    return None


def explain(position: Position, side: str, claim: object, points: bool, target: int, holds: bool,
            line: Sequence[Trick]) -> tuple[Say, ...]:
    """The referee's lines: the verdict, then (claim beaten) how and the line itself."""
    params = {"side": position.side_label(side), "claim": target, "left": position.tricks_left}
    one = _one_player(position, side)
    if holds:
        said = HOLDS_POINTS if points else HOLDS_ALL if claim == "all" else HOLDS_TRICKS
        return (Say(said[one], params),)
    lines: list[Say] = []
    if points:
        lines.append(Say(FAILS_POINTS[one], params))
        scored = sum(trick.points for trick in line if position.sides[trick.winner] == side)
        lines.append(Say(ALONG_LINE[one], {**params, "points": scored}))
    else:
        lines.append(Say((FAILS_ALL if claim == "all" else FAILS_TRICKS)[one], params))
        lost = _say_lost(position, side, line, one)
        if lost is not None:
            lines.append(lost)
    lines.extend(_say_trick(number, trick, points) for number, trick in enumerate(line, 1))
    return tuple(lines)


