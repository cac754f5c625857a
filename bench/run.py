"""``make bench``: measure the real server, the rules engine and the PDF; one table, one JSON file.

    .venv/bin/python -m bench.run [--duration 5] [--warmup 1] [--output bench/results.json]

Everything runs on 127.0.0.1, on a temporary database and secret key (never ``instance/``),
and every server started here is stopped at the end, also on failure. Each measure is an
object ``{name, value, unit}`` plus, where they apply, ``baseline``, ``ratio``, ``target``
and ``met``; ``bench/results.json`` holds the list (it is git-ignored: the figures
belong to the machine that measured them).

HTTP: gunicorn as ``make run`` starts it (``--workers 2 --threads 8``, access log on; the
database initialised by ``flask init-db``). The baseline is bench/baseline_app.py, a bare
Flask endpoint that reads and writes one SQLite row, on the same server settings; our
requests/s are given as a ratio to its requests/s at the same number of clients. For the
sheet's GET the baseline is measured again, in turn with it (SLICES slices of each, both
servers up), so that a load that changes meanwhile falls on both alike. The floor
is bench/floor_app.py, the stack this project must use and nothing else (Flask-WTF's CSRF
and a form of the deal form's fields, a flashed message, one row inserted): the deal POST's
requests/s are given as a ratio to the floor's as well. The floor without the form (its CSRF
check, flash and insert alone) says what WTForms' form costs on top. The sheet is also read
while 16 clients keep asking a claim the solver searches for its whole 10 s (the referee
answers each worker's second search 429): its p99 must stay under 100 ms.

PDF: one 30-deal sheet through the app against a plain WeasyPrint render of an equal table, the two
timed in turn (PDF_ROUNDS times each, the median of each), for the same reason.

The claim solver: bench/solver_bench.py's cases (200 seeded deals each; ``make bench-solver``
runs them alone), their targets on the 99th percentile.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import dataclasses
import functools
import http.client
import json
import math
import os
import random
import secrets
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from . import final, load, server, solver_bench
from .load import DEAL_FORMS, DEALS_PER_MATCH, SEATS

OUTPUT = Path(__file__).resolve().parent / "results.json"
CLIENTS = (16, 64)
PDF_ROUNDS = 7  # the one-sheet PDF row: ours and the plain render timed in turn, this many times each (pdf22)
SLICES = 3  # the GET rows: the baseline and the GET measured in turn, in this many slices each (get18, get21)
CLAIM_SEARCHES = 16  # clients asking a claim that searches for its whole limit, again and again
CLAIM_READERS = 4  # the wall screens and phones reading the sheet meanwhile
BUSY_P99_MS = 100
SHEET_DEALS = 30
BOOKLET_SHEETS = 100  # a club evening's tables
ROOT = Path(__file__).resolve().parent.parent
TOURNAMENT_DEALS = 1000
BENCH_OPTIONS = {"target": 100_000}  # no match ends during the bench
PLAYERS = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}

Measure = dict[str, Any]
T = TypeVar("T")


def measure(name: str, value: float, unit: str, *, baseline: float | None = None, ratio: float | None = None,
            target: str | None = None, met: bool | None = None, note: str | None = None) -> Measure:
    """One line of the table and one object of results.json (absent fields do not apply). ``name`` is
    the same in every run (bench/history.py puts runs side by side by it): what one run saw besides
    its value (how many requests, which errors) goes in ``note``."""
    out: Measure = {"name": name, "value": _round(value), "unit": unit}
    if note:
        out["note"] = note
    for key, item in (("baseline", baseline), ("ratio", ratio)):
        if item is not None:
            out[key] = _round(item)
    if target is not None:
        out["target"], out["met"] = target, bool(met)
    return out


def _round(value: float) -> float:
    if isinstance(value, int) or math.isnan(value):
        return value
    return round(value, 3 if abs(value) < 10 else 1)


def in_turn(measures: Sequence[Callable[[], T]], rounds: int) -> list[list[T]]:
    """Each of ``measures`` called once a round, in turn, for ``rounds`` rounds, so that a load that
    changes meanwhile falls on all of them alike; what each gave, in the order it gave it."""
    seen: list[list[T]] = [[] for _ in measures]
    for _ in range(rounds):
        for measured, out in zip(measures, seen, strict=True):
            out.append(measured())
    return seen


def timed(*funcs: Callable[[], object], number: int, repeat: int = 5) -> list[float]:
    """For each of ``funcs``, the median over ``repeat`` runs of the seconds one call takes; the funcs'
    runs taken in turn (:func:`in_turn`), each after an untimed call of its own func, so that it finds
    the process as a run of its own left it, not as the other's did (the sheet's PDF forks a child: a
    plain render just after it wrote to the pages the fork had left shared, 4,800 page faults more and
    8% of its time; pdf22)."""

    def seconds(func: Callable[[], object]) -> float:
        func()
        began = time.perf_counter()
        for _ in range(number):
            func()
        return (time.perf_counter() - began) / number

    return [statistics.median(runs) for runs in in_turn([functools.partial(seconds, f) for f in funcs], repeat)]


# -- deals -----------------------------------------------------------------------------

def form_deal(seq: int) -> dict[str, str]:
    """The ``seq``-th deal of the bench's rotation, as the form sends it (empty inputs left out)."""
    fields = {"dealer": SEATS[seq % 4], **DEAL_FORMS[seq % len(DEAL_FORMS)]}
    return {k: v for k, v in fields.items() if v}


