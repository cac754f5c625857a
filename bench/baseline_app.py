"""The bench's baseline: a bare Flask endpoint that reads and writes one SQLite row.

Same settings as the app's store (PLATFORM.md): WAL, one connection kept per worker thread,
``busy_timeout``, ``synchronous = NORMAL``, the write in ``BEGIN IMMEDIATE``. No forms,
no templates, no engine: what any Flask + SQLite app pays for one write on this machine.

``SCOREKEEPER_BASELINE_DATABASE`` names the database file; :func:`init_db` creates it.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask

BUSY_TIMEOUT_MS = 5000
_local = threading.local()

app = Flask(__name__)


def init_db(path: str) -> None:
    """One table with one row, in WAL mode (run once, before the server forks); and the floor's
    table of deals."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE IF NOT EXISTS counter (id INTEGER PRIMARY KEY, hits INTEGER NOT NULL)")
        conn.execute("INSERT OR IGNORE INTO counter (id, hits) VALUES (1, 0)")
        conn.execute("CREATE TABLE IF NOT EXISTS deals (id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL, "
                     "declarations TEXT NOT NULL)")  # bench/floor_app.py's
        # bench/floor_app.py's ``recorded`` floor: a match's version, a deal's nonce, its event
        conn.execute("CREATE TABLE IF NOT EXISTS recorded_matches (id INTEGER PRIMARY KEY, "
                     "version INTEGER NOT NULL)")
        conn.execute("INSERT OR IGNORE INTO recorded_matches (id, version) WITH RECURSIVE n(i) AS "
                     "(SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999) SELECT i, 1 FROM n")
        conn.execute("CREATE TABLE IF NOT EXISTS recorded_deals (id INTEGER PRIMARY KEY, "
                     "match_id INTEGER NOT NULL, declarations TEXT NOT NULL, nonce TEXT UNIQUE)")
        conn.execute("CREATE TABLE IF NOT EXISTS recorded_events (id INTEGER PRIMARY KEY, "
                     "match_id INTEGER NOT NULL, deal_id INTEGER NOT NULL, at TEXT NOT NULL, after TEXT NOT NULL)")
        conn.commit()
    finally:
        conn.close()


def _db() -> sqlite3.Connection:
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(os.environ["SCOREKEEPER_BASELINE_DATABASE"], timeout=BUSY_TIMEOUT_MS / 1000,
                               isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA synchronous = NORMAL")
        _local.conn = conn
    return conn


@contextmanager
def writing() -> Iterator[sqlite3.Connection]:
    """This thread's connection in a ``BEGIN IMMEDIATE`` transaction, committed at the end
    (rolled back on an error)."""
    conn = _db()
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


@app.route("/row", methods=("GET", "POST"))
def row() -> str:
    """Read the row, write it back incremented, answer the value."""
    with writing() as conn:
        (hits,) = conn.execute("SELECT hits FROM counter WHERE id = 1").fetchone()
        conn.execute("UPDATE counter SET hits = ? WHERE id = 1", (hits + 1,))
    return str(hits + 1)
