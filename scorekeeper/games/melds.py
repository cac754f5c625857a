"""Melds of the Jass family: detection, validation and comparison (RULES.md §1.2, §1.3, §3.2).

Sequences and fours, valued and compared as classic Belote does; Klaberjass's sequence
rules have their own comparison. Card orders come from :mod:`scorekeeper.games.jass`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from types import MappingProxyType
from typing import Any, NamedTuple

from ..cards import NATURAL_ORDER, SUIT_ORDER, Card, Rank, Suit, display_key, format_cards, sort_cards
from ..errors import N_, RuleViolation
from . import jass
from .base import Say

A, K, Q, J, T, N9, N8, N7 = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE,
                             Rank.EIGHT, Rank.SEVEN)

# -- melds -------------------------------------------------------------------------------------

class MeldKind(StrEnum):
    """A meld is a sequence in one suit or a four of a kind (RULES.md §1.2)."""

    SEQUENCE = "sequence"
    FOUR = "four"


# Read at every meld compared: an enum's member read from its class goes through the metaclass's
# ``__getattr__`` hook in Python 3.11 (about a thousand instructions each), a module name does not.
_SEQUENCE, _FOUR = MeldKind.SEQUENCE, MeldKind.FOUR
_SUIT, _SANS_ATOUT = jass.Contract.SUIT, jass.Contract.SANS_ATOUT


MIN_SEQUENCE = 3
SEQUENCE_CAP = 5
"""A run of 6, 7 or 8 counts as a run of 5, never split (RULES.md §1.2, §1.3 step 4)."""
SEQUENCE_VALUES = MappingProxyType({3: 20, 4: 50, 5: 100})
"""Tierce 20, cinquante 50, cent 100 (RULES.md §1.2)."""
KLABERJASS_SEQUENCE_VALUES = MappingProxyType({3: 20, 4: 50})
"""Klaberjass: 3 cards 20, 4 or more 50 (RULES.md §3.2)."""
FOUR_VALUES = MappingProxyType(dict(jass.JASS_ORDERS.four_values))
"""Jacks 200, nines 150, aces, tens, kings, queens 100; eights, sevens nothing (RULES.md §1.2)."""
PARLETT_SA_FOUR_VALUES = MappingProxyType({A: 200, T: 150, K: 100, Q: 100, J: 100})
"""Option ``sa_four_values = "parlett"`` in sans atout (RULES.md §1.6)."""
FOUR_RANK_ORDER = (A, T, K, Q, J, N9, N8, N7)
"""Fours of equal value: aces > tens > kings > queens (RULES.md §1.3 step 3)."""
SA_FOUR_VALUE_CHOICES = ("standard", "parlett")
SA_FOUR_VALUE_LABELS = (N_("Standard values"), N_("Parlett's values"))


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
        return _top(self.cards)

    @property
    def suit(self) -> Suit | None:
        """The suit of a sequence; None for a four."""
        return next(iter(self.cards)).suit if self.kind is _SEQUENCE else None

    @property
    def value(self) -> int:
        """Belote value under standard rules (RULES.md §1.2)."""
        return meld_value(self)

    @property
    def label(self) -> str:
        """The cards with suit symbols, highest first: ``A♥ K♥ Q♥``."""
        return _label(self.cards)

    @property
    def codes(self) -> tuple[str, ...]:
        """The cards' codes, highest first: ``("AH", "KH", "QH")``."""
        return _codes(self.cards)


@functools.lru_cache(maxsize=4096)  # a meld's top card and label are asked at every comparison of every deal
def _top(cards: frozenset[Card]) -> Rank:
    return min((card.rank for card in cards), key=NATURAL_ORDER.index)


@functools.lru_cache(maxsize=4096)
def _label(cards: frozenset[Card]) -> str:
    return format_cards(cards, symbols=True)


@functools.lru_cache(maxsize=4096)
def _codes(cards: frozenset[Card]) -> tuple[str, ...]:
    return tuple(format_cards(cards).split())


def meld_value(meld: Meld, contract: jass.Contract | str = jass.Contract.SUIT, sa_four_values: str = "standard") -> int:
    """Belote value of a meld (RULES.md §1.2; Parlett fours in sans atout, §1.6)."""
    if sa_four_values not in SA_FOUR_VALUE_CHOICES:
        raise RuleViolation(N_("sa_four_values must be one of %(choices)s; got “%(value)s”"),
                            field="options.sa_four_values", choices=", ".join(SA_FOUR_VALUE_CHOICES),
                            value=sa_four_values)
    if meld.kind is _SEQUENCE:
        return SEQUENCE_VALUES[min(meld.length, SEQUENCE_CAP)]
    parlett = sa_four_values == "parlett" and jass.read_contract(contract) is _SANS_ATOUT
    return (PARLETT_SA_FOUR_VALUES if parlett else FOUR_VALUES).get(meld.top, 0)


