"""Booklets: many sheets in one PDF, printed by a process of their own, never by a web worker.

A page asks for a booklet (:func:`start`): a ``print_jobs`` row is queued and this module is
started as a separate process (:data:`COMMAND`, :mod:`scorekeeper.printer`). That
process renders each part's HTML (one sheet, in the language of whoever asked) and hands it
at once to WeasyPrint, which turns the parts into PDF on every core (a printing process
forked once per core, :class:`scorekeeper.pdf.Printer`, each rendering one part at a time, or a
few table sheets' tops as one document, so a process's memory stays near that of one sheet) while
the next parts are being written; it writes how
many parts are done into the row as they finish, and joins the parts, in order, as they come,
into one file under ``prints/`` beside the database (``instance/``). The page polls the row
(PLATFORM.md: 100 sheets in one WeasyPrint document took 14.5 s and 491 MiB in one process, past
gunicorn's patience).

Every part is rendered within :data:`scorekeeper.pdf.PRINT_SECONDS`, its printing process killed
past it: the booklet then fails and says so. A booklet holds one of the MAX_PRINTING slots
while its process lives (:func:`printing`), and no longer: a process that died leaves its row
``running``, and the page calls such a booklet stalled and offers to print it again. Printed
booklets are kept a week (PRINTS_KEPT), their files readable by the server's user alone; the
next booklet asked for removes the older ones.

Each part printed is kept (:class:`scorekeeper.pdf.Kept`, ``kept/`` beside ``prints/``, under the hash
of exactly what its printer is given) and not printed again while it is the same. When a match ends
(:func:`keep_ended`), its sheet is printed and kept in the background by a process of the same kind
(a ``keep`` job: it joins nothing), at most one at a time: a match that ends while one prints waits for
it (``waiting``), and that process prints it next. So an evening's booklet of finished sheets is mostly
joined from kept parts; a part not kept (a failure there, a sheet changed since) is printed then.
"""

from __future__ import annotations

import os
import queue
import secrets
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from flask import Flask, current_app

from .. import store
from ..errors import RuleViolation
from .languages import language, speaking

if TYPE_CHECKING:
    from ..games.base import Sheet
    from ..pdf import Kept, Layered, Layouts, Lined, Printer

MAX_PRINTING = 2  # booklets printed at once: each takes every core for a while
STALLED_AFTER = timedelta(minutes=2)  # a booklet whose process has not started after this long never will
PRINTS_KEPT = timedelta(days=7)  # a printed booklet (its file and its row), then it is removed
KEEP_NICE = 10  # a sheet kept in the background (KEEP_ONLY): the pages being served take the processor first
KEPT_BYTES = 200 * 2**20  # the kept parts (scorekeeper.pdf.Kept) at most; a filled 30-deal sheet's is 23 KB

COMMAND = (sys.executable, "-m", "scorekeeper.printer")
"""The printing process (:mod:`scorekeeper.printer`), given the database and the booklet's token."""

_CHILDREN: list[subprocess.Popen[bytes]] = []
"""The printing processes this web worker started, until they are seen to have finished (:func:`reap`)."""
_REAPING = threading.Lock()  # (a worker's threads start booklets and look at them at once)

Parts = Callable[[dict[str, Any]], Iterator["Layouts"]]
KINDS: dict[str, Parts] = {}
"""Each kind of booklet: its params -> the HTML of each part (or its layouts,
:data:`scorekeeper.pdf.Layouts`), in print order, one at a time (request context)."""


def kind(name: str) -> Callable[[Parts], Parts]:
    """Register the parts of a kind of booklet."""
    def register(parts: Parts) -> Parts:
        KINDS[name] = parts
        return parts
    return register


@kind("sheets")
def sheet_parts(params: dict[str, Any]) -> Iterator["Layouts"]:
    """The score sheets of ``params["matches"]`` (match ids), one part each."""
    from ..games import get_rules
    from ..pdf import sheet_html
    from .sheets import sheet_view

    db, today = store.get_db(), date.today()
    for match_id in params["matches"]:
        match = store.get_match(db, match_id)
        view = sheet_view(match, get_rules(match.game), store.list_deals(db, match_id))
        yield sheet_html(printed=today, **view)


