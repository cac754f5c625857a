"""Klaberjass deal declarations (RULES.md §3, §6): the vocabulary and its checks.

:func:`read_declarations` turns what the table declared (JSON data) into the canonical
dict that is stored; ``klaberjass.KlaberjassRules.read_deal`` calls it. Every refusal is a
:class:`RuleViolation` naming the declaration at fault, whatever junk was sent.

Only 18 of the 32 cards are played (9 tricks of 2; 14 stay in the stock, RULES.md §3.1), so
the card points of a deal have no fixed total. What they can be is bounded by the best 18
cards: :data:`MAX_CARD_POINTS` (146), and by the best ``2 × tricks`` cards of a player
whose trick count is declared (:func:`most_card_points`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import Any

from ...cards import DECK_32, Suit, display_key, format_cards, parse_cards, sort_cards
from ...errors import N_, RuleViolation
from .. import jass
from ..declare import pick, shown, whole
from ..melds import Meld, check_melds_consistent, meld_from_cards

SEATS = ("P1", "P2")  # RULES §0: the two players, who are also the scoring sides
SUITS = tuple(suit.value for suit in Suit)  # RULES §0: S H D C
HAND_SIZE = 9  # RULES §3.1: 6 cards, then 3 more after bidding
TRICKS = 9  # RULES §3.1: each player plays his 9 cards, one trick at a time
TRICK_SIZE = len(SEATS)  # RULES §3.5: one card from each player
CARD_VALUES = tuple(sorted([points for _, points in jass.JASS_ORDERS.trump.ranks]
                           + [points for _, points in jass.JASS_ORDERS.plain.ranks] * (len(SUITS) - 1),
                           reverse=True))
"""The card points of the 32 cards with one trump suit, highest first (RULES.md §3.1)."""
_BEST = (0, *accumulate(CARD_VALUES))
MAX_CARD_POINTS = _BEST[TRICKS * TRICK_SIZE]
"""146: the best 18 cards (J 9 of trumps, four aces, four tens, four kings, three queens)."""
MAX_PENDING = 1_000_000  # bound on litige_pending (ours): far above any run of ties
KEYS = ("dealer", "maker", "trump", "turned_suit", "trump_7_exchanged", "card_points", "last_trick",
        "tricks_won", "sequences", "bella", "litige_pending")
"""Every declaration of a Klaberjass deal (RULES.md §6); the canonical dict has all of them."""
SEQUENCE_SEPARATORS = re.compile(r"[;\n]+")


def most_card_points(tricks: int) -> int:
    """The most card points ``tricks`` tricks can hold: the best ``2 × tricks`` cards.

    >>> most_card_points(1), most_card_points(2), most_card_points(TRICKS)
    (34, 56, 146)
    """
    return _BEST[min(tricks, TRICKS) * TRICK_SIZE]


def other_seat(seat: str) -> str:
    """The other player."""
    return SEATS[1 - SEATS.index(seat)]


# -- sequences ---------------------------------------------------------------------------------

def read_sequence(cards: str | Sequence[str], *, seat: str, field: str) -> Meld:
    """One declared run (RULES.md §3.2): 3 or more consecutive cards of one suit in the natural
    order A K Q J 10 9 8 7. Klaberjass has no fours, so four of a kind is refused as such.

    >>> read_sequence("QH KH AH", seat="P1", field="sequences").label
    'A♥ K♥ Q♥'
    >>> read_sequence("JS JH JD JC", seat="P1", field="sequences")
    Traceback (most recent call last):
    ...
    scorekeeper.errors.RuleViolation: JS JH JD JC is not a sequence: there are no fours in Klaberjass
    """
    found = parse_cards(cards, field=field, deck=DECK_32)
    if len(found) > 1 and len({card.rank for card in found}) == 1:
        raise RuleViolation(N_("%(cards)s is not a sequence: there are no fours in Klaberjass"),
                            field=field, cards=format_cards(found), seat=seat)
    return meld_from_cards(found, seat=seat, field=field)


def read_sequence_text(text: str, *, seat: str, field: str) -> list[Meld]:
    """One player's runs as typed: ``"AH KH QH; 10S 9S 8S 7S"`` (``;`` or a new line between runs)."""
    return [read_sequence(part, seat=seat, field=field)
            for part in SEQUENCE_SEPARATORS.split(text) if part.strip()]


