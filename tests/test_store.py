"""The store: WAL, foreign keys, migrations once, writes that are whole or absent."""

from __future__ import annotations

import fcntl
import itertools
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import FrozenInstanceError
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import store
from scorekeeper.errors import RuleViolation

PLAYERS = {"N": "A", "E": "B", "S": "C", "W": "D"}
DEAL = {"dealer": "N", "bid": 100}


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "s.sqlite")
    store.init_db(path)
    db = store.connect(path)
    yield db
    db.close()


def new_match(db) -> int:
    return store.create_match(db, game="contree", players=PLAYERS, first_dealer="N", options={"target": 3000})


def test_the_database_runs_in_wal_mode_with_foreign_keys(db):
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("insert into deals (match_id, seq, declarations, created, version) values (999, 1, '{}', 'x', 1)")


def test_migrations_apply_once(tmp_path):
    path = str(tmp_path / "m.sqlite")
    assert store.init_db(path) == ["create_matches_and_deals", "create_live_deals", "create_print_jobs",
                                   "create_clubs_and_tournaments", "late_entries_and_withdrawals",
                                   "players_kept_apart", "add_print_job_pid", "create_login_attempts",
                                   "create_deal_events", "create_organiser_tokens", "create_prizes",
                                   "add_deal_kind", "create_signoffs", "archive_matches",
                                   "round_clocks_closures_and_walls", "tournament_uuids", "create_profiles",
                                   "create_leagues", "match_stamps", "add_print_job_process",
                                   "roster_stamps", "match_progress"]
    assert store.init_db(path) == []


def test_a_refused_write_leaves_nothing_behind(db):
    match_id = new_match(db)

    def refuse(match, deals):
        raise ValueError("no")

    with pytest.raises(ValueError):
        store.add_deal(db, match_id, DEAL, guard=refuse)
    assert store.list_deals(db, match_id) == []
    assert store.get_match(db, match_id).version == 1


def test_a_replay_of_the_deal_that_ended_the_match_answers_that_deal(db):
    """A double-tapped save of the last deal: the second tap is told the deal is recorded (it
    was), not that the match is over."""
    match_id = new_match(db)

    def over_after_one(match, deals):
        if deals:
            raise RuleViolation("The match is over: no more deals can be recorded.")

    first = store.add_deal(db, match_id, DEAL, nonce="last", guard=over_after_one)
    assert store.add_deal(db, match_id, DEAL, nonce="last", guard=over_after_one) == (first[0], False)
    with pytest.raises(RuleViolation):
        store.add_deal(db, match_id, DEAL, nonce="another", guard=over_after_one)
    assert len(store.list_deals(db, match_id)) == 1 and store.get_match(db, match_id).version == 2


def test_a_guard_is_asked_again_inside_the_lock_when_another_deal_went_in_meanwhile(db, tmp_path):
    """The guard's first answer, before the write lock, stands only if the match is unchanged
    when the lock is taken (the match is over after one deal, here)."""
    match_id = new_match(db)
    other_phone = store.connect(str(tmp_path / "s.sqlite"))
    seen = []

    def one_deal_only(match, deals):
        seen.append(len(deals))
        if deals:
            raise ValueError("the match is over")
        if len(seen) == 1:  # another phone records its deal between the check and the lock
            store.add_deal(other_phone, match_id, DEAL)

    with pytest.raises(ValueError):
        store.add_deal(db, match_id, DEAL, guard=one_deal_only)
    assert seen == [0, 1] and len(store.list_deals(db, match_id)) == 1
    other_phone.close()
    store.add_deal(db, match_id, DEAL, guard=lambda match, deals: seen.append(len(deals)))
    assert seen == [0, 1, 1]  # nothing changed meanwhile: asked once


