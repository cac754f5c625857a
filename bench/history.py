"""``make bench-runs``: ``make bench`` three times back to back, and the rows with a target side by side.

    .venv/bin/python -m bench.history [--runs 3] [--keep bench/runs]
    .venv/bin/python -m bench.history --compare bench/runs/run-1.json bench/runs/run-2.json ...

One run is one machine's moment: another process, a slower hour of the VM, and a row moves by half.
docs/performance.md keeps the last three runs made one after the other, so that a reader sees how far
a row moves between runs before reading a change into it. Each run is ``python -m bench.run`` in a
process of its own, its JSON kept in ``--keep`` (git-ignored, as results.json); the table printed has
one column per run (headed by the time it finished): the load average at its start and end, then every measure
with a target (the ratio where the target is a ratio) and whether the last run met it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .run import _show

KEEP = Path(__file__).resolve().parent / "runs"
LOAD = ("machine: load average (1 min) at the start", "machine: load average (1 min) at the end")


def _cell(measure: dict[str, Any] | None) -> str:
    if measure is None:
        return "—"
    if str(measure.get("target", "")).startswith("ratio"):
        return _show(measure.get("ratio"))
    return f"{_show(measure['value'])} {measure['unit']}"


def compare(runs: Sequence[tuple[str, list[dict[str, Any]]]]) -> str:
    """The runs' targeted rows side by side as a Markdown table (``runs``: a label and the measures)."""
    by_name = [{m["name"]: m for m in measures} for _, measures in runs]
    names = [m["name"] for m in runs[-1][1] if "target" in m]
    lines = ["| measure | target | " + " | ".join(label for label, _ in runs) + " | met (last) |",
             "| --- | --- | " + " | ".join("---:" for _ in runs) + " | --- |"]
    for name in LOAD:
        lines.append(f"| {name} | | " + " | ".join(_show(run.get(name, {}).get("value")) for run in by_name) + " | |")
    for name in names:
        last = by_name[-1][name]
        cells = " | ".join(_cell(run.get(name)) for run in by_name)
        lines.append(f"| {name} | {last['target']} | {cells} | {_show(last['met'])} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of make bench, back to back (3)")
    parser.add_argument("--keep", type=Path, default=KEEP, help="where each run's JSON is kept")
    parser.add_argument("--compare", type=Path, nargs="+", help="only compare these runs' JSON files")
    args = parser.parse_args(argv)
    files: list[Path] = args.compare or []
    if not files:
        args.keep.mkdir(parents=True, exist_ok=True)
        for number in range(1, args.runs + 1):
            output = args.keep / f"run-{number}.json"
            print(f"run {number} of {args.runs}", file=sys.stderr, flush=True)
            if subprocess.run([sys.executable, "-m", "bench.run", "--output", str(output)], check=False).returncode:
                return 1
            files.append(output)
    runs = [(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(path.stat().st_mtime)),
             json.loads(path.read_text())) for path in files]
    print(compare(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
