"""The club: players, tournaments, rounds, tables and standings (the organiser's pages), the
tables' secret links, and the standings on the wall screen (the club's printed files and
records: :mod:`.club_files`).

A table is a normal match created by the draw, with the tournament's house rules and, where
the tournament says so, a fixed number of deals; its phone reaches it through the table's link
(``/t/<token>``), see :mod:`.access`. Results and standings are always derived from the
tables' sheets (DESIGN.md principle 1).
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _, ngettext
from flask_wtf import FlaskForm

from .. import evening, games, pairings, store
from ..statistics import GameStatistics, SeatedDeal, player_statistics
from ..errors import N_, RuleViolation
from ..games.base import GameRules, MatchResult
from . import access
from .confirm import ask_first
from .forms import (
    FORMAT_LABELS,
    EngineForm,
    LoginForm,
    PlayerForm,
    PlayerListForm,
    entry_form,
    match_options,
    apart_form,
    merge_form,
    replace_form,
    refused,
    swap_form,
    tournament_form,
)
from .matches import options_from
from .safety import local_target
from .sheets import scored_sheet, side_names

bp = Blueprint("tournaments", __name__)
WALL_REFRESH_S = 30


# -- what a tournament's game allows ------------------------------------------------------

def formats(rules: GameRules, options: Mapping[str, Any]) -> list[str]:
    """The formats the game's table allows: side against side needs two sides; rotating
    partners need four seats."""
    table = rules.table(options)
    found = []
    if len(table.sides) == 2 and len(table.seats) in (2, 4):
        found.append("pairs")
    if len(table.seats) == 4:
        found.append("individual")
    return found


def seats_per_entry(tournament: store.Tournament, rules: GameRules) -> int:
    """Players in one entry: a pair (two of four seats), a single player otherwise."""
    seats = rules.table(tournament.options).seats
    return len(seats) // 2 if tournament.format == "pairs" else 1


def seating(tournament: store.Tournament, rules: GameRules, sides: Sequence[Sequence[int]],
            entries: Mapping[int, store.Entry]) -> dict[str, int]:
    """Seat -> player id for a table's sides: a pair sits N+S or E+W (one player each side at a
    two-seat table); individual partners sit across (the first side N+S)."""
    seats = rules.table(tournament.options).seats
    if tournament.format == "pairs":
        players = [p for side in sides for p in entries[side[0]].players]
        order = (seats[0], seats[2], seats[1], seats[3]) if len(seats) == 4 else seats
    else:
        (a, c), (b, d) = sides
        players = [entries[e].players[0] for e in (a, c, b, d)]
        order = (seats[0], seats[2], seats[1], seats[3])
    return dict(zip(order, players, strict=True))


def _names(seated: Mapping[str, int], players: Mapping[int, store.Player]) -> dict[str, str]:
    return {seat: players[player_id].name for seat, player_id in seated.items()}


@dataclass(frozen=True, slots=True)
class TableView:
    """A table as the organiser and the standings see it."""

    table: store.TableRow
    match: store.Match
    deals: int
    result: MatchResult | None
    outcome: pairings.Result | None

    def seated(self, rules: GameRules) -> list[tuple[str, str]]:
        """Where each side of the table sits, with its players, as its match seats them:
        ``("N–S", "Ann & Ben")``."""
        table = rules.table(self.match.options)
        names = side_names(rules, table, self.match.players)
        return [(rules.side_label(side), names[side]) for side in table.sides]


@dataclass(frozen=True, slots=True)
class State:
    """Everything derived about a tournament: its entries, rounds, tables and standings."""

    tournament: store.Tournament
    rules: GameRules
    entries: dict[int, store.Entry]
    players: dict[int, store.Player]
    rounds: list[store.RoundRow]
    tables: dict[int, list[TableView]]  # round number -> its tables
    standings: list[pairings.Standing]

    def entry_name(self, entry_id: int) -> str:
        return " & ".join(self.players[p].name for p in self.entries[entry_id].players)

    def names(self, entry_ids: Sequence[int], separator: str = " & ") -> str:
        """Several entries by name: a side of partners, or those sitting out."""
        return separator.join(self.entry_name(e) for e in entry_ids)

    def round_finished(self, number: int) -> bool:
        return all(view.result is not None for view in self.tables.get(number, []))

    def round_begun(self, number: int) -> bool:
        return any(view.deals for view in self.tables.get(number, []))

    @property
    def finished(self) -> bool:
        return len(self.rounds) >= self.tournament.rounds and self.round_finished(len(self.rounds))


def _outcome(state_rules: GameRules, tournament: store.Tournament, seated: Mapping[str, int],
             entry_of: Mapping[int, int], totals: Mapping[str, int], result: MatchResult) -> pairings.Result:
    """A finished table as the standings count it: each game side's entries and points."""
    table = state_rules.table(tournament.options)
    sides = [tuple(dict.fromkeys(entry_of[seated[seat]] for seat in table.seats
                                 if state_rules.side_of(seat) == side)) for side in table.sides]
    winner = None if result.winner is None else list(table.sides).index(result.winner)
    return pairings.Result(tuple(sides), tuple(totals[side] for side in table.sides), winner)


