"""The database schema, as sqlite-utils migrations applied once by ``flask init-db``.

Never edit a migration that has shipped: add a new one (``add_column``, ``transform``).
"""

import uuid

from sqlite_utils import Database, Migrations

migrations = Migrations("scorekeeper")


@migrations()
def create_matches_and_deals(db: Database) -> None:
    """Matches keep the options they started with; deals keep what the table declared."""
    db["matches"].create(
        {"id": int, "game": str, "title": str, "players": str, "first_dealer": str,
         "options": str, "notes": str, "created": str, "version": int},
        pk="id", not_null={"game", "players", "options", "created", "version"},
        defaults={"title": "", "notes": "", "version": 1}, strict=True,
    )
    db["deals"].create(
        {"id": int, "match_id": int, "seq": int, "declarations": str, "nonce": str,
         "created": str, "updated": str, "version": int},
        pk="id", foreign_keys=[("match_id", "matches", "id")],
        not_null={"match_id", "seq", "declarations", "created", "version"},
        defaults={"version": 1}, strict=True,
    )
    db["deals"].create_index(["match_id", "seq"], unique=True)
    db["deals"].create_index(["nonce"], unique=True)


@migrations()
def create_live_deals(db: Database) -> None:
    """A deal being recorded trick by trick (at most one per match) until it goes on the sheet."""
    db["live_deals"].create(
        {"match_id": int, "declarations": str, "updated": str, "version": int},
        pk="match_id", foreign_keys=[("match_id", "matches", "id")],
        not_null={"declarations", "updated", "version"}, defaults={"version": 1}, strict=True,
    )


@migrations()
def create_print_jobs(db: Database) -> None:
    """A booklet of sheets printed in the background: what it prints and how far it has got."""
    db["print_jobs"].create(
        {"id": int, "token": str, "kind": str, "params": str, "language": str, "status": str,
         "done": int, "total": int, "error": str, "created": str, "updated": str},
        pk="id", not_null={"token", "kind", "params", "language", "status", "done", "total", "created", "updated"},
        defaults={"status": "queued", "done": 0, "total": 0, "error": ""}, strict=True,
    )
    db["print_jobs"].create_index(["token"], unique=True)


@migrations()
def create_clubs_and_tournaments(db: Database) -> None:
    """The club's players; tournaments, their entries, rounds and tables (each table a match,
    reached from the table's phone by a secret link); the organiser's password."""
    db["matches"].add_column("deal_limit", int, not_null_default=0)
    db["players"].create({"id": int, "name": str, "licence": str, "created": str}, pk="id",
                         not_null={"name", "created"}, defaults={"licence": ""}, strict=True)
    db["tournaments"].create(
        {"id": int, "name": str, "game": str, "options": str, "format": str, "rounds": int, "deals": int,
         "ranking": str, "seed": int, "created": str},
        pk="id", not_null={"name", "game", "options", "format", "rounds", "deals", "ranking", "seed", "created"},
        strict=True)
    db["entries"].create({"id": int, "tournament_id": int, "players": str}, pk="id",
                         foreign_keys=[("tournament_id", "tournaments", "id")],
                         not_null={"tournament_id", "players"}, strict=True)
    db["rounds"].create({"id": int, "tournament_id": int, "number": int, "byes": str, "created": str}, pk="id",
                        foreign_keys=[("tournament_id", "tournaments", "id")],
                        not_null={"tournament_id", "number", "byes", "created"}, strict=True)
    db["rounds"].create_index(["tournament_id", "number"], unique=True)
    db["tables"].create(
        {"id": int, "round_id": int, "number": int, "match_id": int, "sides": str, "token": str},
        pk="id", foreign_keys=[("round_id", "rounds", "id"), ("match_id", "matches", "id")],
        not_null={"round_id", "number", "match_id", "sides", "token"}, strict=True)
    db["tables"].create_index(["match_id"], unique=True)
    db["tables"].create_index(["token"], unique=True)
    db["settings"].create({"key": str, "value": str}, pk="key", not_null={"value"}, strict=True)


@migrations()
def late_entries_and_withdrawals(db: Database) -> None:
    """An entry may join after the first round (``joins``: the first round it is drawn in) and
    withdraw (``withdrawn``: the rounds drawn when it left; it is drawn no more, its tables
    stand); a tournament says how a late entry's missed rounds count (``late_rounds``)."""
    db["entries"].add_column("joins", int, not_null_default=1)
    db["entries"].add_column("withdrawn", int)
    db["tournaments"].add_column("late_rounds", str, not_null_default="zero")