MELDS = ("AH KH QH", "10S 9S 8S 7S", "QC JC 10C", "JD JH JS JC", "AD KD QD JD 10D", "9H 9D 9S 9C")


def random_deals(rng: random.Random, rules: Any, options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
    """``count`` valid declarations of every kind (contre, capot, belote, melds), stored form."""
    from scorekeeper.errors import RuleViolation

    deals: list[dict[str, Any]] = []
    while len(deals) < count:
        seq = len(deals)
        capot = rng.random() < 0.05
        values = {"dealer": SEATS[seq % 4], "bidder": rng.choice(SEATS),
                  "bid": "capot" if capot and rng.random() < 0.5 else str(rng.randrange(80, 170, 10)),
                  "trump": rng.choice("SHDC"), "bidder_points": "152" if capot else str(rng.randint(0, 152)),
                  "last_trick": "bidders" if capot else rng.choice(("bidders", "defenders")),
                  "belote": rng.choice(("", "", "bidders", "defenders"))}
        if capot:
            values["capot"] = "y"
        if rng.random() < 0.2:
            values["contre"] = "y"
            if rng.random() < 0.3:
                values["surcontre"] = "y"
        if options.get("announces") and rng.random() < 0.5:
            for seat, meld in zip(rng.sample(SEATS, 2), rng.sample(MELDS, 2), strict=True):
                values[f"melds_{seat}"] = meld
        try:
            deals.append(rules.read_deal(rules.declarations_from_form(
                {k: v for k, v in values.items() if v}, options), options))
        except RuleViolation:  # a combination the rules refuse (a card declared twice...): draw again
            pass
    return deals


# -- the engine ------------------------------------------------------------------------

def engine_measures() -> list[Measure]:
    from scorekeeper.games import get_rules
    from scorekeeper.games.melds import compare_melds, meld_from_cards

    rules = get_rules("contree")
    options = rules.resolve_options({})
    deal = rules.read_deal(rules.declarations_from_form(form_deal(0), options), options)
    (score,) = timed(lambda: rules.score_deal(deal, options), number=2000)

    question = {"hand": ["7H", "KS", "AS", "9D", "JH", "10C", "8S", "QD"], "trick_so_far": ["QS", "9H", "10S"],
                "trump": "H"}
    (legal,) = timed(lambda: rules.referee("legal_play", question, options), number=2000)

    melds = [meld_from_cards("AH KH QH", seat="N"), meld_from_cards("QC JC 10C", seat="E"),
             meld_from_cards("10S 9S 8S 7S", seat="S"), meld_from_cards("KD QD JD", seat="W")]
    side_of = {"N": "A", "S": "A", "E": "B", "W": "B"}.__getitem__
    (compare,) = timed(lambda: compare_melds(melds, trump="H", play_order=("E", "S", "W", "N"), side_of=side_of),
                       number=2000)

    rng = random.Random(20240601)
    tournament = []  # 40 matches of 25 deals; every fourth plays announces
    for table in range(TOURNAMENT_DEALS // 25):
        match_options = rules.resolve_options({**BENCH_OPTIONS, "announces": table % 4 == 0})
        stored = [json.loads(json.dumps(d)) for d in random_deals(rng, rules, match_options, 25)]
        tournament.append((stored, match_options))

    def rescore() -> None:
        for stored, match_options in tournament:
            rules.score_sheet(stored, match_options)

    (whole,) = timed(rescore, number=1, repeat=7)
    return [
        measure("engine: score a deal", score * 1e6, "µs"),
        measure("engine: legal plays (referee)", legal * 1e6, "µs"),
        measure("engine: meld comparison (4 melds)", compare * 1e6, "µs"),
        measure("engine: re-score a 1,000-deal tournament", whole * 1e3, "ms", target="< 50 ms",
                met=whole * 1e3 < 50),
    ]


# -- the PDF ---------------------------------------------------------------------------

def _cell(text: object) -> str:
    from markupsafe import escape

    return f"<td>{escape(str(text))}</td>"


def _sheet_app(tmp: Path, matches: int) -> tuple[Any, list[int]]:
    """An app on a fresh database holding ``matches`` Contrée matches of SHEET_DEALS deals each."""
    from scorekeeper import create_app, store
    from scorekeeper.games import get_rules

    path = tmp / f"pdf-{matches}.sqlite"
    store.init_db(str(path))
    app = create_app({"TESTING": True, "SECRET_KEY": secrets.token_hex(16), "DATABASE": str(path)})
    rules = get_rules("contree")
    options = rules.resolve_options(BENCH_OPTIONS)
    deals = [rules.read_deal(rules.declarations_from_form(form_deal(seq), options), options)
             for seq in range(SHEET_DEALS)]
    with app.app_context():
        db = store.get_db()
        match_ids = []
        for number in range(1, matches + 1):  # (each sheet its own: a sheet printed is kept by its content)
            match_ids.append(store.create_match(db, game="contree", players=PLAYERS, first_dealer="N",
                                                options=options, title=f"Club night, table {number}"))
            for declarations in deals:
                store.add_deal(db, match_ids[-1], declarations)
        store.close_thread_connections()
    return app, match_ids


def _plain_sheet_html(app: Any, match_id: int) -> str:
    """The sheet's 30 rows and cells as a bare table, without our templates and styles."""
    from scorekeeper import store
    from scorekeeper.games import get_rules

    rules = get_rules("contree")
    with app.app_context():
        match = store.get_match(store.get_db(), match_id)
        deals = store.list_deals(store.get_db(), match_id)
        store.close_thread_connections()
    sheet = rules.score_sheet([d.declarations for d in deals], match.options)
    rows = []
    for number, (deal, row) in enumerate(zip(deals, sheet.rows, strict=True), start=1):
        cells = [number, deal.declarations.get("dealer", ""), row.scored.summary.render(),
                 "made" if row.scored.made else "failed"]
        for side in ("A", "B"):
            cells += [rules.deal_points(row.scored).get(side, ""), row.scored.score[side], row.totals[side]]
        rows.append("<tr>" + "".join(_cell(c) for c in cells) + "</tr>")
    header = "".join(f"<th>{h}</th>" for h in ("#", "Dealer", "Contract", "Result", *["Points", "Score", "Total"] * 2))
    return f"<table style='break-after: page'><tr>{header}</tr>{''.join(rows)}</table>"


def _plain_document(tables: str) -> str:
    return f"<!doctype html><html><head><meta charset=utf-8></head><body>{tables}</body></html>"


def pdf_measures(tmp: Path) -> list[Measure]:
    from weasyprint import HTML

    from scorekeeper import serving, store

    app, (match_id,) = _sheet_app(tmp, 1)
    serving.settle()  # as gunicorn's master does before the workers fork
    client = app.test_client()

    def ours() -> None:
        response = client.get(f"/matches/{match_id}/sheet.pdf")
        assert response.status_code == 200 and response.data.startswith(b"%PDF")

    plain_html = _plain_document(_plain_sheet_html(app, match_id))

    def plain() -> None:
        HTML(string=plain_html).write_pdf()

    try:
        our_time, plain_time = timed(ours, plain, number=1, repeat=PDF_ROUNDS)
    finally:
        with app.app_context():
            store.close_thread_connections()
    ratio = our_time / plain_time
    return [measure("pdf: one 30-deal score sheet", our_time * 1e3, "ms", baseline=plain_time * 1e3, ratio=ratio,
                    target="ratio <= 1.2", met=ratio <= 1.2)]


def solver_measures() -> list[Measure]:
    """The claim solver's cases, each deal's time (its own table goes to stderr)."""
    rows = solver_bench.measure(out=lambda line: print(line, file=sys.stderr, flush=True))
    return [measure(str(row["name"]), float(row["value"]), str(row["unit"]),  # type: ignore[arg-type]
                    target=None if row["target"] is None else f"< {row['target']} s", met=row["met"])
            for row in rows]


def _child(args: list[str]) -> tuple[float, float, float]:
    """Run ``python ARGS`` from the project folder: its wall time (s), the processor time of it and
    every worker it waited for (s: what a loaded machine changes least), and the peak memory of the
    largest process it ran, itself or a worker it waited for (MiB; both from wait4's rusage)."""
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, *args], cwd=ROOT)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise RuntimeError(f"{args} exited {child.returncode}")
    return time.perf_counter() - began, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


