"""Quinto's trick play for the claim solver (scorekeeper.solver): loaded only when a claim
is asked. RULES.md §5.1 (the highest card wins, whatever was led), §5.3 (quints score to the
trick's winner; the cachette goes with the last trick), §5.4 (trick values), §5.5 (legal play)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ...cards import DECK_53, JOKER, Card, Suit
from ...errors import N_, RuleViolation
from ...solver.engine import Follow
from ...solver.rules import TrickRules
from ...solver.search import Kernel, generic_kernel
from ..jass import Contract
from .cards import MULTIPLIERS, SUIT_RANKING, TRICK_VALUE, legal_cards, quints_in, rank_key, trick_winner

TOP_SUIT_FROM = 8  # tricks left from which the search asks the top suit's game (the kernel's ``top_suits``):
# measured, below that the searches it saves cost less than asking (the full deals' "6 tricks?" searched the
# same positions with it from 8)


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

    def kernel(self, trump: Suit | None, contract: Contract, seats: Sequence[str]) -> Kernel:
        """The same rules on bits. The cards take their bits in the one global rank (the joker
        the lowest), so a card beats the trick's best iff its bit is higher (§5.1), and following
        suit is a mask (§5.5). Every card beats the lower ones as a trump would: the top cards
        left, when one hand holds them, each take a trick (the search's sure tricks). Two cards
        of one suit in one hand with no card still in play between them win the same tricks, so
        only the higher is searched, and a tricks search closes up the cards gone from play in
        each suit; for points, only cards of no quint stand for each other (the king to the 6), and
        only they close up (they lie in a row in each suit, worth a trick value alone): the quints'
        cards and the joker are kept by name."""
        kernel = generic_kernel(self, self.deck, trump, contract, seats, False, self.last_trick_bonus,
                                rank_key)
        bits = range(len(kernel.card_of))
        suit_of = {suit: kernel.mask(card for card in self.deck if card.suit == suit) for suit in Suit}
        suit_mask = [suit_of.get(card.suit, 0) if card else 0 for card in kernel.card_of]
        first = {mask: (mask & -mask).bit_length() - 1 for mask in suit_of.values()}  # a suit's lowest bit
        joker_bit = kernel.bit_of[JOKER]
        joker = 1 << joker_bit
        quints = [(kernel.mask(quint.cards), quint.value) for quint in quints_in(self.deck)]
        roles = kernel.mask(card for quint in quints_in(self.deck) for card in quint.cards)
        trick_value, bonus = self.trick_value, self.last_trick_bonus
        above = [suit_mask[bit] & ~((2 << bit) - 1) for bit in bits]

        def beats(card: int, best: int, trick: list[int]) -> bool:
            return card > best

        def most(rem: int) -> int:
            """The most the cards left can be worth, to both sides together: a trick value per
            trick left (four cards), the cachette with the last, and every quint whose cards are
            all still in play, as if each pair fell in one trick (§5.3, §5.4)."""
            if not rem:
                return 0
            worth = trick_value * ((rem.bit_count() + 3) // 4) + bonus
            for cards, value in quints:
                if rem & cards == cards:
                    worth += value
            return worth

        # follow the suit led (the joker led: the next card's, under the joker-lead rule); the joker is
        # never forced and always allowed (§5.5)
        legal = Follow(suit_mask, free=joker, wild=joker_bit if self.joker_lead_rule else -1)
        return replace(kernel, legal=legal, beats=beats, above=tuple(above), twins_tricks=tuple(above), most=most,
                       trick_floor=trick_value, quints=tuple(quints),
                       top_suits=tuple(suit_of[suit] for suit in SUIT_RANKING), joker=joker,
                       joker_leads=self.joker_lead_rule,
                       one_trick_from=TOP_SUIT_FROM, trump_bits=(1 << len(bits)) - 1, exact_cards=False,
                       global_rank=True,
                       runs=((joker_bit, 1), *((low, mask.bit_count()) for mask, low in first.items())),
                       points_runs=tuple(((plain & -plain).bit_length() - 1, plain.bit_count())
                                         for plain in (mask & ~roles for mask in suit_of.values())),
                       rank=tuple(bit - first.get(mask, bit) for bit, mask in enumerate(suit_mask)),
                       twins_points=tuple(0 if roles >> bit & 1 else above[bit] & ~roles for bit in bits))

