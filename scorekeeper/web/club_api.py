"""The organiser's JSON API under /api/v1: players, tournaments, entries, the draw, tables,
the round in play (its clock, the desk's board, closing it, the wall), standings and the prize
list, through the same functions the organiser's pages call.

Every route needs an organiser token (``Authorization: Bearer <token>``, printed by
``flask organiser-token``; :func:`access.organiser_api`): a missing, wrong or revoked one is
answered 401, and a table's ``X-Table-Token`` is not one. A table's deals are recorded through
the matches API (:mod:`.api`) with the table's token, as its phone does. Errors have the API's
one shape, ``{"error": {"message": ..., "field": ...}}``.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, jsonify, url_for
from flask_babel import gettext

from .. import evening, games, pairings, prizes, store, text
from ..errors import N_, RuleViolation
from . import access, profiles
from .address import external_url
from .roundclock import ClockView
from .api import _body, result_json
from .tournaments import State, load_state
from .tournaments.core import check_tournament, formats
from .tournaments.door import enter
from .tournaments.players import namesakes_of
from .tournaments.prize_list import awards_of
from .tournaments.board import DRAWN, STANDS, board_rows, current_clock, shown_clock
from .tournaments.clock import CLOCK_ACTIONS, check_closable, choose_wall, close, run_clock
from .tournaments.rounds import draw_next

bp = Blueprint("club_api", __name__, url_prefix="/api/v1")

TOURNAMENT_FIELDS = frozenset({"name", "game", "format", "rounds", "deals", "ranking", "late_rounds", "options",
                               "profile"})
ROUNDS = (1, 20)  # as the tournament page's form
DEALS = (0, 100)


@bp.before_request
@access.organiser_api
def _organiser_only() -> None:
    """Every route of this blueprint is the organiser's (a token; see the module)."""


# -- reading the body ----------------------------------------------------------------------

def _only(body: Mapping[str, Any], fields: frozenset[str]) -> None:
    unknown = set(body) - fields
    if unknown:
        field = min(unknown)
        raise RuleViolation(N_("“%(name)s” is not a field of this call"), field=field, name=field)


def _integer(body: Mapping[str, Any], field: str, default: int | None = None) -> int:
    value = body.get(field, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleViolation(N_("%(name)s must be a whole number"), field=field, name=field)
    return value


def _whole(body: Mapping[str, Any], field: str, *, low: int, high: int, default: int | None = None) -> int:
    value = _integer(body, field, default)
    if not low <= value <= high:
        raise RuleViolation(N_("%(name)s must be from %(low)d to %(high)d"), field=field, name=field,
                            low=low, high=high)
    return value


def _text(body: Mapping[str, Any], field: str, *, most: int, required: bool = False) -> str:
    value = body.get(field, "")
    if not isinstance(value, str):
        raise RuleViolation(N_("%(name)s must be text"), field=field, name=field)
    value = text.clean(value, field, most=most).strip()
    if required and not value:
        raise RuleViolation(N_("%(name)s is needed"), field=field, name=field)
    return value


def _flag(body: Mapping[str, Any], field: str, default: bool) -> bool:
    value = body.get(field, default)
    if not isinstance(value, bool):
        raise RuleViolation(N_("%(name)s must be true or false"), field=field, name=field)
    return value


def _choice(body: Mapping[str, Any], field: str, choices: list[str]) -> str:
    value = body.get(field, choices[0])
    if value not in choices:
        raise RuleViolation(N_("%(name)s must be one of %(choices)s"), field=field, name=field,
                            choices=", ".join(choices))
    return str(value)


def _id(body: Mapping[str, Any], field: str) -> int:
    return _whole(body, field, low=1, high=store.MAX_ID)


# -- players --------------------------------------------------------------------------------

def _player_json(player: store.Player) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "licence": player.licence}


@bp.get("/players")
def list_players():
    """The club's players, as the club sorts names."""
    return jsonify(players=[_player_json(p) for p in store.list_players(store.get_db())])


@bp.post("/players")
def add_player():
    """Add one of the club's players; a namesake is refused unless ``again`` says it is another person."""
    body = _body()
    _only(body, frozenset({"name", "licence", "again"}))
    name = _text(body, "name", most=text.NAME_MAX, required=True)
    licence = _text(body, "licence", most=text.LICENCE_MAX)
    again = _flag(body, "again", False)
    namesakes = namesakes_of(name)
    if namesakes and not again:
        raise RuleViolation(N_("%(name)s is already one of the club's players (id %(id)d): send \"again\": true "
                               "for another person of that name"), field="name", name=namesakes[0].name,
                            id=namesakes[0].id)
    player_id = store.add_player(store.get_db(), name, licence)
    return jsonify(_player_json(store.get_player(store.get_db(), player_id))), 201


