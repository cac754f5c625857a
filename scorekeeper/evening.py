"""The evening's rules, pure (no Flask, no database; DESIGN.md principle 8): the club's roster
(how names sort, when two names are the same player's, reading a pasted list of players) and
the door (when an entry may join, who is drawn in a round, how a late entry's missed rounds
count, when a round may be drawn), the round's clock, closing a round and what the wall may
show. The pairings themselves are :mod:`scorekeeper.pairings`.
"""

from __future__ import annotations

import functools
import re
import statistics
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Protocol

from .errors import N_, RuleViolation
from .text import LICENCE_MAX, NAME_MAX

MOST_PASTED = 500  # players in one pasted list


@functools.cache
def _collator():  # type: ignore[no-untyped-def]
    import pyuca  # the Unicode Collation Algorithm's default table (1 s to load: once a process)

    return pyuca.Collator()


@functools.lru_cache(maxsize=8192)
def name_key(name: str) -> tuple[tuple[int, ...], str]:
    """How names sort for the club: accented letters with their letter ("Élodie" before "Henri"),
    case second (the Unicode Collation Algorithm), the name itself to settle the rest.

    >>> sorted(["Henri", "Élodie", "emma", "Zoé", "Ödön", "edgar"], key=name_key)
    ['edgar', 'Élodie', 'emma', 'Henri', 'Ödön', 'Zoé']
    """
    return tuple(_collator().sort_key(name)), name


def same_name(one: str, other: str) -> bool:
    """Whether two names are written alike but for case and Unicode form (a duplicate's sign).

    >>> same_name("Élodie Durand", "élodie  durand"), same_name("Elodie", "Élodie")
    (True, False)
    """
    def folded(name: str) -> str:
        return " ".join(unicodedata.normalize("NFC", name).casefold().split())
    return folded(one) == folded(other)


SEPARATOR = re.compile(r"\t|;|,")


def read_player_list(text: str) -> list[tuple[str, str]]:
    """A pasted list of players: one a line, the name and optionally the licence number after a
    tab, a semicolon or a comma (a spreadsheet's column copied, or a CSV file's lines); blank
    lines skipped, and a first line ``name;licence`` taken as a heading.

    >>> read_player_list("Name;Licence\\nÉlodie Durand;12345\\n\\n  Henri Martin  \\n")
    [('Élodie Durand', '12345'), ('Henri Martin', '')]

    :raise RuleViolation: (field ``players``) a line too long or with more than two columns,
        a list with no name, or more than :data:`MOST_PASTED` lines
    """
    rows: list[tuple[str, str]] = []
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and [cell.strip().casefold() for cell in SEPARATOR.split(lines[0])][0] in ("name", "nom", "naam", "名前"):
        lines = lines[1:]
    if len(lines) > MOST_PASTED:
        raise RuleViolation(N_("At most %(most)d players at once; got %(count)d lines"), field="players",
                            most=MOST_PASTED, count=len(lines))
    for number, line in enumerate(lines, start=1):
        cells = [cell.strip() for cell in SEPARATOR.split(line)]
        if len(cells) > 2 or not cells[0]:
            raise RuleViolation(N_("Line %(line)d: give a name, and a licence number after a semicolon if there "
                                   "is one; got “%(text)s”"), field="players", line=number, text=line.strip()[:80])
        name, licence = cells[0], cells[1] if len(cells) == 2 else ""
        if len(name) > NAME_MAX or len(licence) > LICENCE_MAX:
            raise RuleViolation(N_("Line %(line)d: a name has at most %(name)d characters and a licence number "
                                   "%(licence)d"), field="players", line=number, name=NAME_MAX, licence=LICENCE_MAX)
        rows.append((name, licence))
    if not rows:
        raise RuleViolation(N_("Paste at least one name, one a line"), field="players")
    return rows


