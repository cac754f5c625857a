"""Matches and their deals, and the deal being played live (Quinto): rows in, plain frozen
dataclasses out. Every write goes through :func:`.db.write_transaction`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, make_dataclass
from functools import cached_property, lru_cache
from operator import itemgetter
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from .db import MAX_ID, Conflict, NotFound, now, write_transaction
from .events import STANDING, UNKNOWN, Actor, log_event


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
    archived: bool = False  # off the front page's list (casual matches only)
    stamp: str = ""  # drawn anew by every change of its deals or of whether one is played live (migrations.py)


@dataclass(frozen=True)
class Deal:
    """One deal as the table declared it (the score is always derived)."""

    id: int
    match_id: int
    seq: int
    stored: str  # the declarations as the row holds them (JSON): a cache key needs no more
    created: str
    version: int
    kind: str = "deal"  # RULES.md §8: deal, misdeal, revoke or penalty (the declarations' own ``kind``)

    @cached_property
    def declarations(self) -> Mapping[str, Any]:
        """The declarations, read from ``stored`` when first asked for (a page kept rendered
        is found by the stored text alone)."""
        declarations: Mapping[str, Any] = json.loads(self.stored)
        return declarations


FIRST_VERSION = 1  # a deal's version when it is added (every change adds one)


def stored_text(declarations: Mapping[str, Any]) -> str:
    """Declarations as a deal's row holds them (:attr:`Deal.stored`)."""
    return json.dumps(dict(declarations))


MATCHES_KEPT = 2048  # matches kept parsed per worker process, by their rows as read: a national final's tables

MATCH_FIELDS = ("id", "game", "title", "players", "first_dealer", "options", "notes", "created", "version",
                "deal_limit", "archived", "stamp")  # Match's fields, in order: the columns a match is made of
_MATCH_COLUMNS = itemgetter(*MATCH_FIELDS)


def _match(row: Mapping[str, Any]) -> Match:
    """The match a row holds: parsed once per worker and row as read (every column the match is made
    of, its stamp included: a row that changed in any of them is parsed afresh), as a phone
    reloading its sheet reads the same row all evening. The requests and threads share it: it is
    frozen, and its players and options are read-only mappings (a change answers TypeError)."""
    return _parsed_match(*_MATCH_COLUMNS(row))


_MADE = make_dataclass("MadeMatch", [(field.name, field.type) for field in fields(Match)],
                       slots=True, eq=False)
"""Match's fields in the same slots, not frozen: a match read is made as one, each field put in its slot, then
made a Match (``__class__``, the same slots), frozen from then on. A frozen dataclass sets each field through
``object.__setattr__``: 25k instructions a match made (by keywords) against 5k, a changed match's read at each
look of the desk and the wall (deskmatch26)."""


@lru_cache(maxsize=MATCHES_KEPT)
def _parsed_match(id: int, game: str, title: str | None, players: str, first_dealer: str, options: str,
                  notes: str | None, created: str, version: int, deal_limit: int, archived: int, stamp: str) -> Match:
    match = _MADE(id, game, title or "", _read_only(players), first_dealer, _read_only(options), notes or "",
                  created, version, deal_limit, bool(archived), stamp)
    match.__class__ = Match
    return cast(Match, match)


@lru_cache(maxsize=MATCHES_KEPT)
def _read_only(text: str) -> Mapping[str, Any]:
    """A match's players or options, parsed once per worker and text: a deal draws its match a new
    stamp (the match parsed afresh) but leaves these as they were, and a tournament's tables share
    its options' one text. Read-only, so the matches, requests and threads may share it."""
    return MappingProxyType(json.loads(text))


_DEAL = "select id, match_id, seq, declarations, created, version, kind from deals"  # Deal's fields, in order


# -- matches ---------------------------------------------------------------------------

def create_match(db: Database, *, game: str, players: Mapping[str, str], first_dealer: str,
                 options: Mapping[str, Any], title: str = "", notes: str = "") -> int:
    """Start a match; its options are frozen from now on."""
    with write_transaction(db):
        return insert_match(db, game=game, players=players, first_dealer=first_dealer, options=options,
                             title=title, notes=notes)


def insert_match(db: Database, *, game: str, players: Mapping[str, str], first_dealer: str,
                  options: Mapping[str, Any], title: str = "", notes: str = "", deal_limit: int = 0) -> int:
    """Insert a match inside the caller's write transaction; answers its id."""
    table = db.table("matches")
    table.insert({"game": game, "title": title, "players": json.dumps(dict(players)),
                  "first_dealer": first_dealer, "options": json.dumps(dict(options)),
                  "notes": notes, "created": now(), "version": 1, "deal_limit": deal_limit})
    return int(table.last_pk)


