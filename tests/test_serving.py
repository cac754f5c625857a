"""The server as ``make run`` starts it (gunicorn with scorekeeper.serving: the app and WeasyPrint
loaded once in the master, the workers forked from it) prints."""

from __future__ import annotations

import base64
import http.client
import json
import os
import re
import subprocess
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest

from bench import server as gunicorn
from scorekeeper import store

DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}


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


class Answer:
    """What gunicorn's access log reads of an answer: its status, headers and bytes sent."""

    def __init__(self, status: str, sent: int | None, headers: list[tuple[str, str]]) -> None:
        self.status, self.sent, self.headers = status, sent, headers


ASKED = [  # (environ, request headers, answer): what a phone, a browser and a script send
    ({"REQUEST_METHOD": "GET", "RAW_URI": "/matches/12", "PATH_INFO": "/matches/12", "QUERY_STRING": "",
      "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "192.168.1.20",
      "HTTP_USER_AGENT": "Mozilla/5.0 (Android 14)"},
     [("HOST", "club:8000"), ("USER-AGENT", "Mozilla/5.0 (Android 14)")],
     Answer("200 OK", 14231, [("Content-Type", "text/html; charset=utf-8")])),
    ({"REQUEST_METHOD": "POST", "RAW_URI": "/matches/12/deals/new?from=%22x%22",
      "PATH_INFO": "/matches/12/deals/new",
      "QUERY_STRING": "from=%22x%22", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "10.0.0.7",
      "HTTP_REFERER": "http://club:8000/matches/12", "HTTP_USER_AGENT": 'a "quoted" agent',
      "HTTP_AUTHORIZATION": "Basic " + base64.b64encode(b"desk:secret").decode()},
     [("REFERER", "http://club:8000/matches/12"), ("USER-AGENT", 'a "quoted" agent')],
     Answer("302 FOUND", 0, [("Location", "/matches/12")])),
    ({"REQUEST_METHOD": "GET", "RAW_URI": "/tournaments/3/wall.json", "PATH_INFO": "/tournaments/3/wall.json",
      "QUERY_STRING": "", "SERVER_PROTOCOL": "HTTP/1.0"},
     [], Answer("304 NOT MODIFIED", None, [("ETag", '"w1"')])),
]


OTHER_LINE = '%(h)s "%(r)s" %(s)s %(b)s %(B)s %(D)s %({etag}o)s %({referer}i)s %(U)s?%(q)s %(p)s %(x)s'


@pytest.mark.parametrize("line", [None, OTHER_LINE], ids=["the default line", "other atoms"])
def test_the_access_log_writes_gunicorns_own_lines(tmp_path: Path, line: str | None):
    """``make run``'s access log (scorekeeper.serving.AccessLog) writes, request for request, the
    line gunicorn's own logger writes, in its default format and in any other."""
    from gunicorn import glogging
    from gunicorn.config import Config

    from scorekeeper import serving

    written = {}
    for logger in (glogging.Logger, serving.AccessLog):
        cfg = Config()
        cfg.set("accesslog", str(tmp_path / f"{logger.__name__}.log"))
        if line:
            cfg.set("access_log_format", line)
        log = logger(cfg)
        log.now = lambda: "[28/Nov/2026:15:40:00 +0000]"  # the same second for both
        for environ, headers, answer in ASKED:
            log.access(answer, SimpleNamespace(headers=headers), environ, timedelta(microseconds=1234))
        for handler in log.access_log.handlers:
            handler.close()
        written[logger] = (tmp_path / f"{logger.__name__}.log").read_text().splitlines()
    assert len(written[glogging.Logger]) == len(ASKED)
    assert written[serving.AccessLog] == written[glogging.Logger]
