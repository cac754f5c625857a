"""Shared mechanics of the Jass family: card order and points, tricks, legal play, melds.

Belote, Contrée and Klaberjass use :data:`JASS_ORDERS`; Pandoeren passes its own
:class:`CardOrders` (RULES.md §4.1) to the same functions. Every function accepts cards as
:class:`~scorekeeper.cards.Card` objects or as codes, and refuses bad input with a
:class:`~scorekeeper.errors.RuleViolation` naming the field (RULES.md §6 vocabulary).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from itertools import combinations
from types import MappingProxyType
from typing import Any

from ..cards import DECK_32, NATURAL_ORDER, SUIT_ORDER, SUIT_SYMBOLS, Card, Rank, Suit, display_key, \
    format_cards, parse_cards, sort_cards
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


def _contract(value: object) -> Contract:
    try:
        return Contract(value)
    except ValueError:
        raise RuleViolation(N_("“%(value)s” is not a contract"), field="contract", value=value) from None


def _trump(value: object, contract: Contract) -> Suit | None:
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


def _read(cards: Iterable[Card | str] | str, field: str, deck: frozenset[Card] | None) -> tuple[Card, ...]:
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
    contract = _contract(contract)
    trump = _trump(trump, contract)
    played = _read([card], "card", orders.deck)[0]
    return _table(played, trump, contract, orders).points(played.rank)


def cards_points(cards: Iterable[Card | str], trump: Suit | str | None,
                 contract: Contract | str = Contract.SUIT, *, orders: CardOrders = JASS_ORDERS) -> int:
    """The sum of :func:`card_points` over distinct cards (RULES.md §1.1)."""
    return sum(card_points(card, trump, contract, orders=orders)
               for card in _read(cards, "cards", orders.deck))


def belote_cards(trump: Suit | str) -> frozenset[Card]:
    """The belote: K and Q of trumps (RULES.md §1.4).

    >>> format_cards(belote_cards("H"))
    'KH QH'
    """
    suit = _trump(trump, Contract.SUIT)
    return frozenset({Card(K, suit), Card(Q, suit)})


def belote_count(hand: Iterable[Card | str], trump: Suit | str | None,
                 contract: Contract | str = Contract.SUIT) -> int:
    """Belotes in a hand (RULES.md §1.4): K+Q of trumps; in tout atout K+Q of each suit;
    none in sans atout."""
    contract = _contract(contract)
    cards = frozenset(_read(hand, "hand", None))
    if contract is Contract.SANS_ATOUT:
        return 0
    suits = SUIT_ORDER if contract is Contract.TOUT_ATOUT else (_trump(trump, contract),)
    return sum(belote_cards(suit) <= cards for suit in suits)


def trick_winner(trick: Sequence[Card | str], trump: Suit | str | None,
                 contract: Contract | str = Contract.SUIT, *, orders: CardOrders = JASS_ORDERS) -> int:
    """Index of the winning card (RULES.md §1.9 last bullet, §3.5, §4.5): the highest trump
    if any, else the highest card of the led suit. In tout atout the led suit wins, ranked
    in trump order; other suits are discards.

    >>> trick_winner("AH 7S 10H JH", "S"), trick_winner("AH 9H JH", None, "tout_atout")
    (1, 2)
    """
    contract = _contract(contract)
    trump = _trump(trump, contract)
    cards = _read(trick, "trick", orders.deck)
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

FOLLOW = N_("%(suit)s was led and you hold %(suit)s")
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

    >>> plays = explain_plays("7H AS 7S", "KS 10S", "H", style=BELOTE_PLAY)
    >>> format_cards(card for card, why in plays.items() if why is None)
    'AS 7S'
    >>> plays[Card.parse("7H")].render()
    '♠ was led and you hold ♠'
    """
    contract = _contract(contract)
    trump = _trump(trump, contract)
    cards = _read(hand, "hand", orders.deck)
    if not cards:
        raise RuleViolation(N_("the hand is empty"), field="hand")
    played = _read(trick, "trick_so_far", orders.deck)
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


# -- melds -------------------------------------------------------------------------------------

