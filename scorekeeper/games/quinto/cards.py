"""Quinto's cards, quints and doubling calls (RULES.md §5.1-§5.3, §7 item 28).

* One global rank (:func:`rank_key`): the suit first, hearts > diamonds > clubs > spades,
  then A K Q J 10 ... 2; the joker is the lowest card. The highest card in a trick wins it,
  whatever was led; the joker never wins (:func:`trick_winner`).
* Quints (:class:`Quint`, :func:`quints_in`): the 5 of a suit, A + 4 or 2 + 3 of one suit in
  the same trick, each worth the suit's value (hearts 20, diamonds 15, clubs 10, spades 5),
  and the joker, 25. :func:`read_quints` checks declared quint cards: every card must belong
  to a quint of the same trick.
* Doubling (:func:`check_calls`): once around from the dealer's left, pass / double /
  redouble; the answer is a :class:`CallsVerdict`, never an exception, so the referee can
  say what is wrong with a sequence of calls.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from ...cards import DECK_53, JOKER, NATURAL_ORDER, Card, Rank, Suit, display_key, format_cards, parse_cards
from ...errors import N_, RuleViolation
from ..base import Say

SEATS = ("N", "E", "S", "W")  # RULES §0; also the playing order (clockwise from N)
TEAMS = ("A", "B")  # RULES §5.1: A = N + S, B = E + W
TEAM_OF = MappingProxyType({"N": "A", "S": "A", "E": "B", "W": "B"})
TEAM_LABELS = MappingProxyType({"A": "N–S", "B": "E–W"})
SUIT_RANKING = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)  # RULES §5.1, highest first
TRICKS = 12  # RULES §5.1: 12 cards each, 12 tricks
TRICK_SIZE = 4  # one card from each player
HAND_SIZE = 12
CACHETTE_SIZE = 5  # RULES §5.1: the last 5 cards
SUIT_VALUES = MappingProxyType({Suit.HEARTS: 20, Suit.DIAMONDS: 15, Suit.CLUBS: 10, Suit.SPADES: 5})  # §5.3
JOKER_VALUE = 25  # RULES §5.3: the quint royal
ALL_QUINTS = JOKER_VALUE + 3 * sum(SUIT_VALUES.values())  # RULES §5.3: 175
PAIRS = MappingProxyType({Rank.ACE: Rank.FOUR, Rank.FOUR: Rank.ACE, Rank.TWO: Rank.THREE, Rank.THREE: Rank.TWO})
"""RULES §5.3: the two-card quints, A + 4 and 2 + 3 of one suit, each card with its partner."""
QUINT_CARDS: frozenset[Card] = frozenset(
    {JOKER} | {Card(rank, suit) for suit in Suit for rank in (Rank.FIVE, *PAIRS)})
"""The 21 cards that can be part of a quint: the joker, and the 5, A, 4, 2, 3 of each suit."""
TRICK_VALUE = 5  # RULES §5.4: 5 per trick
MULTIPLIERS = MappingProxyType({"none": 1, "double": 2, "redouble": 4})  # RULES §5.2, §6 multiplier
PASS, DOUBLE, REDOUBLE = "pass", "double", "redouble"
CALLS = (PASS, DOUBLE, REDOUBLE)
CALL_ALIASES = MappingProxyType({"quaddouble": REDOUBLE})  # option redouble_name: the original's word
SHOWN_MAX = 40  # characters of a refused value quoted back in a message


def shown(value: object) -> str:
    """A value as quoted in a message, kept short whatever was sent."""
    text = str(value)
    return text if len(text) <= SHOWN_MAX else text[:SHOWN_MAX - 1] + "…"


def other_team(team: str) -> str:
    """The partnership that is not ``team``."""
    return TEAMS[1 - TEAMS.index(team)]


def play_order_after(dealer: str) -> tuple[str, ...]:
    """The seats from the dealer's left, the dealer last (RULES §0, §5.2).

    >>> play_order_after("W")
    ('N', 'E', 'S', 'W')
    """
    start = SEATS.index(dealer) + 1
    return tuple(SEATS[(start + step) % len(SEATS)] for step in range(len(SEATS)))


# -- the global rank (RULES §5.1) ------------------------------------------------------------------

def rank_key(card: Card) -> int:
    """Higher is stronger: suit first (♥ > ♦ > ♣ > ♠), then A down to 2; the joker is 0.

    >>> sorted(parse_cards("2H AD KS JOKER"), key=rank_key)
    [Card.parse('JOKER'), Card.parse('KS'), Card.parse('AD'), Card.parse('2H')]
    """
    if card.suit is None:
        return 0
    ranks = NATURAL_ORDER[:-1]  # A ... 2, without the joker
    return (len(SUIT_RANKING) - SUIT_RANKING.index(card.suit)) * len(ranks) - ranks.index(card.rank)


def trick_winner(cards: Sequence[Card]) -> int | None:
    """The index of the highest card (RULES §5.1); None when the joker is all there is.

    >>> trick_winner(parse_cards("KS 2C AS JOKER"))
    1
    """
    if all(card == JOKER for card in cards):
        return None
    return max(range(len(cards)), key=lambda index: rank_key(cards[index]))


def led_suit(played: Sequence[Card], joker_lead_rule: bool) -> Suit | None:
    """The suit to follow in a trick (RULES §5.5): the first card's; after a joker lead the
    next card's (option ``joker_lead_rule``; without it, none: any card, §7 item 27)."""
    if not played or (played[0] == JOKER and (not joker_lead_rule or len(played) == 1)):
        return None
    return (played[1] if played[0] == JOKER else played[0]).suit


