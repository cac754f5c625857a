"""The only code that touches the database (sqlite-utils over SQLite in WAL mode).

One connection per worker thread, kept for the life of the thread (PLATFORM.md: a
connection per request was several times slower). Every write runs in a
``BEGIN IMMEDIATE`` transaction (a deferred ``BEGIN`` that reads first fails under load).
Rows come back as plain frozen dataclasses.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import current_app
from sqlite_utils import Database

from .errors import N_, RuleViolation
from .migrations import migrations

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


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as the table declared it (the score is always derived)."""

    id: int
    match_id: int
    seq: int
    declarations: Mapping[str, Any]
    created: str
    version: int
    stored: str = ""  # the declarations as the row holds them (JSON): a cache key needs no re-encoding


def connect(path: str) -> Database:
    """Open a connection with the pragmas every connection needs."""
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=True)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = NORMAL")
    return Database(conn)


def get_db() -> Database:
    """This thread's connection to the app's database, opened on first use."""
    path = current_app.config["DATABASE"]
    connections: dict[str, Database] = _local.__dict__.setdefault("connections", {})
    if path not in connections:
        connections[path] = connect(path)
    return connections[path]


def init_db(path: str) -> list[str]:
    """Create or migrate the database; WAL mode is set once and persists in the file.

    :return: the names of the migrations applied now
    """
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
def write_transaction(db: Database) -> Iterator[Database]:
    """Take the write lock first; atomic()'s deferred BEGIN fails under load."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    db.commit()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _match(row: Mapping[str, Any]) -> Match:
    return Match(id=row["id"], game=row["game"], title=row["title"] or "",
                 players=json.loads(row["players"]), first_dealer=row["first_dealer"],
                 options=json.loads(row["options"]), notes=row["notes"] or "",
                 created=row["created"], version=row["version"], deal_limit=row["deal_limit"])


def _deal(row: Mapping[str, Any]) -> Deal:
    return Deal(id=row["id"], match_id=row["match_id"], seq=row["seq"],
                declarations=json.loads(row["declarations"]), created=row["created"],
                version=row["version"], stored=row["declarations"])


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


def delete_match(db: Database, match_id: int) -> None:
    """Remove a match and its deals."""
    with write_transaction(db):
        get_match(db, match_id)
        if table_of_match(db, match_id) is not None:
            raise RuleViolation(N_("This match is a tournament's table: it cannot be deleted"))
        db.execute("delete from live_deals where match_id = ?", [match_id])
        db.execute("delete from deals where match_id = ?", [match_id])
        db.execute("delete from matches where id = ?", [match_id])


# -- deals -----------------------------------------------------------------------------

def list_deals(db: Database, match_id: int) -> list[Deal]:
    """The match's deals in playing order."""
    return [_deal(r) for r in db.query(
        "select * from deals where match_id = ? order by seq", [match_id])]


def get_deal(db: Database, match_id: int, deal_id: int) -> Deal:
    """:raise NotFound: no such deal in this match"""
    if not (0 < deal_id <= MAX_ID and 0 < match_id <= MAX_ID):
        raise NotFound(deal_id)
    rows = list(db.query("select * from deals where id = ? and match_id = ?", [deal_id, match_id]))
    if not rows:
        raise NotFound(deal_id)
    return _deal(rows[0])


Guard = Callable[[Match, Sequence[Deal]], None]
"""Called inside the write lock with the match and its deals; raises to refuse the write."""


def _bump(db: Database, match: Match, version: int | None) -> None:
    if version is not None and version != match.version:
        raise Conflict(match.version)
    db.execute("update matches set version = version + 1 where id = ?", [match.id])


def add_deal(db: Database, match_id: int, declarations: Mapping[str, Any], *,
             version: int | None = None, nonce: str | None = None,
             guard: Guard | None = None) -> tuple[int, bool]:
    """Append a deal.

    A ``nonce`` already recorded (a double-tapped submit, a replayed API call) records
    nothing and answers the deal it recorded first.

    :param version: the match version the form was drawn from; Conflict if it changed
    :return: (deal id, whether it was recorded now)
    """
    with write_transaction(db):
        if nonce:
            seen = list(db.query("select id, match_id from deals where nonce = ?", [nonce]))
            if seen and seen[0]["match_id"] == match_id:
                return int(seen[0]["id"]), False
            if seen:
                raise Conflict(get_match(db, match_id).version)
        return _append(db, match_id, declarations, version, nonce, guard), True