def load_state(tournament_id: int) -> State:
    """The tournament and all that follows from its tables' sheets (404 if there is none)."""
    db = store.get_db()
    try:
        tournament = store.get_tournament(db, tournament_id)
    except store.NotFound:
        abort(404)
    rules = games.get_rules(tournament.game)
    entries = {e.id: e for e in store.list_entries(db, tournament_id)}
    players = {p.id: p for p in store.list_players(db)}
    entry_of = {p: e.id for e in entries.values() for p in e.players}
    rounds = store.list_rounds(db, tournament_id)
    tables: dict[int, list[TableView]] = {}
    for round_row in rounds:
        for table in round_row.tables:
            match = store.get_match(db, table.match_id)
            deals = store.list_deals(db, table.match_id)
            sheet = scored_sheet(match, rules, deals)
            seated = seating(tournament, rules, table.sides, entries)
            outcome = (_outcome(rules, tournament, seated, entry_of, sheet.totals, sheet.result)
                       if sheet.result is not None else None)
            tables.setdefault(round_row.number, []).append(TableView(table, match, len(deals), sheet.result, outcome))
    results = [view.outcome for views in tables.values() for view in views if view.outcome is not None]
    byes = [entry for r in rounds for entry in r.byes] + evening.missed_byes(entries.values(), tournament.late_rounds)
    return State(tournament, rules, entries, players, rounds, tables,
                 pairings.standings(entries, results, byes, tournament.ranking))


# -- the organiser's door ------------------------------------------------------------------

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


# -- players -------------------------------------------------------------------------------

@bp.route("/players", methods=("GET", "POST"))
@access.organiser_only
def players():
    """The club's players, and forms to add one or a pasted list (a namesake is asked about first)."""
    form, db = PlayerForm(), store.get_db()
    if form.validate_on_submit():
        name, licence = form.name.data.strip(), (form.licence.data or "").strip()
        namesakes = [p for p in store.list_players(db) if evening.same_name(p.name, name)]
        if not namesakes or form.again.data:
            store.add_player(db, name, licence)
            flash(_("%(name)s joined the club's players.", name=name))
            return redirect(url_for("tournaments.players"))
        form.name.errors = [*form.name.errors, _(
            "%(name)s is already one of the club's players: tick “add them anyway” for another person of that "
            "name, or open their page.", name=namesakes[0].name)]
    return _players_page(form, PlayerListForm(formdata=None), 422 if request.method == "POST" else 200)


def _players_page(form: PlayerForm, listed: PlayerListForm, status: int):
    return render_template("tournaments/players.html", form=form, listed=listed,
                           players=store.list_players(store.get_db())), status


@bp.post("/players/list")
@access.organiser_only
def paste_players():
    """Many players at once, pasted one a line; names the club has already are left out, and said."""
    listed, db = PlayerListForm(), store.get_db()
    if listed.validate_on_submit():
        try:
            rows = evening.read_player_list(listed.players.data)
        except RuleViolation as err:
            listed.players.errors = [*listed.players.errors, refused(err)]
        else:
            added, skipped = evening.new_names(rows, [p.name for p in store.list_players(db)])
            store.add_players(db, added)
            flash(ngettext("%(num)d player joined the club's players.", "%(num)d players joined the club's players.",
                           len(added)))
            if skipped:
                flash(_("Left out, the club has them already (or the list named them twice): %(names)s.",
                        names=", ".join(skipped)), "error")
            return redirect(url_for("tournaments.players"))
    return _players_page(PlayerForm(formdata=None), listed, 422)


def _found_player(player_id: int) -> store.Player:
    try:
        return store.get_player(store.get_db(), player_id)
    except store.NotFound:
        abort(404)


