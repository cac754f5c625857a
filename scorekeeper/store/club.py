"""The club's records: players, tournaments, their entries, rounds and tables, the settings."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from .db import MAX_ID, NotFound, now, write_transaction
from .events import Actor
from .matches import insert_deal, insert_match

@dataclass(frozen=True, slots=True)
class Player:
    """One of the club's players."""

    id: int
    name: str
    licence: str
    created: str


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament: its game and the house rules imposed on every table, its format
    (``pairs``: fixed pairs or single players, side against side; ``individual``: players
    seated four to a table with rotating partners), rounds planned, deals per round (0: each
    table plays to the game's own end), ranking rule and the seed of its draw."""

    id: int
    name: str
    game: str
    options: Mapping[str, Any]
    format: str
    rounds: int
    deals: int
    ranking: str
    seed: int
    created: str


@dataclass(frozen=True, slots=True)
class Entry:
    """A tournament's entry: a fixed pair, or a single player."""

    id: int
    tournament_id: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table of a round: its match and its sides (entries)."""

    id: int
    round_number: int
    number: int
    match_id: int
    sides: tuple[tuple[int, ...], ...]
    tournament_id: int
    token: str


@dataclass(frozen=True, slots=True)
class RoundRow:
    """A round: its number, who sat it out, and its tables in order."""

    id: int
    number: int
    byes: tuple[int, ...]
    tables: tuple[TableRow, ...]


def add_player(db: Database, name: str, licence: str = "") -> int:
    with write_transaction(db):
        table = db.table("players")
        table.insert({"name": name, "licence": licence, "created": now()})
        return int(table.last_pk)


def update_player(db: Database, player_id: int, name: str, licence: str) -> None:
    with write_transaction(db):
        get_player(db, player_id)
        db.execute("update players set name = ?, licence = ? where id = ?", [name, licence, player_id])


def get_player(db: Database, player_id: int) -> Player:
    """:raise NotFound: no such player"""
    rows = list(db.query("select * from players where id = ?", [player_id])) if 0 < player_id <= MAX_ID else []
    if not rows:
        raise NotFound(player_id)
    return Player(**rows[0])


def list_players(db: Database) -> list[Player]:
    """The club's players by name."""
    return [Player(**row) for row in db.query("select * from players order by name collate nocase, id")]


def create_tournament(db: Database, *, name: str, game: str, options: Mapping[str, Any], format: str,
                      rounds: int, deals: int, ranking: str, seed: int) -> int:
    with write_transaction(db):
        table = db.table("tournaments")
        table.insert({"name": name, "game": game, "options": json.dumps(dict(options)), "format": format,
                      "rounds": rounds, "deals": deals, "ranking": ranking, "seed": seed, "created": now()})
        return int(table.last_pk)


def _tournament(row: Mapping[str, Any]) -> Tournament:
    return Tournament(**{**row, "options": json.loads(row["options"])})


def get_tournament(db: Database, tournament_id: int) -> Tournament:
    """:raise NotFound: no such tournament"""
    rows = (list(db.query("select * from tournaments where id = ?", [tournament_id]))
            if 0 < tournament_id <= MAX_ID else [])
    if not rows:
        raise NotFound(tournament_id)
    return _tournament(rows[0])


def list_tournaments(db: Database) -> list[Tournament]:
    return [_tournament(row) for row in db.query("select * from tournaments order by id desc")]


def list_entries(db: Database, tournament_id: int) -> list[Entry]:
    """The entries in the order they registered."""
    return [Entry(row["id"], row["tournament_id"], tuple(json.loads(row["players"])))
            for row in db.query("select * from entries where tournament_id = ? order by id", [tournament_id])]


def add_entry(db: Database, tournament_id: int, players: Sequence[int]) -> int:
    """Register an entry before the first round is drawn.

    :raise RuleViolation: the tournament has started, or a player is already entered
    """
    with write_transaction(db):
        get_tournament(db, tournament_id)
        if list_rounds(db, tournament_id):
            raise RuleViolation(N_("The first round is drawn: no more entries can be registered"), field="players")
        entered = {p for entry in list_entries(db, tournament_id) for p in entry.players}
        for player_id in players:
            get_player(db, player_id)
            if player_id in entered:
                raise RuleViolation(N_("%(name)s is already entered"), field="players",
                                    name=get_player(db, player_id).name)
        table = db.table("entries")
        table.insert({"tournament_id": tournament_id, "players": json.dumps(list(players))})
        return int(table.last_pk)


def remove_entry(db: Database, tournament_id: int, entry_id: int) -> None:
    with write_transaction(db):
        if list_rounds(db, tournament_id):
            raise RuleViolation(N_("The first round is drawn: entries can no longer be removed"), field="entry")
        db.execute("delete from entries where id = ? and tournament_id = ?", [entry_id, tournament_id])


def _table(row: Mapping[str, Any]) -> TableRow:
    return TableRow(row["id"], row["round_number"], row["number"], row["match_id"],
                    tuple(tuple(side) for side in json.loads(row["sides"])), row["tournament_id"], row["token"])


_TABLES = ("select tables.*, rounds.number as round_number, rounds.tournament_id from tables "
           "join rounds on rounds.id = tables.round_id")


def list_rounds(db: Database, tournament_id: int) -> list[RoundRow]:
    """The rounds drawn so far, with their tables."""
    tables = [_table(row) for row in db.query(
        f"{_TABLES} where rounds.tournament_id = ? order by rounds.number, tables.number", [tournament_id])]
    return [RoundRow(row["id"], row["number"], tuple(json.loads(row["byes"])),
                     tuple(t for t in tables if t.round_number == row["number"]))
            for row in db.query("select * from rounds where tournament_id = ? order by number", [tournament_id])]


def table_of_match(db: Database, match_id: int) -> TableRow | None:
    """The tournament table a match is, or None for a casual match."""
    rows = list(db.query(f"{_TABLES} where tables.match_id = ?", [match_id]))
    return _table(rows[0]) if rows else None


NewTable = tuple[Sequence[Sequence[int]], Mapping[str, str], str, str]
"""A table to create: its sides (entry ids), its match's players by seat, its link's token and
its match's title."""


def add_round(db: Database, tournament_id: int, number: int, byes: Sequence[int], tables: Sequence[NewTable], *,
              game: str, first_dealer: str, options: Mapping[str, Any], deal_limit: int,
              ready: Callable[[], None]) -> int:
    """Draw round ``number``: every table's match is created in one transaction.

    :param ready: called inside the write lock; raises RuleViolation when the round may not be
        drawn now (the previous one is not finished, or this one exists already)
    """
    with write_transaction(db):
        ready()
        if list(db.query("select id from rounds where tournament_id = ? and number = ?", [tournament_id, number])):
            raise RuleViolation(N_("Round %(round)d is drawn already"), field="round", round=number)
        rounds = db.table("rounds")
        rounds.insert({"tournament_id": tournament_id, "number": number, "byes": json.dumps(list(byes)),
                       "created": now()})
        round_id = int(rounds.last_pk)
        for index, (sides, players, token, title) in enumerate(tables, start=1):
            match_id = insert_match(db, game=game, players=players, first_dealer=first_dealer, options=options,
                                     title=title, deal_limit=deal_limit)
            db.table("tables").insert({"round_id": round_id, "number": index, "match_id": match_id,
                                       "sides": json.dumps([list(side) for side in sides]),
                                       "token": token})
        return round_id


def set_table_token(db: Database, table_id: int, token: str) -> None:
    """Revoke a table's link and give it a new one."""
    with write_transaction(db):
        db.execute("update tables set token = ? where id = ?", [token, table_id])


def table_by_token(db: Database, token: str) -> TableRow | None:
    rows = list(db.query(f"{_TABLES} where tables.token = ?", [token]))
    return _table(rows[0]) if rows else None


def reseat_tables(db: Database, changes: Sequence[tuple[int, Sequence[Sequence[int]], Mapping[str, str]]],
                  ready: Callable[[], None]) -> None:
    """Give tables (by id) new sides and their matches the players seated accordingly, in one step.

    :param ready: called inside the write lock; raises RuleViolation when the tables may not change
    """
    with write_transaction(db):
        ready()
        for table_id, sides, players in changes:
            match_id = db.execute("select match_id from tables where id = ?", [table_id]).fetchone()[0]
            db.execute("update tables set sides = ? where id = ?", [json.dumps([list(x) for x in sides]), table_id])
            db.execute("update matches set players = ?, version = version + 1 where id = ?",
                       [json.dumps(dict(players)), match_id])


def get_setting(db: Database, key: str) -> str | None:
    rows = list(db.query("select value from settings where key = ?", [key]))
    return rows[0]["value"] if rows else None


def set_setting(db: Database, key: str, value: str) -> None:
    with write_transaction(db):
        db.table("settings").upsert({"key": key, "value": value}, pk="key")


def import_tournament(db: Database, record: Mapping[str, Any], new_token: Callable[[], str]) -> int:
    """Store a checked tournament record (scorekeeper.records.read) in one transaction: its
    players are matched to the club's by name and licence (or added), its ids renumbered, each
    table given a new link; its deals start their history anew, recorded by the organiser.

    :return: the new tournament's id
    """
    def insert(table: str, row: Mapping[str, Any]) -> int:
        inserted = db.table(table)
        inserted.insert(dict(row))
        return int(inserted.last_pk)

    with write_transaction(db):
        known = {(p.name, p.licence): p.id for p in list_players(db)}
        player_ids = {}
        for old_id, player in record["players"].items():
            key = (player["name"], player["licence"])
            if key not in known:
                known[key] = insert("players", {"name": player["name"], "licence": player["licence"],
                                                "created": now()})
            player_ids[old_id] = known[key]
        head = record["tournament"]
        tournament_id = insert("tournaments", {**head, "options": json.dumps(dict(head["options"])), "created": now()})
        entry_ids = {}
        for old_id, members in record["entries"].items():
            entry_ids[old_id] = insert("entries", {"tournament_id": tournament_id,
                                                   "players": json.dumps([player_ids[p] for p in members])})
        for round_ in record["rounds"]:
            round_id = insert("rounds", {"tournament_id": tournament_id, "number": round_["number"],
                                         "byes": json.dumps([entry_ids[e] for e in round_["byes"]]), "created": now()})
            for number, table in enumerate(round_["tables"], start=1):
                match_id = insert_match(db, game=head["game"], players=table["players"],
                                         first_dealer=table["first_dealer"], options=head["options"],
                                         title=table["title"], deal_limit=table["deal_limit"])
                for declarations in table["deals"]:
                    insert_deal(db, match_id, declarations, Actor("organiser"))
                db.table("tables").insert({"round_id": round_id, "number": number, "match_id": match_id,
                                           "sides": json.dumps([[entry_ids[e] for e in side] for side in table["sides"]]),
                                           "token": new_token()})
        return tournament_id
