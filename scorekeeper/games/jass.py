"""Shared mechanics of the Jass family: card order and points, tricks, legal play.

Melds and their comparison live in :mod:`scorekeeper.games.melds`.

Belote, Contrée and Klaberjass use :data:`JASS_ORDERS`; Pandoeren passes its own
:class:`CardOrders` (RULES.md §4.1) to the same functions. Every function accepts cards as
:class:`~scorekeeper.cards.Card` objects or as codes, and refuses bad input with a
:class:`~scorekeeper.errors.RuleViolation` naming the field (RULES.md §6 vocabulary).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from ..cards import DECK_32, SUIT_ORDER, SUIT_SYMBOLS, Card, Rank, Suit, parse_cards, sort_cards
from ..errors import N_, RuleViolation
from .base import Say

A, K, Q, J, T, N9, N8, N7 = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                             Rank.EIGHT, Rank.SEVEN)


class Contract(StrEnum):
    """Contract kinds of Belote (RULES.md §1.1): one trump suit, no trump, all trumps."""

    SUIT = "suit"
    SANS_ATOUT = "sans_atout"
    TOUT_ATOUT = "tout_atout"


# -- card order and points ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RankTable:
    """The ranks of one suit role, highest first, each with its card points."""

    ranks: tuple[tuple[Rank, int], ...]

    def strength(self, rank: Rank) -> int:
        """Higher is stronger: the lowest rank is 1 (0 = not in this table)."""
        order = [entry for entry, _ in self.ranks]
        return len(order) - order.index(rank) if rank in order else 0

    def points(self, rank: Rank) -> int:
        """Card points of the rank."""
        return dict(self.ranks).get(rank, 0)


@dataclass(frozen=True, slots=True)
class CardOrders:
    """A game's card tables as data: trump and plain rank orders with points, the natural
    order used for sequences, the values that make a four a meld, and the deck."""

    trump: RankTable
    plain: RankTable
    meld_order: tuple[Rank, ...]
    four_values: tuple[tuple[Rank, int], ...]
    deck: frozenset[Card]
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        tables = (self.trump, self.plain, self.meld_order, self.four_values, self.deck)
        object.__setattr__(self, "_hash", hash(tables))

    def __hash__(self) -> int:
        """Kept from the start: the tables are a cache key of every meld read (:func:`melds.meld_from_cards`),
        and hashing them again reads some thirty ranks, each an enum hashed in Python."""
        return self._hash


JASS_ORDERS = CardOrders(
    trump=RankTable(((J, 20), (N9, 14), (A, 11), (T, 10), (K, 4), (Q, 3), (N8, 0), (N7, 0))),
    plain=RankTable(((A, 11), (T, 10), (K, 4), (Q, 3), (J, 2), (N9, 0), (N8, 0), (N7, 0))),
    meld_order=(A, K, Q, J, T, N9, N8, N7),
    four_values=((J, 200), (N9, 150), (A, 100), (T, 100), (K, 100), (Q, 100)),
    deck=DECK_32,
)
"""RULES.md §1.1, §1.2 (and §2.1, §3.1): Belote, Contrée, Klaberjass."""

LAST_TRICK = 10
"""Bonus for the last trick, "dix de der" (RULES.md §1.1, §2.3, §3.2)."""
BELOTE = 20
"""K + Q of trumps in one hand (RULES.md §1.4, §2.1; Klaberjass "bella" §3.2)."""
CARD_TOTAL = MappingProxyType({Contract.SUIT: 152, Contract.SANS_ATOUT: 120, Contract.TOUT_ATOUT: 248})
"""Card points of the 32 cards, without the last trick (RULES.md §1.1)."""


def read_contract(value: object) -> Contract:
    try:
        return Contract(value)
    except ValueError:
        raise RuleViolation(N_("“%(value)s” is not a contract"), field="contract", value=value) from None


def read_trump(value: object, contract: Contract) -> Suit | None:
    """The trump suit of a suit contract; None in sans atout and tout atout (trump ignored)."""
    if contract is not Contract.SUIT:
        return None
    if value is None or value == "":
        raise RuleViolation(N_("a suit contract needs a trump suit"), field="trump")
    try:
        return Suit(value)
    except ValueError:
        raise RuleViolation(N_("“%(value)s” is not a suit"), field="trump", value=value) from None


def _table(card: Card, trump: Suit | None, contract: Contract, orders: CardOrders) -> RankTable:
    trumps = contract is Contract.TOUT_ATOUT or (contract is Contract.SUIT and card.suit == trump)
    return orders.trump if trumps else orders.plain


def read_cards(cards: Iterable[Card | str] | str, field: str, deck: frozenset[Card] | None) -> tuple[Card, ...]:
    """Distinct cards from codes, text or Card objects (see :func:`parse_cards`)."""
    listed = cards if isinstance(cards, str | frozenset | set) else list(cards)
    return parse_cards(listed, field=field, deck=deck)


def card_points(card: Card | str, trump: Suit | str | None, contract: Contract | str = Contract.SUIT, *,
                orders: CardOrders = JASS_ORDERS) -> int:
    """Card points (RULES.md §1.1): trump J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 7 0; plain
    A 11, 10 10, K 4, Q 3, J 2, 9 8 7 0. Sans atout: all plain; tout atout: all trump.

    >>> card_points("9H", "H"), card_points("9H", "S"), card_points("JS", None, "tout_atout")
    (14, 0, 20)
    """
    contract = read_contract(contract)
    trump = read_trump(trump, contract)
    played = read_cards([card], "card", orders.deck)[0]
    return _table(played, trump, contract, orders).points(played.rank)


def cards_points(cards: Iterable[Card | str], trump: Suit | str | None,
                 contract: Contract | str = Contract.SUIT, *, orders: CardOrders = JASS_ORDERS) -> int:
    """The sum of :func:`card_points` over distinct cards (RULES.md §1.1)."""
    return sum(card_points(card, trump, contract, orders=orders)
               for card in read_cards(cards, "cards", orders.deck))


@functools.cache  # four suits (a refused trump is not kept)
def belote_cards(trump: Suit | str) -> frozenset[Card]:
    """The belote: K and Q of trumps (RULES.md §1.4).

    >>> from scorekeeper.cards import format_cards
    >>> format_cards(belote_cards("H"))
    'KH QH'
    """
    suit = read_trump(trump, Contract.SUIT)
    return frozenset({Card(K, suit), Card(Q, suit)})


def belote_count(hand: Iterable[Card | str], trump: Suit | str | None,
                 contract: Contract | str = Contract.SUIT) -> int:
    """Belotes in a hand (RULES.md §1.4): K+Q of trumps; in tout atout K+Q of each suit;
    none in sans atout."""
    contract = read_contract(contract)
    cards = frozenset(read_cards(hand, "hand", None))
    if contract is Contract.SANS_ATOUT:
        return 0
    suits = SUIT_ORDER if contract is Contract.TOUT_ATOUT else (read_trump(trump, contract),)
    return sum(belote_cards(suit) <= cards for suit in suits)


def trick_winner(trick: Sequence[Card | str], trump: Suit | str | None,
                 contract: Contract | str = Contract.SUIT, *, orders: CardOrders = JASS_ORDERS) -> int:
    """Index of the winning card (RULES.md §1.9 last bullet, §3.5, §4.5): the highest trump
    if any, else the highest card of the led suit. In tout atout the led suit wins, ranked
    in trump order; other suits are discards.

    >>> trick_winner("AH 7S 10H JH", "S"), trick_winner("AH 9H JH", None, "tout_atout")
    (1, 2)
    """
    contract = read_contract(contract)
    trump = read_trump(trump, contract)
    cards = read_cards(trick, "trick", orders.deck)
    if not cards:
        raise RuleViolation(N_("the trick is empty"), field="trick")
    return _winner(cards, trump, contract, orders)


def _winner(cards: Sequence[Card], trump: Suit | None, contract: Contract, orders: CardOrders) -> int:
    led = cards[0].suit

    def key(index: int) -> tuple[int, int]:
        card = cards[index]
        strength = _table(card, trump, contract, orders).strength(card.rank)
        if contract is Contract.SUIT and card.suit == trump:
            return 2, strength
        return (1, strength) if card.suit == led else (0, 0)

    return max(range(len(cards)), key=key)


# -- legal play --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayStyle:
    """The follow rules of one game, as flags (RULES.md §1.9, §2.6, §3.5, §4.5).

    ``players``: seats at the table (a trick holds fewer cards before yours).
    ``partners``: the partner exceptions apply (Belote and Contrée with four players).
    ``head_trump_lead``: on a trump lead you must overtrump if you can, even your partner.
    ``partner_trump_guard``: Belote §1.9: void, partner winning with a trump, you hold a
    higher one: no lower trump (Contrée §2.6 has no such restriction).
    ``must_undertrump_partner``: Belote option §1.9: same case, no higher trump: play a lower one.
    ``forced_undertrump``: opponent trumped and you cannot overtrump: you must still trump
    (Contrée option §2.4; true in Belote and Klaberjass).
    ``must_trump_when_void``: void in a plain suit led, you must trump (false in Pandoeren).
    ``trump_instead_of_following``: Pandoeren §4.5: you may trump while able to follow.
    ``no_undertrump``: Pandoeren §4.5: no trump below the trick's best trump on a plain
    lead, unless no other card is legal.
    ``free_trump_jack``: Pandoeren §4.5: the trump jack is never forced and always allowed.
    """

    players: int = 4
    partners: bool = True
    head_trump_lead: bool = True
    partner_trump_guard: bool = True
    must_undertrump_partner: bool = False
    forced_undertrump: bool = True
    must_trump_when_void: bool = True
    trump_instead_of_following: bool = False
    no_undertrump: bool = False
    free_trump_jack: bool = False

    def with_options(self, options: Mapping[str, Any]) -> PlayStyle:
        """This style with the flags that ``options`` names (``must_undertrump_partner``,
        ``forced_undertrump``); other option keys are not about play and are skipped."""
        names = {flag.name for flag in fields(self)} - {"players"}
        return replace(self, **{key: bool(value) for key, value in options.items() if key in names})


BELOTE_PLAY = PlayStyle()
"""Belote with four players (RULES.md §1.9)."""
BELOTE_THREE_PLAY = PlayStyle(players=3, partners=False)
"""Belote for three (RULES.md §1.10: as for four, no partner exception)."""
CONTREE_PLAY = PlayStyle(partner_trump_guard=False)
"""Contrée (RULES.md §2.6): partner winning -> any card."""
KLABERJASS_PLAY = PlayStyle(players=2, partners=False)
"""Klaberjass (RULES.md §3.5): void in a plain suit -> any trump."""
PANDOEREN_PLAY = PlayStyle(partners=False, head_trump_lead=False, must_trump_when_void=False,
                           trump_instead_of_following=True, no_undertrump=True, free_trump_jack=True)
"""Pandoeren with trumps (RULES.md §4.5); its no-trump contracts are ``Contract.SANS_ATOUT``."""

FOLLOW = N_("%(suit)s was led and you hold %(suit)s: you must follow suit")
FOLLOW_OR_TRUMP = N_("%(suit)s was led and you hold %(suit)s: play %(suit)s or a trump")
HEAD = N_("you must play a %(suit)s higher than the %(card)s")
OVERTRUMP = N_("you must overtrump the %(card)s")
MUST_TRUMP = N_("you have no %(suit)s and hold a trump: you must trump")
UNDERTRUMP = N_("you cannot overtrump the %(card)s but must still play a trump")
PARTNER_GUARD = N_("your partner wins with the %(card)s and you hold a higher trump: "
                   "no lower trump")
PARTNER_UNDERTRUMP = N_("your partner wins with the %(card)s and your trumps are lower: "
                        "you must play one")
NO_UNDERTRUMP = N_("no trump lower than the %(card)s while you have another card to play")


def explain_plays(hand: Iterable[Card | str], trick: Sequence[Card | str], trump: Suit | str | None, *,
                  contract: Contract | str = Contract.SUIT, partner_winning: bool | None = None,
                  style: PlayStyle, orders: CardOrders = JASS_ORDERS) -> dict[Card, Say | None]:
    """Every card of the hand with None if it may be played, else the reason it may not.

    ``trick`` holds the cards already played, in order (first = led). ``partner_winning``
    is checked against the trick (None: read from it; ignored while the trick is empty).
    Rules: RULES.md §1.9 (Belote), §2.6 (Contrée), §3.5 (Klaberjass), §4.5 (Pandoeren).

    >>> from scorekeeper.cards import format_cards
    >>> plays = explain_plays("7H AS 7S", "KS 10S", "H", style=BELOTE_PLAY)
    >>> format_cards(card for card, why in plays.items() if why is None)
    'AS 7S'
    >>> plays[Card.parse("7H")].render()
    '♠ was led and you hold ♠: you must follow suit'
    """
    contract = read_contract(contract)
    trump = read_trump(trump, contract)
    cards = read_cards(hand, "hand", orders.deck)
    if not cards:
        raise RuleViolation(N_("the hand is empty"), field="hand")
    played = read_cards(trick, "trick_so_far", orders.deck)
    if len(played) >= style.players:
        raise RuleViolation(N_("a trick holds at most %(most)d cards before yours; got %(count)d"),
                            field="trick_so_far", most=style.players - 1, count=len(played))
    for card in cards:
        if card in played:
            raise RuleViolation(N_("%(card)s is both in the hand and in the trick"),
                                field="hand", card=str(card))
    partner_card = _partner_card(played, trump, contract, partner_winning, style, orders)
    jas = Card(J, trump) if style.free_trump_jack and trump is not None else None
    free = jas in cards and len(cards) > 1
    reasons = _explain([card for card in cards if not (free and card == jas)], played, trump, contract,
                       partner_card, style, orders)
    reasons.update({jas: None} if free else {})
    return {card: reasons[card] for card in sort_cards(cards)}


def legal_plays(hand: Iterable[Card | str], trick: Sequence[Card | str], trump: Suit | str | None, *,
                contract: Contract | str = Contract.SUIT, partner_winning: bool | None = None,
                style: PlayStyle, orders: CardOrders = JASS_ORDERS) -> frozenset[Card]:
    """The cards :func:`explain_plays` allows (RULES.md §1.9, §2.6, §3.5, §4.5)."""
    reasons = explain_plays(hand, trick, trump, contract=contract, partner_winning=partner_winning,
                            style=style, orders=orders)
    return frozenset(card for card, reason in reasons.items() if reason is None)


def _partner_card(played: Sequence[Card], trump: Suit | None, contract: Contract, stated: bool | None,
                  style: PlayStyle, orders: CardOrders) -> Card | None:
    """The partner's card if it is winning the trick (the partner played two cards before you)."""
    if not played:
        return None
    if not style.partners:
        if stated:
            raise RuleViolation(N_("there are no partners in this game"), field="partner_winning")
        return None
    best = _winner(played, trump, contract, orders)
    winning = best == len(played) - 2
    if stated is not None and stated != winning:
        message = (N_("your partner has not played yet") if len(played) < 2 else
                   N_("your partner is not winning: the %(card)s is") if stated else
                   N_("your partner is winning with the %(card)s"))
        raise RuleViolation(message, field="partner_winning", card=played[best].label)
    return played[best] if winning else None