@bp.post("/players/<int:player_id>/remove")
@access.organiser_only
def remove_player(player_id: int):
    """Remove a player who played no tournament (the button sits behind a first tap)."""
    found = _found_player(player_id)
    asked = ask_first(_("Remove %(name)s from the club's players for good?", name=found.name),
                      _("Remove %(name)s for good", name=found.name), url_for("tournaments.player", player_id=player_id))
    if asked:
        return asked
    try:
        store.remove_player(store.get_db(), player_id)
    except RuleViolation as err:
        flash(refused(err), "error")
        return redirect(url_for("tournaments.player", player_id=player_id))
    flash(_("%(name)s is no longer one of the club's players.", name=found.name))
    return redirect(url_for("tournaments.players"))


@bp.post("/players/<int:player_id>/merge")
@access.organiser_only
def merge_player(player_id: int):
    """This player is another of the club's, typed twice: their tournaments go to that one."""
    found, db = _found_player(player_id), store.get_db()
    form = merge_form(store.list_players(db), player_id)
    if form.validate_on_submit():
        asked = ask_first(_("Merge %(name)s into %(other)s for good? Their tournaments become %(other)s’s.",
                            name=found.name, other=store.get_player(db, form.target.data).name),
                          _("Merge into that player"), url_for("tournaments.player", player_id=player_id))
        if asked:
            return asked
        try:
            store.merge_players(db, player_id, form.target.data)
        except (RuleViolation, store.NotFound) as err:
            flash(refused(err) if isinstance(err, RuleViolation) else _("No such player."), "error")
        else:
            flash(_("%(name)s is merged into %(other)s.", name=found.name,
                    other=store.get_player(db, form.target.data).name))
            return redirect(url_for("tournaments.player", player_id=form.target.data))
    else:
        flash(_("Choose the player to merge into."), "error")
    return redirect(url_for("tournaments.player", player_id=player_id))


def _said_outcome(outcome: pairings.Result | None, entry: int) -> str:
    """How a table ended for ``entry``."""
    if outcome is None:
        return _("in play")
    if outcome.winner is None:
        return _("a draw")
    return _("won") if entry in outcome.sides[outcome.winner] else _("lost")


def _history(player_id: int) -> tuple[list[dict[str, Any]], list[GameStatistics]]:
    """The player's tournaments with their place and each table played, and their statistics
    per game over every deal of those tables."""
    db, found, seated = store.get_db(), [], []
    for tournament in store.list_tournaments(db):
        entries = store.list_entries(db, tournament.id)
        mine = [e for e in entries if player_id in e.players]
        if not mine:
            continue
        state = load_state(tournament.id)
        place = next(i for i, s in enumerate(state.standings, start=1) if s.entry == mine[0].id)
        tables = [view for views in state.tables.values() for view in views
                  if any(mine[0].id in side for side in view.table.sides)]
        for view in tables:
            seats = seating(tournament, state.rules, view.table.sides, state.entries)
            seat = next(seat for seat, player in seats.items() if player == player_id)
            sheet = scored_sheet(view.match, state.rules, store.list_deals(db, view.match.id))
            seated += [SeatedDeal(state.rules, seat, row.declarations, row.scored) for row in sheet.rows]
        found.append({"tournament": tournament, "place": place, "entries": len(entries),
                      "tables": [(view, _said_outcome(view.outcome, mine[0].id)) for view in tables]})
    return found, player_statistics(seated)


@bp.route("/players/<int:player_id>", methods=("GET", "POST"))
@access.organiser_only
def player(player_id: int):
    """A player: name and licence to edit, and the tournaments played."""
    found = _found_player(player_id)
    form = PlayerForm(data={"name": found.name, "licence": found.licence})
    if form.validate_on_submit():
        store.update_player(store.get_db(), player_id, form.name.data.strip(), (form.licence.data or "").strip())
        flash(_("Saved."))
        return redirect(url_for("tournaments.player", player_id=player_id))
    status = 422 if request.method == "POST" else 200
    history, statistics = _history(player_id)
    return render_template("tournaments/player.html", player=found, form=form, history=history,
                           merge=merge_form(store.list_players(store.get_db()), player_id),
                           matches=store.matches_of_player(store.get_db(), found.name),
                           statistics=statistics, game_names={key: rules.name for key, rules in games.RULES.items()}), \
        status


# -- tournaments ---------------------------------------------------------------------------

@bp.get("/tournaments")
@access.organiser_only
def index():
    """The tournaments, and the games one can start one of."""
    startable = [rules for rules in games.RULES.values() if formats(rules, rules.resolve_options())]
    return render_template("tournaments/index.html", tournaments=store.list_tournaments(store.get_db()),
                           games=startable, game_names={key: rules.name for key, rules in games.RULES.items()})


