"""A tournament as spreadsheets: a workbook of the standings, pairings and deals, and CSV files
with the separator the reader's language expects; names typed by anyone stay text."""

from __future__ import annotations

import csv
import html
import io

import openpyxl

from tests.web.test_tournaments import cup, finished_cup, organiser, standings_rows  # noqa: F401  (fixtures)


def workbook(client, tournament_id: int) -> openpyxl.Workbook:
    response = client.get(f"/tournaments/{tournament_id}/tournament.xlsx")
    assert response.status_code == 200 and response.mimetype.endswith("spreadsheetml.sheet")
    return openpyxl.load_workbook(io.BytesIO(response.data))


def csv_rows(client, tournament_id: int, part: str, separator: str = ",") -> list[list[str]]:
    response = client.get(f"/tournaments/{tournament_id}/{part}.csv")
    assert response.mimetype == "text/csv" and response.data.startswith("\ufeff".encode())
    return list(csv.reader(response.data.decode("utf-8-sig").splitlines(), delimiter=separator))


def test_the_workbook_and_the_csv_files_agree_with_the_standings_page(app, organiser, cup):
    finished_cup(app, organiser, cup)
    book = workbook(organiser.client, cup)
    assert book.sheetnames == ["Standings", "Pairings", "Deals"]
    standings = [[cell.value for cell in row] for row in book["Standings"].iter_rows()]
    page = [(int(place), html.unescape(name), int(points)) for place, name, points in
            standings_rows(organiser.client, cup)]
    assert [tuple(row[:3]) for row in standings[1:]] == page  # places and points as numbers
    assert [[str(cell) for cell in row] for row in standings] == csv_rows(organiser.client, cup, "standings")
    pairings = [[cell.value for cell in row] for row in book["Pairings"].iter_rows(min_row=2)]
    assert len(pairings) == 2 * 2 * 2 and {row[0] for row in pairings} == {1, 2}  # rounds, tables, sides
    deals = [[cell.value for cell in row] for row in book["Deals"].iter_rows()]
    assert deals[0] == ["Round", "Table", "Deal", "Contract", "Side", "Players", "Score", "Total"]
    assert len(deals) - 1 == 2 * 2 * 2 * 2  # 2 rounds · 2 tables · 2 deals · 2 sides
    assert [row[6:] for row in deals[1:3]] == [[60, 60], [220, 220]]  # N–S, then E–W make 100 (RULES §2.3)
    assert [[str(c) if c is not None else "" for c in row] for row in deals] == csv_rows(organiser.client, cup,
                                                                                        "deals")


def test_french_and_dutch_readers_get_semicolons_the_others_commas(app, organiser, cup):
    finished_cup(app, organiser, cup)
    for language, separator in (("fr", ";"), ("nl", ";"), ("en", ","), ("ja", ",")):
        organiser.client.set_cookie("lang", language)
        rows = csv_rows(organiser.client, cup, "pairings", separator)
        assert len(rows) == 1 + 8 and all(len(row) == 4 for row in rows), language


def test_names_that_look_like_formulas_stay_text_in_the_workbook(app, organiser):
    formulas = ("=HYPERLINK(\"http://evil.example\")", "+1+1", "-2+3", "@SUM(A1)")
    ids = organiser.players(formulas)
    cup = organiser.tournament()
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        organiser.enter(cup, first, second)
    organiser.draw(cup)
    book = workbook(organiser.client, cup)
    cells = [cell for sheet in book for row in sheet.iter_rows(min_row=2) for cell in row if cell.value is not None]
    names = [cell for cell in cells if isinstance(cell.value, str) and cell.value.startswith(("=", "+", "-", "@"))]
    assert len(names) >= 4 and all(cell.data_type == "s" for cell in names)  # text, never a formula
    assert all(cell.data_type == "n" for cell in cells if isinstance(cell.value, int))
    rows = csv_rows(organiser.client, cup, "pairings")
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)


def test_the_tournament_page_links_to_its_spreadsheets(app, organiser, cup):
    organiser.draw(cup)
    page = organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)
    for link in ("tournament.xlsx", "standings.csv", "pairings.csv", "deals.csv"):
        assert f'/tournaments/{cup}/{link}"' in page
    assert organiser.client.get(f"/tournaments/{cup}/other.csv").status_code == 404