class MeldKind(StrEnum):
    """A meld is a sequence in one suit or a four of a kind (RULES.md §1.2)."""

    SEQUENCE = "sequence"
    FOUR = "four"


MIN_SEQUENCE = 3
SEQUENCE_CAP = 5
"""A run of 6, 7 or 8 counts as a run of 5, never split (RULES.md §1.2, §1.3 step 4)."""
SEQUENCE_VALUES = MappingProxyType({3: 20, 4: 50, 5: 100})
"""Tierce 20, cinquante 50, cent 100 (RULES.md §1.2)."""
KLABERJASS_SEQUENCE_VALUES = MappingProxyType({3: 20, 4: 50})
"""Klaberjass: 3 cards 20, 4 or more 50 (RULES.md §3.2)."""
FOUR_VALUES = MappingProxyType(dict(JASS_ORDERS.four_values))
"""Jacks 200, nines 150, aces, tens, kings, queens 100; eights, sevens nothing (RULES.md §1.2)."""
PARLETT_SA_FOUR_VALUES = MappingProxyType({A: 200, T: 150, K: 100, Q: 100, J: 100})
"""Option ``sa_four_values = "parlett"`` in sans atout (RULES.md §1.6)."""
FOUR_RANK_ORDER = (A, T, K, Q, J, N9, N8, N7)
"""Fours of equal value: aces > tens > kings > queens (RULES.md §1.3 step 3)."""
SA_FOUR_VALUE_CHOICES = ("standard", "parlett")


@dataclass(frozen=True, slots=True)
class Meld:
    """One declared meld of one seat. ``value`` is the Belote value (RULES.md §1.2).

    >>> meld = meld_from_cards("QH KH AH JH")
    >>> str(meld.kind), meld.length, str(meld.top), str(meld.suit), meld.value, meld.label
    ('sequence', 4, 'A', 'H', 50, 'A♥ K♥ Q♥ J♥')
    """

    kind: MeldKind
    cards: frozenset[Card]
    seat: str | None = None

    @property
    def length(self) -> int:
        """Number of cards."""
        return len(self.cards)

    @property
    def top(self) -> Rank:
        """The highest card's rank in natural order (a four: its rank)."""
        return min((card.rank for card in self.cards), key=NATURAL_ORDER.index)

    @property
    def suit(self) -> Suit | None:
        """The suit of a sequence; None for a four."""
        return next(iter(self.cards)).suit if self.kind is MeldKind.SEQUENCE else None

    @property
    def value(self) -> int:
        """Belote value under standard rules (RULES.md §1.2)."""
        return meld_value(self)

    @property
    def label(self) -> str:
        """The cards with suit symbols, highest first: ``A♥ K♥ Q♥``."""
        return format_cards(self.cards, symbols=True)


def meld_value(meld: Meld, contract: Contract | str = Contract.SUIT, sa_four_values: str = "standard") -> int:
    """Belote value of a meld (RULES.md §1.2; Parlett fours in sans atout, §1.6)."""
    if sa_four_values not in SA_FOUR_VALUE_CHOICES:
        raise RuleViolation(N_("sa_four_values must be one of %(choices)s; got “%(value)s”"),
                            field="options.sa_four_values", choices=", ".join(SA_FOUR_VALUE_CHOICES),
                            value=sa_four_values)
    if meld.kind is MeldKind.SEQUENCE:
        return SEQUENCE_VALUES[min(meld.length, SEQUENCE_CAP)]
    parlett = sa_four_values == "parlett" and _contract(contract) is Contract.SANS_ATOUT
    return (PARLETT_SA_FOUR_VALUES if parlett else FOUR_VALUES).get(meld.top, 0)


