"""The only code that touches the database (sqlite-utils over SQLite in WAL mode): matches and
deals here, the club in :mod:`.club`, booklets being printed in :mod:`.prints`.

One connection per worker thread, kept for the life of the thread (PLATFORM.md: a
connection per request was several times slower). Every write runs in a
``BEGIN IMMEDIATE`` transaction (a deferred ``BEGIN`` that reads first fails under load),
and the app's writers queue for it on a file lock beside the database (see
:func:`write_transaction`). Rows come back as plain frozen dataclasses.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from flask import current_app
from sqlite_utils import Database

from ..errors import N_, RuleViolation
from ..migrations import migrations

BUSY_TIMEOUT_MS = 5000
MAX_ID = 2**63 - 1  # SQLite's largest INTEGER; a larger id in a URL names nothing
_local = threading.local()


class Conflict(Exception):
    """Someone else changed the match or the deal since the form was drawn."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"changed meanwhile (now version {current_version})")
        self.current_version = current_version


class NotFound(Exception):
    """No such match or deal."""


@dataclass(frozen=True, slots=True)
class Match:
    """A match: its game, seats and the options frozen when it started."""

    id: int
    game: str
    title: str
    players: Mapping[str, str]
    first_dealer: str
    options: Mapping[str, Any]
    notes: str
    created: str
    version: int
    deal_limit: int = 0  # a tournament's fixed number of deals (0: the game's own end)


@dataclass(frozen=True)
class Deal:
    """One deal as the table declared it (the score is always derived)."""

    id: int
    match_id: int
    seq: int
    stored: str  # the declarations as the row holds them (JSON): a cache key needs no more
    created: str
    version: int

    @cached_property
    def declarations(self) -> Mapping[str, Any]:
        """The declarations, read from ``stored`` when first asked for (a page kept rendered
        is found by the stored text alone)."""
        declarations: Mapping[str, Any] = json.loads(self.stored)
        return declarations


class Store(Database):
    """A connection (sqlite-utils' :class:`Database`) and this connection's hold on the
    database's writer lock: a file beside it (``<database>-writer``), locked with ``flock``
    around every write transaction."""

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        super().__init__(conn)
        # flock needs no write access: whoever may read the database may queue to write it
        self.writer_lock = os.open(f"{path}-writer", os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o600)
        _OPEN.add(self)

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
    return Store(conn, path)


def get_db() -> Store:
    """This thread's connection to the app's database, opened on first use."""
    path = current_app.config["DATABASE"]
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


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _match(row: Mapping[str, Any]) -> Match:
    return Match(id=row["id"], game=row["game"], title=row["title"] or "",
                 players=json.loads(row["players"]), first_dealer=row["first_dealer"],
                 options=json.loads(row["options"]), notes=row["notes"] or "",
                 created=row["created"], version=row["version"], deal_limit=row["deal_limit"])


_DEAL = "select id, match_id, seq, declarations, created, version from deals"  # Deal's fields, in order


# -- matches ---------------------------------------------------------------------------

def create_match(db: Database, *, game: str, players: Mapping[str, str], first_dealer: str,
                 options: Mapping[str, Any], title: str = "", notes: str = "") -> int:
    """Start a match; its options are frozen from now on."""
    with write_transaction(db):
        return _insert_match(db, game=game, players=players, first_dealer=first_dealer, options=options,
                             title=title, notes=notes)


def _insert_match(db: Database, *, game: str, players: Mapping[str, str], first_dealer: str,
                  options: Mapping[str, Any], title: str = "", notes: str = "", deal_limit: int = 0) -> int:
    """Insert a match inside the caller's write transaction; answers its id."""
    table = db.table("matches")
    table.insert({"game": game, "title": title, "players": json.dumps(dict(players)),
                  "first_dealer": first_dealer, "options": json.dumps(dict(options)),
                  "notes": notes, "created": _now(), "version": 1, "deal_limit": deal_limit})
    return int(table.last_pk)


def get_match(db: Database, match_id: int) -> Match:
    """:raise NotFound: no such match"""
    if not 0 < match_id <= MAX_ID:
        raise NotFound(match_id)
    rows = list(db.query("select * from matches where id = ?", [match_id]))
    if not rows:
        raise NotFound(match_id)
    return _match(rows[0])


def list_matches(db: Database, *, limit: int = 100) -> list[Match]:
    """The most recent casual matches first (a tournament's tables are reached through it)."""
    return [_match(r) for r in db.query(
        "select * from matches where id not in (select match_id from tables) order by id desc limit ?", [limit])]


def matches_of_player(db: Database, name: str, *, limit: int = 50) -> list[Match]:
    """The casual matches where a seat holds ``name`` exactly (newest first): casual matches
    keep names, not the club's players."""
    return [_match(r) for r in db.query(
        "select * from matches where id not in (select match_id from tables) and exists "
        "(select 1 from json_each(matches.players) where value = ?) order by id desc limit ?", [name, limit])]


