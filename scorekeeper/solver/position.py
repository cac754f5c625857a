"""A trick-play position with every hand visible, as the solver is asked it; checked when made."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from ..cards import Card, Suit, parse_cards
from ..errors import N_, RuleViolation
from .rules import TrickRules

PARTNERSHIPS = MappingProxyType({"N": "A", "S": "A", "E": "B", "W": "B"})
"""RULES.md §0: team A = N + S, team B = E + W (the default sides of a N E S W table)."""


@dataclass(frozen=True, kw_only=True)
class Position:
    """A trick-play position with every hand visible, checked when made.

    Cards may be given as codes (``"AS 10S"``); ``sides`` defaults to the RULES.md §0
    partnerships at a N E S W table, else one side per seat. ``leader`` led the current
    trick (or leads the next one when ``trick_so_far`` is empty).
    """

    rules: TrickRules
    play_order: tuple[str, ...]
    hands: Mapping[str, frozenset[Card]]
    leader: str
    trick_so_far: tuple[Card, ...] = ()
    trump: Suit | None = None
    contract: object = None  # the game's own value (its adapter reads it with the trump)
    sides: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        order = tuple(self.play_order) if isinstance(self.play_order, Sequence) else ()
        if len(order) != self.rules.players or len(set(order)) != len(order):
            raise RuleViolation(N_("play_order must list the %(players)d seats once each"),
                                field="play_order", players=self.rules.players)
        # read in the order the claim page shows them: hands, the trick, who leads, then the trump
        hands = _read_hands(self.hands, order, self.rules.deck)
        trick = parse_cards(self.trick_so_far, field="trick_so_far", deck=self.rules.deck)
        if not trick and not any(hands.values()):
            raise RuleViolation(N_("Every hand is empty: enter the cards each hand still holds"), field="hands",
                                seat=order[0])
        if self.leader not in order:
            raise RuleViolation(N_("“%(seat)s” is not a seat at this table"), field="leader", seat=self.leader)
        trump, contract = self.rules.read_trump(self.trump, self.contract)
        if len(trick) >= len(order):
            raise RuleViolation(N_("a trick in progress holds at most %(most)d cards; got %(count)d"),
                                field="trick_so_far", most=len(order) - 1, count=len(trick))
        for card in trick:
            holder = next((seat for seat in order if card in hands[seat]), None)
            if holder is not None:
                raise RuleViolation(N_("%(card)s is in the trick and in %(seat)s's hand"), field="trick_so_far",
                                    card=card.label, seat=holder)
        _check_sizes(hands, order, order.index(self.leader), len(trick))
        sides = dict(self.sides) or _default_sides(order)
        if set(sides) != set(order) or not all(isinstance(side, str) and side for side in sides.values()):
            raise RuleViolation(N_("sides must name the side of each of %(seats)s"), field="sides",
                                seats=", ".join(order))
        for name, value in (("play_order", order), ("trump", trump), ("contract", contract),
                            ("hands", MappingProxyType(hands)), ("trick_so_far", trick),
                            ("sides", MappingProxyType(sides))):
            object.__setattr__(self, name, value)

    @property
    def to_play(self) -> str:
        """The seat whose turn it is."""
        at = self.play_order.index(self.leader) + len(self.trick_so_far)
        return self.play_order[at % len(self.play_order)]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the current one included."""
        return len(self.hands[self.leader]) + (1 if self.trick_so_far else 0)

    def side_label(self, side: str) -> str:
        """``N–S``: the seats of a side, for explanations."""
        return "–".join(seat for seat in self.play_order if self.sides[seat] == side) if side else side


def _read_hands(raw: object, order: tuple[str, ...], deck: frozenset[Card]) -> dict[str, frozenset[Card]]:
    if not isinstance(raw, Mapping):
        raise RuleViolation(N_("hands must give the cards of each seat"), field="hands")
    for seat in raw:
        if seat not in order:
            raise RuleViolation(N_("“%(seat)s” is not a seat at this table"), field="hands", seat=seat)
    hands: dict[str, frozenset[Card]] = {}
    owner: dict[Card, str] = {}
    for seat in order:
        if seat not in raw:
            raise RuleViolation(N_("the hand of %(seat)s is missing"), field="hands", seat=seat)
        cards = parse_cards(raw[seat], field="hands", deck=deck)
        for card in cards:
            if card in owner:
                raise RuleViolation(N_("%(card)s is in the hands of both %(one)s and %(other)s"), field="hands",
                                    card=card.label, one=owner[card], other=seat)
            owner[card] = seat
        hands[seat] = frozenset(cards)
    return hands


def _check_sizes(hands: Mapping[str, frozenset[Card]], order: tuple[str, ...], lead: int, played: int) -> None:
    """Every hand the same size, less one for each seat that has played to this trick."""
    sizes = [len(hands[order[(lead + at) % len(order)]]) + (1 if at < played else 0) for at in range(len(order))]
    if len(set(sizes)) > 1:
        expected = max(sizes)
        at = next(at for at, size in enumerate(sizes) if size != expected)
        seat = order[(lead + at) % len(order)]
        raise RuleViolation(N_("%(seat)s holds %(count)d cards; %(expected)d expected (hands are the same size, "
                               "less the card played to this trick)"), field="hands", seat=seat,
                            count=len(hands[seat]), expected=expected - (1 if at < played else 0))


def _default_sides(order: tuple[str, ...]) -> dict[str, str]:
    if set(order) == set(PARTNERSHIPS):
        return {seat: PARTNERSHIPS[seat] for seat in order}
    return {seat: seat for seat in order}