def meld_from_cards(cards: Iterable[Card | str] | str, *, seat: str | None = None, field: str | None = None,
                    orders: CardOrders = JASS_ORDERS) -> Meld:
    """Check one declared meld (RULES.md §1.2): a run of 3 or more consecutive cards of one
    suit in natural order A K Q J 10 9 8 7, or four of a kind that is worth something.

    >>> meld_from_cards("AH KH JH", field="melds")
    Traceback (most recent call last):
    ...
    scorekeeper.errors.RuleViolation: AH KH JH is not a sequence: QH is missing
    """
    found = _read(cards, field, orders.deck)
    shown = format_cards(found)
    ranks = {card.rank for card in found}
    if len(ranks) == 1 and found:
        rank = found[0].rank
        if len(found) < len(SUIT_ORDER):
            raise RuleViolation(N_("%(cards)s is not a meld: a four needs all four %(rank)s"),
                                field=field, cards=shown, rank=str(rank))
        if not dict(orders.four_values).get(rank):
            raise RuleViolation(N_("%(cards)s is not a meld: four %(rank)s score nothing"),
                                field=field, cards=shown, rank=str(rank))
        return Meld(MeldKind.FOUR, frozenset(found), seat)
    if len(found) < MIN_SEQUENCE:
        raise RuleViolation(N_("“%(cards)s” is not a meld: a sequence needs at least 3 cards"),
                            field=field, cards=shown)
    if len({card.suit for card in found}) > 1:
        raise RuleViolation(N_("%(cards)s is not a sequence: the cards are not all of one suit"),
                            field=field, cards=shown)
    suit = found[0].suit
    places = {orders.meld_order.index(card.rank) for card in found}
    missing = [Card(orders.meld_order[i], suit) for i in range(min(places), max(places)) if i not in places]
    if missing:
        message = (N_("%(cards)s is not a sequence: %(missing)s is missing") if len(missing) == 1 else
                   N_("%(cards)s is not a sequence: %(missing)s are missing"))
        raise RuleViolation(message, field=field, cards=shown, missing=format_cards(missing))
    return Meld(MeldKind.SEQUENCE, frozenset(found), seat)


def parse_melds(text_or_list: str | Sequence[Any], *, seat: str | None, field: str | None,
                reuse: bool = True, orders: CardOrders = JASS_ORDERS) -> tuple[Meld, ...]:
    """Read one seat's melds: ``"AH KH QH; JS JH JD JC"`` (``;`` or a new line between
    melds) or a list of card lists; each checked by :func:`meld_from_cards`, all together
    by :func:`check_melds_consistent`.

    >>> [meld.label for meld in parse_melds("AH KH QH\\n JS JH JD JC", seat="N", field="melds")]
    ['A♥ K♥ Q♥', 'J♠ J♥ J♦ J♣']
    """
    if isinstance(text_or_list, str):
        groups: Sequence[Any] = [part for part in re.split(r"[;\n]+", text_or_list) if part.strip()]
    elif isinstance(text_or_list, Sequence):
        groups = text_or_list
    else:
        raise RuleViolation(N_("expected melds as card lists; got “%(value)s”"), field=field,
                            value=text_or_list)
    melds = tuple(meld_from_cards(group.cards if isinstance(group, Meld) else group, seat=seat, field=field,
                                  orders=orders) for group in groups)
    check_melds_consistent(melds, reuse=reuse, field=field, orders=orders)
    return melds


def check_melds_consistent(melds: Sequence[Meld], *, reuse: bool = True, field: str | None = "melds",
                           orders: CardOrders = JASS_ORDERS) -> None:
    """Refuse impossible declarations: a card in two seats' melds, a meld declared twice,
    overlapping or split runs (a run is one meld, RULES.md §1.2), and with ``reuse`` false
    a card in a four and a sequence at once (option ``meld_card_reuse``, RULES.md §1.6)."""
    ordered = sorted(melds, key=lambda meld: (str(meld.seat), _canonical(meld)))
    for first, second in combinations(ordered, 2):
        shared = sort_cards(first.cards & second.cards)
        names = {"cards": first.label, "other": second.label}
        if first.seat != second.seat:
            if shared:
                raise RuleViolation(N_("%(card)s is declared by both %(seat)s and %(other_seat)s"),
                                    field=field, card=str(shared[0]), seat=first.seat, other_seat=second.seat)
        elif first.cards == second.cards:
            raise RuleViolation(N_("%(cards)s is declared twice"), field=field, cards=first.label)
        elif first.kind is second.kind is MeldKind.SEQUENCE and first.suit == second.suit and (
                shared or _adjacent(first, second, orders)):
            raise RuleViolation(N_("%(cards)s and %(other)s are one run: a run is never split"),
                                field=field, **names)
        elif shared and not reuse:
            raise RuleViolation(N_("%(card)s may serve in only one meld"), field=field, card=str(shared[0]))


