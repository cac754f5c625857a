"""The Jass family's trick play for the claim solver: the rules adapter the Jass games hand it
(:class:`JassRules`: Belote, Contrée, Klaberjass, and Pandoeren with its own card orders and
trump) and its fast kernel (:func:`jass_kernel`, the follow rules as mask operations).

Compiled by Cython with the solver's search where the install can (``setup.py``). The follow
rules are the search's own :class:`~scorekeeper.solver.engine.Follow` with this game's masks and
flags, which the compiled search calls as a C function at every node.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import SUIT_ORDER, Card, Suit
from ..solver.rules import TrickRules
from ..solver.engine import Follow
from ..solver.search import Kernel
from . import jass
from .jass import CardOrders, Contract, PlayStyle


@dataclass(frozen=True)
class JassRules(TrickRules):
    """Belote, Contrée, Klaberjass, Pandoeren: :func:`jass.legal_plays` with the game's
    :class:`~scorekeeper.games.jass.PlayStyle` and card orders (RULES.md §1.9, §2.6, §3.5, §4.5)."""

    style: PlayStyle
    orders: CardOrders = jass.JASS_ORDERS
    last_trick_bonus: int = jass.LAST_TRICK

    @property
    def players(self) -> int:  # type: ignore[override]
        return self.style.players

    @property
    def partners(self) -> bool:  # type: ignore[override]
        return self.style.partners

    @property
    def deck(self) -> frozenset[Card]:  # type: ignore[override]
        return self.orders.deck

    def read_trump(self, trump: object, contract: object) -> tuple[Suit | None, Contract]:
        """The trump and the contract (a suit contract where none is given), checked."""
        kind = jass.read_contract(Contract.SUIT if contract is None else contract)
        return jass.read_trump(trump, kind), kind

    def legal(self, hand: frozenset[Card], trick: Sequence[Card], seat: str, partner_winning: bool, *,
              trump: Suit | None, contract: Contract) -> frozenset[Card]:
        return jass.legal_plays(hand, trick, trump, contract=contract, style=self.style, orders=self.orders,
                                partner_winning=partner_winning if self.style.partners and trick else None)

    def winner(self, trick: Sequence[Card], *, trump: Suit | None, contract: Contract) -> int:
        return jass.trick_winner(trick, trump, contract, orders=self.orders)

    def points(self, cards: Sequence[Card], *, trump: Suit | None, contract: Contract) -> int:
        return jass.cards_points(cards, trump, contract, orders=self.orders)

    def kernel(self, trump: Suit | None, contract: Contract, seats: Sequence[str]) -> Kernel:
        return jass_kernel(self.style, self.orders, trump, contract, self.last_trick_bonus)


def jass_kernel(style: PlayStyle, orders: CardOrders, trump: Suit | None, contract: Contract,
                bonus: int) -> Kernel:
    """The Jass follow rules (RULES.md §1.9, §2.6, §3.5, §4.5) as mask operations.

    Suit ``s`` takes bits ``s*W .. s*W+W-1``, weakest first in the order that suit has under
    the contract, so "a higher trump" is a shift and a mask and the trick's best card is
    the highest bit of its suit.
    """
    width = max(len(orders.trump.ranks), len(orders.plain.ranks))
    size = width * len(SUIT_ORDER)
    suit_role_trump = [contract is Contract.TOUT_ATOUT or (contract is Contract.SUIT and suit == trump)
                       for suit in SUIT_ORDER]
    bit_of: dict[Card, int] = {}
    pts = [0] * size
    for card in orders.deck:
        block = SUIT_ORDER.index(card.suit)
        table = orders.trump if suit_role_trump[block] else orders.plain
        bit = block * width + table.strength(card.rank) - 1
        bit_of[card] = bit
        pts[bit] = table.points(card.rank)
    card_of = [None] * size
    for card, bit in bit_of.items():
        card_of[bit] = card
    blocks = [((1 << width) - 1) << (block * width) for block in range(len(SUIT_ORDER))]
    trump_block = SUIT_ORDER.index(trump) if contract is Contract.SUIT and trump is not None else -1
    trump_bits = blocks[trump_block] if trump_block >= 0 else 0
    jas = 1 << bit_of[Card.parse("J" + str(trump))] if style.free_trump_jack and trump_block >= 0 else 0
    above = [blocks[bit // width] & ~((2 << bit) - 1) for bit in range(size)]
    jas_on_top = not jas or not above[jas.bit_length() - 1]  # (a closed-up key then tells where the jas is)
    twins_tricks = [0 if (1 << bit) & jas else above[bit] & ~jas for bit in range(size)]
    twins_points = [sum(1 << other for other in range(size) if (1 << other) & twins_tricks[bit]
                        and pts[other] == pts[bit]) for bit in range(size)]
    block_of = [bit // width for bit in range(size)]
    is_trump = [bool((1 << bit) & trump_bits) for bit in range(size)]

    def beats(card: int, best: int, trick: list[int]) -> bool:
        return card > best if block_of[card] == block_of[best] else is_trump[card]

    def trick_points(trick: Sequence[int]) -> int:
        return sum(pts[bit] for bit in trick)

    # Sans atout: follow suit. Tout atout: follow and head the suit's best card if you can. One trump
    # suit: jass.explain_plays case by case (Pandoeren's jas never forced, always allowed).
    led = [blocks[block] for block in block_of]
    legal = Follow(led, trump_bits, jas, head=style.head_trump_lead, guard=style.partner_trump_guard,
                   under_partner=style.must_undertrump_partner, forced_under=style.forced_undertrump,
                   must_trump=style.must_trump_when_void, trump_or_follow=style.trump_instead_of_following,
                   no_under=style.no_undertrump) if contract is Contract.SUIT and trump_bits \
        else Follow(led, head=contract is Contract.TOUT_ATOUT)
    return Kernel(style.players, style.partners, bit_of, tuple(card_of), legal, beats, trick_points,
                  tuple(pts), tuple(bit % width for bit in range(size)), tuple(above), tuple(twins_tricks),
                  tuple(twins_points), trump_bits, bonus, tuple(blocks), tuple(block_of),
                  width, not jas_on_top, style.trump_instead_of_following,
                  runs=tuple((block * width, width) for block in range(len(SUIT_ORDER))), named=jas if jas_on_top else 0)

