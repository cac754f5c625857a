"""Cards: suits, ranks, the card value type, the decks, and card codes in and out.

Card codes follow RULES.md §0: rank then suit (``JH``, ``10S``), and ``JOKER``. Cards are
unordered on purpose: which card wins, and what it is worth, depends on the game and the
contract (see ``games/jass.py``). Only the *display* order of :func:`format_cards` is fixed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from .errors import N_, RuleViolation


class Suit(StrEnum):
    """The four suits; the value is the letter used in card codes (RULES.md §0)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


SUIT_SYMBOLS = MappingProxyType({Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"})
"""The symbol shown for each suit."""

_SYMBOL_SUITS = MappingProxyType({
    **{symbol: suit for suit, symbol in SUIT_SYMBOLS.items()},
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
})

SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""Display order of suits (the order of RULES.md §0); no game meaning."""


class Rank(StrEnum):
    """The ranks; the value is the text used in card codes (RULES.md §0)."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"
    JOKER = "JOKER"


NATURAL_ORDER: tuple[Rank, ...] = tuple(Rank)
"""A K Q J 10 9 8 7 6 5 4 3 2 JOKER: the natural order, highest first (display and melds)."""

_RANK_ALIASES = MappingProxyType({"T": Rank.TEN})


@dataclass(frozen=True, slots=True)
class Card:
    """One card, immutable and hashable. Unordered: what wins depends on the contract.

    >>> Card(Rank.JACK, Suit.HEARTS)
    Card.parse('JH')
    >>> str(Card.parse("10s")), str(Card.parse("TH")), str(Card.parse("K♥")), str(Card.parse(" jokeR "))
    ('10S', '10H', 'KH', 'JOKER')
    """

    rank: Rank
    suit: Suit | None  # None only for Quinto's joker

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or (self.suit is None) != (self.rank is Rank.JOKER) \
                or not (self.suit is None or isinstance(self.suit, Suit)):
            raise RuleViolation(N_("“%(code)s” is not a card"), code=f"{self.rank}{self.suit or ''}")

    @classmethod
    def parse(cls, code: str, *, field: str | None = None) -> Card:
        """Read ``JH``, ``10S``, ``TH`` (T = ten), ``K♥`` or ``JOKER``, in any case.

        :raise RuleViolation: on anything else, naming ``field``

        >>> Card.parse("qc")
        Card.parse('QC')
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        scorekeeper.errors.RuleViolation: “1H” is not a card
        """
        text = code.strip().upper() if isinstance(code, str) else ""
        if (card := _BY_CODE.get(text)) is not None:
            return card
        if len(text) >= 2:
            rank_text, suit_text = text[:-1], text[-1]
            rank = _RANK_ALIASES.get(rank_text) or _member(Rank, rank_text)
            suit = _SYMBOL_SUITS.get(suit_text) or _member(Suit, suit_text)
            if rank is not None and rank is not Rank.JOKER and suit is not None:
                return cls(rank, suit)
        raise RuleViolation(N_("“%(code)s” is not a card"), field=field, code=code)

    @property
    def label(self) -> str:
        """The card with its suit symbol, for explanations: ``J♥``, ``10♠``, ``JOKER``."""
        return "JOKER" if self.suit is None else f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return "JOKER" if self.suit is None else f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def _member(enum: type[Rank | Suit], text: str) -> Rank | Suit | None:
    try:
        return enum(text)
    except ValueError:
        return None


JOKER = Card(Rank.JOKER, None)
"""Quinto's joker (RULES.md §5.1)."""

_BY_CODE = MappingProxyType({str(card): card for card in (
    JOKER, *(Card(rank, suit) for suit in Suit for rank in Rank if rank is not Rank.JOKER))})
"""Every card by its code as :meth:`Card.parse` reads it most often (``AH``, ``10S``, ``JOKER``)."""

DECK_32: frozenset[Card] = frozenset(
    Card(rank, suit) for suit in Suit for rank in NATURAL_ORDER[:NATURAL_ORDER.index(Rank.SEVEN) + 1])
"""A K Q J 10 9 8 7 of each suit: Belote, Contrée, Klaberjass (RULES.md §1.1, §2.1, §3.1)."""

DECK_33: frozenset[Card] = DECK_32 | {Card(Rank.SIX, Suit.HEARTS)}
"""The 32 cards and the 6 of hearts: Pandoeren (RULES.md §4.1)."""

DECK_52: frozenset[Card] = frozenset(
    Card(rank, suit) for suit in Suit for rank in NATURAL_ORDER if rank is not Rank.JOKER)
"""The full pack without the joker."""

DECK_53: frozenset[Card] = DECK_52 | {JOKER}
"""52 cards and the joker: Quinto (RULES.md §5.1)."""

_SEPARATORS = re.compile(r"[\s,;]+")


def parse_cards(text_or_codes: str | Sequence[str | Card], *, field: str | None = None,
                deck: frozenset[Card] | None = None) -> tuple[Card, ...]:
    """Read a list of distinct cards: ``"AH KH QH"``, ``"AH,KH,QH"`` or ``["AH", "KH"]``.

    The order given is kept. A card listed twice, or (with ``deck``) a card the game does
    not use, is refused with a RuleViolation naming ``field``.

    >>> parse_cards("ah, K♥ qh")
    (Card.parse('AH'), Card.parse('KH'), Card.parse('QH'))
    >>> parse_cards("6S", field="hand", deck=DECK_32)
    Traceback (most recent call last):
    ...
    scorekeeper.errors.RuleViolation: 6S is not a card of this game
    """
    if isinstance(text_or_codes, str):
        codes: Iterable[object] = [code for code in _SEPARATORS.split(text_or_codes) if code]
    elif isinstance(text_or_codes, Sequence | frozenset | set):
        codes = text_or_codes
    else:
        raise RuleViolation(N_("expected a list of card codes; got “%(value)s”"),
                            field=field, value=text_or_codes)
    cards: list[Card] = []
    seen: set[Card] = set()
    for code in codes:
        card = code if isinstance(code, Card) else Card.parse(code, field=field)  # type: ignore[arg-type]
        if card in seen:
            raise RuleViolation(N_("%(card)s is listed twice"), field=field, card=str(card))
        if deck is not None and card not in deck:
            raise RuleViolation(N_("%(card)s is not a card of this game"), field=field, card=str(card))
        seen.add(card)
        cards.append(card)
    return tuple(cards)


@functools.cache  # 53 cards at most: sorting for display calls this once per card per sort
def display_key(card: Card) -> tuple[int, int]:
    """Sort key of the display order: suits S H D C, then A K Q J 10 … 2; the joker last."""
    suit = len(SUIT_ORDER) if card.suit is None else SUIT_ORDER.index(card.suit)
    return suit, NATURAL_ORDER.index(card.rank)


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in display order (see :func:`display_key`)."""
    return tuple(sorted(cards, key=display_key))


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Card codes in display order, space-separated; ``symbols`` shows ``A♥`` for ``AH``.

    >>> format_cards(parse_cards("7C QH JOKER 10S AH KH"))
    '10S AH KH QH 7C JOKER'
    >>> format_cards(parse_cards("QH AH"), symbols=True)
    'A♥ Q♥'
    """
    return " ".join(card.label if symbols else str(card) for card in sort_cards(cards))
