"""The club's records: players, tournaments, their entries, rounds and tables, the settings."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from ..evening import Clock, may_join, name_key
from .db import MAX_ID, NotFound, now, write_transaction
from .events import Actor, log_event
from .matches import MATCH_FIELDS, MATCHES_KEPT, Match, _parsed_match, insert_deal, insert_match, match_row
from .rounds import Closure, clock_of, insert_closure

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
    late_rounds: str = "zero"  # how a late entry's missed rounds count (scorekeeper.evening.LATE_ROUNDS)
    confirm_results: bool = False  # a table's result counts once both sides confirmed it (:mod:`.signoffs`)
    uuid: str = ""  # its name on every machine its record is imported to


@dataclass(frozen=True, slots=True)
class Entry:
    """A tournament's entry: a fixed pair, or a single player; the first round it is drawn in,
    and the rounds drawn when it withdrew (None: still playing)."""

    id: int
    tournament_id: int
    players: tuple[int, ...]
    joins: int = 1
    withdrawn: int | None = None


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
class TableNow:
    """What a table's phone is shown besides its deals (:func:`table_now`): whether its tournament asks
    both sides to confirm the result, its round's clock (not started: never was) and whether the
    organiser closed it."""

    confirms: bool
    clock: Clock
    closed: bool


@dataclass(frozen=True, slots=True)
class RoundRow:
    """A round: its number, who sat it out, and its tables in order."""

    id: int
    number: int
    byes: tuple[int, ...]
    tables: tuple[TableRow, ...]


def add_player(db: Database, name: str, licence: str = "") -> int:
    return add_players(db, [(name, licence)])[0]


def add_players(db: Database, rows: Sequence[tuple[str, str]]) -> list[int]:
    """Add players (name, licence) in one transaction: all of them, or none."""
    with write_transaction(db):
        table = db.table("players")
        ids = []
        for name, licence in rows:
            table.insert({"name": name, "licence": licence, "created": now()})
            ids.append(int(table.last_pk))
        return ids


def _tournaments_entered(db: Database, player_id: int) -> set[int]:
    return {row["tournament_id"] for row in db.query("select tournament_id, players from entries")
            if player_id in json.loads(row["players"])}


def remove_player(db: Database, player_id: int) -> None:
    """Remove a player who never entered a tournament (a typo, a test).

    :raise RuleViolation: the player is entered in a tournament (their results stand)
    :raise NotFound: no such player
    """
    with write_transaction(db):
        player = get_player(db, player_id)
        if _tournaments_entered(db, player_id):
            raise RuleViolation(N_("%(name)s has played in a tournament: merge them into another player instead"),
                                field="player", name=player.name)
        db.execute("delete from prize_tags where player_id = ?", [player_id])  # tagged, then their entry removed
        db.execute("delete from players where id = ?", [player_id])


def merge_players(db: Database, source_id: int, target_id: int) -> None:
    """One player entered twice (a typo, a second spelling): ``source``'s entries become
    ``target``'s, and ``source`` is removed; the names printed on past tables stay as played.

    :raise RuleViolation: the same player, or both in one tournament (they played each other)
    :raise NotFound: no such player
    """
    with write_transaction(db):
        source, target = get_player(db, source_id), get_player(db, target_id)
        if source_id == target_id:
            raise RuleViolation(N_("Choose another player to merge into"), field="target")
        shared = _tournaments_entered(db, source_id) & _tournaments_entered(db, target_id)
        if shared:
            raise RuleViolation(N_("%(one)s and %(other)s both played in the same tournament: they are two players"),
                                field="target", one=source.name, other=target.name)
        for row in list(db.query("select id, players from entries")):
            players = json.loads(row["players"])
            if source_id in players:
                db.execute("update entries set players = ? where id = ?",
                           [json.dumps([target_id if p == source_id else p for p in players]), row["id"]])
        db.execute("update prize_tags set player_id = ? where player_id = ?", [target_id, source_id])
        db.execute("delete from players where id = ?", [source_id])


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
    """The club's players by name, as the club sorts names (:func:`scorekeeper.evening.name_key`)."""
    return sorted((Player(**row) for row in db.query("select * from players order by id")),
                  key=lambda player: name_key(player.name))


