"""What a score sheet shows, for the page and the PDF alike. (The request, the session, the app and ``g``
are read through the objects Flask's proxies stand for, as in web/access.py: a kept page's every read.)"""

from __future__ import annotations

import json
import re
import secrets
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import chain
from datetime import datetime
from typing import Any, NamedTuple, TypeVar

from flask import current_app, g, get_flashed_messages, get_template_attribute, render_template, request, session
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .. import store
from ..games.base import GameRules, Option, Sheet, Table
from .languages import language

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 120, 4
CACHED = 256  # pages kept rendered per worker process
TABLE_SHEETS = 2048  # sheets kept scored per worker process: a national final's tables, and their earlier states
PAGES_BYTES = 16 * 1024 * 1024  # and the pages kept rendered hold no more than this, per worker process
EXTEND_FROM = 8  # how many deals back a kept sheet of the earlier deals is looked for


class LruCache:
    """Values per key, least recently used out; thread-safe; per worker process.

    Keys are built from everything the value depends on (:func:`content_key`), so an entry
    can never be stale. A cache, never the truth (DESIGN.md principle 1).
    """

    def __init__(self, size: int = CACHED, max_bytes: int | None = None) -> None:
        """:param max_bytes: the most memory the values may take together, if bounded"""
        self._size, self._max_bytes, self._lock = size, max_bytes, threading.Lock()  # (the lock: a new entry's)
        self._entries: OrderedDict[tuple[object, ...], tuple[tuple[object, ...], Any]] = OrderedDict()  # (key, value)
        self.bytes = 0  # the memory the values kept take, where bounded

    def __len__(self) -> int:
        return len(self._entries)

    # A hit takes no lock: only a new entry (under the lock) adds or removes keys; the C OrderedDict's get and
    # move_to_end are each one step under the GIL, or, where a key's hash or compare is Python code (a dataclass,
    # Same), a lookup the dict starts again if its keys changed meanwhile; an entry forgotten between the two is a
    # KeyError, its value still right. A new entry evicts by popitem, one step too, never by an iterator that a
    # hit's move would break. An entry holds its key: the move finds the very object kept, not comparing the key
    # asked again (a look builds its keys anew: equal, not the same).
    def _used(self, key: tuple[object, ...]) -> tuple[tuple[object, ...], Any] | None:
        """The entry under ``key`` (its key as kept and its value), moved to the end as the last used;
        None: none kept."""
        kept: tuple[tuple[object, ...], Any] | None = self._entries.get(key)
        if kept is not None:
            try:
                self._entries.move_to_end(kept[0])
            except KeyError:  # (forgotten meanwhile by another thread's new entry)
                pass
        return kept

    def peek(self, key: tuple[object, ...]) -> Any:
        """The value under ``key`` if kept, else None."""
        kept = self._used(key)
        return None if kept is None else kept[1]

    def get(self, key: tuple[object, ...], make: Callable[[], Any]) -> Any:
        """The value under ``key``, made by ``make`` the first time."""
        kept = self._used(key)
        if kept is not None:
            return kept[1]
        value = make()
        with self._lock:
            if key in self._entries:  # (made meanwhile by another thread)
                self.bytes -= self._weight(self._entries.pop(key)[1])
            self._entries[key] = key, value
            self.bytes += self._weight(value)
            while len(self._entries) > self._size or (self._max_bytes is not None and self.bytes > self._max_bytes):
                self.bytes -= self._weight(self._entries.popitem(last=False)[1][1])
        return value

    def _weight(self, value: Any) -> int:
        return sys.getsizeof(value) if self._max_bytes is not None else 0


SHEETS = LruCache(size=TABLE_SHEETS)  # scored sheets, by content (content_key)
STORED = LruCache(size=TABLE_SHEETS)  # a front door of theirs: a match's deals as stored by its stamp, (database,
# match id, stamp) -> Stored: as the desk, the wall and a table's clock (stored_sheet) and a new deal find them
# (sheet_before_new, keep_added)
PAGES = LruCache(max_bytes=PAGES_BYTES)  # whole sheet pages (Part), the visitor's form token and messages left out
ROWS = LruCache(size=TABLE_SHEETS * 16, max_bytes=PAGES_BYTES)  # sheets' rows as drawn (sheet_rows)
TOKEN_HOLE = secrets.token_hex(16)  # stands for the form token in a kept page
FLASHES_HOLE = secrets.token_hex(16)  # and for the messages flashed to its visitor


