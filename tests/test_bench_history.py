"""`make bench-runs` puts back-to-back runs side by side for docs/performance.md (issue #27's done-when)."""

from bench.history import compare


def _run(load: float, ratio: float, seconds: float) -> list[dict]:
    return [{"name": "machine: load average (1 min) at the start", "value": load, "unit": "tasks"},
            {"name": "http GET: throughput", "value": 900.0, "unit": "req/s", "ratio": ratio,
             "target": "ratio >= 0.8", "met": ratio >= 0.8},
            {"name": "engine: score a deal", "value": 70.0, "unit": "µs"},
            {"name": "solver: slowest", "value": seconds, "unit": "s", "target": "< 3.0 s", "met": seconds < 3}]


def test_each_run_is_a_column_and_only_targeted_rows_are_compared() -> None:
    table = compare([("run 1", _run(0.8, 0.75, 2.5)), ("run 2", _run(1.2, 0.82, 3.5))]).splitlines()
    assert table[0] == "| measure | target | run 1 | run 2 | met (last) |"
    assert "| machine: load average (1 min) at the start | | 0.800 | 1.200 | |" in table
    # a ratio target shows the ratio, any other the value with its unit; "met" is the last run's
    assert "| http GET: throughput | ratio >= 0.8 | 0.750 | 0.820 | yes |" in table
    assert "| solver: slowest | < 3.0 s | 2.500 s | 3.500 s | NO |" in table
    assert not any("score a deal" in line for line in table)


def test_a_row_missing_from_an_earlier_run_reads_as_a_dash() -> None:
    older = [m for m in _run(0.5, 0.7, 1.0) if m["name"] != "solver: slowest"]
    table = compare([("old", older), ("new", _run(0.5, 0.7, 1.0))])
    assert "| solver: slowest | < 3.0 s | — | 1.000 s | yes |" in table


def test_the_finals_rows_are_named_alike_in_a_run_with_errors_and_line_up() -> None:
    from bench.final import KINDS, Seen, rows

    def seen(errors: dict[str, int]) -> Seen:
        return Seen({kind: [0.010, 0.020] for kind in KINDS}, errors, sent=10, cpu=0.01)

    clean, failed = rows(500, seen({}), 0.1), rows(500, seen({"desk GET: TimeoutError": 1}), 0.1)
    assert [m["name"] for m in clean] == [m["name"] for m in failed]
    assert failed[-1]["note"] == "desk GET: TimeoutError: 1" and failed[-1]["value"] == 1
    table = compare([("clean", clean), ("failed", failed)])
    assert "| final, 500 tables at ten times a table's pace: errors | 0 | 0 requests | 1 requests | NO |" in table
    assert "—" not in table
