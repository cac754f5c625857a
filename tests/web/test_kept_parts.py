"""The parts of the desk and the wall kept rendered between two requests (web/tournaments/kept.py):
the next page after a change shows it, and every form carries the visitor's own CSRF token."""

from __future__ import annotations

import re

from scorekeeper import store
from tests.helpers import TOKEN, csrf_token
from tests.web.test_tournaments import PASSWORD, cup, organiser, play  # noqa: F401 - fixtures

__all__ = ["cup", "organiser"]


def tokens(html: str) -> set[str]:
    return {a or b for a, b in TOKEN.findall(html)}


def test_a_new_club_player_is_offered_at_the_next_look_at_the_desk(organiser, cup):
    desk = f"/tournaments/{cup}"
    assert "Zoé" not in organiser.client.get(desk).get_data(as_text=True)
    assert organiser.post("/players", {"name": "Zoé"}).status_code == 302
    html = organiser.client.get(desk).get_data(as_text=True)
    registering = html.split(f'action="/tournaments/{cup}/entries"', 1)[1].split("</form>", 1)[0]
    keeping_apart = html.split(f'action="/tournaments/{cup}/apart"', 1)[1].split("</form>", 1)[0]
    assert registering.count(">Zoé</option>") == keeping_apart.count(">Zoé</option>") == 2


def test_an_entry_registered_or_withdrawn_shows_at_once(app, organiser, cup):
    desk = f"/tournaments/{cup}"
    ids = organiser.players(("Ivo", "Jo"))
    before = organiser.client.get(desk).get_data(as_text=True)
    assert "4 entries" in before and "Ivo &amp; Jo" not in before
    assert organiser.enter(cup, *ids).status_code == 302
    after = organiser.client.get(desk).get_data(as_text=True)
    assert "5 entries" in after and "Ivo &amp; Jo" in after


def test_the_standings_move_at_the_next_look_once_a_table_ends(app, organiser, cup):
    organiser.draw(cup)
    wall, desk = f"/tournaments/{cup}/standings", f"/tournaments/{cup}"

    def points(path):
        html = organiser.client.get(path).get_data(as_text=True).split("sheet standings", 1)[1]
        return re.findall(r'<td class="num">(\d+)</td><td class="num">\d+-\d+-\d+</td>', html)

    def done(path):
        return organiser.client.get(path).get_data(as_text=True).count('<li class="done">')

    assert points(wall) == points(desk) == ["0"] * 4 and done(wall) == 0
    play(app, organiser.links(cup, 1)[0])  # one table ends (two deals): its winners have 2 match points
    assert points(wall) == points(desk) == ["2", "0", "0", "0"] and done(wall) == 1


def test_each_desk_carries_its_own_token_and_it_is_taken(app, organiser, cup):
    other = app.test_client()  # a second desk, logged in on another browser
    token = csrf_token(other.get("/organiser/login").get_data(as_text=True))
    assert other.post("/organiser/login", data={"csrf_token": token, "password": PASSWORD}).status_code == 302
    desk = f"/tournaments/{cup}"
    mine, theirs = (tokens(c.get(desk).get_data(as_text=True)) for c in (organiser.client, other))
    mine_again = tokens(organiser.client.get(desk).get_data(as_text=True))  # the kept parts this time
    assert len(mine) == len(theirs) == 1 and mine != theirs and mine_again == mine
    ids = organiser.players(("Ivo", "Jo", "Kim", "Lou"))
    for client, token, pair in ((other, theirs, ids[:2]), (organiser.client, mine, ids[2:])):
        response = client.post(f"/tournaments/{cup}/apart", data={"csrf_token": token.pop(), "first": pair[0],
                                                                      "second": pair[1]})
        assert response.status_code == 302
    with app.app_context():
        assert len(store.list_apart(store.get_db(), cup)) == 2


def test_the_board_and_the_close_form_follow_each_deal(app, organiser, cup):
    organiser.draw(cup)
    desk = f"/tournaments/{cup}"

    def board():
        html = organiser.client.get(desk).get_data(as_text=True)
        return (re.findall(r'<td class="num">(\d+)</td>', html.split('class="sheet board-tables"', 1)[1])[:2],
                re.findall(r"As it stands \(([^)]*)\)", html))

    assert board() == (["0", "0"], ["N–S 0, E–W 0"] * 2)
    play(app, organiser.links(cup, 1)[0], deals=1)  # E-W make 100: 220 to 60 (RULES §2.3)
    assert board() == (["1", "0"], ["N–S 60, E–W 220", "N–S 0, E–W 0"])