class ContentKey(NamedTuple):
    """Everything a match's sheet depends on (:func:`content_key`): a key of the kept sheets, rows
    and parts; the sheet of the earlier deals is kept under the same key with fewer deals
    (:meth:`upto`)."""

    database: str
    match_id: int
    game: str
    deal_limit: int
    options: str  # the match's options as JSON, sorted
    deals: tuple[tuple[int, int, str], ...]  # each deal's id, version and declarations as stored

    def upto(self, count: int | None) -> ContentKey:
        """The key of the sheet of the first ``count`` deals (negative: all but the last ``-count``;
        None: every deal)."""
        return self._replace(deals=self.deals[:count])


def content_key(match: store.Match, deals: Sequence[store.Deal]) -> ContentKey:
    """Everything a match's sheet depends on: its game, options and every deal as stored.

    Not the match id and version alone: SQLite may give a deleted match's id to a new one.
    """
    return ContentKey(current_app.config["DATABASE"], match.id, match.game, match.deal_limit,
                      json.dumps(dict(match.options), sort_keys=True),
                      tuple((d.id, d.version, d.stored) for d in deals))


def scored_sheet(match: store.Match, rules: GameRules, deals: Sequence[store.Deal],
                 key: ContentKey | None = None) -> Sheet:
    """The match's sheet, scored by the engine from the stored declarations (once per content,
    ``key`` when the caller has it already); a tournament's fixed number of deals ends the match
    too, if the game has not ended it first."""
    key = key or content_key(match, deals)
    return SHEETS.get(key, lambda: _extended(match, rules, deals, key))


@dataclass(frozen=True, slots=True)
class StoredSheet:
    """A match's sheet as stored now: how many deals it has recorded, the sheet of those that
    count (all of them, or a closed table's first ones), and when its latest deal was recorded
    (None: none yet; a round's clock asks: web/roundclock.table_clock)."""

    deals: int
    sheet: Sheet
    last_at: datetime | None


class Stored(NamedTuple):
    """A match's deals as stored when its row had a stamp (:data:`STORED`): their content key, and
    when the latest of them was recorded (None: none yet)."""

    content: ContentKey
    last_at: datetime | None

    @classmethod
    def of(cls, content: ContentKey, latest: str | None) -> Stored:
        """``latest``: the latest deal's time as stored (store.now()'s text: UTC, one width), if any."""
        return cls(content, datetime.fromisoformat(latest) if latest else None)


def _known(match: store.Match, deals: Sequence[store.Deal], content: ContentKey | None = None) -> Stored:
    """What the match's deals, read, are (``content``: their key, if built already), kept as what its
    stamp says (:data:`STORED`: read after the stamp was, never older) by whichever of the sheet's page,
    a new deal, the desk and the wall read them first. Returned as read, not as kept: a deal committed
    between the match's row and its deals being read makes them newer than the stamp's first entry,
    and a sheet of these deals kept under another content's key would be shown wrong wherever that
    content comes back (an undo)."""
    stored = Stored.of(content or content_key(match, deals),
                       max((deal.created for deal in deals), default=None))
    STORED.get((stored.content.database, match.id, match.stamp), lambda: stored)
    return stored


def stored_sheets(db: Any, rules: GameRules, wanted: Sequence[tuple[store.Match, int | None]]) -> list[StoredSheet]:
    """The sheet of each match as read (of its first ``upto`` deals: a table closed before its
    end), in order, its deals read and its content key built only when this worker has not seen
    the match's stamp yet (:attr:`store.Match.stamp`, drawn anew by every change of its deals, as
    the sheet's page and a new deal find theirs: :func:`sheet_page`, :func:`sheet_before_new`; a
    deal saved through the form keeps what its stamp after it says: :func:`keep_added`), or its
    sheet has left the cache; the deals of those read in one statement (a desk after 100 tables
    changed: one a table was a third of deriving them). A cache, never the truth (DESIGN.md
    principle 1)."""
    database = current_app.config["DATABASE"]
    kept = []
    for match, upto in wanted:
        known = STORED.peek((database, match.id, match.stamp))
        sheet = None if known is None else SHEETS.peek(known.content.upto(upto))
        kept.append(None if sheet is None else StoredSheet(len(known.content.deals), sheet, known.last_at))
    unread = [match.id for (match, upto), sheet in zip(wanted, kept, strict=True) if sheet is None]
    read = store.deals_of(db, unread) if unread else {}
    return [sheet or _scored(match, rules, read.get(match.id, []), upto)
            for (match, upto), sheet in zip(wanted, kept, strict=True)]


