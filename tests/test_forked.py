"""A worker process forked once does many pieces of work, each within its own time limit."""

from __future__ import annotations

import os
import socket
import time

import pytest

from scorekeeper import forked
from scorekeeper.errors import RuleViolation, TooLong


def work(item: str) -> tuple[int, str]:
    if item == "slow":
        time.sleep(30)
    if item == "refused":
        raise RuleViolation("no %(what)s here", field="what", what="thing")
    return os.getpid(), item.upper()


def test_a_worker_does_every_item_in_one_process_of_its_own():
    worker = forked.Worker(work)
    try:
        answers = [worker(item, 5) for item in ("one", "two", "three")]
    finally:
        worker.close()
    assert [text for _, text in answers] == ["ONE", "TWO", "THREE"]
    assert len({pid for pid, _ in answers}) == 1 and answers[0][0] != os.getpid()


def test_a_refusal_in_the_worker_is_raised_here_and_the_worker_goes_on():
    worker = forked.Worker(work)
    try:
        with pytest.raises(RuleViolation) as refused:
            worker("refused", 5)
        assert refused.value.field == "what"
        assert worker("after", 5)[1] == "AFTER"
    finally:
        worker.close()


def test_an_item_past_its_limit_stops_the_worker_and_leaves_no_process():
    worker = forked.Worker(work)
    pid = worker.pid
    with pytest.raises(TooLong):
        worker("slow", 0.3)
    assert worker.pid is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped: gone


def test_a_connection_the_parent_closes_ends_while_its_worker_lives_on():
    """A phone's connection open when a worker's printer was forked, then closed by the worker: the
    phone sees it end (a printer holding it, the phone's next request would wait for ever); so too a
    pipe another process reads from the parent (Playwright's driver waited for its end)."""
    phone, served = socket.socketpair()
    reader, writer = os.pipe()
    worker = forked.Worker(work)
    try:
        served.close()
        os.close(writer)
        phone.settimeout(5)
        assert phone.recv(1) == b""  # ended, not waiting
        assert os.read(reader, 1) == b""
        assert worker("still", 5)[1] == "STILL"  # its own pipes kept
    finally:
        worker.close()
        phone.close()
        os.close(reader)


def test_a_child_forked_for_one_piece_keeps_no_connection_of_its_parent():
    phone, served = socket.socketpair()
    try:
        with open(os.devnull, "rb") as kept:  # a file stays open in the child (a font being read)
            fd = kept.fileno()
            answer = forked.call(lambda: (_held(served.fileno()), _held(fd)), 5)
        assert answer == (False, True)
    finally:
        phone.close()
        served.close()


def _held(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True