def meld_from_cards(cards: Iterable[Card | str] | str, *, seat: str | None = None, field: str | None = None,
                    orders: jass.CardOrders = jass.JASS_ORDERS) -> Meld:
    """Check one declared meld (RULES.md §1.2): a run of 3 or more consecutive cards of one
    suit in natural order A K Q J 10 9 8 7, or four of a kind that is worth something.

    >>> meld_from_cards("AH KH JH", field="melds")
    Traceback (most recent call last):
    ...
    scorekeeper.errors.RuleViolation: AH KH JH is not a sequence: QH is missing
    """
    try:
        kind, found = _read_meld(cards if isinstance(cards, str) else tuple(cards), field, orders)
    except TypeError:  # codes that cannot be a key (junk sent as JSON): read the long way, and refused
        kind, found = _read_meld.__wrapped__(cards, field, orders)
    return Meld(kind, found, seat)


@functools.lru_cache(maxsize=4096)  # a deck has a few hundred melds: each read once, not at every re-score
def _read_meld(cards: Iterable[Card | str] | str, field: str | None,
               orders: jass.CardOrders) -> tuple[MeldKind, frozenset[Card]]:
    found = jass.read_cards(cards, field, orders.deck)
    ranks = {card.rank for card in found}
    if len(ranks) == 1 and found:
        rank = found[0].rank
        if len(found) < len(SUIT_ORDER):
            raise RuleViolation(N_("%(cards)s is not a meld: a four needs all four %(rank)s"),
                                field=field, cards=format_cards(found), rank=str(rank))
        if not dict(orders.four_values).get(rank):
            raise RuleViolation(N_("%(cards)s is not a meld: four %(rank)s score nothing"),
                                field=field, cards=format_cards(found), rank=str(rank))
        return _FOUR, frozenset(found)
    if len(found) < MIN_SEQUENCE:
        raise RuleViolation(N_("“%(cards)s” is not a meld: a sequence needs at least 3 cards"),
                            field=field, cards=format_cards(found))
    if len({card.suit for card in found}) > 1:
        raise RuleViolation(N_("%(cards)s is not a sequence: the cards are not all of one suit"),
                            field=field, cards=format_cards(found))
    suit = found[0].suit
    places = {orders.meld_order.index(card.rank) for card in found}
    missing = [Card(orders.meld_order[i], suit) for i in range(min(places), max(places)) if i not in places]
    if missing:
        message = (N_("%(cards)s is not a sequence: %(missing)s is missing") if len(missing) == 1 else
                   N_("%(cards)s is not a sequence: %(missing)s are missing"))
        raise RuleViolation(message, field=field, cards=format_cards(found), missing=format_cards(missing))
    return _SEQUENCE, frozenset(found)


def parse_melds(text_or_list: str | Sequence[Any], *, seat: str | None, field: str | None,
                reuse: bool = True, orders: jass.CardOrders = jass.JASS_ORDERS) -> tuple[Meld, ...]:
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
                           orders: jass.CardOrders = jass.JASS_ORDERS) -> None:
    """Refuse impossible declarations: a card in two seats' melds, a meld declared twice,
    overlapping or split runs (a run is one meld, RULES.md §1.2), and with ``reuse`` false
    a card in a four and a sequence at once (option ``meld_card_reuse``, RULES.md §1.6)."""
    ordered = sorted(melds, key=lambda meld: (str(meld.seat), display_order(meld)))
    for first, second in combinations(ordered, 2):
        shared = first.cards & second.cards
        if first.seat != second.seat:
            if shared:
                raise RuleViolation(N_("%(card)s is declared by both %(seat)s and %(other_seat)s"),
                                    field=field, card=str(sort_cards(shared)[0]), seat=first.seat,
                                    other_seat=second.seat)
        elif first.cards == second.cards:
            raise RuleViolation(N_("%(cards)s is declared twice"), field=field, cards=first.label)
        elif first.kind is second.kind is _SEQUENCE and first.suit == second.suit and (
                shared or _adjacent(first, second, orders)):
            raise RuleViolation(N_("%(cards)s and %(other)s are one run: a run is never split"),
                                field=field, cards=first.label, other=second.label)
        elif shared and not reuse:
            raise RuleViolation(N_("%(card)s may serve in only one meld"), field=field,
                                card=str(sort_cards(shared)[0]))


