"""A worker process forked once does many pieces of work, each within its own time limit."""

from __future__ import annotations

import os
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
