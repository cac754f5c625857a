"""The Quinto deal-entry form: one phone screen, filled in after the deal.

It asks the dealer, the doubling (and, optionally, the four calls that gave it), each team's
quints in play order with their trick numbers (``3: 5H; 7: AD 4D``), the tricks each team
won, who won the last trick and the quints in the cachette. These functions turn that into
the RULES.md §6 declarations and back; every refusal names a *form* field (what
``read_declarations`` refuses is moved onto the field that holds the value at fault).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...cards import display_key
from ...errors import N_, RuleViolation
from ..base import DealField, Options
from .cards import CALLS, MULTIPLIERS, QUINT_CARDS, SEATS, TEAM_LABELS, TEAMS, TRICKS, shown
from .deal import canonical, read_declarations

QUINT_FIELDS = {team: f"quints_{team}" for team in TEAMS}
TRICK_FIELDS = {team: f"tricks_{team}" for team in TEAMS}
CALL_FIELDS = tuple(f"call_{position}" for position in range(1, len(SEATS) + 1))
QUINT_LABELS = {"A": N_("Quints won by N–S"), "B": N_("Quints won by E–W")}
TRICK_LABELS = {"A": N_("Tricks won by N–S"), "B": N_("Tricks won by E–W")}
CALL_LABELS = (N_("Call 1 (dealer's left)"), N_("Call 2"), N_("Call 3"), N_("Call 4 (dealer)"))
GROUP_SEPARATORS = re.compile(r"[;\n]+")
GROUP_SEPARATOR = ";"
QUINT_DECK = tuple((str(card), str(card)) for card in sorted(QUINT_CARDS, key=display_key))
"""The 21 cards that can make a quint, for the card picker."""


def doubling(options: Options, group: str) -> DealField:
    """The deal's doubling (RULES §5.2), named as the table calls a redouble (option ``redouble_name``)."""
    redoubled = N_("Quaddoubled (×4)") if options.get("redouble_name") == "quaddouble" else N_("Redoubled (×4)")
    return DealField("multiplier", "choice", N_("Doubling"), group, default="none",
                     choices=(("none", N_("No double")), ("double", N_("Doubled (×2)")), ("redouble", redoubled)))


def deal_fields(options: Options) -> tuple[DealField, ...]:
    """Dealer and doubling, each team's quints, the tricks, the last trick and the cachette."""
    redouble = N_("Quaddouble") if options.get("redouble_name") == "quaddouble" else N_("Redouble")
    calls = (("", "—"), ("pass", N_("Pass")), ("double", N_("Double")), ("redouble", redouble))
    return (
        DealField("dealer", "seat", N_("Dealer"), "doubling", help=N_("The calls start on the dealer's left")),
        doubling(options, "doubling"),
        *(DealField(name, "choice", label, "doubling", required=False, default="", choices=calls,
                    help=N_("Optional: the calls once around from the dealer's left, checked against the doubling"))
          for name, label in zip(CALL_FIELDS, CALL_LABELS, strict=True)),
        *(DealField(QUINT_FIELDS[team], "cards", QUINT_LABELS[team], "quints", required=False, choices=QUINT_DECK,
                    help=N_("In play order, each trick's number and its quint cards: 3: 5H; 7: AD 4D"),
                    grouped="numbered")
          for team in TEAMS),
        *(DealField(TRICK_FIELDS[team], "int", TRICK_LABELS[team], "tricks", required=False, minimum=0,
                    maximum=TRICKS, help=N_("Every trick won, quint tricks included; leave both empty when the game "
                                            "was won during play"))
          for team in TEAMS),
        DealField("last_trick_winner", "team", N_("Last trick"), "tricks", required=False,
                  help=N_("The team that won the 12th trick also takes the cachette")),
        DealField("cachette", "cards", N_("Quints in the cachette"), "tricks", required=False, choices=QUINT_DECK,
                  help=N_("The quint cards among the cachette's 5 cards, such as 2C 3C")),
    )


def _text(values: Mapping[str, Any], name: str) -> str:
    value = values.get(name)
    return value.strip() if isinstance(value, str) else ""