def _say(template: str, card: Card | None = None, suit: Suit | None = None) -> Say:
    params = {"card": card.label} if card is not None else {}
    if suit is not None:
        params["suit"] = SUIT_SYMBOLS[suit]
    return Say(template, MappingProxyType(params))


def _explain(cards: list[Card], played: Sequence[Card], trump: Suit | None, contract: Contract,
             partner_card: Card | None, style: PlayStyle, orders: CardOrders) -> dict[Card, Say | None]:
    allowed: dict[Card, Say | None] = dict.fromkeys(cards)
    if not played:
        return allowed  # leading: any card
    led = played[0].suit

    def strength(card: Card) -> int:
        return _table(card, trump, contract, orders).strength(card.rank)

    def refuse(keep: Callable[[Card], bool], say: Say) -> dict[Card, Say | None]:
        for card in cards:
            if allowed[card] is None and not keep(card):
                allowed[card] = say
        return allowed

    following = [card for card in cards if card.suit == led]
    if contract is not Contract.SUIT:  # sans atout, tout atout: follow; tout atout: head
        if not following:
            return allowed
        refuse(lambda card: card.suit == led, _say(FOLLOW, suit=led))
        if contract is Contract.TOUT_ATOUT:
            best = max((card for card in played if card.suit == led), key=strength)
            if any(strength(card) > strength(best) for card in following):
                refuse(lambda card: strength(card) > strength(best), _say(HEAD, best, led))
        return allowed
    trumps = [card for card in cards if card.suit == trump]
    in_trick = [card for card in played if card.suit == trump]
    top = max(in_trick, key=strength) if in_trick else None
    higher = [card for card in trumps if top is None or strength(card) > strength(top)]

    def is_trump(card: Card) -> bool:
        return card.suit == trump

    if led == trump:
        if trumps:
            refuse(is_trump, _say(FOLLOW, suit=trump))
            if style.head_trump_lead and higher and top is not None:
                refuse(lambda card: card in higher, _say(OVERTRUMP, top))
        return allowed
    if following:
        if style.trump_instead_of_following:
            refuse(lambda card: card.suit in (led, trump), _say(FOLLOW_OR_TRUMP, suit=led))
        else:
            refuse(lambda card: card.suit == led, _say(FOLLOW, suit=led))
    elif not trumps:
        return allowed
    elif partner_card is not None:
        if partner_card.suit == trump and higher and style.partner_trump_guard:
            refuse(lambda card: not is_trump(card) or card in higher, _say(PARTNER_GUARD, partner_card))
        elif partner_card.suit == trump and not higher and style.must_undertrump_partner:
            refuse(is_trump, _say(PARTNER_UNDERTRUMP, partner_card))
    elif not style.must_trump_when_void:
        pass
    elif top is None:
        refuse(is_trump, _say(MUST_TRUMP, suit=led))
    elif higher:
        refuse(lambda card: card in higher, _say(OVERTRUMP, top))
    elif style.forced_undertrump:
        refuse(is_trump, _say(UNDERTRUMP, top))
    if style.no_undertrump and top is not None:
        lower = {card for card in trumps if card not in higher}
        if any(allowed[card] is None and card not in lower for card in cards):
            refuse(lambda card: card not in lower, _say(NO_UNDERTRUMP, top))
    return allowed
