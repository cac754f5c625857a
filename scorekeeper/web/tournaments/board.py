"""The desk's board of the round in play: its clock and the forms that drive it, each table's
progress (deals, last change, slow or not), closing the round, and what the wall shows."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from babel.dates import get_time_format, tokenize_pattern
from flask import current_app, get_template_attribute, render_template, request
from flask_babel import format_time, get_timezone, lazy_gettext as _l
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from markupsafe import Markup, escape
from wtforms import BooleanField, IntegerField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.fields.core import UnboundField
from wtforms.meta import DefaultMeta
from wtforms.validators import DataRequired, Length, Optional

from ... import evening, store
from ..forms import Form
from ..languages import language
from ..roundclock import ClockView, clock_view, now
from ..sheets import LruCache, kept_part, kept_render, stored_sheet
from ..widgets import QuickSelect
from .core import State, TableView
from .kept import SHAPE_HOLE, Part, Shape, Slots, answers, cut, part, run, shaped

FIELD_SHAPES = LruCache(size=8192)  # the close-the-round form's choice of a table as drawn with a stand-in for its
# totals (a deal changes only those), per worker process
ROW_SHAPES = LruCache(size=8192)  # the board's rows as drawn with stand-ins for their state (slow, deals, phase...)
TIMES = LruCache(size=64)  # each round's tables' last changes as the last look found them, with the
# latest event of all it read (in a list of one), per the database and the round's matches, per worker process
PROGRESSES = LruCache(size=1024)  # the rows' state (slow, deals, last change, phase) as drawn, per what it says, per worker process
CLOSINGS = LruCache(size=64)  # the close-the-round form as drawn, cut where its tables' choices go, per worker process
ALONE = DefaultMeta()  # a field drawn without its form (WTForms' meta draws it as the form's would)
STANDS = "stands"  # a closed table's result: as it stands
DRAWN = "draw"


class ClockForm(Form):
    """Start the round's clock, or give it more time."""

    minutes = IntegerField(_l("Minutes"), validators=[Optional()], render_kw={"inputmode": "numeric"})
    extra = IntegerField(_l("Minutes to add"), default=5, validators=[Optional()], render_kw={"inputmode": "numeric"})


class WallForm(Form):
    """What the wall shows."""

    standings = BooleanField(_l("Show the standings on the wall"))
    hold = BooleanField(_l("Hold each new round's pairings until I publish them"))
    publish = BooleanField(_l("Publish the pairings of the round in play now"))


def close_form(state: State, views: Sequence[TableView]) -> FlaskForm:
    """Close the round: a reason, and for each table not done its result (as it stands, a side's
    win, a draw)."""

    class CloseForm(Form):
        reason = StringField(_l("Why the round is closed"), default=_l("Time is up"),
                             validators=[DataRequired(_l("Say why the round is closed.")),
                                         Length(max=evening.CLOSE_REASON_MAX)],
                             render_kw={"maxlength": evening.CLOSE_REASON_MAX})
        table_keys = tuple(f"result_{view.table.id}" for view in views)

    for view in views:
        setattr(CloseForm, f"result_{view.table.id}", _result_field(state, view))
    return CloseForm()


def _result_field(state: State, view: TableView, stands: str | None = None) -> UnboundField:
    """The close-the-round form's choice for a table not done: its result as it stands (``stands``
    says its totals; None: as :func:`_stands` says them), a side's win or a draw."""
    seated = state.seated(view)
    if stands is None:
        stands = _stands(state, view, seated)
    choices = [SelectChoice(STANDS, _("As it stands (%(totals)s)", totals=stands)),
               *(SelectChoice(str(index), _("Won by %(names)s", names=names))
                 for index, (_label, names) in enumerate(seated)),
               SelectChoice(DRAWN, _("A draw"))]
    return SelectField(_("Table %(n)d", n=view.table.number), choices=choices, default=STANDS,
                       validate_choice=True, widget=QuickSelect())