def new_names(rows: Sequence[tuple[str, str]], known: Sequence[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The rows to add and the names left out: one already a player's, or twice in the list.

    >>> new_names([("Ann", ""), ("Ben", "7"), ("ann", "")], ["BEN"])
    ([('Ann', '')], ['Ben', 'ann'])
    """
    added: list[tuple[str, str]] = []
    skipped: list[str] = []
    for name, licence in rows:
        if any(same_name(name, other) for other in [*known, *(row[0] for row in added)]):
            skipped.append(name)
        else:
            added.append((name, licence))
    return added, skipped


# -- the door: late entries and withdrawals ------------------------------------------------------

LATE_ROUNDS = {
    "zero": N_("A late entry's missed rounds count nothing"),
    "bye": N_("A late entry's missed rounds count as byes (a win, no points)"),
}
"""How a late entry's missed rounds count in the standings (a tournament's choice)."""


class Entered(Protocol):
    """An entry as the door sees it: the first round it is drawn in, and the rounds drawn when it
    withdrew (None: still playing)."""

    id: int
    joins: int
    withdrawn: int | None


def may_join(rounds_drawn: int, rounds_planned: int) -> int:
    """The round a new entry joins from: the next one to draw, while there is one.

    >>> may_join(0, 3), may_join(2, 3)
    (1, 3)

    :raise RuleViolation: every round is drawn
    """
    if rounds_drawn >= rounds_planned:
        raise RuleViolation(N_("All %(rounds)d rounds are drawn: no entry can join now"), field="players",
                            rounds=rounds_planned)
    return rounds_drawn + 1


def drawn_in(entries: Iterable[Entered], number: int) -> list[int]:
    """The entries drawn in round ``number``: those that have joined and not withdrawn, in
    registration order."""
    return [e.id for e in entries if e.joins <= number and e.withdrawn is None]


def missed_byes(entries: Iterable[Entered], rule: str) -> list[int]:
    """The byes the standings credit for late entries' missed rounds under ``rule`` (a key of
    :data:`LATE_ROUNDS`): one per round missed with ``bye``, none with ``zero``."""
    return [e.id for e in entries for _ in range(e.joins - 1)] if rule == "bye" else []


def check_drawable(number: int, *, drawn: int, planned: int, last_finished: bool, playing: int, need: int) -> None:
    """May round ``number`` be drawn now? ``drawn`` rounds are drawn of ``planned``, the last of
    them finished or not, and ``playing`` entries would be drawn, ``need`` at least.

    :raise RuleViolation: (field ``round``) why not, said to the organiser
    """
    if drawn >= number:
        raise RuleViolation(N_("Round %(round)d is drawn already"), field="round", round=number)
    if number > planned:
        raise RuleViolation(N_("All %(rounds)d rounds are played"), field="round", rounds=planned)
    if drawn and not last_finished:
        raise RuleViolation(N_("Round %(round)d is not finished: every table must reach its result first"),
                            field="round", round=drawn)
    if playing < need:
        raise RuleViolation(N_("At least %(count)d entries are needed to draw a round"), field="round", count=need)


def apart_entries(entries: Mapping[int, Sequence[int]], players: Iterable[tuple[int, int]]) -> frozenset[frozenset[int]]:
    """The entries the draw keeps apart: two entries holding two players kept apart.

    >>> sorted(map(sorted, apart_entries({1: [10, 11], 2: [12, 13], 3: [14, 15]}, [(11, 14), (10, 99)])))
    [[1, 3]]
    """
    of = {player: entry for entry, members in entries.items() for player in members}
    return frozenset(frozenset((of[a], of[b])) for a, b in players if a in of and b in of and of[a] != of[b])


# -- the round's clock ---------------------------------------------------------------------------

ROUND_MINUTES = 45  # a round's time unless the tournament says otherwise
MOST_MINUTES = 300  # a round's time, or time added at once, at most
IDLE_MINUTES = 15  # a table with no deal for this long while the clock runs is slow

NOT_STARTED, RUNNING, PAUSED, LAST_DEAL, OVER = "not started", "running", "paused", "last deal", "over"
CLOCK_PHASES = {
    NOT_STARTED: N_("The clock has not started"),
    RUNNING: N_("Time is running"),
    PAUSED: N_("The clock is paused"),
    LAST_DEAL: N_("Time is up: finish the deal in play, it is the last"),
    OVER: N_("The round is over: no new deal"),
}
"""The phases of a round's clock, as a table and the wall say them."""