@migrations()
def players_kept_apart(db: Database) -> None:
    """Two players a tournament's draws keep apart (a family, a league's team-mates)."""
    db["apart"].create({"id": int, "tournament_id": int, "first": int, "second": int}, pk="id",
                       foreign_keys=[("tournament_id", "tournaments", "id"), ("first", "players", "id"),
                                     ("second", "players", "id")],
                       not_null={"tournament_id", "first", "second"}, strict=True)


@migrations()
def add_print_job_pid(db: Database) -> None:
    """The process printing a booklet: its slot is free only once that process is gone."""
    db["print_jobs"].add_column("pid", int)


@migrations()
def create_login_attempts(db: Database) -> None:
    """Wrong organiser passwords tried lately, by address: the login's back-off, shared by every worker."""
    db["login_attempts"].create({"id": int, "address": str, "at": float}, pk="id", not_null={"address", "at"},
                                strict=True)
    db["login_attempts"].create_index(["at"])


@migrations()
def create_deal_events(db: Database) -> None:
    """Every change of a deal (create, edit, delete, restore), kept for good: when, by whom, the
    declarations before and after (store/events.py). A deal id is never given twice (a deleted
    deal may come back under its own id), so events name deals by id; the deal in play (Quinto's
    live mode) has none yet."""
    db["deal_events"].create(
        {"id": int, "match_id": int, "deal_id": int, "seq": int, "action": str, "at": str,
         "by_kind": str, "by_label": str, "before": str, "after": str},
        pk="id", foreign_keys=[("match_id", "matches", "id")],
        not_null={"match_id", "seq", "action", "at", "by_kind", "by_label"},
        defaults={"by_label": ""}, strict=True,
    )
    db["deal_events"].create_index(["match_id", "id"])
    db["deal_events"].create_index(["deal_id"])


@migrations()
def create_organiser_tokens(db: Database) -> None:
    """The organiser's API tokens (``flask organiser-token``): only a hash of each is kept; a
    revoked one keeps its row (``revoked``: when), so the list says what it was."""
    db["organiser_tokens"].create({"id": int, "label": str, "digest": str, "created": str, "revoked": str},
                                  pk="id", not_null={"label", "digest", "created"}, defaults={"label": ""},
                                  strict=True)
    db["organiser_tokens"].create_index(["digest"], unique=True)


@migrations()
def create_prizes(db: Database) -> None:
    """A tournament's prize list (places and categories, in the list's order) and the categories
    its players are tagged with (scorekeeper.prizes)."""
    db["prizes"].create({"id": int, "tournament_id": int, "position": int, "kind": str, "category": str,
                         "gift": str}, pk="id", foreign_keys=[("tournament_id", "tournaments", "id")],
                        not_null={"tournament_id", "position", "kind", "category", "gift"},
                        defaults={"category": "", "gift": ""}, strict=True)
    db["prize_tags"].create({"id": int, "tournament_id": int, "player_id": int, "category": str}, pk="id",
                            foreign_keys=[("tournament_id", "tournaments", "id"), ("player_id", "players", "id")],
                            not_null={"tournament_id", "player_id", "category"}, strict=True)


@migrations()
def add_deal_kind(db: Database) -> None:
    """A line of the sheet's ``kind`` (RULES.md §8): ``deal``, ``misdeal``, ``revoke`` or ``penalty``,
    read from its declarations (a deal's carry none), so the two can never disagree."""
    db.execute("alter table deals add column kind text generated always as"
               " (coalesce(json_extract(declarations, '$.kind'), 'deal')) virtual")


@migrations()
def create_signoffs(db: Database) -> None:
    """Both sides agree (tournaments): a tournament may ask its tables' results to be confirmed by
    both sides (``confirm_results``); each confirmation, dispute and organiser's validation of a
    table's sheet, and each time a change of the sheet dropped them (``unconfirm``), kept for good
    (store/signoffs.py). ``after_event``: the last change of the match's deals when it was written
    (its place in the match's history)."""
    db["tournaments"].add_column("confirm_results", int, not_null_default=0)
    db["signoffs"].create(
        {"id": int, "match_id": int, "action": str, "at": str, "by_kind": str, "by_label": str,
         "side": str, "seat": str, "name": str, "text": str, "after_event": int},
        pk="id", foreign_keys=[("match_id", "matches", "id")],
        not_null={"match_id", "action", "at", "by_kind", "by_label", "side", "seat", "name", "text", "after_event"},
        defaults={"by_label": "", "side": "", "seat": "", "name": "", "text": "", "after_event": 0}, strict=True,
    )
    db["signoffs"].create_index(["match_id", "id"])


