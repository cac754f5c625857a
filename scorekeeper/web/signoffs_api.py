"""Both sides agree, by the API (/api/v1/matches/<match_id>/…, docs/api.md): a tournament
table's phone (``X-Table-Token``) or the organiser (``Authorization: Bearer``) confirms the
finished sheet for a seat's side or disputes it; the organiser (its token only) validates it.
The same functions as the pages (:mod:`.signoffs`), the same refusals; each answer is the
table's sign-off state.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify
from flask_babel import gettext as _

from .. import store
from ..errors import N_, RuleViolation
from ..games.base import GameRules
from . import access
from .api import _body, _version
from .club_api import _only
from .forms import DisputeForm
from .sheets import scored_sheet
from .signoffs import NothingToSign, confirm_sheet, dispute_sheet, sign_state, table_to_sign, validate_sheet

bp = Blueprint("signoffs_api", __name__, url_prefix="/api/v1/matches/<int:match_id>")


@bp.errorhandler(NothingToSign)
def nothing_to_sign(_error: NothingToSign):
    """A casual match, or a table of a tournament that does not ask both sides to confirm."""
    return jsonify(error={"message": _("This match's result needs no confirmation."), "field": None}), 409


def _state(match_id: int, rules: GameRules):
    """The table's sign-off state: ``status`` (``unfinished`` until the match has its result),
    the sheet's ``version``, who confirmed for each side, the disputes, when it was validated."""
    db = store.get_db()
    match = store.get_match(db, match_id)
    finished = scored_sheet(match, rules, store.list_deals(db, match_id)).result is not None
    signoff = store.signoff_state(db, match_id)
    status = signoff.status(rules.table(match.options).sides) if finished else "unfinished"
    return jsonify({"match_id": match_id, "version": match.version, **sign_state(status, signoff)})


@bp.get("/signoffs")
def signoffs(match_id: int):
    """The table's sign-off state."""
    _match, rules, _table = table_to_sign(match_id)
    return _state(match_id, rules)


@bp.post("/confirm")
def confirm(match_id: int):
    """The player in ``seat`` confirms the finished sheet for their side."""
    body = _body()  # first, as every write: no cross-site form learns anything (docs/api.md Conventions)
    match, rules, _table = table_to_sign(match_id)
    _only(body, frozenset({"seat", "version"}))
    seat = body.get("seat")
    confirm_sheet(match, rules, seat if isinstance(seat, str) else "", _version(body))
    return _state(match_id, rules)


@bp.post("/dispute")
def dispute(match_id: int):
    """A side says the finished sheet is wrong, in a line (``text``, as the page's form checks it)."""
    body = _body()
    _match, rules, _table = table_to_sign(match_id)
    _only(body, frozenset({"text", "version"}))
    line = body.get("text")
    if not isinstance(line, str):
        raise RuleViolation(N_("%(name)s must be text"), field="text", name="text")
    form = DisputeForm(formdata=None, data={"text": line}, meta={"csrf": False})
    if not form.validate():
        return jsonify(error={"message": str(form.text.errors[0]), "field": "text"}), 400
    dispute_sheet(match_id, rules, line, _version(body))
    return _state(match_id, rules)


@bp.post("/validate")
def validate(match_id: int):
    """The organiser validates the sheet as it stands: its result counts. The match is looked up
    first (after the body, 400), as by every route of a match (404; 403 to a stranger), then the
    organiser's token (401)."""
    body = _body()
    _match, rules, _table = table_to_sign(match_id)
    return _validate(match_id, rules, body)


@access.organiser_api
def _validate(match_id: int, rules: GameRules, body: dict[str, Any]):
    _only(body, frozenset({"version"}))
    validate_sheet(match_id, rules, _version(body))
    return _state(match_id, rules)
