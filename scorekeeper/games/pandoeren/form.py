"""The Pandoeren deal-entry form: one phone screen for every contract.

The form asks the contract as a row of the RULES.md §4.3 table and a number, the result as
"made / failed" or the winner of each trick, and each seat's roem as card codes. These
functions turn it into the RULES.md §6 declarations and back. Every refusal names a *form*
field: the declarations are checked here by ``read_declarations`` and a declaration's name
is translated to the form field that asks it (``team_card_points`` -> ``team_points``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ...cards import DECK_33, SUIT_ORDER, Card, sort_cards
from ...errors import N_, RuleViolation
from ..base import DealField, Options
from ..declare import form_number, form_pick, form_text, ticked
from .contracts import KINDS, PLUS_MIN, Kind, Partner, contract_from_kind, parse_contract
from .deal import CALLABLE, LAST_TRICK_SIDES, SEATS, TRICKS, read_declarations
from .roem import CARD_POINTS, roem_text

MADE, FAILED = "made", "failed"
NUMBER_DIGITS = 9  # longer numbers cannot be a contract or card points: refused unread
ROEM_FIELDS = MappingProxyType({seat: f"roem_{seat}" for seat in SEATS})
BIDDER_FIELDS = MappingProxyType({seat: f"bidders_{seat}" for seat in SEATS})
ROEM_LABELS = MappingProxyType({"N": N_("Roem of N"), "E": N_("Roem of E"), "S": N_("Roem of S"),
                                "W": N_("Roem of W")})
BIDDER_LABELS = MappingProxyType({"N": N_("N made a bid"), "E": N_("E made a bid"), "S": N_("S made a bid"),
                                  "W": N_("W made a bid")})
FORM_FIELDS = MappingProxyType({"contract": "contract_kind", "team_card_points": "team_points",
                                "last_trick_team": "last_trick", "tricks_won_by": "tricks", "made": "result",
                                "roem": ROEM_FIELDS["N"], "bidders": BIDDER_FIELDS["N"]})
"""The form field that asks each declaration whose name differs (``roem.E`` -> ``roem_E``)."""

NUMBERED = (Kind.NUMBER.value, Kind.PANDOER_PLUS.value)  # a number to type: 150, Pandoer + 40
WITH_ROEM = NUMBERED  # RULES §4.2: roem and stuk count in number contracts and Pandoer + n only
WITH_TRUMPS = tuple(kind.value for kind, info in KINDS.items() if info.trumps)
CALLING = tuple(kind.value for kind, info in KINDS.items() if info.partner is Partner.CALLED)
PARTNERED = (*CALLING, Kind.KERELTJE.value)  # a discard can matter: the called card, the trump jack, points
BY_TRICKS = tuple(kind.value for kind in Kind if kind is not Kind.NUMBER)
"""Which contracts (the form's ``contract_kind``) ask which inputs: the others are not shown."""

_KIND_LABELS = MappingProxyType({Kind.NUMBER: N_("Number (120, 130, …)"), Kind.PANDOER_PLUS: N_("Pandoer + n")})
_SEPARATORS = re.compile(r"[\s,;]+")


def deck_choices(cards: frozenset[Card]) -> tuple[tuple[str, str], ...]:
    return tuple((str(card), card.label) for card in sort_cards(cards))


def _for(kinds: tuple[str, ...], spec: DealField) -> DealField:
    """``spec``, asked only for these contracts."""
    return replace(spec, when_field="contract_kind", when_values=kinds)


def deal_fields(options: Options) -> tuple[DealField, ...]:
    """The inputs of one deal: the contract, the side and who bid, the result, each seat's roem;
    each contract's own inputs asked only with it (:func:`_for`)."""
    kinds = tuple((kind.value, _KIND_LABELS.get(kind, KINDS[kind].name)) for kind in Kind)
    called = (("", ""), *((str(Card(rank, suit)), Card(rank, suit).label) for rank in CALLABLE
                          for suit in SUIT_ORDER))
    who = (("", ""), ("declarer", N_("The declarer's side")), ("opponents", N_("The opponents")))
    fields = [
        DealField("dealer", "seat", N_("Dealer"), "contract", required=False),
        DealField("declarer", "seat", N_("Declarer"), "contract"),
        DealField("contract_kind", "choice", N_("Contract"), "contract", choices=kinds),
        _for(NUMBERED, DealField("contract_number", "int", N_("Number"), "contract", required=False,
                                 minimum=PLUS_MIN, help=N_("A number contract's number (120, 130, …) or the n "
                                                           "of Pandoer + n (20, 40, …)"))),
        _for(WITH_TRUMPS, DealField("trump", "suit", N_("Trump"), "contract")),
        _for(CALLING, DealField("called_card", "choice", N_("Called card"), "contract", required=False, default="",
                                choices=called, help=N_("The ace (or king, queen) the declarer called"))),
        _for(CALLING, DealField("partner", "seat", N_("Partner"), "contract", required=False,
                                help=N_("The holder of the called card"))),
        _for((Kind.KERELTJE.value,), DealField("jas_holder", "seat", N_("Holder of the trump jack"), "contract",
                                               required=False, help=N_("Empty if the declarer discarded it"))),
        _for(PARTNERED, DealField("discard", "cards", N_("Discard"), "contract", required=False,
                                  choices=deck_choices(DECK_33),
                                  help=N_("Optional: the card the declarer put away (its points are in no "
                                          "trick)"))),
        # who bid is a fact of every auction (it decides who may deny roem, RULES §4.2): always asked
        *(DealField(BIDDER_FIELDS[seat], "bool", BIDDER_LABELS[seat], "contract", required=False, default=False)
          for seat in SEATS),
        _for(BY_TRICKS, DealField("result", "choice", N_("Result"), "result", required=False, default="",
                                  choices=(("", ""), (MADE, N_("Made")), (FAILED, N_("Failed"))),
                                  help=N_("Made or failed (or list the tricks below)"))),
        _for(BY_TRICKS, DealField("tricks", "seats", N_("Tricks"), "result", required=False,
                                  help=N_("Optional: who won each trick, in order: tap the seats, e.g. N N E S W N N E"))),
        _for((Kind.NUMBER.value,), DealField("team_points", "int", N_("Card points of declarer and partner"),
                                             "result", required=False, minimum=0, maximum=CARD_POINTS,
                                             help=N_("Without the 5 for the last trick"))),
        _for((Kind.NUMBER.value,), DealField("last_trick", "choice", N_("Last trick"), "result", required=False,
                                             default="", choices=who)),
        _for(WITH_ROEM, DealField("stuk", "seat", N_("Stuk"), "result", required=False, default="",
                                  help=N_("Who held the king and queen of trumps, if announced"))),
    ]
    fields += [_for(WITH_ROEM, DealField(ROEM_FIELDS[seat], "cards", ROEM_LABELS[seat], "roem", required=False,
                                         choices=deck_choices(DECK_33), grouped="meld",
                                         help=N_("Card codes such as AH KH QH; separate two roem with ;")))
               for seat in SEATS]
    return tuple(fields)


def revoke_fields(options: Options) -> tuple[DealField, ...]:
    """A revoke's inputs (RULES.md §8): the player at fault and the contract with its side, the
    questions of the deal form's contract group but who bid; the revoke decides the rest."""
    return (DealField("at_fault", "seat", N_("Player at fault"), "revoke",
                      help=N_("The player who failed to follow or to trump when the rules require it")),
            *(spec for spec in deal_fields(options)
              if spec.group == "contract" and spec.name not in BIDDER_FIELDS.values()))


def _tricks(values: Mapping[str, Any]) -> list[str] | None:
    text = form_text(values, "tricks")
    if not text:
        return None
    seats = [seat.upper() for seat in _SEPARATORS.split(text) if seat]
    if len(seats) != TRICKS or any(seat not in SEATS for seat in seats):
        raise RuleViolation(N_("List the winner of each of the %(tricks)d tricks in order, e.g. N N E S W N N E"),
                            field="tricks", tricks=TRICKS)
    return seats


def form_field(err: RuleViolation) -> RuleViolation:
    """The same refusal, naming the form field that asks the declaration at fault."""
    field = err.field or ""
    if field.startswith("roem.") and field[len("roem."):] in ROEM_FIELDS:
        name = ROEM_FIELDS[field[len("roem."):]]
    else:
        name = FORM_FIELDS.get(field, field) or None
    return RuleViolation(err.template, field=name, **err.params)


def declarations_from_form(values: Mapping[str, Any], options: Options, *, played: bool = True) -> dict[str, Any]:
    """The RULES.md §6 declarations of a filled form, checked and canonical (``played`` False: a
    revoke's deal, see :func:`revoke_fields`).

    :raise RuleViolation: naming the form field at fault
    """
    number = form_number(values, "contract_number", N_("The contract's number must be a whole number such as "
                                                      "150; got “%(value)s”"), digits=NUMBER_DIGITS)
    contract = contract_from_kind(form_text(values, "contract_kind"), number)
    result = form_pick(values, "result", (MADE, FAILED), N_("Say whether the contract was made or failed"))
    last = form_pick(values, "last_trick", LAST_TRICK_SIDES, N_("Say who won the last trick: the declarer's "
                                                                "side or the opponents"))
    stuk = form_pick(values, "stuk", SEATS, N_("Stuk is held by one of the seats, or by nobody"))
    points = form_number(values, "team_points", N_("The card points must be a number from 0 to %(total)d; got "
                                                  "“%(value)s”"), digits=NUMBER_DIGITS, total=CARD_POINTS)
    declarations: dict[str, Any] = {
        "dealer": form_text(values, "dealer") or None,
        "contract": contract.name,
        "declarer": form_text(values, "declarer") or None,
        "partner": form_text(values, "partner") or None,
        "called_card": form_text(values, "called_card") or None,
        "trump": form_text(values, "trump") or None,
        "discard": form_text(values, "discard") or None,
        "team_card_points": points,
        "last_trick_team": last,
        "roem": {seat: form_text(values, ROEM_FIELDS[seat]) for seat in SEATS},
        "bidders": [seat for seat in SEATS if ticked(values, BIDDER_FIELDS[seat])],
        "stuk": stuk,
        "tricks_won_by": _tricks(values),
        "made": None if result is None else result == MADE,
        "jas_holder": form_text(values, "jas_holder") or None,
    }
    try:
        return dict(read_declarations(declarations, options, played=played).declared)
    except RuleViolation as err:
        raise form_field(err) from None


def form_from_declarations(deal: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The form values that show canonical declarations again (for editing a deal)."""
    contract = parse_contract(deal["contract"])
    made = deal["made"]
    values: dict[str, Any] = {
        "dealer": deal["dealer"] or "",
        "declarer": deal["declarer"],
        "contract_kind": contract.kind.value,
        "contract_number": "" if contract.number is None else str(contract.number),
        "trump": deal["trump"] or "",
        "called_card": deal["called_card"] or "",
        "partner": deal["partner"] or "",
        "jas_holder": deal["jas_holder"] or "",
        "discard": deal["discard"] or "",
        "result": "" if made is None else MADE if made else FAILED,
        "tricks": " ".join(deal["tricks_won_by"] or ()),
        "team_points": "" if deal["team_card_points"] is None else str(deal["team_card_points"]),
        "last_trick": deal["last_trick_team"] or "",
        "stuk": deal["stuk"] or "",
    }
    values.update({ROEM_FIELDS[seat]: roem_text(deal["roem"][seat]) for seat in SEATS})
    values.update({BIDDER_FIELDS[seat]: seat in deal["bidders"] for seat in SEATS})
    return values
