"""Booklets: many sheets in one PDF, printed by a process of their own, never by a web worker.

A page asks for a booklet (:func:`start`): a ``print_jobs`` row is queued and this module is
started as a separate process (:data:`COMMAND`, :mod:`scorekeeper.printer`). That
process renders each part's HTML (one sheet, in the language of whoever asked) and hands it
at once to WeasyPrint, which turns the parts into PDF on every core (one worker process
each, one part at a time, so a worker's memory stays that of one sheet) while the next parts
are being written; it writes how many parts are done into
the row as they finish, and joins the parts, in order, into one file under
``prints/`` beside the database (``instance/``). The page polls the row (PLATFORM.md: 100 sheets in one WeasyPrint
document took 14.5 s and 491 MiB in one process, past gunicorn's patience).

A process that dies leaves its row ``running`` with an old ``updated`` time: the page calls
such a booklet stalled and offers to print it again.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from datetime import UTC, date, datetime, timedelta
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from flask import Flask, current_app, render_template
from flask_babel import force_locale

from .. import store

MAX_PRINTING = 2  # booklets printed at once: each takes every core for a while
STALLED_AFTER = timedelta(minutes=2)  # a printing process silent this long has died

COMMAND = (sys.executable, "-m", "scorekeeper.printer")
"""The printing process (:mod:`scorekeeper.printer`), given the database and the booklet's token."""

_CHILDREN: list[subprocess.Popen[bytes]] = []
"""The printing processes this web worker started, until they are seen to have finished."""

Parts = Callable[[dict[str, Any]], Iterator[str]]
KINDS: dict[str, Parts] = {}
"""Each kind of booklet: its params -> the HTML of each part, in print order, one at a time
(request context)."""


def kind(name: str) -> Callable[[Parts], Parts]:
    """Register the parts of a kind of booklet."""
    def register(parts: Parts) -> Parts:
        KINDS[name] = parts
        return parts
    return register


@kind("sheets")
def sheet_parts(params: dict[str, Any]) -> Iterator[str]:
    """The score sheets of ``params["matches"]`` (match ids), one part each."""
    from ..games import get_rules
    from .sheets import sheet_view

    db, today = store.get_db(), date.today()
    for match_id in params["matches"]:
        match = store.get_match(db, match_id)
        view = sheet_view(match, get_rules(match.game), store.list_deals(db, match_id))
        yield render_template("print/sheet.html", printed=today, **view)


def output_path(database: str, token: str) -> Path:
    """Where the booklet under ``token`` is written: ``prints/`` beside the database."""
    return Path(database).parent / "prints" / f"{token}.pdf"


def start(kind_name: str, params: dict[str, Any], *, total: int, language: str) -> store.PrintJob:
    """Queue a booklet and start the process that prints it (returns at once).

    :raise RuleViolation: MAX_PRINTING booklets are being printed already (each takes every core)
    """
    job = store.create_print_job(store.get_db(), token=secrets.token_urlsafe(24), kind=kind_name,
                                 params=params, language=language, total=total, most=MAX_PRINTING,
                                 alive_since=(datetime.now(UTC) - STALLED_AFTER).isoformat(timespec="seconds"))
    _CHILDREN[:] = [child for child in _CHILDREN if child.poll() is None]  # reap the finished ones
    _CHILDREN.append(subprocess.Popen([*COMMAND, current_app.config["DATABASE"], job.token],
                     cwd=Path(__file__).resolve().parent.parent, stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
    return job


def _part_pdf(html: str, static: str) -> bytes:
    """One part to PDF (in a worker process)."""
    from ..pdf import html_to_pdf

    return html_to_pdf(html, Path(static))


def render_parts(parts: Iterable[str], static: Path, progress: Callable[[int], None],
                 workers: int | None = None) -> list[bytes]:
    """Every part to PDF on ``workers`` processes (default: one per core), in order, each
    handed over as soon as ``parts`` gives it; ``progress(done)`` is called as parts finish."""
    from .. import pdf  # noqa: F401  (WeasyPrint imported once, before the workers fork)

    futures: dict[Future[bytes], int] = {}
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1, mp_context=get_context("fork")) as pool:
        for index, html in enumerate(parts):
            futures[pool.submit(_part_pdf, html, str(static))] = index
        done: list[bytes] = [b""] * len(futures)
        for count, future in enumerate(as_completed(futures), start=1):
            done[futures[future]] = future.result()
            progress(count)
    return done


def join_pdfs(parts: Sequence[bytes], target: Path) -> None:
    """The parts as one PDF, written under a temporary name and renamed (never half-written)."""
    from io import BytesIO

    from pypdf import PdfWriter

    writer = PdfWriter()
    for part in parts:
        writer.append(BytesIO(part))
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".partial")
    with open(partial, "wb") as out:
        writer.write(out)
    os.replace(partial, target)


def run(app: Flask, token: str) -> None:
    """Print the booklet under ``token``, saying how far it has got; a failure is recorded."""
    with app.app_context():
        db = store.get_db()
        job = store.get_print_job(db, token)
        try:
            store.update_print_job(db, token, status="running", done=0)
            with app.test_request_context(), force_locale(job.language):
                pdfs = render_parts(KINDS[job.kind](dict(job.params)), Path(app.static_folder or "static"),
                                    lambda done: store.update_print_job(db, token, status="running", done=done))
            join_pdfs(pdfs, output_path(app.config["DATABASE"], token))
        except Exception as err:  # the page must say it failed, whatever the cause
            store.update_print_job(db, token, status="failed", error=f"{type(err).__name__}: {err}")
            raise
        store.update_print_job(db, token, status="done", done=len(pdfs))
