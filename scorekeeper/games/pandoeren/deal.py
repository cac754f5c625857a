"""Pandoeren deal declarations (RULES.md §6): the vocabulary and its checks.

:func:`read_declarations` turns what the table declared (JSON data) into the canonical dict
that is stored, every key present; ``pandoeren.PandoerenRules.read_deal`` calls it. Every
refusal is a :class:`RuleViolation` naming the declaration at fault (``roem.N`` for one seat's
roem), whatever junk was sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Rank, Suit, parse_cards
from ...errors import N_, RuleViolation
from .. import jass
from ..base import Options, Say
from ..declare import pick, shown
from ..melds import Meld
from .contracts import Goal, Kind, PandoerContract, Partner, parse_contract
from .roem import CARD_POINTS, PANDOEREN_ORDERS, read_seat_roem, roem_codes

SEATS = ("N", "E", "S", "W")  # RULES §0: each for himself; also the playing order (clockwise)
SUITS = tuple(suit.value for suit in Suit)  # RULES §0: S H D C
TRICKS = 8  # RULES §4.3: 8 tricks of 4 cards (33 cards less the discard)
ZWABBER_OWN = 4  # RULES §4.3: in Zwabber the declarer herself wins tricks 1-4
LAST_TRICK_SIDES = ("declarer", "opponents")  # RULES §6 last_trick_team
CALLABLE = (Rank.ACE, Rank.KING, Rank.QUEEN)  # RULES §4.3: an ace; a king if she has every ace; a queen
OUTCOME = ("team_card_points", "last_trick_team", "roem", "stuk", "tricks_won_by", "made")
"""What play decides: a revoke decides the contract instead (RULES.md §8), so its line has none."""
KEYS = ("dealer", "contract", "declarer", "partner", "called_card", "trump", "discard", "team_card_points",
        "last_trick_team", "roem", "bidders", "stuk", "tricks_won_by", "made", "jas_holder")
"""Every declaration of a Pandoeren deal (RULES.md §6); the canonical dict has all of them."""


@dataclass(frozen=True, slots=True)
class Deal:
    """A checked deal: the canonical declarations, the contract and each seat's roem."""

    declared: Mapping[str, Any]
    contract: PandoerContract
    roem: Mapping[str, tuple[Meld, ...]]

    @property
    def side(self) -> tuple[str, ...]:
        """The declarer and, if any, the partner."""
        return tuple(seat for seat in (self.declared["declarer"], self.declared["partner"]) if seat)


def _seat(raw: Mapping[str, Any], key: str, required: str | None = None) -> str | None:
    return pick(raw, key, SEATS, N_("%(name)s must be one of %(allowed)s; got “%(value)s”"), required=required)


def _card(raw: Mapping[str, Any], key: str) -> Card | None:
    value = raw.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise RuleViolation(N_("%(name)s must be one card code such as AS; got “%(value)s”"), field=key,
                            name=key, value=shown(value))
    cards = parse_cards(value, field=key, deck=PANDOEREN_ORDERS.deck)
    if len(cards) != 1:
        raise RuleViolation(N_("%(name)s must be one card code such as AS; got “%(value)s”"), field=key,
                            name=key, value=shown(value))
    return cards[0]


def _trump(raw: Mapping[str, Any], contract: PandoerContract) -> Suit | None:
    value = raw.get("trump")
    if not contract.trumps:
        if value is not None:
            raise RuleViolation(N_("%(contract)s is played without trumps: leave the trump empty"),
                                field="trump", contract=contract.name)
        return None
    if value is None:
        raise RuleViolation(N_("Which suit was trump?"), field="trump")
    if not isinstance(value, str) or value not in SUITS:
        raise RuleViolation(N_("The trump must be one of %(allowed)s; got “%(value)s”"), field="trump",
                            allowed=", ".join(SUITS), value=shown(value))
    return Suit(value)


