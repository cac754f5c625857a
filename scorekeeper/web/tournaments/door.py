"""The door of an evening: entries added (also after the first round), withdrawn, replaced or
removed, and players kept apart."""

from __future__ import annotations

from collections.abc import Sequence

from flask import abort, flash, redirect, url_for
from flask_babel import gettext as _

from ... import store
from ...errors import N_, RuleViolation
from .. import access
from ..confirm import ask_first
from ..forms import apart_form, entry_form, refused
from .core import State, bp, load_state, seats_per_entry
from .desk import _page, _replace_form


def enter(state: State, players: Sequence[int]) -> int:
    """Register an entry of ``players`` (a pair, or one player, as the format says); after the
    first round it joins from the next one to draw.

    :raise RuleViolation: not as many players as an entry holds, one unknown or twice, or see
        :func:`store.add_entry`
    """
    size = seats_per_entry(state.tournament, state.rules)
    if len(players) != size:
        raise RuleViolation(N_("An entry of this tournament is a pair: give two players") if size == 2 else
                            N_("An entry of this tournament is one player"), field="players")
    unknown = [p for p in players if p not in state.players]
    if unknown:
        raise RuleViolation(N_("No player of the club has the id %(id)d"), field="players", id=unknown[0])
    if len(set(players)) != len(players):
        raise RuleViolation(N_("Pick two different players"), field="players")
    return store.add_entry(store.get_db(), state.tournament.id, players)


@bp.post("/tournaments/<int:tournament_id>/entries")
@access.organiser_only
def add_entry(tournament_id: int):
    """Register a pair or a player."""
    state = load_state(tournament_id)
    size = seats_per_entry(state.tournament, state.rules)
    form = entry_form(store.list_players(store.get_db()), size)
    if form.validate_on_submit():
        chosen = [int(form[key].data) for key in form.player_keys]
        try:
            enter(state, chosen)
        except RuleViolation as err:
            field = form._fields.get(err.field or "") or form[form.player_keys[0]]
            field.errors = [*field.errors, refused(err)]
        else:
            if state.rounds:
                flash(_("%(names)s join from round %(round)d.", names=" & ".join(state.players[p].name for p in chosen),
                        round=len(state.rounds) + 1))
            return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="entries"))
    return _page(state, entry=form, status=422)


def _state_of_entry(tournament_id: int, entry_id: int) -> State:
    """The tournament's state, 404 unless ``entry_id`` is one of its entries."""
    state = load_state(tournament_id)
    if entry_id not in state.entries:
        abort(404)
    return state


@bp.post("/tournaments/<int:tournament_id>/entries/<int:entry_id>/withdraw")
@access.organiser_only
def withdraw_entry(tournament_id: int, entry_id: int):
    """An entry leaves after the rounds drawn: it is drawn no more, its tables stand."""
    state = _state_of_entry(tournament_id, entry_id)
    asked = ask_first(_("Withdraw %(name)s? They are drawn no more; the tables they played stand.",
                        name=state.entry_name(entry_id)), _("Withdraw %(name)s", name=state.entry_name(entry_id)),
                      url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="entries"))
    if asked:
        return asked
    try:
        store.withdraw_entry(store.get_db(), tournament_id, entry_id)
    except RuleViolation as err:
        flash(refused(err), "error")
    else:
        flash(_("%(name)s withdrew after round %(round)d: they are drawn no more.", name=state.entry_name(entry_id),
                round=len(state.rounds)))
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="entries"))


@bp.post("/tournaments/<int:tournament_id>/entries/<int:entry_id>/replace")
@access.organiser_only
def replace_player(tournament_id: int, entry_id: int):
    """A player of an entry is replaced for the rest of the tournament (a substitute)."""
    state = _state_of_entry(tournament_id, entry_id)
    form = _replace_form(state, entry_id)
    if not form.validate_on_submit():
        flash(_("Choose who leaves and who takes their place."), "error")
    else:
        try:
            store.replace_player(store.get_db(), tournament_id, entry_id, form.leaving.data, form.coming.data)
        except RuleViolation as err:
            flash(refused(err), "error")
        else:
            flash(_("%(coming)s takes the place of %(leaving)s from now on.",
                    coming=state.players[form.coming.data].name, leaving=state.players[form.leaving.data].name))
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="entries"))


@bp.post("/tournaments/<int:tournament_id>/entries/<int:entry_id>/delete")
@access.organiser_only
def remove_entry(tournament_id: int, entry_id: int):
    """Remove an entry before the first round."""
    _state_of_entry(tournament_id, entry_id)
    try:
        store.remove_entry(store.get_db(), tournament_id, entry_id)
    except RuleViolation as err:
        flash(refused(err), "error")
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="entries"))


@bp.post("/tournaments/<int:tournament_id>/apart")
@access.organiser_only
def keep_apart(tournament_id: int):
    """Two players the draws keep apart from now on (a family, team-mates of a league)."""
    load_state(tournament_id)
    form = apart_form(store.list_players(store.get_db()))
    if not form.validate_on_submit():
        flash(_("Choose the two players to keep apart."), "error")
    else:
        try:
            store.keep_apart(store.get_db(), tournament_id, form.first.data, form.second.data)
        except RuleViolation as err:
            flash(refused(err), "error")
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="apart"))


@bp.post("/tournaments/<int:tournament_id>/apart/<int:apart_id>/delete")
@access.organiser_only
def stop_keeping_apart(tournament_id: int, apart_id: int):
    load_state(tournament_id)
    store.stop_keeping_apart(store.get_db(), tournament_id, apart_id)
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="apart"))