def create_tournament(db: Database, *, name: str, game: str, options: Mapping[str, Any], format: str,
                      rounds: int, deals: int, ranking: str, seed: int, late_rounds: str = "zero",
                      confirm_results: bool = False) -> int:
    with write_transaction(db):
        table = db.table("tournaments")
        table.insert({"name": name, "game": game, "options": json.dumps(dict(options)), "format": format,
                      "rounds": rounds, "deals": deals, "ranking": ranking, "seed": seed, "created": now(),
                      "late_rounds": late_rounds, "confirm_results": int(confirm_results), "uuid": str(uuid.uuid4())})
        return int(table.last_pk)


def _tournament(row: Mapping[str, Any]) -> Tournament:
    return Tournament(**{**row, "options": json.loads(row["options"]), "confirm_results": bool(row["confirm_results"])})


def get_tournament(db: Database, tournament_id: int) -> Tournament:
    """:raise NotFound: no such tournament"""
    rows = (list(db.query("select * from tournaments where id = ?", [tournament_id]))
            if 0 < tournament_id <= MAX_ID else [])
    if not rows:
        raise NotFound(tournament_id)
    return _tournament(rows[0])


def list_tournaments(db: Database) -> list[Tournament]:
    return [_tournament(row) for row in db.query("select * from tournaments order by id desc")]


def rounds_drawn(db: Database) -> dict[int, int]:
    """How many rounds each tournament has drawn, by tournament id (none drawn: left out)."""
    return dict(db.execute("select tournament_id, count(*) from rounds group by tournament_id").fetchall())


def confirms_results(db: Database, tournament_id: int) -> bool:
    """Does the tournament ask both sides of a table to confirm its result? (One column read: a
    table's phone asks at every read of its sheet, where :func:`get_tournament` would read and parse
    the whole row.) False for no such tournament."""
    row = db.execute("select confirm_results from tournaments where id = ?", [tournament_id]).fetchone()
    return bool(row and row[0])


def count_rounds(db: Database, tournament_id: int) -> int:
    """How many rounds the tournament has drawn (one statement, no table read)."""
    return int(db.execute("select count(*) from rounds where tournament_id = ?", [tournament_id]).fetchone()[0])


def list_entries(db: Database, tournament_id: int) -> list[Entry]:
    """The entries in the order they registered."""
    return [Entry(row["id"], row["tournament_id"], tuple(json.loads(row["players"])), row["joins"],
                  row["withdrawn"])
            for row in db.query("select * from entries where tournament_id = ? order by id", [tournament_id])]


def _check_not_entered(db: Database, tournament_id: int, players: Sequence[int]) -> None:
    entered = {p for entry in list_entries(db, tournament_id) for p in entry.players}
    for player_id in players:
        if get_player(db, player_id).id in entered:
            raise RuleViolation(N_("%(name)s is already entered"), field="players",
                                name=get_player(db, player_id).name)


def add_entry(db: Database, tournament_id: int, players: Sequence[int]) -> int:
    """Register an entry; after the first round it joins from the next one to draw.

    :raise RuleViolation: every round is drawn, or a player is already entered
    """
    with write_transaction(db):
        tournament = get_tournament(db, tournament_id)
        joins = may_join(count_rounds(db, tournament_id), tournament.rounds)
        _check_not_entered(db, tournament_id, players)
        table = db.table("entries")
        table.insert({"tournament_id": tournament_id, "players": json.dumps(list(players)), "joins": joins})
        return int(table.last_pk)


def withdraw_entry(db: Database, tournament_id: int, entry_id: int) -> None:
    """An entry leaves after the rounds drawn so far: it is drawn no more, its tables stand.

    :raise RuleViolation: no round is drawn yet (remove the entry), or it withdrew already
    """
    with write_transaction(db):
        drawn = count_rounds(db, tournament_id)
        if not drawn:
            raise RuleViolation(N_("No round is drawn yet: remove the entry instead"), field="entry")
        done = db.execute("update entries set withdrawn = ? where id = ? and tournament_id = ? and withdrawn is null",
                          [drawn, entry_id, tournament_id]).rowcount
        if not done:
            raise RuleViolation(N_("This entry has withdrawn already"), field="entry")