# -- tournaments ----------------------------------------------------------------------------

def _tournament_json(t: store.Tournament, rounds_drawn: int, finished: bool) -> dict[str, Any]:
    return {"id": t.id, "name": t.name, "game": t.game, "format": t.format, "rounds": t.rounds, "deals": t.deals,
            "ranking": t.ranking, "late_rounds": t.late_rounds, "options": dict(t.options), "seed": t.seed,
            "created": t.created, "rounds_drawn": rounds_drawn, "finished": finished,
            "url": url_for("tournaments.tournament", tournament_id=t.id)}


def _entry_json(state: State, entry_id: int) -> dict[str, Any]:
    entry = state.entries[entry_id]
    return {"id": entry.id, "name": state.entry_name(entry_id), "joins": entry.joins, "withdrawn": entry.withdrawn,
            "players": [_player_json(state.players[p]) for p in entry.players]}


@bp.get("/tournaments")
def list_tournaments():
    """Every tournament, the latest first."""
    db = store.get_db()
    drawn = store.rounds_drawn(db)
    return jsonify(tournaments=[_tournament_json(t, drawn.get(t.id, 0), _finished(t, drawn.get(t.id, 0)))
                                for t in store.list_tournaments(db)])


def _finished(tournament: store.Tournament, rounds_drawn: int) -> bool:
    """Has the tournament played its last round: read from the rows while rounds are still to be
    drawn; once all are, only its tables' sheets say whether the last round is over."""
    return rounds_drawn >= tournament.rounds and load_state(tournament.id).finished


@bp.post("/tournaments")
def create_tournament():
    """Start a tournament (as the page "New tournament")."""
    body = _body()
    _only(body, TOURNAMENT_FIELDS)
    name = _text(body, "name", most=text.TITLE_MAX, required=True)
    game = body.get("game")
    if not isinstance(game, str) or game not in games.RULES:
        raise RuleViolation(N_("game must be one of %(choices)s"), field="game", choices=", ".join(games.RULES))
    rules = games.get_rules(game)
    options = profiles.requested_options(rules, body)
    allowed = formats(rules, options)
    fmt = _choice(body, "format", allowed or ["pairs"])
    rounds = _whole(body, "rounds", low=ROUNDS[0], high=ROUNDS[1], default=4)
    deals = _whole(body, "deals", low=DEALS[0], high=DEALS[1], default=0)
    ranking = _choice(body, "ranking", list(pairings.RANKINGS))
    late_rounds = _choice(body, "late_rounds", list(evening.LATE_ROUNDS))
    check_tournament(rules, options, fmt, deals)
    tournament_id = store.create_tournament(store.get_db(), name=name, game=rules.key, options=options, format=fmt,
                                            rounds=rounds, deals=deals, ranking=ranking,
                                            seed=secrets.randbelow(2**31), late_rounds=late_rounds)
    return get_tournament(tournament_id), 201


@bp.get("/tournaments/<int:tournament_id>")
def get_tournament(tournament_id: int):
    """A tournament with its entries."""
    state = load_state(tournament_id)
    return jsonify(**_tournament_json(state.tournament, len(state.rounds), state.finished), entries=[_entry_json(state, e) for e in state.entries])


# -- entries --------------------------------------------------------------------------------

@bp.post("/tournaments/<int:tournament_id>/entries")
def add_entry(tournament_id: int):
    """Register an entry (after round 1 too: it joins from the next round)."""
    body = _body()
    state = load_state(tournament_id)
    _only(body, frozenset({"players"}))
    players = body.get("players")
    if not isinstance(players, list) or not players or \
            any(isinstance(p, bool) or not isinstance(p, int) for p in players):
        raise RuleViolation(N_("players must be a list of player ids"), field="players")
    entry_id = enter(state, players)
    return jsonify(_entry_json(load_state(tournament_id), entry_id)), 201


def _entry_of(tournament_id: int, entry_id: int) -> State:
    state = load_state(tournament_id)
    if entry_id not in state.entries:
        abort(404)
    return state