def legal_cards(hand: Iterable[Card], played: Sequence[Card], joker_lead_rule: bool) -> frozenset[Card]:
    """The cards of ``hand`` that may be played to ``played`` (RULES §5.5): follow the suit led
    if you can, else any card; the joker may always be played."""
    cards, suit = frozenset(hand), led_suit(played, joker_lead_rule)
    if suit is None or not any(card.suit == suit for card in cards):
        return cards
    return frozenset(card for card in cards if card.suit == suit or card == JOKER)


# -- quints (RULES §5.3) -----------------------------------------------------------------------------

class QuintKind(StrEnum):
    """The four kinds of quint."""

    FIVE = "five"
    ACE_FOUR = "ace_four"
    TWO_THREE = "two_three"
    JOKER = "joker"


@dataclass(frozen=True, slots=True)
class Quint:
    """One quint: its kind, its suit (None for the joker) and its cards."""

    kind: QuintKind
    suit: Suit | None
    cards: tuple[Card, ...]

    @property
    def value(self) -> int:
        """RULES §5.3: the suit's value (♥ 20, ♦ 15, ♣ 10, ♠ 5); the joker 25."""
        return JOKER_VALUE if self.suit is None else SUIT_VALUES[self.suit]

    @property
    def label(self) -> str:
        """``A♦ 4♦``, ``5♥``, ``JOKER``: the cards in the order a table names them."""
        return " ".join(card.label for card in self.cards)


def quints_in(cards: Iterable[Card]) -> tuple[Quint, ...]:
    """Every quint among the cards of one trick (or of the cachette), in a fixed order.

    >>> [(q.label, q.value) for q in quints_in(parse_cards("AH 4H 2H 3H"))]
    [('A♥ 4♥', 20), ('2♥ 3♥', 20)]
    >>> quints_in(parse_cards("AD 4H 7C"))
    ()
    """
    held = frozenset(cards)
    found = [Quint(QuintKind.JOKER, None, (JOKER,))] if JOKER in held else []
    for suit in SUIT_RANKING:
        if Card(Rank.FIVE, suit) in held:
            found.append(Quint(QuintKind.FIVE, suit, (Card(Rank.FIVE, suit),)))
        for kind, high, low in ((QuintKind.ACE_FOUR, Rank.ACE, Rank.FOUR), (QuintKind.TWO_THREE, Rank.TWO, Rank.THREE)):
            pair = (Card(high, suit), Card(low, suit))
            if set(pair) <= held:
                found.append(Quint(kind, suit, pair))
    return tuple(found)