def _scored(match: store.Match, rules: GameRules, deals: list[store.Deal], upto: int | None) -> StoredSheet:
    known = _known(match, deals)
    return StoredSheet(len(deals), scored_sheet(match, rules, deals[:upto], known.content.upto(upto)), known.last_at)


def stored_sheet(db: Any, match: store.Match, rules: GameRules, upto: int | None = None) -> StoredSheet:
    """The sheet of one match as read (:func:`stored_sheets`)."""
    return stored_sheets(db, rules, [(match, upto)])[0]


class DealsOnUse(Sequence[store.Deal]):
    """A match's deals, read from the store (``read``) the first time one is looked at, or counted."""

    def __init__(self, read: Callable[[], Sequence[store.Deal]]) -> None:
        self._read = read

    @cached_property
    def _deals(self) -> Sequence[store.Deal]:
        return self._read()

    def __len__(self) -> int:
        return len(self._deals)

    def __iter__(self) -> Iterator[store.Deal]:
        return iter(self._deals)

    def __getitem__(self, index: Any) -> Any:
        return self._deals[index]


def sheet_before_new(db: Any, match: store.Match, rules: GameRules) -> tuple[ContentKey, Sheet, Sequence[store.Deal]]:
    """The sheet a new deal goes after, its content key and the match's deals. A kept sheet is found
    by the match's stamp, read with it (:attr:`store.Match.stamp`, drawn anew by every change of its
    deals), which says the deals as stored (:data:`STORED`); the deals are then read only if looked at
    (:class:`DealsOnUse`): a deal saved on the kept sheet reads none (making a 30-deal match's deals
    was 5% of a deal POST's instructions). Else the deals are read, their sheet scored and kept under
    their own key, and the stamp kept as saying them."""
    known = STORED.peek((current_app.config["DATABASE"], match.id, match.stamp))
    kept = None if known is None else SHEETS.peek(known.content)
    if kept is not None:
        return known.content, kept, DealsOnUse(lambda: store.list_deals(db, match.id))
    deals = store.list_deals(db, match.id)
    known = _known(match, deals)
    return known.content, scored_sheet(match, rules, deals, known.content), deals


def keep_added(key: ContentKey, deal_id: int, stamped: tuple[str, str] | None, declarations: Mapping[str, Any],
               sheet: Sheet) -> None:
    """Keep ``sheet``: the sheet of the deals of content ``key`` (:func:`content_key`) with the deal
    just added after them (``deal_id``, of these ``declarations``), scored by the caller already, so
    that the page the phone is sent to, the table's next deal, its clock and the desk find it (if the
    declarations read back from their stored text are the ones scored: else nothing is kept), by the
    match's stamp after it and its latest deal's time (``stamped``; None: not known, the deal went in
    on a match changed since it was read: store.add_deal's ``stamped``). Keyed by content like every
    sheet: another phone's deal added meanwhile leaves it under a key that is the match's only if that
    deal goes again."""
    stored = store.stored_text(declarations)
    if json.loads(stored) != declarations:
        return
    content = key._replace(deals=(*key.deals, (deal_id, store.FIRST_VERSION, stored)))
    SHEETS.get(content, lambda: sheet)
    if stamped is not None:
        stamp, latest = stamped
        STORED.get((key.database, key.match_id, stamp), lambda: Stored.of(content, latest))


