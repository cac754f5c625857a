"""Leagues (docs/leagues.md, docs/api.md "Leagues"): a season's table across evenings, derived from
their standings, on the pages, the wall, the files and the API; the organiser's tools; bad input."""

from __future__ import annotations

import csv
import io
import re

import openpyxl
import pytest

from scorekeeper import store
from tests.helpers import csrf_token, form_fields
from tests.test_pdf import pdf_text
from tests.web.test_club_api import Desk, bearer, desk, documented_calls, finish_round  # noqa: F401  (fixtures)
from tests.web.test_tournaments import Organiser, errors, refusals

NAMES = ("Ann", "Ben", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")


def evening(client, desk: Desk, pairs: list[list[int]], name: str = "Thursday", rounds: int = 2,
            finish: bool = True, **fields) -> int:
    """A Contrée evening of ``pairs`` entered and drawn through the API, its rounds played by the
    tables' phones (unless ``finish`` is false: round 1 drawn, nothing played)."""
    cup = desk.cup(name=name, rounds=rounds, **fields)
    for pair in pairs:
        desk.call("POST", f"/tournaments/{cup}/entries", {"players": pair}, 201)
    for number in range(1, rounds + 1 if finish else 2):
        desk.call("POST", f"/tournaments/{cup}/rounds", {}, 201)
        if finish:
            finish_round(client, desk, cup, number)
    return cup


@pytest.fixture
def season(client, desk) -> dict:
    """Four pairs, three finished evenings and a fourth in play; a league of the first three with
    best 2 of them."""
    ids = desk.players(NAMES)
    pairs = [ids[at:at + 2] for at in range(0, 8, 2)]
    cups = [evening(client, desk, pairs, f"Thursday {n}") for n in (1, 2, 3)]
    in_play = evening(client, desk, pairs, "Thursday 4", finish=False)
    league = desk.call("POST", "/leagues", {"name": "Winter league", "game": "contree", "rule": "best", "best": 2},
                       201)
    for cup in cups:
        desk.call("POST", f"/leagues/{league['id']}/evenings", {"tournament": cup}, 201)
    return {"league": league["id"], "cups": cups, "in_play": in_play, "players": ids}


def match_points(desk: Desk, cup: int) -> dict[str, int]:
    return {s["name"]: s["match_points"] for s in desk.call("GET", f"/tournaments/{cup}/standings")["standings"]}


def test_the_table_adds_each_one_s_best_evenings_as_the_standings_give_them(client, desk, season):
    evenings = [match_points(desk, cup) for cup in season["cups"]]
    league = client.get(f"/api/v1/leagues/{season['league']}").json  # public: no token
    assert [e["name"] for e in league["evenings"]] == ["Thursday 1", "Thursday 2", "Thursday 3"]
    assert league["rule"] == {"kind": "best", "best": 2, "minimum": 0}
    assert len(league["table"]) == 4 and league["apart"] == []
    for line in league["table"]:
        results = [points[line["name"]] for points in evenings]
        assert line["results"] == results
        assert line["score"] == sum(sorted(results, reverse=True)[:2])  # the best two
        assert sum(line["counted"]) == 2
    assert [line["score"] for line in league["table"]] == sorted((line["score"] for line in league["table"]),
                                                                 reverse=True)
    assert [line["place"] for line in league["table"]] == [1, 2, 3, 4]
    total = desk.call("PUT", f"/leagues/{season['league']}", {"rule": "total"})  # derived: the rule may change
    assert {line["name"]: line["score"] for line in total["table"]} == {
        name: sum(points[name] for points in evenings) for name in evenings[0]}


def test_an_evening_in_play_counts_nothing_until_it_is_finished(client, desk, season):
    league = desk.call("POST", f"/leagues/{season['league']}/evenings", {"tournament": season["in_play"]}, 201)
    assert [e["finished"] for e in league["evenings"]] == [True, True, True, False]
    assert all(line["results"][3] is None and not line["counted"][3] for line in league["table"])
    page = client.get(f"/leagues/{season['league']}").get_data(as_text=True)
    assert "Thursday 4 · " in page and "in play: counts once finished" in page
    for number in (1, 2):
        if number == 2:
            desk.call("POST", f"/tournaments/{season['in_play']}/rounds", {}, 201)
        finish_round(client, desk, season["in_play"], number)
    after = client.get(f"/api/v1/leagues/{season['league']}").json
    assert all(line["results"][3] is not None for line in after["table"])


def test_the_average_lists_those_under_the_minimum_apart(client, desk, season):
    ids = season["players"]
    late = desk.players(("Ivy", "Jo"))
    fourth = evening(client, desk, [ids[0:2], ids[2:4], ids[4:6], late], "Thursday 5")
    desk.call("POST", f"/leagues/{season['league']}/evenings", {"tournament": fourth}, 201)
    league = desk.call("PUT", f"/leagues/{season['league']}", {"rule": "average", "minimum": 2})
    assert [line["name"] for line in league["apart"]] == ["Ivy & Jo"]
    assert league["apart"][0]["place"] is None and league["apart"][0]["played"] == 1
    page = client.get(f"/leagues/{season['league']}").get_data(as_text=True)
    assert "Fewer than 2 evenings played: not ranked yet" in page
    ranked, apart = page.split("Fewer than 2 evenings", 1)
    assert "Ivy &amp; Jo" in apart and "Ivy &amp; Jo" not in ranked


def test_the_page_the_wall_and_the_files_say_the_same_table(client, desk, season, tmp_path):
    league = client.get(f"/api/v1/leagues/{season['league']}").json
    expected = [(line["name"], line["score"]) for line in league["table"]]
    page = client.get(f"/leagues/{season['league']}").get_data(as_text=True)  # no organiser: public
    rows = re.findall(r'<tr><td class="num">(\d+)</td><td>([^<]+)</td>.*?<td class="num score">(\d+)</td>', page,
                      re.DOTALL)
    assert [(name.replace("&amp;", "&"), int(score)) for _, name, score in rows] == expected
    assert page.count('class="num muted uncounted"') == 4  # one evening of three not counted, each line
    assert "Ties: more evenings won" in page and "Add this evening" not in page  # the organiser's tools: theirs
    wall = client.get(f"/leagues/{season['league']}/wall").get_data(as_text=True)
    assert 'class="wall league-wall"' in wall and "Ann &amp; Ben" in wall
    assert client.get(f"/leagues/{season['league']}/wall.json").json["html"].count("<tr>") >= 5
    text = client.get(f"/leagues/{season['league']}/league.csv", headers={"Accept-Language": "fr"})
    lines = list(csv.reader(text.data.decode("utf-8-sig").splitlines(), delimiter=";"))
    assert [(row[1], int(row[-4])) for row in lines[1:]] == expected
    book = openpyxl.load_workbook(io.BytesIO(client.get(f"/leagues/{season['league']}/league.xlsx").data))
    assert book.sheetnames == ["League", "Thursday 1", "Thursday 2", "Thursday 3"]
    sheet = [tuple(cell.value for cell in row) for row in book["League"].iter_rows(min_row=2)]
    assert [(row[1], row[-4]) for row in sheet] == expected and all(isinstance(row[0], int) for row in sheet)
    first = [tuple(cell.value for cell in row) for row in book["Thursday 1"].iter_rows(min_row=2)]
    assert {row[1]: row[2] for row in first} == match_points(desk, season["cups"][0])
    printed = pdf_text(client.get(f"/leagues/{season['league']}/league.pdf").data, tmp_path)
    assert "Winter league" in printed and all(name in printed for name, _ in expected)


def test_the_csv_writes_an_average_with_the_reader_s_decimal_mark(client, desk, season):
    desk.call("PUT", f"/leagues/{season['league']}", {"rule": "average", "minimum": 1})
    league = client.get(f"/api/v1/leagues/{season['league']}").json
    averages = [line["score"] for line in league["table"]]
    dutch = client.get(f"/leagues/{season['league']}/league.csv", headers={"Accept-Language": "nl"}).data
    written = [row[-4] for row in csv.reader(dutch.decode("utf-8-sig").splitlines()[1:], delimiter=";")]
    assert written == [str(value).replace(".", ",") for value in averages]


# -- the organiser's pages -------------------------------------------------------------------

@pytest.fixture
def organiser(app, client) -> Organiser:
    return Organiser(app, client)


def new_league(organiser: Organiser, **fields):
    page = organiser.client.get("/leagues/new").get_data(as_text=True)
    return organiser.client.post("/leagues/new", data={**form_fields(page), "name": "Winter league",
                                                       "game": "contree", **fields})


def test_the_organiser_creates_a_league_and_adds_and_removes_evenings(app, organiser):
    ids = organiser.players(NAMES[:4])
    cup = organiser.tournament(name="Thursday 1")
    for first, second in ((ids[0], ids[1]), (ids[2], ids[3])):
        organiser.enter(cup, first, second)
    made = new_league(organiser, rule="best", best="3")
    assert made.status_code == 302
    league = made.headers["Location"]
    page = organiser.client.get(league).get_data(as_text=True)
    assert "Match points of each one&#39;s best 3 evenings" in page and "Spring cup" not in page
    added = organiser.post(f"{league}/evenings", {"tournament": str(cup)}, page=league, follow=True)
    assert "Thursday 1" in added.get_data(as_text=True)
    again = organiser.post(f"{league}/evenings", {"tournament": str(cup)}, page=league, follow=True)
    assert refusals(again.get_data(as_text=True)) == ["Thursday 1 is an evening of this league already"]
    removing = organiser.post(f"{league}/evenings/{cup}/remove", {}, page=league)
    assert removing.status_code == 200 and "Take Thursday 1 out of the league?" in removing.get_data(as_text=True)
    with app.app_context():
        league_id = int(league.rsplit("/", 1)[1])
        assert store.get_league(store.get_db(), league_id).evenings == (cup,)  # nothing on the first tap
    organiser.client.post(f"{league}/evenings/{cup}/remove", data=form_fields(removing.get_data(as_text=True)))
    with app.app_context():
        assert store.get_league(store.get_db(), league_id).evenings == ()


def test_an_evening_entering_single_players_is_refused_in_a_league_of_pairs(app, organiser):
    pairs = organiser.tournament(name="Pairs night")
    alone = organiser.tournament(name="Individual night", format="individual")
    league = new_league(organiser).headers["Location"]
    organiser.post(f"{league}/evenings", {"tournament": str(pairs)}, page=league)
    refused = organiser.post(f"{league}/evenings", {"tournament": str(alone)}, page=league, follow=True)
    assert refusals(refused.get_data(as_text=True)) == [
        "Individual night enters single players; this league&#39;s evenings enter pairs"]
    with app.app_context():
        assert store.get_league(store.get_db(), int(league.rsplit("/", 1)[1])).evenings == (pairs,)


@pytest.mark.parametrize(("fields", "field", "message"), [
    ({"name": ""}, "name", "Give the league a name."),
    ({"rule": "best", "best": ""}, "best", "From 1 to 100 evenings."),
    ({"rule": "average", "minimum": "0"}, "minimum", "From 1 to 100 evenings."),
    ({"rule": "best", "best": "two"}, "best", "Not a valid integer value."),
    ({"game": "chess"}, "game", "Not a valid choice."),
])
def test_a_refused_league_form_names_its_field_and_keeps_what_was_typed(app, organiser, fields, field, message):
    refused = new_league(organiser, **{"name": "Saison d’hiver", **fields})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422 and message in errors(html)
    assert f'id="{field}-error"' in html
    if fields.get("name", "x"):
        assert "Saison d’hiver" in html
    with app.app_context():
        assert store.list_leagues(store.get_db()) == []


def test_the_rule_is_edited_on_its_page(organiser):
    league = new_league(organiser).headers["Location"]
    page = organiser.client.get(f"{league}/edit").get_data(as_text=True)
    saved = organiser.client.post(f"{league}/edit", data={**form_fields(page), "rule": "average", "minimum": "2"},
                                  follow_redirects=True)
    assert "Average match points per evening played; ranked from 2 evenings" in saved.get_data(as_text=True)


def test_everyone_reads_the_leagues_and_only_the_organiser_changes_them(app, client, organiser):
    league = new_league(organiser).headers["Location"]
    visitor = app.test_client()
    for url in ("/leagues", league, f"{league}/wall", f"{league}/league.pdf", f"{league}/league.csv"):
        assert visitor.get(url).status_code == 200, url
    assert "New league" not in visitor.get("/leagues").get_data(as_text=True)
    for url in ("/leagues/new", f"{league}/edit"):
        assert "/organiser/login" in visitor.get(url).headers["Location"]
    token = csrf_token(visitor.get("/matches/new/contree").get_data(as_text=True))
    posted = visitor.post(f"{league}/evenings", data={"csrf_token": token, "tournament": "1"})
    assert "/organiser/login" in posted.headers["Location"]
    assert visitor.get("/leagues/999").status_code == 404


def test_hostile_league_and_player_names_stay_text(client, desk, tmp_path):
    ids = desk.players(("=HYPERLINK(\"http://x\")", "<script>alert(1)</script>", "Cid", "Dan"))
    cup = evening(client, desk, [ids[:2], ids[2:]], "Thursday")
    league = desk.call("POST", "/leagues", {"name": "<b>Club</b>", "game": "contree"}, 201)["id"]
    desk.call("POST", f"/leagues/{league}/evenings", {"tournament": cup}, 201)
    page = client.get(f"/leagues/{league}").get_data(as_text=True)
    assert "<script>alert" not in page and "<b>Club</b>" not in page and "&lt;b&gt;Club&lt;/b&gt;" in page
    rows = client.get(f"/leagues/{league}/league.csv").data.decode("utf-8-sig")
    assert "'=HYPERLINK" in rows
    book = openpyxl.load_workbook(io.BytesIO(client.get(f"/leagues/{league}/league.xlsx").data))
    names = [row[1].value for row in book["League"].iter_rows(min_row=2)]
    assert any(name.startswith("=HYPERLINK") for name in names)
    assert all(row[1].data_type == "s" for row in book["League"].iter_rows(min_row=2))  # text, never a formula
    printed = re.sub(r"\s+", "", pdf_text(client.get(f"/leagues/{league}/league.pdf").data, tmp_path))
    assert "<script>alert(1)</script>" in printed and "<b>Club</b>" in printed  # printed as typed


# -- the API ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("method", "path", "body", "field"), [
    ("POST", "/leagues", {"name": "", "game": "contree"}, "name"),
    ("POST", "/leagues", {"name": "L", "game": "chess"}, "game"),
    ("POST", "/leagues", {"name": "L", "game": "contree", "rule": "luck"}, "rule"),
    ("POST", "/leagues", {"name": "L", "game": "contree", "rule": "best"}, "best"),
    ("POST", "/leagues", {"name": "L", "game": "contree", "rule": "average", "minimum": 101}, "minimum"),
    ("POST", "/leagues", {"name": "L", "game": "contree", "best": "2"}, "best"),
    ("POST", "/leagues", {"name": "L", "game": "contree", "colour": "red"}, "colour"),
    ("PUT", "/leagues/{league}", {"name": "x" * 81}, "name"),
    ("POST", "/leagues/{league}/evenings", {"tournament": 999}, "tournament"),
    ("POST", "/leagues/{league}/evenings", {"tournament": "1"}, "tournament"),
    ("POST", "/leagues/{league}/evenings", {"tournament": "{other}"}, "tournament"),
    ("POST", "/leagues/{league}/evenings", {"tournament": "{cup}"}, "tournament"),
])
def test_a_refused_body_names_its_field_and_writes_nothing(app, client, desk, method, path, body, field):
    ids = desk.players(NAMES[:4])
    cup = evening(client, desk, [ids[:2], ids[2:]], finish=False)
    other = desk.call("POST", "/tournaments", {"name": "Belote night", "game": "belote"}, 201)["id"]
    league = desk.call("POST", "/leagues", {"name": "L", "game": "contree"}, 201)["id"]
    desk.call("POST", f"/leagues/{league}/evenings", {"tournament": cup}, 201)
    values = {"league": league, "cup": cup, "other": other}
    body = {key: values[value.strip("{}")] if isinstance(value, str) and value.startswith("{") else value
            for key, value in body.items()}
    with app.app_context():
        before = [store.get_db().execute(f"select * from [{t}]").fetchall() for t in ("leagues", "league_evenings")]
    refused = desk.call(method, path.format(**values), body, 400)
    assert refused["error"]["field"] == field and refused["error"]["message"]
    with app.app_context():
        assert before == [store.get_db().execute(f"select * from [{t}]").fetchall()
                          for t in ("leagues", "league_evenings")]