def _calls(values: Mapping[str, Any]) -> list[str] | None:
    texts = [_text(values, name).lower() for name in CALL_FIELDS]
    if not any(texts):
        return None
    for name, text in zip(CALL_FIELDS, texts, strict=True):
        if text not in CALLS:
            raise RuleViolation(N_("Give all four calls (pass, double or redouble), or none"), field=name)
    return texts


def _dealing(values: Mapping[str, Any]) -> tuple[str, str]:
    """The dealer and the multiplier picked on the form."""
    dealer = _text(values, "dealer")
    if dealer not in SEATS:
        raise RuleViolation(N_("Pick the dealer"), field="dealer")
    multiplier = _text(values, "multiplier") or "none"
    if multiplier not in MULTIPLIERS:
        raise RuleViolation(N_("Pick the doubling: none, doubled or redoubled"), field="multiplier")
    return dealer, multiplier


def _quint_tricks(values: Mapping[str, Any], team: str) -> list[dict[str, Any]]:
    """``3: 5H; 7: AD 4D`` as quint tricks of ``team``."""
    field, tricks = QUINT_FIELDS[team], []
    for group in GROUP_SEPARATORS.split(_text(values, field)):
        if not group.strip():
            continue
        head, colon, rest = group.partition(":")
        if not colon:
            head, _, rest = group.strip().partition(" ")
        number = head.strip().lstrip("#")
        if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= TRICKS:
            raise RuleViolation(N_("Start each trick with its number from 1 to %(tricks)d, as in “3: 5H; 7: AD 4D”; "
                                   "got “%(value)s”"), field=field, tricks=TRICKS, value=shown(group.strip()))
        if not rest.strip():
            raise RuleViolation(N_("Trick %(trick)d: which quint cards did it hold?"), field=field, trick=int(number))
        tricks.append({"trick_no": int(number), "winner": team, "quints": rest.strip()})
    return tricks


def _tricks(values: Mapping[str, Any], team: str, quint_tricks: int) -> int | None:
    """The team's plain tricks: the tricks typed minus its quint tricks (None when left empty)."""
    field, text = TRICK_FIELDS[team], _text(values, TRICK_FIELDS[team])
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or int(text) > TRICKS:
        raise RuleViolation(N_("Tricks won must be a number from 0 to %(tricks)d; got “%(value)s”"), field=field,
                            tricks=TRICKS, value=shown(text))
    if int(text) < quint_tricks:
        raise RuleViolation(N_("%(team)s won %(quints)d tricks with quints, so at least %(quints)d tricks"),
                            field=field, team=TEAM_LABELS[team], quints=quint_tricks)
    return int(text) - quint_tricks


def on_the_form(err: RuleViolation) -> RuleViolation:
    """The same refusal, named after the form field that holds the value at fault."""
    team = err.params.get("team")
    team = team if team in TEAMS else TEAMS[0]
    position = err.params.get("position")
    call = CALL_FIELDS[position - 1] if isinstance(position, int) and 1 <= position <= len(CALL_FIELDS) \
        else CALL_FIELDS[-1]
    fields = {"quint_tricks": QUINT_FIELDS[team], "plain_tricks_won": TRICK_FIELDS[team], "calls": call}
    if err.field not in fields:
        return err
    return RuleViolation(err.template, field=fields[err.field], **err.params)