def _extended(match: store.Match, rules: GameRules, deals: Sequence[store.Deal], key: ContentKey) -> Sheet:
    """The game's sheet of the deals (``key``: their content key): a kept sheet of the earlier ones
    (a deal was just added, maybe a few since this worker last saw the match) extended by the deals
    after it, else every deal scored. The earlier deals' keys are the same key with fewer deals."""
    for back in range(1, min(EXTEND_FROM, len(deals)) + 1):
        earlier = SHEETS.peek(key.upto(-back))
        if earlier is not None:
            return rules.extend_sheet(earlier, [d.declarations for d in deals[-back:]], match.options,
                                      deal_limit=match.deal_limit)
    return rules.score_sheet([d.declarations for d in deals], match.options, deal_limit=match.deal_limit)


def side_names(rules: GameRules, table: Table, players: Mapping[str, str]) -> dict[str, str]:
    """Each side as the table knows it: its players' names (``Alice & Carol``)."""
    return {side: " & ".join(players[seat] for seat in table.seats if rules.side_of(seat) == side)
            for side in table.sides}


def chart(sheet: Sheet, sides: Sequence[str], target: int | None) -> dict[str, Any]:
    """SVG polylines of the running totals, one per side, scaled to the chart box (the deals that
    count: none after the end of the match).

    Totals may go below zero (Pandoeren), so the box spans from the lowest to the highest
    of the totals, zero and the target.
    """
    series = [[0] + [row.totals[side] for row in sheet.rows[:sheet.counted]] for side in sides]
    values = [value for line in series for value in line]
    top, bottom = max([target or 0, 1, *values]), min([0, *values])
    steps = max(len(series[0]) - 1, 1)
    height = CHART_HEIGHT - 2 * CHART_PAD

    def y(value: int) -> float:
        return CHART_HEIGHT - CHART_PAD - (value - bottom) * height / (top - bottom)

    def point(i: int, value: int) -> str:
        return f"{CHART_PAD + i * (CHART_WIDTH - 2 * CHART_PAD) / steps:.1f},{y(value):.1f}"

    return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "target_y": y(target) if target else None,
            "zero_y": y(0) if bottom < 0 else None,
            "lines": [{"side": side, "points": " ".join(point(i, v) for i, v in enumerate(line)),
                       "last": line[-1]}
                      for side, line in zip(sides, series, strict=True)]}


def shown_value(option: Option, value: Any) -> str:
    """An option's value as the reader's language says it: yes/no, a choice's label, a number."""
    if value is True or value is False:
        return _("yes") if value else _("no")
    return _(option.choice_label(value)) if option.kind == "choice" else str(value)


def option_rows(rules: GameRules, options: Mapping[str, Any], deal_limit: int = 0) -> list[dict[str, Any]]:
    """The house rules in force, each with its value as shown and whether it differs from the default
    (a tournament's table of a fixed number of deals has no target to show)."""
    return [{"option": option, "shown": shown_value(option, options.get(option.key, option.default)),
             "changed": options.get(option.key, option.default) != option.default}
            for option in rules.options if not (deal_limit and option.key == "target")]


def sheet_view(match: store.Match, rules: GameRules, deals: Sequence[store.Deal], *,
               page: bool = False) -> dict[str, Any]:
    """Everything the printed sheet's templates need (print/sheet.html), or with ``page`` the sheet's
    page (matches/sheet.html: its parts drawn as it asks for them; its ``deals`` the match's as stored, read
    after its row: its sheet kept as the match's stamp says, for the desk and the wall, :func:`_known`)."""
    parts = SheetParts.of(match, rules, deals)
    view = {"match": match, "rules": rules, "sheet": parts.sheet, "deals": deals, "sides": parts.table.sides,
            "rows": parts.deal_rows}
    if page:
        _known(match, deals, parts.content)
        return {**view, "parts": parts, "topbar": parts.topbar}
    return {**view, "seats": parts.table.seats, "names": parts.names,
            "show_points": any(rules.deal_points(row.scored) for row in parts.sheet.rows),
            "chart": chart(parts.sheet, parts.table.sides, match.options.get("target")),
            "option_rows": option_rows(rules, match.options, match.deal_limit)}


PARTS = LruCache(size=TABLE_SHEETS * 4, max_bytes=PAGES_BYTES)  # sheet pages' parts as drawn (SheetParts)