def _team(raw: Mapping[str, Any], contract: PandoerContract, declarer: str, trump: Suit | None,
          discard: Card | None, options: Options) -> tuple[str | None, Card | None, str | None]:
    """The partner, the called card and the trump jack's holder (RULES.md §4.3, §7 items 13, 26)."""
    partner = _seat(raw, "partner")
    called = _card(raw, "called_card")
    jas_holder = _seat(raw, "jas_holder")
    names = {"contract": contract.name, "declarer": declarer}
    if contract.partner is not Partner.JAS and jas_holder is not None:
        raise RuleViolation(N_("Only Kereltje asks who holds the trump jack; %(contract)s does not"),
                            field="jas_holder", **names)
    if contract.partner is not Partner.CALLED and called is not None:
        raise RuleViolation(N_("%(contract)s has no called card"), field="called_card", **names)
    if contract.partner is Partner.ALONE:
        if partner is not None:
            raise RuleViolation(N_("%(contract)s is played alone: %(declarer)s has no partner"), field="partner",
                                **names)
        return None, None, None
    if contract.partner is Partner.JAS:
        return _kereltje(partner, jas_holder, declarer, Card(Rank.JACK, trump), discard, options), None, jas_holder
    if partner is None:
        raise RuleViolation(N_("Who was the partner (the holder of the called card)?"), field="partner")
    if partner == declarer:
        raise RuleViolation(N_("%(declarer)s cannot be her own partner: she calls a card she does not hold"),
                            field="partner", **names)
    if called is not None:
        if called.rank not in CALLABLE:
            raise RuleViolation(N_("The declarer calls an ace (a king or a queen only when she holds every ace, "
                                   "or every ace and king); got %(card)s"), field="called_card",
                                card=called.label)
        if called == discard:
            raise RuleViolation(N_("%(declarer)s discarded the %(card)s: she may not call it"),
                                field="called_card", card=called.label, **names)
    return partner, called, None


def _kereltje(partner: str | None, jas_holder: str | None, declarer: str, jas: Card, discard: Card | None,
              options: Options) -> str | None:
    """Kereltje's partner: the trump jack's holder; the declarer holding or discarding it plays
    alone (RULES.md §7 items 13, 26), or may not bid it (option ``kereltje_own_jack``)."""
    names = {"declarer": declarer, "card": jas.label}
    if discard == jas:
        if jas_holder is not None:
            raise RuleViolation(N_("The %(card)s was discarded: nobody holds it"), field="jas_holder", **names)
        if options["kereltje_own_jack"] == "forbidden":
            raise RuleViolation(N_("By the house rule, the declarer may not play Kereltje with her own trump "
                                   "jack; %(declarer)s discarded the %(card)s"), field="discard", **names)
    elif jas_holder is None:
        raise RuleViolation(N_("Who holds the %(card)s? In Kereltje that player is the partner"),
                            field="jas_holder", **names)
    elif jas_holder == declarer and options["kereltje_own_jack"] == "forbidden":
        raise RuleViolation(N_("By the house rule, the holder of the %(card)s may not bid Kereltje"),
                            field="jas_holder", **names)
    derived = jas_holder if jas_holder != declarer else None
    if partner is not None and partner != derived:
        if derived is None:
            raise RuleViolation(N_("%(declarer)s has the %(card)s herself and plays alone: no partner"),
                                field="partner", **names)
        raise RuleViolation(N_("In Kereltje the partner is the holder of the %(card)s, %(holder)s"),
                            field="partner", holder=derived, **names)
    return derived


def read_table_roem(value: object) -> dict[str, tuple[Meld, ...]]:
    """Each seat's announced roem (``{"N": "AH KH QH; JS JH JD JC", "W": [["QS", "QH", "QD", "QC"]]}``),
    every seat present; a card in two seats' roem is refused, naming the later seat's field."""
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise RuleViolation(N_("roem must be given per seat, e.g. {\"N\": \"AH KH QH\"}; got “%(value)s”"),
                            field="roem", value=shown(value))
    for seat in value:
        if seat not in SEATS:
            raise RuleViolation(N_("“%(seat)s” is not a seat: use %(allowed)s"), field="roem",
                                seat=shown(seat), allowed=", ".join(SEATS))
    roem = {seat: read_seat_roem(value.get(seat), seat=seat, field=f"roem.{seat}") for seat in SEATS}
    held: dict[Card, str] = {}
    for seat in SEATS:
        for card in sorted(frozenset().union(*(meld.cards for meld in roem[seat])), key=str):
            if card in held:
                raise RuleViolation(N_("The %(card)s is in the roem of both %(other_seat)s and %(seat)s"),
                                    field=f"roem.{seat}", card=card.label, other_seat=held[card], seat=seat)
            held[card] = seat
    return roem