@functools.cache
def _plain_render(tmp: Path, kind: str, plain_tables: str) -> tuple[float, float, float]:
    """One plain WeasyPrint render of ``plain_tables`` in one process, as :func:`_child` measures it (once
    a run for the booklets of one kind)."""
    plain_file = tmp / f"plain-{kind}.html"
    plain_file.write_text(_plain_document(plain_tables))
    return _child(["-c", "import sys; from weasyprint import HTML; HTML(filename=sys.argv[1]).write_pdf(sys.argv[2])",
                   str(plain_file), str(tmp / f"plain-{kind}.pdf")])


def _booklet(app: Any, tmp: Path, label: str, kind: str, params: dict[str, Any], plain_tables: str,
             seconds: float | None, token: str | None = None) -> list[Measure]:
    """One booklet printed by the printing process (as a page starts it), against one plain
    WeasyPrint render of ``plain_tables`` in one process: time and the largest process's peak memory
    (a target on the time only with ``seconds``)."""
    from scorekeeper import store
    from scorekeeper.web import booklet

    with app.app_context():
        job = store.create_print_job(store.get_db(), token=token or kind, kind=kind, params=params, language="en",
                                     total=BOOKLET_SHEETS, most=1)
        store.close_thread_connections()
    plain_time, plain_cpu, plain_peak = _plain_render(tmp, kind, plain_tables)
    our_time, our_cpu, our_peak = _child([*booklet.COMMAND[1:], app.config["DATABASE"], job.token])
    with app.app_context():
        done = store.get_print_job(store.get_db(), job.token)
        store.close_thread_connections()
    if done.status != "done" or done.done != BOOKLET_SHEETS:
        raise RuntimeError(f"the booklet was not printed: {done}")
    return [measure(f"{label}: time", our_time, "s", baseline=plain_time, ratio=our_time / plain_time,
                    **({} if seconds is None else {"target": f"< {seconds:g} s", "met": our_time < seconds})),
            measure(f"{label}: processor time, every process", our_cpu, "s", baseline=plain_cpu,
                    ratio=our_cpu / plain_cpu),
            measure(f"{label}: peak memory of one process", our_peak, "MiB", baseline=plain_peak,
                    ratio=our_peak / plain_peak, target="< 300 MiB", met=our_peak < 300)]


