"""A match's changes in words: who made each, when, and what the deal said before and after
(the history of :mod:`.history`, of a deal on its own page, of a table in the tournament's
booklet), and as plain data (the API, the tournament's export); a tournament table's sign-offs
(:mod:`.signoffs`: confirmed, disputed, validated, dropped by a change) in their place among them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, TypeAlias

from flask_babel import format_datetime, gettext as _

from .. import store
from ..games.base import GameRules
from .forms import seat_text


def event_json(event: store.Event) -> dict[str, Any]:
    """One change of a deal as plain data (the API's history, a tournament's export)."""
    return {"at": event.at, "by": {"kind": event.by.kind, "label": event.by.label}, "action": event.action,
            "deal_id": event.deal_id, "seq": event.seq, "before": event.before, "after": event.after}


def signoff_json(signoff: store.Signoff) -> dict[str, Any]:
    """One sign-off of the sheet as plain data, in the history's shape (no deal: ``deal_id``,
    ``seq``, ``before`` and ``after`` null) with who confirmed (``side``, ``seat``, ``name``) or
    the dispute's line (``text``)."""
    return {"at": signoff.at, "by": {"kind": signoff.by.kind, "label": signoff.by.label}, "action": signoff.action,
            "deal_id": None, "seq": None, "before": None, "after": None, "side": signoff.side, "seat": signoff.seat,
            "name": signoff.name, "text": signoff.text}


Change: TypeAlias = "store.Event | store.Signoff"


def in_order(events: Sequence[store.Event], signoffs: Sequence[store.Signoff]) -> list[Change]:
    """The changes of the deals and the sign-offs of the sheet as one history, oldest first: a
    sign-off after the change of a deal it followed (``after_event``)."""
    merged: list[Change] = []
    later = iter(signoffs)
    waiting = next(later, None)
    for event in events:
        while waiting is not None and waiting.after_event < event.id:
            merged.append(waiting)
            waiting = next(later, None)
        merged.append(event)
    while waiting is not None:
        merged.append(waiting)
        waiting = next(later, None)
    return merged


def change_json(change: Change) -> dict[str, Any]:
    """A change of the history as plain data (the API, the tournament's export)."""
    return signoff_json(change) if isinstance(change, store.Signoff) else event_json(change)


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


def signoff_words(rules: GameRules, signoff: store.Signoff) -> str:
    """One sign-off, as a line of the history ("21:40, table 3's phone: N Ann confirmed the sheet for N–S")."""
    params: dict[str, Any] = {"at": format_datetime(datetime.fromisoformat(signoff.at), "short"),
                              "who": who(signoff.by)}
    if signoff.action == "confirm":
        return _("%(at)s, %(who)s: %(seat)s %(name)s confirmed the sheet for %(side)s", **params,
                 seat=seat_text(signoff.seat), name=signoff.name, side=seat_text(rules.side_label(signoff.side)))
    return {"dispute": _("%(at)s, %(who)s: the sheet disputed: “%(text)s”", **params, text=signoff.text),
            "validate": _("%(at)s, %(who)s: the sheet validated: its result counts", **params),
            "unconfirm": _("%(at)s, %(who)s: the sheet changed: its confirmations are dropped", **params)
            }[signoff.action]


def in_words(rules: GameRules, match: store.Match, event: store.Event) -> str:
    """One change, as a line of the history ("21:14, table 3's phone: deal 2: ... → ...")."""
    params: dict[str, Any] = {"at": format_datetime(datetime.fromisoformat(event.at), "short"),
                              "who": who(event.by), "n": event.seq}
    if event.action == "rename":
        return _("%(at)s, %(who)s: %(changes)s", changes=renamed(event.before or {}, event.after or {}), **params)
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


def renamed(before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """What a ``rename`` event changed, in words: the match's title, a seat's name."""
    changes = [_("match renamed: “%(before)s” → “%(after)s”", before=before["title"], after=after["title"])
               ] if before["title"] != after["title"] else []
    changes += [_("%(seat)s renamed: %(before)s → %(after)s", seat=seat_text(seat), before=before["players"][seat],
                  after=name) for seat, name in after["players"].items() if before["players"].get(seat) != name]
    return "; ".join(changes)


def history_lines(rules: GameRules, match: store.Match, events: Sequence[store.Event],
                  signoffs: Sequence[store.Signoff] = ()) -> list[dict[str, Any]]:
    """The events in words, each with the deal it may restore (a deal whose last event deleted it),
    and the sheet's ``signoffs`` in their place."""
    last = {event.deal_id: event.id for event in events}
    return [{"text": signoff_words(rules, change), "restore": None} if isinstance(change, store.Signoff) else
            {"text": in_words(rules, match, change),
             "restore": change.deal_id if change.action == "delete" and change.deal_id is not None
             and last[change.deal_id] == change.id else None}
            for change in in_order(events, signoffs)]
