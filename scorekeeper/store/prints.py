"""Booklets printed in the background (scorekeeper.web.booklet): what each prints and how far it got."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
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
    pid: int | None = None  # the printing process, once it has started
    process: str | None = None  # the token on its command line, if not this job's (next_waiting_print_job)


def create_print_job(db: Database, *, token: str, kind: str, params: Mapping[str, Any], language: str,
                     total: int, most: int, printing: Callable[[PrintJob], bool] = lambda job: True,
                     alone: bool = False) -> PrintJob:
    """Queue a booklet of ``total`` parts, unless ``most`` are being printed already (queued or
    running, and ``printing``: their process is still at work). With ``alone``, a job of a kind printed
    one at a time: while one of its kind is printing, it is ``waiting`` for that one's process (not
    counted as printing; :func:`next_waiting_print_job`).

    :raise RuleViolation: the printer is busy
    """
    with write_transaction(db):
        unfinished = [_job(row) for row in db.query("select * from print_jobs where status in ('queued', 'running')")]
        busy = [job for job in unfinished if printing(job)]
        waiting = alone and any(job.kind == kind for job in busy)
        if len(busy) >= most and not waiting:
            raise RuleViolation(N_("%(count)d booklets are being printed already: try again in a minute"),
                                count=len(busy))
        stamp = now()
        db.table("print_jobs").insert({"token": token, "kind": kind, "params": json.dumps(dict(params)),
                                       "language": language, "total": total, "created": stamp, "updated": stamp,
                                       "status": "waiting" if waiting else "queued"})
    return get_print_job(db, token)


def next_waiting_print_job(db: Database, finished: str, *, kind: str, pid: int, process: str) -> PrintJob | None:
    """The job ``finished`` done (unless it failed), and in the same transaction the oldest job of ``kind``
    waiting for the process printing that kind (:func:`create_print_job`'s ``alone``) taken by that
    process (``pid``, known by ``process``, the token on its command line): now ``running``; None if none
    waits. A job queued while this one was printing waited for it, one queued after finds no process
    printing its kind: none is left waiting with no process to take it."""
    with write_transaction(db):
        stamp = now()
        db.execute("update print_jobs set status = 'done', updated = ? where token = ? and status = 'running'",
                   [stamp, finished])
        rows = list(db.query("select token from print_jobs where kind = ? and status = 'waiting' order by id limit 1",
                             [kind]))
        if not rows:
            return None
        db.execute("update print_jobs set status = 'running', done = 0, updated = ?, pid = ?, process = ? "
                   "where token = ?", [stamp, pid, process, rows[0]["token"]])
    return get_print_job(db, rows[0]["token"])


def remove_print_jobs(db: Database, *, before: str) -> None:
    """Forget the booklets asked for before ``before`` (their files are the caller's)."""
    with write_transaction(db):
        db.execute("delete from print_jobs where created < ?", [before])


def _job(row: Mapping[str, Any]) -> PrintJob:
    return PrintJob(**{**row, "params": json.loads(row["params"])})


def get_print_job(db: Database, token: str) -> PrintJob:
    """:raise NotFound: no booklet under that token"""
    rows = list(db.query("select * from print_jobs where token = ?", [token]))
    if not rows:
        raise NotFound(token)
    return _job(rows[0])


def update_print_job(db: Database, token: str, *, status: str, done: int | None = None, error: str = "",
                     pid: int | None = None) -> None:
    """Say how far the booklet has got (``done`` parts), or that it is finished or failed; the
    printing process says its ``pid`` when it starts."""
    with write_transaction(db):
        db.execute("update print_jobs set status = ?, done = coalesce(?, done), error = ?, updated = ?, "
                   "pid = coalesce(?, pid) where token = ?", [status, done, error, now(), pid, token])
