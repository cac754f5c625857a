"""Work done by a child process forked for it and killed at its time limit: a PDF render, a
claim search. A thread cannot be stopped, a process can; the child starts with everything the
parent has loaded (WeasyPrint, the solver, the parsed print style), takes no lock the parent's
other threads might hold at the fork (see :data:`FORKING`), and its memory goes with it. Work
done there does not hold the parent's GIL either: a worker's other threads serve on meanwhile.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
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