def test_what_the_caller_read_is_checked_again_under_the_lock_if_the_match_changed_since(db):
    """A page drew its form from the match and its deals (``read``): the guard runs on them, and
    again under the lock only when another deal went in after they were read."""
    match_id = new_match(db)
    read = (store.get_match(db, match_id), store.list_deals(db, match_id))
    seen = []
    store.add_deal(db, match_id, DEAL, guard=lambda match, deals: seen.append(len(deals)), read=read)
    assert seen == [0]  # the caller's reading, unchanged under the lock: asked once
    seen.clear()
    store.add_deal(db, match_id, DEAL, guard=lambda match, deals: seen.append(len(deals)), read=read)
    assert seen == [0, 1]  # the reading was stale by then: asked again on the match as it is
    assert len(store.list_deals(db, match_id)) == 2


def test_a_stale_version_is_a_conflict_and_changes_nothing(db):
    match_id = new_match(db)
    store.add_deal(db, match_id, DEAL, version=1)
    with pytest.raises(store.Conflict) as conflict:
        store.add_deal(db, match_id, DEAL, version=1)
    assert conflict.value.current_version == 2
    assert len(store.list_deals(db, match_id)) == 1


def test_the_same_nonce_records_one_deal(db):
    match_id = new_match(db)
    first = store.add_deal(db, match_id, DEAL, nonce="tap")
    again = store.add_deal(db, match_id, DEAL, nonce="tap")
    assert first == (first[0], True) and again == (first[0], False)
    assert len(store.list_deals(db, match_id)) == 1


def test_a_replay_posted_from_a_page_read_after_the_first_answers_the_first(db):
    """A page's deal goes in by one statement under the lock when the match is as the page read
    it: a nonce already recorded still answers the deal it recorded (this match) or a conflict
    (another match), and changes nothing."""
    match_id, other = new_match(db), new_match(db)
    first, _ = store.add_deal(db, match_id, DEAL, nonce="tap")

    def as_read(match_id: int) -> tuple[store.Match, list[store.Deal]]:
        return store.get_match(db, match_id), store.list_deals(db, match_id)

    def passes(match, deals) -> None:
        pass

    assert store.add_deal(db, match_id, DEAL, nonce="tap", guard=passes, read=as_read(match_id)) == (first, False)
    with pytest.raises(store.Conflict):
        store.add_deal(db, other, DEAL, nonce="tap", guard=passes, read=as_read(other))
    assert [len(store.list_deals(db, m)) for m in (match_id, other)] == [1, 0]
    assert [store.get_match(db, m).version for m in (match_id, other)] == [2, 1]
    second, now = store.add_deal(db, match_id, DEAL, nonce="next", version=2, guard=passes, read=as_read(match_id))
    assert now and [d.id for d in store.list_deals(db, match_id)] == [first, second]
    assert store.get_match(db, match_id).version == 3


def test_a_match_read_is_shared_and_its_players_and_options_cannot_be_changed_in_place(db):
    """Every request and thread reading the same row is handed the same match (store.matches._parsed_match):
    a caller's change of it, its players or options is refused, and the next reader finds them as stored."""
    match_id = new_match(db)
    match = store.get_match(db, match_id)
    with pytest.raises(FrozenInstanceError):
        match.title = "Mallory's"  # type: ignore[misc]
    with pytest.raises(TypeError):
        match.players["N"] = "Mallory"  # type: ignore[index]
    with pytest.raises(TypeError):
        match.options["target"] = 500  # type: ignore[index]
    again = store.get_match(db, match_id)
    assert again is match and again.title == ""
    assert dict(again.players) == PLAYERS and dict(again.options) == {"target": 3000}


def test_matches_share_their_players_and_options_as_stored_and_a_rename_is_read_at_once(db):
    """A match's players and options are parsed once per text (store.matches._read_only), shared by the
    matches that store the same text and by a match's rows after a deal: still read-only, and seats
    renamed are read at once on that match alone."""
    match_id, other = new_match(db), new_match(db)
    before = store.get_match(db, match_id)
    store.add_deal(db, match_id, DEAL)
    after = store.get_match(db, match_id)
    assert after.stamp != before.stamp and after.players is before.players
    assert after.options is store.get_match(db, other).options
    with pytest.raises(TypeError):
        after.options["target"] = 500  # type: ignore[index]
    store.rename_match(db, match_id, title="", players={**PLAYERS, "N": "Zoe"})
    assert store.get_match(db, match_id).players["N"] == "Zoe"
    unchanged = store.get_match(db, other)
    assert dict(unchanged.players) == PLAYERS and dict(unchanged.options) == {"target": 3000}


