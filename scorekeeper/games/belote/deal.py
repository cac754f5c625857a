"""Classic Belote deal declarations (RULES.md §6): the vocabulary and its checks.

:func:`read_declarations` turns what the table declared (JSON data) into the canonical
dict that is stored; ``belote.BeloteRules.read_deal`` calls it. Every refusal is a
:class:`RuleViolation` naming the declaration at fault, whatever junk was sent.
Four players score as two teams (A = N + S, B = E + W); three players each for himself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from ...cards import DECK_32, SUIT_ORDER, Suit, display_key, format_cards, sort_cards
from ...errors import N_, RuleViolation
from .. import jass
from ..declare import pick, shown, whole
from ..melds import Meld, check_melds_consistent, meld_from_cards
from .text import parse_meld_text

SEATS = ("N", "E", "S", "W")  # RULES §0; clockwise from N
TEAMS = ("A", "B")  # RULES §0: A = N + S, B = E + W
TEAM_OF = {"N": "A", "S": "A", "E": "B", "W": "B"}
TEAM_LABELS = {"A": "N–S", "B": "E–W"}
THREE_SEATS = ("P1", "P2", "P3")  # RULES §0, §1.10: each plays for himself
TRICKS = 8  # RULES §1.5: 8 tricks with four players, and with three (24 cards in play)
HAND = 8  # RULES §1.10: 8 cards each, three or four players
MAX_BELOTES = len(SUIT_ORDER)  # RULES §1.4: in tout atout each suit's K + Q is a belote
MAX_PENDING = 1_000_000  # our bound on litige points carried over (junk guard)
CONTRACTS = tuple(contract.value for contract in jass.Contract)
SUITS = tuple(suit.value for suit in Suit)
KEYS = ("players", "dealer", "taker", "taker_team", "contract", "trump", "trick_points", "last_trick",
        "tricks_won", "melds", "belote", "belotes", "litige_pending", "play_order")
"""Every declaration of a Belote deal (RULES.md §6); the canonical dict has all of them."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits and who scores under a match's options (RULES.md §0, §1.10)."""

    players: int
    anticlockwise: bool

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS if self.players == len(SEATS) else THREE_SEATS

    @property
    def sides(self) -> tuple[str, ...]:
        return TEAMS if self.players == len(SEATS) else THREE_SEATS

    @property
    def totals_field(self) -> str:
        """The answer field of the totals compared (RULES.md §6): ``team_totals``; with three
        players ``player_totals``."""
        return "team_totals" if self.players == len(SEATS) else "player_totals"

    @property
    def taker_field(self) -> str:
        """The answer field of who took (RULES.md §6): ``taker_team``; with three players ``taker``."""
        return "taker_team" if self.players == len(SEATS) else "taker"

    def side_of(self, seat: str) -> str:
        """N/S -> A, E/W -> B; with three players each seat is its own side."""
        return TEAM_OF.get(seat, seat)

    def others(self, side: str) -> tuple[str, ...]:
        """The sides that are not ``side``."""
        return tuple(other for other in self.sides if other != side)

    def play_order_after(self, dealer: str) -> list[str]:
        """The seats in playing order from the dealer's left, the dealer last (RULES §0);
        anticlockwise play (option ``anticlockwise``) runs the other way.

        >>> Seating(4, False).play_order_after("S"), Seating(4, True).play_order_after("S")
        (['W', 'N', 'E', 'S'], ['E', 'N', 'W', 'S'])
        """
        seats, step = self.seats, -1 if self.anticlockwise else 1
        start = seats.index(dealer)
        return [seats[(start + step * (n + 1)) % len(seats)] for n in range(len(seats))]


def seating(options: Mapping[str, Any]) -> Seating:
    """The seating of resolved options."""
    return Seating(int(options["players"]), bool(options["anticlockwise"]))


def label(side: str) -> str:
    """``N–S``/``E–W`` for a team; a three-player side is its seat."""
    return TEAM_LABELS.get(side, side)