def _kept_as_they_ended(app: Any, match_ids: list[int]) -> Measure:
    """Each match's sheet printed and kept as the match ends (web/booklet.keep_ended): one ``keep`` job a
    match, the first printed by its process and the others waiting for it, as when tables end while it
    prints. Its processor time, every process's (the evening's background work)."""
    from scorekeeper import store
    from scorekeeper.web import booklet

    with app.app_context():
        db = store.get_db()
        for number, match_id in enumerate(match_ids):  # (no process is started here: the first is run below)
            store.create_print_job(db, token=f"keep{number}", kind="keep", params={"matches": [match_id]},
                                   language="en", total=1, most=1, printing=lambda job: job.token == "keep0",
                                   alone=True)
        store.close_thread_connections()
    _time, cpu, _peak = _child([*booklet.COMMAND[1:], app.config["DATABASE"], "keep0"])
    with app.app_context():
        kept = [store.get_print_job(store.get_db(), f"keep{number}").status for number in range(len(match_ids))]
        store.close_thread_connections()
    if kept != ["done"] * len(match_ids):
        raise RuntimeError(f"the sheets were not all kept: {collections.Counter(kept)}")
    return measure(f"pdf: {BOOKLET_SHEETS} filled 30-deal sheets printed and kept as each match ends: processor "
                   "time, every process", cpu, "s")