_MATCH = f"select {', '.join(MATCH_FIELDS)} from matches where id = ?"


def get_match(db: Database, match_id: int) -> Match:
    """:raise NotFound: no such match"""
    return _parsed_match(*match_row(db, _MATCH, match_id))


def match_row(db: Database, sql: str, match_id: int) -> tuple[Any, ...]:
    """The one row ``sql`` reads for the match ``match_id`` (its one parameter), as SQLite gives it: a
    tuple, its columns in the order ``sql`` names them (a phone reloading its sheet asks at every read:
    sqlite-utils' cursor and the row made a dict took 29,000 of a kept sheet GET's 993,000 instructions).

    :raise NotFound: no such match
    """
    if not 0 < match_id <= MAX_ID:
        raise NotFound(match_id)
    row: tuple[Any, ...] | None = db.conn.execute(sql, (match_id,)).fetchone()
    if row is None:
        raise NotFound(match_id)
    return row


_MATCHES = f"select {', '.join(MATCH_FIELDS)} from matches where id in (select value from json_each(?))"


def get_matches(db: Database, match_ids: Sequence[int]) -> dict[int, Match]:
    """Several matches by id in one query (a tournament's tables); an id with no match is left out.
    Its rows are read as SQLite gives them, tuples (the desk reads each changed table's match)."""
    return {row[0]: _parsed_match(*row) for row in db.conn.execute(_MATCHES, (json.dumps(list(match_ids)),))}


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
    """Remove a match, its deals and their history."""
    with write_transaction(db):
        get_match(db, match_id)
        if db.execute("select 1 from tables where match_id = ?", [match_id]).fetchone():
            raise RuleViolation(N_("This match is a tournament's table: it cannot be deleted"))
        db.execute("delete from deal_events where match_id = ?", [match_id])
        db.execute("delete from signoffs where match_id = ?", [match_id])
        db.execute("delete from live_deals where match_id = ?", [match_id])
        db.execute("delete from deals where match_id = ?", [match_id])
        db.execute("delete from match_progress where match_id = ?", [match_id])
        db.execute("delete from matches where id = ?", [match_id])


# -- deals -----------------------------------------------------------------------------

def list_deals(db: Database, match_id: int) -> list[Deal]:
    """The match's deals in playing order."""
    return [Deal(*row) for row in db.execute(f"{_DEAL} where match_id = ? order by seq", [match_id])]


def deals_of(db: Database, match_ids: Sequence[int]) -> dict[int, list[Deal]]:
    """Several matches' deals in playing order, in one statement (the tournament's tables changed
    since a look): match id -> its deals (a match with none is left out)."""
    found: dict[int, list[Deal]] = {}
    for row in db.execute(f"{_DEAL} where match_id in (select value from json_each(?)) order by match_id, seq",
                          [json.dumps(list(match_ids))]):
        found.setdefault(row[1], []).append(Deal(*row))
    return found