@migrations()
def archive_matches(db: Database) -> None:
    """A casual match may be archived: off the front page's list, kept in the archived one."""
    db["matches"].add_column("archived", int, not_null_default=0)


@migrations()
def round_clocks_closures_and_walls(db: Database) -> None:
    """A round's clock (when started, its time in seconds with time added, when paused and how long
    it was paused before), a table the organiser closed (when, why, the deals it counts, and the
    result given: a side's index, -1 a draw, null as it stood), and a tournament's evening settings (a round's time, what
    its wall shows)."""
    db["round_clocks"].create({"round_id": int, "started": str, "seconds": int, "paused_at": str,
                               "paused_for": int}, pk="round_id", foreign_keys=[("round_id", "rounds", "id")],
                              not_null={"started", "seconds", "paused_for"}, strict=True)
    db["table_closures"].create({"table_id": int, "at": str, "reason": str, "deals": int, "winner": int},
                                pk="table_id", foreign_keys=[("table_id", "tables", "id")],
                                not_null={"at", "reason", "deals"},
                                strict=True)
    db["evening_settings"].create({"tournament_id": int, "round_minutes": int, "wall_standings": int,
                                   "wall_hold": int, "wall_published": int}, pk="tournament_id",
                                  foreign_keys=[("tournament_id", "tournaments", "id")],
                                  not_null={"round_minutes", "wall_standings", "wall_hold", "wall_published"},
                                  strict=True)


@migrations()
def tournament_uuids(db: Database) -> None:
    """Every tournament carries a UUID: its name on every machine its record is imported to (a
    second import of the same record adds nothing). Tournaments already kept get one each."""
    db["tournaments"].add_column("uuid", str)
    for (tournament_id,) in db.execute("select id from tournaments").fetchall():
        db.execute("update tournaments set uuid = ? where id = ?", [str(uuid.uuid4()), tournament_id])
    db["tournaments"].create_index(["uuid"], unique=True)


@migrations()
def create_profiles(db: Database) -> None:
    """Rule profiles: named presets of a game's house rules, each keeping only the options it
    changes from the rules as written (scorekeeper.profiles); a name is unique in its game."""
    db["profiles"].create({"id": int, "game": str, "name": str, "options": str, "created": str, "updated": str},
                          pk="id", not_null={"game", "name", "options", "created", "updated"}, strict=True)
    db["profiles"].create_index(["game", "name"], unique=True)


@migrations()
def create_leagues(db: Database) -> None:
    """A league: a season's table across evenings of one game, ranked by its rule (``kind``: total,
    best or average; ``best``: the evenings counted; ``minimum``: the evenings to be ranked), and the
    tournaments that are its evenings. Nothing else: its table is derived from their standings."""
    db["leagues"].create({"id": int, "name": str, "game": str, "rule": str, "best": int, "minimum": int,
                          "created": str}, pk="id", not_null={"name", "game", "rule", "best", "minimum", "created"},
                         defaults={"best": 0, "minimum": 0}, strict=True)
    db["league_evenings"].create({"league_id": int, "tournament_id": int}, pk=("league_id", "tournament_id"),
                                 foreign_keys=[("league_id", "leagues", "id"),
                                               ("tournament_id", "tournaments", "id")],
                                 not_null={"league_id", "tournament_id"}, strict=True)


_NEW_STAMP = "lower(hex(randomblob(8)))"
_STAMPED = {  # trigger name: when, and the match whose stamp it renews
    "matches_stamp_new": ("after insert on matches", "new.id"),
    "deals_stamp_insert": ("after insert on deals", "new.match_id"),
    "deals_stamp_update": ("after update on deals", "new.match_id"),
    "deals_stamp_delete": ("after delete on deals", "old.match_id"),
    "live_deals_stamp_insert": ("after insert on live_deals", "new.match_id"),
    "live_deals_stamp_delete": ("after delete on live_deals", "old.match_id"),
}