@bp.route("/tournaments/new/<game>", methods=("GET", "POST"))
@access.organiser_only
def new(game: str):
    """Start a tournament of ``game``: format, rounds, deals per round, ranking, house rules."""
    rules = games.RULES.get(game) or abort(404)
    shown = options_from(rules, request.args)
    allowed = formats(rules, shown) or abort(404)
    form = tournament_form(rules, options_from(rules, request.form) if request.method == "POST" else shown,
                           allowed, pairings.RANKINGS, evening.LATE_ROUNDS)
    if form.validate_on_submit():
        try:
            options = rules.resolve_options(match_options(form, shown, ()))
            if form.format.data not in formats(rules, options):
                raise RuleViolation(N_("This format needs four players at a table"), field="format")
            if not form.deals.data and options.get("agreed_deals") == 0:  # RULES.md §7 item 14: no end
                raise RuleViolation(N_("%(game)s has no end of its own: give the number of deals a round"),
                                    field="deals", game=rules.name)
        except RuleViolation as err:
            form.attach(err)
        else:
            tournament_id = store.create_tournament(
                store.get_db(), name=form.name.data.strip(), game=rules.key, options=options,
                format=form.format.data, rounds=form.rounds.data, deals=form.deals.data,
                ranking=form.ranking.data, seed=secrets.randbelow(2**31), late_rounds=form.late_rounds.data)
            return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))
    status = 422 if request.method == "POST" else 200
    return render_template("tournaments/new.html", form=form, rules=rules), status


def _page(state: State, *, entry: EngineForm | None = None, status: int = 200):
    db = store.get_db()
    size = seats_per_entry(state.tournament, state.rules)
    entered = {p for e in state.entries.values() for p in e.players}
    current = len(state.rounds)
    swap = None
    if current and not state.round_begun(current):
        in_round = [e for table in state.rounds[-1].tables for side in table.sides for e in side]
        swap = swap_form([(e, state.entry_name(e)) for e in in_round])
    return render_template(
        "tournaments/tournament.html", state=state, rules=state.rules, size=size,
        entry_form=entry or entry_form([p for p in state.players.values() if p.id not in entered], size),
        swap_form=swap, ranking_said=_(pairings.RANKINGS[state.tournament.ranking]),
        late_said=_(evening.LATE_ROUNDS[state.tournament.late_rounds]),
        replace_forms={entry_id: _replace_form(state, entry_id) for entry_id, entry in state.entries.items()
                       if entry.withdrawn is None},
        can_enter=len(state.rounds) < state.tournament.rounds,
        apart=[(apart_id, state.players[a].name, state.players[b].name)
               for apart_id, a, b in store.list_apart(db, state.tournament.id)],
        apart_form=apart_form(list(state.players.values())),
        format_label=FORMAT_LABELS[state.tournament.format],
        can_draw=not state.finished and len(state.rounds) < state.tournament.rounds
        and (not state.rounds or state.round_finished(current))), status


@bp.get("/tournaments/<int:tournament_id>")
@access.organiser_only
def tournament(tournament_id: int):
    """The organiser's desk: entries, rounds, tables and their links, standings."""
    return _page(load_state(tournament_id))


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
            if len(set(chosen)) != len(chosen):
                raise RuleViolation(N_("Pick two different players"), field="player_2")
            store.add_entry(store.get_db(), tournament_id, chosen)
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


def _replace_form(state: State, entry_id: int) -> FlaskForm:
    entered = {p for e in state.entries.values() for p in e.players}
    return replace_form([p for p in state.players.values() if p.id not in entered],
                        [state.players[p] for p in state.entries[entry_id].players])


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


def _apart(state: State) -> pairings.Apart:
    """The entries this tournament's draws keep apart."""
    return evening.apart_entries({e.id: e.players for e in state.entries.values()},
                                 [(a, b) for _, a, b in store.list_apart(store.get_db(), state.tournament.id)])


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


def _check_drawable(tournament_id: int, number: int) -> None:
    """Inside the draw's write lock: may round ``number`` be drawn now? (:func:`evening.check_drawable`)"""
    state = load_state(tournament_id)
    evening.check_drawable(number, drawn=len(state.rounds), planned=state.tournament.rounds,
                           last_finished=state.round_finished(len(state.rounds)),
                           playing=len(evening.drawn_in(state.entries.values(), number)),
                           need=4 if state.tournament.format == "individual" else 2)


