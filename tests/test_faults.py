"""Faults: nothing lost. A server killed mid-write, two phones on one deal, double submits, backups.

The SIGKILL test runs the real server (gunicorn with 4 threads per worker, bench/wsgi.py on
a temporary database) on loopback. In the suite it runs once with 2 workers (a worker boots
in about 2.5 s on this machine); ``make soak`` runs it ``SCOREKEEPER_SOAK_ROUNDS`` times with
``make run``'s 4 workers, killing at different moments.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

from bench import server as gunicorn
from bench.load import Client, DealPoster
from scorekeeper import store
from scorekeeper.games import get_rules
from tests.helpers import csrf_token, hidden

PLAYERS = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}
# RULES §2.3: E–W bid 100 ♥ and take 92 + 10 + 20 belote = 122 -> 220; N–S 60.
DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}
MADE_100 = {"dealer": "N", "bidder": "E", "bid": "100", "trump": "H", "bidder_points": "92",
            "last_trick": "bidders", "belote": "bidders"}
ROUNDS = int(os.environ.get("SCOREKEEPER_SOAK_ROUNDS", "1"))
WORKERS = 4 if "SCOREKEEPER_SOAK_ROUNDS" in os.environ else 2
RULES = get_rules("contree")


def new_match(db, **options) -> int:
    return store.create_match(db, game="contree", players=PLAYERS, first_dealer="N",
                              options=RULES.resolve_options({"target": 100_000, **options}))


def stored(deal: dict) -> dict:
    options = RULES.resolve_options({})
    return RULES.read_deal(deal, options)


def deal_count(app, match_id: int) -> int:
    with app.app_context():
        return len(store.list_deals(store.get_db(), match_id))


def check_whole(conn: sqlite3.Connection) -> None:
    """integrity_check passes; every match's version counts its writes; totals are the deals' sum."""
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    for match_id, options, version in conn.execute("select id, options, version from matches"):
        declarations = [json.loads(row[0]) for row in conn.execute(
            "select declarations from deals where match_id = ? order by seq", [match_id])]
        assert version == 1 + len(declarations), "a deal without its version bump (or the reverse)"
        sheet = RULES.score_sheet(declarations, json.loads(options))
        for side in ("A", "B"):
            assert sheet.totals[side] == sum(row.scored.score[side] for row in sheet.rows)


# -- SIGKILL while 8 clients write -----------------------------------------------------

class Writer(threading.Thread):
    """One phone (the deal form) or one script (the API), writing deals until told to stop."""

    def __init__(self, port: int, match_id: int, api: bool, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.port, self.match_id, self.api, self.stop = port, match_id, api, stop
        self.acknowledged: list[str] = []  # the nonces of the deals answered with success
        self.failures = 0

    def run(self) -> None:
        client = Client(self.port)
        try:
            poster = None if self.api else DealPoster(client, [self.match_id] * 1000)
            for _ in range(2000):  # bounded; the kill ends it long before
                if self.stop.is_set():
                    return
                try:
                    if self.api:
                        key = uuid.uuid4().hex
                        ok = self._post_api(key)
                        nonce = f"api:{key}"
                    else:
                        path, body = poster.body()
                        nonce = dict(p.split("=", 1) for p in body.split("&"))["nonce"]
                        status, _ = client.request("POST", path, body)
                        ok = status == 302
                        if ok:
                            poster.saved()
                except (OSError, http.client.HTTPException):
                    ok = False
                if ok:
                    self.acknowledged.append(nonce)
                else:
                    self.failures += 1
                    if self.failures > 50:
                        return
                    time.sleep(0.01)
        except (OSError, http.client.HTTPException, RuntimeError):
            self.failures += 1
        finally:
            client.close()

    def _post_api(self, key: str) -> bool:
        conn = http.client.HTTPConnection(gunicorn.HOST, self.port, timeout=10)
        try:
            conn.request("POST", f"/api/v1/matches/{self.match_id}/deals", body=json.dumps(DEAL),
                         headers={"Content-Type": "application/json", "Idempotency-Key": key})
            response = conn.getresponse()
            response.read()
            return response.status == 201
        finally:
            conn.close()


def api_match(port: int, match_id: int) -> dict:
    conn = http.client.HTTPConnection(gunicorn.HOST, port, timeout=10)
    try:
        conn.request("GET", f"/api/v1/matches/{match_id}")
        response = conn.getresponse()
        assert response.status == 200
        return json.loads(response.read())
    finally:
        conn.close()


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_sigkill_while_eight_clients_write_loses_no_acknowledged_deal(tmp_path: Path, round_: int):
    database, secret = tmp_path / "scorekeeper.sqlite", tmp_path / "secret_key"
    secret.write_text(uuid.uuid4().hex)
    store.init_db(str(database))
    db = store.connect(str(database))
    try:
        matches = [new_match(db) for _ in range(8)]
    finally:
        db.close()
    env = gunicorn.app_env(database, secret)
    stop = threading.Event()
    srv = gunicorn.start("bench.wsgi:app", env, tmp_path / "server.log", access_log=False, workers=WORKERS)
    writers = [Writer(srv.port, match_id, api=n % 2 == 1, stop=stop) for n, match_id in enumerate(matches)]
    try:
        for writer in writers:
            writer.start()
        deadline = time.monotonic() + 15
        wanted = 40 + 20 * (round_ % 4)  # soak rounds kill at different moments
        while sum(len(w.acknowledged) for w in writers) < wanted and time.monotonic() < deadline:
            time.sleep(0.005)
        srv.kill()  # SIGKILL to the master and every worker, mid-write
    finally:
        stop.set()
        srv.stop(grace=2)
        for writer in writers:
            writer.join(timeout=15)
    acknowledged = {nonce for writer in writers for nonce in writer.acknowledged}
    assert len(acknowledged) >= min(wanted, 8), f"the writers hardly wrote: {[w.failures for w in writers]}"
    assert all(not writer.is_alive() for writer in writers)

    with gunicorn.serve("bench.wsgi:app", env, tmp_path / "server.log", access_log=False,
                        workers=WORKERS) as again:
        answers = [api_match(again.port, match_id) for match_id in matches]
        with sqlite3.connect(database) as conn:
            recorded = {row[0] for row in conn.execute("select nonce from deals")}
            check_whole(conn)
        conn.close()
    assert acknowledged <= recorded, f"lost: {sorted(acknowledged - recorded)[:5]}"
    for answer in answers:
        for side in ("A", "B"):
            assert answer["totals"][side] == sum(deal["score"][side] for deal in answer["deals"])
        assert answer["version"] == 1 + len(answer["deals"])


# -- two phones on the same deal -------------------------------------------------------

def one_deal(app, pages) -> tuple[int, int]:
    match_id = pages.start_match()
    assert pages.post_deal(match_id, MADE_100).status_code == 302
    with app.app_context():
        return match_id, store.list_deals(store.get_db(), match_id)[0].id


def test_two_phones_editing_one_deal_the_second_gets_a_conflict_with_its_input_kept(app, pages):
    match_id, deal_id = one_deal(app, pages)
    phone_a, phone_b = pages.deal_form(match_id, deal_id), pages.deal_form(match_id, deal_id)
    won = pages.post_deal(match_id, {**MADE_100, "bidder_points": "72"}, deal_id=deal_id, page=phone_a)
    assert won.status_code == 302
    lost = pages.post_deal(match_id, {**MADE_100, "bidder_points": "102"}, deal_id=deal_id, page=phone_b)
    html = lost.get_data(as_text=True)
    assert lost.status_code == 422
    assert "changed on another phone meanwhile" in html
    assert 'value="102"' in html  # phone B's typing is kept, to check and send again
    assert hidden(html, "version") == "2"  # ...against the version it now has seen
    with app.app_context():
        deal = store.get_deal(store.get_db(), match_id, deal_id)
    assert deal.declarations["card_points"]["B"] == 72 and deal.version == 2
    resent = pages.post_deal(match_id, {**MADE_100, "bidder_points": "102"}, deal_id=deal_id, page=html)
    assert resent.status_code == 302  # once seen, phone B may replace it on purpose


def test_two_scripts_putting_one_deal_the_second_gets_409(client):
    match_id = client.post("/api/v1/matches", json={"game": "contree", "players": PLAYERS}).json["id"]
    deal = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).json["deal"]
    first = client.put(f"/api/v1/matches/{match_id}/deals/{deal['id']}",
                       json={**DEAL, "card_points": {"B": 72}, "version": deal["version"]})
    second = client.put(f"/api/v1/matches/{match_id}/deals/{deal['id']}",
                        json={**DEAL, "card_points": {"B": 102}, "version": deal["version"]})
    assert first.status_code == 200
    assert second.status_code == 409
    assert second.json["error"]["field"] == "version" and "meanwhile" in second.json["error"]["message"]
    now = client.get(f"/api/v1/matches/{match_id}/deals/{deal['id']}").json["deal"]
    assert now["declarations"]["card_points"]["B"] == 72


HOLDER = """
import os, sys, time
from scorekeeper import store
db = store.connect(sys.argv[1])
child = os.fork()  # a PDF worker, say, forked by a process that writes
if child == 0:
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
with store.write_transaction(db):
    print("writing", flush=True)
    time.sleep(60)
