"""The API fuzzed from its OpenAPI document (schemathesis): whatever a client sends, no answer is
a 500, every status is one the document gives the operation, and every answer conforms to its
schema. ``make test`` runs a few cases per operation; ``make soak`` (``SCOREKEEPER_FUZZ=soak``)
many more, random ones.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from scorekeeper import store
from scorekeeper.web import apidoc

SOAK = os.environ.get("SCOREKEEPER_FUZZ") == "soak"
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]


PLAIN = {"Accept-Encoding": "identity"}  # the in-process client does not undo the app's compression
OPERATIONS = [(path, method) for path, item in apidoc.document()["paths"].items()
              for method in item if method in ("get", "put", "post", "delete")]
FUZZ = settings(max_examples=200 if SOAK else 4, deadline=None, database=None, derandomize=not SOAK,
                suppress_health_check=list(HealthCheck))


@pytest.fixture
def api_schema(app):
    """The document as the app serves it, the app holding a match and a deal to find."""
    with app.app_context():
        match_id = store.create_match(store.get_db(), game="contree", players=dict(zip("NESW", ("Ann", "Bob", "Cy", "Di"))),
                                      first_dealer="N", options={}, title="", notes="")
    app.test_client().post(f"/api/v1/matches/{match_id}/deals", json={
        "dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"})
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)


@pytest.mark.parametrize(("path", "method"), OPERATIONS)
def test_the_api_keeps_its_contract(api_schema, path, method):
    @FUZZ
    @given(case=api_schema[path][method.upper()].as_strategy())
    def check(case):
        case.call_and_validate(headers=PLAIN, checks=CHECKS)

    check()