@lru_cache(maxsize=1)
def code() -> str:
    """The digest of this app's code (every module of the package, read once a process): a progress
    kept by other code (a rule fixed since, another release) is not read."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(f"{path.relative_to(root)}\0".encode() + path.read_bytes())
    return digest.hexdigest()


def progress_of(db: Database, matches: Sequence[Match]) -> dict[int, tuple[int, dict[str, int]]]:
    """The progress kept of each match going on (:func:`add_deal`'s ``progress``) that its stamp as
    read still says, kept by this code (:func:`code`), in one statement: match id -> its deals and its
    sides' totals (a match whose deals changed since, or with none kept, is left out: its sheet says them)."""
    stamps = {match.id: match.stamp for match in matches}
    return {match_id: (deals, json.loads(totals)) for match_id, stamp, deals, totals in db.execute(
        "select match_id, stamp, deals, totals from match_progress where code = ?"
        " and match_id in (select value from json_each(?))", [code(), json.dumps(list(stamps))])
        if stamps[match_id] == stamp}


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
             read: tuple[Match, Sequence[Deal]] | None = None, by: Actor = UNKNOWN,
             stamped: Callable[[tuple[str, str]], None] | None = None,
             progress: tuple[int, Mapping[str, int]] | None = None) -> tuple[int, bool]:
    """Append a deal (and its ``create`` event, ``by`` whom).

    A ``nonce`` already recorded (a double-tapped submit, a replayed API call) records
    nothing and answers the deal it recorded first.

    :param version: the match version the form was drawn from; Conflict if it changed
    :param read: the match and its deals as the caller has just read them (the page it drew):
        the guard runs on them rather than on a second reading; under the lock it runs again
        only if the match changed since
    :param stamped: called inside the write transaction with the match's stamp after the deal and
        its latest deal's time (:func:`.db.now`'s text), when the deal went in on the match as the
        guard passed it (unchanged since): that stamp says the deals the guard was given and the new
        one after them
    :param progress: the match's deals and its sides' totals with this deal after them, the match
        still going on, as the caller scored them: kept under that same stamp and this code's digest
        (:func:`progress_of`), when ``stamped`` would be called
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
    kept_by = code() if progress else None  # (before the lock: a process's first reads the package's files)
    with write_transaction(db):
        standing = None if checked is None else _bump_new(db, checked, version, nonce)
        if standing is not None:  # the match as the guard passed it, and no replay: the deal goes in
            deal_id = insert_deal(db, match_id, declarations, by, nonce, standing=standing)
            if progress:
                db.execute("insert or replace into match_progress select id, stamp, ?, ?, ? from matches"
                           " where id = ?", [kept_by, progress[0], json.dumps(dict(progress[1])), match_id])
            if stamped:
                stamped(db.execute("select stamp, (select max(created) from deals where match_id = matches.id)"
                                   " from matches where id = ?", [match_id]).fetchone())
            return deal_id, True
        if nonce:
            seen = _nonce_seen(db, nonce)
            if seen and seen[0]["match_id"] == match_id:
                return int(seen[0]["id"]), False
            if seen:
                raise Conflict(get_match(db, match_id).version)
        return _append(db, match_id, declarations, version, nonce, guard, by, checked), True


def _bump_new(db: Database, match: Match, version: int | None, nonce: str | None) -> bool | None:
    """:func:`_bump_unchanged` for a new deal, in one statement under the write lock: bump the
    version if the match row is still ``match``, ``version`` is its version and no deal has
    ``nonce`` yet (not a replay), and answer whether sign-offs stand on its sheet (the deal drops
    them: :func:`.events.drop_signoffs`); None, changing nothing, otherwise."""
    if version is not None and version != match.version:
        return None
    row = db.execute("update matches set version = version + 1 where id = ? and version = ?"
                     " and not exists (select 1 from deals where nonce = ?)"
                     f" returning exists (select 1 from signoffs where {STANDING})",
                     [match.id, match.version, nonce, match.id, match.id]).fetchone()
    return None if row is None else bool(row[0])


def _nonce_seen(db: Database, nonce: str) -> list[dict[str, Any]]:
    return list(db.query("select id, match_id from deals where nonce = ?", [nonce]))


def _append(db: Database, match_id: int, declarations: Mapping[str, Any], version: int | None,
            nonce: str | None, guard: Guard | None, by: Actor, checked: Match | None = None) -> int:
    """Append a deal and its event inside the caller's write transaction (:func:`insert_deal`);
    answers its id. The ``guard`` is not run again if it passed on this very match row
    (``checked``): no deal changed since, and the version is bumped from it in one statement."""
    if checked is None or not _bump_unchanged(db, checked, version):
        match = get_match(db, match_id)
        if guard and match != checked:
            guard(match, list_deals(db, match_id))
        _bump(db, match, version)
    return insert_deal(db, match_id, declarations, by, nonce)


def insert_deal(db: Database, match_id: int, declarations: Mapping[str, Any], by: Actor,
                nonce: str | None = None, *, standing: bool | None = None) -> int:
    """Put a deal after the match's last one and log its ``create`` event, inside the caller's
    write transaction; answers its id, one no deal ever had (a deleted deal's may be given back
    to it by :func:`.history.restore_deal`). ``standing``: whether sign-offs stand on the sheet,
    if the caller has read it under the lock (None: read here)."""
    stored = stored_text(declarations)
    deal_id, seq = db.execute(
        "insert into deals (id, match_id, seq, declarations, nonce, created, updated, version)"
        " select max(coalesce((select max(id) from deals), 0),"
        " coalesce((select max(deal_id) from deal_events), 0)) + 1,"
        " ?, coalesce(max(seq), 0) + 1, ?, ?, ?, null, ? from deals where match_id = ? returning id, seq",
        [match_id, stored, nonce or None, now(), FIRST_VERSION, match_id]).fetchone()
    log_event(db, match_id, deal_id, seq, "create", by, None, declarations,  # (written as the row's text)
              standing=standing)
    return int(deal_id)


def update_deal(db: Database, match_id: int, deal_id: int, declarations: Mapping[str, Any], *,
                version: int | None = None, guard: Guard | None = None, by: Actor = UNKNOWN) -> None:
    """Replace a deal's declarations (its ``edit`` event ``by`` whom); Conflict if the deal changed
    since ``version``."""
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
                   [stored_text(declarations), now(), deal_id])
        log_event(db, match_id, deal_id, deal.seq, "edit", by, deal.declarations, declarations)


def _replace_declarations(deal: Deal, declarations: Mapping[str, Any]) -> Deal:
    return Deal(deal.id, deal.match_id, deal.seq, stored_text(declarations), deal.created, deal.version,
                str(declarations.get("kind", "deal")))


def delete_deal(db: Database, match_id: int, deal_id: int, *, version: int | None = None,
                by: Actor = UNKNOWN) -> None:
    """Remove one deal (its ``delete`` event ``by`` whom keeps it); every later line is re-scored
    from the remaining declarations."""
    with write_transaction(db):
        deal = get_deal(db, match_id, deal_id)
        if version is not None and version != deal.version:
            raise Conflict(deal.version)
        _bump(db, get_match(db, match_id), None)
        remove_deal(db, deal, by)


def remove_deal(db: Database, deal: Deal, by: Actor) -> None:
    """Delete ``deal`` and log it, inside the caller's write transaction (the match's version
    bumped by the caller)."""
    db.execute("delete from deals where id = ?", [deal.id])
    log_event(db, deal.match_id, deal.id, deal.seq, "delete", by, deal.declarations, None)


def undo_last_deal(db: Database, match_id: int, *, version: int | None = None,
                   by: Actor = UNKNOWN) -> int | None:
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
        remove_deal(db, deals[-1], by)
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


def has_live_deal(db: Database, match_id: int) -> bool:
    """Is a deal of the match in play? (:func:`get_live_deal` without reading it.)"""
    return db.execute("select 1 from live_deals where match_id = ?", [match_id]).fetchone() is not None


def _live_version(db: Database, match_id: int, version: int | None) -> LiveDeal | None:
    """Conflict unless the deal in play is still the one at ``version`` (None: there must be none);
    answers it."""
    current = get_live_deal(db, match_id)
    if (current.version if current else None) != version:
        raise Conflict(current.version if current else 0)
    return current


def _log_live(db: Database, match_id: int, action: str, by: Actor, before: Mapping[str, Any],
              after: Mapping[str, Any] | None) -> None:
    """An event of the deal in play: no deal id yet, its place the next on the sheet."""
    seq = db.execute("select coalesce(max(seq), 0) + 1 from deals where match_id = ?",
                     [match_id]).fetchone()[0]
    log_event(db, match_id, None, seq, action, by, before, after)


def put_live_deal(db: Database, match_id: int, declarations: Mapping[str, Any], *, version: int | None,
                  taken_back_by: Actor | None = None) -> int:
    """Start the deal in play (``version`` None) or replace it as seen at ``version``.

    :param taken_back_by: who took a trick back (an ``edit`` event of the deal in play); None: a
        trick played, which the deal's ``create`` event keeps once it goes on the sheet

    :raise Conflict: another phone started or changed it meanwhile
    :return: its new version
    """
    with write_transaction(db):
        get_match(db, match_id)
        before = _live_version(db, match_id, version)
        if taken_back_by is not None and before is not None:
            _log_live(db, match_id, "edit", taken_back_by, before.declarations, declarations)
        db.table("live_deals").upsert({"match_id": match_id, "declarations": json.dumps(dict(declarations)),
                                       "updated": now(), "version": (version or 0) + 1}, pk="match_id")
        return (version or 0) + 1


def delete_live_deal(db: Database, match_id: int, *, version: int, by: Actor = UNKNOWN) -> None:
    """Give up the deal in play, as seen at ``version`` (a ``delete`` event ``by`` whom keeps it)."""
    with write_transaction(db):
        given_up = _live_version(db, match_id, version)
        if given_up is not None:
            _log_live(db, match_id, "delete", by, given_up.declarations, None)
        db.execute("delete from live_deals where match_id = ?", [match_id])


def record_live_deal(db: Database, match_id: int, declarations: Mapping[str, Any], *, version: int,
                     guard: Guard | None = None, by: Actor = UNKNOWN) -> int:
    """Put the deal in play (seen at ``version``) on the sheet as ``declarations``, in one step.

    :return: the new deal's id
    """
    with write_transaction(db):
        _live_version(db, match_id, version)
        deal_id = _append(db, match_id, declarations, None, None, guard, by)
        db.execute("delete from live_deals where match_id = ?", [match_id])
        return deal_id
