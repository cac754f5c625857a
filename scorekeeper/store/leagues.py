"""Leagues: a name, a game, a rule and the tournaments that are its evenings; nothing else is kept
(the table is derived: :mod:`scorekeeper.leagues`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from ..leagues import Rule, check_rule
from .club import Tournament, get_tournament
from .db import MAX_ID, NotFound, now, write_transaction


@dataclass(frozen=True, slots=True)
class League:
    """A league: its name, game and rule, and its evenings (tournament ids, in play order)."""

    id: int
    name: str
    game: str
    rule: Rule
    created: str
    evenings: tuple[int, ...] = ()


def _league(db: Database, row: Mapping[str, Any]) -> League:
    evenings = tuple(found["id"] for found in db.query(
        "select tournaments.id from league_evenings join tournaments on tournaments.id = league_evenings.tournament_id"
        " where league_id = ? order by tournaments.created, tournaments.id", [row["id"]]))
    return League(row["id"], row["name"], row["game"], Rule(row["rule"], row["best"], row["minimum"]), row["created"],
                  evenings)


def create_league(db: Database, *, name: str, game: str, rule: Rule) -> int:
    """:raise RuleViolation: the rule is refused (:func:`scorekeeper.leagues.check_rule`)"""
    rule = check_rule(rule)
    with write_transaction(db):
        table = db.table("leagues")
        table.insert({"name": name, "game": game, "rule": rule.kind, "best": rule.best, "minimum": rule.minimum,
                      "created": now()})
        return int(table.last_pk)


def update_league(db: Database, league_id: int, *, name: str, rule: Rule) -> None:
    """Rename a league or change its rule (its table follows at once: nothing of it is kept).

    :raise RuleViolation: the rule is refused
    :raise NotFound: no such league
    """
    rule = check_rule(rule)
    with write_transaction(db):
        get_league(db, league_id)
        db.execute("update leagues set name = ?, rule = ?, best = ?, minimum = ? where id = ?",
                   [name, rule.kind, rule.best, rule.minimum, league_id])


def get_league(db: Database, league_id: int) -> League:
    """:raise NotFound: no such league"""
    rows = list(db.query("select * from leagues where id = ?", [league_id])) if 0 < league_id <= MAX_ID else []
    if not rows:
        raise NotFound(league_id)
    return _league(db, rows[0])


def list_leagues(db: Database) -> list[League]:
    """Every league, the latest first."""
    return [_league(db, row) for row in db.query("select * from leagues order by id desc")]


def add_evening(db: Database, league_id: int, tournament_id: int,
                fits: Callable[[Tournament, Sequence[Tournament]], None]) -> None:
    """Put a tournament in a league as one of its evenings.

    :param fits: called inside the write lock with the tournament and the league's evenings; raises
        RuleViolation when it may not join them (it enters pairs, they single players)
    :raise RuleViolation: no such tournament, one of another game, or one in the league already
    :raise NotFound: no such league
    """
    with write_transaction(db):
        league = get_league(db, league_id)
        try:
            tournament = get_tournament(db, tournament_id)
        except NotFound:
            raise RuleViolation(N_("No tournament has the id %(id)d"), field="tournament", id=tournament_id) from None
        if tournament.game != league.game:
            raise RuleViolation(N_("%(tournament)s is not a tournament of this league's game"), field="tournament",
                                tournament=tournament.name)
        if tournament_id in league.evenings:
            raise RuleViolation(N_("%(tournament)s is an evening of this league already"), field="tournament",
                                tournament=tournament.name)
        fits(tournament, [get_tournament(db, evening) for evening in league.evenings])
        db.table("league_evenings").insert({"league_id": league_id, "tournament_id": tournament_id})


def remove_evening(db: Database, league_id: int, tournament_id: int) -> bool:
    """Take an evening out of a league (the tournament stays as it is): was it one of its evenings?"""
    with write_transaction(db):
        return bool(db.execute("delete from league_evenings where league_id = ? and tournament_id = ?",
                               [league_id, tournament_id]).rowcount)