def _per_side(raw: Mapping[str, Any], key: str, sides: Sequence[str], top: int) -> dict[str, int] | None:
    """``{side: n}`` for some or all sides, each a whole number from 0 to ``top``."""
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, Mapping) or not value:
        raise RuleViolation(N_("%(key)s must be given per side (%(sides)s), e.g. {\"%(side)s\": 3}; "
                               "got “%(value)s”"), field=key, key=key, sides=", ".join(sides),
                            side=sides[0], value=shown(value))
    given: dict[str, int] = {}
    for side, number in value.items():
        if not isinstance(side, str) or side not in sides:
            raise RuleViolation(N_("“%(side)s” is not a side of this table: use %(sides)s"),
                                field=key, side=shown(side), sides=", ".join(sides))
        count = whole(number)
        if count is None or not 0 <= count <= top:
            raise RuleViolation(N_("%(key)s must be whole numbers from 0 to %(top)d; got “%(value)s”"),
                                field=key, key=key, top=top, value=shown(number))
        given[side] = count
    return given


def read_contract(value: object, options: Mapping[str, Any]) -> jass.Contract:
    """Suit by default; sans atout and tout atout only where the options allow them (RULES §1.6)."""
    if value is None:
        return jass.Contract.SUIT
    if not isinstance(value, str) or value not in CONTRACTS:
        raise RuleViolation(N_("contract must be one of %(allowed)s; got “%(value)s”"), field="contract",
                            allowed=", ".join(CONTRACTS), value=shown(value))
    contract = jass.Contract(value)
    if contract is jass.Contract.SANS_ATOUT and not options["sans_atout"]:
        raise RuleViolation(N_("This match is played without sans atout"), field="contract")
    if contract is jass.Contract.TOUT_ATOUT and not options["tout_atout"]:
        raise RuleViolation(N_("This match is played without tout atout"), field="contract")
    return contract


def _taker(raw: Mapping[str, Any], table: Seating) -> tuple[str | None, str]:
    """The taker's seat (if given) and side; both given must agree."""
    seat = pick(raw, "taker", table.seats, N_("The taker must be one of %(allowed)s; got “%(value)s”"))
    side = pick(raw, "taker_team", table.sides,
                 N_("taker_team must be one of %(allowed)s; got “%(value)s”"))
    if seat is None and (side is None or table.players == len(THREE_SEATS)):
        raise RuleViolation(N_("Who took? Give the taker's seat"), field="taker")
    if seat is not None and side is not None and table.side_of(seat) != side:
        raise RuleViolation(N_("%(seat)s does not play for %(team)s"), field="taker", seat=seat,
                            team=label(side))
    return seat, side or table.side_of(str(seat))


def read_trump(value: object, contract: jass.Contract) -> str | None:
    """The trump suit of a suit contract; sans atout and tout atout have none."""
    if contract is not jass.Contract.SUIT:
        if value is not None:
            raise RuleViolation(N_("A %(contract)s contract has no trump suit: leave trump empty"),
                                field="trump", contract=contract.value.replace("_", " "))
        return None
    if value is None:
        raise RuleViolation(N_("Which suit was trump?"), field="trump")
    if not isinstance(value, str) or value not in SUITS:
        raise RuleViolation(N_("The trump must be one of %(allowed)s; got “%(value)s”"), field="trump",
                            allowed=", ".join(SUITS), value=shown(value))
    return value


def _tricks(raw: Mapping[str, Any], table: Seating) -> dict[str, int] | None:
    """Tricks per side: a missing side gets the rest when it is the only one missing, or 0 when
    the others already have all 8."""
    given = _per_side(raw, "tricks_won", table.sides, TRICKS)
    if given is None:
        return None
    missing = [side for side in table.sides if side not in given]
    rest = TRICKS - sum(given.values())
    if rest < 0 or (len(missing) > 1 and rest) or (not missing and rest):
        raise RuleViolation(N_("The tricks of every side must add up to %(tricks)d; got %(given)s"),
                            field="tricks_won", tricks=TRICKS,
                            given=", ".join(f"{side} {count}" for side, count in given.items()))
    return {side: given.get(side, rest if len(missing) == 1 else 0) for side in table.sides}


