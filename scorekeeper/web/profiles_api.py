"""The rule profiles in the JSON API (/api/v1/profiles; docs/api.md "Rule profiles"): anyone may read
them (the new-match form offers them to anyone), the organiser's token writes them. A match or
tournament created through the API names one with ``profile`` (:func:`.profiles.requested_options`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, jsonify, request, url_for

from .. import games, profiles, store
from ..errors import N_, RuleViolation
from . import access
from .api import _body
from .club_api import _only
from .profiles import found

bp = Blueprint("profiles_api", __name__, url_prefix="/api/v1")

PROFILE_FIELDS = frozenset({"game", "name", "options"})


def _json(profile: store.Profile) -> dict[str, Any]:
    rules = games.get_rules(profile.game)
    return {"id": profile.id, "game": profile.game, "name": profile.name,
            "options": rules.resolve_options(profile.options), "changes": dict(profile.options),
            "created": profile.created, "updated": profile.updated,
            "url": url_for("profiles.edit", profile_id=profile.id)}


def _game(body: Mapping[str, Any]) -> str:
    game = body.get("game")
    if not isinstance(game, str) or game not in games.RULES:
        raise RuleViolation(N_("game must be one of %(choices)s"), field="game", choices=", ".join(games.RULES))
    return game


def _departures(game: str, body: Mapping[str, Any]) -> dict[str, Any]:
    """The rules a body's ``options`` change from the game's rules as written (absent: none)."""
    raw = body.get("options", {})
    if not isinstance(raw, dict):
        raise RuleViolation(N_("options must be an object"), field="options")
    return profiles.departures(games.get_rules(game), raw)


@bp.get("/profiles")
def list_profiles():
    """The club's rule profiles (``?game=``: of one game), by game and name."""
    game = request.args.get("game")
    if game is not None and game not in games.RULES:
        raise RuleViolation(N_("game must be one of %(choices)s"), field="game", choices=", ".join(games.RULES))
    return jsonify(profiles=[_json(p) for p in store.list_profiles(store.get_db(), game)])


@bp.post("/profiles")
@access.organiser_api
def create_profile():
    """Keep a new rule profile: ``game``, ``name``, ``options`` (as a match takes them)."""
    body = _body()
    _only(body, PROFILE_FIELDS)
    game = _game(body)
    name = profiles.read_name(body.get("name", ""))
    profile_id = store.add_profile(store.get_db(), game=game, name=name, options=_departures(game, body))
    return jsonify(_json(found(profile_id))), 201


@bp.get("/profiles/<int:profile_id>")
def get_profile(profile_id: int):
    """One rule profile."""
    return jsonify(_json(found(profile_id)))


@bp.put("/profiles/<int:profile_id>")
@access.organiser_api
def put_profile(profile_id: int):
    """Replace a profile's name and options (its game stays); matches started from it keep theirs."""
    body = _body()  # (first: a body that is not JSON is refused whatever it names)
    _only(body, PROFILE_FIELDS)
    profile = found(profile_id)
    if body.get("game", profile.game) != profile.game:
        raise RuleViolation(N_("A profile keeps its game (%(game)s): create another for another game."),
                            field="game", game=profile.game)
    name = profiles.read_name(body.get("name", ""))
    store.update_profile(store.get_db(), profile_id, name=name, options=_departures(profile.game, body))
    return jsonify(_json(found(profile_id)))


@bp.delete("/profiles/<int:profile_id>")
@access.organiser_api
def delete_profile(profile_id: int):
    """Delete a profile for good; matches and tournaments started from it keep their options."""
    found(profile_id)
    store.delete_profile(store.get_db(), profile_id)
    return "", 204
