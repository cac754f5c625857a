"""A match's changes in words: who made each, when, and what the deal said before and after
(the history of :mod:`.history`, of a deal on its own page, of a table in the tournament's
booklet), and as plain data (the API, the tournament's export)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from flask_babel import format_datetime, gettext as _

from .. import store
from ..games.base import GameRules


def event_json(event: store.Event) -> dict[str, Any]:
    """One change of a deal as plain data (the API's history, a tournament's export)."""
    return {"at": event.at, "by": {"kind": event.by.kind, "label": event.by.label}, "action": event.action,
            "deal_id": event.deal_id, "seq": event.seq, "before": event.before, "after": event.after}


def who(actor: store.Actor) -> str:
    """Who made a change, in words."""
    if actor.kind == "organiser":
        return _("the organiser")
    if actor.kind == "table":
        return _("table %(number)s's phone", number=actor.label)
    if actor.kind in ("phone", "api") and actor.label:
        return _("“%(label)s”", label=actor.label)
    return {"phone": _("a phone"), "api": _("an API client")}.get(actor.kind, _("someone"))


def said(rules: GameRules, options: Mapping[str, Any], declarations: Mapping[str, Any] | None) -> str:
    """A deal's declarations in a few words: its contract and each side's score, as if it were
    the only deal of a sheet (what it carried from the deals before it is left out)."""
    if declarations is None:
        return ""
    scored = rules.score_sheet([declarations], options).rows[0].scored
    sides = ", ".join(f"{rules.side_label(side)} {points}" for side, points in scored.score.items())
    return f"{scored.summary.render(_)}: {sides}"


def in_words(rules: GameRules, match: store.Match, event: store.Event) -> str:
    """One change, as a line of the history ("21:14, table 3's phone: deal 2: ... → ...")."""
    params: dict[str, Any] = {"at": format_datetime(datetime.fromisoformat(event.at), "short"),
                              "who": who(event.by), "n": event.seq}
    if event.action == "close":  # the organiser closed the table (store/rounds.py)
        return _("%(at)s, %(who)s: table closed after %(n)d deals: %(reason)s", **params,
                 reason=(event.after or {}).get("reason", ""))
    if event.deal_id is None:  # the deal in play: its tricks so far are no deal to describe yet
        if event.action == "edit":
            return _("%(at)s, %(who)s: deal %(n)d in play: a trick taken back", **params)
        return _("%(at)s, %(who)s: deal %(n)d in play given up", **params)
    params |= {"before": said(rules, match.options, event.before),
               "after": said(rules, match.options, event.after)}
    return {"create": _("%(at)s, %(who)s: deal %(n)d recorded: %(after)s", **params),
            "edit": _("%(at)s, %(who)s: deal %(n)d changed: %(before)s → %(after)s", **params),
            "delete": _("%(at)s, %(who)s: deal %(n)d deleted: %(before)s", **params),
            "restore": _("%(at)s, %(who)s: deal %(n)d restored: %(after)s", **params)}[event.action]


def history_lines(rules: GameRules, match: store.Match,
                  events: Sequence[store.Event]) -> list[dict[str, Any]]:
    """The events in words, each with the deal it may restore (a deal whose last event deleted it)."""
    last = {event.deal_id: event.id for event in events}
    return [{"text": in_words(rules, match, event),
             "restore": event.deal_id if event.action == "delete" and event.deal_id is not None
             and last[event.deal_id] == event.id else None}
            for event in events]
