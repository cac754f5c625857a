"""Leagues by the API (/api/v1/leagues, docs/api.md "Leagues"): everyone reads the leagues and a
league's table, as on the pages; the organiser (``Authorization: Bearer``) creates a league,
changes its name and rule, and adds and removes its evenings, through the functions the pages call
(the same checks, the same refusals)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, url_for

from .. import leagues, store, text
from ..errors import N_, RuleViolation
from . import access
from .api import _body
from .club_api import _choice, _id, _integer, _only, _text
from .leagues import LeagueState, load_league
from .leagues.pages import add
from .tournaments.core import startable_games

bp = Blueprint("leagues_api", __name__, url_prefix="/api/v1")

LEAGUE_FIELDS = frozenset({"name", "rule", "best", "minimum"})


def _rule_json(rule: leagues.Rule) -> dict[str, Any]:
    return {"kind": rule.kind, "best": rule.best, "minimum": rule.minimum}


def _summary_json(league: store.League) -> dict[str, Any]:
    return {"id": league.id, "name": league.name, "game": league.game, "rule": _rule_json(league.rule),
            "created": league.created, "evenings": list(league.evenings),
            "url": url_for("leagues.league", league_id=league.id)}


def _line_json(line: leagues.Line) -> dict[str, Any]:
    return {"place": line.place, "name": line.name, "players": sorted(line.competitor),
            "results": [None if result is None else result.match_points for result in line.results],
            "counted": list(line.counted), "score": leagues.shown(line.score), "played": line.played,
            "won": line.won, "points": leagues.shown(line.points)}


def league_json(state: LeagueState) -> dict[str, Any]:
    """A league with its evenings and its table (the lines ranked, then those listed apart)."""
    return {**_summary_json(state.league), "rule_said": state.rule_said,
            "evenings": [{"tournament": s.tournament.id, "name": s.tournament.name, "created": s.tournament.created,
                          "finished": s.finished} for s in state.evenings],
            "table": [_line_json(line) for line in state.table.ranked],
            "apart": [_line_json(line) for line in state.table.apart]}


def _rule(body: dict[str, Any], kept: leagues.Rule) -> leagues.Rule:
    """The rule a body asks for (a field left out keeps ``kept``'s), checked."""
    kind = _choice(body, "rule", list(leagues.RULES)) if "rule" in body else kept.kind
    return leagues.check_rule(leagues.Rule(kind, _integer(body, "best", kept.best),
                                           _integer(body, "minimum", kept.minimum)))


@bp.get("/leagues")
def list_leagues():
    """Every league, the latest first (without their tables)."""
    return jsonify(leagues=[_summary_json(league) for league in store.list_leagues(store.get_db())])


@bp.post("/leagues")
@access.organiser_api
def create_league():
    """Start a league: ``name``, ``game``, ``rule`` (``total``, ``best`` or ``average``) with its
    number (``best``, ``minimum``)."""
    body = _body()
    _only(body, LEAGUE_FIELDS | {"game"})
    name = _text(body, "name", most=text.TITLE_MAX, required=True)
    startable = [rules.key for rules in startable_games()]
    if body.get("game") not in startable:
        raise RuleViolation(N_("game must be one of %(choices)s"), field="game", choices=", ".join(startable))
    rule = _rule(body, leagues.Rule())
    league_id = store.create_league(store.get_db(), name=name, game=str(body["game"]), rule=rule)
    return jsonify(league_json(load_league(league_id))), 201


@bp.get("/leagues/<int:league_id>")
def get_league(league_id: int):
    """A league, its evenings and its table."""
    return jsonify(league_json(load_league(league_id)))


@bp.put("/leagues/<int:league_id>")
@access.organiser_api
def update_league(league_id: int):
    """Change a league's ``name`` or rule (a field left out keeps its value)."""
    body = _body()
    league = load_league(league_id).league
    _only(body, LEAGUE_FIELDS)
    name = _text(body, "name", most=text.TITLE_MAX, required=True) if "name" in body else league.name
    store.update_league(store.get_db(), league_id, name=name, rule=_rule(body, league.rule))
    return jsonify(league_json(load_league(league_id)))


@bp.post("/leagues/<int:league_id>/evenings")
@access.organiser_api
def add_evening(league_id: int):
    """Add a tournament of the league's game as one of its evenings: ``{"tournament": id}``."""
    body = _body()
    load_league(league_id)
    _only(body, frozenset({"tournament"}))
    add(league_id, _id(body, "tournament"))
    return jsonify(league_json(load_league(league_id))), 201


@bp.delete("/leagues/<int:league_id>/evenings/<int:tournament_id>")
@access.organiser_api
def remove_evening(league_id: int, tournament_id: int):
    """Take an evening out of the league (the tournament stays); 404 if it is none of its evenings."""
    load_league(league_id)
    if not store.remove_evening(store.get_db(), league_id, tournament_id):
        abort(404)
    return jsonify(league_json(load_league(league_id)))
