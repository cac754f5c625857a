"""The database itself: one connection per worker thread, the write transaction every writer
goes through, the schema's migrations, and the errors every part of the store raises.

One connection per worker thread, kept for the life of the thread (PLATFORM.md: a
connection per request was several times slower). Every write runs in a
``BEGIN IMMEDIATE`` transaction (a deferred ``BEGIN`` that reads first fails under load),
and the app's writers queue for it on a file lock beside the database (see
:func:`write_transaction`).
"""

from __future__ import annotations

import fcntl
import itertools
import os
import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from flask import current_app
from sqlite_utils import Database

from ..migrations import migrations

BUSY_TIMEOUT_MS = 5000
CHECKPOINT_EVERY = 64  # a process's writes between the checkpoints it runs after its lock (write_transaction)
WAL_BACKSTOP_PAGES = 8000  # SQLite's own checkpoint, inside a commit, only when the log is this far behind
MAX_ID = 2**63 - 1  # SQLite's largest INTEGER; a larger id in a URL names nothing
_local = threading.local()


class Conflict(Exception):
    """Someone else changed the match or the deal since the form was drawn."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"changed meanwhile (now version {current_version})")
        self.current_version = current_version


class NotFound(Exception):
    """No such match or deal."""


class Store(Database):
    """A connection (sqlite-utils' :class:`Database`) and this connection's hold on the
    database's writer lock: a file beside it (``<database>-writer``), locked with ``flock``
    around every write transaction."""

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        super().__init__(conn)
        # flock needs no write access: whoever may read the database may queue to write it
        self.writer_lock = os.open(f"{path}-writer", os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o600)
        _OPEN.add(self)

    def query(self, sql: str, params: Any = None) -> Iterator[dict[str, Any]]:  # type: ignore[override]
        """The rows of a read, as dicts. sqlite-utils wraps each query in a savepoint (two more
        statements: a third of a page's round trips) to undo a statement that returns no rows;
        a ``select`` returns rows and writes nothing, so it runs as it is."""
        if sql.lstrip()[:6].lower() != "select":
            return super().query(sql, params)
        cursor = self.execute(sql, params)
        names = [column[0] for column in cursor.description]
        return (dict(zip(names, row, strict=True)) for row in cursor)

    def close(self) -> None:
        super().close()
        _OPEN.discard(self)
        if self.writer_lock >= 0:
            os.close(self.writer_lock)


_OPEN: weakref.WeakSet[Store] = weakref.WeakSet()


def _let_go_after_fork() -> None:
    """In a forked child: drop the parent's writer-lock files. A flock belongs to the open file,
    which the child shares: were the parent killed inside a write, a child left running (a PDF
    worker) would hold the lock for every writer. A connection must not cross a fork anyway."""
    for db in list(_OPEN):
        os.close(db.writer_lock)
        db.writer_lock = -1  # a write through it fails (EBADF) rather than lock some other file
    _OPEN.clear()


os.register_at_fork(after_in_child=_let_go_after_fork)


def connect(path: str) -> Store:
    """Open a connection with the pragmas every connection needs."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=True)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_BACKSTOP_PAGES}")
    return Store(conn, path)


def get_db() -> Store:
    """This thread's connection to the app's database, opened on first use. (The app's config read
    through the object ``current_app`` stands for, not the proxy's look-up: about 6,000 instructions a
    call, each request's reads ask once or more.)"""
    path = current_app._get_current_object().config["DATABASE"]
    connections: dict[str, Store] = _local.__dict__.setdefault("connections", {})
    if path not in connections:
        connections[path] = connect(path)
    return connections[path]


def init_db(path: str) -> list[str]:
    """Create or migrate the database; WAL mode is set once and persists in the file.

    :return: the names of the migrations applied now
    """
    os.close(os.open(path, os.O_RDONLY | os.O_CREAT, 0o600))
    os.chmod(path, 0o600)  # the server's user alone (SQLite gives its -wal and -shm files the same)
    db = connect(path)
    try:
        db.enable_wal()
        pending = [m.name for m in migrations.pending(db)]
        migrations.apply(db)
        return pending
    finally:
        db.close()


def close_thread_connections() -> None:
    """Close this thread's connections (tests, and the end of a CLI command)."""
    for db in _local.__dict__.pop("connections", {}).values():
        db.close()


@contextmanager
def write_transaction(db: Store) -> Iterator[Store]:
    """Take the write lock first; atomic()'s deferred BEGIN fails under load.

    The app's writers (every thread of every worker) first queue on the database's writer
    lock (:class:`Store`), which the kernel hands on the moment it is let go: SQLite's own
    busy handler lets a writer that finds the database locked sleep 1, 2, 5, 10... ms between
    tries, long after the lock was free (a deal POST's p99 at 16 clients: 87-142 ms without
    the queue, 55-64 ms with it). A writer the lock does not cover (the ``sqlite3`` shell, a
    connection opened otherwise) still meets ``BEGIN IMMEDIATE`` and the busy timeout.

    Every CHECKPOINT_EVERY writes of a process, the write-ahead log is copied back into the
    database (a passive checkpoint, the only fsync of WAL at ``synchronous = NORMAL``) after the
    lock is let go. SQLite's own checkpoint runs inside the commit that fills the log, so every
    writer queued behind it waited for its fsync: a deal writes 7-8 pages, one in about 125
    deals (deal POST at 64 clients, the lead's pairs of 2026-11-27: 236 and 217 -> 253 and 267
    requests/s, p99 422 and 448 -> 384 and 364 ms). Its own is put off to WAL_BACKSTOP_PAGES, for
    writers that never come here.
    """
    fcntl.flock(db.writer_lock, fcntl.LOCK_EX)
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.rollback()
            raise
        db.commit()
    finally:
        fcntl.flock(db.writer_lock, fcntl.LOCK_UN)
    if next(_WRITES) % CHECKPOINT_EVERY == 0:
        db.execute("PRAGMA wal_checkpoint(PASSIVE)")


_WRITES = itertools.count(1)


def now() -> str:
    """The time a row is written: UTC, to the second, ISO 8601."""
    return datetime.now(UTC).isoformat(timespec="seconds")