def out_of_play_most(contract: jass.Contract) -> int:
    """The most card points the 8 cards out of play can hold with three players (RULES §1.10).

    >>> [out_of_play_most(contract) for contract in jass.Contract]
    [98, 84, 136]
    """
    trump = Suit.HEARTS if contract is jass.Contract.SUIT else None
    values = sorted((jass.card_points(card, trump, contract) for card in DECK_32), reverse=True)
    return sum(values[:HAND])


def _trick_points(raw: Mapping[str, Any], table: Seating, contract: jass.Contract,
                  tricks: dict[str, int] | None) -> dict[str, int]:
    """Card points per side without the last trick (RULES §0, §1.1)."""
    total = jass.CARD_TOTAL[contract]
    given = _per_side(raw, "trick_points", table.sides, total)
    trickless = {side for side in table.sides if tricks and tricks[side] == 0}
    capot = next((side for side in table.sides if tricks and tricks[side] == TRICKS), None)
    if table.players == len(SEATS):
        if given is None and capot:
            given = {capot: total}
        if not given:
            raise RuleViolation(N_("Give the card points (without the last trick) of at least one team"),
                                field="trick_points")
        if len(given) == 1:
            (side, points), = given.items()
            given[table.others(side)[0]] = total - points
        if sum(given.values()) != total:
            raise RuleViolation(N_("The card points of both teams must add up to %(total)d; "
                                   "got %(a)d + %(b)d"), field="trick_points", total=total,
                                a=given["A"], b=given["B"])
        return {side: given[side] for side in TEAMS}
    given = dict(given or {})
    for side in table.sides:
        if side not in given:
            if side not in trickless:
                raise RuleViolation(N_("Give the card points of %(seat)s (without the last trick)"),
                                    field="trick_points", seat=side)
            given[side] = 0
    least, most = total - out_of_play_most(contract), total
    if not least <= sum(given.values()) <= most:
        raise RuleViolation(N_("With three players the card points in play add up to between %(least)d and "
                               "%(most)d (8 cards stay out); got %(sum)d"), field="trick_points",
                            least=least, most=most, sum=sum(given.values()))
    return {side: given[side] for side in table.sides}


def _last_trick(raw: Mapping[str, Any], table: Seating, tricks: dict[str, int] | None,
                points: dict[str, int]) -> str:
    """The side that took the last trick; a capot side took it; a trickless one did not."""
    capot = next((side for side in table.sides if tricks and tricks[side] == TRICKS), None)
    last = pick(raw, "last_trick", table.sides, N_("last_trick must be the side that took it, one of "
                                                    "%(allowed)s; got “%(value)s”"))
    if last is None and capot is None:
        raise RuleViolation(N_("Who took the last trick?"), field="last_trick")
    for side in table.sides:
        if tricks and tricks[side] == 0 and points[side]:
            raise RuleViolation(N_("%(side)s took no trick, so they cannot have %(points)d card points"),
                                field="trick_points", side=label(side), points=points[side])
        if tricks and tricks[side] == 0 and last == side:
            raise RuleViolation(N_("%(side)s took no trick, so they cannot have taken the last one"),
                                field="last_trick", side=label(side))
    return last or str(capot)


def _belotes(raw: Mapping[str, Any], table: Seating,
             contract: jass.Contract) -> tuple[str | None, dict[str, int] | None]:
    """``belote`` (the side holding K + Q of trumps) or, in tout atout, ``belotes`` per side."""
    belote = pick(raw, "belote", table.sides, N_("belote must be one of %(allowed)s, or empty; "
                                                  "got “%(value)s”"))
    counts = _per_side(raw, "belotes", table.sides, MAX_BELOTES)
    if contract is jass.Contract.SANS_ATOUT and (belote or (counts and any(counts.values()))):
        raise RuleViolation(N_("There is no belote in sans atout"), field="belote" if belote else "belotes")
    if contract is not jass.Contract.TOUT_ATOUT:
        if counts is not None and any(counts.values()):
            raise RuleViolation(N_("Belotes are counted per side only in tout atout: give belote instead"),
                                field="belotes")
        return belote, None
    if belote is not None and counts is not None:
        raise RuleViolation(N_("In tout atout give belotes (a count per side), not belote"), field="belote")
    counts = counts if counts is not None else {belote: 1} if belote else {}
    if sum(counts.values()) > MAX_BELOTES:
        raise RuleViolation(N_("There are at most %(most)d belotes, one per suit; got %(count)d"),
                            field="belotes", most=MAX_BELOTES, count=sum(counts.values()))
    return None, {side: counts.get(side, 0) for side in table.sides}


