"""The organiser's desk: logging in, the list of tournaments, a new tournament and its page."""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from typing import Any

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_wtf import FlaskForm

from ... import evening, games, pairings, store
from ...errors import RuleViolation
from .. import access, address, profiles
from ..forms import (
    FORMAT_LABELS,
    EngineForm,
    LoginForm,
    apart_form,
    entry_form,
    match_options,
    options_from,
    replace_form,
    swap_form,
    tournament_form,
)
from ..safety import local_target
from . import kept
from .board import board
from .core import State, bp, check_tournament, formats, load_state, seats_per_entry, startable_games
from .prize_list import awards_of, prizes_part


@bp.route("/organiser/login", methods=("GET", "POST"))
def login():
    """The organiser's password opens the club's pages for this browser."""
    form = LoginForm()
    wait = access.login_wait() if request.method == "POST" else 0
    if wait:
        form.form_errors.append(ngettext("Too many wrong passwords: try again in %(num)d minute.",
                                         "Too many wrong passwords: try again in %(num)d minutes.",
                                         math.ceil(wait / 60)))
        return render_template("tournaments/login.html", form=form, password_set=access.password_is_set()), \
            429, {"Retry-After": str(wait)}
    if form.validate_on_submit():
        if access.log_in(form.password.data or ""):
            return redirect(local_target(request.args.get("next"), url_for("tournaments.index")))
        form.password.errors = [*form.password.errors, _("That is not the organiser's password.")]
    status = 422 if request.method == "POST" else 200
    return render_template("tournaments/login.html", form=form, password_set=access.password_is_set()), status


@bp.post("/organiser/logout")
def logout():
    """Close the organiser's session on this browser."""
    access.log_out()  # the CSRF token was checked before the view (CSRFProtect)
    return redirect(url_for("main.index"))


@bp.get("/tournaments")
@access.organiser_only
def index():
    """The tournaments, and the games one can start one of."""
    return render_template("tournaments/index.html", tournaments=store.list_tournaments(store.get_db()),
                           games=startable_games(), game_names={key: rules.name for key, rules in games.RULES.items()})


@bp.route("/tournaments/new/<game>", methods=("GET", "POST"))
@access.organiser_only
def new(game: str):
    """Start a tournament of ``game``: format, rounds, deals per round, ranking, house rules."""
    rules = games.RULES.get(game) or abort(404)
    shown, preset = profiles.shown_and_preset(rules)
    allowed = formats(rules, shown) or abort(404)
    offered = profiles.choices(rules)
    if profiles.use_asked():  # the chosen profile's rules in the form, the rest as typed
        form, status = profiles.use(rules, lambda options, used: tournament_form(
            rules, options, allowed, pairings.RANKINGS, evening.LATE_ROUNDS, offered, used))
        return render_template("tournaments/new.html", form=form, rules=rules), status
    form = tournament_form(rules, options_from(rules, request.form) if request.method == "POST" else shown,
                           allowed, pairings.RANKINGS, evening.LATE_ROUNDS, offered, preset)
    profiles.mark_linked(form)
    if form.validate_on_submit():
        try:
            options = rules.resolve_options(match_options(form, shown, preset))
            check_tournament(rules, options, form.format.data, form.deals.data)
        except RuleViolation as err:
            form.attach(err)
        else:
            tournament_id = store.create_tournament(
                store.get_db(), name=form.name.data.strip(), game=rules.key, options=options,
                format=form.format.data, rounds=form.rounds.data, deals=form.deals.data,
                ranking=form.ranking.data, seed=secrets.randbelow(2**31), late_rounds=form.late_rounds.data,
                confirm_results=bool(form.confirm_results.data))
            return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))
    status = 422 if request.method == "POST" else 200
    return render_template("tournaments/new.html", form=form, rules=rules), status