def declarations_from_form(values: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The RULES.md §6 declarations of a filled form, checked and canonical.

    :raise RuleViolation: naming the form field at fault
    """
    dealer, multiplier = _dealing(values)
    last = _text(values, "last_trick_winner")
    if last and last not in TEAMS:
        raise RuleViolation(N_("Say which team won the last trick"), field="last_trick_winner")
    quint_tricks = [trick for team in TEAMS for trick in _quint_tricks(values, team)]
    plain = {team: _tricks(values, team, sum(trick["winner"] == team for trick in quint_tricks)) for team in TEAMS}
    declarations = {
        "dealer": dealer,
        "calls": _calls(values),
        "multiplier": multiplier,
        "quint_tricks": quint_tricks,
        "plain_tricks_won": {team: count for team, count in plain.items() if count is not None} or None,
        "last_trick_winner": last or None,
        "cachette": _text(values, "cachette") or None,
    }
    try:
        return canonical(read_declarations(declarations))
    except RuleViolation as err:
        raise on_the_form(err) from None


def form_from_declarations(deal: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The form values that show canonical declarations again (for editing a deal).

    ``totals_before`` is not asked: the sheet carries it from the earlier deals.
    """
    calls = deal["calls"] or [""] * len(CALL_FIELDS)
    return {
        "dealer": deal["dealer"] or "",
        "multiplier": deal["multiplier"],
        **dict(zip(CALL_FIELDS, calls, strict=True)),
        **{QUINT_FIELDS[team]: f"{GROUP_SEPARATOR} ".join(
            f"{trick['trick_no']}: {' '.join(trick['quints'])}" for trick in deal["quint_tricks"]
            if trick["winner"] == team) for team in TEAMS},
        **{TRICK_FIELDS[team]: str(deal["plain_tricks_won"][team]
                                   + sum(trick["winner"] == team for trick in deal["quint_tricks"]))
           for team in TEAMS},
        "last_trick_winner": deal["last_trick_winner"] or "",
        "cachette": " ".join(deal["cachette"]),
    }


def revoke_from_live(live: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The revoke form's values for the deal being played live: its dealer, doubling, quints and
    tricks so far (the trick counts only once all 12 are played: a shorter record is one that
    stopped at its last quint trick, and a revoke counts every trick value whoever won them)."""
    deal = read_declarations(live, in_play=True)
    values = form_from_declarations(canonical(deal), options)
    if deal.recorded < TRICKS:
        values.update(dict.fromkeys(TRICK_FIELDS.values(), ""))
    return values


# -- live mode: a deal recorded trick by trick --------------------------------------------------------



def live_fields(options: Options) -> tuple[DealField, ...]:
    """Starting a deal in live mode: the dealer and the doubling (the after-the-deal form's first group)."""
    return tuple(spec for spec in deal_fields(options) if spec.group == "doubling")


def trick_fields(trick_no: int) -> tuple[DealField, ...]:
    """One trick in live mode: the team that won it and the quint cards it held; with the 12th
    trick, the cachette's quint cards too (RULES.md §5.3, §7 item 15)."""
    fields = (
        DealField("winner", "team", N_("Won by"), "trick"),
        DealField("quints", "cards", N_("Quint cards in the trick"), "trick", required=False, choices=QUINT_DECK,
                  help=N_("The joker, a 5, or A + 4 or 2 + 3 of one suit; leave empty when there are none")),
    )
    if trick_no < TRICKS:
        return fields
    return (*fields, DealField("cachette", "cards", N_("Quint cards in the cachette"), "trick", required=False,
                               choices=QUINT_DECK,
                               help=N_("The last trick takes the cachette: its quints score now, before the trick "
                                       "points")))


def live_from_form(values: Mapping[str, Any]) -> dict[str, Any]:
    """A deal starting in live mode: its dealer and doubling, no trick yet (refusals name the form field)."""
    dealer, multiplier = _dealing(values)
    declarations = {"dealer": dealer, "calls": _calls(values), "multiplier": multiplier, "tricks": []}
    try:
        read_declarations(declarations, in_play=True)
    except RuleViolation as err:
        raise on_the_form(err) from None
    return declarations


def trick_from_form(values: Mapping[str, Any], live: Mapping[str, Any]) -> dict[str, Any]:
    """The live declarations with one more trick (and, with the 12th, the cachette); the cards are
    checked against the quints and against every card declared before (refusals name the form field)."""
    winner = _text(values, "winner")
    if winner not in TEAMS:
        raise RuleViolation(N_("Which team won the trick?"), field="winner")
    tricks = list(live.get("tricks") or [])
    if len(tricks) >= TRICKS:
        raise RuleViolation(N_("All %(tricks)d tricks are recorded: undo the last one to change it"),
                            field="winner", tricks=TRICKS)
    trick: dict[str, Any] = {"winner": winner}
    if _text(values, "quints"):
        trick["quints"] = _text(values, "quints")
    declarations = {**live, "tricks": [*tricks, trick]}
    if len(tricks) + 1 == TRICKS and _text(values, "cachette"):
        declarations["cachette"] = _text(values, "cachette")
    try:
        read_declarations(declarations, in_play=True)
    except RuleViolation as err:
        field = err.field if err.field == "cachette" else "quints" if err.params.get("trick") else "winner"
        raise RuleViolation(err.template, field=field, **err.params) from None
    return declarations