def test_a_deal_on_the_match_as_read_tells_the_stamp_after_it_and_only_that_one(db):
    """The stamp a deal page keeps as saying the deals it read and its new one (web/sheets.keep_added):
    told when the deal went in on the match as read, the match's stamp after it and its latest deal's
    time (the new one's); not told when another deal went in meanwhile (the deals before the new one
    are not those read)."""
    match_id = new_match(db)
    told: list[tuple[str, str]] = []
    read = (store.get_match(db, match_id), store.list_deals(db, match_id))
    store.add_deal(db, match_id, DEAL, guard=lambda *_: None, read=read, stamped=told.append)
    assert told == [(store.get_match(db, match_id).stamp, store.list_deals(db, match_id)[-1].created)]
    assert told[0][0] != read[0].stamp
    read = (store.get_match(db, match_id), store.list_deals(db, match_id))
    store.add_deal(db, match_id, DEAL)  # another phone's
    store.add_deal(db, match_id, DEAL, guard=lambda *_: None, read=read, stamped=told.append)
    assert len(told) == 1 and len(store.list_deals(db, match_id)) == 3


def test_concurrent_writers_all_land(tmp_path):
    """PLATFORM.md: BEGIN IMMEDIATE + busy timeout gave 0 'database is locked' failures."""
    path = str(tmp_path / "c.sqlite")
    store.init_db(path)
    setup = store.connect(path)
    match_id = new_match(setup)
    errors: list[Exception] = []

    def writer(n: int) -> None:
        db = store.connect(path)
        try:
            for i in range(25):
                store.add_deal(db, match_id, {"n": n, "i": i}, nonce=f"{n}-{i}")
        except Exception as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)
        finally:
            db.close()

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    deals = store.list_deals(setup, match_id)
    assert [d.seq for d in deals] == list(range(1, 201))
    assert store.get_match(setup, match_id).version == 201
    setup.close()


def _impatient_phone(path: str, match_id: int, landed: list) -> threading.Thread:
    """Another phone recording a deal on a connection whose busy timeout is nil: SQLite alone
    would refuse it at once ('database is locked') while another writer holds the database."""

    def record() -> None:
        phone = store.connect(path)
        phone.execute("PRAGMA busy_timeout = 0")
        try:
            landed.append(store.add_deal(phone, match_id, DEAL))
        finally:
            phone.close()

    return threading.Thread(target=record, daemon=True)


def test_a_writer_waits_in_the_queue_not_on_sqlite_s_busy_handler(db, tmp_path):
    """The app's writers queue on the writer lock before BEGIN IMMEDIATE: a second phone's deal
    waits for the first writer and then goes in."""
    match_id, landed = new_match(db), []
    second = _impatient_phone(str(tmp_path / "s.sqlite"), match_id, landed)
    with store.write_transaction(db):
        second.start()
        second.join(timeout=0.2)
        assert second.is_alive() and landed == []  # queued behind the first writer
        store.matches._append(db, match_id, DEAL, None, None, None, store.Actor("phone"))
    second.join(timeout=10)
    assert len(landed) == 1 and [d.seq for d in store.list_deals(db, match_id)] == [1, 2]


def test_a_failed_write_lets_the_next_writer_through(db, tmp_path):
    match_id, landed = new_match(db), []
    with pytest.raises(store.Conflict):
        store.add_deal(db, match_id, DEAL, version=99)
    writer = _impatient_phone(str(tmp_path / "s.sqlite"), match_id, landed)
    writer.start()
    writer.join(timeout=10)
    assert len(landed) == 1 and len(store.list_deals(db, match_id)) == 1