@dataclass(frozen=True, slots=True)
class SheetParts:
    """The parts of a sheet's page, each drawn once per what it shows (a template of its own,
    rendered with the values it reads) with the database, the language and the site's root, and
    kept (:func:`kept_part`, as the desk's and the wall's parts are): after a
    deal the page draws its totals, its chart and its new rows (kept per the sheet's content, the
    sides' names), and finds its heading (per the match's title, game and players) and its house
    rules (per the game, the options and the deals' limit) as they were, and the page's own text
    around them (its frame: :func:`_page_drawn`). A cache, never the truth
    (DESIGN.md principle 1): each key holds every value its part reads."""

    match: store.Match
    rules: GameRules
    sheet: Sheet
    table: Table
    deal_rows: list[tuple[store.Deal, Any]]  # each deal with its row of the sheet
    names: dict[str, str]
    content: ContentKey  # the deals'

    @classmethod
    def of(cls, match: store.Match, rules: GameRules, deals: Sequence[store.Deal]) -> SheetParts:
        """The parts of the sheet of ``deals`` (scored once per content: :func:`scored_sheet`)."""
        content = content_key(match, deals)
        sheet = scored_sheet(match, rules, deals, content)
        table = rules.table(match.options)
        return cls(match, rules, sheet, table, list(zip(deals, sheet.rows, strict=True)),
                   side_names(rules, table, match.players), content)

    def topbar(self) -> Markup:
        """The page's body tag and the bar above it (base.html), per the page's address (its language
        links come back to it); an address with a query string draws its own, not kept."""
        return _part("_topbar.html", None if request.query_string else (request.full_path,),
                     lambda: {"request": request})

    def head(self) -> Markup:
        """The title, the game and who sits where."""
        match, seats = self.match, self.table.seats
        return _part("matches/_sheet_head.html",
                     (match.id, match.title, match.game, tuple(match.players[seat] for seat in seats)),
                     lambda: {"match": match, "rules": self.rules, "seats": seats})

    def totals(self) -> Markup:
        """The big running totals, the points held or the standing, the result."""
        return _part("matches/_totals.html", (self.content, tuple(self.names.items())),
                     lambda: {"rules": self.rules, "sides": self.table.sides, "names": self.names,
                              "sheet": self.sheet})

    def chart(self) -> Markup:
        """The running totals' chart (its target, from the options: in the content)."""
        target = self.match.options.get("target")
        return _part("matches/_chart.html", (self.content, tuple(self.names.items())),
                     lambda: {"match": self.match, "sheet": self.sheet, "names": self.names,
                              "chart": chart(self.sheet, self.table.sides, target)})

    def house_rules(self, organiser: bool) -> Markup:
        """The house rules in force; the organiser is offered them as a profile named after the match."""
        match, content = self.match, self.content
        title = match.title if organiser else None
        return _part("matches/_rules_in_force.html",
                     (content.game, content.deal_limit, content.options, organiser, title),
                     lambda: {"match": match, "organiser": organiser,
                              "option_rows": option_rows(self.rules, match.options, match.deal_limit)})

    def rows(self) -> list[Markup]:
        """The deals' rows, each kept per what it shows (:func:`sheet_rows`)."""
        return sheet_rows(self.match, self.deal_rows, self.sheet.counted, self.table.sides, self.content)


def _part(template: str, shows: tuple[Hashable, ...] | None,
          context: Callable[[], Mapping[str, Any]]) -> Markup:
    """``template`` rendered with ``context()``, kept in :data:`PARTS` per what it shows
    (:func:`kept_part`)."""
    return kept_part(PARTS, shows, template,
                     lambda: Markup(current_app.jinja_env.get_template(template).render(**context())))


Drawn = TypeVar("Drawn")


def kept_part(parts: LruCache, shows: tuple[Hashable, ...] | None, template: str,
              draw: Callable[[], Drawn]) -> Drawn:
    """A page's part, ``template`` as ``draw`` renders it, kept in ``parts`` under ``shows`` (every
    value it reads) with the database, the language and the site's root (None: drawn, not kept):
    a sheet page's (:class:`SheetParts`), the desk's and the wall's (web/tournaments/kept.part)."""
    if shows is None:
        return draw()
    at = (current_app.config["DATABASE"], language(), request.script_root, template)
    return parts.get((*at, *shows), draw)