def check_sequences(melds: Sequence[Meld], *, field: str | None = "sequences") -> None:
    """Refuse runs that cannot be held together: a card in both players' runs, a run declared
    twice or split in two (RULES.md §1.2, §3.2), more cards than a 9-card hand."""
    check_melds_consistent(melds, field=field)
    for seat in SEATS:
        held = frozenset().union(*(meld.cards for meld in melds if meld.seat == seat))
        if len(held) > HAND_SIZE:
            raise RuleViolation(N_("%(seat)s declared %(count)d cards of sequences, but a hand has "
                                   "%(size)d cards"), field=field, seat=seat, count=len(held), size=HAND_SIZE)


def sort_sequences(melds: Sequence[Meld]) -> list[Meld]:
    """The runs in a fixed order: by player, then by their cards in display order."""
    return sorted(melds, key=lambda meld: (SEATS.index(str(meld.seat)),
                                           [display_key(card) for card in sort_cards(meld.cards)]))


def canonical_sequences(melds: Sequence[Meld]) -> list[dict[str, Any]]:
    """The §6 form of the runs: ``[{"seat": "P1", "cards": ["AH", "KH", "QH"]}, ...]``."""
    return [{"seat": meld.seat, "cards": format_cards(meld.cards).split()} for meld in sort_sequences(melds)]