def test_a_live_deal_is_started_once_and_changed_from_the_version_seen(db):
    match_id = new_match(db)
    assert store.get_live_deal(db, match_id) is None
    assert store.put_live_deal(db, match_id, {"tricks": []}, version=None) == 1
    with pytest.raises(store.Conflict):  # another phone had started one meanwhile
        store.put_live_deal(db, match_id, {"tricks": []}, version=None)
    assert store.put_live_deal(db, match_id, {"tricks": [{"winner": "A"}]}, version=1) == 2
    with pytest.raises(store.Conflict):  # a phone that saw version 1 is refused
        store.put_live_deal(db, match_id, {"tricks": []}, version=1)
    assert store.get_live_deal(db, match_id).declarations == {"tricks": [{"winner": "A"}]}


def test_recording_a_live_deal_moves_it_onto_the_sheet_in_one_step(db):
    match_id = new_match(db)
    store.put_live_deal(db, match_id, {"tricks": []}, version=None)

    def refuse(match, deals):
        raise RuntimeError("refused")

    with pytest.raises(RuntimeError):
        store.record_live_deal(db, match_id, {"dealer": "N"}, version=1, guard=refuse)
    assert store.get_live_deal(db, match_id) is not None and store.list_deals(db, match_id) == []
    store.record_live_deal(db, match_id, {"dealer": "N"}, version=1)
    assert store.get_live_deal(db, match_id) is None
    assert [deal.declarations for deal in store.list_deals(db, match_id)] == [{"dealer": "N"}]


def test_deleting_a_match_takes_its_live_deal_along(db):
    match_id = new_match(db)
    store.put_live_deal(db, match_id, {"tricks": []}, version=None)
    store.delete_match(db, match_id)
    assert store.get_live_deal(db, match_id) is None


def stamp(db, match_id: int) -> str:
    return store.get_match(db, match_id).stamp


def first_deal(db, match_id: int) -> int:
    return store.list_deals(db, match_id)[0].id


# Each change of a match's deals or of whether one is played live, as its writer makes it: (what comes
# before it, the change). The stamp a kept sheet page is found by (web/sheets.sheet_page) must move.
STAMPED_WRITES = {
    "a deal added": (None, lambda db, m: store.add_deal(db, m, DEAL)),
    "a deal edited": (None, lambda db, m: store.update_deal(db, m, first_deal(db, m), {**DEAL, "bid": 110})),
    "a deal edited to the same text": (None, lambda db, m: store.update_deal(db, m, first_deal(db, m), DEAL)),
    "a deal deleted": (None, lambda db, m: store.delete_deal(db, m, first_deal(db, m))),
    "the last deal taken back": (None, lambda db, m: store.undo_last_deal(db, m)),
    "the deals after the first deleted": (None, lambda db, m: store.delete_after(db, m, 1, version=None)),
    "a deleted deal put back": (lambda db, m: store.delete_deal(db, m, first_deal(db, m)),
                                lambda db, m: store.restore_deal(db, m, store.list_events(db, m)[-1].deal_id)),
    "a deal started live": (None, lambda db, m: store.put_live_deal(db, m, {"tricks": []}, version=None)),
    "the deal in play given up": (lambda db, m: store.put_live_deal(db, m, {"tricks": []}, version=None),
                                  lambda db, m: store.delete_live_deal(db, m, version=1)),
    "the deal in play recorded": (lambda db, m: store.put_live_deal(db, m, {"tricks": []}, version=None),
                                  lambda db, m: store.record_live_deal(db, m, DEAL, version=1)),
}


@pytest.mark.parametrize("write", STAMPED_WRITES.values(), ids=STAMPED_WRITES)
def test_every_change_of_a_matchs_deals_or_of_its_deal_in_play_draws_a_new_stamp(db, write):
    before, change = write
    match_id = new_match(db)
    other = new_match(db)
    for some in (match_id, other):
        store.add_deal(db, some, DEAL)
        store.add_deal(db, some, {**DEAL, "bid": 90})
    if before:
        before(db, match_id)
    stamps = stamp(db, match_id), stamp(db, other)
    change(db, match_id)
    assert stamp(db, match_id) != stamps[0]
    assert stamp(db, other) == stamps[1]  # another match's kept page stays