def _adjacent(first: Meld, second: Meld, orders: CardOrders) -> bool:
    places = [sorted(orders.meld_order.index(card.rank) for card in meld.cards) for meld in (first, second)]
    return places[0][-1] + 1 == places[1][0] or places[1][-1] + 1 == places[0][0]


def _canonical(meld: Meld) -> tuple[tuple[int, int], ...]:
    return tuple(display_key(card) for card in sort_cards(meld.cards))


def _tiebreak(meld: Meld) -> tuple[int, ...]:
    """Last resort for a total order: the meld whose cards come first in display order."""
    return tuple(-x for place in _canonical(meld) for x in place)


def meld_strength(meld: Meld, trump: Suit | str | None, contract: Contract | str = Contract.SUIT, *,
                  sa_four_values: str = "standard") -> tuple[int, int, int, int]:
    """The RULES.md §1.3 key, higher is stronger: (1) a four beats a sequence; (2) fours by
    value; (3) then aces > tens > kings > queens; (4) sequences by length, 5 or more
    counting as 5; (5) then the top card; (6) then a trump sequence beats a plain one.
    Step 7 (seat order) is :func:`compare_melds`'s."""
    contract = _contract(contract)
    if meld.kind is MeldKind.FOUR:
        value = meld_value(meld, contract, sa_four_values)
        return 1, value, len(FOUR_RANK_ORDER) - FOUR_RANK_ORDER.index(meld.top), 0
    in_trump = contract is Contract.SUIT and trump is not None and meld.suit == trump
    top = len(NATURAL_ORDER) - NATURAL_ORDER.index(meld.top)
    return 0, min(meld.length, SEQUENCE_CAP), top, int(in_trump)


def find_melds(hand: Iterable[Card | str] | str, *, reuse: bool = True, sa_four_values: str = "standard",
               contract: Contract | str = Contract.SUIT, trump: Suit | str | None = None,
               seat: str | None = None, orders: CardOrders = JASS_ORDERS) -> tuple[Meld, ...]:
    """Every meld in a hand (RULES.md §1.2), strongest first. Each maximal run of a suit is
    one meld (6-8 cards too); a gap makes two. With ``reuse`` false a card serves in one meld
    only, and the split chosen has the most points, then covers the most cards, then holds
    the strongest single meld (RULES.md §7 item 22).

    >>> [meld.label for meld in find_melds("AD KD QD 10D 9D 8D JS JH")]
    ['A♦ K♦ Q♦', '10♦ 9♦ 8♦']
    """
    contract = _contract(contract)
    cards = _read(hand, "hand", orders.deck)
    four_values = dict(orders.four_values)
    fours = []
    for rank in orders.meld_order:
        meld = Meld(MeldKind.FOUR, frozenset(card for card in cards if card.rank == rank), seat)
        if meld.length == len(SUIT_ORDER) and four_values.get(rank):
            fours += [meld] if meld_value(meld, contract, sa_four_values) else []

    def strength(meld: Meld) -> tuple[int, int, int, int]:
        return meld_strength(meld, trump, contract, sa_four_values=sa_four_values)

    def split(chosen: Sequence[Meld]) -> tuple[Meld, ...]:
        used = frozenset().union(*(meld.cards for meld in chosen)) if not reuse else frozenset()
        melds = [*chosen, *_runs([card for card in cards if card not in used], orders, seat)]
        return tuple(sorted(sorted(melds, key=_canonical), key=strength, reverse=True))

    if reuse:
        return split(fours)
    splits = [split(chosen) for size in range(len(fours) + 1) for chosen in combinations(fours, size)]

    def merit(melds: tuple[Meld, ...]) -> tuple[Any, ...]:
        covered = frozenset().union(*(meld.cards for meld in melds))
        return (sum(meld_value(meld, contract, sa_four_values) for meld in melds), len(covered),
                [strength(meld) for meld in melds], [_tiebreak(meld) for meld in melds])

    return max(splits, key=merit)