@bp.post("/tournaments/<int:tournament_id>/entries/<int:entry_id>/withdraw")
def withdraw_entry(tournament_id: int, entry_id: int):
    """An entry leaves: drawn no more, the tables it played stand. The body: ``{}``."""
    _only(_body(), frozenset())
    _entry_of(tournament_id, entry_id)
    store.withdraw_entry(store.get_db(), tournament_id, entry_id)
    return jsonify(_entry_json(load_state(tournament_id), entry_id))


@bp.post("/tournaments/<int:tournament_id>/entries/<int:entry_id>/replace")
def replace_player(tournament_id: int, entry_id: int):
    """A player of the entry is replaced by another of the club's for the rest of the tournament."""
    body = _body()
    state = _entry_of(tournament_id, entry_id)
    _only(body, frozenset({"leaving", "coming"}))
    leaving, coming = _id(body, "leaving"), _id(body, "coming")
    if coming not in state.players:
        raise RuleViolation(N_("No player of the club has the id %(id)d"), field="coming", id=coming)
    store.replace_player(store.get_db(), tournament_id, entry_id, leaving, coming)
    return jsonify(_entry_json(load_state(tournament_id), entry_id))


# -- rounds and tables ----------------------------------------------------------------------

def _round_json(state: State, round_: store.RoundRow) -> dict[str, Any]:
    tables = []
    for view in state.tables.get(round_.number, []):
        seated = view.seated(state.rules)
        tables.append({
            "id": view.table.id, "number": view.table.number, "match_id": view.match.id,
            "link": external_url("tournaments.table_link", token=view.table.token), "token": view.table.token,
            "sides": [{"seats": seats, "names": names, "entries": list(entries)}
                      for (seats, names), entries in zip(seated, view.table.sides, strict=False)],
            "deals": view.deals, "deal_limit": view.match.deal_limit, "finished": view.result is not None,
            "points": list(view.outcome.points) if view.outcome else None, "result": result_json(view.result),
            "match": url_for("api.get_match", match_id=view.match.id)})
    return {"number": round_.number, "finished": state.round_finished(round_.number),
            "byes": [{"entry": e, "name": state.entry_name(e)} for e in round_.byes], "tables": tables}


@bp.get("/tournaments/<int:tournament_id>/rounds")
def list_rounds(tournament_id: int):
    """Every round drawn, its tables with their links and state (deals, result)."""
    state = load_state(tournament_id)
    return jsonify(rounds=[_round_json(state, r) for r in state.rounds])


@bp.post("/tournaments/<int:tournament_id>/rounds")
def draw(tournament_id: int):
    """Draw the next round (as the page's "Draw round N"). The body: ``{}``."""
    _only(_body(), frozenset())
    drawn = draw_next(load_state(tournament_id))
    state = load_state(tournament_id)
    return jsonify(**_round_json(state, state.rounds[drawn.number - 1]), not_kept_apart=[
        [state.entry_name(e) for e in sorted(pair)] for pair in drawn.broken_apart]), 201


@bp.get("/tournaments/<int:tournament_id>/standings")
def standings(tournament_id: int):
    """The standings, best first, as the ranking rule orders them."""
    state = load_state(tournament_id)
    return jsonify(ranking=state.tournament.ranking, ranking_said=gettext(pairings.RANKINGS[state.tournament.ranking]),
                   finished=state.finished, standings=[{
                       "place": place, "entry": s.entry, "name": state.entry_name(s.entry),
                       "match_points": s.match_points, "played": s.played, "wins": s.wins, "draws": s.draws,
                       "losses": s.losses, "byes": s.byes, "points_for": s.points_for,
                       "points_against": s.points_against, "difference": s.difference}
                       for place, s in enumerate(state.standings, start=1)])


# -- the round in play: its clock, the desk's board, closing it, the wall ----------------------

def _clock_json(shown: ClockView | None) -> dict[str, Any] | None:
    if shown is None:
        return None
    return {"round": shown.round, "phase": shown.phase, "said": gettext(shown.said),
            "ends": shown.ends.isoformat(timespec="seconds") if shown.ends else None, "left": shown.left}


def _in_play(tournament_id: int, number: int) -> State:
    """The tournament, when ``number`` is its round in play (404 otherwise)."""
    state = load_state(tournament_id)
    if number != len(state.rounds) or number == 0:
        abort(404)
    return state