def _stands(state: State, view: TableView, seated: Sequence[tuple[str, str]]) -> str:
    """A table's totals as they stand, each after its side's label (``seated``: its sides as seated),
    ``N–S 60, E–W 220`` (a table not done: its sheet's totals, as :func:`.core.load_state` read them)."""
    totals = view.totals if view.totals is not None and view.closed is None else \
        stored_sheet(store.get_db(), view.match, state.rules).sheet.totals  # (a closed table's sheet goes on)
    sides = state.rules.table(view.match.options).sides
    return ", ".join(f"{label} {totals[side]}" for (label, _names), side in zip(seated, sides, strict=True))


def close_fields(state: State, views: Sequence[TableView], closing: FlaskForm | None) -> list[Part]:
    """The close-the-round form's choice for each table not done, drawn, as sent: on a page asked
    for (GET), each drawn from its shape kept per what it offers but its totals (a deal changes its own
    table's totals only), sent as one part, their run (:func:`.kept.run`: a look finds the unchanged tables'
    as the last look sent them); a form sent back with its errors, or a POST's page, draws its own."""
    render = get_template_attribute("_field.html", "render_field")
    if closing is not None or request.method != "GET":
        form = closing or close_form(state, views)
        return [cut(str(render(form[key]))) for key in form.table_keys]
    lang = language()

    def shape(view: TableView, totals: str) -> str:  # its field alone, as the form would bind it on a GET
        field = _result_field(state, view, totals).bind(None, f"result_{view.table.id}", _meta=ALONE)
        field.process(None)
        return str(render(field))

    def drawn(view: TableView, kept: Shape) -> Part:  # kept per what it shows but the totals (a deal changes only those)
        seated = state.seated(view)
        return shaped(FIELD_SHAPES, kept, (lang, view.table.id, view.table.number, seated),
                      lambda hole: shape(view, hole), str(escape(_stands(state, view, seated))))

    return [run(("close fields", current_app.config["DATABASE"], state.tournament.id, lang),
                [(view,) for view in views], lambda index, kept: drawn(views[index], kept))]


def close_round_parts(state: State, number: int, views: Sequence[TableView], closing: FlaskForm | None) -> list[Part]:
    """The close-the-round form around the choice of each table not done (:func:`close_fields`), as sent: on
    a page asked for (GET), its own text is kept per the round and the tournament, with the database, the
    language and the site's root, its token put in as served; a form sent back with its errors, or a POST's
    page, draws its own."""

    def draw(render: Callable[..., str]) -> list[str]:
        return render("tournaments/_close_round.html", t=state.tournament, number=number,
                      closing=closing or close_form(state, []), close_fields=Markup(SHAPE_HOLE)).split(SHAPE_HOLE)

    fields = close_fields(state, views, closing)
    if closing is not None or request.method != "GET":
        head, tail = draw(render_template)
    else:
        head, tail = kept_part(CLOSINGS, (state.tournament.id, number), "tournaments/_close_round.html",
                               lambda: draw(kept_render))
    return [cut(head), *fields, cut(tail)]


def clock_card_part(state: State, number: int, settings: store.EveningSettings, clock: ClockView | None,
                    clock_form: FlaskForm | None) -> Part:
    """The round's clock (``clock``, as shown: :func:`shown_clock`) and the form that drives it, kept per
    what they show: the clock as shown (its phase, end and time left), the round's time offered, the time
    zone its end is said in, the round and the tournament (:func:`.kept.part`; a deal changes none of it);
    a form sent back with its errors draws its own."""
    key = None if clock_form is not None else \
        ("clock card", state.tournament.id, number, clock, settings.round_minutes, str(get_timezone()))
    return part(key, "tournaments/_clock_card.html", lambda: {"t": state.tournament, "board": {
        "number": number, "clock": clock, "phases": evening.CLOCK_PHASES,
        "clock_form": clock_form or ClockForm(formdata=None, data={"minutes": settings.round_minutes, "extra": 5})}})


def wall_settings_part(state: State, number: int, settings: store.EveningSettings) -> Part:
    """What the wall shows, its form drawn, kept per what it shows: the settings, the round in play and the
    tournament (:func:`.kept.part`; a deal changes none of it)."""
    return part(("wall settings", state.tournament.id, number, settings.wall), "tournaments/_wall_settings.html",
                lambda: {"t": state.tournament, "number": number, "wall": evening.wall_shows(settings.wall, number),
                         "wall_form": WallForm(formdata=None, data={"standings": settings.wall.standings,
                                                                     "hold": settings.wall.hold})})


