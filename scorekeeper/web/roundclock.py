"""A round's clock as a page shows it: on a tournament table's phone (its sheet and deal form)
and on the wall. The phases are :mod:`scorekeeper.evening`'s; the countdown ticks in
``static/js/clock.js`` from the end time given here, and the page says that time without it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from flask_babel import format_time

from .. import evening, store
from ..games.base import GameRules
from . import access
from .sheets import stored_sheet


@dataclass(frozen=True, slots=True)
class ClockView:
    """What a page shows of a round's clock: its round, its phase, when time is up (running) and
    the seconds left (paused; a running clock's are counted by the page's script). Hashable: a
    kept sheet page is found by it, and it changes only a few times a round."""

    round: int
    phase: str
    ends: datetime | None
    left: int | None

    @property
    def said(self) -> str:
        """The phase in words (untranslated: the template translates)."""
        return evening.CLOCK_PHASES[self.phase]

    @property
    def last_said(self) -> str:
        """What the page's script says once the countdown reaches zero."""
        return evening.CLOCK_PHASES[evening.LAST_DEAL]

    @property
    def ends_ms(self) -> int | None:
        """The end time for the page's script: milliseconds since the epoch."""
        return None if self.ends is None else int(self.ends.timestamp() * 1000)


def now() -> datetime:
    return datetime.now(UTC)


def clock_view(number: int, clock: evening.Clock, at: datetime, *, phase: str | None = None) -> ClockView:
    """The clock of round ``number`` at ``at`` (``phase``: a table's own, when it has one)."""
    shown = phase or evening.clock_phase(clock, at)
    left = evening.remaining(clock, at)
    return ClockView(number, shown, evening.ends_at(clock),
                     max(int(left), 0) if shown == evening.PAUSED and left is not None else None)


def table_clock(match: store.Match, rules: GameRules) -> ClockView | None:
    """The clock a tournament table's phone shows (None: a casual match, or a round whose clock
    never started): over once its match ended, it was closed, or its last deal was recorded
    (after time was up). Its deals are read only when this worker has not seen the match's stamp
    yet (:func:`.sheets.stored_sheet`); its clock and its closing read once a request
    (:func:`.access.table_now`)."""
    table = access.table_of(match.id)
    if table is None:
        return None
    standing = access.table_now(table)
    clock = standing.clock
    if clock.started is None:
        return None
    at = now()
    stored = stored_sheet(store.get_db(), match, rules)
    done = stored.sheet.result is not None or standing.closed
    phase = evening.table_phase(clock, at, done=done, deal_times=[stored.last_at] if stored.last_at else [])
    return clock_view(table.round_number, clock, at, phase=phase)


def clock_time(at: datetime) -> str:
    """When a round's time is up, as the reader's language writes a time of day (``21:45``)."""
    return format_time(at, "short")
