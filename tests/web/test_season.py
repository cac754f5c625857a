"""A season of three club evenings, played through the pages and through the API: the league's
table, the ratings, the workbooks and the CSV files agree with each other and with each evening's
standings."""

from __future__ import annotations

import csv
import html
import io

import openpyxl

from tests.web.test_club_api import bearer, desk  # noqa: F401  (fixtures)
from tests.web.test_leagues import NAMES, evening
from tests.web.test_ratings import listed
from tests.web.test_tournaments import Organiser, finished_cup, organiser, standings_rows  # noqa: F401  (fixtures)

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


def test_a_season_through_the_api_league_ratings_and_spreadsheets_agree_with_the_standings(app, client, desk):
    ids = desk.players(NAMES)
    pairs = [ids[at:at + 2] for at in range(0, 8, 2)]
    league = desk.call("POST", "/leagues", {"name": "Season", "game": "contree"}, 201)["id"]
    nights = []
    for number in range(1, EVENINGS + 1):
        cup = evening(client, desk, pairs, f"Thursday {number}")
        desk.call("POST", f"/leagues/{league}/evenings", {"tournament": cup}, 201)
        nights.append(desk.call("GET", f"/tournaments/{cup}/standings")["standings"])
    table = client.get(f"/api/v1/leagues/{league}").json["table"]
    by_name = [{s["name"]: s for s in night} for night in nights]
    assert {line["name"] for line in table} == set(by_name[0]) and len(table) == 4
    for line in table:  # the league adds up each evening's standings
        assert line["results"] == [night[line["name"]]["match_points"] for night in by_name]
        assert line["score"] == sum(line["results"]) and line["played"] == EVENINGS
        assert line["points"] == sum(night[line["name"]]["points_for"] for night in by_name)
        assert line["won"] == sum(night[0]["name"] == line["name"] for night in nights)
    rows = [(line["place"], line["name"], *line["results"], line["score"], line["played"], line["won"],
             line["points"]) for line in table]
    book = openpyxl.load_workbook(io.BytesIO(client.get(f"/leagues/{league}/league.xlsx").data))
    assert book.sheetnames == ["League", *(f"Thursday {n}" for n in range(1, EVENINGS + 1))]
    assert [tuple(cell.value for cell in row) for row in book["League"].iter_rows(min_row=2)] == rows
    for night, name in zip(nights, book.sheetnames[1:], strict=True):  # each evening's sheet: its standings
        assert [tuple(cell.value for cell in row)[:3] for row in book[name].iter_rows(min_row=2)] == [
            (s["place"], s["name"], s["match_points"]) for s in night]
    text = client.get(f"/leagues/{league}/league.csv").data.decode("utf-8-sig")
    assert list(csv.reader(text.splitlines()))[1:] == [[str(cell) for cell in row] for row in rows]
    rated = listed(Organiser(app, app.test_client()).client)
    assert len(rated) == 8 and {tables for _, _, tables in rated} == {str(2 * EVENINGS)}  # two tables an evening
    rating = {name: float(value) for name, value, _ in rated}
    score = {player: line["score"] for line in table for player in line["name"].split(" & ")}
    for line in table:
        first, second = line["name"].split(" & ")
        assert rating[first] == rating[second]  # partners share every result
    assert score[rated[0][0]] >= score[rated[-1][0]]  # the best rated did no worse in the league than the worst
