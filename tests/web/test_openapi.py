"""The OpenAPI document (/api/v1/openapi.json) agrees with the routes and with docs/api.md.

The API's answers everywhere in the suite are checked against it by the test client
(tests/conftest.py ``ContractClient``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from openapi_spec_validator import validate

from scorekeeper import games
from scorekeeper.web import apidoc

DOCS = Path(__file__).parents[2] / "docs" / "api.md"
AUTOMATIC = {"HEAD", "OPTIONS"}


def _routes(app) -> set[tuple[str, str]]:
    """Every (path, method) of the URL map under /api/v1, in OpenAPI's path syntax."""
    return {(re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule), method.lower())
            for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/v1/")
            for method in rule.methods - AUTOMATIC}


def _documented(document) -> set[tuple[str, str]]:
    methods = {"get", "put", "post", "delete", "patch"}
    return {(path, method) for path, item in document["paths"].items() for method in item if method in methods}


def test_the_served_document_is_valid_openapi_3_1(client):
    served = client.get("/api/v1/openapi.json").json
    validate(served)
    assert served["openapi"].startswith("3.1")
    assert served == apidoc.assemble()


def test_every_api_route_is_documented_and_every_documented_path_is_a_route(app):
    routes, documented = _routes(app), _documented(apidoc.document())
    assert routes - documented == set(), "routes missing from the OpenAPI document"
    assert documented - routes == set(), "documented paths with no route"


def test_the_document_has_the_error_shape_and_both_auth_headers():
    components = apidoc.document()["components"]
    assert components["schemas"]["Error"]["required"] == ["error"]
    schemes = components["securitySchemes"]
    assert schemes["organiserBearer"] == {**schemes["organiserBearer"], "type": "http", "scheme": "bearer"}
    assert schemes["tableToken"] == {**schemes["tableToken"], "type": "apiKey", "in": "header", "name": "X-Table-Token"}


def _write(folder: Path, name: str, part: dict) -> None:
    (folder / name).write_text(json.dumps(part), encoding="utf-8")


def test_the_parts_are_merged_whatever_files_are_there(tmp_path):
    _write(tmp_path, "base.json", {"openapi": "3.1.0", "paths": {}, "components": {"schemas": {"Error": {}}}})
    _write(tmp_path, "club.json", {"paths": {"/api/v1/tournaments": {"get": {}}},
                                   "components": {"schemas": {"Tournament": {}}}})
    _write(tmp_path, "matches.json", {"paths": {"/api/v1/matches": {"get": {}}}})
    document = apidoc.assemble(tmp_path)
    assert set(document["paths"]) == {"/api/v1/tournaments", "/api/v1/matches"}
    assert set(document["components"]["schemas"]) == {"Error", "Tournament"}


@pytest.mark.parametrize("second", [
    {"paths": {"/api/v1/matches": {"post": {}}}},
    {"paths": {}, "components": {"schemas": {"Error": {"type": "object"}}}},
    {"paths": {}, "openapi": "3.0.0"},
])
def test_a_path_or_component_defined_twice_is_an_error(tmp_path, second):
    _write(tmp_path, "a.json", {"openapi": "3.1.0", "paths": {"/api/v1/matches": {"get": {}}},
                                "components": {"schemas": {"Error": {}}}})
    _write(tmp_path, "b.json", second)
    with pytest.raises(apidoc.DocumentError, match="b.json: .* is defined twice"):
        apidoc.assemble(tmp_path)


def test_the_guide_links_the_document_and_names_every_game():
    guide = DOCS.read_text(encoding="utf-8")
    assert "/api/v1/openapi.json" in guide
    for key in games.RULES:
        assert f"`{key}`" in guide
    assert set(games.RULES) == set(apidoc.document()["components"]["parameters"]["game"]["schema"]["enum"])


@pytest.mark.parametrize("schema", ["ScoredDeal", "RefereeAnswer", "Match", "SheetDeal", "Event"])
def test_the_guide_documents_every_answer_field(schema):
    guide = DOCS.read_text(encoding="utf-8")
    fields = apidoc.document()["components"]["schemas"][schema]["properties"]
    assert [name for name in fields if f"`{name}`" not in guide] == []
