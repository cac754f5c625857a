"""Rule profiles on the pages (issue #25): the organiser creates them from the form or from a match's or
tournament's rules, renames, edits and deletes them; the new-match and new-tournament forms offer them
(without a script: *Use*, what was typed kept); a match keeps the rules it started with."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper import store
from tests.helpers import csrf_token, form_fields
from tests.web.test_tournaments import Organiser, errors, flashes

NAMES = {"player_N": "Alice", "player_E": "Bob", "player_S": "Carol", "player_W": "Dan"}


@pytest.fixture
def desk(app, client) -> Organiser:
    return Organiser(app, client)


def saved(app) -> list[store.Profile]:
    with app.app_context():
        return store.list_profiles(store.get_db())


def new_profile(desk: Organiser, game: str = "contree", query: str = "", **fields: str):
    """The profile form of ``game`` sent as drawn (``query``: the link it was opened by), with ``fields`` typed."""
    page = desk.client.get(f"/profiles/new/{game}{query}").get_data(as_text=True)
    return desk.client.post(f"/profiles/new/{game}{query}", data={**form_fields(page), **fields})


def thursday(app, desk: Organiser) -> int:
    """The club's "Thursday club" profile of Contrée: to 2000, with announces."""
    assert new_profile(desk, name="Thursday club", opt_target="2000", opt_announces="y").status_code == 302
    return next(p.id for p in saved(app) if p.name == "Thursday club")


def field_value(page: str, name: str) -> str:
    return form_fields(page).get(name, "")


def test_a_profile_made_on_its_form_keeps_the_rules_it_changes_and_is_listed(app, desk):
    response = new_profile(desk, name="  Thursday club ", opt_target="2000", opt_announces="y")
    assert response.status_code == 302
    [profile] = saved(app)
    assert (profile.game, profile.name, dict(profile.options)) == ("contree", "Thursday club",
                                                                   {"target": 2000, "announces": True})
    listed = desk.client.get(response.headers["Location"]).get_data(as_text=True)
    assert "The profile “Thursday club” is saved." in flashes(listed)
    assert "Thursday club" in listed and "Target: 2000 · Announces: yes" in html.unescape(listed)
    assert listed.count("Rules as written") == 5  # each game's built-in profile


def test_the_profiles_are_the_organiser_s(client):
    for path in ("/profiles", "/profiles/new/contree", "/profiles/1"):
        response = client.get(path)
        assert response.status_code == 302 and "/organiser/login" in response.headers["Location"]


@pytest.mark.parametrize(("typed", "field", "message"), [
    ({"name": ""}, "name", "Give the profile a name."),
    ({"name": "x" * 81}, "name", "Field cannot be longer than 80 characters."),
    ({"name": "Friday", "opt_target": "lots"}, "opt_target", "target must be a whole number; got “lots”"),
    ({"name": "Friday", "opt_alternate_scoring": "y", "opt_contre_fixed_scoring": "y"},
     "opt_contre_fixed_scoring", None),
])
def test_bad_input_is_said_under_its_field_and_what_was_typed_stays(app, desk, typed, field, message):
    response = new_profile(desk, **{"opt_target": "2500", "opt_announces": "y", **typed})
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and saved(app) == []
    assert f'id="{field}-error"' in page  # under the field at fault, the match's own check (docs/options.md)
    if message:
        assert message in html.unescape(page)
    kept = form_fields(page)
    assert kept["name"] == typed["name"] and kept["opt_announces"] == "y"
    assert kept["opt_target"] == typed.get("opt_target", "2500")


def test_a_name_is_unique_in_its_game_case_and_spacing_aside(app, desk):
    thursday(app, desk)
    again = new_profile(desk, name="thursday  CLUB", opt_target="1500")
    assert again.status_code == 422
    assert "This game has a profile named “Thursday club” already: choose another name." in html.unescape(
        again.get_data(as_text=True))
    assert form_fields(again.get_data(as_text=True))["opt_target"] == "1500"
    assert new_profile(desk, "belote", name="Thursday club").status_code == 302  # another game: its own names


def test_saved_from_a_match_s_page_with_its_rules_and_a_name_asked(app, client, desk):
    page = client.get("/matches/new/belote").get_data(as_text=True)
    made = client.post("/matches/new/belote", data={**form_fields(page), **NAMES, "title": "Seed rules",
                                                    "opt_sans_atout": "y", "opt_litige": "y"})
    sheet = client.get(made.headers["Location"]).get_data(as_text=True)
    link = html.unescape(re.search(r'href="([^"]+)">Save these rules as a profile<', sheet).group(1))
    form = client.get(link).get_data(as_text=True)
    assert field_value(form, "name") == "Seed rules" and field_value(form, "opt_sans_atout") == "y"
    assert field_value(form, "opt_target") == ""  # 3000 as it follows sans atout, not typed
    assert client.post(link, data=form_fields(form)).status_code == 302
    [profile] = saved(app)
    assert dict(profile.options) == {"litige": True, "sans_atout": True}
    visitor = app.test_client()
    assert "Save these rules as a profile" not in visitor.get(made.headers["Location"]).get_data(as_text=True)


def test_saved_from_a_tournament_s_page(app, desk):
    cup = desk.tournament(opt_target="1500", opt_unbid_capot_250="y")
    page = desk.client.get(f"/tournaments/{cup}").get_data(as_text=True)
    link = html.unescape(re.search(r'href="([^"]+)">Save these rules as a profile<', page).group(1))
    form = desk.client.get(link).get_data(as_text=True)
    assert field_value(form, "name") == "Spring cup"
    assert desk.client.post(link, data=form_fields(form)).status_code == 302
    assert dict(saved(app)[0].options) == {"target": 1500, "unbid_capot_250": True}


