"""The club's players: adding them one by one or as a pasted list, removing, merging, and each
player's page with the tables they played."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ... import evening, games, pairings, store
from ...errors import RuleViolation
from ...statistics import GameStatistics, SeatedDeal, player_statistics
from .. import access
from ..confirm import ask_first
from ..forms import PlayerForm, PlayerListForm, merge_form, refused
from ..sheets import stored_sheet
from .core import bp, load_state, seating
from .ratings import player_rating


def namesakes_of(name: str) -> list[store.Player]:
    """The club's players whose name is written like ``name`` (:func:`evening.same_name`): a
    duplicate, unless the organiser says it is another person."""
    return [p for p in store.list_players(store.get_db()) if evening.same_name(p.name, name)]


@bp.route("/players", methods=("GET", "POST"))
@access.organiser_only
def players():
    """The club's players, and forms to add one or a pasted list (a namesake is asked about first)."""
    form, db = PlayerForm(), store.get_db()
    if form.validate_on_submit():
        name, licence = form.name.data.strip(), (form.licence.data or "").strip()
        namesakes = namesakes_of(name)
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
            sheet = stored_sheet(db, view.match, state.rules).sheet
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
                           statistics=statistics, rating=player_rating(player_id), game_names={key: rules.name for key, rules in games.RULES.items()}), \
        status