def quint_cards(quints: Iterable[Quint]) -> tuple[Card, ...]:
    """The cards of the quints, in display order."""
    return tuple(sorted((card for quint in quints for card in quint.cards), key=display_key))


def codes(quints: Iterable[Quint]) -> list[str]:
    """The §6 form of quints: their card codes in display order (``["AD", "4D"]``)."""
    return [str(card) for card in quint_cards(quints)]


def describe(quints: Sequence[Quint]) -> str:
    """``A♦ 4♦ (15) + 5♥ (20)``: no words, so it needs no translation."""
    return " + ".join(f"{quint.label} ({quint.value})" for quint in quints)


def _unmatched(card: Card, loose: Sequence[Card], field: str | None, params: Mapping[str, object]) -> RuleViolation:
    """Why a declared card is no quint: not a quint card, a pair of two suits, or half a pair."""
    if card not in QUINT_CARDS:
        return RuleViolation(N_("%(card)s is not a quint card: quints are the 5s, A + 4 and 2 + 3 of one suit, "
                                "and the joker"), field=field, card=card.label, **params)
    partner = Card(PAIRS[card.rank], card.suit)
    mismatched = next((other for other in loose if other.rank == partner.rank), None)
    if mismatched is not None:
        return RuleViolation(N_("%(card)s and %(other)s are of different suits: no quint (a pair must be of one "
                                "suit)"), field=field, card=card.label, other=mismatched.label, **params)
    return RuleViolation(N_("%(card)s makes a quint only with %(partner)s in the same trick; a pair split across "
                            "tricks is nothing"), field=field, card=card.label, partner=partner.label, **params)


def read_cards(value: object, *, field: str, most: int, params: Mapping[str, object]) -> tuple[Card, ...]:
    """Card codes as a list or text: distinct, of the 53-card pack, at most ``most``."""
    if not isinstance(value, str | list) or (isinstance(value, list)
                                              and not all(isinstance(code, str) for code in value)):
        raise RuleViolation(N_("%(name)s must be card codes such as “AD 4D”; got “%(value)s”"),
                            field=field, name=field, value=shown(value), **params)
    cards = parse_cards(value, field=field, deck=DECK_53)
    if len(cards) > most:
        raise RuleViolation(N_("%(count)d cards is more than %(most)d: a trick holds 4 cards, the cachette 5"),
                            field=field, count=len(cards), most=most, **params)
    return cards


def read_quints(value: object, *, field: str, most: int, params: Mapping[str, object]) -> tuple[Quint, ...]:
    """The quints that declared quint cards make (RULES §5.3); every card must be part of one.

    ``params`` (``trick``, ``team``) are passed to any refusal, for the form to place it.

    >>> [q.label for q in read_quints("4d 5h ad", field="quints", most=4, params={})]
    ['5♥', 'A♦ 4♦']
    >>> read_quints(["AD", "4C"], field="quints", most=4, params={})
    Traceback (most recent call last):
    ...
    scorekeeper.errors.RuleViolation: A♦ and 4♣ are of different suits: no quint (a pair must be of one suit)
    """
    cards = read_cards(value, field=field, most=most, params=params)
    quints = quints_in(cards)
    covered = {card for quint in quints for card in quint.cards}
    loose = sorted((card for card in cards if card not in covered),  # A before 4, 2 before 3: as a table says it
                   key=lambda card: (card.rank not in (Rank.ACE, Rank.TWO), display_key(card)))
    if loose:
        raise _unmatched(loose[0], loose[1:], field, params)
    return quints