KINDS["keep"] = sheet_parts
KEEP_ONLY = {"keep"}
"""The kinds that only print and keep their parts (:class:`scorekeeper.pdf.Kept`): no booklet joined."""


def output_path(database: str, token: str) -> Path:
    """Where the booklet under ``token`` is written: ``prints/`` beside the database."""
    return Path(database).parent / "prints" / f"{token}.pdf"


def kept_folder(database: str) -> Path:
    """Where the printed parts are kept (:class:`scorekeeper.pdf.Kept`): ``kept/`` beside the database."""
    return Path(database).parent / "kept"


def printing(job: store.PrintJob) -> bool:
    """Is the booklet still being printed? Its process (the one whose command line holds the
    booklet's token: not another that took the number since) is alive; or it has not said its
    number yet, queued less than STALLED_AFTER ago."""
    if job.status not in ("queued", "running"):
        return False
    if job.pid is None:
        return datetime.now(UTC) - datetime.fromisoformat(job.updated) <= STALLED_AFTER
    try:  # (a process gone but not yet reaped has an empty command line)
        return (job.process or job.token).encode() in Path(f"/proc/{job.pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False


def remove_old(database: str) -> None:
    """Remove the booklets printed more than PRINTS_KEPT ago: their rows and their files (and any
    file left in ``prints/`` that old, a partial one included); and the kept parts used no later, and
    the oldest past KEPT_BYTES."""
    from ..pdf import keep_within

    before = datetime.now(UTC) - PRINTS_KEPT
    keep_within(kept_folder(database), before=before.timestamp(), most=KEPT_BYTES)
    store.remove_print_jobs(store.get_db(), before=before.isoformat(timespec="seconds"))
    folder = output_path(database, "-").parent
    for path in folder.glob("*") if folder.is_dir() else ():
        if path.stat().st_mtime < before.timestamp():
            path.unlink(missing_ok=True)


def start(kind_name: str, params: dict[str, Any], *, total: int, language: str) -> store.PrintJob:
    """Queue a booklet and start the process that prints it (returns at once); the booklets older
    than PRINTS_KEPT go first. A kind that only keeps (KEEP_ONLY) while one of its kind prints waits for
    that process (which prints it next: :func:`run`), no process started.

    :raise RuleViolation: MAX_PRINTING booklets are being printed already (each takes every core)
    """
    remove_old(current_app.config["DATABASE"])
    job = store.create_print_job(store.get_db(), token=secrets.token_urlsafe(24), kind=kind_name,
                                 params=params, language=language, total=total, most=MAX_PRINTING,
                                 printing=printing, alone=kind_name in KEEP_ONLY)
    reap()
    if job.status == "waiting":
        return job
    with _REAPING:
        _CHILDREN.append(subprocess.Popen([*COMMAND, current_app.config["DATABASE"], job.token],
                         cwd=Path(__file__).resolve().parents[2], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
    return job


def keep_ended(match_id: int, sheet: Sheet | None = None) -> None:
    """After a deal of ``match_id`` was saved (``sheet``: the match's sheet after it, if the caller has
    it): if the match has ended, its sheet is printed and kept in the background (a ``keep`` job,
    :data:`KEEP_ONLY`; not if the app's ``KEEP_ENDED`` is off), in this request's language. Never waited
    for; a printer too busy is no error: a booklet prints the sheet."""
    from ..games import get_rules
    from .sheets import stored_sheet

    if not current_app.config["KEEP_ENDED"]:
        return
    if sheet is None:  # (kept by the match's stamp: the sheet the page asked for next finds it)
        db = store.get_db()
        match = store.get_match(db, match_id)
        sheet = stored_sheet(db, match, get_rules(match.game)).sheet
    if sheet.result is None:
        return
    try:
        start("keep", {"matches": [match_id]}, total=1, language=language())
    except (RuleViolation, OSError):
        return


def reap() -> None:
    """Wait for the printing processes this worker started that have ended (:data:`_CHILDREN`), which
    stay zombies until then: when a booklet starts and when a booklet's page is looked at (its page
    polls itself while it prints: web/prints.job). Not from a SIGCHLD handler: it would take the exit
    of the children :func:`scorekeeper.forked.call` waits for (gunicorn's worker leaves SIGCHLD as it is)."""
    with _REAPING:
        _CHILDREN[:] = [child for child in _CHILDREN if child.poll() is None]


class Printers:
    """A booklet's printing processes (:class:`scorekeeper.pdf.Printer`), ``workers`` of them (default: one per
    core), forked with the print style parsed and warmed up once (0.24 s) by the thread that starts them, and
    kept from one job to the next by a process that prints several (the ``keep`` jobs waiting: forked again for
    each, a printer paid its fork and its first render's copied pages every time) until :meth:`close`."""

    def __init__(self, static: Path, workers: int | None = None) -> None:
        self._static, self.workers = static, workers or os.cpu_count() or 1
        self._free: queue.SimpleQueue[Printer] = queue.SimpleQueue()
        self._started: list[Printer] = []

    def start(self) -> None:
        """The printers started, if they are not yet."""
        for _ in range(self.workers - len(self._started)):
            self.put(self._new())

    def _new(self) -> Printer:
        from ..pdf import Printer

        self._started.append(printer := Printer(self._static))
        return printer

    def take(self) -> Printer:
        """A printer free, or one started (one was stopped past its limit: it is not put back)."""
        try:
            return self._free.get_nowait()
        except queue.Empty:
            return self._new()

    def put(self, printer: Printer) -> None:
        """A printer free again."""
        self._free.put(printer)

    def close(self) -> None:
        """End every printer started."""
        for printer in self._started:
            printer.close()


def render_parts(parts: Iterable[Layouts], static: Path, progress: Callable[[int], None],
                 workers: int | None = None, seconds: float | None = None,
                 ready: Callable[[bytes], None] | None = None, kept: Kept | None = None,
                 printers: Printers | None = None) -> list[bytes]:
    """Every part to PDF, ``workers`` at a time (default: one per core; ``printers`` given: as many as they are), by as many printing
    processes (``printers``, started here and ended after unless given: :class:`Printers`), each part killed
    after ``seconds``, in order,
    each handed over as soon as ``parts`` gives it (layered sheets of one shape a few together, laid
    out as one document: :func:`scorekeeper.pdf.batched`); ``progress(done)`` is called as parts finish,
    ``ready(pdf)`` with each part in order as soon as it and those before it are done (while the
    next are printed). A part ``kept`` already (:class:`scorekeeper.pdf.Kept`) is taken from there, and
    one printed is kept. A lined part
    (:class:`scorekeeper.pdf.Lined`) whose lines do not hold, or a layered one (:class:`scorekeeper.pdf.Layered`) whose layers do not fit a page each, is printed
    again from its fallback, its HTML rendered by this thread (the printers' threads have no
    request), as soon as the printer has said so. Returns the PDFs in order: each one part's, or the
    pages of parts printed together.

    :raise TooLong: a part took longer (the parts not started are not printed; those being printed
        are not waited for beyond their own limit)
    """
    from ..pdf import batched, fallback

    own = printers is None
    used = printers or Printers(static, workers)

    def render(batch: list[Layouts]) -> bytes | None:
        printer = used.take()
        pdf = printer(batch, seconds)  # (a printer stopped past its limit is not put back)
        used.put(printer)
        return pdf

    pending: dict[Future[bytes | None], tuple[int, list[Layouts], Path | None]] = {}  # (where it is to be kept)
    done: list[bytes | None] = []  # each part's PDF as it is printed (b"": in the one before it)
    handed = finished = 0  # the parts given to ``ready``, and printed

    def submit(index: int, batch: list[Layouts], where: Path | None) -> None:
        pending[pool.submit(render, batch)] = (index, batch, where)

    def finish(index: int, batch: list[Layouts], pdf: bytes) -> None:
        """``batch``'s PDF in ``done``, said, and handed over with those before it that are done."""
        nonlocal handed, finished
        done[index:index + len(batch)] = [pdf, *(b"" for _ in batch[1:])]
        finished += len(batch)
        progress(finished)
        while ready and handed < len(done) and done[handed] is not None:
            if printed := done[handed]:
                ready(printed)
            handed += 1

    def collect(timeout: float | None) -> None:
        """The parts finished within ``timeout``, in ``done`` and kept; parts their printer could not print
        as they were are printed each alone, or from its fallback (here: the HTML needs the request)."""
        for future in wait(pending, timeout, FIRST_COMPLETED).done:
            index, batch, where = pending.pop(future)
            if (pdf := future.result()) is None:  # (only lined or layered parts' printers answer so)
                for at, part in enumerate(batch, start=index):
                    alone = [part] if len(batch) > 1 else [fallback(cast("Lined | Layered", part))]
                    submit(at, alone, kept.path(alone) if kept else None)
                continue
            if kept and where:
                kept.put(where, pdf)
            finish(index, batch, pdf)

    try:
        with ThreadPoolExecutor(max_workers=used.workers) as pool:
            try:
                used.start()  # (before the first part's HTML is written)
                for batch in batched(parts):
                    done.extend(None for _ in batch)
                    where = kept.path(batch) if kept else None
                    if kept and where and (found := kept.get(where)) is not None:
                        finish(len(done) - len(batch), batch, found)
                        continue
                    submit(len(done) - len(batch), batch, where)
                    collect(0)
                while pending:
                    collect(None)
            except BaseException:
                pool.shutdown(cancel_futures=True)  # the parts not started: the booklet has failed
                raise
    finally:
        if own:
            used.close()
    return [pdf for pdf in done if pdf]


class Joined:
    """Parts joined into one PDF, each as it comes. By qpdf (pikepdf): pypdf read and copied each
    part's objects in Python, 4-17 ms a part in the process that also writes the next parts'
    HTML (a tenth of a table sheet's whole cost); qpdf takes 1-4 ms."""

    def __init__(self) -> None:
        import pikepdf

        self._pdf = pikepdf.Pdf.new()
        self._parts: list[pikepdf.Pdf] = []  # (their streams are read when the joined file is written)

    def add(self, part: bytes) -> None:
        """The next part, after those added before."""
        from io import BytesIO

        import pikepdf

        self._parts.append(source := pikepdf.Pdf.open(BytesIO(part)))
        self._pdf.pages.extend(source.pages)

    def write(self, target: Path) -> None:
        """The joined PDF, written under a temporary name and renamed (never half-written),
        readable by the server's user alone."""
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        partial = target.with_suffix(".partial")
        with open(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as out:
            self._pdf.save(out)
        os.replace(partial, target)


def run(app: Flask, token: str) -> None:
    """Print the booklet under ``token``, saying how far it has got; a failure is recorded. A kind that
    only keeps (KEEP_ONLY) joins nothing, printed by one printer (the server keeps the other cores) at a lower
    priority (KEEP_NICE), and its process then prints the jobs of its kind waiting for it, each taken as the
    one before ends (:func:`store.next_waiting_print_job`), a failed one's too (then raised at the end)."""
    from ..pdf import Kept

    static = Path(app.static_folder or "static")
    process = token  # (on this process's command line: printing() knows it by it)
    with app.app_context():
        db = store.get_db()
        kept = Kept(kept_folder(app.config["DATABASE"]), static)
        job: store.PrintJob | None = store.get_print_job(db, token)
        store.update_print_job(db, token, status="running", done=0, pid=os.getpid())
        keeping = job.kind in KEEP_ONLY
        if keeping:
            os.nice(KEEP_NICE)  # (its printers, forked from here, too)
        failure: Exception | None = None
        printers = Printers(static, 1) if keeping else None  # (in the background: one core, kept for each job)
        try:
            while job is not None:
                token = job.token
                try:
                    # (each part joined while the next are printed: 100 sheets took 0.7 s more after)
                    joined = None if keeping else Joined()
                    with app.test_request_context(), speaking(job.language):
                        render_parts(KINDS[job.kind](dict(job.params)), static,
                                     lambda done: store.update_print_job(db, token, status="running", done=done),
                                     ready=joined.add if joined else None, kept=kept, printers=printers)
                    if joined:
                        joined.write(output_path(app.config["DATABASE"], token))
                except Exception as err:  # the page must say it failed, whatever the cause
                    store.update_print_job(db, token, status="failed", error=f"{type(err).__name__}: {err}")
                    if not keeping:
                        raise
                    failure = failure or err  # (the sheets waiting are printed all the same)
                if not keeping:  # (every part done: the last progress said so)
                    store.update_print_job(db, token, status="done")
                    return
                job = store.next_waiting_print_job(db, token, kind=job.kind, pid=os.getpid(), process=process)
        finally:
            if printers:
                printers.close()
        if failure:
            raise failure
