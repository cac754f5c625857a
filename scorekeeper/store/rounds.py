"""A round's evening: its clock, the tables the organiser closed (each closing kept in its
match's history, :mod:`.events`), and a tournament's evening settings (a round's time, what the
wall shows). The rules are :mod:`scorekeeper.evening`'s; here they are only kept."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from ..evening import ROUND_MINUTES, Clock, WallChoice
from .db import write_transaction
from .events import Actor, log_event

DRAW = -1  # a closed table's result given as a draw


@dataclass(frozen=True, slots=True)
class Closure:
    """A table the organiser closed: when, why, the deals it counts (those recorded when it was
    closed: a deal recorded after changes nothing), and the result given (a side's index,
    ``DRAW``, or None: scored as it stood)."""

    at: str
    reason: str
    deals: int
    winner: int | None


@dataclass(frozen=True, slots=True)
class EveningSettings:
    """A tournament's round time (minutes) and what its wall shows."""

    round_minutes: int = ROUND_MINUTES
    wall: WallChoice = WallChoice()


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _text(time: datetime | None) -> str | None:
    return None if time is None else time.isoformat(timespec="seconds")


def get_clock(db: Database, round_id: int) -> Clock:
    """The round's clock (a clock not started when it never was)."""
    row = db.execute("select started, seconds, paused_at, paused_for from round_clocks where round_id = ?",
                     [round_id]).fetchone()
    return Clock() if row is None else clock_of(*row)


def clock_of(started: str | None, seconds: int, paused_at: str | None, paused_for: int) -> Clock:
    """A round's clock as its row holds it (not started, 0 and 0: a clock never started)."""
    return Clock(_time(started), seconds, _time(paused_at), paused_for)


def set_clock(db: Database, round_id: int, change: Callable[[Clock], Clock]) -> Clock:
    """Change the round's clock inside the write lock: ``change`` is given the clock as stored and
    answers the new one (or raises RuleViolation: nothing is written)."""
    with write_transaction(db):
        clock = change(get_clock(db, round_id))
        db.table("round_clocks").upsert(
            {"round_id": round_id, "started": _text(clock.started), "seconds": clock.seconds,
             "paused_at": _text(clock.paused_at), "paused_for": clock.paused_for}, pk="round_id")
        return clock


def list_closures(db: Database, table_ids: Sequence[int]) -> dict[int, Closure]:
    """The closed tables among ``table_ids``, by table id."""
    marks = ", ".join("?" * len(table_ids))
    return {row[0]: Closure(*row[1:]) for row in db.execute(
        f"select table_id, at, reason, deals, winner from table_closures where table_id in ({marks})",  # noqa: S608
        list(table_ids))} if table_ids else {}


def close_tables(db: Database, closing: Sequence[tuple[int, int, int, int | None]], reason: str, at: datetime,
                 ready: Callable[[], None]) -> None:
    """Close tables (table id, its match id, its deals so far, the result given) for ``reason``, in
    one step; each closing is an event of its match's history, by the organiser.

    :param ready: called inside the write lock; raises RuleViolation when the round may not be closed
    """
    with write_transaction(db):
        ready()
        for table_id, match_id, deals, winner in closing:
            insert_closure(db, table_id, match_id, Closure(_text(at) or "", reason, deals, winner))


def insert_closure(db: Database, table_id: int, match_id: int, closed: Closure, *, with_event: bool = True) -> None:
    """Keep a table's closing and (``with_event``) its event, inside the caller's write transaction."""
    db.table("table_closures").insert({"table_id": table_id, "at": closed.at, "reason": closed.reason,
                                       "deals": closed.deals, "winner": closed.winner})
    if with_event:
        log_event(db, match_id, None, closed.deals, "close", Actor("organiser"), None,
                  {"reason": closed.reason, "winner": closed.winner})


def get_evening_settings(db: Database, tournament_id: int) -> EveningSettings:
    row = db.execute("select round_minutes, wall_standings, wall_hold, wall_published from evening_settings"
                     " where tournament_id = ?", [tournament_id]).fetchone()
    if row is None:
        return EveningSettings()
    return EveningSettings(row[0], WallChoice(bool(row[1]), bool(row[2]), row[3]))


def set_evening_settings(db: Database, tournament_id: int, settings: EveningSettings) -> None:
    with write_transaction(db):
        db.table("evening_settings").upsert(
            {"tournament_id": tournament_id, "round_minutes": settings.round_minutes,
             "wall_standings": int(settings.wall.standings), "wall_hold": int(settings.wall.hold),
             "wall_published": settings.wall.published}, pk="tournament_id")


def last_events(db: Database, match_ids: Sequence[int]) -> dict[int, int]:
    """Each match's latest event's id, by match id (none: no event yet), a seek in the events' index
    for each: events are only ever appended (a match's go when it goes), so a match's events are
    those they were while its latest is (their times need not be read again: :func:`event_times`)."""
    return {row[0]: row[1] for row in db.execute(
        "select value, (select max(id) from deal_events where match_id = value) from json_each(?)",
        [json.dumps(list(match_ids))]) if row[1] is not None}


Event = tuple[int, int, str]  # an event as read (:func:`last_event`, :func:`events_from`): id, match, time


def last_event(db: Database) -> Event | None:
    """The latest event logged (None: none yet), where :func:`events_from` reads on from."""
    return db.execute("select id, match_id, at from deal_events order by id desc limit 1").fetchone()


def events_from(db: Database, event: Event) -> list[Event]:
    """The events logged from ``event`` on, in the order logged, a range of ids (events are appended in
    the write lock, each with the next id): ``event`` first, unless it is no longer there as it was read (a
    casual match deleted with the latest events, whose ids the next are given again)."""
    return db.execute("select id, match_id, at from deal_events where id >= ? order by id",
                      [event[0]]).fetchall()


def event_times(db: Database, event_ids: Sequence[int]) -> dict[int, str]:
    """When each of the events ``event_ids`` was logged, by event id, each found by its id: a match's
    latest event (:func:`last_events`) says when its deals last changed (events are appended in the
    write lock, each at its time), and no more of its events need be read (the latest of each match's
    events by time, grouped, was 22k instructions a match, desk24)."""
    return {row[0]: row[1] for row in db.execute(
        "select id, at from deal_events where id in (select value from json_each(?))",
        [json.dumps(list(event_ids))])} if event_ids else {}