def test_writes_need_the_organiser_s_token_and_reads_do_not(client, desk):
    league = desk.call("POST", "/leagues", {"name": "L", "game": "contree"}, 201)["id"]
    assert client.get("/api/v1/leagues").json["leagues"][0]["name"] == "L"
    for method, path, body in (("POST", "/api/v1/leagues", {"name": "M", "game": "contree"}),
                               ("PUT", f"/api/v1/leagues/{league}", {"name": "M"}),
                               ("POST", f"/api/v1/leagues/{league}/evenings", {"tournament": 1}),
                               ("DELETE", f"/api/v1/leagues/{league}/evenings/1", None)):
        refused = client.open(path, method=method, json=body)
        assert refused.status_code == 401 and refused.json["error"]["field"] == "Authorization"
    assert desk.call("DELETE", f"/leagues/{league}/evenings/1", status=404)["error"]
    assert desk.call("GET", "/leagues/999", status=404)["error"]


def test_the_documented_examples_answer_as_documented(client, desk):
    """docs/api.md's "Leagues" examples in order, after two evenings of Ann & Ben and Cid & Dan."""
    from tests.test_docs import _as_documented

    ids = desk.players(NAMES[:4])
    for name in ("Thursday 1", "Thursday 2"):
        evening(client, desk, [ids[:2], ids[2:]], name, rounds=1)
    calls = documented_calls("## Leagues")
    assert [method for method, *_ in calls] == ["POST", "POST", "POST", "GET", "DELETE", "GET"]
    for method, path, body, answer in calls:
        status = 201 if method == "POST" else 200
        got = client.open(path, method=method, json=body, headers=desk.bearer if method != "GET" else {})
        assert got.status_code == status, got.get_json()
        if answer is not None:
            _as_documented(got.get_json(), answer, path)
