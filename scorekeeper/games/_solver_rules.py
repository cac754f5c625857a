"""The rules adapters of the solver: what it needs to know about a game's trick play.

See :mod:`scorekeeper.games.solver` for the interface; :class:`JassRules` serves Belote,
Contrée, Klaberjass and (with its own card orders and trump, :func:`pandoeren_rules`) Pandoeren.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..cards import DECK_53, Card, Suit
from . import jass
from ._solver_search import Kernel, generic_kernel, jass_kernel
from .jass import CardOrders, Contract, PlayStyle
from .pandoeren.referee import play_mode
from .pandoeren.roem import LAST_TRICK, PANDOEREN_ORDERS


class TrickRules(ABC):
    """A game's trick play as the solver asks it (the adapter interface).

    Subclasses set the attributes and implement :meth:`legal`, :meth:`winner` and
    :meth:`points`; they may override :meth:`kernel` with a fast form of the same rules.
    """

    players: int = 4  # seats at the table: a trick holds one card of each
    deck: frozenset[Card] = DECK_53
    last_trick_bonus: int = 0
    partners: bool = False  # partner exceptions: the partner sits two seats before you (4 seats)

    def read_trump(self, trump: object, contract: object) -> tuple[Suit | None, Contract]:
        """The trump and the contract, checked (RuleViolation names ``trump`` or ``contract``)."""
        kind = jass.read_contract(contract)
        return jass.read_trump(trump, kind), kind

    @abstractmethod
    def legal(self, hand: frozenset[Card], trick: Sequence[Card], seat: str, partner_winning: bool, *,
              trump: Suit | None, contract: Contract) -> frozenset[Card]:
        """The cards of ``hand`` that ``seat`` may play to ``trick`` (first = led)."""

    @abstractmethod
    def winner(self, trick: Sequence[Card], *, trump: Suit | None, contract: Contract) -> int:
        """Index in ``trick`` of the card winning it so far."""

    @abstractmethod
    def points(self, cards: Sequence[Card], *, trump: Suit | None, contract: Contract) -> int:
        """What a trick holding ``cards`` is worth to its winner (without the last-trick bonus)."""

    def kernel(self, trump: Suit | None, contract: Contract, seats: Sequence[str]) -> Kernel:
        """The rules on bits for the search; by default this adapter's answers, remembered."""
        return generic_kernel(self, self.deck, trump, contract, seats, self.partners and len(seats) == 4,
                              self.last_trick_bonus)


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


def belote_rules(*, players: int = 4, must_undertrump_partner: bool = False) -> JassRules:
    """Belote (RULES.md §1.9; three players §1.10): suit, sans atout or tout atout."""
    style = jass.BELOTE_PLAY if players == 4 else jass.BELOTE_THREE_PLAY
    return JassRules(replace(style, must_undertrump_partner=must_undertrump_partner))


def contree_rules(*, forced_undertrump: bool = True) -> JassRules:
    """Belote Contrée (RULES.md §2.6; option ``forced_undertrump`` §2.4)."""
    return JassRules(replace(jass.CONTREE_PLAY, forced_undertrump=forced_undertrump))


def klaberjass_rules() -> JassRules:
    """Klaberjass, two players (RULES.md §3.5)."""
    return JassRules(jass.KLABERJASS_PLAY)


@dataclass(frozen=True)
class PandoerenTrickRules(JassRules):
    """Pandoeren's play (RULES.md §4.5), whose trump is read as its play questions read it: a
    suit, or none for a contract played without trumps (Zwabber, Solo-Zwabber)."""

    def read_trump(self, trump: object, contract: object) -> tuple[Suit | None, Contract]:
        return play_mode(trump, contract)


def pandoeren_rules() -> PandoerenTrickRules:
    """Pandoeren, four players (RULES.md §4.5), with its card orders and last trick (§4.1)."""
    return PandoerenTrickRules(jass.PANDOEREN_PLAY, PANDOEREN_ORDERS, LAST_TRICK)