def _play_order(raw: Mapping[str, Any], table: Seating, dealer: str | None) -> list[str] | None:
    """The playing order (RULES §0): given, or derived from the dealer, or unknown."""
    value = raw.get("play_order")
    if value is None:
        return table.play_order_after(dealer) if dealer else None
    rotations = [table.play_order_after(seat) for seat in table.seats]
    order = list(value) if isinstance(value, list | tuple) else None
    if order not in rotations:
        raise RuleViolation(N_("play_order must be the seats in playing order, e.g. %(example)s; "
                               "got “%(value)s”"), field="play_order", example=" ".join(rotations[-1]),
                            value=shown(value))
    if dealer is not None and order != table.play_order_after(dealer):
        raise RuleViolation(N_("play_order must start on the dealer's left: %(dealer)s deals"),
                            field="play_order", dealer=dealer)
    return order


def _meld_entries(value: object, table: Seating) -> list[tuple[str, object]]:
    """(seat, cards) pairs from a list of ``{"seat", "cards"}`` or a mapping seat -> text."""
    if isinstance(value, Mapping):
        entries = [{"seat": seat, "cards": cards} for seat, cards in value.items()]
    elif isinstance(value, list):
        entries = value
    else:
        raise RuleViolation(N_("melds must be a list of {\"seat\": ..., \"cards\": [...]}"), field="melds")
    pairs = []
    for entry in entries:
        if not isinstance(entry, Mapping) or set(entry) != {"seat", "cards"}:
            raise RuleViolation(N_("Each meld is {\"seat\": ..., \"cards\": [...]}; got “%(value)s”"),
                                field="melds", value=shown(entry))
        seat = entry["seat"]
        if not isinstance(seat, str) or seat not in table.seats:
            raise RuleViolation(N_("A meld's seat must be one of %(allowed)s; got “%(value)s”"),
                                field="melds", allowed=", ".join(table.seats), value=shown(seat))
        pairs.append((seat, entry["cards"]))
    return pairs


def read_melds(value: object, table: Seating, *, reuse: bool, field: str = "melds") -> tuple[Meld, ...]:
    """The declared melds, each checked (RULES §1.2), sorted by seat then cards.

    ``cards`` is one meld as a list of codes, or text: codes or names, several melds
    separated by ``;`` (see :func:`~scorekeeper.games.belote.text.parse_meld_text`).
    """
    if value is None or value == [] or value == {}:
        return ()
    melds: list[Meld] = []
    for seat, cards in _meld_entries(value, table):
        if isinstance(cards, str):
            melds.extend(meld_from_cards(group, seat=seat, field=field)
                         for group in parse_meld_text(cards, field=field))
        elif isinstance(cards, list):
            melds.append(meld_from_cards(cards, seat=seat, field=field))
        else:
            raise RuleViolation(N_("A meld's cards must be a list of card codes; got “%(value)s”"),
                                field=field, value=shown(cards))
    melds.sort(key=lambda meld: (table.seats.index(str(meld.seat)),
                                 [display_key(card) for card in sort_cards(meld.cards)]))
    check_melds_consistent(melds, reuse=reuse, field=field)
    for seat in table.seats:
        held = frozenset().union(*(meld.cards for meld in melds if meld.seat == seat))
        if len(held) > HAND:
            raise RuleViolation(N_("%(seat)s's melds use %(count)d cards, but a hand holds %(hand)d"),
                                field=field, seat=seat, count=len(held), hand=HAND)
    return tuple(melds)


