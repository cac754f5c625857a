"""Both sides agree (a tournament that asks for it): at the end of a table's match, one player of
each side confirms the final sheet on the table's phone with a tap, as players sign a paper
sheet; either side may instead say it is wrong (a dispute, in a line); the organiser validates a
sheet, once settled. The table's result counts in the standings only then
(:func:`.tournaments.core.load_state`); the sign-offs are kept in the match's history.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import store
from ..errors import N_, RuleViolation
from ..games.base import GameRules
from . import access
from .confirm import ask_first
from .forms import DisputeForm, refused
from .matches import load_match, posted_version
from .sheets import scored_sheet

bp = Blueprint("signoffs", __name__, url_prefix="/matches/<int:match_id>")


class NothingToSign(Exception):
    """The match is no table of a tournament whose results both sides confirm."""


def table_to_sign(match_id: int) -> tuple[store.Match, GameRules, store.TableRow]:
    """The match, its rules and its table (404 if there is no such match; 403 without the table's
    link, :func:`.matches.load_match`).

    :raise NothingToSign: it is no table of a tournament whose results both sides confirm
    """
    match, rules = load_match(match_id)
    db = store.get_db()
    table = access.table_of(match_id)
    if table is None or not store.confirms_results(db, table.tournament_id):
        raise NothingToSign
    return match, rules, table


@bp.errorhandler(NothingToSign)
def nothing_to_sign(_error: NothingToSign):
    """Back to the sheet, which says nothing of signing."""
    flash(_("This match's result needs no confirmation."), "error")
    return redirect(url_for("matches.sheet", match_id=request.view_args["match_id"]))


def _finished(rules: GameRules) -> store.signoffs.Ready:
    """The store's check, under the write lock: only a finished match's sheet is signed."""
    def ready(match: store.Match, deals: Sequence[store.Deal]) -> None:
        if scored_sheet(match, rules, deals).result is None:
            raise RuleViolation(N_("The match is not finished: its sheet is confirmed once its last deal is recorded."))
    return ready


def _sign(match_id: int, rules: GameRules, action: str, version: int | None, **said: str) -> None:
    store.sign(store.get_db(), match_id, action, version=version, ready=_finished(rules),
               by=access.actor(match_id), **said)


def confirm_sheet(match: store.Match, rules: GameRules, seat: str, version: int | None) -> None:
    """The player in ``seat`` confirms the finished sheet for their side, as shown at ``version``
    (None: as it stands); the pages and the API call this.

    :raise RuleViolation: ``seat`` is none of the match's, the match is not finished, the side
        confirmed already, the sheet is validated already
    :raise store.Conflict: the sheet changed since ``version``
    """
    if seat not in match.players:
        raise RuleViolation(N_("Tap the seat of the player who confirms."), field="seat")
    _sign(match.id, rules, "confirm", version, side=rules.side_of(seat), seat=seat, name=match.players[seat])


def dispute_sheet(match_id: int, rules: GameRules, text: str, version: int | None) -> None:
    """A side says the finished sheet is wrong (``text``, checked by :class:`.forms.DisputeForm`);
    raises as :func:`confirm_sheet`."""
    _sign(match_id, rules, "dispute", version, text=text.strip())


def validate_sheet(match_id: int, rules: GameRules, version: int | None) -> None:
    """The organiser validates the sheet as it stands (the caller checks it is the organiser);
    raises as :func:`confirm_sheet`."""
    _sign(match_id, rules, "validate", version)


def sign_state(status: str, signoff: store.SignoffState) -> dict[str, Any]:
    """A table's sign-off state as the API answers it and the export keeps it: ``status``
    (``unfinished``, or :meth:`.store.SignoffState.status`), who confirmed for each side, the
    disputes' lines and when the organiser validated it (or None)."""
    return {"status": status,
            "confirmed": [{"side": s.side, "seat": s.seat, "name": s.name, "at": s.at} for s in signoff.confirmed],
            "disputes": [{"text": s.text, "at": s.at} for s in signoff.disputes],
            "validated": signoff.validated.at if signoff.validated else None}


def signed(match_id: int, rules: GameRules, sign: Callable[[], None]) -> bool:
    """Sign the sheet the page showed (``sign``: one of the functions above); a refusal is
    flashed. Answers whether it was written."""
    try:
        sign()
    except store.Conflict:
        flash(_("The sheet changed since this page was shown: check it, then sign it again."), "error")
    except RuleViolation as err:
        flash(refused(err), "error")
    else:
        return True
    return False


@bp.post("/confirm")
def confirm(match_id: int):
    """One player of a side confirms the final sheet (the seat tapped: its player signs)."""
    match, rules, _table = table_to_sign(match_id)
    seat = request.form.get("seat", "")
    if signed(match_id, rules, lambda: confirm_sheet(match, rules, seat, posted_version())):
        flash(_("%(name)s confirmed the sheet for %(side)s.", name=match.players[seat],
                side=rules.side_label(rules.side_of(seat))))
    return redirect(url_for("matches.sheet", match_id=match_id, _anchor="signoff"))


@bp.route("/dispute", methods=("GET", "POST"))
def dispute(match_id: int):
    """A side says the sheet is wrong, in a line; the organiser settles it."""
    match, rules, _table = table_to_sign(match_id)
    form = DisputeForm(data={"version": match.version})
    if form.validate_on_submit():
        if signed(match_id, rules, lambda: dispute_sheet(match_id, rules, form.text.data, posted_version())):
            flash(_("The sheet is marked disputed: the organiser will settle it."))
        return redirect(url_for("matches.sheet", match_id=match_id, _anchor="signoff"))
    status = 422 if request.method == "POST" else 200
    return render_template("matches/dispute.html", form=form, match=match), status


@bp.post("/validate")
def validate(match_id: int):
    """The organiser validates a table's sheet as it stands (a dispute settled): its result counts.
    The match is looked up first, as by every route of a match (404; 403 to a stranger)."""
    _match, rules, table = table_to_sign(match_id)
    return _validate(match_id, rules, table)


@access.organiser_only
def _validate(match_id: int, rules: GameRules, table: store.TableRow):
    desk = url_for("tournaments.tournament", tournament_id=table.tournament_id, _anchor="to-confirm")
    asked = ask_first(_("Validate the sheet of round %(round)d, table %(table)d as it stands? Its result then "
                        "counts in the standings, whatever the sides said.", round=table.round_number,
                        table=table.number), _("Validate"), desk)
    if asked:
        return asked
    if signed(match_id, rules, lambda: validate_sheet(match_id, rules, posted_version())):
        flash(_("Round %(round)d, table %(table)d validated: its result counts.", round=table.round_number,
                table=table.number))
    return redirect(desk)
