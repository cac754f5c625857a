"""Irregularities on the sheet (RULES.md §8): a misdeal, a revoke and a penalty, each recorded from
the sheet as a line with its explanation. The engine scores them (games/irregular.py); this parses,
calls and renders."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import store
from ..errors import RuleViolation
from ..games import irregular
from ..games.base import GameRules
from . import access, booklet
from .changes import history_lines
from .forms import fields_form, form_values
from .matches import load_match, posted_version, refuse_after_end

bp = Blueprint("irregular", __name__, url_prefix="/matches")


def _kind_or_404(rules: GameRules, kind: str, match_id: int) -> None:
    """A kind this game records (else 404) that this visitor may record (else 403)."""
    if kind not in rules.irregular_kinds:
        abort(404)
    if not access.may_record(match_id, kind):
        abort(403)


@bp.route("/<int:match_id>/lines/<irregularity>/new", methods=("GET", "POST"))
def new_line(match_id: int, irregularity: str):
    """Record a misdeal, a revoke or a penalty (the ``irregularity``) as the sheet's next line."""
    match, rules = load_match(match_id)
    kind = irregularity
    _kind_or_404(rules, kind, match_id)
    db = store.get_db()
    deals = store.list_deals(db, match_id)
    dealer = rules.dealer_of_next([deal.declarations for deal in deals], match.first_dealer, match.options)
    data = {"dealer": dealer, "version": match.version}
    live = store.get_live_deal(db, match_id) if kind == irregular.REVOKE and callable(
        getattr(rules, "revoke_from_live", None)) else None
    if live is not None:  # the revoke stands for the deal being played live (Quinto): what it holds so far
        data |= rules.revoke_from_live(live.declarations, match.options)  # type: ignore[attr-defined]
    return _line_page(match, rules, kind, None, data, live)


@bp.route("/<int:match_id>/lines/<int:deal_id>/edit", methods=("GET", "POST"))
def edit_line(match_id: int, deal_id: int):
    """Correct a misdeal, a revoke or a penalty; every later line is re-scored."""
    match, rules = load_match(match_id)
    try:
        deal = store.get_deal(store.get_db(), match_id, deal_id)
    except store.NotFound:
        abort(404)
    if deal.kind == irregular.DEAL:
        return redirect(url_for("matches.edit_deal", match_id=match_id, deal_id=deal_id))
    _kind_or_404(rules, deal.kind, match_id)
    return _line_page(match, rules, deal.kind, deal,
                      {**rules.form_from_line(deal.declarations, match.options), "version": deal.version})


def _line_page(match: store.Match, rules: GameRules, kind: str, deal: store.Deal | None,
               data: Mapping[str, Any], live: store.LiveDeal | None = None):
    """The form of a §8 line, new (``deal`` None; ``live``: the deal in play it stands for, which
    leaves as the line is recorded) or stored."""
    db = store.get_db()
    form = fields_form(rules, rules.line_fields(kind, match.options), match.options, match.players, data)
    if request.form.get("action") != "next" and form.validate_on_submit():  # "Next": the form again, drawn
        try:                                                                  # for the contract chosen
            line = rules.line_from_form(kind, form_values(form), match.options)
            by = access.actor(match.id)
            if live is not None:
                store.record_live_deal(db, match.id, line, version=live.version, guard=refuse_after_end(rules, line),
                                       by=by)
            elif deal is None:
                store.add_deal(db, match.id, line, version=posted_version(), nonce=form.nonce.data or None,
                               guard=refuse_after_end(rules, line), by=by)
            else:
                store.update_deal(db, match.id, deal.id, line, version=posted_version(), by=by)
        except RuleViolation as err:
            form.attach(rules.on_the_form(err))
        except store.Conflict as conflict:
            form.version.data = conflict.current_version
            form.form_errors.append(_("The sheet was changed on another phone meanwhile. What you typed is "
                                      "kept: check the sheet, then save again."))
        else:
            booklet.keep_ended(match.id)
            flash(_("%(kind)s recorded.", kind=_(irregular.KIND_LABELS[kind])))
            return redirect(url_for("matches.sheet", match_id=match.id, _anchor="latest"))
    failed = request.method == "POST" and bool(form.errors or form.form_errors)
    number = deal.seq if deal else len(store.list_deals(db, match.id)) + 1
    history = history_lines(rules, match, [event for event in store.list_events(db, match.id)
                                           if event.deal_id == deal.id]) if deal else []
    return render_template("matches/line_form.html", form=form, match=match, rules=rules, deal=deal,
                           kind=kind, kind_label=irregular.KIND_LABELS[kind], number=number,
                           history=history, live=live), 422 if failed else 200
