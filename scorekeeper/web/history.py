"""A match's history in words (every change of its deals, who made it and when), a deleted deal
restored from it, the deals after the end of the match deleted, and the name a casual phone
gives itself for the history."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _, ngettext

from .. import store
from ..errors import RuleViolation
from . import access
from .changes import history_lines
from .confirm import ask_first
from .forms import refused
from .matches import load_match, posted_version
from .sheets import scored_sheet

bp = Blueprint("history", __name__, url_prefix="/matches/<int:match_id>")
DEVICE_COOKIE_AGE = 365 * 24 * 3600


@bp.get("/history")
def page(match_id: int):
    """Every change of the match's deals, oldest first, deleted deals with a way back."""
    match, rules = load_match(match_id)
    db = store.get_db()
    history = history_lines(rules, match, store.list_events(db, match_id), store.list_signoffs(db, match_id))
    return render_template("matches/history.html", match=match, history=history)


@bp.post("/deals/<int:deal_id>/restore")
def restore(match_id: int, deal_id: int):
    """Put a deleted deal back on the sheet."""
    load_match(match_id)
    try:
        seq = store.restore_deal(store.get_db(), match_id, deal_id, by=access.actor(match_id))
    except store.NotFound:
        abort(404)
    except RuleViolation as err:  # restored already (a second tap, another phone)
        flash(refused(err), "error")
        return redirect(url_for("history.page", match_id=match_id))
    flash(_("Deal %(n)d restored; the sheet was re-scored.", n=seq))
    return redirect(url_for("matches.sheet", match_id=match_id))


@bp.post("/after-end/delete")
def delete_after_end(match_id: int):
    """Delete the deals recorded after the end of the match (they are kept in the history)."""
    match, rules = load_match(match_id)
    db = store.get_db()
    deals = store.list_deals(db, match_id)
    counted = scored_sheet(match, rules, deals).counted
    if counted == len(deals):
        return redirect(url_for("matches.sheet", match_id=match_id))
    asked = ask_first(ngettext("Delete %(num)d deal after the end of the match (after deal %(n)d)? "
                               "It stays in the history, from where it can be restored.",
                               "Delete the %(num)d deals after the end of the match (after deal %(n)d)? "
                               "They stay in the history, from where they can be restored.",
                               len(deals) - counted, n=counted),
                      _("Delete them"), url_for("matches.sheet", match_id=match_id))
    if asked:
        return asked
    count = store.delete_after(db, match_id, counted, version=posted_version(), by=access.actor(match_id))
    flash(ngettext("%(num)d deal after the end deleted.", "%(num)d deals after the end deleted.", count))
    return redirect(url_for("matches.sheet", match_id=match_id))


@bp.post("/device")
def device(match_id: int):
    """Remember the short name this phone gives itself (the history says who changed what)."""
    load_match(match_id)
    label = request.form.get("device", "").strip()
    response = redirect(url_for("matches.sheet", match_id=match_id))
    if not label or len(label) > access.DEVICE_LABEL_MAX or not label.isprintable():
        flash(_("This phone’s name: at most %(max)d characters, and not empty.", max=access.DEVICE_LABEL_MAX))
    else:
        response.set_cookie(access.DEVICE_COOKIE, label, max_age=DEVICE_COOKIE_AGE, samesite="Lax",
                            httponly=True)
    return response