def _runs(cards: Sequence[Card], orders: CardOrders, seat: str | None) -> list[Meld]:
    """Maximal runs of at least 3 consecutive cards of one suit in natural order."""
    runs = []
    for suit in SUIT_ORDER:
        places = sorted(orders.meld_order.index(card.rank) for card in cards if card.suit == suit)
        run: list[int] = []
        for place in [*places, len(orders.meld_order) + 1]:
            if run and place == run[-1] + 1:
                run.append(place)
                continue
            if len(run) >= MIN_SEQUENCE:
                run_cards = frozenset(Card(orders.meld_order[i], suit) for i in run)
                runs.append(Meld(MeldKind.SEQUENCE, run_cards, seat))
            run = [place]
    return runs


# -- comparing melds ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class MeldVerdict:
    """Who scores melds: ``winner_side`` (None: nobody), the ``best`` meld, the points
    ``counted`` per side (0 for the others) and the ``reason`` a referee reads out."""

    winner_side: str | None
    best: Meld | None
    counted: Mapping[str, int]
    reason: tuple[Say, ...]


FOUR_BEATS_SEQUENCE = N_("the four %(best)s (%(value)d) beats the sequence %(other)s: "
                         "a four beats any sequence")
FOUR_STEPS = (N_("the four %(best)s (%(value)d) beats the four %(other)s (%(other_value)d)"),
              N_("the four %(best)s beats the four %(other)s: aces > tens > kings > queens"))
SEQUENCE_STEPS = (N_("the sequence %(best)s beats %(other)s: the longer wins, 5 or more counting as 5"),
                  N_("the sequence %(best)s beats %(other)s: the higher top card wins"),
                  N_("%(best)s and %(other)s are equal sequences to the %(top)s; the trump one wins"))
KLABERJASS_STEPS = (N_("the sequence %(best)s (%(value)d) beats %(other)s (%(other_value)d)"),
                    N_("the sequence %(best)s beats %(other)s: the longer wins"), *SEQUENCE_STEPS[1:])


def _step(templates: Sequence[str], mine: Sequence[int], theirs: Sequence[int],
          names: dict[str, object]) -> Say:
    """The first step where two keys differ, told with that step's template."""
    steps = zip(templates, mine, theirs, strict=False)
    return next(Say(template, names) for template, a, b in steps if a != b)


def compare_melds(melds: Sequence[Meld], *, trump: Suit | str | None,
                  contract: Contract | str = Contract.SUIT, play_order: Sequence[str],
                  side_of: Callable[[str], str], sa_four_values: str = "standard",
                  reuse: bool = True) -> MeldVerdict:
    """RULES.md §1.3: the single best meld (steps 1-6 of :func:`meld_strength`; step 7: its
    holder comes first in ``play_order``) makes its side score ALL melds of both its players;
    the other side scores none. Melds worth nothing (Parlett fours, §1.6) are left out.
    The answer does not depend on the order of ``melds``."""
    contract = _contract(contract)
    trump = _trump(trump, contract)
    seats = tuple(play_order)
    for meld in melds:
        if meld.seat not in seats:
            raise RuleViolation(N_("%(seat)s is not at this table"), field="melds", seat=meld.seat)
    check_melds_consistent(melds, reuse=reuse)
    sides = tuple(dict.fromkeys(side_of(seat) for seat in seats))

    def value(meld: Meld) -> int:
        return meld_value(meld, contract, sa_four_values)

    def strength(meld: Meld) -> tuple[int, int, int, int]:
        return meld_strength(meld, trump, contract, sa_four_values=sa_four_values)

    ranked = sorted((meld for meld in melds if value(meld)), reverse=True,
                    key=lambda meld: (strength(meld), -seats.index(meld.seat), _tiebreak(meld)))
    if not ranked:
        return MeldVerdict(None, None, MappingProxyType(dict.fromkeys(sides, 0)),
                           (Say(N_("nobody declared a meld")),))
    best, winner = ranked[0], side_of(ranked[0].seat)
    points = sum(value(meld) for meld in ranked if side_of(meld.seat) == winner)
    counted = MappingProxyType({side: points if side == winner else 0 for side in sides})
    rival = next((meld for meld in ranked if side_of(meld.seat) != winner), None)
    names = {"best": best.label, "side": winner, "value": value(best), "top": str(best.top)}
    if rival is None:
        why = Say(N_("only %(side)s declared melds; the best is %(best)s"), names)
    else:
        names.update(other=rival.label, other_value=value(rival),
                     seat=min(best.seat, rival.seat, key=seats.index))
        mine, theirs = strength(best), strength(rival)
        if mine == theirs:
            why = Say(N_("%(best)s and %(other)s are equal; %(seat)s plays first"), names)
        elif mine[0] != theirs[0]:
            why = Say(FOUR_BEATS_SEQUENCE, names)
        else:
            steps = FOUR_STEPS if best.kind is MeldKind.FOUR else SEQUENCE_STEPS
            why = _step(steps, mine[1:], theirs[1:], names)
    total = Say(N_("%(side)s scores all its melds: %(points)d"), {"side": winner, "points": points})
    return MeldVerdict(winner, best, counted, (why, total))


