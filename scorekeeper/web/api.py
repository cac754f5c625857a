"""The JSON API under /api/v1: the same engine and store calls as the pages.

Writes need a JSON body (``Content-Type: application/json``): a cross-site form cannot
send one, so the API is exempt from the form CSRF token (documented in docs/api.md).
Errors always have the shape ``{"error": {"message": ..., "field": ...}}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, jsonify, request, url_for
from flask_babel import gettext

from .. import games, store, text
from ..errors import N_, RuleViolation
from ..games.base import GameRules, MatchResult, Say, ScoredDeal
from ..games.irregular import kind_of
from . import access, apidoc, booklet, profiles
from .changes import change_json, in_order
from .matches import load_match, refuse_after_end
from .referee import ask
from .sheets import scored_sheet, side_names

bp = Blueprint("api", __name__, url_prefix="/api/v1")

MATCH_FIELDS = frozenset({"game", "players", "first_dealer", "options", "profile", "title", "notes"})


def _body() -> dict[str, Any]:
    """The JSON object sent, its text cleaned (:func:`scorekeeper.text.loads`); RuleViolation (400)
    if it is not one, naming the field of a text or a number refused."""
    if not request.is_json:
        raise RuleViolation(N_("Send a JSON body with Content-Type: application/json."))
    try:
        body = text.loads(request.get_data())
    except ValueError as err:
        if isinstance(err, RuleViolation):
            raise
        body = None
    if not isinstance(body, dict):
        raise RuleViolation(N_("The body must be a JSON object."))
    return body


def _rules(game: str) -> GameRules:
    return games.get_rules(game)


def _lines(lines) -> list[str]:
    return [line.render(gettext) for line in lines]


def _said(value: Any) -> Any:
    """An engine answer as JSON: each Say in it (a refused card's reason) in the reader's language."""
    if isinstance(value, Say):
        return value.render(gettext)
    if isinstance(value, Mapping):
        return {key: _said(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_said(item) for item in value]
    return value


def scored_json(scored: ScoredDeal) -> dict[str, Any]:
    """A scored deal: what the sheet writes (``score``), the RULES.md §6 answer fields, the summary
    and the explanation."""
    return {"score": dict(scored.score), **scored.answer, "summary": scored.summary.render(gettext), "explanation": _lines(scored.lines)}


def result_json(result: MatchResult | None) -> dict[str, Any] | None:
    return None if result is None else {"winner": result.winner, "draw": result.draw,
                                        "explanation": _lines(result.lines)}


@bp.get("/openapi.json")
def openapi():
    """The OpenAPI 3.1 document of every /api/v1 route (:mod:`.apidoc`)."""
    return jsonify(apidoc.document())


@bp.get("/games")
def list_games():
    """Every game with its seats, sides and option schema."""
    return jsonify(games=[{
        "key": rules.key, "name": gettext(rules.name), "seats": list(rules.seats), "sides": list(rules.sides),
        "presets": [{"label": gettext(preset.label), "options": dict(preset.options),
                     "seats": list(rules.table(rules.resolve_options(preset.options)).seats)}
                    for preset in rules.starts()],
        "options": [{"key": o.key, "kind": o.kind, "default": o.default, "choices": list(o.choices),
                     "minimum": o.minimum, "maximum": o.maximum, "label": gettext(o.label),
                     "help": gettext(o.help)} for o in rules.options],
    } for rules in games.RULES.values()])


def _options(rules: GameRules, raw: object) -> dict[str, Any]:
    """The house rules sent (absent: every default)."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RuleViolation(N_("options must be an object"), field="options")
    return rules.resolve_options(raw)


@bp.post("/<game>/score")
def score(game: str):
    """Score one deal without saving it."""
    rules = _rules(game)
    body = _body()
    options = _options(rules, body.pop("options", None))
    return jsonify(scored_json(rules.score_deal(body, options)))


@bp.post("/<game>/referee/<kind>")
def referee(game: str, kind: str):
    """Answer a referee question (legal_play, trick_winner, redeal_check, game_end, ...)."""
    rules = _rules(game)
    body = _body()
    options = _options(rules, body.pop("options", None))
    ruling = ask(rules, kind, body, options)
    return jsonify({**_said(ruling.answer), "explanation": _lines(ruling.lines)})


# -- matches ---------------------------------------------------------------------------

def _match_json(match: store.Match, *, with_deals: bool) -> dict[str, Any]:
    rules = _rules(match.game)
    out: dict[str, Any] = {
        "id": match.id, "game": match.game, "title": match.title, "players": dict(match.players),
        "first_dealer": match.first_dealer, "options": dict(match.options), "notes": match.notes,
        "created": match.created, "version": match.version,
        "sides": side_names(rules, rules.table(match.options), match.players),
        "url": url_for("matches.sheet", match_id=match.id),
    }
    if with_deals:
        deals = store.list_deals(store.get_db(), match.id)
        sheet = scored_sheet(match, rules, deals)
        out["deals"] = [{"id": d.id, "number": n, "kind": d.kind, "version": d.version,
                         "declarations": dict(d.declarations),
                         **scored_json(row.scored), "sheet_totals": dict(row.totals),
                         "counted": n <= sheet.counted}
                        for n, (d, row) in enumerate(zip(deals, sheet.rows, strict=True), start=1)]
        out["totals"] = dict(sheet.totals)
        out["result"] = result_json(sheet.result)
    return out


def _get_match(match_id: int) -> store.Match:
    """:raise NotFound: (404) no such match; Forbidden (403): a tournament's table without its
    token (header ``X-Table-Token``)"""
    return load_match(match_id)[0]


def _players(seats: tuple[str, ...], raw: object) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise RuleViolation(N_("players must be an object of seat → name"), field="players")
    players: dict[str, str] = {}
    for seat in seats:
        name = raw.get(seat)
        if not isinstance(name, str) or not name.strip():
            raise RuleViolation(N_("Seat %(seat)s needs a player name."), field=f"players.{seat}", seat=seat)
        players[seat] = text.clean(name, f"players.{seat}", most=text.NAME_MAX).strip()
    extra = set(raw) - set(seats)
    if extra:
        raise RuleViolation(N_("“%(seat)s” is not a seat of this game."), field="players", seat=min(extra))
    return players


@bp.get("/matches")
def list_matches():
    """The latest matches."""
    return jsonify(matches=[_match_json(m, with_deals=False) for m in store.list_matches(store.get_db())])


@bp.post("/matches")
def create_match():
    """Start a match."""
    body = _body()
    unknown = set(body) - MATCH_FIELDS
    if unknown:
        field = min(unknown)
        raise RuleViolation(N_("“%(name)s” is not a match field"), field=field, name=field)
    rules = _rules(str(body.get("game", "")))
    options = profiles.requested_options(rules, body)
    seats = rules.table(options).seats
    players = _players(seats, body.get("players"))
    first_dealer = body.get("first_dealer", seats[0])
    if first_dealer not in seats:
        raise RuleViolation(N_("first_dealer must be one of %(seats)s"), field="first_dealer",
                            seats=", ".join(seats))
    title, notes = body.get("title", ""), body.get("notes", "")
    for name, value, most in (("title", title, text.TITLE_MAX), ("notes", notes, text.NOTES_MAX)):
        if not isinstance(value, str):
            raise RuleViolation(N_("%(name)s must be text"), field=name, name=name)
        text.clean(value, name, most=most, lines=name == "notes")  # the form's limits
    match_id = store.create_match(store.get_db(), game=rules.key, players=players, first_dealer=first_dealer,
                                  options=options, title=title.strip(), notes=notes.strip())
    return jsonify(_match_json(_get_match(match_id), with_deals=True)), 201


@bp.get("/matches/<int:match_id>")
def get_match(match_id: int):
    """A match with every deal scored, the totals and the result."""
    return jsonify(_match_json(_get_match(match_id), with_deals=True))


@bp.delete("/matches/<int:match_id>")
def delete_match(match_id: int):
    """Delete a match and its deals."""
    _get_match(match_id)
    store.delete_match(store.get_db(), match_id)
    return "", 204


def _version(body: Mapping[str, Any]) -> int | None:
    version = body.get("version")
    if version is None:
        return None
    if isinstance(version, bool) or not isinstance(version, int):
        raise RuleViolation(N_("version must be a whole number"), field="version")
    return version


def _line(match: store.Match, rules: GameRules, body: Mapping[str, Any]) -> dict[str, Any]:
    """The body of a deal record checked: a deal's declarations or, with ``kind``, a RULES.md §8
    line (a penalty at a tournament's table only by the organiser: 403)."""
    line = rules.read_line({k: v for k, v in body.items() if k != "version"}, match.options)
    if not access.may_record(match.id, kind_of(line)):
        abort(403)
    return line


@bp.post("/matches/<int:match_id>/deals")
def add_deal(match_id: int):
    """Record a deal. ``Idempotency-Key`` makes a replayed call record it once."""
    match = _get_match(match_id)
    rules = _rules(match.game)
    body = _body()
    version = _version(body)
    declarations = _line(match, rules, body)
    key = request.headers.get("Idempotency-Key", "")[:100] or None
    deal_id, created = store.add_deal(store.get_db(), match_id, declarations, version=version,
                                      nonce=f"api:{key}" if key else None,
                                      guard=refuse_after_end(rules, declarations), by=access.actor(match_id))
    booklet.keep_ended(match_id)
    return _deal_answer(match_id, deal_id), 201 if created else 200


def _deal_answer(match_id: int, deal_id: int):
    data = _match_json(_get_match(match_id), with_deals=True)
    deal = next(d for d in data["deals"] if d["id"] == deal_id)
    return jsonify(deal=deal, totals=data["totals"], result=data["result"], match_version=data["version"])


def _deal_or_404(match_id: int, deal_id: int) -> store.Deal:
    """The deal of a match this request may use (see :func:`_get_match`)."""
    _get_match(match_id)
    try:
        return store.get_deal(store.get_db(), match_id, deal_id)
    except store.NotFound:
        abort(404)


def _changeable(match_id: int, deal_id: int) -> None:
    """404 unless the match has the deal, 403 if this request may not change it (a tournament
    table's penalty: only the organiser, RULES.md §8)."""
    if not access.may_record(match_id, _deal_or_404(match_id, deal_id).kind):
        abort(403)


@bp.get("/matches/<int:match_id>/deals/<int:deal_id>")
def get_deal(match_id: int, deal_id: int):
    """One deal, scored in its place on the sheet."""
    _deal_or_404(match_id, deal_id)
    return _deal_answer(match_id, deal_id)


@bp.put("/matches/<int:match_id>/deals/<int:deal_id>")
def put_deal(match_id: int, deal_id: int):
    """Replace a deal's declarations; ``version`` guards against a lost update."""
    match = _get_match(match_id)
    _changeable(match_id, deal_id)
    rules = _rules(match.game)
    body = _body()
    version = _version(body)
    declarations = _line(match, rules, body)
    store.update_deal(store.get_db(), match_id, deal_id, declarations, version=version,
                      by=access.actor(match_id))
    booklet.keep_ended(match_id)
    return _deal_answer(match_id, deal_id)


@bp.delete("/matches/<int:match_id>/deals/<int:deal_id>")
def delete_deal(match_id: int, deal_id: int):
    """Delete a deal; later deals are re-scored."""
    _changeable(match_id, deal_id)
    store.delete_deal(store.get_db(), match_id, deal_id, by=access.actor(match_id))
    return "", 204


@bp.get("/matches/<int:match_id>/history")
def history(match_id: int):
    """Every change of the match's deals, and of a tournament table its sign-offs, oldest first."""
    _get_match(match_id)
    db = store.get_db()
    return jsonify([change_json(change) for change in
                    in_order(store.list_events(db, match_id), store.list_signoffs(db, match_id))])


@bp.post("/matches/<int:match_id>/deals/<int:deal_id>/restore")
def restore_deal(match_id: int, deal_id: int):
    """Put a deleted deal back (its place if free, else after the last deal). The body: ``{}``."""
    _get_match(match_id)
    _body()  # a JSON body, as every write (no cross-site form can send one)
    try:
        store.restore_deal(store.get_db(), match_id, deal_id, by=access.actor(match_id))
    except store.NotFound:
        abort(404)
    return _deal_answer(match_id, deal_id), 201