def test_a_trick_played_in_the_deal_in_play_keeps_the_stamp(db):
    """The sheet shows that a deal is played live, not its tricks: its kept page serves on."""
    match_id = new_match(db)
    store.put_live_deal(db, match_id, {"tricks": []}, version=None)
    started = stamp(db, match_id)
    store.put_live_deal(db, match_id, {"tricks": [{"winner": "A"}]}, version=1)
    assert stamp(db, match_id) == started


def test_a_match_made_again_under_a_deleted_ones_id_has_a_stamp_of_its_own(db):
    match_id = new_match(db)
    deleted = stamp(db, match_id)
    store.delete_match(db, match_id)
    assert new_match(db) == match_id  # SQLite gives the id again
    assert stamp(db, match_id) not in (deleted, None, "")


# Each column of a match's row, a value a writer may give it, and the match's field as read from it:
# a match is kept parsed per row as read (store.matches._match), and must be read as changed.
MATCH_COLUMNS = {
    "game": ("belote", "belote"),
    "title": ("Renamed", "Renamed"),
    "players": ('{"N": "A", "E": "B", "S": "C", "W": "Z"}', {**PLAYERS, "W": "Z"}),
    "first_dealer": ("E", "E"),
    "options": ('{"target": 2000}', {"target": 2000}),
    "notes": ("A note", "A note"),
    "created": ("2026-11-28T00:00:00", "2026-11-28T00:00:00"),
    "version": (7, 7),
    "deal_limit": (12, 12),
    "archived": (1, True),
    "stamp": ("another stamp", "another stamp"),
}


@pytest.mark.parametrize("column", MATCH_COLUMNS)
def test_a_match_read_again_after_any_change_of_its_row_is_read_as_changed(db, column):
    stored, read = MATCH_COLUMNS[column]
    match_id = new_match(db)
    before = store.get_match(db, match_id)
    assert store.get_match_and_table(db, match_id)[0] == before
    db.execute(f"update matches set {column} = ? where id = ?", [stored, match_id])
    db.conn.commit()
    assert getattr(store.get_match(db, match_id), column) == read
    assert store.get_match_and_table(db, match_id)[0] == store.get_match(db, match_id)


@contextmanager
def upgraded(tmp_path, before: str, kept: Callable[[Any], Any]) -> Iterator[tuple[Any, Any]]:
    """A database of the schema before the migration ``before``, ``kept(db)`` written in it, then
    migrated: the connection and what ``kept`` answered."""
    db = store.connect(str(tmp_path / "before.sqlite"))
    try:
        store.db.migrations.apply(db, stop_before=before)
        made = kept(db)
        store.db.migrations.apply(db)
        yield db, made
    finally:
        db.close()


def test_the_matches_kept_before_the_stamps_get_one_each(tmp_path):
    with upgraded(tmp_path, "match_stamps", lambda db: [new_match(db) for _ in range(3)]) as (db, matches):
        stamps = {stamp(db, match_id) for match_id in matches}
    assert len(stamps) == 3 and None not in stamps


def test_a_matchs_progress_is_read_while_its_stamp_says_its_deals_and_goes_with_the_match(tmp_path, monkeypatch):
    """The migration leaves the matches kept before with no progress; a deal's progress is read back
    while no deal changed since and by the code that kept it (not after a rule fix: other code), not after
    an edit, and the match can still be deleted."""
    with upgraded(tmp_path, "match_progress", lambda db: [new_match(db) for _ in range(2)]) as (db, (kept, other)):
        assert store.progress_of(db, store.get_matches(db, [kept, other]).values()) == {}
        store.add_deal(db, kept, {"points": 1}, guard=lambda match, deals: None,
                       progress=(1, {"NS": 80, "EW": 90}))
        read = store.get_matches(db, [kept, other])
        assert store.progress_of(db, read.values()) == {kept: (1, {"NS": 80, "EW": 90})}
        with monkeypatch.context() as patched:
            patched.setattr(store.matches, "code", lambda: "the next release")
            assert store.progress_of(db, read.values()) == {}
        store.update_deal(db, kept, store.list_deals(db, kept)[0].id, {"points": 2})
        assert store.progress_of(db, [store.get_match(db, kept)]) == {}
        store.delete_match(db, kept)
        assert store.progress_of(db, [read[kept]]) == {}