def _page(state: State, *, entry: EngineForm | None = None, status: int = 200,
          clock_form: FlaskForm | None = None, closing: FlaskForm | None = None):
    """The desk, written around its kept parts (:class:`.kept.Slots`), its own text kept per what it shows
    (a page asked for, GET; a form sent back with its errors, or a POST's page, draws its own): the tournament
    and its roster (:attr:`State.roster_key`), the page's address and host, each round's tables done or not, the
    tables awaiting confirmation as derived (their views' keys), the prizes awarded, and its parts' slots."""
    current = len(state.rounds)
    swapping = bool(current) and not state.round_begun(current)
    late_said = _(evening.LATE_ROUNDS[state.tournament.late_rounds])
    slots = kept.Slots()
    shown: dict[str, Any] = {
        "entries_part": slots(_entries_part(state, entry, late_said)), "standings_part": slots(kept.standings_part(state)),
        "prizes_part": slots(prizes_part(state)), "board": board(state, slots, clock_form=clock_form, closing=closing),
        "round_tables": {round_.number: slots(*kept.round_tables(state, round_.number))
                         for round_ in reversed(state.rounds)},
        "finished": tuple(state.round_finished(round_.number) for round_ in state.rounds),
        "awards": tuple(awards_of(state)) if state.finished else (),
        "unreachable": bool(state.rounds) and address.phones_cannot_open()}
    shown["can_draw"] = not state.finished and current < state.tournament.rounds and (not current or shown["finished"][-1])
    waiting = tuple((number, view.key) for number, view in state.to_confirm()) if state.tournament.confirm_results else ()
    shows = None if (entry, clock_form, closing) != (None, None, None) or request.method != "GET" else (
        "desk", state.roster_key, request.full_path, request.host, swapping, waiting, tuple(shown["board"].items()),
        tuple(shown["round_tables"].items()),
        *(value for name, value in shown.items() if name not in ("board", "round_tables")))

    def context() -> dict[str, Any]:
        swap = None
        if swapping:
            in_round = [e for table in state.rounds[-1].tables for side in table.sides for e in side]
            swap = swap_form([(e, state.entry_name(e)) for e in in_round])
        return {**shown, "state": state, "rules": state.rules, "swap_form": swap, "late_said": late_said,
                "format_label": FORMAT_LABELS[state.tournament.format]}

    return slots.page("tournaments/tournament.html", shows, context), status


def _entries_part(state: State, entry: EngineForm | None, late_said: str) -> kept.Part:
    """The entries with their forms and the players kept apart, kept per what they show (a deal
    changes none of it) unless the registration form comes back with its errors."""
    apart = [(apart_id, state.players[a].name, state.players[b].name)
             for apart_id, a, b in store.list_apart(store.get_db(), state.tournament.id)]

    def context() -> dict[str, Any]:
        size = seats_per_entry(state.tournament, state.rules)
        entered = {p for e in state.entries.values() for p in e.players}
        free = [p for p in state.players.values() if p.id not in entered]
        return {"state": state, "size": size, "late_said": late_said, "apart": apart,
                "entry_form": entry or entry_form(free, size), "replace_forms": _replace_forms(state, free),
                "can_enter": len(state.rounds) < state.tournament.rounds,
                "apart_form": apart_form(list(state.players.values()))}

    key = None if entry is not None else ("entries", state.roster_key, len(state.rounds), tuple(apart))
    return kept.part(key, "tournaments/_entries.html", context)


def _replace_form(state: State, entry_id: int) -> FlaskForm:
    entered = {p for e in state.entries.values() for p in e.players}
    return replace_form([p for p in state.players.values() if p.id not in entered],
                        [state.players[p] for p in state.entries[entry_id].players])


def _replace_forms(state: State, free: Sequence[store.Player]) -> dict[int, FlaskForm | None]:
    """Each entry still playing, with the form replacing one of its players by one of the ``free``
    players (None: no player is free; a final's desk of 1,000 entries builds no form)."""
    playing = [entry for entry in state.entries.values() if entry.withdrawn is None]
    if not free:
        return dict.fromkeys(entry.id for entry in playing)
    return {entry.id: replace_form(free, [state.players[p] for p in entry.players]) for entry in playing}


@bp.get("/tournaments/<int:tournament_id>")
@access.organiser_only
def tournament(tournament_id: int):
    """The organiser's desk: entries, rounds, tables and their links, standings."""
    return _page(load_state(tournament_id))
