"""Work done by a child process forked for it and killed at its time limit: a PDF render, a
claim search. A thread cannot be stopped, a process can; the child starts with everything the
parent has loaded (WeasyPrint, the solver, the parsed print style), takes no lock the parent's
other threads might hold at the fork (see :data:`FORKING`), and its memory goes with it. Work
done there does not hold the parent's GIL either: a worker's other threads serve on meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import stat
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from .errors import RuleViolation, TooLong

T = TypeVar("T")
GRACE_SECONDS = 2.0  # the child's own alarm, after the parent's limit: it goes even if the parent went first

FORKING = threading.Lock()
"""Held around each fork, and by whoever sets up state with a C library's lock inside (the print
style's fonts): a child forked while another thread held such a lock would wait on it for ever."""


def call(work: Callable[[], T], seconds: float, *, nice: int = 0) -> T:
    """``work()``, done by a child process (its priority lowered by ``nice``), killed after
    ``seconds``. Its answer comes back pickled; a RuleViolation it raises is raised here.

    :raise TooLong: the work was stopped at its time limit
    """
    with FORKING:
        read, write = os.pipe()
        pid = os.fork()
    if pid == 0:
        _let_go(write)
        _child(work, write, seconds + GRACE_SECONDS, nice)
    os.close(write)
    sent = _read_until(read, pid, time.monotonic() + seconds)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        raise TooLong(seconds)
    if status:
        raise RuntimeError("the child process failed (its error is on the server's log)")
    kind, value = pickle.loads(sent)
    if kind == "refused":
        template, field, params = value
        raise RuleViolation(template, field=field, **params)
    answer: T = value
    return answer


class Worker:
    """A child process forked once that does ``work(item)`` for each item it is given, one at a
    time, each within its own time limit: for many pieces of the same work (a booklet's parts),
    where a child forked for each piece would pay each time for the fork, for the parent's pages
    it copies as it writes to them and for the caches it fills and throws away. Past an item's
    limit the child is killed (:class:`TooLong`, and the worker is gone); :meth:`close` ends it.
    Used from one thread at a time."""

    def __init__(self, work: Callable[[Any], Any]) -> None:
        with FORKING:
            requests, self._requests = os.pipe()
            self._answers, answers = os.pipe()
            self.pid = os.fork()
            if self.pid == 0:
                _let_go(requests, answers)
                _serve(work, requests, answers)
            os.close(requests)
            os.close(answers)

    def __call__(self, item: Any, seconds: float) -> Any:
        """``work(item)`` done by the child; a RuleViolation it raises is raised here.

        :raise TooLong: the work was stopped at its time limit (the worker is gone)
        """
        request = pickle.dumps((item, seconds + GRACE_SECONDS))
        deadline, size = time.monotonic() + seconds, b""
        try:
            _write_all(self._requests, len(request).to_bytes(8, "big") + request)
        except BrokenPipeError:
            sent = b""
        else:
            size = _read_exactly(self._answers, 8, self.pid, deadline)
            sent = _read_exactly(self._answers, int.from_bytes(size, "big"), self.pid, deadline) \
                if len(size) == 8 else b""
        if not sent or len(sent) < int.from_bytes(size, "big"):
            late = time.monotonic() >= deadline
            self.close()
            if late:
                raise TooLong(seconds)
            raise RuntimeError("the child process failed (its error is on the server's log)")
        kind, value = pickle.loads(sent)
        if kind == "refused":
            template, field, params = value
            raise RuleViolation(template, field=field, **params)
        return value

    def close(self) -> None:
        """End the child (at once: it holds nothing worth waiting for) and wait for it."""
        if self.pid is None:
            return
        for end in (self._requests, self._answers):
            os.close(end)
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        self.pid = None


def _let_go(*kept: int) -> None:
    """In a forked child: close every socket and pipe it inherited from its parent but ``kept`` (and
    the standard streams). A child holding them keeps them open for the parent's peers: a phone's
    connection the worker closed is never ended while a printer kept for good holds it (the phone's
    next request on it waits for ever), a process reading from the parent's pipe (another worker,
    Playwright's driver) never sees its end. Files stay: a font FreeType reads as it lays out text."""
    for name in os.listdir("/proc/self/fd"):  # (Linux, as gunicorn's workers here: PLATFORM.md)
        fd = int(name)
        if fd <= 2 or fd in kept:
            continue
        try:
            mode = os.fstat(fd).st_mode
        except OSError:  # (the listing's own descriptor, closed since)
            continue
        if stat.S_ISSOCK(mode) or stat.S_ISFIFO(mode):
            os.close(fd)


def _serve(work: Callable[[Any], Any], requests: int, answers: int) -> None:
    """In a worker: do the work for each item that comes, send back its answer, until the parent
    is gone; an alarm ends the child past each item's limit should the parent not be there to."""
    code = 1
    try:
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        while size := _read_exactly(requests, 8, None, None):
            item, seconds = pickle.loads(_read_exactly(requests, int.from_bytes(size, "big"), None, None))
            signal.setitimer(signal.ITIMER_REAL, seconds)
            try:
                outcome: tuple[str, Any] = ("done", work(item))
            except RuleViolation as err:
                outcome = ("refused", (err.template, err.field, err.params))
            signal.setitimer(signal.ITIMER_REAL, 0)
            answer = pickle.dumps(outcome)
            _write_all(answers, len(answer).to_bytes(8, "big") + answer)
        code = 0
    except BaseException:
        traceback.print_exc(file=sys.stderr)
    finally:
        os._exit(code)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _read_exactly(fd: int, size: int, pid: int | None, deadline: float | None) -> bytes:
    """``size`` bytes from ``fd``, or fewer if it closed; past ``deadline`` the process ``pid``
    is killed and what came so far is returned."""
    chunks, wanted = [], size
    while wanted:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                break
        chunk = os.read(fd, min(wanted, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        wanted -= len(chunk)
    return b"".join(chunks)


def _child(work: Callable[[], Any], write: int, seconds: float, nice: int) -> None:
    """In the forked child: do the work, send its answer through ``write`` and exit; an alarm
    ends it after ``seconds`` should the parent be gone."""
    code = 1
    try:
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        os.nice(nice)
        try:
            outcome: tuple[str, Any] = ("done", work())
        except RuleViolation as err:
            outcome = ("refused", (err.template, err.field, err.params))
        with open(write, "wb") as out:
            pickle.dump(outcome, out)
        code = 0
    except BaseException:
        traceback.print_exc(file=sys.stderr)
    finally:
        os._exit(code)


def _read_until(read: int, pid: int, deadline: float) -> bytes:
    """What the child sends until it closes the pipe; past ``deadline`` it is killed."""
    chunks = []
    with open(read, "rb", buffering=0) as pipe:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([pipe], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                return b""
            chunk = pipe.read(1 << 16)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