@dataclass(slots=True)
class BoardRow:
    """A table of the round in play as the desk watches it (made at each look and never changed; not frozen: a
    frozen dataclass sets each field through ``object.__setattr__``, 2.5M instructions of a final's desk for its
    500 rows, desk25)."""

    view: TableView
    changed_at: datetime | None  # its last change (None: none yet)
    slow: bool
    phase: str  # evening.CLOCK_PHASES' key: the table's own (over once done, or its last deal recorded)

    @property
    def changed(self) -> str:
        """Its last change, as the desk reads it ("" none yet)."""
        return format_time(self.changed_at, "short") if self.changed_at else ""


def current_clock(state: State) -> tuple[evening.Clock, ClockView | None]:
    """The clock of the round in play and how it shows now (None: no round drawn)."""
    if not state.rounds:
        return evening.Clock(), None
    clock = store.get_clock(store.get_db(), state.rounds[-1].id)
    return clock, clock_view(len(state.rounds), clock, now())


def shown_clock(state: State, current: tuple[evening.Clock, ClockView | None] | None = None) -> ClockView | None:
    """The round in play's clock as the desk, the wall and the API show it: over once every table
    is done (the round's time no longer matters; None: no round drawn); ``current``: the clock as
    :func:`current_clock` read it (None: read now)."""
    _clock, shown = current_clock(state) if current is None else current
    return None if shown is None else round_clock(state, len(state.rounds), shown)


def round_clock(state: State, number: int, shown: ClockView) -> ClockView:
    """Round ``number``'s clock as it shows now (``shown``), or over once every table of it is done."""
    return clock_view(number, evening.Clock(), now(), phase=evening.OVER) if state.round_finished(number) else shown


def changed_at(matches: Sequence[store.Match]) -> list[datetime | None]:
    """When each match's deals last changed (None: never), its latest event's time (a deal, a trick taken
    back in the deal in play or the deal given up, a table closed logs a new one), kept per the matches as
    the last look found them, with the latest event of all it read (:func:`.store.last_event`): the next
    look reads only the events logged since (:func:`.store.events_from`, a range of ids), each the latest
    of its match so far. Where that event is no longer there as read (its ids given again), each match's
    latest event is sought anew (:func:`.store.last_events`: 500 seeks in the events' index and a JSON
    list of the ids, 4M instructions of a final's desk at each look, deskfix25)."""
    db, ids = store.get_db(), [match.id for match in matches]
    kept = TIMES.get((current_app.config["DATABASE"], tuple(ids)), lambda: [(None, {})])
    last, times = kept[0]
    since = store.events_from(db, last) if last is not None else []
    if since[:1] == [last]:
        if len(since) > 1:
            times = {**times, **{match_id: datetime.fromisoformat(at)
                                 for _event, match_id, at in since[1:] if match_id in times}}
            kept[0] = (since[-1], times)
    else:
        last = store.last_event(db)  # (read first: an event logged meanwhile is read again at the next look)
        latest = store.last_events(db, ids)
        read = store.event_times(db, list(latest.values()))
        times = {match_id: datetime.fromisoformat(read[latest[match_id]]) if match_id in latest else None
                 for match_id in ids}
        kept[0] = (last, times)
    return [times[match_id] for match_id in ids]


def board_rows(state: State, clock: evening.Clock) -> list[BoardRow]:
    """The round in play's tables as the desk watches them (none before the first draw); ``clock``:
    the round's clock as :func:`current_clock` read it (with the clock shown beside them)."""
    if not state.rounds:
        return []
    at = now()
    views = state.tables.get(len(state.rounds), [])
    times = dict(zip((view.table.number for view in views), changed_at([view.match for view in views]), strict=True))
    slow = evening.slow_tables({view.table.number: view.deals for view in views}, times,
                               [view.table.number for view in views if view.done], clock, at)
    phase = evening.clock_phase(clock, at)  # (a table not done: the clock's, the same for each)
    return [BoardRow(view, times[view.table.number], view.table.number in slow,
                     evening.OVER if view.done else phase) for view in views]


