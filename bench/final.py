"""A national final at ten times its size, open loop: the load a club evening really makes.

500 tables of Contrée (1,000 pairs), each already 8 deals into its match. For ``duration``
seconds every table's phone records a deal through the real form every 12 s (ten times a real
table's pace) and reads its sheet 5 times between two deals; two organiser desks load the desk
every 5 s (its page has no script asking again: an organiser reloading it, often), and two wall
screens, the wall's page opened, ask for its live part as its script does (static/js/wall.js:
``wall.json`` every WALL_POLL_S, with the ETag it holds; a 304 is answered from the browser's
cache). Every request has its time in a schedule fixed beforehand (each table starts at a random
offset), and its latency is counted from that time, not from when it was sent: a server that falls
behind is charged for the wait it causes (no coordinated omission). A client connection belongs to one table or screen, as a phone's does.
Every client asks for compressed answers as a browser does (``Accept-Encoding: gzip, deflate, br,
zstd``: :data:`.load.ACCEPT_ENCODING`), so the server compresses each sheet, desk and ``wall.json``
as it does for a club.

    .venv/bin/python -m bench.final [--tables 500] [--duration 60]

:func:`measures` gives ``make bench`` one row per request type (p99, target < 50 ms) and the
errors (target 0).
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing as mp
import os
import queue
import random
import re
import secrets
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from scorekeeper.web.tournaments.wall import WALL_POLL_S

from . import load, server
from .load import DEAL_FORMS, SEATS, TOKEN, Client

TABLES = 500
SEEDED_DEALS = 8  # the tables are mid-evening
DEAL_EVERY = 12.0  # seconds between two deals of one table (a real table: about 2 minutes)
READS_PER_DEAL = 5
POLL_EVERY = 5.0  # the desks' reloading
DESKS, WALLS = 2, 2
P99_TARGET_MS = 50
KINDS = ("deal POST", "sheet GET", "desk GET", "wall GET")
PASSWORD = "bench-organiser"
VERSION = re.compile(r'name="version" type="hidden" value="(\d+)"')


@dataclass(frozen=True)
class Table:
    match: int
    token: str


def seed(database: Path, tables: int) -> tuple[int, list[Table]]:
    """A Contrée tournament of ``tables`` tables in round 1, each with SEEDED_DEALS deals, and the
    organiser's password (stored directly, as the draw and the phones would have left them)."""
    from scorekeeper import store
    from scorekeeper.games import get_rules
    from scorekeeper.web import access

    from .run import BENCH_OPTIONS, form_deal

    rules = get_rules("contree")
    options = rules.resolve_options(BENCH_OPTIONS)
    db = store.connect(str(database))
    try:
        access.set_password(db, PASSWORD)
        players = store.add_players(db, [(f"Player {n:04d}", "") for n in range(tables * 4)])
        tournament = store.create_tournament(db, name="National final", game="contree", options=options,
                                             format="pairs", rounds=5, deals=0, seed=1, ranking="match_points")
        entries = [store.add_entry(db, tournament, players[i:i + 2]) for i in range(0, len(players), 2)]
        drawn = [((entries[2 * t],), (entries[2 * t + 1],)) for t in range(tables)]
        new = [(sides, {seat: f"Player {4 * t + i:04d}" for i, seat in enumerate(("N", "S", "E", "W"))},
                secrets.token_urlsafe(16), f"Table {t + 1}") for t, sides in enumerate(drawn)]
        store.add_round(db, tournament, 1, [], new, game="contree", first_dealer="N", options=options,
                        deal_limit=0, ready=lambda: None)
        found = [Table(row.match_id, row.token) for round_ in store.list_rounds(db, tournament)
                 for row in round_.tables]
        for table in found:
            for seq in range(SEEDED_DEALS):
                store.add_deal(db, table.match, rules.read_deal(
                    rules.declarations_from_form(form_deal(seq), options), options))
    finally:
        db.close()
    return tournament, found


@dataclass
class Seen:
    """Latencies (s) by request type and errors by type and status, over the measured window; the
    requests sent in all and the processor time (s) the client processes spent sending them."""

    latencies: dict[str, list[float]]
    errors: dict[str, int]
    sent: int = 0
    cpu: float = 0.0

    @classmethod
    def empty(cls) -> Seen:
        return cls({kind: [] for kind in KINDS}, {})

    def merge(self, other: Seen) -> None:
        for kind, values in other.latencies.items():
            self.latencies[kind] += values
        for key, count in other.errors.items():
            self.errors[key] = self.errors.get(key, 0) + count
        self.sent += other.sent
        self.cpu += other.cpu


