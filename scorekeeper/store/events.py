"""Every change of a deal (and of a casual match's names), kept for good (DESIGN.md principle 5): who, when, the declarations
before and after. An event is appended by the write it records, inside that write's
transaction, so there is never a change without its event nor an event without its change.
A change of a deal also drops the sign-offs standing on the sheet (:mod:`.signoffs`), in the same
transaction.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from .db import now

ACTIONS = ("create", "edit", "delete", "restore", "rename", "close")
"""What an event records: a change of a deal, or (``rename``: no deal, ``before`` and ``after`` the
match's ``title`` and ``players``) of the match's title or of a player's name, or (``close``) the
organiser closing a tournament's table (store/rounds.py)."""


@dataclass(frozen=True, slots=True)
class Actor:
    """Who made a change: the ``kind`` of hand (``organiser``, ``table``, ``phone``, ``api``,
    ``unknown``) and its ``label`` (a table's number, the short name a phone chose; may be empty)."""

    kind: str
    label: str = ""


UNKNOWN = Actor("unknown")


@dataclass(frozen=True, slots=True)
class Event:
    """One change of one deal: ``before`` and ``after`` are its declarations (None: it did not
    exist then); ``seq`` its place on the sheet. ``deal_id`` None: the deal in play, not yet on
    the sheet (Quinto's live mode)."""

    id: int
    match_id: int
    deal_id: int | None
    seq: int
    action: str
    at: str
    by: Actor
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None


def log_event(db: Database, match_id: int, deal_id: int | None, seq: int, action: str, by: Actor,
              before: Mapping[str, Any] | None, after: Mapping[str, Any] | None, at: str | None = None, *,
              standing: bool | None = None) -> None:
    """Append one event, inside the caller's write transaction (``at``: now, unless an imported
    history says when it happened; ``standing``: see :func:`drop_signoffs`)."""
    db.execute(
        "insert into deal_events (match_id, deal_id, seq, action, at, by_kind, by_label, before, after)"
        " values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [match_id, deal_id, seq, action, at or now(), by.kind, by.label,
         None if before is None else json.dumps(dict(before)),
         None if after is None else json.dumps(dict(after))])
    if deal_id is not None:  # the sheet changed (the deal in play is not on it yet)
        drop_signoffs(db, match_id, by, standing)


STANDING = ("match_id = ? and id > coalesce((select max(id) from signoffs where match_id = ?"
            " and action = 'unconfirm'), 0)")
"""The sign-offs standing on a match's sheet: those since it last changed (a SQL condition, the
match id given twice)."""


def drop_signoffs(db: Database, match_id: int, by: Actor, standing: bool | None = None) -> None:
    """The sheet changed: the sign-offs standing on it, if any, are dropped (an ``unconfirm`` by
    whoever changed it), inside the caller's write transaction. ``standing``: whether any stand,
    if the caller has read it in this transaction (None: read here)."""
    if standing is None:
        standing = db.execute(f"select 1 from signoffs where {STANDING} limit 1", [match_id, match_id]).fetchone() \
            is not None
    if standing:
        append_signoff(db, match_id, "unconfirm", by)


def append_signoff(db: Database, match_id: int, action: str, by: Actor, side: str = "", seat: str = "",
                   name: str = "", text: str = "") -> None:
    """Append one sign-off of the match's sheet (:mod:`.signoffs`), inside the caller's write
    transaction, placed after the match's last change of a deal."""
    db.execute("insert into signoffs (match_id, action, at, by_kind, by_label, side, seat, name, text, after_event)"
               " values (?, ?, ?, ?, ?, ?, ?, ?, ?,"
               " coalesce((select max(id) from deal_events where match_id = ?), 0))",
               [match_id, action, now(), by.kind, by.label, side, seat, name, text, match_id])


def list_events(db: Database, match_id: int) -> list[Event]:
    """The match's events, oldest first."""
    return [Event(*row[:6], Actor(row[6], row[7]),
                  *(None if text is None else json.loads(text) for text in row[8:]))
            for row in db.execute(
                "select id, match_id, deal_id, seq, action, at, by_kind, by_label, before, after"
                " from deal_events where match_id = ? order by id", [match_id])]
