"""On a 390x844 phone: a rule profile chosen on the new-match form fills in the house rules at once (the
page's script), the names typed stay, and the match starts with the profile's rules."""

from __future__ import annotations

import pytest

from scorekeeper import store
from tests.browser.conftest import serving
from tests.browser.screens import shot

pytestmark = pytest.mark.browser


def test_choosing_a_profile_fills_in_the_house_rules(tmp_path, page):
    with serving(tmp_path) as (app, url):
        with app.app_context():
            store.add_profile(store.get_db(), game="contree", name="Thursday club",
                              options={"target": 2000, "announces": True})
        page.goto(f"{url}/matches/new/contree")
        assert not page.get_by_role("button", name="Use").is_visible()  # the script fills in at once
        page.fill('input[name="player_N"]', "Alice")
        page.get_by_label("Rule profile").select_option(label="Thursday club")
        assert page.locator('input[name="opt_target"]').input_value() == "2000"
        assert page.locator('input[name="opt_announces"]').is_checked()
        assert page.get_by_role("status").inner_text() == "The house rules below are those of “Thursday club”."
        assert page.locator('input[name="player_N"]').input_value() == "Alice"
        shot(page, "profile-chosen")
        page.get_by_label("Rule profile").select_option(label="Rules as written")
        assert page.locator('input[name="opt_target"]').input_value() == "3000"
        assert not page.locator('input[name="opt_announces"]').is_checked()
        page.get_by_label("Rule profile").select_option(label="Thursday club")
        for seat, name in zip("ESW", ("Bob", "Carol", "Dan"), strict=True):
            page.fill(f'input[name="player_{seat}"]', name)
        page.locator('input[name="player_W"]').press("Enter")  # Enter starts the match, never "Use"
        page.wait_for_url("**/matches/1")
        with app.app_context():
            options = store.get_match(store.get_db(), 1).options
        assert (options["target"], options["announces"]) == (2000, True)