def quints_of_cards(value: object, *, field: str, most: int, params: Mapping[str, object]) \
        -> tuple[tuple[Quint, ...], tuple[Card, ...]]:
    """All the cards of a trick (or the cachette): the quints found in them, and the cards."""
    cards = read_cards(value, field=field, most=most, params=params)
    return quints_in(cards), cards


def same_quints(declared: Sequence[Quint], found: Sequence[Quint], *, field: str,
                params: Mapping[str, object]) -> None:
    """Quints given both as quint cards and as the trick's cards must agree."""
    if set(quint_cards(declared)) != set(quint_cards(found)):
        raise RuleViolation(N_("The cards given hold the quints %(found)s, not %(declared)s"), field=field,
                            found=format_cards(quint_cards(found), symbols=True) or "—",
                            declared=format_cards(quint_cards(declared), symbols=True) or "—", **params)


# -- doubling (RULES §5.2, §7 item 28) ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CallsVerdict:
    """A sequence of calls from the dealer's left: valid or not, the multiplier it gives
    (``none`` / ``double`` / ``redouble``) and, when invalid, the call at fault (1-based) and why."""

    calls: tuple[str, ...]
    valid: bool
    multiplier: str
    position: int | None
    problem: Say | None


def read_calls(value: object, *, field: str = "calls") -> tuple[str, ...]:
    """Calls as a list or text (``"pass double redouble pass"``); ``quaddouble`` is a redouble."""
    words = value.split() if isinstance(value, str) else value
    if not isinstance(words, list) or not all(isinstance(word, str) for word in words):
        raise RuleViolation(N_("calls must be a list of pass, double or redouble; got “%(value)s”"),
                            field=field, value=shown(value))
    calls = []
    for position, word in enumerate(words, start=1):
        call = CALL_ALIASES.get(word.strip().lower(), word.strip().lower())
        if call not in CALLS:
            raise RuleViolation(N_("Call %(position)d must be pass, double or redouble; got “%(value)s”"),
                                field=field, position=position, value=shown(word))
        calls.append(call)
    return tuple(calls)


def check_calls(calls: Sequence[str]) -> CallsVerdict:
    """RULES §5.2 and §7 item 28: once around from the dealer's left (at most 4 calls); a double
    raises 5 to 10, a redouble 10 to 20; a redouble answers a double by an opponent (never the
    partner's); a second double is invalid; who spoke before the double has no second turn.

    Positions 1 and 3 are one partnership, 2 and 4 the other, whoever dealt.

    >>> check_calls(["pass", "double", "redouble", "pass"]).multiplier
    'redouble'
    >>> check_calls(["double", "pass", "redouble", "pass"]).problem.render()
    'Call 3: a redouble must answer a double by an opponent, never the partner’s (call 1)'
    """
    calls = tuple(calls)
    doubled_at: int | None = None
    multiplier = "none"

    def invalid(position: int, template: str, **params: object) -> CallsVerdict:
        return CallsVerdict(calls, False, multiplier, position, Say(template, {"position": position, **params}))

    for position, call in enumerate(calls, start=1):
        if position > len(SEATS):
            return invalid(position, N_("Call %(position)d: the calls go once around the table, %(most)d in all; "
                                        "a player who spoke before the double cannot speak again to redouble"),
                           most=len(SEATS))
        if call == DOUBLE:
            if doubled_at is not None:
                return invalid(position, N_("Call %(position)d: a second double is invalid; only a redouble "
                                            "raises a double"))
            doubled_at, multiplier = position, "double"
        elif call == REDOUBLE:
            if doubled_at is None:
                return invalid(position, N_("Call %(position)d: a redouble answers a double, and nobody has "
                                            "doubled"))
            if multiplier == "redouble":
                return invalid(position, N_("Call %(position)d: the double was already redoubled"))
            if (position - doubled_at) % 2 == 0:
                return invalid(position, N_("Call %(position)d: a redouble must answer a double by an opponent, "
                                            "never the partner’s (call %(double)d)"), double=doubled_at)
            multiplier = "redouble"
    return CallsVerdict(calls, True, multiplier, None, None)
