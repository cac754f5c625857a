"""Pandoeren through the shared checks of test_conformance.py (not yet in the registry)."""

from __future__ import annotations

import pytest

from scorekeeper.games import pandoeren
from tests.games import test_conformance as conformance

CHECKS = (
    conformance.test_options_resolve_to_their_defaults,
    conformance.test_every_option_explains_itself,
    conformance.test_an_unknown_option_is_refused_by_name,
    conformance.test_an_empty_deal_is_refused_with_its_field,
    conformance.test_seats_sides_and_dealers,
    conformance.test_a_form_round_trips_and_its_errors_name_form_fields,
    conformance.test_the_sheet_adds_up_the_deal_scores,
)


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__.removeprefix("test_"))
def test_pandoeren_passes_the_conformance_checks(check):
    check(rules=pandoeren.RULES)