def test_use_fills_the_house_rules_without_a_script_and_keeps_the_names_typed(app, client, desk):
    profile_id = thursday(app, desk)
    page = client.get("/matches/new/contree").get_data(as_text=True)
    assert "Thursday club" in page and 'data-options="' in page
    used = client.post("/matches/new/contree", data={
        **form_fields(page), **NAMES, "title": "Friday", "opt_target": "500", "profile": str(profile_id),
        "action": "use"})
    drawn = used.get_data(as_text=True)
    assert used.status_code == 200 and errors(drawn) == []
    fields = form_fields(drawn)
    assert fields["opt_target"] == "2000" and fields["opt_announces"] == "y"
    assert [fields[key] for key in NAMES] == list(NAMES.values()) and fields["title"] == "Friday"
    assert fields["profile"] == str(profile_id)
    started = client.post("/matches/new/contree", data=fields)
    assert started.status_code == 302
    match = client.get("/api/v1/matches").json["matches"][0]
    assert (match["options"]["target"], match["options"]["announces"], match["title"]) == (2000, True, "Friday")


def test_use_without_a_profile_chosen_says_so_and_keeps_everything(client):
    page = client.get("/matches/new/contree").get_data(as_text=True)
    used = client.post("/matches/new/contree", data={**form_fields(page), **NAMES, "opt_target": "700",
                                                     "profile": "", "action": "use"})
    drawn = used.get_data(as_text=True)
    assert used.status_code == 422 and "Choose a profile to use." in errors(drawn)
    assert form_fields(drawn)["opt_target"] == "700" and form_fields(drawn)["player_N"] == "Alice"


def test_the_rules_as_written_put_every_rule_back_to_its_default(client):
    page = client.get("/matches/new/contree?target=500&announces=true").get_data(as_text=True)
    used = client.post("/matches/new/contree", data={**form_fields(page), **NAMES, "profile": "written",
                                                     "action": "use"})
    fields = form_fields(used.get_data(as_text=True))
    assert fields["opt_target"] == "3000" and "opt_announces" not in fields and fields["player_W"] == "Dan"


def test_a_profile_that_seats_three_moves_the_names_typed(app, client, desk):
    assert new_profile(desk, "belote", name="Three of us", opt_players="3").status_code == 302
    page = client.get("/matches/new/belote").get_data(as_text=True)
    used = client.post("/matches/new/belote", data={**form_fields(page), **NAMES, "action": "use",
                                                    "profile": str(saved(app)[0].id)})
    fields = form_fields(used.get_data(as_text=True))
    assert [fields.get(f"player_P{n}") for n in (1, 2, 3)] == ["Alice", "Bob", "Carol"]


def test_a_link_naming_a_profile_draws_the_new_tournament_form_with_its_rules(app, desk):
    profile_id = thursday(app, desk)
    page = desk.client.get(f"/tournaments/new/contree?profile={profile_id}").get_data(as_text=True)
    assert field_value(page, "opt_target") == "2000" and field_value(page, "profile") == str(profile_id)
    assert desk.client.get("/tournaments/new/belote?profile=%d" % profile_id).status_code == 404  # not Belote's
    cup = desk.tournament()  # (drawn at the rules as written, then "Use")
    assert cup
    used = desk.client.post("/tournaments/new/contree", data={
        **form_fields(desk.client.get("/tournaments/new/contree").get_data(as_text=True)), "name": "Autumn cup",
        "profile": str(profile_id), "action": "use"})
    fields = form_fields(used.get_data(as_text=True))
    assert fields["name"] == "Autumn cup" and fields["opt_target"] == "2000"
    created = desk.client.post("/tournaments/new/contree", data=fields)
    assert created.status_code == 302
    with app.app_context():
        tournament = store.get_tournament(store.get_db(), int(created.headers["Location"].rsplit("/", 1)[1]))
    assert tournament.options["target"] == 2000 and tournament.options["announces"] is True


def test_a_profile_changed_or_deleted_later_changes_no_match_nor_tournament(app, client, desk):
    """DESIGN.md principle 2: a match freezes its options when it is created."""
    profile_id = thursday(app, desk)
    page = client.get(f"/matches/new/contree?profile={profile_id}").get_data(as_text=True)
    match_url = client.post(f"/matches/new/contree?profile={profile_id}",
                            data={**form_fields(page), **NAMES}).headers["Location"]
    cup = desk.tournament(opt_target="2000", opt_announces="y")
    edit = desk.client.get(f"/profiles/{profile_id}").get_data(as_text=True)
    renamed = desk.client.post(f"/profiles/{profile_id}", data={**form_fields(edit), "name": "Thursdays",
                                                                "opt_target": "1000", "opt_announces": ""})
    assert renamed.status_code == 302
    assert [(p.name, dict(p.options)) for p in saved(app)] == [("Thursdays", {"target": 1000})]
    match = client.get(f"/api/v1{match_url}").json
    assert (match["options"]["target"], match["options"]["announces"]) == (2000, True)
    with app.app_context():
        assert store.get_tournament(store.get_db(), cup).options["target"] == 2000
    asked = desk.client.post(f"/profiles/{profile_id}/delete", data={"csrf_token": csrf_token(edit)})
    assert "Delete the profile “Thursdays” for good?" in html.unescape(asked.get_data(as_text=True))
    assert len(saved(app)) == 1
    assert desk.client.post(f"/profiles/{profile_id}/delete",
                            data=form_fields(asked.get_data(as_text=True))).status_code == 302
    assert saved(app) == [] and client.get(f"/api/v1{match_url}").json["options"]["target"] == 2000