def _adjacent(first: Meld, second: Meld, orders: jass.CardOrders) -> bool:
    places = [sorted(orders.meld_order.index(card.rank) for card in meld.cards) for meld in (first, second)]
    return places[0][-1] + 1 == places[1][0] or places[1][-1] + 1 == places[0][0]


def display_order(meld: Meld) -> tuple[tuple[int, int], ...]:
    """The meld's cards' display keys, highest first: melds sort by it into display order."""
    return _display_order(meld.cards)


def _tiebreak(meld: Meld) -> tuple[int, ...]:
    """Last resort for a total order: the meld whose cards come first in display order."""
    return _cards_tiebreak(meld.cards)


# Kept per set of cards, like a meld's top card and label (a meld is sorted for every comparison and
# check of every deal that has it): a frozenset keeps its hash, a Meld hashes its fields in Python.
@functools.lru_cache(maxsize=4096)
def _display_order(cards: frozenset[Card]) -> tuple[tuple[int, int], ...]:
    return tuple(display_key(card) for card in sort_cards(cards))


@functools.lru_cache(maxsize=4096)
def _cards_tiebreak(cards: frozenset[Card]) -> tuple[int, ...]:
    return tuple(-x for place in _display_order(cards) for x in place)


def meld_strength_key(trump: Suit | str | None, contract: jass.Contract = jass.Contract.SUIT, *,
                      sa_four_values: str = "standard") -> Callable[[Meld], tuple[int, int, int, int]]:
    """The RULES.md §1.3 key of a meld under this trump and contract, higher is stronger: (1)
    a four beats a sequence; (2) fours by value; (3) then aces > tens > kings > queens; (4)
    sequences by length, 5 or more counting as 5; (5) then the top card; (6) then a trump
    sequence beats a plain one. Step 7 (seat order) is :func:`compare_melds`'s. The contract
    is one read already (:func:`jass.read_contract`), as the callers read it once for all.

    >>> strength = meld_strength_key("H")
    >>> strength(meld_from_cards("QH JH 10H")) > strength(meld_from_cards("QS JS 10S"))
    True
    """
    return functools.partial(_strength, trump, contract, sa_four_values)


def _strength(trump: Suit | str | None, contract: jass.Contract, sa_four_values: str,
              meld: Meld) -> tuple[int, int, int, int]:
    """:func:`meld_strength_key`'s key of one meld (the meld last, for the partial's call)."""
    if meld.kind is _FOUR:
        value = meld_value(meld, contract, sa_four_values)
        return 1, value, len(FOUR_RANK_ORDER) - FOUR_RANK_ORDER.index(meld.top), 0
    in_trump = contract is _SUIT and trump is not None and meld.suit == trump
    top = len(NATURAL_ORDER) - NATURAL_ORDER.index(meld.top)
    return 0, min(meld.length, SEQUENCE_CAP), top, int(in_trump)


def find_melds(hand: Iterable[Card | str] | str, *, reuse: bool = True, sa_four_values: str = "standard",
               contract: jass.Contract | str = jass.Contract.SUIT, trump: Suit | str | None = None,
               seat: str | None = None, orders: jass.CardOrders = jass.JASS_ORDERS) -> tuple[Meld, ...]:
    """Every meld in a hand (RULES.md §1.2), strongest first. Each maximal run of a suit is
    one meld (6-8 cards too); a gap makes two. With ``reuse`` false a card serves in one meld
    only, and the split chosen has the most points, then covers the most cards, then holds
    the strongest single meld (RULES.md §7 item 22).

    >>> [meld.label for meld in find_melds("AD KD QD 10D 9D 8D JS JH")]
    ['A♦ K♦ Q♦', '10♦ 9♦ 8♦']
    """
    contract = jass.read_contract(contract)
    cards = jass.read_cards(hand, "hand", orders.deck)
    four_values = dict(orders.four_values)
    fours = []
    for rank in orders.meld_order:
        meld = Meld(_FOUR, frozenset(card for card in cards if card.rank == rank), seat)
        if meld.length == len(SUIT_ORDER) and four_values.get(rank):
            fours += [meld] if meld_value(meld, contract, sa_four_values) else []

    strength = meld_strength_key(trump, contract, sa_four_values=sa_four_values)

    def split(chosen: Sequence[Meld]) -> tuple[Meld, ...]:
        used = frozenset().union(*(meld.cards for meld in chosen)) if not reuse else frozenset()
        melds = [*chosen, *_runs([card for card in cards if card not in used], orders, seat)]
        return tuple(sorted(sorted(melds, key=display_order), key=strength, reverse=True))

    if reuse:
        return split(fours)
    splits = [split(chosen) for size in range(len(fours) + 1) for chosen in combinations(fours, size)]

    def merit(melds: tuple[Meld, ...]) -> tuple[Any, ...]:
        covered = frozenset().union(*(meld.cards for meld in melds))
        return (sum(meld_value(meld, contract, sa_four_values) for meld in melds), len(covered),
                [strength(meld) for meld in melds], [_tiebreak(meld) for meld in melds])

    return max(splits, key=merit)


