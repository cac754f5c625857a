"""Casual matches kept in order through the pages: renamed, a name put right (the sheet, the PDF
and the history show it), archived and back, deleted on the second tap, replayed, and listed a
page at a time. A tournament's tables are not theirs to change."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from tests.helpers import csrf_token, form_fields
from tests.web.test_matches import MADE_100
from tests.web.test_record import round_1_drawn


def manage(client, match_id: int, **changes: str):
    page = client.get(f"/matches/{match_id}/manage").get_data(as_text=True)
    return client.post(f"/matches/{match_id}/manage", data={**form_fields(page), **changes})


def post(client, url: str, **fields: str):
    token = csrf_token(client.get("/matches/new/contree").get_data(as_text=True))
    return client.post(url, data={"csrf_token": token, **fields})


def test_a_name_put_right_shows_on_the_sheet_the_pdf_and_in_the_history(app, client, pages):
    match_id = pages.start_match(players={"N": "Alice", "E": "Bbo", "S": "Carol", "W": "Dan"})
    pages.post_deal(match_id, MADE_100)
    response = manage(client, match_id, player_E="Bob", title="Friday")
    assert response.status_code == 302
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Bob" in sheet and "Bbo" not in sheet and "<h1>Friday</h1>" in sheet
    history = client.get(f"/matches/{match_id}/history").get_data(as_text=True)
    assert "E renamed: Bbo → Bob" in history and "match renamed: “” → “Friday”" in history
    assert "deal 1 recorded" in history  # the deals' own history stays
    pdf = client.get(f"/matches/{match_id}/sheet.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    with app.app_context():
        events = store.list_events(store.get_db(), match_id)
    assert events[-1].action == "rename" and events[-1].before["players"]["E"] == "Bbo"


def test_an_empty_name_is_refused_and_what_was_typed_is_kept(client, pages):
    match_id = pages.start_match()
    response = manage(client, match_id, player_N="  ", player_E="Bert")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Every seat needs a name." in html and 'value="Bert"' in html
    assert "Bob" in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_an_archived_match_leaves_the_front_page_for_the_archived_list_and_comes_back(client, pages):
    match_id = pages.start_match(title="Kept away")
    assert post(client, f"/matches/{match_id}/archive").status_code == 302
    assert "Kept away" not in client.get("/").get_data(as_text=True)
    assert "Kept away" not in client.get("/matches/all").get_data(as_text=True)
    assert "Kept away" in client.get("/matches/archived").get_data(as_text=True)
    assert "Unarchive" in client.get(f"/matches/{match_id}/manage").get_data(as_text=True)
    post(client, f"/matches/{match_id}/archive", archived="no")
    assert "Kept away" in client.get("/").get_data(as_text=True)
    assert "Kept away" not in client.get("/matches/archived").get_data(as_text=True)


def test_a_match_is_deleted_only_on_the_second_tap(app, client, pages):
    match_id = pages.start_match(title="Gone soon")
    pages.post_deal(match_id, MADE_100)
    first = post(client, f"/matches/{match_id}/delete")
    assert first.status_code == 200 and "archive it instead" in first.get_data(as_text=True)
    assert client.get(f"/matches/{match_id}").status_code == 200
    second = post(client, f"/matches/{match_id}/delete", confirmed="yes")
    assert second.status_code == 302
    assert client.get(f"/matches/{match_id}").status_code == 404
    assert "Gone soon" not in client.get("/").get_data(as_text=True)


def test_a_rematch_has_the_same_players_and_rules_and_the_next_dealer(app, client, pages):
    match_id = pages.start_match(title="Evening", opt_target="2000")
    pages.post_deal(match_id, MADE_100)  # N dealt
    response = post(client, f"/matches/{match_id}/rematch")
    new_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert new_id != match_id
    with app.app_context():
        old, new = (store.get_match(store.get_db(), i) for i in (match_id, new_id))
    assert (new.game, new.title, dict(new.players), dict(new.options)) == \
        (old.game, old.title, dict(old.players), dict(old.options))
    assert new.first_dealer == "E"  # the player after the last dealer deals the new match's first deal
    assert "Bob" in client.get(response.headers["Location"]).get_data(as_text=True)


def test_the_list_of_matches_goes_page_by_page(app, client, pages):
    with app.app_context():
        db = store.get_db()
        for n in range(65):
            store.create_match(db, game="contree", players={"N": "A", "E": "B", "S": "C", "W": "D"},
                                  first_dealer="N", options={}, title=f"Match no {n}")
    first = client.get("/matches/all").get_data(as_text=True)
    assert "Match no 64" in first and "Match no 35" in first and "Match no 34" not in first
    assert "Newer" not in first
    older = re.search(r'href="(/matches/all\?before=\d+)"', first).group(1)
    second = client.get(older).get_data(as_text=True)
    assert "Match no 34" in second and "Match no 5" in second and "Match no 35" not in second
    third = client.get(re.search(r'href="(/matches/all\?before=\d+)"', second).group(1)).get_data(as_text=True)
    assert "Match no 0" in third and "Older" not in third
    newer = re.search(r'href="(/matches/all\?after=\d+)"', second).group(1)
    back = client.get(newer).get_data(as_text=True)
    assert "Match no 64" in back and "Match no 35" in back and "Match no 34" not in back
    assert client.get("/matches/all?before=x").status_code == 404


@pytest.mark.parametrize("path", ["manage", "archive", "rematch", "delete"])
def test_a_tournament_table_is_not_changed_from_these_pages(app, client, path):
    _organiser, cup = round_1_drawn(app, client)
    with app.app_context():
        db = store.get_db()
        table_match = store.list_rounds(db, cup)[0].tables[0].match_id
        before = len(store.list_matches(db, limit=1000))
    if path == "manage":
        assert client.get(f"/matches/{table_match}/manage").status_code == 404
    else:
        assert post(client, f"/matches/{table_match}/{path}", confirmed="yes").status_code == 404
    with app.app_context():
        db = store.get_db()
        assert store.get_match(db, table_match).archived is False
        assert len(store.list_matches(db, limit=1000)) == before
    assert "Manage match" not in client.get(f"/matches/{table_match}").get_data(as_text=True)
