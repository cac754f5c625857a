"""Casual matches kept in order by their players: renamed, a name put right (an event of the
history), archived and back, a rematch, and the list of them a page at a time. A tournament's
tables are the organiser's: every write here refuses them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from .db import write_transaction
from .events import UNKNOWN, Actor, log_event
from .matches import Match, _match, get_match, insert_match

CASUAL = "id not in (select match_id from tables)"


@dataclass(frozen=True, slots=True)
class MatchPage:
    """One page of matches, newest first, and the ids the pages either side start from (None:
    no such page): keyset paging, so a page costs the same however far back it lies."""

    matches: list[Match]
    newer: int | None  # the newer page: the matches after this id
    older: int | None  # the older page: the matches before this id


def page_of_matches(db: Database, *, archived: bool = False, size: int = 30,
                    before: int | None = None, after: int | None = None) -> MatchPage:
    """The casual matches (``archived`` or not), ``size`` of them newest first: the newest, or
    those just older than id ``before``, or just newer than id ``after``."""
    where = f"{CASUAL} and archived = ?"
    params: list[Any] = [int(archived)]
    if after is not None:
        rows = list(db.query(f"select * from matches where {where} and id > ? order by id limit ?",
                             [*params, after, size + 1]))
        more_newer = len(rows) > size
        found = [_match(row) for row in reversed(rows[:size])]
    else:
        bound = "" if before is None else " and id < ?"
        rows = list(db.query(f"select * from matches where {where}{bound} order by id desc limit ?",
                             [*params, *([] if before is None else [before]), size + 1]))
        more_newer = before is not None and _any(db, f"{where} and id >= ?", [*params, before])
        found = [_match(row) for row in rows[:size]]
    if not found:
        return MatchPage([], None, None)
    more_older = _any(db, f"{where} and id < ?", [*params, found[-1].id])
    return MatchPage(found, found[0].id if more_newer else None, found[-1].id if more_older else None)


def _any(db: Database, where: str, params: list[Any]) -> bool:
    return db.execute(f"select 1 from matches where {where} limit 1", params).fetchone() is not None


def _casual(db: Database, match_id: int) -> Match:
    """The match, inside the caller's transaction.

    :raise NotFound: no such match
    :raise RuleViolation: a tournament's table
    """
    match = get_match(db, match_id)
    if db.execute("select 1 from tables where match_id = ?", [match_id]).fetchone():
        raise RuleViolation(N_("This match is a tournament's table: only the organiser changes it"))
    return match


def rename_match(db: Database, match_id: int, *, title: str, players: Mapping[str, str],
                 by: Actor = UNKNOWN) -> bool:
    """Give the match another ``title`` or its seats other names (the same seats); the change is
    a ``rename`` event of its history. Answers whether anything changed."""
    with write_transaction(db):
        match = _casual(db, match_id)
        if set(players) != set(match.players):
            raise RuleViolation(N_("The match keeps its seats: only their names change"), field="players")
        before = {"title": match.title, "players": dict(match.players)}
        after = {"title": title, "players": {seat: players[seat] for seat in match.players}}
        if after == before:
            return False
        db.execute("update matches set title = ?, players = ?, version = version + 1 where id = ?",
                   [title, json.dumps(after["players"]), match_id])
        log_event(db, match_id, None, 0, "rename", by, before, after)
        return True


def archive_match(db: Database, match_id: int, archived: bool = True) -> None:
    """Put the match in the archived list (``archived``) or back in the front page's."""
    with write_transaction(db):
        _casual(db, match_id)
        db.execute("update matches set archived = ? where id = ?", [int(archived), match_id])


def rematch(db: Database, match_id: int, *, first_dealer: str) -> int:
    """A new match of the same game, players, title and house rules, dealt first by
    ``first_dealer``; answers its id."""
    with write_transaction(db):
        match = _casual(db, match_id)
        return insert_match(db, game=match.game, players=match.players, first_dealer=first_dealer,
                            options=match.options, title=match.title, notes=match.notes)
