"""Every change of a deal, kept for good (DESIGN.md principle 5): who, when, the declarations
before and after. An event is appended by the write it records, inside that write's
transaction, so there is never a change without its event nor an event without its change.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from .db import now

ACTIONS = ("create", "edit", "delete", "restore")


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
              before: Mapping[str, Any] | None, after: Mapping[str, Any] | None, at: str | None = None) -> None:
    """Append one event, inside the caller's write transaction (``at``: now, unless an imported
    history says when it happened)."""
    db.execute(
        "insert into deal_events (match_id, deal_id, seq, action, at, by_kind, by_label, before, after)"
        " values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [match_id, deal_id, seq, action, at or now(), by.kind, by.label,
         None if before is None else json.dumps(dict(before)),
         None if after is None else json.dumps(dict(after))])


def list_events(db: Database, match_id: int) -> list[Event]:
    """The match's events, oldest first."""
    return [Event(*row[:6], Actor(row[6], row[7]),
                  *(None if text is None else json.loads(text) for text in row[8:]))
            for row in db.execute(
                "select id, match_id, deal_id, seq, action, at, by_kind, by_label, before, after"
                " from deal_events where match_id = ? order by id", [match_id])]