def new_tournament(db) -> int:
    """A pairs tournament of four entries, no round drawn."""
    tournament = store.create_tournament(db, name="Cup", game="contree", options={"target": 3000}, format="pairs",
                                         rounds=3, deals=0, ranking="match_points", seed=1)
    players = store.add_players(db, [(f"{name} {tournament}", "") for name in "ABCDEFGH"])
    for at in range(0, len(players), 2):
        store.add_entry(db, tournament, players[at:at + 2])
    return tournament


def draw(db, tournament: int) -> None:
    entries = [entry.id for entry in store.list_entries(db, tournament)]
    tables = [(((entries[at],), (entries[at + 1],)), PLAYERS, f"link {tournament} {at}", f"Table {at}")
              for at in (0, 2)]
    store.add_round(db, tournament, 1, [], tables, game="contree", first_dealer="N", options={"target": 3000},
                    deal_limit=0, ready=lambda: None)


def entry(db, tournament: int) -> store.Entry:
    return store.list_entries(db, tournament)[0]


def first_table(db, tournament: int) -> store.TableRow:
    return store.list_rounds(db, tournament)[0].tables[0]


def newest_players(db, count: int) -> list[int]:
    return sorted(player.id for player in store.list_players(db))[-count:]


# Each change of a tournament's roster (its entries, rounds and tables) or of the club's players, as its
# writer makes it: (what comes before it, the change, whether every tournament's roster changes with it).
# The stamp the desk and the wall keep their roster under (web/tournaments/core.load_state) must move.
ROSTER_WRITES = {
    "a player added": (None, lambda db, t: store.add_player(db, "Zoé"), True),
    "a player renamed": (None, lambda db, t: store.update_player(db, entry(db, t).players[0], "Annick", "L1"), True),
    "a player removed": (lambda db, t: store.add_player(db, "Typo"),
                         lambda db, t: store.remove_player(db, *newest_players(db, 1)), True),
    "two players merged": (lambda db, t: store.add_player(db, "Second spelling"),
                           lambda db, t: store.merge_players(db, entry(db, t).players[0], *newest_players(db, 1)), True),
    "an entry registered": (lambda db, t: store.add_players(db, [("I", ""), ("J", "")]),
                            lambda db, t: store.add_entry(db, t, newest_players(db, 2)), False),
    "an entry removed": (None, lambda db, t: store.remove_entry(db, t, entry(db, t).id), False),
    "an entry withdrawn": (draw, lambda db, t: store.withdraw_entry(db, t, entry(db, t).id), False),
    "a player replaced in an entry": (lambda db, t: store.add_player(db, "Coming"),
                                      lambda db, t: store.replace_player(db, t, entry(db, t).id, entry(db, t).players[0],
                                                                         *newest_players(db, 1)), False),
    "a round drawn": (None, draw, False),
    "a table's link renewed": (draw, lambda db, t: store.set_table_token(db, first_table(db, t).id, "new link"), False),
    "a table reseated": (draw, lambda db, t: store.reseat_tables(db, [(first_table(db, t).id, ((4,), (3,)), PLAYERS)],
                                                                  ready=lambda: None), False),
}


@pytest.mark.parametrize("write", ROSTER_WRITES.values(), ids=ROSTER_WRITES)
def test_every_change_of_a_roster_or_of_the_clubs_players_draws_a_new_roster_stamp(db, write):
    before, change, everyone = write
    tournament, other = new_tournament(db), new_tournament(db)
    if before:
        before(db, tournament)
    stamps = store.roster_stamp(db, tournament), store.roster_stamp(db, other)
    change(db, tournament)
    assert store.roster_stamp(db, tournament) != stamps[0]
    assert (store.roster_stamp(db, other) != stamps[1]) == everyone  # another tournament's roster stays kept


