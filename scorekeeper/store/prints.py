"""Booklets printed in the background (scorekeeper.booklet): what each prints and how far it got."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from .db import NotFound, now, write_transaction

@dataclass(frozen=True, slots=True)
class PrintJob:
    """A booklet being printed by its own process: ``done`` of ``total`` parts rendered."""

    id: int
    token: str
    kind: str
    params: Mapping[str, Any]
    language: str
    status: str  # queued, running, done, failed
    done: int
    total: int
    error: str
    created: str
    updated: str


def create_print_job(db: Database, *, token: str, kind: str, params: Mapping[str, Any], language: str,
                     total: int, most: int, alive_since: str) -> PrintJob:
    """Queue a booklet of ``total`` parts, unless ``most`` are printing already (queued or running,
    and heard of since ``alive_since``).

    :raise RuleViolation: the printer is busy
    """
    with write_transaction(db):
        busy = db.execute("select count(*) from print_jobs where status in ('queued', 'running') and updated >= ?",
                          [alive_since]).fetchone()[0]
        if busy >= most:
            raise RuleViolation(N_("%(count)d booklets are being printed already: try again in a minute"),
                                count=busy)
        stamp = now()
        db.table("print_jobs").insert({"token": token, "kind": kind, "params": json.dumps(dict(params)),
                                       "language": language, "total": total, "created": stamp, "updated": stamp})
    return get_print_job(db, token)


def get_print_job(db: Database, token: str) -> PrintJob:
    """:raise NotFound: no booklet under that token"""
    rows = list(db.query("select * from print_jobs where token = ?", [token]))
    if not rows:
        raise NotFound(token)
    row = rows[0]
    return PrintJob(**{**row, "params": json.loads(row["params"])})


def update_print_job(db: Database, token: str, *, status: str, done: int | None = None, error: str = "") -> None:
    """Say how far the booklet has got (``done`` parts), or that it is finished or failed."""
    with write_transaction(db):
        db.execute("update print_jobs set status = ?, done = coalesce(?, done), error = ?, updated = ? "
                   "where token = ?", [status, done, error, now(), token])