def delete_match(db: Database, match_id: int) -> None:
    """Remove a match and its deals."""
    with write_transaction(db):
        get_match(db, match_id)
        if db.execute("select 1 from tables where match_id = ?", [match_id]).fetchone():
            raise RuleViolation(N_("This match is a tournament's table: it cannot be deleted"))
        db.execute("delete from live_deals where match_id = ?", [match_id])
        db.execute("delete from deals where match_id = ?", [match_id])
        db.execute("delete from matches where id = ?", [match_id])


# -- deals -----------------------------------------------------------------------------

def list_deals(db: Database, match_id: int) -> list[Deal]:
    """The match's deals in playing order."""
    return [Deal(*row) for row in db.execute(f"{_DEAL} where match_id = ? order by seq", [match_id])]


def get_deal(db: Database, match_id: int, deal_id: int) -> Deal:
    """:raise NotFound: no such deal in this match"""
    if not (0 < deal_id <= MAX_ID and 0 < match_id <= MAX_ID):
        raise NotFound(deal_id)
    row = db.execute(f"{_DEAL} where id = ? and match_id = ?", [deal_id, match_id]).fetchone()
    if row is None:
        raise NotFound(deal_id)
    return Deal(*row)


Guard = Callable[[Match, Sequence[Deal]], None]
"""Called with the match and its deals; raises to refuse the write. A new deal's guard runs
before the write lock is taken, so that the slow part of the check (scoring the sheet) is done
while other phones go on writing; inside the lock it runs again only if the match row changed
meanwhile (every change to its deals bumps its version), so the lock is held for the write alone."""


def _bump(db: Database, match: Match, version: int | None) -> None:
    """Bump the version of ``match``, read under the caller's write lock; Conflict if the form
    was drawn from another ``version``."""
    if not _bump_unchanged(db, match, version):
        raise Conflict(match.version)


def _bump_unchanged(db: Database, match: Match, version: int | None) -> bool:
    """Bump the version if the match row is still ``match`` (the version, which every change to
    the match or its deals bumps, is the same) and ``version`` is its version; else change
    nothing and answer False."""
    if version is not None and version != match.version:
        return False
    return bool(db.execute("update matches set version = version + 1 where id = ? and version = ?",
                           [match.id, match.version]).rowcount)


def add_deal(db: Database, match_id: int, declarations: Mapping[str, Any], *,
             version: int | None = None, nonce: str | None = None,
             guard: Guard | None = None,
             read: tuple[Match, Sequence[Deal]] | None = None) -> tuple[int, bool]:
    """Append a deal.

    A ``nonce`` already recorded (a double-tapped submit, a replayed API call) records
    nothing and answers the deal it recorded first.

    :param version: the match version the form was drawn from; Conflict if it changed
    :param read: the match and its deals as the caller has just read them (the page it drew):
        the guard runs on them rather than on a second reading; under the lock it runs again
        only if the match changed since
    :return: (deal id, whether it was recorded now)
    """
    checked = None  # the match row the guard passed, before the lock
    if guard:
        checked, deals = read or (get_match(db, match_id), list_deals(db, match_id))
        try:
            guard(checked, deals)
        except RuleViolation:
            if not (nonce and _nonce_seen(db, nonce)):
                raise
            checked = None  # a replay (the match may have ended with it): answered under the lock
    with write_transaction(db):
        if nonce:
            seen = _nonce_seen(db, nonce)
            if seen and seen[0]["match_id"] == match_id:
                return int(seen[0]["id"]), False
            if seen:
                raise Conflict(get_match(db, match_id).version)
        return _append(db, match_id, declarations, version, nonce, guard, checked), True


def _nonce_seen(db: Database, nonce: str) -> list[dict[str, Any]]:
    return list(db.query("select id, match_id from deals where nonce = ?", [nonce]))


def _append(db: Database, match_id: int, declarations: Mapping[str, Any], version: int | None,
            nonce: str | None, guard: Guard | None, checked: Match | None = None) -> int:
    """Append a deal inside the caller's write transaction; answers its id. The ``guard`` is not
    run again if it passed on this very match row (``checked``): no deal changed since, and the
    version is bumped from it in one statement."""
    if checked is None or not _bump_unchanged(db, checked, version):
        match = get_match(db, match_id)
        if guard and match != checked:
            guard(match, list_deals(db, match_id))
        _bump(db, match, version)
    cursor = db.execute(
        "insert into deals (match_id, seq, declarations, nonce, created, updated, version)"
        " select ?, coalesce(max(seq), 0) + 1, ?, ?, ?, null, 1 from deals where match_id = ?",
        [match_id, json.dumps(dict(declarations)), nonce or None, _now(), match_id])
    return int(cursor.lastrowid)