def kept_tournaments(db) -> list[int]:
    """Three tournaments, the first with a round drawn."""
    tournaments = [new_tournament(db) for _ in range(3)]
    draw(db, tournaments[0])
    return tournaments


def test_the_tournaments_kept_before_the_roster_stamps_get_one_each_and_their_changes_a_new_one(tmp_path):
    with upgraded(tmp_path, "roster_stamps", kept_tournaments) as (db, tournaments):
        stamps = [store.roster_stamp(db, tournament) for tournament in tournaments]
        store.set_table_token(db, first_table(db, tournaments[0]).id, "new link")
        assert store.roster_stamp(db, tournaments[0]) != stamps[0]
        store.add_player(db, "Zoé")
        assert all(store.roster_stamp(db, t) not in stamps for t in tournaments[1:])
    assert len(set(stamps)) == 3 and all(stamp and "None" not in stamp for stamp in stamps)


@settings(max_examples=25, deadline=None)
@given(archived=st.lists(st.booleans(), max_size=23), size=st.integers(1, 6))
def test_the_pages_of_matches_hold_each_match_once_newest_first_both_ways(tmp_path_factory, archived, size):
    """Walking the older links from the newest page, then the newer links back, meets every match
    of the list once, in order, and the same pages both ways."""
    path = str(tmp_path_factory.mktemp("pages") / "p.sqlite")
    store.init_db(path)
    db = store.connect(path)
    try:
        for away in archived:
            match_id = new_match(db)
            if away:
                store.archive_match(db, match_id)
        for kept in (False, True):
            pages = [store.page_of_matches(db, archived=kept, size=size)]
            while pages[-1].older is not None:
                pages.append(store.page_of_matches(db, archived=kept, size=size, before=pages[-1].older))
            ids = [match.id for page in pages for match in page.matches]
            assert ids == sorted((i + 1 for i, away in enumerate(archived) if away == kept), reverse=True)
            assert all(0 < len(page.matches) <= size for page in pages) or ids == []
            back = [pages[-1]]
            while back[-1].newer is not None:
                back.append(store.page_of_matches(db, archived=kept, size=size, after=back[-1].newer))
            assert [page.matches for page in reversed(back)] == [page.matches for page in pages]
    finally:
        db.close()


def test_the_log_reaches_the_database_file_outside_the_writer_lock(db, tmp_path, monkeypatch):
    """Every CHECKPOINT_EVERY writes the log is copied back into the database, after the writer
    lock is let go (queued writers do not wait for its fsync): the database file alone, without
    its log, holds the deals written."""
    monkeypatch.setattr(store.db, "_WRITES", itertools.count(1))  # (the process's writes so far)
    match_id = new_match(db)
    checkpoints_locked = []

    def traced(statement: str) -> None:
        if "wal_checkpoint" in statement:
            probe = os.open(str(tmp_path / "s.sqlite-writer"), os.O_RDONLY)
            try:
                fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
                checkpoints_locked.append(False)
            except BlockingIOError:
                checkpoints_locked.append(True)
            finally:
                os.close(probe)

    db.conn.set_trace_callback(traced)
    for _ in range(store.db.CHECKPOINT_EVERY):
        with store.write_transaction(db):
            store.matches._append(db, match_id, DEAL, None, None, None, store.Actor("phone"))
    db.conn.set_trace_callback(None)
    assert checkpoints_locked == [False]
    alone = tmp_path / "alone.sqlite"
    alone.write_bytes((tmp_path / "s.sqlite").read_bytes())  # the file without its -wal
    copy = sqlite3.connect(alone)
    try:
        assert copy.execute("select count(*) from deals where match_id = ?", [match_id]).fetchone()[0] \
            >= store.db.CHECKPOINT_EVERY - 1
    finally:
        copy.close()