def replace_player(db: Database, tournament_id: int, entry_id: int, leaving: int, coming: int) -> None:
    """``coming`` takes ``leaving``'s place in the entry for the rest of the tournament; the
    tables already drawn keep the names they were played with.

    :raise RuleViolation: ``leaving`` is not in the entry, or ``coming`` is entered already
    """
    with write_transaction(db):
        entry = next((e for e in list_entries(db, tournament_id) if e.id == entry_id), None)
        if entry is None or leaving not in entry.players:
            raise RuleViolation(N_("Choose a player of this entry to replace"), field="leaving")
        _check_not_entered(db, tournament_id, [coming])
        players = [coming if p == leaving else p for p in entry.players]
        db.execute("update entries set players = ? where id = ?", [json.dumps(players), entry_id])


def remove_entry(db: Database, tournament_id: int, entry_id: int) -> None:
    with write_transaction(db):
        if list_rounds(db, tournament_id):
            raise RuleViolation(N_("The first round is drawn: entries can no longer be removed"), field="entry")
        db.execute("delete from entries where id = ? and tournament_id = ?", [entry_id, tournament_id])


def list_apart(db: Database, tournament_id: int) -> list[tuple[int, int, int]]:
    """The players kept apart in a tournament's draws: (id, player, player), in the order set."""
    return [(row["id"], row["first"], row["second"])
            for row in db.query("select * from apart where tournament_id = ? order by id", [tournament_id])]


def keep_apart(db: Database, tournament_id: int, first: int, second: int) -> None:
    """Keep two players apart in the tournament's draws from now on.

    :raise RuleViolation: the same player twice, or the two are kept apart already
    """
    with write_transaction(db):
        get_tournament(db, tournament_id)
        get_player(db, first), get_player(db, second)
        if first == second:
            raise RuleViolation(N_("Choose two different players"), field="second")
        if any({a, b} == {first, second} for _, a, b in list_apart(db, tournament_id)):
            raise RuleViolation(N_("These two are kept apart already"), field="second")
        db.table("apart").insert({"tournament_id": tournament_id, "first": first, "second": second})


def stop_keeping_apart(db: Database, tournament_id: int, apart_id: int) -> None:
    with write_transaction(db):
        db.execute("delete from apart where id = ? and tournament_id = ?", [apart_id, tournament_id])


_TABLE_COLUMNS = itemgetter("id", "round_number", "number", "match_id", "sides", "tournament_id",
                            "token")  # (TableRow's fields, in order)


def _table(row: Mapping[str, Any]) -> TableRow:
    return _table_of(*_TABLE_COLUMNS(row))


@lru_cache(maxsize=MATCHES_KEPT)
def _table_of(id: int, round_number: int, number: int, match_id: int, sides: str, tournament_id: int,
              token: str) -> TableRow:
    """The table a row holds: parsed once per worker and row as read (every column, as a match is:
    :func:`.matches._match`), as a table's phone reads the same row at every read of its sheet. Frozen,
    its sides tuples: the requests and threads share it."""
    return TableRow(id, round_number, number, match_id, tuple(tuple(side) for side in json.loads(sides)),
                    tournament_id, token)


_TABLES = ("select tables.*, rounds.number as round_number, rounds.tournament_id from tables "
           "join rounds on rounds.id = tables.round_id")


def list_rounds(db: Database, tournament_id: int) -> list[RoundRow]:
    """The rounds drawn so far, with their tables."""
    tables = [_table(row) for row in db.query(
        f"{_TABLES} where rounds.tournament_id = ? order by rounds.number, tables.number", [tournament_id])]
    return [RoundRow(row["id"], row["number"], tuple(json.loads(row["byes"])),
                     tuple(t for t in tables if t.round_number == row["number"]))
            for row in db.query("select * from rounds where tournament_id = ? order by number", [tournament_id])]


