"""`make bench`'s timed rows: what is compared is measured in turn, so that a load that changes during
the run falls on both sides of a ratio alike (issue #27: the one-sheet PDF against a plain render)."""

import itertools

import pytest

from bench import run


def test_each_measure_is_taken_once_a_round_in_turn() -> None:
    calls: list[str] = []

    def measure(name: str):
        return lambda: calls.append(name) or len(calls)

    assert run.in_turn([measure("ours"), measure("plain")], 3) == [[1, 3, 5], [2, 4, 6]]
    assert calls == ["ours", "plain"] * 3


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The seconds the timed rows read, advanced by the work below alone."""
    now = [0.0]
    monkeypatch.setattr(run.time, "perf_counter", lambda: now[0])
    return now


def test_a_machine_that_slows_down_during_the_run_slows_both_sides_of_the_ratio(clock: list[float]) -> None:
    """Two renders of the same cost, the machine three times slower from the ninth call on: timed one
    after the other, five times each, the second would read three times the first."""
    calls = itertools.count(1)

    def work() -> None:
        clock[0] += 1.0 if next(calls) <= 8 else 3.0

    ours, plain = run.timed(work, work, number=1, repeat=5)
    assert ours == plain == 3.0


def test_a_render_is_not_charged_for_what_the_other_left_behind(clock: list[float]) -> None:
    """A render that pays for the pages a fork left shared when it comes just after the one that forked
    (sheet.pdf) is timed as it costs after its own kind."""
    last: list[str] = [""]

    def ours() -> None:
        clock[0] += 1.0
        last[0] = "ours"

    def plain() -> None:
        clock[0] += 1.5 if last[0] == "ours" else 1.0
        last[0] = "plain"

    assert run.timed(ours, plain, number=1, repeat=3) == [1.0, 1.0]
