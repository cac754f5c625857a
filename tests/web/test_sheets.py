"""The sheet's chart: every total inside the box, below zero included."""

from __future__ import annotations

from types import MappingProxyType

from scorekeeper.games.base import Sheet, SheetRow
from scorekeeper.web.sheets import CHART_HEIGHT, chart


def sheet_of(*totals: dict[str, int]) -> Sheet:
    rows = tuple(SheetRow({}, None, MappingProxyType(t)) for t in totals)  # type: ignore[arg-type]
    return Sheet(rows, rows[-1].totals, None)


def points(line: str) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in line.split()]  # type: ignore[misc]


def test_negative_totals_stay_inside_the_chart():
    drawn = chart(sheet_of({"N": 3, "E": -6}, {"N": -9, "E": 2}), ("N", "E"), None)
    ys = [y for line in drawn["lines"] for _, y in points(line["points"])]
    assert all(0 <= y <= CHART_HEIGHT for y in ys)
    assert drawn["zero_y"] is not None


def test_the_target_line_is_drawn_at_the_target():
    drawn = chart(sheet_of({"A": 500, "B": 200}), ("A", "B"), 1000)
    assert drawn["zero_y"] is None
    assert 0 <= drawn["target_y"] < points(drawn["lines"][0]["points"])[-1][1]