def group_cpu(pgid: int) -> float:
    """The processor time (s, user and system) of the live processes of a process group: the
    server's master and workers (Linux's /proc; 0 elsewhere)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[2]) == pgid:  # after the name: state, ppid, pgrp...; utime, stime the 12th, 13th
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


class Phone:
    """A table's phone: it opened the table's link (its session may record that match)."""

    def __init__(self, port: int, table: Table) -> None:
        self.client, self.table, self.seq = Client(port, browser=True), table, SEEDED_DEALS
        status, _ = self.client.request("GET", f"/t/{table.token}")
        if status != 302:
            raise RuntimeError(f"the table link answered {status}")
        self.token, self.version = self._form()

    def _form(self) -> tuple[str, int]:
        status, page = self.client.request("GET", f"/matches/{self.table.match}/deals/new")
        token, version = TOKEN.search(page), VERSION.search(page)
        if status != 200 or not token or not version:
            raise RuntimeError(f"no deal form (status {status})")
        return token.group(1) or token.group(2), int(version.group(1))

    def post(self) -> int:
        fields = {"csrf_token": self.token, "version": str(self.version), "nonce": uuid.uuid4().hex,
                  "dealer": SEATS[self.seq % 4], **DEAL_FORMS[self.seq % len(DEAL_FORMS)], "action": "save"}
        status, _ = self.client.request("POST", f"/matches/{self.table.match}/deals/new", urlencode(fields))
        if status == 302:
            self.seq, self.version = self.seq + 1, self.version + 1
        return status

    def read(self) -> int:
        return self.client.request("GET", f"/matches/{self.table.match}")[0]


class Wall:
    """A wall screen: its page opened, its script asks for the live part again with the ETag the
    browser's cache holds; the cache answers a 304 with the part it holds (the script sees a 200)."""

    def __init__(self, port: int, tournament: int) -> None:
        self.client, self.path = Client(port, browser=True), f"/tournaments/{tournament}/wall.json"
        status, _ = self.client.request("GET", f"/tournaments/{tournament}/standings")
        if status != 200:
            raise RuntimeError(f"the wall answered {status}")
        self.tag: str | None = None

    def poll(self) -> int:
        status, _ = self.client.request("GET", self.path, headers={"If-None-Match": self.tag} if self.tag else None)
        if status == 200 and self.client.answered is not None:
            self.tag = self.client.answered.get("ETag")
        return 200 if status == 304 else status


def organiser(port: int) -> Client:
    """A desk's browser, logged in as the organiser."""
    client = Client(port, browser=True)
    status, page = client.request("GET", "/organiser/login")
    found = TOKEN.search(page)
    if status != 200 or not found:
        raise RuntimeError(f"no login form (status {status})")
    status, _ = client.request("POST", "/organiser/login",
                               urlencode({"csrf_token": found.group(1) or found.group(2), "password": PASSWORD}))
    if status != 302:
        raise RuntimeError(f"the organiser's login answered {status}")
    return client


def _run_schedule(schedule: Sequence[tuple[float, str, Callable[[], int], int]], start: float, measure_from: float,
                  seen: Seen, lock: threading.Lock) -> None:
    """One connection's requests at their times: ``(at, kind, send, expected status)``; late ones go at once."""
    mine = Seen.empty()
    for at, kind, send, expected in schedule:
        due = start + at
        if (wait := due - time.monotonic()) > 0:
            time.sleep(wait)
        try:
            status = send()
        except (OSError, http.client.HTTPException) as err:
            status = type(err).__name__
        if status != expected:
            mine.errors[f"{kind}: {status}"] = mine.errors.get(f"{kind}: {status}", 0) + 1
        elif at >= measure_from:
            mine.latencies[kind].append(time.monotonic() - due)
        mine.sent += 1
    with lock:
        seen.merge(mine)


def _table_schedule(phone: Phone, offset: float, until: float) -> list[tuple[float, str, Callable[[], int], int]]:
    plan: list[tuple[float, str, Callable[[], int], int]] = []
    at = offset
    while at < until:
        plan.append((at, "deal POST", phone.post, 302))
        step = DEAL_EVERY / READS_PER_DEAL
        plan += [(at + step * (j + 0.5), "sheet GET", phone.read, 200) for j in range(READS_PER_DEAL)
                 if at + step * (j + 0.5) < until]
        at += DEAL_EVERY
    return plan


