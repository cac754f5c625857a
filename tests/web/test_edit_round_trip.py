"""A deal opened on its edit page and saved untouched stays what it was, in every game: the page
shows every declaration in its inputs and the browser sends them back as they are."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import games, store
from tests.games.test_conformance import accepted, form_values
from tests.games.test_pandoeren_form import deals as pandoeren_deals
from tests.helpers import form_fields

ALL = tuple(games.RULES.values())
VALID = {"pandoeren": pandoeren_deals()}  # random forms of Pandoeren are seldom valid: its own deals


@pytest.mark.parametrize("rules", ALL, ids=lambda rules: rules.key)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_deal_saved_untouched_from_its_edit_page_is_unchanged(app, client, rules, data):
    options = rules.resolve_options()
    declarations = rules.read_deal(data.draw(VALID[rules.key]), options) if rules.key in VALID else \
        accepted(rules, data.draw(form_values(rules, options)), options)
    if declarations is None:  # a form the rules refuse (named by field: test_conformance)
        return
    with app.app_context():
        db = store.get_db()
        seats = rules.table(options).seats
        match_id = store.create_match(db, game=rules.key, players={seat: seat.lower() for seat in seats},
                                      first_dealer=seats[0], options=options)
        deal_id, _ = store.add_deal(db, match_id, declarations)
    page = client.get(f"/matches/{match_id}/deals/{deal_id}/edit").get_data(as_text=True)
    response = client.post(f"/matches/{match_id}/deals/{deal_id}/edit",
                           data={**form_fields(page), "action": "save"})
    assert response.status_code == 302, response.get_data(as_text=True)[-3000:]
    with app.app_context():
        stored = store.get_deal(store.get_db(), match_id, deal_id).declarations
    assert json.loads(json.dumps(stored)) == json.loads(json.dumps(declarations))