@migrations()
def match_stamps(db: Database) -> None:
    """Every match carries a stamp drawn at random when it is made and again at every change of
    its deals and whenever a deal starts or stops being played live, by the database itself
    (triggers: whatever writes them). With the match's row it says all its sheet page shows of
    them (a kept page is found by it, scorekeeper.web.sheets.sheet_page): a match made again under a
    deleted one's id, or a database put back from a backup and changed since, draws new stamps."""
    db["matches"].add_column("stamp", str)
    db.execute(f"update matches set stamp = {_NEW_STAMP}")
    for name, (when, match_id) in _STAMPED.items():
        db.execute(f"create trigger {name} {when} begin "
                   f"update matches set stamp = {_NEW_STAMP} where id = {match_id}; end")


@migrations()
def add_print_job_process(db: Database) -> None:
    """The token on the command line of the process printing a job taken from those waiting (a ``keep``
    process started for another): the process is known by it (scorekeeper.web.booklet.printing)."""
    db["print_jobs"].add_column("process", str)


_ROSTER_STAMPED = {  # trigger name: when, and the tournaments whose roster it changes (their ids, as ``id``)
    "tournaments_roster_new": ("after insert on tournaments", "select new.id as id"),
    "entries_roster_insert": ("after insert on entries", "select new.tournament_id as id"),
    "entries_roster_update": ("after update on entries",
                              "select old.tournament_id as id union select new.tournament_id"),
    "entries_roster_delete": ("after delete on entries", "select old.tournament_id as id"),
    "rounds_roster_insert": ("after insert on rounds", "select new.tournament_id as id"),
    "rounds_roster_update": ("after update on rounds", "select old.tournament_id as id union select new.tournament_id"),
    "rounds_roster_delete": ("after delete on rounds", "select old.tournament_id as id"),
    "tables_roster_insert": ("after insert on tables", "select tournament_id as id from rounds where id = new.round_id"),
    "tables_roster_update": ("after update on tables",
                             "select tournament_id as id from rounds where id in (old.round_id, new.round_id)"),
    "tables_roster_delete": ("after delete on tables", "select tournament_id as id from rounds where id = old.round_id"),
}


@migrations()
def roster_stamps(db: Database) -> None:
    """Each tournament's roster (its entries, rounds and tables) and the club's players carry a stamp
    drawn at random at every change of theirs, by the database itself (triggers: whatever writes them).
    Together they say all a tournament's roster as read (store.roster_stamp) holds: the roster derived
    from it is kept under them (scorekeeper.web.tournaments.core.load_state), not under a text of
    every club player. Tournaments and players kept before get one each."""
    db["roster_stamps"].create({"tournament_id": int, "stamp": str}, pk="tournament_id",
                               foreign_keys=[("tournament_id", "tournaments", "id")], not_null={"stamp"},
                               strict=True)
    db.execute(f"insert into roster_stamps select id, {_NEW_STAMP} from tournaments")
    for name, (when, tournaments) in _ROSTER_STAMPED.items():
        db.execute(f"create trigger {name} {when} begin insert or replace into roster_stamps "
                   f"select id, {_NEW_STAMP} from ({tournaments}); end")
    db["players_stamp"].create({"id": int, "stamp": str}, pk="id", not_null={"stamp"}, strict=True)
    db.execute(f"insert into players_stamp values (1, {_NEW_STAMP})")
    for event in ("insert", "update", "delete"):
        db.execute(f"create trigger players_stamp_{event} after {event} on players begin "
                   f"update players_stamp set stamp = {_NEW_STAMP}; end")


@migrations()
def match_progress(db: Database) -> None:
    """A match's progress while it has no result (its deals and its sides' totals), as the writer of
    its latest deal scored it, under the match's stamp after that deal and the digest of the code that
    scored it: whoever reads it where both are still the match's and its own has the deals' totals
    without scoring them (a desk's table only the other worker served:
    scorekeeper.web.tournaments.core._views). A cache of the sheet, never the truth: any change of the
    deals draws a new stamp (match_stamps), a rule fixed since is other code, and a row under another
    stamp or code is not read."""
    db["match_progress"].create({"match_id": int, "stamp": str, "code": str, "deals": int, "totals": str},
                                pk="match_id", foreign_keys=[("match_id", "matches", "id")],
                                not_null={"stamp", "code", "deals", "totals"}, strict=True)