def klaberjass_sequence_value(meld: Meld) -> int:
    """Klaberjass sequence value: 3 cards 20, 4 or more 50 (RULES.md §3.2)."""
    return KLABERJASS_SEQUENCE_VALUES[min(meld.length, max(KLABERJASS_SEQUENCE_VALUES))]


def compare_sequences_klaberjass(melds: Sequence[Meld], *, trump: Suit | str, players: Sequence[str],
                                 by_length: bool = False) -> MeldVerdict:
    """RULES.md §3.2: the player with the best sequence scores all of his, the other none.
    Order: value class (50 beats 20); with ``by_length`` (option
    ``sequence_compare_by_length``) the longer inside the 50 class; then the top card; then
    the trump suit; still equal: neither player scores (no seat order)."""
    suit = _trump(trump, Contract.SUIT)
    seats = tuple(players)
    for meld in melds:
        if meld.kind is not MeldKind.SEQUENCE:
            raise RuleViolation(N_("%(cards)s is not a sequence: Klaberjass has no fours"),
                                field="sequences", cards=meld.label)
        if meld.seat not in seats:
            raise RuleViolation(N_("%(seat)s is not at this table"), field="sequences", seat=meld.seat)
    check_melds_consistent(melds, field="sequences")
    nobody = MappingProxyType(dict.fromkeys(seats, 0))

    def key(meld: Meld) -> tuple[int, int, int, int]:
        return (klaberjass_sequence_value(meld), meld.length if by_length else 0,
                len(NATURAL_ORDER) - NATURAL_ORDER.index(meld.top), int(meld.suit == suit))

    bests = sorted((max(sorted(mine, key=_canonical), key=key) for seat in seats
                    if (mine := [meld for meld in melds if meld.seat == seat])), key=key, reverse=True)
    if not bests:
        return MeldVerdict(None, None, nobody, (Say(N_("nobody declared a sequence")),))
    best = bests[0]
    names = {"best": best.label, "side": best.seat, "value": klaberjass_sequence_value(best),
             "top": str(best.top)}
    if len(bests) > 1:
        names.update(other=bests[1].label, other_value=klaberjass_sequence_value(bests[1]))
        if key(bests[1]) == key(best):
            return MeldVerdict(None, None, nobody, (
                Say(N_("%(best)s and %(other)s are equal: neither player scores sequences"), names),))
        why = _step(KLABERJASS_STEPS, key(best), key(bests[1]), names)
    else:
        why = Say(N_("only %(side)s declared sequences; the best is %(best)s"), names)
    points = sum(klaberjass_sequence_value(meld) for meld in melds if meld.seat == best.seat)
    counted = MappingProxyType({seat: points if seat == best.seat else 0 for seat in seats})
    return MeldVerdict(best.seat, best, counted,
                       (why, Say(N_("%(side)s scores all its sequences: %(points)d"),
                                 {"side": best.seat, "points": points})))
