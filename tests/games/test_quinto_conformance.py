"""Quinto through the shared checks of test_conformance.py (not yet in the registry).

Six checks run as they are. ``test_the_sheet_adds_up_the_deal_scores`` compares each row
with ``score_deal`` of the deal *as recorded*; a Quinto deal is scored from its game's totals
before it (RULES.md §5.4: the game can end during play, and the answer's ``totals`` are the
game's), which the sheet carries into the row's declarations. So the Quinto version below
checks the same sums and compares each row with ``score_deal`` of the row's own declarations.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import quinto
from tests.games import test_conformance as conformance

RULES = quinto.RULES
CHECKS = (
    conformance.test_options_resolve_to_their_defaults,
    conformance.test_every_option_explains_itself,
    conformance.test_an_unknown_option_is_refused_by_name,
    conformance.test_an_empty_deal_is_refused_with_its_field,
    conformance.test_seats_sides_and_dealers,
    conformance.test_a_form_round_trips_and_its_errors_name_form_fields,
)


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__.removeprefix("test_"))
def test_quinto_passes_the_conformance_checks(check):
    check(rules=RULES)


@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_the_sheet_adds_up_the_deal_scores_from_the_carried_totals(data):
    options = RULES.resolve_options()
    forms = data.draw(st.lists(conformance.form_values(RULES, options), min_size=1, max_size=12))
    deals = [d for d in (conformance.accepted(RULES, values, options) for values in forms) if d is not None]
    sheet = RULES.score_sheet(deals, options)
    scored = [RULES.score_deal(row.declarations, options) for row in sheet.rows]
    assert dict(sheet.totals) == {side: sum(s.score[side] for s in scored) for side in RULES.sides}
    running = dict.fromkeys(RULES.sides, 0)
    for row, one, recorded in zip(sheet.rows, scored, deals, strict=True):
        assert {**row.declarations, "totals_before": None} == recorded
        running = {side: running[side] + one.score[side] for side in RULES.sides}
        assert dict(row.totals) == running
        assert row.scored == one
        for line in (one.summary, *one.lines):
            assert not conformance.POSITIONAL.search(line.template)
            assert line.render()
    if sheet.result is not None:
        assert sheet.result.draw or sheet.result.winner in RULES.sides