def _roem(raw: Mapping[str, Any], contract: PandoerContract) -> dict[str, tuple[Meld, ...]]:
    roem = read_table_roem(raw.get("roem"))
    for seat in SEATS:
        if roem[seat] and not contract.uses_roem:
            raise RuleViolation(N_("Roem counts only in number contracts and Pandoer + n, not in %(contract)s"),
                                field=f"roem.{seat}", contract=contract.name)
    return roem


def _check_cards(roem: Mapping[str, tuple[Meld, ...]], declarer: str, partner: str | None, called: Card | None,
                 discard: Card | None) -> None:
    """The discard and the called card against the announced roem (RULES.md §4.3 calling)."""
    holder = {card: seat for seat, melds in roem.items() for meld in melds for card in meld.cards}
    if discard is not None and discard in holder:
        raise RuleViolation(N_("The %(card)s was discarded, so it is in nobody's roem"),
                            field=f"roem.{holder[discard]}", card=discard.label)
    if called is None:
        return
    names = {"card": called.label, "declarer": declarer}
    if holder.get(called) == declarer:
        raise RuleViolation(N_("%(declarer)s holds the %(card)s (it is in her roem): she may not call it"),
                            field="called_card", **names)
    if called in holder and holder[called] != partner:
        raise RuleViolation(N_("The %(card)s is in the roem of %(seat)s, so %(seat)s is the partner"),
                            field="partner", seat=holder[called], **names)
    for needed in CALLABLE[:CALLABLE.index(called.rank)]:
        elsewhere = sorted((card for card, seat in holder.items() if card.rank is needed and seat != declarer),
                           key=str)
        if elsewhere:
            raise RuleViolation(N_("%(declarer)s may call a %(rank)s only when she holds every %(needed)s; "
                                   "%(seat)s has the %(other)s"), field="called_card", rank=str(called.rank),
                                needed=str(needed), seat=holder[elsewhere[0]], other=elsewhere[0].label,
                                declarer=declarer)


def _stuk(raw: Mapping[str, Any], contract: PandoerContract, trump: Suit | None,
          roem: Mapping[str, tuple[Meld, ...]], discard: Card | None) -> str | None:
    stuk = _seat(raw, "stuk")
    if stuk is None:
        return None
    if not contract.uses_roem or trump is None:
        raise RuleViolation(N_("Stuk counts only in number contracts and Pandoer + n, not in %(contract)s"),
                            field="stuk", contract=contract.name)
    for card in (Card(Rank.KING, trump), Card(Rank.QUEEN, trump)):
        if card == discard:
            raise RuleViolation(N_("The %(card)s was discarded: nobody holds stuk"), field="stuk",
                                card=card.label)
        owner = next((seat for seat, melds in roem.items() for meld in melds if card in meld.cards), stuk)
        if owner != stuk:
            raise RuleViolation(N_("Stuk is the king and queen of trumps in one hand, but the %(card)s is in "
                                   "the roem of %(seat)s"), field="stuk", card=card.label, seat=owner)
    return stuk


def _bidders(raw: Mapping[str, Any], declarer: str) -> list[str]:
    value = raw.get("bidders")
    if value is None:
        value = []
    if not isinstance(value, list | tuple) or any(not isinstance(seat, str) or seat not in SEATS for seat in value):
        raise RuleViolation(N_("bidders must be a list of the seats that made a bid, e.g. [\"N\", \"W\"]; got "
                               "“%(value)s”"), field="bidders", value=shown(value))
    return [seat for seat in SEATS if seat in value or seat == declarer]


