"""The classic Belote deal-entry form: one phone screen, in the table's terms.

Four players: "the takers' card points", "last trick: takers or defenders", as the table
says it. Three players: each player's card points. These functions turn the form into the
RULES.md §6 declarations and back. Every refusal names a *form* field: the declarations are
checked here too, and a declaration's field is told as the form field that holds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...cards import format_cards
from ...errors import N_, RuleViolation
from .. import jass
from ..base import DealField, Options
from ..declare import form_number, form_pick, form_text
from ..melds import meld_from_cards
from .deal import MAX_BELOTES, SEATS, TRICKS, Seating, read_declarations, seating
from .text import parse_meld_text

TAKERS, DEFENDERS = "takers", "defenders"
MELD_SEPARATOR = ";"
CONTRACT_CHOICES = {
    jass.Contract.SUIT: N_("Trump suit"),
    jass.Contract.SANS_ATOUT: N_("Sans atout (×2)"),
    jass.Contract.TOUT_ATOUT: N_("Tout atout (×3)"),
}
_WHO = ((TAKERS, N_("Takers")), (DEFENDERS, N_("Defenders")))
_NOBODY = ("", "")
MELD_HELP = N_("Card codes such as AH KH QH, or names: tierce KH, cent AD, four J; separate melds with ;")
BELOTE_HELP = N_("K and Q of trumps in one hand, if announced (none in sans atout)")
BELOTES_HELP = N_("Tout atout only: how many suits' K and Q this side held in one hand (20 each)")


def contracts(options: Options) -> tuple[jass.Contract, ...]:
    """The contracts the options allow (RULES §1.6)."""
    return tuple(contract for contract in jass.Contract
                 if contract is jass.Contract.SUIT or options[contract.value])


def _most_points(options: Options) -> int:
    return max(jass.CARD_TOTAL[contract] for contract in contracts(options))


def deal_fields(options: Options) -> tuple[DealField, ...]:
    """The inputs of one deal under these options (RULES §6 through the table's words)."""
    table = seating(options)
    allowed = contracts(options)
    most = _most_points(options)
    four = table.players == len(SEATS)
    fields = [
        DealField("dealer", "seat", N_("Dealer"), "contract", required=False),
        DealField("taker", "seat", N_("Taker"), "contract"),
    ]
    if len(allowed) > 1:
        fields.append(DealField("contract", "choice", N_("Contract"), "contract",
                                default=jass.Contract.SUIT.value,
                                choices=tuple((c.value, CONTRACT_CHOICES[c]) for c in allowed)))
    trump = DealField("trump", "suit", N_("Trump"), "contract")  # (asked only with a suit contract)
    fields.append(replace(trump, when_field="contract", when_values=(jass.Contract.SUIT.value, ""))
                  if len(allowed) > 1 else trump)
    seats = tuple((seat, seat) for seat in table.seats)
    if four:
        fields += [
            DealField("taker_points", "int", N_("Takers' card points"), "result",
                      help=N_("As counted in their tricks, without the 10 for the last trick"),
                      minimum=0, maximum=most),
            DealField("defender_points", "int", N_("Defenders' card points"), "result", required=False,
                      help=N_("Optional: checked against the takers' points (together 152 with a trump "
                              "suit)"),
                      minimum=0, maximum=most),
            DealField("last_trick", "choice", N_("Last trick"), "result", choices=_WHO),
            DealField("capot", "choice", N_("Capot"), "result", required=False, default="",
                      choices=(_NOBODY, *_WHO), help=N_("The side that took every trick, if one did")),
            DealField("belote", "choice", N_("Belote"), "result", required=False, default="",
                      choices=(_NOBODY, *_WHO), help=BELOTE_HELP),
        ]
    else:
        fields += [DealField(f"points_{seat}", "int", seat, "result", minimum=0, maximum=most,
                             help=N_("Card points in this player's tricks, without the 10 for the last "
                                     "trick"))
                   for seat in table.seats]
        fields += [
            DealField("last_trick", "seat", N_("Last trick"), "result"),
            DealField("capot", "seat", N_("Capot"), "result", required=False, default="",
                      help=N_("The player who took every trick, if one did")),
            DealField("belote", "seat", N_("Belote"), "result", required=False, default="",
                      help=BELOTE_HELP),
        ]
    if jass.Contract.TOUT_ATOUT in allowed:
        names = _belotes_fields(table)
        fields += [DealField(name, "int", text, "result", required=False, minimum=0, maximum=MAX_BELOTES,
                             help=BELOTES_HELP, when_field="contract", when_values=(jass.Contract.TOUT_ATOUT.value,))
                   for name, text in names.items()]
    if not options["no_melds"]:
        fields += [DealField(f"melds_{seat}", "cards", seat, "melds", required=False, help=MELD_HELP,
                             grouped="meld")
                   for seat in table.seats]
    return tuple(fields)


def _belotes_fields(table: Seating) -> dict[str, str]:
    if table.players == len(SEATS):
        return {"belotes_taker": N_("Takers' belotes"), "belotes_defenders": N_("Defenders' belotes")}
    return {f"belotes_{seat}": seat for seat in table.seats}


def _number(values: Mapping[str, Any], name: str, most: int) -> int | None:
    """A count typed in the form (None when left empty); "²" is a digit but not a number."""
    return form_number(values, name, N_("Type a number from 0 to %(most)d; got “%(value)s”"),
                       at_most=most, most=most)


def _choice(values: Mapping[str, Any], name: str, allowed: Mapping[str, str], message: str) -> str | None:
    text = form_pick(values, name, allowed, message)
    return None if text is None else allowed[text]


def _melds(values: Mapping[str, Any], table: Seating) -> list[dict[str, Any]]:
    melds = []
    for seat in table.seats:
        name = f"melds_{seat}"
        for group in parse_meld_text(form_text(values, name), field=name):
            meld = meld_from_cards(group, seat=seat, field=name)
            melds.append({"seat": seat, "cards": format_cards(meld.cards).split()})
    return melds


def _result_four(values: Mapping[str, Any], taker: str, contract: jass.Contract,
                 table: Seating) -> dict[str, Any]:
    team = table.side_of(taker)
    other = table.others(team)[0]
    who = {TAKERS: team, DEFENDERS: other}
    total = jass.CARD_TOTAL[contract]
    capot = _choice(values, "capot", who, N_("Say who took every trick: the takers, the defenders or nobody"))
    points = _number(values, "taker_points", total)
    defenders = _number(values, "defender_points", total)
    if points is None and capot is None:
        raise RuleViolation(N_("Type the takers' card points (0 to %(total)d)"), field="taker_points",
                            total=total)
    if points is None and defenders is not None:
        points = total - defenders
    if points is not None and defenders is not None and points + defenders != total:
        raise RuleViolation(N_("%(takers)d + %(defenders)d is not %(total)d: check both sides' card points"),
                            field="defender_points", takers=points, defenders=defenders, total=total)
    last = _choice(values, "last_trick", who, N_("Say who took the last trick: the takers or the defenders"))
    belotes: dict[str, int] | None = None
    taken = {team: _number(values, "belotes_taker", MAX_BELOTES),
             other: _number(values, "belotes_defenders", MAX_BELOTES)}
    if any(count is not None for count in taken.values()):
        belotes = {side: count or 0 for side, count in taken.items()}
    return {"trick_points": None if points is None else {team: points},
            "tricks_won": None if capot is None else {capot: TRICKS},
            "last_trick": last, "belotes": belotes,
            "belote": _choice(values, "belote", who,
                              N_("Say who held the belote: the takers, the defenders or nobody"))}


def _result_three(values: Mapping[str, Any], contract: jass.Contract, table: Seating) -> dict[str, Any]:
    seats = {seat: seat for seat in table.seats}
    total = jass.CARD_TOTAL[contract]
    capot = _choice(values, "capot", seats, N_("Say who took every trick, or nobody"))
    points = {seat: _number(values, f"points_{seat}", total) for seat in table.seats}
    for seat, count in points.items():
        if count is None and seat != capot and capot is None:
            raise RuleViolation(N_("Type the card points of %(seat)s (0 to %(total)d)"),
                                field=f"points_{seat}", seat=seat, total=total)
    taken = {seat: _number(values, f"belotes_{seat}", MAX_BELOTES) for seat in table.seats}
    belotes = ({seat: count or 0 for seat, count in taken.items()}
               if any(count is not None for count in taken.values()) else None)
    return {"trick_points": {seat: count for seat, count in points.items() if count is not None} or None,
            "tricks_won": None if capot is None else {capot: TRICKS},
            "last_trick": _choice(values, "last_trick", seats, N_("Say who took the last trick")),
            "belotes": belotes,
            "belote": _choice(values, "belote", seats, N_("Say who held the belote, or nobody"))}


def _form_field(err: RuleViolation, values: Mapping[str, Any], table: Seating, names: set[str]) -> str | None:
    """The form field that holds the declaration a RuleViolation names."""
    if err.field in names:
        return err.field
    seat = err.params.get("seat")
    four = table.players == len(SEATS)
    if err.field == "melds":
        typed = [seat for seat in table.seats if form_text(values, f"melds_{seat}")]
        return f"melds_{seat if seat in table.seats else (typed or table.seats)[0]}"
    if err.field == "trick_points":
        player = seat if seat in table.seats else form_text(values, 'taker')
        return "taker_points" if four else f"points_{player}"
    if err.field == "belotes":
        return "belotes_taker" if four else f"belotes_{form_text(values, 'taker')}"
    return {"tricks_won": "capot", "taker_team": "taker", "play_order": "dealer"}.get(str(err.field))


def declarations_from_form(values: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The RULES.md §6 declarations of a filled form (they pass ``read_deal``).

    :raise RuleViolation: naming the form field at fault
    """
    table = seating(options)
    taker = form_text(values, "taker")
    if taker not in table.seats:
        raise RuleViolation(N_("Pick the taker"), field="taker")
    allowed = {contract.value: contract for contract in contracts(options)}
    contract = _choice(values, "contract", allowed,
                       N_("Pick the contract: a trump suit, sans atout or tout atout"))
    contract = contract or jass.Contract.SUIT
    declarations: dict[str, Any] = {
        "dealer": form_text(values, "dealer") or None, "taker": taker, "contract": contract.value,
        "trump": (form_text(values, "trump") or None) if contract is jass.Contract.SUIT else None,
    }
    if table.players == len(SEATS):
        declarations.update(_result_four(values, taker, contract, table))
    else:
        declarations.update(_result_three(values, contract, table))
    if declarations["belotes"] is not None and contract is not jass.Contract.TOUT_ATOUT:
        if any(declarations["belotes"].values()):
            field = "belotes_taker" if table.players == len(SEATS) else f"belotes_{taker}"
            raise RuleViolation(N_("Belotes are counted this way only in tout atout"), field=field)
        declarations["belotes"] = None
    if not options["no_melds"]:
        declarations["melds"] = _melds(values, table)
    names = {spec.name for spec in deal_fields(options)}
    try:
        read_declarations(declarations, options)
    except RuleViolation as err:
        field = _form_field(err, values, table, names)
        raise RuleViolation(err.template, field=field, **err.params) from None
    return declarations


def form_from_declarations(deal: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The form values that show canonical declarations again (for editing a deal).

    The form speaks of one taker's seat and a capot or not, without trick counts: a deal
    recorded through the API with only ``taker_team``, or with ``tricks_won`` other than a
    capot, comes back without them.
    """
    table = seating(options)
    team = deal["taker_team"]
    tricks = deal.get("tricks_won") or {}
    capot = next((side for side, count in tricks.items() if count == TRICKS), None)
    belotes = deal.get("belotes")
    values: dict[str, Any] = {"dealer": deal.get("dealer") or "", "taker": deal.get("taker") or "",
                              "trump": deal.get("trump") or ""}
    if len(contracts(options)) > 1:
        values["contract"] = deal["contract"]
    if table.players == len(SEATS):
        def who(side: str | None) -> str:
            return "" if side is None else TAKERS if side == team else DEFENDERS

        values.update({"taker_points": str(deal["trick_points"][team]), "defender_points": "",
                       "last_trick": who(deal["last_trick"]), "capot": who(capot),
                       "belote": who(deal.get("belote"))})
        if jass.Contract.TOUT_ATOUT in contracts(options):
            other = table.others(team)[0]
            values.update({"belotes_taker": str(belotes[team]) if belotes else "",
                           "belotes_defenders": str(belotes[other]) if belotes else ""})
    else:
        values.update({f"points_{seat}": str(deal["trick_points"][seat]) for seat in table.seats})
        values.update({"last_trick": deal["last_trick"], "capot": capot or "",
                       "belote": deal.get("belote") or ""})
        if jass.Contract.TOUT_ATOUT in contracts(options):
            values.update({f"belotes_{seat}": str(belotes[seat]) if belotes else "" for seat in table.seats})
    if not options["no_melds"]:
        for seat in table.seats:
            values[f"melds_{seat}"] = f" {MELD_SEPARATOR} ".join(
                " ".join(meld["cards"]) for meld in deal.get("melds") or () if meld["seat"] == seat)
    return values
