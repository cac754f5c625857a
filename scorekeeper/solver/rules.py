"""The rules adapter interface: what the solver needs to know about a game's trick play.

See :mod:`scorekeeper.solver` for the interface. Each game supplies its own adapter from its own
package (the Jass family's :class:`scorekeeper.games.jass_tricks.JassRules`, Quinto's
:class:`scorekeeper.games.quinto.tricks.QuintoTrickRules`); the solver knows no game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from ..cards import DECK_53, Card, Suit
from .search import Kernel, generic_kernel


class TrickRules(ABC):
    """A game's trick play as the solver asks it (the adapter interface).

    Subclasses set the attributes and implement :meth:`legal`, :meth:`winner` and
    :meth:`points`; they may override :meth:`kernel` with a fast form of the same rules.
    """

    players: int = 4  # seats at the table: a trick holds one card of each
    deck: frozenset[Card] = DECK_53
    last_trick_bonus: int = 0
    partners: bool = False  # partner exceptions: the partner sits two seats before you (4 seats)

    @abstractmethod
    def read_trump(self, trump: object, contract: object) -> tuple[Suit | None, object]:
        """The trump and the contract, checked (RuleViolation names ``trump`` or ``contract``);
        the contract is the game's own value, handed back to the adapter's other methods."""

    @abstractmethod
    def legal(self, hand: frozenset[Card], trick: Sequence[Card], seat: str, partner_winning: bool, *,
              trump: Suit | None, contract: object) -> frozenset[Card]:
        """The cards of ``hand`` that ``seat`` may play to ``trick`` (first = led)."""

    @abstractmethod
    def winner(self, trick: Sequence[Card], *, trump: Suit | None, contract: object) -> int:
        """Index in ``trick`` of the card winning it so far."""

    @abstractmethod
    def points(self, cards: Sequence[Card], *, trump: Suit | None, contract: object) -> int:
        """What a trick holding ``cards`` is worth to its winner (without the last-trick bonus)."""

    def kernel(self, trump: Suit | None, contract: object, seats: Sequence[str]) -> Kernel:
        """The rules on bits for the search; by default this adapter's answers, remembered."""
        return generic_kernel(self, self.deck, trump, contract, seats, self.partners and len(seats) == 4,
                              self.last_trick_bonus)