def deal_runs(rows: Sequence[tuple[store.Deal, Any]], size: int) -> list[list[tuple[int, store.Deal, Any]]]:
    """A printed sheet's deals (``rows``: each deal with its row of the sheet), numbered from 1, in runs
    of at most ``size`` deals, each run printed as one table row (print/sheet.html); a deal with notes
    ends its run, its note row printed after it."""
    runs: list[list[tuple[int, store.Deal, Any]]] = []
    run: list[tuple[int, store.Deal, Any]] = []
    for number, (deal, row) in enumerate(rows, start=1):
        run.append((number, deal, row))
        if len(run) == size or row.notes:
            runs.append(run)
            run = []
    return [*runs, run] if run else runs


LATEST_HOLE = secrets.token_hex(16)  # stands for the latest row's anchor in a kept row
LATEST = ' id="latest"'


def sheet_rows(match: store.Match, rows: Sequence[tuple[store.Deal, Any]], counted: int, sides: Sequence[str],
               content: ContentKey) -> list[Markup]:
    """The page's rows of the sheet (``rows``: each deal with its row, of ``content``: their
    :func:`content_key`), drawn (templates/matches/_sheet_row.html) and kept per what each shows: a
    row is scored from the deals up to it alone (the game's sheet extends, :func:`_extended`), so
    its key is theirs (the same key with fewer deals), with whether it is after the match's end, the
    language and the site's root. A row is kept with a stand-in for the latest row's anchor, put in
    or left out as it is served: a new deal draws its own row only (the row before it, no longer
    the latest, is found as it was kept)."""
    draw = get_template_attribute("matches/_sheet_row.html", "sheet_row")
    at = (language(), request.script_root, content.upto(0))  # (the key but its deals)
    hole = Markup(LATEST_HOLE)

    def part(index: int, deal: store.Deal, row: Any) -> Markup:
        after_end = index > counted
        kept: str = ROWS.get((*at, content.deals[:index], after_end),
                             lambda: str(draw(match, deal, row, index, hole, after_end, sides)))
        return Markup(kept.replace(LATEST_HOLE, LATEST if index == len(rows) else "", 1))

    return [part(index, deal, row) for index, (deal, row) in enumerate(rows, start=1)]


@dataclass(frozen=True, slots=True)
class SignoffView:
    """What the sheet of a table whose result both sides confirm shows of it: its status
    (:meth:`store.SignoffState.status`), each side with its seats and players and who confirmed
    for it (seat and name, or None), the disputes' lines."""

    status: str
    sides: tuple[tuple[str, tuple[tuple[str, str], ...], tuple[str, str] | None], ...]
    disputes: tuple[str, ...]


def signoff_view(match: store.Match, rules: GameRules, standing: store.TableNow) -> SignoffView | None:
    """The sign-offs of a tournament's table, if its tournament asks both sides to confirm results
    (``standing``: as the table stands, web/access.table_now)."""
    if not standing.confirms:
        return None
    state = store.signoff_state(store.get_db(), match.id)
    seats = rules.table(match.options)
    confirmed = {signoff.side: (signoff.seat, signoff.name) for signoff in state.confirmed}
    sides = tuple((side, tuple((seat, match.players[seat]) for seat in seats.seats if rules.side_of(seat) == side),
                   confirmed.get(side)) for side in seats.sides)
    return SignoffView(state.status(seats.sides), sides, tuple(signoff.text for signoff in state.disputes))