@lru_cache(maxsize=16)
def _to_the_minute(language: str) -> bool:
    """Does ``language``'s short time (:attr:`BoardRow.changed`) say no seconds? (Every language the
    app speaks: ``h:mm a``, ``HH:mm``, ``H:mm``.)"""
    return not any(kind == "field" and value[0] in "sSA"
                   for kind, value in tokenize_pattern(get_time_format("short", language).pattern))


def board_row_parts(state: State, rows: Sequence[BoardRow], phases: Mapping[str, str]) -> list[Part]:
    """The desk's board of the round in play, as sent, row by row: a row's shape, its link, is kept per
    its table (a cache: the key is everything the shape draws), and
    what a deal, the clock or the round's median changes (whether it is slow, its deals, last change
    and phase) is put in, drawn once per what it says (a final's tables changed in one minute, with as
    many deals, say the same: drawing each changed row's own, Babel's formatting of its time most of it,
    was 12.5M instructions of a desk after 100 tables changed; a shape kept per whether its row is slow
    and its phase too was drawn again for each table the median's rise turned slow, 63-65M of a final's
    desk after 200 tables changed, desk23b); sent as one part, their run (:func:`.kept.run`: a row shows
    its view, whether it is slow, its phase and its last change as :func:`changed_at` keeps it, and the
    rest of its key follows from the view)."""
    row_html = get_template_attribute("tournaments/_board_row.html", "board_row")
    slow_mark = get_template_attribute("tournaments/_board_row.html", "slow")
    row_state = get_template_attribute("tournaments/_board_row.html", "state")
    at = (language(), str(get_timezone()), request.script_root)
    to_the_minute = _to_the_minute(at[0])
    states_said = answers(PROGRESSES)

    def stands(row: BoardRow) -> tuple[Hashable, ...]:  # how it stands: slow or not, its phase, closed or finished
        view = row.view
        return row.slow, row.phase, view.closed.reason if view.closed else None, view.result is not None

    def said(row: BoardRow, standing: tuple[Hashable, ...]) -> tuple[str, str]:  # whether it is slow, and the rest
        # of its state, kept per what they say: its last change by the minute it falls in (every time zone's
        # offset whole minutes, one minute says one time in the zone named in the key), not made the zone's
        # own time and cut to the minute (~21k instructions a changed row, desk25)
        changed = row.changed_at if row.changed_at is None or not to_the_minute else row.changed_at.timestamp() // 60
        return states_said((*at[:2], row.view.deals, changed, *standing),
                           lambda: (str(slow_mark(row)), str(row_state(row, phases))))

    def kept_row(row: BoardRow, kept: Shape) -> Part:
        view = row.view
        return shaped(ROW_SHAPES, kept, (*at, view.match.id, view.table.number),
                      lambda hole: str(row_html(row, hole, hole)), *said(row, stands(row)))

    shown = [(row.view, row.slow, row.phase, row.changed_at) for row in rows]
    return [run(("board rows", current_app.config["DATABASE"], state.tournament.id, *at), shown,
                lambda index, kept: kept_row(rows[index], kept))]


def board(state: State, slots: Slots, *, clock_form: FlaskForm | None = None,
          closing: FlaskForm | None = None) -> dict[str, Any]:
    """Everything the desk's board shows (empty before the first draw), its rows and the
    close-the-round choices in ``slots`` (:class:`.kept.Slots`)."""
    if not state.rounds:
        return {}
    number = len(state.rounds)
    open_views = [view for view in state.tables.get(number, []) if not view.done]
    settings = store.get_evening_settings(store.get_db(), state.tournament.id)
    current = current_clock(state)  # (read once for the clock card and the rows)
    return {"number": number, "finished": state.round_finished(number),
            "clock_card": slots(clock_card_part(state, number, settings, shown_clock(state, current), clock_form)),
            "rows": slots(*board_row_parts(state, board_rows(state, current[0]), evening.CLOCK_PHASES)),
            "close": slots(*close_round_parts(state, number, open_views, closing)) if open_views else "",
            "wall_settings": slots(wall_settings_part(state, number, settings)), "idle": evening.IDLE_MINUTES}