def _check_belotes_against_melds(belote: str | None, belotes: dict[str, int] | None, trump: str | None,
                                 melds: Sequence[Meld], table: Seating) -> None:
    """Each belote's K and Q are in one hand of the side that claims it (RULES §1.4)."""
    holders = {card: str(meld.seat) for meld in melds for card in meld.cards}
    if belote is not None and trump is not None:
        seats = {holders[card] for card in jass.belote_cards(trump) if card in holders}
        for seat in seats:
            if table.side_of(seat) != belote:
                raise RuleViolation(N_("%(side)s cannot hold the belote: a card of it is in a meld of "
                                       "%(seat)s"), field="belote", side=label(belote), seat=seat)
        if len(seats) > 1:
            raise RuleViolation(N_("The belote is the K and Q of trumps in one hand, but %(seats)s both "
                                   "declared one of them"), field="belote", seats=" & ".join(sorted(seats)))
    if not belotes or not any(belotes.values()):
        return
    possible = []  # per suit: the sides that may hold its K + Q, None for nobody
    for suit in SUIT_ORDER:
        seats = {holders[card] for card in jass.belote_cards(suit) if card in holders}
        sides = table.sides if not seats else (table.side_of(seats.pop()),) if len(seats) == 1 else ()
        possible.append((None, *sides))
    wanted = {side: count for side, count in belotes.items() if count}
    if not any(all(choice.count(side) == count for side, count in wanted.items())
               for choice in product(*possible)):
        raise RuleViolation(N_("The melds leave no room for these belotes: each is the K and Q of one suit "
                               "in one hand"), field="belotes")


def _pending(raw: Mapping[str, Any], table: Seating, options: Mapping[str, Any]) -> int:
    value = raw.get("litige_pending")
    if value is None:
        return 0
    points = whole(value)
    if points is None or not 0 <= points <= MAX_PENDING:
        raise RuleViolation(N_("litige_pending must be a whole number of points, 0 or more; "
                               "got “%(value)s”"), field="litige_pending", value=shown(value))
    if points and (not options["litige"] or table.players != len(SEATS)):
        raise RuleViolation(N_("This match has no litige: no points can be held over"),
                            field="litige_pending")
    return points


def read_declarations(raw: object, options: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[Meld, ...]]:
    """Check a deal's declarations under resolved options; return them canonical, with the melds.

    :raise RuleViolation: naming the declaration at fault
    """
    if not isinstance(raw, Mapping):
        raise RuleViolation(N_("A deal must be a JSON object of declarations (see docs/api.md)"))
    for key in raw:
        if key not in KEYS:
            raise RuleViolation(N_("“%(key)s” is not a declaration of a Belote deal"),
                                field=shown(key), key=shown(key))
    table = seating(options)
    players = raw.get("players")
    if players is not None and (whole(players) != table.players):
        raise RuleViolation(N_("This match is for %(players)d players; got “%(value)s”"), field="players",
                            players=table.players, value=shown(players))
    taker, side = _taker(raw, table)
    contract = read_contract(raw.get("contract"), options)
    trump = read_trump(raw.get("trump"), contract)
    tricks = _tricks(raw, table)
    points = _trick_points(raw, table, contract, tricks)
    last = _last_trick(raw, table, tricks, points)
    capot = next((s for s in table.sides if tricks and tricks[s] == TRICKS), None)
    if capot is not None and last != capot:
        raise RuleViolation(N_("%(side)s took every trick, the last one too"), field="last_trick",
                            side=label(capot))
    belote, belotes = _belotes(raw, table, contract)
    dealer = pick(raw, "dealer", table.seats,
                   N_("The dealer must be one of %(allowed)s; got “%(value)s”"))
    play_order = _play_order(raw, table, dealer)
    melds = read_melds(raw.get("melds"), table, reuse=bool(options["meld_card_reuse"]))
    if play_order is None and len({table.side_of(str(meld.seat)) for meld in melds}) > 1:
        raise RuleViolation(N_("Give the dealer: the seat order may be needed to compare the melds"),
                            field="dealer")
    _check_belotes_against_melds(belote, belotes, trump, melds, table)
    deal = {"players": table.players, "dealer": dealer, "taker": taker, "taker_team": side,
            "contract": contract.value, "trump": trump, "trick_points": points, "last_trick": last,
            "tricks_won": tricks, "belote": belote, "belotes": belotes,
            "melds": [{"seat": meld.seat, "cards": format_cards(meld.cards).split()} for meld in melds],
            "litige_pending": _pending(raw, table, options), "play_order": play_order}
    return deal, melds