@dataclass(frozen=True, slots=True)
class Clock:
    """A round's clock as the store keeps it: when it started (None: not yet), the round's time in
    seconds (time added included), when it was paused (None: it is not) and how long it was paused
    before, in seconds."""

    started: datetime | None = None
    seconds: int = 0
    paused_at: datetime | None = None
    paused_for: int = 0


def _minutes(minutes: int, field: str) -> int:
    if not 1 <= minutes <= MOST_MINUTES:
        raise RuleViolation(N_("Give from 1 to %(most)d minutes; got %(minutes)d"), field=field,
                            most=MOST_MINUTES, minutes=minutes)
    return minutes


def remaining(clock: Clock, now: datetime) -> float | None:
    """Seconds left on the clock at ``now`` (below zero once time is up; None: not started). A
    paused clock keeps what it had left when paused.

    >>> from datetime import UTC
    >>> start = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)
    >>> remaining(Clock(start, 2700), start + timedelta(minutes=10))
    2100.0
    """
    if clock.started is None:
        return None
    until = clock.paused_at or now
    return clock.seconds - ((until - clock.started).total_seconds() - clock.paused_for)


def ends_at(clock: Clock) -> datetime | None:
    """When time is up, if the clock runs on (None: not started, or paused)."""
    if clock.started is None or clock.paused_at is not None:
        return None
    return clock.started + timedelta(seconds=clock.seconds + clock.paused_for)


def clock_phase(clock: Clock, now: datetime) -> str:
    """The clock's phase at ``now``: not started, running, paused, or last deal once time is up
    (the tournament rule: the deal in play is finished, no new one begins)."""
    left = remaining(clock, now)
    if left is None:
        return NOT_STARTED
    if clock.paused_at is not None:
        return PAUSED
    return RUNNING if left > 0 else LAST_DEAL


def table_phase(clock: Clock, now: datetime, *, done: bool, deal_times: Iterable[datetime]) -> str:
    """A table's phase: over once its match is done (finished, or closed by the organiser) or once
    a deal was recorded after time was up (that was the last deal: no new deal after it); else the
    clock's phase."""
    end = ends_at(clock)
    if done or (end is not None and any(at >= end for at in deal_times)):
        return OVER
    return clock_phase(clock, now)


def start_clock(clock: Clock, minutes: int, now: datetime) -> Clock:
    """The round's clock started at ``now`` for ``minutes``.

    :raise RuleViolation: (field ``minutes``) it has started already, or the minutes are not from 1
        to :data:`MOST_MINUTES`
    """
    if clock.started is not None:
        raise RuleViolation(N_("The clock of this round has started already"), field="minutes")
    return Clock(now, _minutes(minutes, "minutes") * 60)


def pause_clock(clock: Clock, now: datetime) -> Clock:
    """Stop the clock at ``now`` (a dispute, a break).

    :raise RuleViolation: the clock is not running
    """
    if clock_phase(clock, now) != RUNNING:
        raise RuleViolation(N_("Only a running clock can be paused"), field="clock")
    return replace(clock, paused_at=now)


def resume_clock(clock: Clock, now: datetime) -> Clock:
    """Start a paused clock again; the time it was paused is not counted.

    :raise RuleViolation: the clock is not paused
    """
    if clock.paused_at is None:
        raise RuleViolation(N_("The clock is not paused"), field="clock")
    return replace(clock, paused_at=None, paused_for=clock.paused_for + int((now - clock.paused_at).total_seconds()))