def _points(raw: Mapping[str, Any], contract: PandoerContract, trump: Suit | None,
            discard: Card | None) -> tuple[int | None, str | None]:
    points, last = raw.get("team_card_points"), raw.get("last_trick_team")
    if contract.kind is not Kind.NUMBER:
        for key, value in (("team_card_points", points), ("last_trick_team", last)):
            if value is not None:
                raise RuleViolation(N_("%(contract)s is decided by tricks, not card points: leave %(name)s empty"),
                                    field=key, contract=contract.name, name=key)
        return None, None
    lost = jass.card_points(discard, trump, orders=PANDOEREN_ORDERS) if discard is not None else 0
    available = CARD_POINTS - lost
    if points is None:
        raise RuleViolation(N_("Give the card points of the declarer and partner, without the last trick"),
                            field="team_card_points")
    if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= CARD_POINTS:
        raise RuleViolation(N_("The card points must be a number from 0 to %(total)d (the 33 cards hold "
                               "%(total)d); got “%(value)s”"), field="team_card_points", total=CARD_POINTS,
                            value=shown(points))
    if points > available:
        raise RuleViolation(N_("The discarded %(card)s is worth %(lost)d, so the tricks hold %(available)d card "
                               "points; got %(value)d"), field="team_card_points", card=str(discard),
                            lost=lost, available=available, value=points)
    if last is None:
        raise RuleViolation(N_("Who won the last trick: the declarer's side or the opponents?"),
                            field="last_trick_team")
    if last not in LAST_TRICK_SIDES:
        raise RuleViolation(N_("last_trick_team must be “declarer” or “opponents”; got “%(value)s”"),
                            field="last_trick_team", value=shown(last))
    return points, str(last)


def trick_verdict(contract: PandoerContract, tricks: Sequence[str], declarer: str, partner: str | None,
                  options: Options) -> tuple[bool, Say]:
    """Whether the tricks meet the contract's trick objective (RULES.md §4.3; option
    ``piccolo_any_one_trick`` §4.4), and the words that say why."""
    side = {declarer, partner} - {None}
    won = [number for number, seat in enumerate(tricks, 1) if seat == declarer]
    names: dict[str, Any] = {"declarer": declarer, "count": len(won), "tricks": ", ".join(map(str, won)),
                             "side": " + ".join(seat for seat in (declarer, partner) if seat)}
    goal = contract.goal
    if goal is Goal.NO_TRICK or (goal is Goal.FIRST_TRICK_ONLY and not won):
        if not won:
            return goal is Goal.NO_TRICK, Say(N_("%(declarer)s won no trick"), names)
        return False, Say(N_("%(declarer)s won trick %(tricks)s") if len(won) == 1 else
                          N_("%(declarer)s won %(count)d tricks (%(tricks)s)"), names)
    if goal is Goal.FIRST_TRICK_ONLY:
        if len(won) > 1:
            return False, Say(N_("%(declarer)s won %(count)d tricks (%(tricks)s)"), names)
        if won == [1]:
            return True, Say(N_("%(declarer)s won the first trick and no other"), names)
        if options["piccolo_any_one_trick"]:
            return True, Say(N_("%(declarer)s won exactly one trick (trick %(tricks)s)"), names)
        return False, Say(N_("%(declarer)s won trick %(tricks)s, not the first"), names)
    lost = next((number for number, seat in enumerate(tricks, 1) if seat not in side), None)
    if lost is not None:
        return False, Say(N_("%(seat)s won trick %(trick)d"), {"seat": tricks[lost - 1], "trick": lost})
    if goal is Goal.ZWABBER:
        other = next((number for number in range(1, ZWABBER_OWN + 1) if tricks[number - 1] != declarer), None)
        if other is not None:
            return False, Say(N_("%(seat)s won trick %(trick)d: %(declarer)s must win tricks 1 to 4 herself"),
                              {**names, "seat": tricks[other - 1], "trick": other})
        return True, Say(N_("%(side)s won all 8 tricks, %(declarer)s herself tricks 1 to 4"), names)
    return True, Say(N_("%(side)s won all 8 tricks"), names)