def _process(port: int, tournament: int, tables: Sequence[Table], screens: Sequence[str], seed_: int,
             warmup: float, duration: float, ready: Any, go: Any, results: Any) -> None:
    rng = random.Random(seed_)
    until = warmup + duration
    schedules = []
    try:
        for table in tables:
            schedules.append(_table_schedule(Phone(port, table), rng.uniform(0, DEAL_EVERY), until))
        for screen in screens:
            if screen == "desk":
                desk, path = organiser(port), f"/tournaments/{tournament}"
                send, every = (lambda c=desk, p=path: c.request("GET", p)[0]), POLL_EVERY
            else:
                send, every = Wall(port, tournament).poll, WALL_POLL_S
            offset = rng.uniform(0, every)
            schedules.append([(offset + every * k, f"{screen} GET", send, 200)
                              for k in range(int((until - offset) // every) + 1)])
    except Exception as err:  # noqa: BLE001 - the parent reports what failed
        ready.put(f"setup failed: {err}")
        return
    ready.put("ready")
    go.wait(timeout=600)
    start, seen, lock, cpu = time.monotonic(), Seen.empty(), threading.Lock(), time.process_time()
    threads = [threading.Thread(target=_run_schedule, args=(plan, start, warmup, seen, lock), daemon=True)
               for plan in schedules]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=until + 120)
    seen.cpu = time.process_time() - cpu
    results.put(seen)


def run(port: int, tournament: int, tables: Sequence[Table], *, warmup: float, duration: float,
        processes: int = 2, server_group: int | None = None) -> tuple[Seen, float]:
    """Every table and screen, spread over ``processes`` client processes, from one common start;
    and the processor time the server's process group (``server_group``) spent meanwhile."""
    ctx = mp.get_context("spawn")
    ready, go, results = ctx.Queue(), ctx.Event(), ctx.Queue()
    screens = ["desk"] * DESKS + ["wall"] * WALLS
    procs = [ctx.Process(target=_process, args=(port, tournament, tables[p::processes], screens[p::processes],
                                                p, warmup, duration, ready, go, results), daemon=True)
             for p in range(processes)]
    for proc in procs:
        proc.start()
    seen = Seen.empty()
    try:
        for _ in procs:
            said = ready.get(timeout=600)
            if said != "ready":
                raise RuntimeError(said)
        served = group_cpu(server_group) if server_group else 0.0
        go.set()
        for _ in procs:
            seen.merge(results.get(timeout=warmup + duration + 180))
        served = (group_cpu(server_group) if server_group else 0.0) - served
    except queue.Empty as err:
        raise RuntimeError("the final's clients did not finish") from err
    finally:
        for proc in procs:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.kill()
    return seen, served


def measures(tmp: Path, *, tables: int = TABLES, warmup: float = 5.0, duration: float = 60.0,
             progress: Callable[[str], None] = print) -> list[dict[str, Any]]:
    database, secret = tmp / "final.sqlite", tmp / "final_key"
    secret.write_text(secrets.token_hex(32))
    secret.chmod(0o600)
    progress(server.init_db(database, secret))
    progress(f"final: seeding {tables} tables of {SEEDED_DEALS} deals")
    tournament, found = seed(database, tables)
    progress(f"final: {tables} tables, a deal every {DEAL_EVERY:g} s each, for {duration:g} s")
    with server.serve("bench.wsgi:app", server.app_env(database, secret), tmp / "final.log") as srv:
        seen, served = run(srv.port, tournament, found, warmup=warmup, duration=duration,
                           server_group=srv.process.pid)
    return rows(tables, seen, served)


def rows(tables: int, seen: Seen, served: float) -> list[dict[str, Any]]:
    """``make bench``'s rows of a final of ``tables`` tables: one per request type (p99), the processor
    time per request of the server (``served``: s in all) and of its clients, the errors. Each named
    the same in every run, what this run saw besides (requests, errors by type and status) in its note."""
    from .run import measure

    label = f"final, {tables} tables at ten times a table's pace"
    found = []
    for kind in KINDS:
        p99 = load.percentile(seen.latencies[kind], 99) * 1e3
        found.append(measure(f"{label}: {kind}: p99", p99, "ms", target=f"< {P99_TARGET_MS} ms",
                             met=p99 < P99_TARGET_MS, note=f"{len(seen.latencies[kind])} requests"))
    for who, cpu in (("the server", served), ("its clients (the load generator)", seen.cpu)):
        found.append(measure(f"{label}: processor time of {who} per request", cpu / max(seen.sent, 1) * 1e3, "ms",
                             note=f"{seen.sent} sent"))
    errors = sum(seen.errors.values())
    found.append(measure(f"{label}: errors", errors, "requests", target="0", met=errors == 0,
                         note=", ".join(f"{key}: {count}" for key, count in sorted(seen.errors.items()))))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=TABLES)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=5.0)
    args = parser.parse_args(argv)
    from .run import table

    with tempfile.TemporaryDirectory(prefix="scorekeeper-final-") as tmp:
        rows = measures(Path(tmp), tables=args.tables, warmup=args.warmup, duration=args.duration,
                        progress=lambda text: print(text, file=sys.stderr, flush=True))
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
