"""Irregularities on the sheet (RULES.md §8): a misdeal, a revoke and a penalty are lines of the
sheet like a deal, each with its ``kind``, scored here into a :class:`ScoredDeal` whose lines a
referee can read aloud.

A line is the declarations of a deal (``kind`` absent or ``deal``) or one of:

* ``{"kind": "misdeal", "dealer": seat}``: no score; the same dealer deals again (§8);
* ``{"kind": "revoke", "at_fault": side, **the deal's declarations}``: the deal scored by §8
  for the side at fault (the game's :meth:`GameRules.score_revoke`);
* ``{"kind": "penalty", "side": side, "points": n, "reason": text}``: ``n`` points (signed)
  added to the side's running total, never multiplied (§8).

A game that holds a litige's points (Belote, Klaberjass) keeps them held across a misdeal, a
penalty and a revoke: they go to the winner of the next deal played out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import N_, RuleViolation, Say
from ..text import clean

Scored = tuple[Mapping[str, int], tuple[Say, ...], Mapping[str, Any], Say]
"""An irregularity's score, explanation, answer and summary (``base.ScoredDeal`` with ``made`` None)."""

DEAL, MISDEAL, REVOKE, PENALTY = "deal", "misdeal", "revoke", "penalty"
KINDS = (DEAL, MISDEAL, REVOKE, PENALTY)
PENALTY_MAX = 1000  # points of one penalty, either way: more is a typing slip
REASON_MAX = 200
HELD = "litige_pending"  # what a litige game carries into every line (see GameRules.carried)

KIND_LABELS = {MISDEAL: N_("Misdeal"), REVOKE: N_("Revoke"), PENALTY: N_("Penalty")}


def kind_of(line: Mapping[str, Any]) -> str:
    """The line's kind (a deal's declarations carry none)."""
    kind = line.get("kind", DEAL)
    return kind if isinstance(kind, str) else ""


def played(line: Mapping[str, Any]) -> int:
    """1 for a line that is a deal played out (a deal, or a revoke), 0 for a misdeal or a penalty:
    what a tournament's fixed number of deals and Pandoeren's agreed deals count."""
    if type(line) is not dict and not isinstance(line, Mapping):  # (a dict: no ABC check)
        return 1
    return int(kind_of(line) in (DEAL, REVOKE))


def _fields(line: Mapping[str, Any], known: tuple[str, ...]) -> None:
    for key in line:
        if key not in known:
            raise RuleViolation(N_("“%(name)s” is not part of this line"), field=key, name=key)


def read_line(rules: Any, line: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """A sheet line checked and canonical (the form that is stored); a deal is the game's own.

    :raise RuleViolation: naming the field at fault
    """
    if not isinstance(line, Mapping):
        return rules.read_deal(line, options)
    kind = kind_of(line)
    if kind == DEAL:
        return rules.read_deal({key: value for key, value in line.items() if key != "kind"}, options)
    if kind not in rules.irregular_kinds:
        raise RuleViolation(N_("kind must be one of %(kinds)s"), field="kind",
                            kinds=", ".join((DEAL, *rules.irregular_kinds)))
    table = rules.table(options)
    if kind == MISDEAL:
        _fields(line, ("kind", "dealer", HELD))
        dealer = line.get("dealer")
        if dealer not in table.seats:
            raise RuleViolation(N_("dealer must be one of %(seats)s"), field="dealer", seats=", ".join(table.seats))
        return {"kind": MISDEAL, "dealer": dealer}
    if kind == PENALTY:
        _fields(line, ("kind", "side", "points", "reason", HELD))
        side = line.get("side")
        if side not in table.sides:
            raise RuleViolation(N_("side must be one of %(sides)s"), field="side", sides=", ".join(table.sides))
        points = line.get("points")
        if isinstance(points, bool) or not isinstance(points, int) or not 0 < abs(points) <= PENALTY_MAX:
            raise RuleViolation(N_("points must be a whole number from -%(most)d to %(most)d, not 0"),
                                field="points", most=PENALTY_MAX)
        reason = line.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise RuleViolation(N_("Say why in reason"), field="reason")
        return {"kind": PENALTY, "side": side, "points": points,
                "reason": clean(reason, "reason", most=REASON_MAX).strip()}
    at_fault = line.get("at_fault")
    if at_fault not in table.sides:
        raise RuleViolation(N_("at_fault must be one of %(sides)s"), field="at_fault",
                            sides=", ".join(table.sides))
    deal = rules.read_revoke({key: value for key, value in line.items() if key not in ("kind", "at_fault")}, options)
    return {**deal, "kind": REVOKE, "at_fault": at_fault}


def score_irregular(rules: Any, line: Mapping[str, Any], options: Mapping[str, Any]) -> Scored:
    """Score an irregularity (checking it first) by RULES.md §8 for ``rules`` (a ``GameRules``)."""
    read = read_line(rules, line, options)
    sides = rules.table(options).sides
    held = {HELD: int(line.get(HELD, 0))} if HELD in line else {}
    kind = read["kind"]
    if kind == MISDEAL:
        dealer = rules.dealer_after(read, options)
        lines = (Say(N_("Misdeal: the deal is cancelled, no score (RULES §8)")),
                 Say(N_("%(dealer)s deals again") if dealer == read["dealer"] else N_("%(dealer)s deals next"),
                     {"dealer": dealer}))
        return (dict.fromkeys(sides, 0), lines, {"kind": kind, "score": dict.fromkeys(sides, 0), **held},
                Say(N_("Misdeal by %(dealer)s"), {"dealer": read["dealer"]}))
    if kind == PENALTY:
        side, points = read["side"], read["points"]
        score = {each: points if each == side else 0 for each in sides}
        params = {"side": rules.side_label(side), "points": abs(points), "reason": read["reason"]}
        said = (Say(N_("Penalty: %(points)d points to %(side)s: %(reason)s"), params) if points > 0
                else Say(N_("Penalty: %(points)d points off %(side)s: %(reason)s"), params))
        lines = (said, Say(N_("Added to the running total where this line stands, never multiplied (RULES §8)")))
        return score, lines, {"kind": kind, "score": score, **held}, said
    revoked, lines = rules.score_revoke({key: value for key, value in read.items() if key not in ("kind", "at_fault")},
                                        read["at_fault"], options)
    score = {side: revoked[side] for side in sides}
    said = Say(N_("Revoke by %(side)s"), {"side": rules.side_label(read["at_fault"])})
    opening = Say(N_("Revoke by %(side)s: the deal is scored against them (RULES §8)"),
                  {"side": rules.side_label(read["at_fault"])})
    return score, (opening, *lines), {"kind": kind, "at_fault": read["at_fault"], "score": dict(score), **held}, said