def _runs(cards: Sequence[Card], orders: jass.CardOrders, seat: str | None) -> list[Meld]:
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
                runs.append(Meld(_SEQUENCE, run_cards, seat))
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


class _Rated(NamedTuple):
    """A meld worth something in a comparison, with what the comparison reads of it, reckoned once."""

    meld: Meld
    worth: int  # its value (RULES.md §1.2)
    strength: tuple[int, int, int, int]  # its RULES.md §1.3 key (:func:`meld_strength_key`)
    side: str  # the side of its holder


def compare_melds(melds: Sequence[Meld], *, trump: Suit | str | None,
                  contract: jass.Contract | str = jass.Contract.SUIT, play_order: Sequence[str],
                  side_of: Callable[[str], str], sa_four_values: str = "standard",
                  reuse: bool = True, checked: bool = False) -> MeldVerdict:
    """RULES.md §1.3: the single best meld (steps 1-6 of :func:`meld_strength_key`; step 7: its
    holder comes first in ``play_order``) makes its side score ALL melds of both its players;
    the other side scores none. Melds worth nothing (Parlett fours, §1.6) are left out.
    The answer does not depend on the order of ``melds``.

    :param checked: the melds were checked together already (:func:`check_melds_consistent`,
        with the same ``reuse``), as a deal's read checks them: not checked again
    """
    contract = jass.read_contract(contract)
    trump = jass.read_trump(trump, contract)
    seats = tuple(play_order)
    for meld in melds:
        if meld.seat not in seats:
            raise RuleViolation(N_("%(seat)s is not at this table"), field="melds", seat=meld.seat)
    if not checked:
        check_melds_consistent(melds, reuse=reuse)
    sides = tuple(dict.fromkeys(side_of(seat) for seat in seats))

    def value(meld: Meld) -> int:
        return meld_value(meld, contract, sa_four_values)

    strength = meld_strength_key(trump, contract, sa_four_values=sa_four_values)
    # the order, the points and the reason read each meld's value, strength and side
    ranked = sorted((_Rated(meld, worth, strength(meld), side_of(meld.seat)) for meld in melds
                     if (worth := value(meld))), reverse=True,
                    key=lambda rated: (rated.strength, -seats.index(rated.meld.seat), _tiebreak(rated.meld)))
    if not ranked:
        return MeldVerdict(None, None, MappingProxyType(dict.fromkeys(sides, 0)),
                           (Say(N_("nobody declared a meld")),))
    best, best_value, mine, winner = ranked[0]
    points = sum(rated.worth for rated in ranked if rated.side == winner)
    counted = MappingProxyType({side: points if side == winner else 0 for side in sides})
    rival = next((rated for rated in ranked if rated.side != winner), None)
    names = {"best": best.label, "side": winner, "value": best_value, "top": str(best.top)}
    if rival is None:
        why = Say(N_("only %(side)s declared melds; the best is %(best)s"), names)
    else:
        other, other_value, theirs, _ = rival
        names.update(other=other.label, other_value=other_value,
                     seat=min(best.seat, other.seat, key=seats.index))
        if mine == theirs:
            why = Say(N_("%(best)s and %(other)s are equal; %(seat)s plays first"), names)
        elif mine[0] != theirs[0]:
            why = Say(FOUR_BEATS_SEQUENCE, names)
        else:
            steps = FOUR_STEPS if best.kind is _FOUR else SEQUENCE_STEPS
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
    suit = jass.read_trump(trump, _SUIT)
    seats = tuple(players)
    for meld in melds:
        if meld.kind is not _SEQUENCE:
            raise RuleViolation(N_("%(cards)s is not a sequence: Klaberjass has no fours"),
                                field="sequences", cards=meld.label)
        if meld.seat not in seats:
            raise RuleViolation(N_("%(seat)s is not at this table"), field="sequences", seat=meld.seat)
    check_melds_consistent(melds, field="sequences")
    nobody = MappingProxyType(dict.fromkeys(seats, 0))

    def key(meld: Meld) -> tuple[int, int, int, int]:
        return (klaberjass_sequence_value(meld), meld.length if by_length else 0,
                len(NATURAL_ORDER) - NATURAL_ORDER.index(meld.top), int(meld.suit == suit))

    bests = sorted((max(sorted(mine, key=display_order), key=key) for seat in seats
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
