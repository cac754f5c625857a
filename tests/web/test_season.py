"""A season of three club evenings played through the pages: the ratings, the workbook and the
CSV files agree with each other and with each evening's standings."""

from __future__ import annotations

import csv
import html
import io

import openpyxl

from tests.web.test_ratings import listed
from tests.web.test_tournaments import finished_cup, organiser, standings_rows  # noqa: F401  (fixtures)

EVENINGS = 3


def test_three_evenings_ratings_spreadsheets_and_standings_agree(app, organiser):
    ids = organiser.players()
    pairs = list(zip(ids[::2], ids[1::2], strict=True))
    season: dict[str, int] = {}
    for evening in range(1, EVENINGS + 1):
        cup = organiser.tournament(name=f"Thursday {evening}")
        for first, second in pairs:
            organiser.enter(cup, first, second)
        finished_cup(app, organiser, cup)
        page = [(int(place), html.unescape(name), int(points)) for place, name, points in
                standings_rows(organiser.client, cup)]
        book = openpyxl.load_workbook(io.BytesIO(organiser.client.get(f"/tournaments/{cup}/tournament.xlsx").data))
        sheet = [tuple(cell.value for cell in row) for row in book["Standings"].iter_rows(min_row=2)]
        text = organiser.client.get(f"/tournaments/{cup}/standings.csv").data.decode("utf-8-sig")
        assert [row[:3] for row in sheet] == page
        assert [[str(cell) for cell in row] for row in sheet] == list(csv.reader(text.splitlines()))[1:]
        deals = [tuple(cell.value for cell in row) for row in book["Deals"].iter_rows(min_row=2)]
        last = {}  # each table's side's total after its last deal: the points the standings add up
        for round_, table, _, _, _, players, _, total in deals:
            last[(round_, table, players)] = total
        for _, name, *rest in sheet:
            assert rest[5] == sum(total for (_, _, players), total in last.items() if players == name)  # points
            season[name] = season.get(name, 0) + rest[0]
    rated = listed(organiser.client)
    assert len(rated) == 8 and {tables for _, _, tables in rated} == {str(2 * EVENINGS)}
    by_name = {name: float(rating) for name, rating, _ in rated}
    for pair in season:
        first, second = pair.split(" & ")
        assert by_name[first] == by_name[second]  # partners share every result
    best, worst = rated[0][0], rated[-1][0]
    assert season[next(p for p in season if best in p.split(" & "))] >= season[
        next(p for p in season if worst in p.split(" & "))]