@bp.get("/tournaments/<int:tournament_id>/rounds/<int:number>/clock")
def get_clock(tournament_id: int, number: int):
    """The clock of the round in play, as its tables and the wall show it."""
    return jsonify(_clock_json(shown_clock(_in_play(tournament_id, number))))


CLOCK_FIELDS = {"extra": "minutes", "clock": "action"}  # the clock rule's fields, as this call names them


@bp.post("/tournaments/<int:tournament_id>/rounds/<int:number>/clock")
def drive_clock(tournament_id: int, number: int):
    """Start the round's clock (``minutes``, by default the tournament's round time), pause it,
    resume it, or add ``minutes``, as the desk's clock buttons: ``{"action": ..., "minutes": ...}``."""
    body = _body()
    state = _in_play(tournament_id, number)
    _only(body, frozenset({"action", "minutes"}))
    if "action" not in body:
        raise RuleViolation(N_("%(name)s is needed"), field="action", name="action")
    action = _choice(body, "action", list(CLOCK_ACTIONS))
    minutes = _integer(body, "minutes", store.get_evening_settings(store.get_db(), tournament_id).round_minutes)
    try:
        run_clock(state, action, minutes)
    except RuleViolation as err:
        raise RuleViolation(err.template, field=CLOCK_FIELDS.get(err.field or "", err.field), **err.params) from None
    return jsonify(_clock_json(shown_clock(load_state(tournament_id))))


def _board_json(state: State) -> dict[str, Any]:
    current = current_clock(state)  # (read once for the clock and the tables)
    return {"round": len(state.rounds) or None,
            "finished": bool(state.rounds) and state.round_finished(len(state.rounds)),
            "clock": _clock_json(shown_clock(state, current)), "tables": [{
                "number": row.view.table.number, "match_id": row.view.match.id, "deals": row.view.deals,
                "deal_limit": row.view.match.deal_limit,
                "changed": row.changed_at.isoformat(timespec="seconds") if row.changed_at else None,
                "finished": row.view.result is not None, "closed": row.view.closed is not None,
                "confirmation": row.view.signoff_status or None, "slow": row.slow, "phase": row.phase}
                for row in board_rows(state, current[0])]}


@bp.get("/tournaments/<int:tournament_id>/board")
def get_board(tournament_id: int):
    """The desk's board: the round in play's clock and tables (deals, last change, finished,
    closed, confirmation, slow)."""
    return jsonify(_board_json(load_state(tournament_id)))


def _chosen(state: State, number: int, raw: object) -> dict[int, str]:
    """The close call's ``results`` (by table number: "stands", "draw" or a side's index) as the
    close step takes them (by table id)."""
    if not isinstance(raw, dict):
        raise RuleViolation(N_("results must be an object"), field="results")
    views = {str(view.table.number): view for view in state.tables.get(number, []) if not view.done}
    chosen = {view.table.id: STANDS for view in views.values()}
    for key, value in raw.items():
        view = views.get(key)
        if view is None:
            raise RuleViolation(N_("No table of this round still playing has the number %(number)s"),
                                field=f"results.{key}", number=key)
        sides = len(view.seated(state.rules))
        side = not isinstance(value, bool) and isinstance(value, int) and 0 <= value < sides
        if value not in (STANDS, DRAWN) and not side:
            raise RuleViolation(N_("A result is \"stands\", \"draw\" or a side's index, 0 to %(last)d"),
                                field=f"results.{key}", last=sides - 1)
        chosen[view.table.id] = str(value)
    return chosen


@bp.post("/tournaments/<int:tournament_id>/rounds/<int:number>/close")
def close_round(tournament_id: int, number: int):
    """Close the round in play, as the desk's "Close round N": ``reason``, and ``results`` by table
    number (a table left out is scored as it stands). Answers the desk's board."""
    body = _body()
    state = load_state(tournament_id)
    if not 0 < number <= len(state.rounds):
        abort(404)
    _only(body, frozenset({"reason", "results"}))
    check_closable(state, number)
    reason = _text(body, "reason", most=evening.CLOSE_REASON_MAX, required=True)
    close(state, number, _chosen(state, number, body.get("results", {})), reason)
    return jsonify(_board_json(load_state(tournament_id)))


