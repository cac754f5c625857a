"""Live mode: a deal recorded trick by trick while the cards are played (Quinto, RULES.md §5.4).

The deal in play is stored (``store.put_live_deal``) after every trick, so a reload or a
second phone sees the same state; each trick is a CSRF-protected POST. The game's totals
before the deal come from the sheet; the moment a team reaches 250 the deal stops and no
trick is accepted any more. Recording it puts it on the sheet as a normal deal.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import store
from ..errors import N_, RuleViolation
from ..games.base import GameRules
from .forms import EngineForm, fields_form, form_values, refused
from . import access, booklet
from .confirm import ask_first
from .matches import load_match, posted_version, refuse_after_end
from .sheets import scored_sheet, side_names

bp = Blueprint("live", __name__, url_prefix="/matches/<int:match_id>/live")


def _game_totals(match: store.Match, rules: GameRules, deals: Sequence[store.Deal]) -> dict[str, int]:
    """The totals of the game in progress on the sheet (0 to 0 when a game has just ended)."""
    sheet = scored_sheet(match, rules, deals)
    return dict(getattr(sheet, "game_totals", sheet.totals))


def _picked(form: EngineForm, values: dict[str, str]) -> dict[str, str]:
    """Card fields are drawn as tickable cards: every ticked code of a field, joined."""
    for spec in form.field_specs:
        if spec.kind == "cards":
            codes = " ".join(code for code in request.form.getlist(spec.name) if code.strip())
            form[spec.name].data = codes
            values[spec.name] = codes
    return values


def live_mode(view: Callable[[store.Match, GameRules], Any]) -> Callable[[int], Any]:
    """A live view of a match whose game has a live mode; other games are sent to their sheet."""
    @functools.wraps(view)
    def wrapper(match_id: int) -> Any:
        match, rules = load_match(match_id)
        if not callable(getattr(rules, "live_state", None)):
            flash(_("%(game)s has no live mode: record each deal after it is played.", game=_(rules.name)), "error")
            return redirect(url_for("matches.sheet", match_id=match_id))
        return view(match, rules)
    return wrapper


@bp.get("")
@live_mode
def page(match: store.Match, rules: GameRules):
    """The deal in play: totals, tricks so far and the next trick; or a form to start one."""
    return _render(match, rules)


def _render(match: store.Match, rules: GameRules, form: EngineForm | None = None, status: int = 200):
    db = store.get_db()
    deals = store.list_deals(db, match.id)
    live = store.get_live_deal(db, match.id)
    sheet = scored_sheet(match, rules, deals)
    table = rules.table(match.options)
    context: dict[str, Any] = {"match": match, "rules": rules, "live": live, "sheet": sheet,
                               "sides": table.sides, "names": side_names(rules, table, match.players),
                               "deal_number": len(deals) + 1, "state": None}
    if live is None:
        if form is None and sheet.result is None:
            last = deals[-1].declarations.get("dealer") if deals else None
            dealer = rules.next_dealer(last, match.options) if last else match.first_dealer
            form = fields_form(rules, rules.live_fields(match.options), match.options, match.players,
                               {"dealer": dealer})
        context["form"] = form
    else:
        state = rules.live_state({**live.declarations, "totals_before": _game_totals(match, rules, deals)},
                                 match.options)
        context["state"] = state
        played = state.answer["tricks_played"]
        if form is None and not state.answer["complete"]:
            form = fields_form(rules, rules.trick_fields(played + 1), match.options, match.players,
                               {"version": live.version})
        context |= {"form": form, "trick_number": played + 1}
    template = "matches/_live.html" if request.args.get("fragment") else "matches/live.html"
    return render_template(template, **context), status


def _store(match: store.Match, rules: GameRules, form: EngineForm, version: int | None,
           make: Callable[[], Mapping[str, Any]]):
    """Store the deal in play as ``make`` answers it from the sent form, then show it; a refusal
    is shown under its field with what was sent kept (422)."""
    if form.validate_on_submit():
        try:
            store.put_live_deal(store.get_db(), match.id, make(), version=version)
        except RuleViolation as err:
            form.attach(err)
        except store.Conflict:
            flash(_("This deal was changed on another phone meanwhile: here it is now; tap again if need be."))
            return redirect(url_for("live.page", match_id=match.id))
        else:
            return redirect(url_for("live.page", match_id=match.id, fragment=request.args.get("fragment")))
    return _render(match, rules, form, 422)


@bp.post("/start")
@live_mode
def start(match: store.Match, rules: GameRules):
    """Start the deal in play: its dealer and doubling."""
    form = fields_form(rules, rules.live_fields(match.options), match.options, match.players)

    def started() -> Mapping[str, Any]:
        refuse_after_end(rules)(match, store.list_deals(store.get_db(), match.id))
        return rules.live_from_form(form_values(form))
    return _store(match, rules, form, None, started)


@bp.post("/trick")
@live_mode
def trick(match: store.Match, rules: GameRules):
    """One more trick: the team that won it and its quint cards (the 12th: the cachette too)."""
    db = store.get_db()
    live = store.get_live_deal(db, match.id)
    if live is None:
        flash(_("No deal is being played: start one."), "error")
        return redirect(url_for("live.page", match_id=match.id))
    totals = _game_totals(match, rules, store.list_deals(db, match.id))
    form = fields_form(rules, rules.trick_fields(len(live.declarations.get("tricks") or []) + 1), match.options,
                       match.players)

    def played() -> Mapping[str, Any]:
        state = rules.live_state({**live.declarations, "totals_before": totals}, match.options).answer
        if state["finished"]:
            raise RuleViolation(N_("The game was won at trick %(trick)s: the deal stopped there, no more tricks "
                                   "are played. Record the deal."), trick=state["ended_after_trick"])
        return rules.trick_from_form(_picked(form, form_values(form)), live.declarations)
    return _store(match, rules, form, posted_version(), played)


@bp.post("/undo")
@live_mode
def undo(match: store.Match, rules: GameRules):
    """Take back the last trick (with the 12th, the cachette too)."""
    db = store.get_db()
    live = store.get_live_deal(db, match.id)
    if live is not None and live.declarations.get("tricks"):
        declarations = {key: value for key, value in live.declarations.items() if key != "cachette"}
        declarations["tricks"] = list(live.declarations["tricks"])[:-1]
        try:
            store.put_live_deal(db, match.id, declarations, version=posted_version(),
                                taken_back_by=access.actor(match.id))
        except store.Conflict:
            flash(_("This deal was changed on another phone meanwhile: nothing was taken back."), "error")
    return redirect(url_for("live.page", match_id=match.id, fragment=request.args.get("fragment")))


@bp.post("/discard")
@live_mode
def discard(match: store.Match, rules: GameRules):
    """Give up the deal in play (nothing goes on the sheet), once asked again."""
    asked = ask_first(_("Give up the deal in play? Its tricks are not recorded (the match's history "
                        "keeps them)."), _("Give up this deal"), url_for("live.page", match_id=match.id))
    if asked:
        return asked
    try:
        store.delete_live_deal(store.get_db(), match.id, version=posted_version() or 0,
                               by=access.actor(match.id))
    except store.Conflict:
        flash(_("This deal was changed on another phone meanwhile: it was kept."))
        return redirect(url_for("live.page", match_id=match.id))
    flash(_("The deal in play was given up; nothing was recorded."))
    return redirect(url_for("matches.sheet", match_id=match.id))


@bp.post("/record")
@live_mode
def record(match: store.Match, rules: GameRules):
    """Put the finished deal on the sheet, as if it had been entered after the deal."""
    db = store.get_db()
    live = store.get_live_deal(db, match.id)
    if live is None:
        return redirect(url_for("matches.sheet", match_id=match.id))
    try:
        declarations = rules.read_deal(live.declarations, match.options)
        store.record_live_deal(db, match.id, declarations, version=posted_version() or 0,
                               guard=refuse_after_end(rules, declarations), by=access.actor(match.id))
    except RuleViolation as err:
        flash(refused(err), "error")
        return redirect(url_for("live.page", match_id=match.id))
    except store.Conflict:
        flash(_("This deal was changed on another phone meanwhile: check it, then record it again."), "error")
        return redirect(url_for("live.page", match_id=match.id))
    booklet.keep_ended(match.id)
    flash(_("Deal saved."))
    return redirect(url_for("matches.sheet", match_id=match.id, _anchor="latest"))