"""


def test_a_writer_killed_mid_write_leaves_the_lock_even_with_a_forked_child_alive(tmp_path):
    """The writers' queue (store.write_transaction) frees itself when its holder dies; a child the
    holder forked earlier, still running, does not keep it (a flock belongs to the open file)."""
    path = str(tmp_path / "fork.sqlite")
    store.init_db(path)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, path], stdout=subprocess.PIPE, text=True,
                              cwd=Path(__file__).resolve().parent.parent)
    child = int(holder.stdout.readline())
    try:
        assert holder.stdout.readline().strip() == "writing"
        holder.kill()
        holder.wait(timeout=10)
        landed: list[tuple[int, bool]] = []

        def phone() -> None:
            db = store.connect(path)
            try:
                landed.append(store.add_deal(db, new_match(db), stored(DEAL)))
            finally:
                db.close()

        writer = threading.Thread(target=phone, daemon=True)
        writer.start()
        writer.join(timeout=15)
        assert len(landed) == 1, "the deal waited for a lock nobody alive was writing under"
    finally:
        holder.kill()
        holder.stdout.close()
        os.kill(child, signal.SIGKILL)


def test_eight_phones_saving_one_deal_at_once_exactly_one_wins(tmp_path):
    path = str(tmp_path / "race.sqlite")
    store.init_db(path)
    db = store.connect(path)
    match_id = new_match(db)
    deal_id, _ = store.add_deal(db, match_id, stored(DEAL))
    db.close()
    barrier, outcomes = threading.Barrier(8), []

    def phone(points: int) -> None:
        conn = store.connect(path)
        try:
            barrier.wait(timeout=10)
            store.update_deal(conn, match_id, deal_id, stored({**DEAL, "card_points": {"B": points}}), version=1)
            outcomes.append(("won", points))
        except store.Conflict:
            outcomes.append(("conflict", points))
        finally:
            conn.close()

    threads = [threading.Thread(target=phone, args=(60 + n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    winners = [points for outcome, points in outcomes if outcome == "won"]
    assert len(outcomes) == 8 and len(winners) == 1
    conn = store.connect(path)
    deal = store.get_deal(conn, match_id, deal_id)
    conn.close()
    assert deal.version == 2 and deal.declarations["card_points"]["B"] == winners[0]


def test_deleting_a_deal_another_phone_just_corrected_is_a_conflict(app, pages, client):
    match_id, deal_id = one_deal(app, pages)
    phone_b = pages.deal_form(match_id, deal_id)  # phone B opens the deal (version 1)
    phone_a = pages.deal_form(match_id, deal_id)
    assert pages.post_deal(match_id, {**MADE_100, "bidder_points": "72"}, deal_id=deal_id,
                           page=phone_a).status_code == 302  # phone A corrects it (version 2)
    response = client.post(f"/matches/{match_id}/deals/{deal_id}/delete",
                           data={"csrf_token": csrf_token(phone_b), "version": hidden(phone_b, "version"),
                                 "confirmed": "yes"})
    assert response.status_code in (409, 422)
    assert deal_count(app, match_id) == 1


def test_undo_after_another_phone_recorded_a_deal_is_a_conflict(app, pages, client):
    match_id, _ = one_deal(app, pages)
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)  # phone B sees deal 1 last
    with app.app_context():
        seen_version = store.get_match(store.get_db(), match_id).version
    assert pages.post_deal(match_id, {**MADE_100, "bidder_points": "100"}).status_code == 302  # phone A
    response = client.post(f"/matches/{match_id}/undo",
                           data={"csrf_token": csrf_token(sheet), "version": str(seen_version),
                                 "confirmed": "yes"})
    assert response.status_code in (409, 422)
    assert deal_count(app, match_id) == 2


# -- double submits and replays --------------------------------------------------------

def test_a_double_submitted_form_records_one_deal_even_when_both_arrive_at_once(app, pages):
    match_id = pages.start_match()
    page = pages.deal_form(match_id)
    data = {"csrf_token": csrf_token(page), "version": hidden(page, "version"), "nonce": hidden(page, "nonce"),
            "action": "save", **MADE_100}
    cookie = pages.client.get_cookie("session")
    barrier, statuses = threading.Barrier(2), []

    def tap() -> None:
        browser = app.test_client()
        browser.set_cookie("session", cookie.value)
        barrier.wait(timeout=10)
        statuses.append(browser.post(f"/matches/{match_id}/deals/new", data=data).status_code)
        store.close_thread_connections()

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert statuses == [302, 302]
    assert deal_count(app, match_id) == 1
    again = pages.post_deal(match_id, MADE_100, page=page)  # a third tap, after the version moved
    assert again.status_code == 302
    assert deal_count(app, match_id) == 1


def test_a_replayed_api_call_records_one_deal(app, client):
    match_id = client.post("/api/v1/matches", json={"game": "contree", "players": PLAYERS}).json["id"]
    headers = {"Idempotency-Key": "table3-deal7"}
    first = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL, headers=headers)
    replay = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL, headers=headers)
    assert (first.status_code, replay.status_code) == (201, 200)
    assert first.json["deal"]["id"] == replay.json["deal"]["id"]
    assert replay.json["totals"] == {"A": 60, "B": 220}
    assert deal_count(app, match_id) == 1


def test_replays_arriving_at_once_record_one_deal(tmp_path):
    path = str(tmp_path / "replay.sqlite")
    store.init_db(path)
    db = store.connect(path)
    match_id = new_match(db)
    db.close()
    barrier, answers = threading.Barrier(8), []

    def replay() -> None:
        conn = store.connect(path)
        try:
            barrier.wait(timeout=10)
            answers.append(store.add_deal(conn, match_id, stored(DEAL), nonce="api:same-key"))
        finally:
            conn.close()

    threads = [threading.Thread(target=replay) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert len(answers) == 8
    assert len({deal_id for deal_id, _ in answers}) == 1
    assert sorted(created for _, created in answers) == [False] * 7 + [True]
    conn = store.connect(path)
    assert len(store.list_deals(conn, match_id)) == 1
    conn.close()


def test_an_idempotency_key_reused_on_another_match_records_nothing(app, client):
    ids = [client.post("/api/v1/matches", json={"game": "contree", "players": PLAYERS}).json["id"] for _ in range(2)]
    headers = {"Idempotency-Key": "k1"}
    assert client.post(f"/api/v1/matches/{ids[0]}/deals", json=DEAL, headers=headers).status_code == 201
    other = client.post(f"/api/v1/matches/{ids[1]}/deals", json=DEAL, headers=headers)
    assert other.status_code == 409
    assert deal_count(app, ids[1]) == 0


# -- flask backup ----------------------------------------------------------------------

def test_backup_copies_the_live_database_while_deals_are_written(app, tmp_path):
    path = app.config["DATABASE"]
    db = store.connect(path)
    matches = [new_match(db) for _ in range(4)]
    db.close()
    stop, lock, committed = threading.Event(), threading.Lock(), []

    def writer(match_id: int) -> None:
        conn = store.connect(path)
        try:
            for _ in range(5000):  # bounded; stopped long before
                if stop.is_set():
                    return
                deal_id, _ = store.add_deal(conn, match_id, stored(DEAL), nonce=uuid.uuid4().hex)
                with lock:
                    committed.append(deal_id)
        finally:
            conn.close()

    threads = [threading.Thread(target=writer, args=(m,)) for m in matches]
    target = tmp_path / "copy.sqlite"
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while len(committed) < 100 and time.monotonic() < deadline:
            time.sleep(0.002)
        with lock:
            before = set(committed)
        result = app.test_cli_runner().invoke(args=["backup", str(target)])
        with lock:
            after_count = len(committed)
        time.sleep(0.05)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=20)
    assert result.exit_code == 0, result.output
    assert f"to {target}" in result.output and "integrity_check ok" in result.output
    assert len(before) >= 100 and len(committed) > after_count >= len(before)  # writes went on throughout
    copy = sqlite3.connect(target)
    try:
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one self-contained file
        copied = {row[0] for row in copy.execute("select id from deals")}
        check_whole(copy)
    finally:
        copy.close()
    assert before <= copied
    assert f"{len(copied)} deals" in result.output


def test_backup_refuses_to_overwrite_unless_forced(app, tmp_path):
    target = tmp_path / "copy.sqlite"
    target.write_text("precious")
    refused = app.test_cli_runner().invoke(args=["backup", str(target)])
    assert refused.exit_code != 0 and "--force" in refused.output
    assert target.read_text() == "precious"
    forced = app.test_cli_runner().invoke(args=["backup", "--force", str(target)])
    assert forced.exit_code == 0 and "(replaced)" in forced.output
    with sqlite3.connect(target) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    copy.close()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no partial file left


def test_backup_refuses_the_live_database_itself(app):
    result = app.test_cli_runner().invoke(args=["backup", "--force", app.config["DATABASE"]])
    assert result.exit_code != 0 and "live database" in result.output
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
