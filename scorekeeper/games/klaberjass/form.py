"""The Klaberjass deal-entry form: one phone screen, one column per player.

These functions turn the flat form values into the RULES.md §6 declarations and back. Every
refusal names a *form* field: what the form cannot even read is refused here, and what
``read_declarations`` refuses is moved onto the form field it concerns (``card_points`` of
P2 becomes ``points_P2``, a run of P1 ``sequences_P1``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import N_, RuleViolation
from ..base import DealField, Options
from ..declare import form_number, form_text, ticked
from ..melds import Meld
from .deal import (
    MAX_CARD_POINTS,
    SEATS,
    SUITS,
    canonical_sequences,
    check_sequences,
    read_declarations,
    read_sequence_text,
)

NOBODY = "none"
SEQUENCE_SEPARATOR = ";"
POINT_FIELDS = {seat: f"points_{seat}" for seat in SEATS}
SEQUENCE_FIELDS = {seat: f"sequences_{seat}" for seat in SEATS}
POINT_LABELS = {"P1": N_("Card points of P1"), "P2": N_("Card points of P2")}
SEQUENCE_LABELS = {"P1": N_("Sequences of P1"), "P2": N_("Sequences of P2")}


def deal_fields(options: Options) -> tuple[DealField, ...]:
    """The inputs of one deal: who dealt and made trumps, the points, bella and sequences."""
    points = [DealField(POINT_FIELDS[seat], "int", POINT_LABELS[seat], "result",
                        help=N_("As counted in the player's tricks, without the 10 for the last trick"),
                        minimum=0, maximum=MAX_CARD_POINTS) for seat in SEATS]
    sequences = [DealField(SEQUENCE_FIELDS[seat], "cards", SEQUENCE_LABELS[seat], "sequences", required=False,
                           help=N_("Card codes such as AH KH QH; separate two sequences with ;"),
                           grouped="meld")
                 for seat in SEATS]
    return (
        DealField("dealer", "seat", N_("Dealer"), "contract",
                  help=N_("The dealer is younger; elder leads first")),
        DealField("maker", "seat", N_("Maker"), "contract", help=N_("The player who chose trumps")),
        DealField("trump", "suit", N_("Trump"), "contract"),
        DealField("turned_suit", "suit", N_("Turned suit"), "contract", required=False,
                  help=N_("Optional: the suit of the card turned up after the deal")),
        DealField("trump_7_exchanged", "bool", N_("Trump 7 exchanged"), "contract", required=False,
                  default=False,
                  help=N_("The holder of the trump 7 took the turned card for it (only when it is trump)")),
        *points,
        DealField("last_trick", "seat", N_("Last trick"), "result"),
        DealField("bella", "choice", N_("Bella"), "result", required=False, default=NOBODY,
                  choices=((NOBODY, N_("Nobody")), ("P1", "P1"), ("P2", "P2")),
                  help=N_("The player who held K and Q of trumps and announced them")),
        *sequences,
    )


def _seat(values: Mapping[str, Any], name: str, message: str) -> str:
    text = form_text(values, name)
    if text not in SEATS:
        raise RuleViolation(message, field=name)
    return text


def _points(values: Mapping[str, Any], seat: str) -> int:
    """A player's card points as typed (required)."""
    name = POINT_FIELDS[seat]
    points = form_number(values, name, N_("The card points of %(player)s must be a number from 0 to "
                                          "%(most)d; got “%(value)s”"),
                         at_most=MAX_CARD_POINTS, player=seat, most=MAX_CARD_POINTS)
    if points is None:
        raise RuleViolation(N_("Type the card points of %(player)s (0 to %(most)d)"), field=name, player=seat,
                            most=MAX_CARD_POINTS)
    return points


def _sequences(values: Mapping[str, Any]) -> list[Meld]:
    """Both players' runs as typed, each checked under its own field, then together."""
    melds: list[Meld] = []
    for seat in SEATS:
        field = SEQUENCE_FIELDS[seat]
        mine = read_sequence_text(form_text(values, field), seat=seat, field=field)
        check_sequences(mine, field=field)
        melds += mine
    check_sequences(melds, field=SEQUENCE_FIELDS[SEATS[-1]])
    return melds


def _on_the_form(err: RuleViolation) -> RuleViolation:
    """The same refusal, named after the form field that holds the value at fault."""
    seat = err.params.get("player", err.params.get("seat"))
    seat = seat if seat in SEATS else SEATS[-1]
    fields = {"card_points": POINT_FIELDS[seat], "sequences": SEQUENCE_FIELDS[seat]}
    if err.field not in fields:
        return err
    return RuleViolation(err.template, field=fields[err.field], **err.params)


def declarations_from_form(values: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The RULES.md §6 declarations of a filled form, checked.

    :raise RuleViolation: naming the form field at fault
    """
    trump = form_text(values, "trump")
    if trump not in SUITS:
        raise RuleViolation(N_("Pick the trump suit"), field="trump")
    turned = form_text(values, "turned_suit")
    if turned and turned not in SUITS:
        raise RuleViolation(N_("Pick the turned suit, or leave it empty"), field="turned_suit")
    bella = form_text(values, "bella")
    if bella not in (NOBODY, "", *SEATS):
        raise RuleViolation(N_("Say who held bella: P1, P2 or nobody"), field="bella")
    declarations: dict[str, Any] = {
        "dealer": _seat(values, "dealer", N_("Pick the dealer")),
        "maker": _seat(values, "maker", N_("Pick the maker: the player who chose trumps")),
        "trump": trump,
        "turned_suit": turned or None,
        "trump_7_exchanged": ticked(values, "trump_7_exchanged"),
        "card_points": {seat: _points(values, seat) for seat in SEATS},
        "last_trick": _seat(values, "last_trick", N_("Who took the last trick?")),
        "bella": bella if bella in SEATS else None,
        "sequences": canonical_sequences(_sequences(values)),
    }
    try:
        deal, _ = read_declarations(declarations, tie_litige=bool(options.get("tie_litige")))
    except RuleViolation as err:
        raise _on_the_form(err) from None
    return deal


def form_from_declarations(deal: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The form values that show canonical declarations again (for editing a deal).

    The form asks no trick counts and no held points: ``tricks_won`` recorded through the
    API does not come back, and ``litige_pending`` is carried by the sheet, not typed.
    """
    return {
        "dealer": deal["dealer"] or "",
        "maker": deal["maker"],
        "trump": deal["trump"],
        "turned_suit": deal["turned_suit"] or "",
        "trump_7_exchanged": deal["trump_7_exchanged"],
        **{POINT_FIELDS[seat]: str(deal["card_points"][seat]) for seat in SEATS},
        "last_trick": deal["last_trick"],
        "bella": deal["bella"] or NOBODY,
        **{SEQUENCE_FIELDS[seat]: f" {SEQUENCE_SEPARATOR} ".join(
            " ".join(run["cards"]) for run in deal["sequences"] if run["seat"] == seat) for seat in SEATS},
    }