def _tricks(raw: Mapping[str, Any], contract: PandoerContract, declarer: str, partner: str | None,
            options: Options) -> tuple[list[str] | None, bool | None]:
    tricks, made = raw.get("tricks_won_by"), raw.get("made")
    if contract.kind is Kind.NUMBER:
        for key, value in (("tricks_won_by", tricks), ("made", made)):
            if value is not None:
                raise RuleViolation(N_("A number contract is decided by the card points: leave %(name)s empty"),
                                    field=key, name=key)
        return None, None
    if made is not None and not isinstance(made, bool):
        raise RuleViolation(N_("made must be true or false; got “%(value)s”"), field="made", value=shown(made))
    if tricks is None:
        if made is None:
            raise RuleViolation(N_("Was %(contract)s made? Say so, or list who won each trick"), field="made",
                                contract=contract.name)
        return None, made
    seats = tricks.split() if isinstance(tricks, str) else tricks
    if not isinstance(seats, list | tuple) or len(seats) != TRICKS or any(
            not isinstance(seat, str) or seat not in SEATS for seat in seats):
        raise RuleViolation(N_("tricks_won_by lists the winner of each of the %(tricks)d tricks in order, "
                               "e.g. N N E S W N N E; got “%(value)s”"), field="tricks_won_by", tricks=TRICKS,
                            value=shown(tricks))
    seats = list(seats)
    met, _ = trick_verdict(contract, seats, declarer, partner, options)
    if made is not None and made != met:
        raise RuleViolation(N_("The tricks show %(contract)s made, not failed") if met else
                            N_("The tricks show %(contract)s failed, not made"), field="made",
                            contract=contract.name)
    return seats, met


def _no_outcome(raw: Mapping[str, Any], contract: PandoerContract) -> None:
    """A revoke's deal gives the contract and the side, nothing play decided (RULES.md §8)."""
    for key in OUTCOME:
        value = raw.get(key)
        if key == "roem" and isinstance(value, Mapping):
            value = next((seat for seat, roem in value.items() if roem), None)
            key = f"roem.{value}" if isinstance(value, str) and value in SEATS else key
        if value not in (None, [], {}, ""):
            raise RuleViolation(N_("A revoke decides %(contract)s whatever the play: leave %(name)s empty"),
                                field=key, contract=contract.name, name=key)


def read_declarations(raw: object, options: Options, *, played: bool = True) -> Deal:
    """Check a deal's declarations; return them canonical, with the contract and roem parsed.
    ``played`` False: the deal of a revoke, the contract and the side without any outcome.

    :raise RuleViolation: naming the declaration at fault
    """
    if not isinstance(raw, Mapping):
        raise RuleViolation(N_("A deal must be a JSON object of declarations (see docs/api.md)"))
    for key in raw:
        if key not in KEYS:
            raise RuleViolation(N_("“%(key)s” is not a declaration of a Pandoeren deal"), field=shown(key),
                                key=shown(key))
    dealer = _seat(raw, "dealer")
    declarer = str(_seat(raw, "declarer", required=N_("Who is the declarer?")))
    if raw.get("contract") is None:
        raise RuleViolation(N_("What was the contract? A number (120, 130, …) or a name such as Piccolo"),
                            field="contract")
    contract = parse_contract(raw["contract"])
    trump = _trump(raw, contract)
    discard = _card(raw, "discard")
    partner, called, jas_holder = _team(raw, contract, declarer, trump, discard, options)
    if not played:
        _no_outcome(raw, contract)
    roem = _roem(raw, contract)
    _check_cards(roem, declarer, partner, called, discard)
    stuk = _stuk(raw, contract, trump, roem, discard)
    bidders = _bidders(raw, declarer)
    points, last = _points(raw, contract, trump, discard) if played else (None, None)
    tricks, made = _tricks(raw, contract, declarer, partner, options) if played else (None, None)
    declared = {
        "dealer": dealer, "contract": contract.name, "declarer": declarer, "partner": partner,
        "called_card": str(called) if called else None, "trump": trump.value if trump else None,
        "discard": str(discard) if discard else None, "team_card_points": points, "last_trick_team": last,
        "roem": {seat: roem_codes(roem[seat]) for seat in SEATS}, "bidders": bidders, "stuk": stuk,
        "tricks_won_by": tricks, "made": made, "jas_holder": jas_holder,
    }
    return Deal(declared, contract, roem)