def booklet_measures(tmp: Path) -> list[Measure]:
    """A club evening's prints in the background: BOOKLET_SHEETS table sheets to fill in (players,
    ruled lines, the table's link as a QR code), and BOOKLET_SHEETS filled 30-deal sheets: printed with
    nothing kept (every sheet printed at the click), and as the organiser meets them at the end of the
    evening, each sheet printed and kept when its match ended (web/booklet.keep_ended)."""
    import shutil

    from scorekeeper.web import booklet

    app, match_ids = _sheet_app(tmp, BOOKLET_SHEETS)
    filled = _plain_sheet_html(app, match_ids[0]) * BOOKLET_SHEETS
    tables = [{"match": match_id, "round": 1, "table": number, "url": f"http://127.0.0.1:8000/t/bench{number}"}
              for number, match_id in enumerate(match_ids, start=1)]
    header = "".join(f"<th>{h}</th>" for h in ("#", "Dealer", "Contract", *["Score", "Total"] * 2))
    blank = f"<table style='break-after: page'><tr>{header}</tr>" + \
        "".join(f"<tr><td>{n}</td>{'<td></td>' * 6}</tr>" for n in range(1, 25)) + "</table>"
    measures = [*_booklet(app, tmp, f"pdf: {BOOKLET_SHEETS} table sheets with QR codes in the background", "tables",
                          {"tables": tables}, blank * BOOKLET_SHEETS, 5),
                *_booklet(app, tmp, f"pdf: {BOOKLET_SHEETS} filled 30-deal sheets in the background, nothing kept",
                          "sheets", {"matches": match_ids}, filled, None, token="cold")]
    shutil.rmtree(booklet.kept_folder(app.config["DATABASE"]))  # (the booklets above kept their parts)
    measures.append(_kept_as_they_ended(app, match_ids))
    return [*measures, *_booklet(app, tmp, f"pdf: {BOOKLET_SHEETS} filled 30-deal sheets in the background",
                                 "sheets", {"matches": match_ids}, filled, 8)]


# -- HTTP ------------------------------------------------------------------------------

def _rate(tally: load.Tally) -> float:
    """Requests answered as expected per second of the measured window."""
    return len(tally.latencies) / tally.window if tally.window else 0.0


def _in_turn(plans: tuple[load.Plan, load.Plan], clients: int, processes: int) -> tuple[load.Tally, load.Tally]:
    """Two measures run in turn, SLICES slices of each (a slice: the warm-up, then its share of the
    measured window), so that a load that changes meanwhile falls on both alike; what each saw."""
    tallies = (load.Tally(), load.Tally())
    slices = in_turn([functools.partial(load.run, dataclasses.replace(plan, duration=plan.duration / SLICES), clients,
                                        processes) for plan in plans], SLICES)
    for tally, runs in zip(tallies, slices, strict=True):
        for run in runs:
            tally.then(run)
    return tallies


