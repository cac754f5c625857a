"""The club's ratings: the rating list, a player's rating and its history, derived again when a
past table changes."""

from __future__ import annotations

import re

from scorekeeper import store
from scorekeeper.web.tournaments.ratings import club_ratings
from tests.web.test_tournaments import cup, errors, finished_cup, organiser  # noqa: F401  (fixtures)

FLIPPED = {"dealer": "N", "bidder": "N", "bid": 100, "trump": "H", "contre": "none",
           "card_points": {"A": 92}, "last_trick": "A", "belote": "A"}  # N-S make 100 now: 220 to 60


def listed(client) -> list[tuple[str, str, str]]:
    html = client.get("/ratings").get_data(as_text=True)
    return re.findall(r'<a href="/players/\d+">([^<]+)</a></td>\s*<td class="num">([-\d.]+)</td><td class="num">(\d+)',
                      html)


def histories(app) -> dict[int, list[float]]:
    with app.test_request_context():
        rated, _ = club_ratings()
    return {player: [step.shown for step in rating.history] for player, rating in rated.items()}


def test_the_rating_list_ranks_every_player_with_their_tables(app, organiser, cup):
    assert "No rating yet" in organiser.client.get("/ratings").get_data(as_text=True)
    finished_cup(app, organiser, cup)
    rows = listed(organiser.client)
    assert len(rows) == 8 and all(tables == "2" for _, _, tables in rows)
    assert [float(r) for _, r, _ in rows] == sorted((float(r) for _, r, _ in rows), reverse=True)


def test_a_players_page_shows_the_rating_as_a_chart_and_as_a_table(app, organiser, cup):
    finished_cup(app, organiser, cup)
    html = organiser.client.get("/players/1").get_data(as_text=True)
    assert "after 2 tables" in html
    assert re.search(r'<svg[^>]+role="img" aria-labelledby="rating-title"', html)
    assert '<title id="rating-title">Rating after each table' in html
    assert html.count("<polyline") == 1 and len(re.findall(r"<tr><td>Spring cup", html)) == 2


def test_changing_a_past_tables_result_recomputes_every_later_rating(app, organiser, cup):
    finished_cup(app, organiser, cup)
    before = histories(app)
    with app.app_context():
        db = store.get_db()
        first, second = store.list_rounds(db, cup)[0].tables
        for deal in store.list_deals(db, first.match_id):
            store.update_deal(db, first.match_id, deal.id, FLIPPED)
        entries = {e.id: e.players for e in store.list_entries(db, cup)}
    after = histories(app)
    at_first = {p for side in first.sides for e in side for p in entries[e]}
    at_second = {p for side in second.sides for e in side for p in entries[e]}
    assert all(after[p][0] != before[p][0] for p in at_first)  # the table changed
    assert all(after[p][0] == before[p][0] for p in at_second)  # a table played beside it did not
    assert all(after[p][1] != before[p][1] for p in before)  # round 2: every table met a player of it
    shown = {name: float(rating) for name, rating, _ in listed(organiser.client)}
    assert sorted(shown.values(), reverse=True) == sorted((h[-1] for h in after.values()), reverse=True)


def test_ratings_under_the_clubs_number_of_tables_are_hidden(app, organiser, cup):
    finished_cup(app, organiser, cup)
    response = organiser.post("/ratings", {"min_tables": "3"}, page="/ratings", follow=True)
    html = response.get_data(as_text=True)
    assert not listed(organiser.client) and "8 players with fewer than 3 tables are not listed." in html
    assert "2 tables played: the rating is shown from 3 tables." in organiser.client.get("/players/1").get_data(
        as_text=True)


def test_a_wrong_number_of_tables_is_refused_by_field_and_kept(organiser):
    response = organiser.post("/ratings", {"min_tables": "-4"}, page="/ratings")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "From 0 to 1000 tables." in errors(html) and 'value="-4"' in html