def read_sequences(value: object) -> tuple[Meld, ...]:
    """The runs as declared: a list of ``{"seat": ..., "cards": [...] or "AH KH QH; ..."}``."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RuleViolation(
            N_("sequences must be a list of {\"seat\": ..., \"cards\": [...]}; got “%(value)s”"),
            field="sequences", value=shown(value))
    melds: list[Meld] = []
    for entry in value:
        if not isinstance(entry, Mapping) or set(entry) != {"seat", "cards"}:
            raise RuleViolation(N_("Each sequence is {\"seat\": ..., \"cards\": [...]}; got “%(value)s”"),
                                field="sequences", value=shown(entry))
        seat, cards = entry["seat"], entry["cards"]
        if not isinstance(seat, str) or seat not in SEATS:
            raise RuleViolation(N_("A sequence's player must be P1 or P2; got “%(value)s”"),
                                field="sequences", value=shown(seat))
        if isinstance(cards, str):
            melds.extend(read_sequence_text(cards, seat=seat, field="sequences"))
        elif isinstance(cards, list) and all(isinstance(code, str) for code in cards):
            melds.append(read_sequence(cards, seat=seat, field="sequences"))
        else:
            raise RuleViolation(N_("A sequence's cards must be a list of card codes; got “%(value)s”"),
                                field="sequences", value=shown(cards), seat=seat)
    check_sequences(melds)
    return tuple(sort_sequences(melds))


# -- numbers per player ------------------------------------------------------------------------

def _per_player(raw: Mapping[str, Any], key: str, most: int, shape: str, out_of_range: str,
                *, one_is_enough: bool) -> dict[str, int] | None:
    """``{"P1": n, "P2": n}``; with ``one_is_enough`` the missing player gets ``most`` - the other."""
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, Mapping) or not value:
        raise RuleViolation(shape, field=key, value=shown(value))
    given: dict[str, int] = {}
    for seat, number in value.items():
        if not isinstance(seat, str) or seat not in SEATS:
            raise RuleViolation(N_("“%(value)s” is not a player: use P1 or P2"), field=key, value=shown(seat))
        count = whole(number)
        if count is None or not 0 <= count <= most:
            raise RuleViolation(out_of_range, field=key, most=most, value=shown(number), player=seat)
        given[seat] = count
    if len(given) == 1:
        if not one_is_enough:
            missing = next(seat for seat in SEATS if seat not in given)
            raise RuleViolation(shape, field=key, value=shown(value), player=missing)
        (seat, count), = given.items()
        given[other_seat(seat)] = most - count
    return {seat: given[seat] for seat in SEATS}


def _card_points(raw: Mapping[str, Any]) -> dict[str, int]:
    points = _per_player(
        raw, "card_points", MAX_CARD_POINTS,
        N_("card_points must be given for both players, e.g. {\"P1\": 62, \"P2\": 40}; got “%(value)s”"),
        N_("card points must be a whole number from 0 to %(most)d; got “%(value)s”"), one_is_enough=False)
    if points is None:
        raise RuleViolation(N_("Give the card points each player won in play (without the last trick)"),
                            field="card_points")
    if sum(points.values()) > MAX_CARD_POINTS:
        raise RuleViolation(N_("%(p1)d + %(p2)d card points is more than the %(most)d that the 18 cards "
                               "played can hold"), field="card_points", p1=points["P1"], p2=points["P2"],
                            most=MAX_CARD_POINTS, player="P2")
    return points


def _tricks(raw: Mapping[str, Any], points: Mapping[str, int], last_trick: str) -> dict[str, int] | None:
    """Tricks won (optional): they must add up to 9 and fit the card points and the last trick."""
    tricks = _per_player(
        raw, "tricks_won", TRICKS,
        N_("tricks_won must be given per player, e.g. {\"P1\": 5, \"P2\": 4}; got “%(value)s”"),
        N_("tricks won must be a whole number from 0 to %(most)d; got “%(value)s”"), one_is_enough=True)
    if tricks is None:
        return None
    if sum(tricks.values()) != TRICKS:
        raise RuleViolation(N_("The tricks of both players must add up to %(tricks)d; got %(p1)d + %(p2)d"),
                            field="tricks_won", tricks=TRICKS, p1=tricks["P1"], p2=tricks["P2"])
    if tricks[last_trick] == 0:
        raise RuleViolation(N_("%(player)s took no trick, so %(player)s cannot have taken the last one"),
                            field="last_trick", player=last_trick)
    for seat in SEATS:
        most = most_card_points(tricks[seat])
        if points[seat] > most:
            message = (N_("%(player)s took no trick, so %(player)s cannot have %(points)d card points")
                       if not tricks[seat] else
                       N_("%(player)s took %(tricks)d tricks, which hold at most %(most)d card points; "
                          "got %(points)d"))
            raise RuleViolation(message, field="card_points", player=seat, tricks=tricks[seat],
                                most=most, points=points[seat])
    return tricks


# -- the deal ---------------------------------------------------------------------------------

def _turned(raw: Mapping[str, Any], trump: str) -> tuple[str | None, bool]:
    """The turned suit and the trump-7 exchange (RULES.md §3.1), recorded for the sheet only."""
    turned = pick(raw, "turned_suit", SUITS, N_("The turned suit must be one of %(allowed)s or empty; "
                                                 "got “%(value)s”"))
    exchanged = raw.get("trump_7_exchanged")
    if exchanged is None:
        exchanged = False
    if not isinstance(exchanged, bool):
        raise RuleViolation(N_("trump_7_exchanged must be true or false; got “%(value)s”"),
                            field="trump_7_exchanged", value=shown(exchanged))
    if exchanged and turned is None:
        raise RuleViolation(N_("Give the turned suit: the trump 7 is exchanged only for a turned trump"),
                            field="turned_suit")
    if exchanged and turned != trump:
        raise RuleViolation(N_("The trump 7 is exchanged only when the turned suit is trump: %(turned)s was "
                               "turned and %(trump)s is trump"), field="trump_7_exchanged",
                            turned=str(turned), trump=trump)
    return turned, exchanged


def _bella(raw: Mapping[str, Any], trump: str, melds: Sequence[Meld]) -> str | None:
    """The bella (K + Q of trumps in one hand, RULES.md §3.2): not if the other player's runs hold one."""
    bella = pick(raw, "bella", SEATS, N_("bella must be P1, P2 or empty; got “%(value)s”"))
    if bella is None:
        return None
    pair = jass.belote_cards(trump)
    for meld in melds:
        shared = sort_cards(meld.cards & pair)
        if meld.seat != bella and shared:
            raise RuleViolation(
                N_("%(player)s cannot hold the bella: %(card)s is in a sequence of %(other)s"),
                field="bella", player=bella, card=str(shared[0]), other=str(meld.seat))
    held = frozenset().union(pair, *(meld.cards for meld in melds if meld.seat == bella))
    if len(held) > HAND_SIZE:
        raise RuleViolation(N_("%(player)s cannot hold the bella and all those sequences: more than %(size)d "
                               "cards"), field="bella", player=bella, size=HAND_SIZE)
    return bella


