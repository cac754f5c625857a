"""Casual matches kept in order: renamed, a player's name put right, archived and back,
deleted (asked once more), played again with the same players and rules, and listed a page at
a time. A tournament's tables are the organiser's: these pages answer 404 for them.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import games, store
from ..errors import RuleViolation
from ..games.base import GameRules
from . import access
from .confirm import ask_first
from .forms import match_players, refused, rename_form
from .main import RECENT

bp = Blueprint("casual", __name__, url_prefix="/matches")


def load_casual(match_id: int) -> tuple[store.Match, GameRules]:
    """A casual match and its rules.

    :raise NotFound: (404) no such match, or a tournament's table
    """
    db = store.get_db()
    try:
        match = store.get_match(db, match_id)
    except store.NotFound:
        abort(404)
    if access.table_of(match_id) is not None:
        abort(404)
    return match, games.get_rules(match.game)


def _page_bound(name: str) -> int | None:
    """A page's ``before`` or ``after`` id from the link; 404 for one that is no id."""
    text = request.args.get(name)
    if text is None:
        return None
    if not (text.isascii() and text.isdigit()) or not 0 < int(text) <= store.MAX_ID:
        abort(404)
    return int(text)


def _listing(archived: bool):
    page = store.page_of_matches(store.get_db(), archived=archived, size=RECENT, before=_page_bound("before"),
                                 after=_page_bound("after"))
    return render_template("matches/list.html", page=page, archived=archived,
                           game_names={key: rules.name for key, rules in games.RULES.items()})


@bp.get("/all")
def listing():
    """Every casual match not archived, newest first, a page at a time."""
    return _listing(False)


@bp.get("/archived")
def archived():
    """The archived matches, newest first, a page at a time."""
    return _listing(True)


@bp.route("/<int:match_id>/manage", methods=("GET", "POST"))
def manage(match_id: int):
    """Rename the match or put a player's name right; archive, replay or delete it."""
    match, rules = load_casual(match_id)
    seats = rules.table(match.options).seats
    form = rename_form(match, seats)
    if form.validate_on_submit():
        try:
            changed = store.rename_match(store.get_db(), match_id, title=(form.title.data or "").strip(),
                                         players=match_players(form), by=access.actor(match_id))
        except RuleViolation as err:
            flash(refused(err), "error")
        else:
            flash(_("Names saved; the sheet, its PDF and the history show them.") if changed else
                  _("Nothing to change."))
            return redirect(url_for("matches.sheet", match_id=match_id))
    status = 422 if request.method == "POST" else 200
    return render_template("matches/manage.html", match=match, rules=rules, form=form, seats=seats), status


@bp.post("/<int:match_id>/archive")
def archive(match_id: int):
    """Archive the match (off the front page), or bring it back; undone in one tap."""
    load_casual(match_id)
    back = request.form.get("archived") != "no"
    store.archive_match(store.get_db(), match_id, back)
    flash(_("Match archived: it is in the archived matches.") if back else
          _("Match back in the list of matches."))
    return redirect(url_for("casual.manage", match_id=match_id))


@bp.post("/<int:match_id>/rematch")
def rematch(match_id: int):
    """A new match with the same players, title and house rules, dealt first by the player after
    the one who dealt last (by the same first dealer if no deal was played)."""
    match, rules = load_casual(match_id)
    deals = store.list_deals(store.get_db(), match_id)
    last = deals[-1].declarations.get("dealer") if deals else None
    first = rules.next_dealer(last, match.options) if last else match.first_dealer
    new_id = store.rematch(store.get_db(), match_id, first_dealer=first)
    flash(_("A new match with the same players and rules: %(name)s deals first.", name=match.players[first]))
    return redirect(url_for("matches.sheet", match_id=new_id))


@bp.post("/<int:match_id>/delete")
def delete(match_id: int):
    """Delete the match, its deals and their history, once asked again. Not restorable: archiving
    is the way to put a match away and keep it."""
    match, _rules = load_casual(match_id)
    asked = ask_first(_("Delete “%(title)s”, its deals and their history for good? To put it away and keep it, "
                        "archive it instead.", title=match.title or _("Match %(id)d", id=match.id)),
                      _("Delete the match"), url_for("casual.manage", match_id=match_id))
    if asked:
        return asked
    store.delete_match(store.get_db(), match_id)
    flash(_("Match deleted."))
    return redirect(url_for("main.index"))
