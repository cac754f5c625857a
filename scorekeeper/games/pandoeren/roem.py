"""Pandoeren's cards and roem (RULES.md §4.1, §4.2): orders, values, strength, validity.

Roem are the sequences and fours of :mod:`scorekeeper.games.melds` (its :class:`Meld`, run
detection and consistency checks, fed Pandoeren's :data:`PANDOEREN_ORDERS`), valued and
ranked by Pandoeren's own table. A card may count in a sequence and a four at once
(RULES.md §7 item 12).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...cards import DECK_33, NATURAL_ORDER, Card, Rank, Suit, format_cards
from ...errors import N_, RuleViolation
from .. import jass
from ..base import Say
from ..melds import Meld, MeldKind, find_melds, parse_melds

A, K, Q, J, T, N9, N8, N7, N6 = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                                 Rank.SEVEN, Rank.SIX)

PANDOEREN_ORDERS = jass.CardOrders(
    trump=jass.RankTable(((J, 20), (N9, 14), (A, 11), (K, 3), (Q, 2), (T, 10), (N8, 0), (N7, 0), (N6, 0))),
    plain=jass.RankTable(((A, 11), (K, 3), (Q, 2), (J, 1), (T, 10), (N9, 0), (N8, 0), (N7, 0), (N6, 0))),
    meld_order=(A, K, Q, J, T, N9, N8, N7, N6),
    four_values=((J, 200), (A, 100), (K, 100), (Q, 100)),
    deck=DECK_33,
)
"""RULES.md §4.1 (the ten below the queen; the 6 of hearts) and §4.2 (sequence order, fours)."""

CARD_POINTS = 141  # RULES §4.1: 60 in trumps + 3 x 27
LAST_TRICK = 5  # RULES §4.1: the last trick, 141 + 5 = 146
STUK = 20  # RULES §4.2: K + Q of trumps with the declarer or the partner, never denied
SHOWN_MAX = 40  # characters of a refused value quoted back in a message
HAND_SIZE = 8  # RULES §4.1: 33 cards, 8 to each player and one in the middle
SEQUENCE_VALUES = MappingProxyType({3: 20, 4: 50, 5: 100, 6: 120, 7: 140, 8: 160})  # RULES §4.2
MAX_SEQUENCE = 8  # RULES §4.2: the table stops at 8 (a 9-card hand may hold A-6 of hearts: counted as 8)
FOUR_VALUES = MappingProxyType(dict(PANDOEREN_ORDERS.four_values))  # RULES §4.2: jacks 200, A K Q 100
STRENGTH_CLASSES = (("sequence", 3), ("sequence", 4), ("sequence", 5), ("four", Q), ("four", K), ("four", A),
                    ("sequence", 6), ("sequence", 7), ("sequence", 8), ("four", J))
"""RULES §4.2 roem in ascending strength (the table's order)."""
SUIT_STRENGTH = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""RULES §4.2: equal sequences: spades > hearts > diamonds > clubs (weakest first)."""

_SEPARATORS = re.compile(r"[\s,;]")
_FOUR_NAMES = MappingProxyType({J: N_("four jacks"), A: N_("four aces"), K: N_("four kings"),
                                Q: N_("four queens")})


def roem_value(roem: Meld) -> int:
    """Points of one roem (RULES.md §4.2)."""
    if roem.kind is MeldKind.FOUR:
        return FOUR_VALUES.get(roem.top, 0)
    return SEQUENCE_VALUES[min(roem.length, MAX_SEQUENCE)]


def roem_strength(roem: Meld) -> tuple[int, int, int]:
    """The RULES.md §4.2 order, higher is stronger: the table's class, then a sequence's top
    card, then its suit (spades > hearts > diamonds > clubs). Distinct roem never tie."""
    if roem.kind is MeldKind.FOUR:
        return STRENGTH_CLASSES.index(("four", roem.top)), 0, 0
    length = min(roem.length, MAX_SEQUENCE)
    top = len(NATURAL_ORDER) - NATURAL_ORDER.index(roem.top)
    return STRENGTH_CLASSES.index(("sequence", length)), top, SUIT_STRENGTH.index(Suit(str(roem.suit)))


def compare_roem(first: Meld, second: Meld) -> int:
    """1 if ``first`` is the stronger roem, -1 if ``second`` is, 0 if they are the same.

    >>> compare_roem(read_roem("AH KH QH JH"), read_roem("QS QH QD QC"))
    -1
    """
    a, b = roem_strength(first), roem_strength(second)
    return (a > b) - (a < b)


def roem_name(roem: Meld) -> Say:
    """``sequence of 4 to the A♥`` or ``four kings``, for explanations."""
    if roem.kind is MeldKind.FOUR:
        return Say(_FOUR_NAMES[roem.top])
    top = Card(roem.top, Suit(str(roem.suit)))
    return Say(N_("sequence of %(length)d to the %(top)s"), {"length": roem.length, "top": top.label})


def read_roem(cards: Iterable[Card | str] | str, *, seat: str | None = None, field: str | None = None) -> Meld:
    """One roem from its cards (RULES.md §4.2): a run of 3 or more in one suit in the order
    A K Q J 10 9 8 7 6, or four jacks, aces, kings or queens."""
    melds = parse_melds([list(jass.read_cards(cards, field or "roem", DECK_33))], seat=seat, field=field,
                        orders=PANDOEREN_ORDERS)
    return melds[0]


def read_seat_roem(value: object, *, seat: str, field: str) -> tuple[Meld, ...]:
    """One seat's announced roem: ``"AH KH QH; JS JH JD JC"``, a list of such texts or a list of
    card lists; checked together (a run is never split; at most a hand of 8 cards)."""
    if value is None or value == "" or value == []:
        return ()
    if isinstance(value, str):
        return _whole_hand(parse_melds(value, seat=seat, field=field, orders=PANDOEREN_ORDERS), field)
    if not isinstance(value, list | tuple):
        raise RuleViolation(N_("Roem must be card codes such as “AH KH QH; JS JH JD JC”; got “%(value)s”"),
                            field=field, value=str(value)[:SHOWN_MAX])
    if value and all(isinstance(code, str) and _SEPARATORS.search(code.strip()) is None for code in value):
        value = [value]  # one roem given as a flat list of card codes
    groups: list[Any] = []
    for group in value:
        if isinstance(group, str) and any(mark in group for mark in ";\n"):
            groups.extend(meld.cards for meld in parse_melds(group, seat=seat, field=field,
                                                             orders=PANDOEREN_ORDERS))
        elif isinstance(group, str | list | tuple):
            groups.append(list(jass.read_cards(group, field, DECK_33)))
        else:
            raise RuleViolation(N_("Each roem is a list of card codes; got “%(value)s”"), field=field,
                                value=str(group)[:SHOWN_MAX])
    return _whole_hand(parse_melds(groups, seat=seat, field=field, orders=PANDOEREN_ORDERS), field)


def _whole_hand(roem: tuple[Meld, ...], field: str) -> tuple[Meld, ...]:
    held = frozenset().union(*(meld.cards for meld in roem))
    if len(held) > HAND_SIZE:
        raise RuleViolation(N_("This roem needs %(count)d cards, more than a hand of %(size)d"), field=field,
                            count=len(held), size=HAND_SIZE)
    return tuple(sorted(roem, key=lambda meld: roem_strength(meld), reverse=True))


def find_roem(hand: Iterable[Card | str] | str, *, seat: str | None = None) -> tuple[Meld, ...]:
    """Every roem in a hand of 8 or 9 cards, strongest first (RULES.md §4.2; a card may serve in
    a sequence and a four, RULES.md §7 item 12).

    >>> [meld.label for meld in find_roem("AH KH QH 8H 7H 6H QS QD QC")]
    ['Q♠ Q♥ Q♦ Q♣', 'A♥ K♥ Q♥', '8♥ 7♥ 6♥']
    """
    found = find_melds(hand, reuse=True, orders=PANDOEREN_ORDERS, seat=seat)
    return tuple(sorted(found, key=roem_strength, reverse=True))


def has_stuk(hand: Iterable[Card], trump: Suit) -> bool:
    """K and Q of trumps in one hand (RULES.md §4.2)."""
    return {Card(K, trump), Card(Q, trump)} <= set(hand)


@dataclass(frozen=True, slots=True)
class RoemVerdict:
    """Whether the declarer's side's roem counts (RULES.md §4.2), its points and why.

    ``valid`` is None when the side announced no roem. ``best`` is the side's strongest roem,
    ``denier`` the strongest roem of an opponent who bid (None: nobody could deny).
    """

    valid: bool | None
    points: int
    best: Meld | None
    denier: Meld | None
    lines: tuple[Say, ...]


def _best(roem: Iterable[Meld]) -> Meld | None:
    return max(roem, key=roem_strength, default=None)


def judge_roem(roem: Mapping[str, Sequence[Meld]], *, declarer: str, partner: str | None,
               bidders: Iterable[str]) -> RoemVerdict:
    """RULES.md §4.2 validity: the side's roem (declarer and partner, summed) counts iff its
    single strongest roem beats the strongest roem of every opponent who made a non-pass bid.
    Opponents who only passed cannot deny; opponents never score roem."""
    side = [seat for seat in (declarer, partner) if seat is not None]
    label = " + ".join(side)
    mine = [meld for seat in side for meld in roem.get(seat, ())]
    best = _best(mine)
    bid = set(bidders)
    opponents = [seat for seat in roem if seat not in side]
    deniers = [meld for seat in opponents if seat in bid for meld in roem[seat]]
    silent = [meld for seat in opponents if seat not in bid for meld in roem[seat]]
    denier = _best(deniers)
    if best is None:
        return RoemVerdict(None, 0, None, denier, (Say(N_("%(side)s announced no roem"), {"side": label}),))
    points = sum(roem_value(meld) for meld in mine)
    names = {"seat": best.seat, "roem": roem_name(best), "value": roem_value(best), "side": label,
             "points": points}
    lines: list[Say] = []
    passer = _best(silent)
    if passer is not None and compare_roem(passer, best) > 0:
        lines.append(Say(N_("%(other_seat)s's %(other)s is stronger, but %(other_seat)s made no bid: "
                            "%(other_seat)s may not deny"),
                         {"other_seat": passer.seat, "other": roem_name(passer)}))
    if denier is not None:
        names.update(other_seat=denier.seat, other=roem_name(denier), other_value=roem_value(denier))
        if compare_roem(denier, best) > 0:
            lines.append(Say(N_("%(other_seat)s's %(other)s (%(other_value)d) beats %(seat)s's %(roem)s: "
                                "%(other_seat)s denies; the roem of %(side)s does not count"), names))
            return RoemVerdict(False, 0, best, denier, tuple(lines))
        lines.append(Say(N_("%(seat)s's %(roem)s (%(value)d) beats %(other_seat)s's %(other)s: "
                            "%(other_seat)s may not deny"), names))
    else:
        lines.append(Say(N_("No opponent who bid holds roem: nobody may deny %(seat)s's %(roem)s (%(value)d)"),
                         names))
    values = " + ".join(str(roem_value(meld)) for meld in sorted(mine, key=roem_strength, reverse=True))
    lines.append(Say(N_("The roem of %(side)s counts: %(values)s = %(points)d") if len(mine) > 1 else
                     N_("The roem of %(side)s counts: %(points)d"), {**names, "values": values}))
    return RoemVerdict(True, points, best, denier, tuple(lines))


def roem_codes(roem: Sequence[Meld]) -> list[list[str]]:
    """Canonical JSON of one seat's roem: card lists in display order, strongest roem first."""
    return [format_cards(meld.cards).split() for meld in sorted(roem, key=roem_strength, reverse=True)]


def roem_text(codes: Sequence[Sequence[str]]) -> str:
    """The form's text of one seat's roem: ``AH KH QH ; JS JH JD JC``."""
    return " ; ".join(" ".join(group) for group in codes)

