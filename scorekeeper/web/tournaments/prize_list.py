"""The prize list: places and categories (best newcomer, best lady, a club's own), the players
tagged with a category, and who receives what with the final standings (the rule:
:mod:`scorekeeper.prizes`)."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, url_for
from flask_babel import gettext as _

from ... import prizes, store
from ...errors import RuleViolation
from .. import access
from ..confirm import ask_first
from ..forms import PrizeForm, refused, tag_form
from .core import State, bp, load_state
from .kept import Part, part


def awards_of(state: State) -> list[prizes.Award]:
    """Who receives each prize of the list, from the standings as they stand."""
    db = store.get_db()
    tags: dict[int, set[str]] = {}
    for tag in store.list_tags(db, state.tournament.id):
        tags.setdefault(tag.player_id, set()).add(tag.category)
    ranked = [(s.entry, state.entries[s.entry].players) for s in state.standings]
    return prizes.award([row.prize for row in store.list_prizes(db, state.tournament.id)], ranked, tags)


def _entered(state: State) -> list[store.Player]:
    entered = {p for e in state.entries.values() for p in e.players}
    return [p for p in state.players.values() if p.id in entered]


def prizes_part(state: State) -> Part:
    """What the desk shows of the prize list, and its forms, kept per what it shows: the list, the tags
    and the roster (:attr:`State.roster_key`: the players tagged and offered; :func:`.kept.part`)."""
    db = store.get_db()
    rows = tuple(store.list_prizes(db, state.tournament.id))
    tags = tuple((tag.id, state.players[tag.player_id].name, tag.category)
                 for tag in store.list_tags(db, state.tournament.id))

    def context() -> dict[str, Any]:
        categories = [row.prize.category for row in rows if row.prize.kind == "category"]
        return {"t": state.tournament, "prize_rows": rows, "prize_form": PrizeForm(formdata=None), "tags": tags,
                "tag_form": tag_form(_entered(state), categories) if categories and state.entries else None}

    return part(("prizes", state.roster_key, rows, tags), "tournaments/_prizes.html", context)


def _back(tournament_id: int):
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="prizes"))


@bp.post("/tournaments/<int:tournament_id>/prizes")
@access.organiser_only
def add_prize(tournament_id: int):
    """One more prize at the end of the list: the next place, or a category."""
    load_state(tournament_id)
    form = PrizeForm()
    if not form.validate_on_submit():
        flash(_("The prize was not added: %(problem)s", problem=" ".join(
            error for errors in form.errors.values() for error in errors)), "error")
        return _back(tournament_id)
    try:
        store.add_prize(store.get_db(), tournament_id,
                        prizes.Prize(form.kind.data, form.category.data or "", form.gift.data or ""))
    except RuleViolation as err:
        flash(refused(err), "error")
    return _back(tournament_id)


@bp.post("/tournaments/<int:tournament_id>/prizes/<int:prize_id>/delete")
@access.organiser_only
def remove_prize(tournament_id: int, prize_id: int):
    """Take a prize off the list (after a second tap)."""
    load_state(tournament_id)
    if all(row.id != prize_id for row in store.list_prizes(store.get_db(), tournament_id)):
        abort(404)
    asked = ask_first(_("Take this prize off the list?"), _("Take it off"),
                      url_for("tournaments.tournament", tournament_id=tournament_id, _anchor="prizes"))
    if asked:
        return asked
    store.remove_prize(store.get_db(), tournament_id, prize_id)
    return _back(tournament_id)


@bp.post("/tournaments/<int:tournament_id>/tags")
@access.organiser_only
def tag(tournament_id: int):
    """Tag a player entered in the tournament with one of the list's categories."""
    state = load_state(tournament_id)
    categories = [row.prize.category for row in store.list_prizes(store.get_db(), tournament_id)
                  if row.prize.kind == "category"]
    form = tag_form(_entered(state), categories)
    if not form.validate_on_submit():
        flash(_("Choose a player entered in the tournament and a category of the prize list."), "error")
        return _back(tournament_id)
    try:
        store.tag_player(store.get_db(), tournament_id, form.player.data, form.category.data)
    except RuleViolation as err:
        flash(refused(err), "error")
    return _back(tournament_id)


@bp.post("/tournaments/<int:tournament_id>/tags/<int:tag_id>/delete")
@access.organiser_only
def untag(tournament_id: int, tag_id: int):
    """Take a tag off a player."""
    load_state(tournament_id)
    store.untag(store.get_db(), tournament_id, tag_id)
    return _back(tournament_id)