def sheet_page(match: store.Match, rules: GameRules, deals: Sequence[store.Deal], *,
               live: Callable[[], bool], device: str | None, penalty: bool = True, signoff: SignoffView | None = None,
               clock: Hashable = None, organiser: bool = False) -> str | bytes:
    """The running sheet's page, rendered once per content (the match's row as read: its stamp
    says its deals and whether one is played live, :attr:`store.Match.stamp`; known by the match
    itself, :class:`Same`, not by its text), language, address and
    phone name (phones and wall screens reload it all evening), its ``deals`` read (:class:`DealsOnUse`) and
    whether a deal is played live asked (``live``) only to render it: the visitor's own CSRF token
    and the messages flashed to them are put into the kept page as it is served (:func:`filled`: the
    page the phone that saved a deal is sent to is the page every other phone of the table reads
    next). A page asked for with a query string (which it does not read, but its language links
    carry) is rendered afresh and not kept: ``?x=1``, ``?x=2``... fill no memory. ``live``: is a deal being played? ``device``: the name
    this phone gave itself for the history ("" none yet; None: a tournament's table, known by its
    number); ``signoff``: where both sides confirm the result, its sign-offs (:func:`signoff_view`);
    ``clock``: a tournament table's round clock (web/roundclock.ClockView), None: none; ``organiser``:
    the organiser is looking (the house rules offer to be saved as a profile)."""
    context = {"device": device, "penalty": penalty, "signoff": signoff, "clock": clock, "organiser": organiser}

    def draw() -> Part:
        return _page_drawn(match, {**context, "live": live(), **sheet_view(match, rules, deals, page=True)})

    if request._get_current_object().query_string:
        return filled([draw()], flashes=True)
    key = (current_app._get_current_object().config["DATABASE"], Same(match), device, penalty, signoff, clock,
           organiser, language())
    page = PAGES.get(key, draw)
    token, shown = form_token().encode(), flashes_shown()
    return made_of(fill([page], token, shown), page, token, shown)  # (compressed once per page, token and messages)


class Same:
    """An object in a cache's key as itself: equal to itself alone, and held by the key (no other
    object is given its identity while the key is kept). A match as read is the same object at every
    read of the same row, frozen (parsed once per row as read, every column: store.matches._match);
    a row changed in any column is another object, and so is one parsed again: a miss, never a stale
    hit. (Its text, ``repr``, took 45,000 instructions a kept sheet GET, a twentieth of it.)"""

    __slots__ = ("held",)

    def __init__(self, held: object) -> None:
        self.held = held

    def __hash__(self) -> int:
        return id(self.held)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.held is self.held


def made_of(answer: bytes, *parts: Hashable) -> bytes:
    """``answer``, noted as made of ``parts`` alone (equal parts make equal bytes, as a kept page and
    the visitor's own filled into it do): found among the compressed answers by them (web/packed.py),
    its bytes neither sampled nor compared; kept only if it is the answer sent as it is."""
    g._get_current_object().packed_made_of = (answer, parts)
    return answer


SLOT = secrets.token_hex(16)  # with a slot's name and ";" after it, stands for a part in the text of the page around it
SLOTS = re.compile(f"{SLOT}([\\w/.]+);")  # (the sheet's per-deal parts, _page_drawn; the desk's and wall's, kept.Slots)


def _page_drawn(match: store.Match, view: Mapping[str, Any]) -> Part:
    """The sheet's page (``view``: what matches/sheet.html reads), drawn from its frame, kept per what
    it shows (the match's row but for what changes with its deals, whether it has any and whether it
    has ended, the page's address and what the visitor is: :func:`kept_part`), and what changes with
    the deals drawn into it (``per_deal``: the totals, the chart and the rows, kept parts themselves,
    the notices above the actions, the next deal's and the undo's, the sign-offs): a deal draws these
    only, not the page's own text around them. Cut at the visitor's own (:func:`cut`), to be kept."""
    parts: SheetParts = view["parts"]
    drawn: dict[bytes, Callable[[], str]] = {b"totals": parts.totals, b"chart": parts.chart,
                                             b"rows": lambda: "".join(parts.rows())}
    shows = None if request.query_string else (
        request.full_path, repr(replace(match, version=0, stamp="")), bool(view["deals"]), bool(view["sheet"].result),
        *(view[name] for name in ("device", "penalty", "signoff", "clock", "organiser")))
    frame = kept_part(PARTS, shows, "matches/sheet.html", lambda: Part(piece.encode() for piece in SLOTS.split(
        kept_render("matches/sheet.html", **view, per_deal=lambda name: Markup(f"{SLOT}{name};")))))
    page = (piece if index % 2 == 0 else drawn.get(piece, lambda: kept_render(piece.decode(), **view))().encode()
            for index, piece in enumerate(frame))
    return cut(b"".join(page))


class Part(tuple[bytes, ...]):
    """A page or a part as kept and sent, in UTF-8, cut where what is each visitor's own goes (the
    stand-ins: :func:`kept_render`); its size is its bytes' (a cache of them holds no more than its
    bytes allow)."""

    __slots__ = ()

    def __sizeof__(self) -> int:
        return super().__sizeof__() + sum(sys.getsizeof(piece) for piece in self)