def roster_stamp(db: Database, tournament_id: int) -> str:
    """The stamps of the tournament's roster (its entries, rounds and their tables) and of the club's
    players, drawn anew by every change of theirs (migrations.roster_stamps), in one statement: two
    equal stamps, the same roster (a key to keep what is derived from it; every row
    :func:`list_entries`, :func:`list_players` and :func:`list_rounds` read)."""
    return str(db.execute("select (select stamp from roster_stamps where tournament_id = ?) || ' ' || "
                          "(select stamp from players_stamp)", [tournament_id]).fetchone()[0])


def table_stamps(db: Database, tournament_id: int) -> dict[int, str]:
    """Each of the tournament's tables, by id: its match's version (every change of the match bumps
    it) and stamp (drawn anew when it is made and by every change of its deals: migrations.match_stamps),
    its closing and its match's sign-offs as stored, one text a table, in one statement: a table whose
    stamp is unchanged reads the same. (Its parts as a tuple each, the closing and sign-offs each a
    subquery's, were 1.3M instructions more a look at a final's 500 tables, deskfix25.)"""
    return dict(db.execute(
        "select tables.id, json_array(matches.version, matches.stamp, c.at, c.reason, c.deals, c.winner, "
        "(select group_concat(s.id) from signoffs s where s.match_id = tables.match_id)) "
        "from tables join rounds on rounds.id = tables.round_id join matches on matches.id = tables.match_id "
        "left join table_closures c on c.table_id = tables.id where rounds.tournament_id = ?",
        [tournament_id]))


def table_of_match(db: Database, match_id: int) -> TableRow | None:
    """The tournament table a match is, or None for a casual match."""
    rows = list(db.query(f"{_TABLES} where tables.match_id = ?", [match_id]))
    return _table(rows[0]) if rows else None


# Match's fields, then TableRow's; each row found by its index (a table's round is never missing)
_MATCH_AND_TABLE = (
    f"select {', '.join(f'matches.{name}' for name in MATCH_FIELDS)}, tables.id, rounds.number, "
    "tables.number, tables.match_id, tables.sides, rounds.tournament_id, tables.token from matches "
    "left join tables on tables.match_id = matches.id left join rounds on rounds.id = tables.round_id "
    "where matches.id = ?")


def get_match_and_table(db: Database, match_id: int) -> tuple[Match, TableRow | None]:
    """A match and the tournament table it is (None: a casual match), in one statement: a page's
    access check asks for both (:func:`.matches.get_match`, :func:`table_of_match`).

    :raise NotFound: no such match
    """
    row = match_row(db, _MATCH_AND_TABLE, match_id)
    table = row[len(MATCH_FIELDS):]
    return _parsed_match(*row[:len(MATCH_FIELDS)]), None if table[0] is None else _table_of(*table)


_TABLE_NOW = (  # TableNow's fields, the clock's as clock_of takes them (a clock never started has no row)
    "select tournaments.confirm_results, round_clocks.started, coalesce(round_clocks.seconds, 0), "
    "round_clocks.paused_at, coalesce(round_clocks.paused_for, 0), "
    "exists (select 1 from table_closures where table_id = tables.id) from tables "
    "join rounds on rounds.id = tables.round_id join tournaments on tournaments.id = rounds.tournament_id "
    "left join round_clocks on round_clocks.round_id = tables.round_id where tables.id = ?")


def table_now(db: Database, table_id: int) -> TableNow:
    """What a table's phone is shown besides its deals, in one statement (its sheet asked
    :func:`confirms_results`, :func:`.rounds.get_clock` of its round and :func:`.rounds.list_closures`
    at every read: four)."""
    confirms, *clock, closed = db.conn.execute(_TABLE_NOW, (table_id,)).fetchone()
    return TableNow(bool(confirms), clock_of(*clock), bool(closed))


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