def _pending(raw: Mapping[str, Any], tie_litige: bool) -> int:
    value = raw.get("litige_pending")
    if value is None:
        return 0
    pending = whole(value)
    if pending is None or not 0 <= pending <= MAX_PENDING:
        raise RuleViolation(N_("litige_pending must be a whole number of points, 0 or more; got “%(value)s”"),
                            field="litige_pending", value=shown(value))
    if pending and not tie_litige:
        raise RuleViolation(N_("In this match a tie is not held for the next deal, so no points can be "
                               "pending"), field="litige_pending")
    return pending


def read_declarations(raw: object, *, tie_litige: bool) -> tuple[dict[str, Any], tuple[Meld, ...]]:
    """Check a deal's declarations; return them canonical, with the runs parsed.

    :raise RuleViolation: naming the declaration at fault
    """
    if not isinstance(raw, Mapping):
        raise RuleViolation(N_("A deal must be a JSON object of declarations (see docs/api.md)"))
    for key in raw:
        if key not in KEYS:
            raise RuleViolation(N_("“%(key)s” is not a declaration of a Klaberjass deal"),
                                field=shown(key), key=shown(key))
    # optional: no value depends on who dealt (elder, younger only say who led the first trick)
    dealer = pick(raw, "dealer", SEATS, N_("The dealer must be P1 or P2; got “%(value)s”"))
    maker = pick(raw, "maker", SEATS, N_("The maker must be P1 or P2; got “%(value)s”"),
                  required=N_("Who chose trumps (the maker)?"))
    trump = str(pick(raw, "trump", SUITS, N_("The trump must be one of %(allowed)s; got “%(value)s”"),
                      required=N_("Which suit was trump?")))
    turned, exchanged = _turned(raw, trump)
    points = _card_points(raw)
    last_trick = str(pick(raw, "last_trick", SEATS,
                           N_("last_trick must be the player who took it: P1 or P2; got “%(value)s”"),
                           required=N_("Who took the last trick?")))
    tricks = _tricks(raw, points, last_trick)
    melds = read_sequences(raw.get("sequences"))
    bella = _bella(raw, trump, melds)
    deal = {"dealer": dealer, "maker": maker, "trump": trump, "turned_suit": turned,
            "trump_7_exchanged": exchanged, "card_points": points, "last_trick": last_trick,
            "tricks_won": tricks, "sequences": canonical_sequences(melds), "bella": bella,
            "litige_pending": _pending(raw, tie_litige)}
    return deal, melds


def trickless(deal: Mapping[str, Any]) -> tuple[str | None, bool]:
    """The player who took no trick, if any, and whether that was inferred (no ``tricks_won``):
    without trick counts, a player with no card points and not the last trick took none."""
    tricks = deal["tricks_won"]
    if tricks:
        return next((seat for seat in SEATS if tricks[seat] == 0), None), False
    seat = other_seat(deal["last_trick"])
    return (seat, True) if deal["card_points"][seat] == 0 else (None, True)