def _wall_json(tournament_id: int) -> dict[str, Any]:
    state = load_state(tournament_id)
    wall = store.get_evening_settings(store.get_db(), tournament_id).wall
    shows = evening.wall_shows(wall, len(state.rounds))
    return {"standings": wall.standings, "hold": wall.hold, "published": wall.published,
            "shows": {"pairings": shows.pairings, "standings": shows.standings},
            "page": url_for("tournaments.standings", tournament_id=tournament_id),
            "live": url_for("tournaments.live", tournament_id=tournament_id)}


@bp.get("/tournaments/<int:tournament_id>/wall")
def get_wall(tournament_id: int):
    """What the wall shows, and what the organiser chose."""
    return jsonify(_wall_json(tournament_id))


@bp.put("/tournaments/<int:tournament_id>/wall")
def put_wall(tournament_id: int):
    """Choose what the wall shows, as the desk's wall form: ``standings``, ``hold`` (a field left
    out keeps its value), ``publish`` (the round in play's pairings, now)."""
    body = _body()
    state = load_state(tournament_id)
    _only(body, frozenset({"standings", "hold", "publish"}))
    wall = store.get_evening_settings(store.get_db(), tournament_id).wall
    choose_wall(state, standings=_flag(body, "standings", wall.standings), hold=_flag(body, "hold", wall.hold),
                publish=_flag(body, "publish", False))
    return jsonify(_wall_json(tournament_id))


# -- the prize list -------------------------------------------------------------------------

def _prizes_json(state: State) -> dict[str, Any]:
    db = store.get_db()
    awards = awards_of(state)
    return {"finished": state.finished,
            "prizes": [{"id": row.id, "kind": row.prize.kind, "category": row.prize.category,
                        "gift": row.prize.gift} for row in store.list_prizes(db, state.tournament.id)],
            "tags": [{"player": tag.player_id, "name": state.players[tag.player_id].name, "category": tag.category}
                     for tag in store.list_tags(db, state.tournament.id)],
            "awards": [{"place": a.place, "category": a.prize.category, "gift": a.prize.gift, "entry": a.entry,
                        "players": [_player_json(state.players[p]) for p in a.players]} for a in awards]}


@bp.get("/tournaments/<int:tournament_id>/prizes")
def get_prizes(tournament_id: int):
    """The prize list, the players tagged, and who receives what (final once ``finished``)."""
    return jsonify(_prizes_json(load_state(tournament_id)))


def _prize(at: int, raw: object) -> prizes.Prize:
    if not isinstance(raw, dict):
        raise RuleViolation(N_("Each prize must be an object"), field=f"prizes[{at}]")
    try:
        _only(raw, frozenset({"kind", "category", "gift"}))
        kind, category, gift = raw.get("kind"), raw.get("category", ""), raw.get("gift", "")
        if not isinstance(kind, str) or not isinstance(category, str) or not isinstance(gift, str):
            raise RuleViolation(N_("kind, category and gift must be text"), field="kind")
        return prizes.check_prize(prizes.Prize(kind, category, gift))
    except RuleViolation as err:
        raise RuleViolation(err.template, field=f"prizes[{at}].{err.field}", **err.params) from None


@bp.put("/tournaments/<int:tournament_id>/prizes")
def put_prizes(tournament_id: int):
    """Replace the whole prize list: ``{"prizes": [{"kind": "place"|"category", "category", "gift"}, ...]}``."""
    body = _body()
    load_state(tournament_id)
    _only(body, frozenset({"prizes"}))
    listed = body.get("prizes")
    if not isinstance(listed, list):
        raise RuleViolation(N_("prizes must be a list"), field="prizes")
    store.set_prizes(store.get_db(), tournament_id, [_prize(at, raw) for at, raw in enumerate(listed)])
    return jsonify(_prizes_json(load_state(tournament_id)))


@bp.put("/tournaments/<int:tournament_id>/players/<int:player_id>/tags")
def put_tags(tournament_id: int, player_id: int):
    """Replace the categories an entered player is tagged with: ``{"tags": ["Best newcomer"]}``."""
    body = _body()
    load_state(tournament_id)
    _only(body, frozenset({"tags"}))
    tags = body.get("tags")
    if not isinstance(tags, list) or any(not isinstance(tag, str) for tag in tags) or len(tags) > prizes.MOST_PRIZES:
        raise RuleViolation(N_("tags must be a list of the prize list's categories"), field="tags")
    store.set_player_tags(store.get_db(), tournament_id, player_id, tags)
    return jsonify(_prizes_json(load_state(tournament_id)))
