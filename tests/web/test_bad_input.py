"""One table of bad Contrée deals, walked through the form and the API alike.

Each row: what the table typed in the form, the same declaration for the API, and the field
that both must name. Nothing may be stored, and the form keeps what was typed.
"""

from __future__ import annotations

import pytest

from scorekeeper import store
from tests.helpers import Pages

FORM = {"dealer": "N", "bidder": "E", "bid": "100", "trump": "H", "bidder_points": "92",
        "last_trick": "bidders", "belote": "bidders"}
API = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
       "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}

CASES = [
    pytest.param({"bidder_points": "153"}, {"card_points": {"B": 153}}, ("bidder_points", "card_points"),
                 id="points out of range (RULES §2.1: 152 card points)"),
    pytest.param({"bid": "105"}, {"bid": 105}, ("bid", "bid"), id="a bid not in tens (RULES §2.2)"),
    pytest.param({"higher_bid": "1000"}, {"bid": 1000}, ("higher_bid", "bid"),
                 id="a bid above 500, a typing slip (RULES §7 item 29)"),
    pytest.param({"defender_points": "61"}, {"card_points": {"A": 61, "B": 92}},
                 ("defender_points", "card_points"), id="points that do not add up to 152"),
    pytest.param({"trump": "X"}, {"trump": "X"}, ("trump", "trump"), id="no such trump"),
    pytest.param({"bidder": "Z"}, {"bidder": "Z"}, ("bidder", "bidder"), id="no such seat"),
    pytest.param({"belote": "nobody"}, {"belote": "C"}, ("belote", "belote"), id="a belote for no team"),
]


@pytest.mark.parametrize(("form", "api", "fields"), CASES)
def test_bad_input_is_refused_by_field_in_the_form_and_the_api(app, client, form, api, fields):
    pages = Pages(client)
    match_id = pages.start_match()
    response = pages.post_deal(match_id, {**FORM, **form})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f'id="{fields[0]}-error"' in html or 'class="error form-error"' in html
    for name, value in form.items():
        if name.endswith(("_points", "_bid")):  # typed, not picked: it stays in the form as typed
            assert f'value="{value}"' in html

    answer = client.post(f"/api/v1/matches/{match_id}/deals", json={**API, **api})
    assert answer.status_code == 400
    assert answer.json["error"]["field"] == fields[1] and answer.json["error"]["message"]
    with app.app_context():
        assert store.list_deals(store.get_db(), match_id) == []


@pytest.mark.parametrize("typed", ["²", "١٢", "9²", "-"])
def test_digits_that_are_not_numbers_are_refused_not_crashed(app, client, typed):
    pages = Pages(client)
    match_id = pages.start_match()
    response = pages.post_deal(match_id, {**FORM, "bidder_points": typed, "bid": typed})
    assert response.status_code == 422
    options = client.post("/api/v1/contree/score", json={**API, "options": {"target": typed}})
    assert options.status_code == 400 and options.json["error"]["field"] == "options.target"


def test_the_fields_to_check_are_linked_from_the_top_of_the_form(client):
    """On a phone a refused form comes back at its top, and a field's message may lie a screen
    or more below (Quinto's tricks, under the doubling and the quints): the top of the form
    links to every field with a message."""
    pages = Pages(client)
    match_id = pages.start_match("quinto")
    response = pages.post_deal(match_id, {})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    top = html.index('<p class="error form-error error-links" role="alert">Check below:')
    assert '<a href="#tricks_A">Tricks won by N–S</a></p>' in html[top:top + 200]
    assert top < html.index('id="tricks_A-error"')