def update_deal(db: Database, match_id: int, deal_id: int, declarations: Mapping[str, Any], *,
                version: int | None = None, guard: Guard | None = None) -> None:
    """Replace a deal's declarations; Conflict if the deal changed since ``version``."""
    with write_transaction(db):
        deal = get_deal(db, match_id, deal_id)
        if version is not None and version != deal.version:
            raise Conflict(deal.version)
        match = get_match(db, match_id)
        if guard:
            guard(match, [d if d.id != deal_id else _replace_declarations(d, declarations)
                          for d in list_deals(db, match_id)])
        _bump(db, match, None)
        db.execute("update deals set declarations = ?, updated = ?, version = version + 1 where id = ?",
                   [json.dumps(dict(declarations)), _now(), deal_id])


def _replace_declarations(deal: Deal, declarations: Mapping[str, Any]) -> Deal:
    return Deal(deal.id, deal.match_id, deal.seq, json.dumps(dict(declarations)), deal.created, deal.version)


def delete_deal(db: Database, match_id: int, deal_id: int, *, version: int | None = None) -> None:
    """Remove one deal; every later line is re-scored from the remaining declarations."""
    with write_transaction(db):
        deal = get_deal(db, match_id, deal_id)
        if version is not None and version != deal.version:
            raise Conflict(deal.version)
        _bump(db, get_match(db, match_id), None)
        db.execute("delete from deals where id = ?", [deal_id])


def undo_last_deal(db: Database, match_id: int, *, version: int | None = None) -> int | None:
    """Take back the match's last deal, if the match is still as the phone saw it.

    :param version: the match version the sheet was drawn from; Conflict if a deal was
        recorded, edited or deleted since (so one phone never takes back another's deal)
    :return: how many deals were left before the undo, or None when there was none
    """
    with write_transaction(db):
        match = get_match(db, match_id)
        deals = list_deals(db, match_id)
        if not deals:
            return None
        _bump(db, match, version)
        db.execute("delete from deals where id = ?", [deals[-1].id])
        return len(deals)


# -- a deal recorded live, trick by trick ---------------------------------------------------

@dataclass(frozen=True, slots=True)
class LiveDeal:
    """A match's deal in play: the declarations so far (the score is always derived)."""

    match_id: int
    declarations: Mapping[str, Any]
    version: int


def get_live_deal(db: Database, match_id: int) -> LiveDeal | None:
    """The match's deal in play, or None."""
    rows = list(db.query("select * from live_deals where match_id = ?", [match_id]))
    if not rows:
        return None
    return LiveDeal(rows[0]["match_id"], json.loads(rows[0]["declarations"]), rows[0]["version"])


def _live_version(db: Database, match_id: int, version: int | None) -> None:
    """Conflict unless the deal in play is still the one at ``version`` (None: there must be none)."""
    current = get_live_deal(db, match_id)
    if (current.version if current else None) != version:
        raise Conflict(current.version if current else 0)


def put_live_deal(db: Database, match_id: int, declarations: Mapping[str, Any], *, version: int | None) -> int:
    """Start the deal in play (``version`` None) or replace it as seen at ``version``.

    :raise Conflict: another phone started or changed it meanwhile
    :return: its new version
    """
    with write_transaction(db):
        get_match(db, match_id)
        _live_version(db, match_id, version)
        db.table("live_deals").upsert({"match_id": match_id, "declarations": json.dumps(dict(declarations)),
                                       "updated": _now(), "version": (version or 0) + 1}, pk="match_id")
        return (version or 0) + 1


def delete_live_deal(db: Database, match_id: int, *, version: int) -> None:
    """Give up the deal in play, as seen at ``version``."""
    with write_transaction(db):
        _live_version(db, match_id, version)
        db.execute("delete from live_deals where match_id = ?", [match_id])


def record_live_deal(db: Database, match_id: int, declarations: Mapping[str, Any], *, version: int,
                     guard: Guard | None = None) -> int:
    """Put the deal in play (seen at ``version``) on the sheet as ``declarations``, in one step.

    :return: the new deal's id
    """
    with write_transaction(db):
        _live_version(db, match_id, version)
        deal_id = _append(db, match_id, declarations, None, None, guard)
        db.execute("delete from live_deals where match_id = ?", [match_id])
        return deal_id


from .club import (  # noqa: E402, F401  (re-exported; they use what is above)
    Player,
    Tournament,
    Entry,
    TableRow,
    RoundRow,
    NewTable,
    add_player,
    update_player,
    get_player,
    list_players,
    create_tournament,
    get_tournament,
    list_tournaments,
    list_entries,
    add_entry,
    remove_entry,
    list_rounds,
    table_of_match,
    add_round,
    set_table_token,
    table_by_token,
    reseat_tables,
    get_setting,
    set_setting,
    import_tournament,
)
from .prints import PrintJob, create_print_job, get_print_job, remove_print_jobs, update_print_job  # noqa: E402, F401