def _append(db: Database, match_id: int, declarations: Mapping[str, Any], version: int | None,
            nonce: str | None, guard: Guard | None) -> int:
    """Append a deal inside the caller's write transaction; answers its id."""
    match = get_match(db, match_id)
    if guard:
        guard(match, list_deals(db, match_id))
    _bump(db, match, version)
    seq = db.execute("select coalesce(max(seq), 0) + 1 from deals where match_id = ?",
                     [match_id]).fetchone()[0]
    table = db.table("deals")
    table.insert({"match_id": match_id, "seq": seq, "declarations": json.dumps(dict(declarations)),
                  "nonce": nonce or None, "created": _now(), "updated": None, "version": 1})
    return int(table.last_pk)


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
    return Deal(deal.id, deal.match_id, deal.seq, declarations, deal.created, deal.version)


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


# -- booklets printed in the background ------------------------------------------------

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
        now = _now()
        db.table("print_jobs").insert({"token": token, "kind": kind, "params": json.dumps(dict(params)),
                                       "language": language, "total": total, "created": now, "updated": now})
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
                   "where token = ?", [status, done, error, _now(), token])


# -- the club: players, tournaments, their rounds and tables ------------------------------

@dataclass(frozen=True, slots=True)
class Player:
    """One of the club's players."""

    id: int
    name: str
    licence: str
    created: str


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament: its game and the house rules imposed on every table, its format
    (``pairs``: fixed pairs or single players, side against side; ``individual``: players
    seated four to a table with rotating partners), rounds planned, deals per round (0: each
    table plays to the game's own end), ranking rule and the seed of its draw."""

    id: int
    name: str
    game: str
    options: Mapping[str, Any]
    format: str
    rounds: int
    deals: int
    ranking: str
    seed: int
    created: str


@dataclass(frozen=True, slots=True)
class Entry:
    """A tournament's entry: a fixed pair, or a single player."""

    id: int
    tournament_id: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table of a round: its match and its sides (entries)."""

    id: int
    round_number: int
    number: int
    match_id: int
    sides: tuple[tuple[int, ...], ...]
    tournament_id: int
    token: str


@dataclass(frozen=True, slots=True)
class RoundRow:
    """A round: its number, who sat it out, and its tables in order."""

    id: int
    number: int
    byes: tuple[int, ...]
    tables: tuple[TableRow, ...]


def add_player(db: Database, name: str, licence: str = "") -> int:
    with write_transaction(db):
        table = db.table("players")
        table.insert({"name": name, "licence": licence, "created": _now()})
        return int(table.last_pk)


def update_player(db: Database, player_id: int, name: str, licence: str) -> None:
    with write_transaction(db):
        get_player(db, player_id)
        db.execute("update players set name = ?, licence = ? where id = ?", [name, licence, player_id])


def get_player(db: Database, player_id: int) -> Player:
    """:raise NotFound: no such player"""
    rows = list(db.query("select * from players where id = ?", [player_id])) if 0 < player_id <= MAX_ID else []
    if not rows:
        raise NotFound(player_id)
    return Player(**rows[0])


def list_players(db: Database) -> list[Player]:
    """The club's players by name."""
    return [Player(**row) for row in db.query("select * from players order by name collate nocase, id")]


def create_tournament(db: Database, *, name: str, game: str, options: Mapping[str, Any], format: str,
                      rounds: int, deals: int, ranking: str, seed: int) -> int:
    with write_transaction(db):
        table = db.table("tournaments")
        table.insert({"name": name, "game": game, "options": json.dumps(dict(options)), "format": format,
                      "rounds": rounds, "deals": deals, "ranking": ranking, "seed": seed, "created": _now()})
        return int(table.last_pk)


def _tournament(row: Mapping[str, Any]) -> Tournament:
    return Tournament(**{**row, "options": json.loads(row["options"])})


def get_tournament(db: Database, tournament_id: int) -> Tournament:
    """:raise NotFound: no such tournament"""
    rows = (list(db.query("select * from tournaments where id = ?", [tournament_id]))
            if 0 < tournament_id <= MAX_ID else [])
    if not rows:
        raise NotFound(tournament_id)
    return _tournament(rows[0])


def list_tournaments(db: Database) -> list[Tournament]:
    return [_tournament(row) for row in db.query("select * from tournaments order by id desc")]


def list_entries(db: Database, tournament_id: int) -> list[Entry]:
    """The entries in the order they registered."""
    return [Entry(row["id"], row["tournament_id"], tuple(json.loads(row["players"])))
            for row in db.query("select * from entries where tournament_id = ? order by id", [tournament_id])]


def add_entry(db: Database, tournament_id: int, players: Sequence[int]) -> int:
    """Register an entry before the first round is drawn.

    :raise RuleViolation: the tournament has started, or a player is already entered
    """
    with write_transaction(db):
        get_tournament(db, tournament_id)
        if list_rounds(db, tournament_id):
            raise RuleViolation(N_("The first round is drawn: no more entries can be registered"), field="players")
        entered = {p for entry in list_entries(db, tournament_id) for p in entry.players}
        for player_id in players:
            get_player(db, player_id)
            if player_id in entered:
                raise RuleViolation(N_("%(name)s is already entered"), field="players",
                                    name=get_player(db, player_id).name)
        table = db.table("entries")
        table.insert({"tournament_id": tournament_id, "players": json.dumps(list(players))})
        return int(table.last_pk)


def remove_entry(db: Database, tournament_id: int, entry_id: int) -> None:
    with write_transaction(db):
        if list_rounds(db, tournament_id):
            raise RuleViolation(N_("The first round is drawn: entries can no longer be removed"), field="entry")
        db.execute("delete from entries where id = ? and tournament_id = ?", [entry_id, tournament_id])


def _table(row: Mapping[str, Any]) -> TableRow:
    return TableRow(row["id"], row["round_number"], row["number"], row["match_id"],
                    tuple(tuple(side) for side in json.loads(row["sides"])), row["tournament_id"], row["token"])


_TABLES = ("select tables.*, rounds.number as round_number, rounds.tournament_id from tables "
           "join rounds on rounds.id = tables.round_id")


def list_rounds(db: Database, tournament_id: int) -> list[RoundRow]:
    """The rounds drawn so far, with their tables."""
    tables = [_table(row) for row in db.query(
        f"{_TABLES} where rounds.tournament_id = ? order by rounds.number, tables.number", [tournament_id])]
    return [RoundRow(row["id"], row["number"], tuple(json.loads(row["byes"])),
                     tuple(t for t in tables if t.round_number == row["number"]))
            for row in db.query("select * from rounds where tournament_id = ? order by number", [tournament_id])]


def table_of_match(db: Database, match_id: int) -> TableRow | None:
    """The tournament table a match is, or None for a casual match."""
    rows = list(db.query(f"{_TABLES} where tables.match_id = ?", [match_id]))
    return _table(rows[0]) if rows else None


NewTable = tuple[Sequence[Sequence[int]], Mapping[str, str], str, str]
"""A table to create: its sides (entry ids), its match's players by seat, its link's token and
its match's title."""


def add_round(db: Database, tournament_id: int, number: int, byes: Sequence[int], tables: Sequence[NewTable], *,
              game: str, first_dealer: str, options: Mapping[str, Any], deal_limit: int,
              ready: Callable[[], None]) -> int:
    """Draw round ``number``: every table's match is created in one transaction.

    :param ready: called inside the write lock; raises RuleViolation when the round may not be
        drawn now (the previous one is not finished, or this one exists already)
    """
    with write_transaction(db):
        ready()
        if list(db.query("select id from rounds where tournament_id = ? and number = ?", [tournament_id, number])):
            raise RuleViolation(N_("Round %(round)d is drawn already"), field="round", round=number)
        rounds = db.table("rounds")
        rounds.insert({"tournament_id": tournament_id, "number": number, "byes": json.dumps(list(byes)),
                       "created": _now()})
        round_id = int(rounds.last_pk)
        for index, (sides, players, token, title) in enumerate(tables, start=1):
            match_id = _insert_match(db, game=game, players=players, first_dealer=first_dealer, options=options,
                                     title=title, deal_limit=deal_limit)
            db.table("tables").insert({"round_id": round_id, "number": index, "match_id": match_id,
                                       "sides": json.dumps([list(side) for side in sides]),
                                       "token": token})
        return round_id


def set_table_token(db: Database, table_id: int, token: str) -> None:
    """Revoke a table's link and give it a new one."""
    with write_transaction(db):
        db.execute("update tables set token = ? where id = ?", [token, table_id])


def table_by_token(db: Database, token: str) -> TableRow | None:
    rows = list(db.query(f"{_TABLES} where tables.token = ?", [token]))
    return _table(rows[0]) if rows else None


def reseat_tables(db: Database, changes: Sequence[tuple[int, Sequence[Sequence[int]], Mapping[str, str]]],
                  ready: Callable[[], None]) -> None:
    """Give tables (by id) new sides and their matches the players seated accordingly, in one step.

    :param ready: called inside the write lock; raises RuleViolation when the tables may not change
    """
    with write_transaction(db):
        ready()
        for table_id, sides, players in changes:
            match_id = db.execute("select match_id from tables where id = ?", [table_id]).fetchone()[0]
            db.execute("update tables set sides = ? where id = ?", [json.dumps([list(x) for x in sides]), table_id])
            db.execute("update matches set players = ?, version = version + 1 where id = ?",
                       [json.dumps(dict(players)), match_id])


def get_setting(db: Database, key: str) -> str | None:
    rows = list(db.query("select value from settings where key = ?", [key]))
    return rows[0]["value"] if rows else None


def set_setting(db: Database, key: str, value: str) -> None:
    with write_transaction(db):
        db.table("settings").upsert({"key": key, "value": value}, pk="key")


def import_tournament(db: Database, record: Mapping[str, Any], new_token: Callable[[], str]) -> int:
    """Store a checked tournament record (scorekeeper.records.read) in one transaction: its
    players are matched to the club's by name and licence (or added), its ids renumbered, each
    table given a new link.

    :return: the new tournament's id
    """
    def insert(table: str, row: Mapping[str, Any]) -> int:
        inserted = db.table(table)
        inserted.insert(dict(row))
        return int(inserted.last_pk)

    with write_transaction(db):
        known = {(p.name, p.licence): p.id for p in list_players(db)}
        player_ids = {}
        for old_id, player in record["players"].items():
            key = (player["name"], player["licence"])
            if key not in known:
                known[key] = insert("players", {"name": player["name"], "licence": player["licence"],
                                                "created": _now()})
            player_ids[old_id] = known[key]
        head = record["tournament"]
        tournament_id = insert("tournaments", {**head, "options": json.dumps(dict(head["options"])), "created": _now()})
        entry_ids = {}
        for old_id, members in record["entries"].items():
            entry_ids[old_id] = insert("entries", {"tournament_id": tournament_id,
                                                   "players": json.dumps([player_ids[p] for p in members])})
        for round_ in record["rounds"]:
            round_id = insert("rounds", {"tournament_id": tournament_id, "number": round_["number"],
                                         "byes": json.dumps([entry_ids[e] for e in round_["byes"]]), "created": _now()})
            for number, table in enumerate(round_["tables"], start=1):
                match_id = _insert_match(db, game=head["game"], players=table["players"],
                                         first_dealer=table["first_dealer"], options=head["options"],
                                         title=table["title"], deal_limit=table["deal_limit"])
                for seq, declarations in enumerate(table["deals"], start=1):
                    db.table("deals").insert({"match_id": match_id, "seq": seq, "declarations": json.dumps(declarations),
                                              "nonce": None, "created": _now(), "updated": None, "version": 1})
                db.table("tables").insert({"round_id": round_id, "number": number, "match_id": match_id,
                                           "sides": json.dumps([[entry_ids[e] for e in side] for side in table["sides"]]),
                                           "token": new_token()})
        return tournament_id