@bp.post("/tournaments/<int:tournament_id>/rounds")
@access.organiser_only
def draw(tournament_id: int):
    """Draw the next round: its tables and their links (round one at random from the seed,
    then Swiss, or rotating partners)."""
    state = load_state(tournament_id)
    number = len(state.rounds) + 1
    apart = _apart(state)
    round_ = pairings.next_round(
        list(state.entries), [pairings.Round(tuple(t.sides for t in r.tables), r.byes) for r in state.rounds],
        [v.outcome for views in state.tables.values() for v in views if v.outcome is not None],
        seats=4 if state.tournament.format == "individual" else 2, seed=state.tournament.seed,
        ranking=state.tournament.ranking, playing=evening.drawn_in(state.entries.values(), number),
        credited=evening.missed_byes(state.entries.values(), state.tournament.late_rounds), apart=apart)
    seats = state.rules.table(state.tournament.options).seats
    tables = [(sides, _names(seating(state.tournament, state.rules, sides, state.entries), state.players),
               access.new_token(), _("%(tournament)s · round %(round)d, table %(table)d",
                                     tournament=state.tournament.name, round=number, table=index))
              for index, sides in enumerate(round_.tables, start=1)]
    try:
        store.add_round(store.get_db(), tournament_id, number, round_.byes, tables, game=state.rules.key,
                        first_dealer=seats[0], options=state.tournament.options,
                        deal_limit=state.tournament.deals, ready=lambda: _check_drawable(tournament_id, number))
    except RuleViolation as err:
        flash(refused(err), "error")
    else:
        flash(_("Round %(round)d is drawn: %(tables)d tables.", round=number, tables=len(tables)))
        for pair in pairings.broken_apart(round_, apart):
            flash(_("%(first)s and %(second)s could not be kept apart this round: every other draw was worse.",
                    first=state.entry_name(min(pair)), second=state.entry_name(max(pair))), "error")
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor=f"round-{number}"))


@bp.post("/tournaments/<int:tournament_id>/swap")
@access.organiser_only
def swap(tournament_id: int):
    """Exchange two entries' places in the last round before any of its deals is recorded."""
    state = load_state(tournament_id)
    if not state.rounds:
        abort(404)
    last = state.rounds[-1]
    form = swap_form([(e, "") for table in last.tables for side in table.sides for e in side])
    if not form.validate_on_submit():
        flash(_("Pick two entries of the round to swap."), "error")
        return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))
    first, second = int(form.first.data), int(form.second.data)
    if first == second:
        flash(_("Pick two different entries to swap."), "error")
        return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))

    def moved(side: Sequence[int]) -> tuple[int, ...]:
        return tuple(second if e == first else first if e == second else e for e in side)

    changes = []
    for table in last.tables:
        sides = tuple(moved(side) for side in table.sides)
        if sides != table.sides:
            changes.append((table.id, sides, _names(seating(state.tournament, state.rules, sides, state.entries),
                                                    state.players)))

    def ready() -> None:
        if load_state(tournament_id).round_begun(last.number):
            raise RuleViolation(N_("Round %(round)d has begun: its seats can no longer change"), round=last.number)

    try:
        store.reseat_tables(store.get_db(), changes, ready)
    except RuleViolation as err:
        flash(refused(err), "error")
    else:
        flash(_("%(first)s and %(second)s swapped places.", first=state.entry_name(first),
                second=state.entry_name(second)))
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor=f"round-{last.number}"))


@bp.post("/tournaments/<int:tournament_id>/tables/<int:table_id>/token")
@access.organiser_only
def reissue(tournament_id: int, table_id: int):
    """Revoke a table's link and make a new one (a phone that had the old one is refused)."""
    state = load_state(tournament_id)
    table = next((t for r in state.rounds for t in r.tables if t.id == table_id), None)
    if table is None:
        abort(404)
    asked = ask_first(_("Make a new link for table %(number)d? A phone holding the old link is refused "
                        "from now on.", number=table.number), _("New link"),
                      url_for("tournaments.tournament", tournament_id=tournament_id))
    if asked:
        return asked
    store.set_table_token(store.get_db(), table_id, access.new_token())
    flash(_("The table's old link no longer works; here is its new one."))
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))


@bp.get("/tournaments/<int:tournament_id>/standings")
def standings(tournament_id: int):
    """The standings for the wall screen: large, and refreshing by itself."""
    state = load_state(tournament_id)
    return render_template("tournaments/standings.html", state=state, refresh=WALL_REFRESH_S,
                           ranking_said=_(pairings.RANKINGS[state.tournament.ranking]))


# -- a table's phone -----------------------------------------------------------------------

@bp.get("/t/<token>")
def table_link(token: str):
    """A table's secret link: this phone may now record the deals of that table, and only those."""
    table = store.table_by_token(store.get_db(), token)
    if table is None:
        abort(404)
    access.grant_table(table.match_id, token)
    return redirect(url_for("matches.sheet", match_id=table.match_id))
