"""The round in play, from the desk: its clock (start, pause, resume, more time), closing it
(the tables not finished scored as they stand or as the organiser says, the reason kept in each
table's history) and what the wall shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import evening, store
from ...errors import RuleViolation
from .. import access
from ..confirm import ask_first
from ..forms import refused
from ..roundclock import now
from .board import DRAWN, STANDS, ClockForm, WallForm, close_form, current_clock
from .core import State, bp, load_state
from .desk import _page

CLOCK_ACTIONS = ("start", "pause", "resume", "add")


def run_clock(state: State, action: str, minutes: int) -> str:
    """Do ``action`` (one of :data:`CLOCK_ACTIONS`) with the clock of the round in play: start it
    for ``minutes`` (kept as the tournament's round time), pause it, start it again, or add
    ``minutes``; answers what was done, to be said to the organiser.

    :raise RuleViolation: the clock's rule says no (field ``minutes``, ``extra`` or ``clock``)
    """
    db, at, tournament_id = store.get_db(), now(), state.tournament.id
    round_id = state.rounds[-1].id
    if action == "start":
        store.set_clock(db, round_id, lambda clock: evening.start_clock(clock, minutes, at))
        store.set_evening_settings(db, tournament_id, replace(store.get_evening_settings(db, tournament_id),
                                                              round_minutes=minutes))
        return ngettext("The clock runs: %(num)d minute.", "The clock runs: %(num)d minutes.", minutes)
    if action == "pause":
        store.set_clock(db, round_id, lambda clock: evening.pause_clock(clock, at))
        return _("The clock is paused.")
    if action == "resume":
        store.set_clock(db, round_id, lambda clock: evening.resume_clock(clock, at))
        return _("The clock runs again.")
    store.set_clock(db, round_id, lambda clock: evening.add_time(clock, minutes))
    return ngettext("%(num)d minute added.", "%(num)d minutes added.", minutes)


def check_closable(state: State, number: int) -> None:
    """May round ``number`` be closed now (:func:`scorekeeper.evening.check_closable`)?

    :raise RuleViolation: (field ``round``) why not
    """
    _clock, shown = current_clock(state)
    evening.check_closable(number, drawn=len(state.rounds), finished=state.round_finished(number),
                           phase=shown.phase if shown else evening.NOT_STARTED)


def close(state: State, number: int, chosen: Mapping[int, str], reason: str) -> int:
    """Close round ``number`` for ``reason``: ``chosen`` is each table not done's result (by table
    id: STANDS, DRAWN or a side's index as text, as :func:`.board.close_form` offers them). The
    rule is checked again inside the write lock; answers how many tables were closed.

    :raise RuleViolation: (field ``round``) the round may not be closed
    """
    views = [view for view in state.tables.get(number, []) if not view.done]
    closing = [(view.table.id, view.match.id, view.deals,
                None if chosen[view.table.id] == STANDS else
                store.DRAW if chosen[view.table.id] == DRAWN else int(chosen[view.table.id]))
               for view in views]
    store.close_tables(store.get_db(), closing, reason, now(),
                       lambda: check_closable(load_state(state.tournament.id), number))
    return len(closing)


def choose_wall(state: State, *, standings: bool, hold: bool, publish: bool) -> None:
    """What the wall shows: the standings or not; each new round's pairings at once, or held until
    published (``publish``: the round in play's now)."""
    db = store.get_db()
    settings = store.get_evening_settings(db, state.tournament.id)
    published = len(state.rounds) if publish else settings.wall.published
    store.set_evening_settings(db, state.tournament.id, replace(settings, wall=evening.WallChoice(
        standings, hold, published)))


def _back(tournament_id: int):
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="board"))


@bp.post("/tournaments/<int:tournament_id>/rounds/<int:number>/clock")
@access.organiser_only
def clock(tournament_id: int, number: int):
    """Start the round's clock (for the minutes given, kept as the tournament's round time), pause
    it, start it again, or give the round more minutes."""
    state = load_state(tournament_id)
    if number != len(state.rounds) or number == 0:
        abort(404)
    form, action = ClockForm(), request.form.get("action", "")
    if action not in CLOCK_ACTIONS or not form.validate_on_submit():
        form.form_errors.append(_("Choose what to do with the clock."))
        return _page(state, clock_form=form, status=422)
    minutes = form.minutes.data if action == "start" else form.extra.data
    try:
        flash(run_clock(state, action, minutes or 0))
    except RuleViolation as err:
        field = form._fields.get(err.field or "")
        if field is None:
            form.form_errors.append(refused(err))
        else:
            field.errors = [*field.errors, refused(err)]
        return _page(state, clock_form=form, status=422)
    return _back(tournament_id)


@bp.post("/tournaments/<int:tournament_id>/rounds/<int:number>/close")
@access.organiser_only
def close_round(tournament_id: int, number: int):
    """Close the round in play: each table not finished is scored as it stands, or as the organiser
    says; the reason goes into each table's history. The next round can then be drawn."""
    state = load_state(tournament_id)
    if not 0 < number <= len(state.rounds):
        abort(404)
    views = [view for view in state.tables.get(number, []) if not view.done]
    form = close_form(state, views)
    try:
        check_closable(state, number)
    except RuleViolation as err:
        flash(refused(err), "error")
        return _back(tournament_id)
    if not form.validate_on_submit():
        return _page(state, closing=form, status=422)
    asked = ask_first(ngettext("Close round %(round)d? %(num)d table not finished gets the result chosen; "
                               "no deal can change it after.",
                               "Close round %(round)d? %(num)d tables not finished get the results chosen; "
                               "no deal can change them after.", len(views), round=number),
                      _("Close round %(round)d", round=number),
                      url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="board"))
    if asked:
        return asked
    chosen = {view.table.id: form[f"result_{view.table.id}"].data for view in views}
    try:
        count = close(state, number, chosen, form.reason.data.strip())
    except RuleViolation as err:
        flash(refused(err), "error")
    else:
        flash(ngettext("Round %(round)d is closed: %(num)d table scored as the organiser said.",
                       "Round %(round)d is closed: %(num)d tables scored as the organiser said.",
                       count, round=number))
    return _back(tournament_id)


@bp.post("/tournaments/<int:tournament_id>/wall")
@access.organiser_only
def wall_settings(tournament_id: int):
    """What the wall shows: the standings or not; each new round's pairings at once or once published."""
    state = load_state(tournament_id)
    form = WallForm()
    if not form.validate_on_submit():
        flash(_("The wall's settings were not saved: send the form again."), "error")
        return _back(tournament_id)
    choose_wall(state, standings=bool(form.standings.data), hold=bool(form.hold.data), publish=bool(form.publish.data))
    flash(_("The wall shows what you chose."))
    return _back(tournament_id)
