"""The server as ``make run`` starts it (gunicorn with scorekeeper.serving: the app and WeasyPrint
loaded once in the master, the workers forked from it) prints."""

from __future__ import annotations

import gc
import http.client
import json
import os
import re
import subprocess
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench import server as gunicorn
from scorekeeper import store

DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}


class Cycle:
    """An object only the collector frees: it refers to itself."""

    made = freed = 0

    def __init__(self) -> None:
        self.me = self
        Cycle.made += 1

    def __del__(self) -> None:
        Cycle.freed += 1


def cycles(environ: dict, start_response: Callable[..., object]) -> list[bytes]:
    """A WSGI app for gunicorn: each request leaves 2,000 cycles behind, and answers its worker's
    collector settings, the cycles made and those freed so far."""
    for _ in range(2_000):
        Cycle()
    start_response("200 OK", [("Content-Type", "application/json")])
    return [json.dumps({"threshold": gc.get_threshold(), "made": Cycle.made, "freed": Cycle.freed}).encode()]


def request(port: int, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection(gunicorn.HOST, port, timeout=30)
    try:
        conn.request(method, path, body=json.dumps(body) if body else None,
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_the_forked_workers_print_the_sheet(tmp_path: Path):
    database, secret = tmp_path / "scorekeeper.sqlite", tmp_path / "secret_key"
    secret.write_text(uuid.uuid4().hex)
    store.init_db(str(database))
    with gunicorn.serve("bench.wsgi:app", gunicorn.app_env(database, secret), tmp_path / "server.log",
                        access_log=False, workers=2) as srv:
        status, body = request(srv.port, "POST", "/api/v1/matches", {
            "game": "contree", "players": {"N": "Alice", "E": "山田太郎", "S": "Carol", "W": "Dan"}})
        assert status == 201
        match_id = json.loads(body)["id"]
        assert request(srv.port, "POST", f"/api/v1/matches/{match_id}/deals", DEAL)[0] == 201
        with ThreadPoolExecutor(8) as pool:  # eight at a time, more than one worker's four threads
            answers = list(pool.map(lambda _: request(srv.port, "GET", f"/matches/{match_id}/sheet.pdf"),
                                    range(16)))
    assert {status for status, _ in answers} == {200}
    assert len({body for _, body in answers}) == 1  # the same sheet, whichever worker printed it
    path = tmp_path / "sheet.pdf"
    path.write_bytes(answers[0][1])
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout
    assert "Alice & Carol" in text and "山田太郎 & Dan" in text
    assert "House rules in force" in text
    # RULES §2.3: E–W make 100 with 92 + 10 + 20 belote -> 220 against 60
    assert re.search(r"\b60\b", text) and "220" in text


def test_a_second_server_on_a_port_in_use_refuses_to_start(tmp_path: Path):
    """Each worker listens on a socket of its own (scorekeeper.serving, ``reuse_port``): without
    the master's check a second ``make run`` would share the port, and a port taken by another
    program would have workers started again for ever."""
    database, secret = tmp_path / "scorekeeper.sqlite", tmp_path / "secret_key"
    secret.write_text(uuid.uuid4().hex)
    store.init_db(str(database))
    env = gunicorn.app_env(database, secret)
    with gunicorn.serve("bench.wsgi:app", env, tmp_path / "server.log", access_log=False, workers=2) as srv:
        line = gunicorn.command("bench.wsgi:app", srv.port, workers=1, access_log=False)
        second = subprocess.run(line, cwd=gunicorn.ROOT, env={**os.environ, **env}, capture_output=True,
                                text=True, timeout=60, check=False)
        assert second.returncode == 1
        assert f"cannot listen on {gunicorn.HOST}:{srv.port}: Address already in use" in second.stderr
        assert request(srv.port, "GET", "/")[0] == 200  # the first one serves on


def test_the_server_says_where_it_listens_in_gunicorns_line_and_ours(tmp_path: Path):
    """The master makes no socket (each worker binds its own: ``reuse_port``), yet gunicorn's start-up
    line names the address (scorekeeper.serving.ListeningAt), and ours says where the phones go."""
    database, secret = tmp_path / "scorekeeper.sqlite", tmp_path / "secret_key"
    secret.write_text(uuid.uuid4().hex)
    store.init_db(str(database))
    with gunicorn.serve("bench.wsgi:app", gunicorn.app_env(database, secret), tmp_path / "server.log",
                        access_log=False, workers=1) as srv:
        log = srv.log.read_text()
    assert re.search(rf"\] Listening at: http://{re.escape(gunicorn.HOST)}:{srv.port} \(\d+\)$", log, re.M)
    assert f"Scorekeeper is serving at http://{gunicorn.HOST}:{srv.port}/" in log


def test_a_phone_reading_its_sheet_again_after_three_seconds_keeps_its_connection(tmp_path: Path):
    """A table's phone reads every two or three seconds: its connection is kept (scorekeeper.serving's
    ``keepalive``, 5 s, where gunicorn's default 2 s closed it), so it stays on the worker that holds
    its table's sheet drawn."""
    database, secret = tmp_path / "scorekeeper.sqlite", tmp_path / "secret_key"
    secret.write_text(uuid.uuid4().hex)
    store.init_db(str(database))
    with gunicorn.serve("bench.wsgi:app", gunicorn.app_env(database, secret), tmp_path / "server.log",
                        access_log=False, workers=1) as srv:
        conn = http.client.HTTPConnection(gunicorn.HOST, srv.port, timeout=30)
        try:
            conn.request("GET", "/")
            assert conn.getresponse().read() and conn.sock is not None
            kept = conn.sock
            time.sleep(3)
            conn.request("GET", "/")  # on a connection the server had closed: RemoteDisconnected
            response = conn.getresponse()
            response.read()
            assert response.status == 200 and conn.sock is kept
        finally:
            conn.close()


def test_the_master_compiles_every_template_before_the_workers_fork(app):
    """What the workers would each compile in their first requests (a desk's first look waited for
    its templates) is compiled once in the master and shared."""
    from scorekeeper import serving

    serving.settle(app, collation=False)
    assert {name for _, name in app.jinja_env.cache.keys()} == set(app.jinja_env.list_templates())


def test_a_worker_collects_as_serving_sets_and_frees_the_cycles_its_requests_leave(tmp_path: Path):
    """Each worker takes scorekeeper.serving's collector settings (``post_fork``), and the cycles its
    requests leave behind are freed as it serves, with no full collection asked for."""
    from scorekeeper import serving

    with gunicorn.serve("tests.test_serving:cycles", {}, tmp_path / "server.log", access_log=False,
                        workers=1) as srv:
        answer = [json.loads(request(srv.port, "GET", "/")[1]) for _ in range(40)][-1]
    assert answer["threshold"] == [serving.YOUNG_COLLECTED_EVERY, 10, 10]  # the older generations: Python's
    assert answer["made"] >= 80_000
    assert answer["made"] - answer["freed"] <= serving.YOUNG_COLLECTED_EVERY  # those since the last young collection
