"""Quinto's trick play for the claim solver (scorekeeper.games.solver): loaded only when a claim
is asked. RULES.md §5.1 (the highest card wins, whatever was led), §5.3 (quints score to the
trick's winner; the cachette goes with the last trick), §5.4 (trick values), §5.5 (legal play)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import DECK_53, Card, Suit
from ..errors import N_, RuleViolation
from ._quinto_cards import MULTIPLIERS, TRICK_VALUE, legal_cards, quints_in, trick_winner
from ._solver_rules import TrickRules
from .jass import Contract


def quint_points(cards: Iterable[Card]) -> int:
    """What the quints among ``cards`` are worth (RULES §5.3)."""
    return sum(quint.value for quint in quints_in(cards))


@dataclass(frozen=True)
class QuintoTrickRules(TrickRules):
    """Four players, 53 cards, no trump; a trick is worth its trick value and its quints; the
    last trick also takes the ``cachette`` (one more trick value and its quints)."""

    multiplier: str = "none"
    joker_lead_rule: bool = True
    cachette: frozenset[Card] = frozenset()

    players = 4
    deck = DECK_53

    @property
    def trick_value(self) -> int:
        return TRICK_VALUE * MULTIPLIERS[self.multiplier]

    @property
    def last_trick_bonus(self) -> int:  # type: ignore[override]
        return self.trick_value + quint_points(self.cachette)

    def read_trump(self, trump: object, contract: object) -> tuple[Suit | None, Contract]:
        if trump not in (None, ""):
            raise RuleViolation(N_("Quinto has no trump: the highest card wins, whatever was led"), field="trump")
        return None, Contract.SUIT

    def legal(self, hand: frozenset[Card], trick: Sequence[Card], seat: str, partner_winning: bool, *,
              trump: Suit | None, contract: Contract) -> frozenset[Card]:
        return legal_cards(hand, trick, self.joker_lead_rule)

    def winner(self, trick: Sequence[Card], *, trump: Suit | None, contract: Contract) -> int:
        found = trick_winner(trick)
        return 0 if found is None else found  # the joker alone wins nothing yet

    def points(self, cards: Sequence[Card], *, trump: Suit | None, contract: Contract) -> int:
        return self.trick_value + quint_points(cards)