def add_time(clock: Clock, minutes: int) -> Clock:
    """Give the round ``minutes`` more (also once time is up: the tables may start new deals again).

    :raise RuleViolation: the clock has not started, or the minutes are not from 1 to :data:`MOST_MINUTES`
    """
    if clock.started is None:
        raise RuleViolation(N_("Start the clock first"), field="clock")
    return replace(clock, seconds=clock.seconds + _minutes(minutes, "extra") * 60)


def slow_tables(deals: Mapping[int, int], last_deal: Mapping[int, datetime | None], done: Iterable[int],
                clock: Clock, now: datetime, idle_minutes: int = IDLE_MINUTES) -> set[int]:
    """The tables of a round the desk should look at: of those not done, the ones with fewer deals
    than the round's median, and, while the clock runs, those with no deal for ``idle_minutes``
    (counted from the clock's start when they have none yet).

    >>> from datetime import UTC
    >>> at = datetime(2026, 11, 26, 20, 30, tzinfo=UTC)
    >>> sorted(slow_tables({1: 4, 2: 2, 3: 4}, {1: at, 2: at, 3: at - timedelta(minutes=20)}, [],
    ...                    Clock(at - timedelta(minutes=30), 2700), at))
    [2, 3]
    """
    finished = set(done)
    median = statistics.median(deals.values()) if deals else 0
    idle_since = now - timedelta(minutes=idle_minutes) if clock_phase(clock, now) == RUNNING else None
    slow = set()
    for table, count in deals.items():
        if table in finished:
            continue
        since = last_deal.get(table) or clock.started
        if count < median or idle_since is not None and since is not None and since <= idle_since:
            slow.add(table)
    return slow


# -- closing a round -------------------------------------------------------------------------------

CLOSE_REASON_MAX = 200  # characters of the reason a round is closed for

def check_closable(number: int, *, drawn: int, finished: bool, phase: str) -> None:
    """May round ``number`` be closed now (its tables not finished scored as they stand, or as the
    organiser says)? Only the round in play, not finished yet, and not while its clock still runs
    (time up, paused, or never started: the organiser's call).

    :raise RuleViolation: (field ``round``) why not, said to the organiser
    """
    if number != drawn:
        raise RuleViolation(N_("Only the round in play (round %(round)d) can be closed"), field="round", round=drawn)
    if finished:
        raise RuleViolation(N_("Round %(round)d is finished already: there is nothing to close"), field="round",
                            round=number)
    if phase == RUNNING:
        raise RuleViolation(N_("The clock of round %(round)d still runs: wait until time is up, or pause it to "
                               "close the round early"), field="round", round=number)


def standing_winner(totals: Sequence[int]) -> int | None:
    """The side (its index) a table closed as it stands is won by: the highest total; a tie is a draw.

    >>> standing_winner([320, 250]), standing_winner([300, 300])
    (0, None)
    """
    best = max(totals)
    leaders = [index for index, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


# -- the wall --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class WallChoice:
    """What the organiser lets the wall show: the standings or not (hidden for the last rounds, say),
    whether each new round's pairings wait until published, and the last round published."""

    standings: bool = True
    hold: bool = False
    published: int = 0


@dataclass(frozen=True, slots=True)
class WallShows:
    """What the wall shows: the pairings (and the clock) of a round (None: none), the standings or not."""

    pairings: int | None
    standings: bool


def wall_shows(choice: WallChoice, drawn: int) -> WallShows:
    """The wall shows the last round drawn once it may (at once, or when held, once published) and
    the standings unless hidden. Never anything else: it is public (no table links).

    >>> wall_shows(WallChoice(hold=True, published=1), 2)
    WallShows(pairings=None, standings=True)
    """
    shown = drawn if drawn and (not choice.hold or choice.published >= drawn) else None
    return WallShows(shown, choice.standings)