_HOLES = re.compile(f"({TOKEN_HOLE}|{FLASHES_HOLE})".encode())  # (a kept page's pieces, and its stand-ins between)
_OWN_TOKEN, _OWN_FLASHES = TOKEN_HOLE.encode(), FLASHES_HOLE.encode()


def cut(html: str | bytes) -> Part:
    """A page or a part rendered to be kept (:func:`kept_render`, :func:`holed`) as kept: its bytes cut at
    the stand-ins, each kept as a piece between the pieces around it (in one piece where it has none),
    to be sent with the visitor's own put in (:func:`filled`): the sheet's page, the desk's and the
    wall's parts and the pages around them (web/tournaments/kept.Slots)."""
    return Part(_HOLES.split(html.encode() if isinstance(html, str) else html))


def filled(parts: Iterable[Part], *, flashes: bool) -> bytes:
    """Kept pages or parts, cut at their stand-ins (:func:`cut`), joined as sent to the visitor: their own
    CSRF token in every form and, with ``flashes`` (a whole page: base.html's), the messages flashed to
    them (taken: shown once). The pages' bytes copied once, not searched for each stand-in; each piece
    looked up in the visitor's own by ``map`` (no bytecode a piece: 5% fewer instructions than a list
    comprehension over a desk's 4,500 pieces)."""
    return fill(parts, form_token().encode(), flashes_shown() if flashes else None)


def fill(parts: Iterable[Part], token: bytes, flashes: bytes | None) -> bytes:
    """Kept pages or parts as :func:`filled` sends them, with the visitor's own given: their CSRF
    ``token`` and the ``flashes`` shown to them (None: the stand-in left, not a whole page)."""
    own = {_OWN_TOKEN: token}
    if flashes is not None:
        own[_OWN_FLASHES] = flashes
    pieces = list(chain.from_iterable(parts))
    return b"".join(map(own.get, pieces, pieces))


_TOKEN_FIELD = re.compile(r'(<input\b[^>]*\bname="csrf_token"[^>]*\bvalue=")[^"]*"')


def kept_render(template: str, **context: Any) -> str:
    """``template`` rendered to be kept and served to any visitor (:func:`holed`): the stand-in for
    the CSRF token wherever the template puts one, and for the messages flashed above the page's
    content (base.html); the visitor's own are put in as it is served (:func:`cut`, :func:`filled`)."""
    return holed(render_template(template, csrf_token=lambda: TOKEN_HOLE, flashes_hole=FLASHES_HOLE, **context))


def holed(html: str) -> str:
    """``html`` with the stand-in as the value of every form's CSRF token field, whatever wrote it
    (a template's ``csrf_token()``, a form's token field, signed afresh or reused): to be kept, and
    served to any visitor with their own token put in (:func:`filled`)."""
    return _TOKEN_FIELD.sub(lambda found: f'{found.group(1)}{TOKEN_HOLE}"', html)


def flashes_shown() -> bytes:
    """The messages flashed to the visitor as a page shows them above its content (taken: shown
    once), in UTF-8; none: nothing."""
    flashed = session._get_current_object().get("_flashes")
    messages = get_flashed_messages(with_categories=True) if flashed else []
    return str(get_template_attribute("_flashes.html", "flashes")(messages)).encode() if messages else b""


TOKENS = LruCache(size=4096)  # form tokens signed for a session's CSRF secret, per worker process
TOKEN_REUSE_S = 60  # how long one signed token serves its session's pages (of its 24 h: __init__.py)


def form_token() -> str:
    """The visitor's CSRF token: one signed for their session's secret within the last
    TOKEN_REUSE_S seconds serves again (signing one is a good part of a kept page's cost), so a
    token given expires at most that much before its time; a session with no secret yet gets one."""
    secret = session._get_current_object().get("csrf_token")
    if not isinstance(secret, str):
        return generate_csrf()
    key = (current_app._get_current_object().secret_key, secret, int(time.time() // TOKEN_REUSE_S))
    token: str = TOKENS.get(key, generate_csrf)
    g._get_current_object().csrf_token = token  # the same token for the rest of the request (as generate_csrf)
    return token
