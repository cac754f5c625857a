"""The club's players at the door (issue "The club evening"): names sorted with their accents,
a namesake asked about, a pasted list, a player removed or merged."""

from __future__ import annotations

import re

from scorekeeper import store
from tests.web.test_tournaments import Organiser, cup, errors, flashes, organiser  # noqa: F401  (fixtures)


def listed(organiser: Organiser) -> list[str]:
    html = organiser.client.get("/players").get_data(as_text=True)
    return re.findall(r"<strong>([^<]*)</strong>", html.split('class="match-list"', 1)[-1]) \
        if 'class="match-list"' in html else []


def test_names_sort_with_their_accents_not_after_z(organiser):
    organiser.players(("Henri", "Zoé", "Élodie", "émile", "Ödön", "Anna"))
    assert listed(organiser) == ["Anna", "Élodie", "émile", "Henri", "Ödön", "Zoé"]


def test_a_namesake_is_asked_about_and_added_only_when_ticked(organiser):
    organiser.players(("Élodie Durand",))
    again = organiser.post("/players", {"name": "élodie  durand", "licence": "77"}, page="/players")
    html = again.get_data(as_text=True)
    assert again.status_code == 422 and "is already one of the club&#39;s players" in html
    assert 'value="élodie  durand"' in html and 'name="again"' in html  # what was typed stays
    assert listed(organiser) == ["Élodie Durand"]
    assert organiser.post("/players", {"name": "Élodie Durand", "licence": "77", "again": "y"},
                          page="/players").status_code == 302
    assert listed(organiser) == ["Élodie Durand", "Élodie Durand"]


def test_a_pasted_list_adds_the_new_names_and_says_which_were_left_out(organiser):
    organiser.players(("Ann",))
    response = organiser.post("/players/list", {"players": "Name;Licence\nBen;123\n\nann\nCy\tF-9\nben\n"},
                              page="/players", follow=True)
    html = response.get_data(as_text=True)
    assert "2 players joined the club" in html
    assert re.search(r'class="flash refused" role="alert">Left out, the club has them already[^<]*ann, ben', html)
    assert listed(organiser) == ["Ann", "Ben", "Cy"]
    with organiser.app.app_context():
        assert {p.name: p.licence for p in store.list_players(store.get_db())} == {"Ann": "", "Ben": "123",
                                                                                    "Cy": "F-9"}


def test_a_pasted_list_with_a_bad_line_adds_nothing_and_keeps_the_text(organiser):
    response = organiser.post("/players/list", {"players": "Ben\nCy;1;2\n"}, page="/players")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert any("Line 2: give a name" in e for e in errors(html)) and "Ben\nCy;1;2" in html
    assert listed(organiser) == []


def test_a_player_who_played_nothing_is_removed_one_who_played_is_not(organiser, cup):
    organiser.players(("Typo",))
    with organiser.app.app_context():
        by_name = {p.name: p.id for p in store.list_players(store.get_db())}
    page = organiser.client.get(f"/players/{by_name['Typo']}").get_data(as_text=True)
    assert "<summary>Remove this player…</summary>" in page  # the button sits behind a first tap
    assert organiser.post(f"/players/{by_name['Typo']}/remove", {"confirmed": "yes"}, page="/players").status_code == 302
    assert "Typo" not in listed(organiser)
    assert "Remove this player" not in organiser.client.get(f"/players/{by_name['Ann']}").get_data(as_text=True)
    refused = organiser.post(f"/players/{by_name['Ann']}/remove", {"confirmed": "yes"}, page="/players",
                             follow=True)
    assert "has played in a tournament" in refused.get_data(as_text=True) and "Ann" in listed(organiser)


def test_two_spellings_of_one_player_are_merged(organiser, cup):
    organiser.players(("Anne",))
    with organiser.app.app_context():
        by_name = {p.name: p.id for p in store.list_players(store.get_db())}
    merged = organiser.post(f"/players/{by_name['Ann']}/merge", {"target": str(by_name["Anne"]), "confirmed": "yes"},
                            page="/players", follow=True)
    html = merged.get_data(as_text=True)
    assert "Ann is merged into Anne." in flashes(html)
    assert "Spring cup" in html  # Anne's page now lists Ann's tournament
    assert "Ann" not in listed(organiser)
    with organiser.app.app_context():
        entered = [p for e in store.list_entries(store.get_db(), cup) for p in e.players]
    assert by_name["Anne"] in entered and by_name["Ann"] not in entered


def test_two_players_of_one_tournament_are_never_merged(organiser, cup):
    with organiser.app.app_context():
        by_name = {p.name: p.id for p in store.list_players(store.get_db())}
    refused = organiser.post(f"/players/{by_name['Ann']}/merge", {"target": str(by_name["Ben"]), "confirmed": "yes"},
                             page="/players", follow=True)
    assert "both played in the same tournament" in refused.get_data(as_text=True)
    assert {"Ann", "Ben"} <= set(listed(organiser))