def _http_lines(label: str, clients: int, tally: load.Tally, baseline: load.Tally | None = None,
                rps_target: float | None = None, p99_ratio_target: float | None = None) -> list[Measure]:
    rps = _rate(tally)
    p50, p99 = (load.percentile(tally.latencies, p) * 1e3 for p in (50, 99))
    name = f"http {label}, {clients} clients"
    base_rps = base_p50 = base_p99 = None
    if baseline is not None:
        base_rps = _rate(baseline)
        base_p50, base_p99 = (load.percentile(baseline.latencies, p) * 1e3 for p in (50, 99))
    lines = [
        measure(f"{name}: throughput", rps, "req/s", baseline=base_rps,
                ratio=rps / base_rps if base_rps else None,
                target=f"ratio >= {rps_target}" if rps_target else None,
                met=bool(base_rps) and rps / base_rps >= (rps_target or 0)),
        measure(f"{name}: p50", p50, "ms", baseline=base_p50, ratio=p50 / base_p50 if base_p50 else None),
        measure(f"{name}: p99", p99, "ms", baseline=base_p99, ratio=p99 / base_p99 if base_p99 else None,
                target=f"ratio <= {p99_ratio_target}" if p99_ratio_target else None,
                met=bool(base_p99) and p99 / base_p99 <= (p99_ratio_target or 0)),
        measure(f"{name}: errors", tally.errors, "requests"),
    ]
    for problem in ("stopped early", "setup failed"):
        if problem in tally.statuses:
            raise RuntimeError(f"{name}: a client {problem} ({tally.statuses}); the figures would be wrong")
    return lines