def _import_history(db: Database, match_id: int, table: Mapping[str, Any]) -> None:
    """A table's deals under new ids, and their history as it happened (who, when, what), inside
    the caller's write transaction. New ids: none a deal ever had, nor any change of a deal named
    (as :func:`.matches.insert_deal` gives them), counted on from there for the record's deals."""
    first = 1 + max(db.execute("select coalesce(max(id), 0) from deals").fetchone()[0],
                    db.execute("select coalesce(max(deal_id), 0) from deal_events").fetchone()[0])
    refs = dict.fromkeys([*table["refs"], *(e["deal"] for e in table["history"] if e["deal"] is not None)])
    deal_ids = {ref: first + index for index, ref in enumerate(refs)}
    for seq, (ref, declarations) in enumerate(zip(table["refs"], table["deals"], strict=True), start=1):
        db.execute("insert into deals (id, match_id, seq, declarations, created, version) values (?, ?, ?, ?, ?, 1)",
                   [deal_ids[ref], match_id, seq, json.dumps(dict(declarations)), now()])
    for event in table["history"]:
        log_event(db, match_id, None if event["deal"] is None else deal_ids[event["deal"]], event["seq"],
                  event["action"], Actor(event["by"]["kind"], event["by"]["label"]), event["before"],
                  event["after"], at=event["at"])


def import_tournament(db: Database, record: Mapping[str, Any], new_token: Callable[[], str]) -> tuple[int, bool]:
    """Store a checked tournament record (scorekeeper.records.read) in one transaction: its
    players are matched to the club's by name and licence (or added), its ids renumbered, each
    table given a new link. A record with a uuid keeps it, its tables' histories as they happened
    and its date; one without (version 1) gets a new uuid, and its deals start their history
    anew, recorded by the organiser.

    :return: the tournament's id, and whether it was added (False: a tournament of that uuid is
        here already, and nothing changed)
    """
    def insert(table: str, row: Mapping[str, Any]) -> int:
        inserted = db.table(table)
        inserted.insert(dict(row))
        return int(inserted.last_pk)

    with write_transaction(db):
        if record["uuid"] is not None:
            found = db.execute("select id from tournaments where uuid = ?", [record["uuid"]]).fetchone()
            if found:
                return found[0], False
        known = {(p.name, p.licence): p.id for p in list_players(db)}
        player_ids = {}
        for old_id, player in record["players"].items():
            key = (player["name"], player["licence"])
            if key not in known:
                known[key] = insert("players", {"name": player["name"], "licence": player["licence"],
                                                "created": now()})
            player_ids[old_id] = known[key]
        head = record["tournament"]
        tournament_id = insert("tournaments", {"created": now(), **head, "options": json.dumps(dict(head["options"])),
                                               "uuid": record["uuid"] or str(uuid.uuid4())})
        entry_ids = {}
        for old_id, entry in record["entries"].items():
            entry_ids[old_id] = insert("entries", {"tournament_id": tournament_id, "joins": entry["joins"],
                                                   "withdrawn": entry["withdrawn"],
                                                   "players": json.dumps([player_ids[p] for p in entry["players"]])})
        for round_ in record["rounds"]:
            round_id = insert("rounds", {"tournament_id": tournament_id, "number": round_["number"],
                                         "byes": json.dumps([entry_ids[e] for e in round_["byes"]]), "created": now()})
            for number, table in enumerate(round_["tables"], start=1):
                match_id = insert_match(db, game=head["game"], players=table["players"],
                                         first_dealer=table["first_dealer"], options=head["options"],
                                         title=table["title"], deal_limit=table["deal_limit"])
                if "history" in table:
                    _import_history(db, match_id, table)
                else:
                    for declarations in table["deals"]:
                        insert_deal(db, match_id, declarations, Actor("organiser"))
                table_id = insert("tables", {"round_id": round_id, "number": number, "match_id": match_id,
                                             "sides": json.dumps([[entry_ids[e] for e in side]
                                                                  for side in table["sides"]]),
                                             "token": new_token()})
                if table.get("closed"):  # closed by the organiser: closed again, as the record says (its
                    # history, where the record has one, holds the closing's event already)
                    insert_closure(db, table_id, match_id, Closure(now(), **table["closed"]),
                                   with_event="history" not in table)
        return tournament_id, True