@contextlib.contextmanager
def _claims_searching(port: int, count: int) -> Iterator[collections.Counter[int]]:
    """``count`` clients asking, one after another, a claim the solver searches until its limit
    (a full Quinto deal, best play asked for) while the block runs; the statuses they got."""
    deal = solver_bench.quinto_position(random.Random("bench-busy-referee"), 12)
    body = json.dumps({"hands": {seat: " ".join(map(str, deal.hands[seat])) for seat in SEATS},
                       "leader": deal.leader, "claimant": "N", "claim": "all", "exact": True,
                       "cachette": " ".join(map(str, deal.rules.cachette))})
    answers: collections.Counter[int] = collections.Counter()
    stop = threading.Event()

    def ask() -> None:
        conn = http.client.HTTPConnection(load.HOST, port, timeout=60)
        while not stop.is_set():
            conn.request("POST", "/api/v1/quinto/referee/claim", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            answers[response.status] += 1
            if response.status == 429:
                stop.wait(0.2)  # (a phone told to wait a few seconds would not ask again at once)
        conn.close()

    askers = [threading.Thread(target=ask) for _ in range(count)]
    for asker in askers:
        asker.start()
    try:
        yield answers
    finally:
        stop.set()
        for asker in askers:
            asker.join()


def _busy_lines(busy: load.Tally, idle: load.Tally, answers: collections.Counter[int]) -> list[Measure]:
    """The sheet's p99 while the claims search, against the same clients' p99 without them."""
    label = f"http GET {SHEET_DEALS}-deal sheet, {CLAIM_READERS} clients, while {CLAIM_SEARCHES} claims search"
    p99, alone = (load.percentile(tally.latencies, 99) * 1e3 for tally in (busy, idle))
    return [measure(f"{label}: p99", p99, "ms", baseline=alone, ratio=p99 / alone, target=f"< {BUSY_P99_MS} ms",
                    met=p99 < BUSY_P99_MS),
            measure(f"{label}: claims searched (200)", answers[200], "requests"),
            measure(f"{label}: claims told the referee is busy (429)", answers[429], "requests"),
            measure(f"{label}: errors", busy.errors + sum(n for status, n in answers.items()
                                                           if status not in (200, 429)), "requests")]


def _seed(database: Path, matches_needed: int) -> tuple[int, list[int]]:
    """A 30-deal match for the GET, and fresh matches for the POST clients (stored directly)."""
    from scorekeeper import store
    from scorekeeper.games import get_rules

    rules = get_rules("contree")
    options = rules.resolve_options(BENCH_OPTIONS)
    db = store.connect(str(database))
    try:
        sheet = store.create_match(db, game="contree", players=PLAYERS, first_dealer="N", options=options,
                                   title="The 30-deal sheet")
        for seq in range(SHEET_DEALS):
            store.add_deal(db, sheet, rules.read_deal(rules.declarations_from_form(form_deal(seq), options), options))
        fresh = [store.create_match(db, game="contree", players=PLAYERS, first_dealer="N", options=options)
                 for _ in range(matches_needed)]
    finally:
        db.close()
    return sheet, fresh


def http_measures(tmp: Path, *, warmup: float, duration: float, processes: int,
                  progress: Callable[[str], None]) -> list[Measure]:
    from . import baseline_app

    # per client, far above what a client can send in the window: a client that reaches it
    # stops early and the run is refused; the deal posts are fewer (each needs a fresh match every
    # DEALS_PER_MATCH deals, seeded beforehand)
    max_requests, max_posts = 50_000, 2000
    results: list[Measure] = []

    baselines: dict[int, load.Tally] = {}
    base_db = tmp / "baseline.sqlite"
    baseline_app.init_db(str(base_db))
    with server.serve("bench.baseline_app:app", {"SCOREKEEPER_BASELINE_DATABASE": str(base_db)},
                      tmp / "baseline.log", ready_path="/row") as srv:
        for clients in CLIENTS:
            progress(f"baseline (bare Flask, one SQLite row read and written), {clients} clients")
            plan = load.Plan("post_row", srv.port, warmup, duration, max_requests, path="/row")
            baselines[clients] = load.run(plan, clients, processes)
            results += _http_lines("baseline: bare Flask, 1 row read+written", clients, baselines[clients])

    database, secret = tmp / "scorekeeper.sqlite", tmp / "secret_key"
    secret.write_text(secrets.token_hex(32))
    secret.chmod(0o600)
    per_client = max_posts // DEALS_PER_MATCH + 1
    floors: dict[tuple[str, int], load.Tally] = {}
    floor_env = {"SCOREKEEPER_BASELINE_DATABASE": str(base_db), "SCOREKEEPER_SECRET_FILE": str(secret)}
    for app, label in (
            ("bench.floor_app:csrf_only", "floor without the form: Flask-WTF CSRF, flash, 1 row inserted"),
            ("bench.floor_app:app", "floor: Flask-WTF deal form, flash, 1 row inserted")):
        with server.serve(app, floor_env, tmp / "floor.log", ready_path="/matches/1/deals/new") as srv:
            for clients in CLIENTS:
                progress(f"{label}, {clients} clients")
                matches = tuple((number,) * per_client for number in range(clients))
                plan = load.Plan("post_deal", srv.port, warmup, duration, max_posts, matches=matches)
                floors[app, clients] = load.run(plan, clients, processes)
                results += _http_lines(label, clients, floors[app, clients], baselines[clients])

    progress(server.init_db(database, secret))
    sheet, fresh = _seed(database, per_client * sum(CLIENTS))
    with server.serve("bench.wsgi:app", server.app_env(database, secret), tmp / "scorekeeper.log") as srv:
        with server.serve("bench.baseline_app:app", {"SCOREKEEPER_BASELINE_DATABASE": str(base_db)},
                          tmp / "baseline-beside.log", ready_path="/row") as bare:
            for clients in CLIENTS:  # (against a baseline measured in turn with it: the load falls on both)
                progress(f"GET a {SHEET_DEALS}-deal score sheet and the baseline in turn, {clients} clients")
                base, got = _in_turn((load.Plan("post_row", bare.port, warmup, duration, max_requests, path="/row"),
                                      load.Plan("get", srv.port, warmup, duration, max_requests,
                                                path=f"/matches/{sheet}")), clients, processes)
                results += _http_lines(f"GET {SHEET_DEALS}-deal sheet", clients, got, base, rps_target=0.8)
        progress(f"GET a {SHEET_DEALS}-deal score sheet while {CLAIM_SEARCHES} claim searches run")
        plan = load.Plan("get", srv.port, warmup, duration, max_requests, path=f"/matches/{sheet}")
        idle = load.run(plan, CLAIM_READERS, processes)
        with _claims_searching(srv.port, CLAIM_SEARCHES) as answers:
            busy = load.run(plan, CLAIM_READERS, processes)
        results += _busy_lines(busy, idle, answers)
        acknowledged = 0
        for clients in CLIENTS:
            progress(f"POST a deal through the form, {clients} clients")
            mine, fresh = fresh[:clients * per_client], fresh[clients * per_client:]
            matches = tuple(tuple(mine[i * per_client:(i + 1) * per_client]) for i in range(clients))
            plan = load.Plan("post_deal", srv.port, warmup, duration, max_posts, matches=matches)
            tally = load.run(plan, clients, processes)
            acknowledged += tally.statuses.get("302", 0)
            results += _http_lines("POST deal form", clients, tally, baselines[clients],
                                   p99_ratio_target=2.0 if clients == 64 else None)
            rps, floor = _rate(tally), _rate(floors["bench.floor_app:app", clients])
            results.append(measure(f"http POST deal form, {clients} clients: throughput against the floor",
                                   rps, "req/s", baseline=floor, ratio=rps / floor if floor else None,
                                   target="ratio >= 0.8" if clients == 64 else None,
                                   met=bool(floor) and rps / floor >= 0.8))
    with sqlite3.connect(database) as conn:
        recorded = conn.execute("select count(*) from deals").fetchone()[0] - SHEET_DEALS
        integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    conn.close()
    if recorded != acknowledged or integrity != "ok":
        raise RuntimeError(f"the POST bench lost data: {acknowledged} deals acknowledged, {recorded} recorded, "
                           f"integrity_check: {integrity}")
    progress(f"{acknowledged} deals acknowledged, {recorded} recorded, integrity_check {integrity}")
    return results


# -- output ----------------------------------------------------------------------------

def _show(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "NO"
    if isinstance(value, float):
        return f"{value:,.3f}" if abs(value) < 10 else f"{value:,.1f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def table(results: Iterable[Measure]) -> str:
    """The results as a Markdown table (docs/performance.md keeps the runs)."""
    columns = ("name", "value", "unit", "baseline", "ratio", "target", "met", "note")
    rows = [[_show(r.get(c)) for c in columns] for r in results]
    widths = [max(len(c), *(len(row[i]) for row in rows)) for i, c in enumerate(columns)]
    right = {1, 3, 4}

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if i in right else c.ljust(w)
                                 for i, (c, w) in enumerate(zip(cells, widths, strict=True))) + " |"

    rule = "| " + " | ".join(("-" * (w - 1) + ":") if i in right else "-" * w for i, w in enumerate(widths)) + " |"
    return "\n".join([line(list(columns)), rule, *(line(row) for row in rows)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=5.0, help="measured seconds per HTTP measure (5)")
    parser.add_argument("--warmup", type=float, default=1.0, help="unmeasured seconds before each (1)")
    parser.add_argument("--processes", type=int, default=2, help="client processes (2)")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write the JSON list")
    parser.add_argument("--skip-http", action="store_true", help="no HTTP measures")
    parser.add_argument("--skip-solver", action="store_true", help="no claim solver measures")
    parser.add_argument("--skip-final", action="store_true", help="no national final (500 tables, 60 s)")
    parser.add_argument("--pdf-only", action="store_true", help="only the PDF and booklet measures (make bench-pdf)")
    parser.add_argument("--skip-pdf", action="store_true", help="no PDF and booklet measures")
    args = parser.parse_args(argv)
    if args.pdf_only:
        args.skip_http = args.skip_solver = args.skip_final = True

    def progress(text: str) -> None:
        print(f"[{time.monotonic() - began:6.1f} s] {text}", file=sys.stderr, flush=True)

    began = time.monotonic()
    results: list[Measure] = [measure("machine: load average (1 min) at the start", os.getloadavg()[0], "tasks")]
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp:
        if not args.pdf_only:
            progress("engine")
            results += engine_measures()
        if not args.skip_pdf:
            progress("PDF")
            results += pdf_measures(Path(tmp))
            progress("booklet")
            results += booklet_measures(Path(tmp))
        if not args.skip_solver:
            progress("claim solver")
            results += solver_measures()
        if not args.skip_http:
            results += http_measures(Path(tmp), warmup=args.warmup, duration=args.duration,
                                     processes=args.processes, progress=progress)
        if not args.skip_final:
            results += final.measures(Path(tmp), progress=progress)
    results.append(measure("machine: load average (1 min) at the end", os.getloadavg()[0], "tasks"))
    args.output.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n")
    print(table(results))
    missed = [r["name"] for r in results if r.get("met") is False]
    progress(f"done; {len(results)} measures in {args.output}; targets missed: {len(missed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
