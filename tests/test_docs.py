"""Nothing undocumented: every house rule and every API route appears in docs/, and the API
examples there answer what they say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper import games

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize("rules", games.RULES.values(), ids=lambda r: r.key)
def test_every_option_is_documented(rules):
    text = (DOCS / "options.md").read_text()
    missing = [o.key for o in rules.options if f"`{o.key}`" not in text]
    assert not missing, f"docs/options.md lacks {missing}"


def test_every_api_route_is_documented(app):
    text = (DOCS / "api.md").read_text()
    headings = {line.removeprefix("### ").strip() for line in text.splitlines() if line.startswith("### ")}
    routes = {f"{method} {rule.rule.replace('<int:', '<')}" for rule in app.url_map.iter_rules()
              if rule.rule.startswith("/api/") for method in rule.methods - {"HEAD", "OPTIONS"}}
    missing = sorted(routes - headings)
    assert not missing, f"docs/api.md lacks a '### METHOD /path' heading for {missing}"


def _examples() -> list[tuple[str, dict | None, dict[str, str], object]]:
    """docs/api.md's curl examples in order: (path, JSON body or None, headers, the documented
    answer or None). "..." in a documented answer stands for what the page leaves out."""
    text = (DOCS / "api.md").read_text()
    blocks = re.findall(r"```(sh|json)\n(.*?)```", text, re.DOTALL)
    examples = []
    for at, (kind, body) in enumerate(blocks):
        if kind != "sh":
            continue
        path = re.search(r"localhost:8000(\S+)", body).group(1)
        data = re.search(r"-d '(.*)'", body, re.DOTALL)
        headers = dict(re.findall(r"-H '([\w-]+): ([^']*)'", body))
        answer = json.loads(blocks[at + 1][1]) if at + 1 < len(blocks) and blocks[at + 1][0] == "json" else None
        examples.append((path, json.loads(data.group(1)) if data else None, headers, answer))
    return examples


def _as_documented(got: object, documented: object, where: str = "") -> None:
    if isinstance(documented, dict):
        assert isinstance(got, dict), where
        for key, value in documented.items():
            if key != "...":
                assert key in got, f"{where}.{key} is documented but not answered"
                _as_documented(got[key], value, f"{where}.{key}")
    elif isinstance(documented, list) and documented and documented[-1] == "...":
        assert isinstance(got, list) and len(got) >= len(documented) - 1, where
        for at, value in enumerate(documented[:-1]):
            _as_documented(got[at], value, f"{where}[{at}]")
    else:
        assert got == documented, f"{where}: answered {got!r}, documented {documented!r}"


def test_the_api_examples_answer_as_documented(client):
    """Each curl example of docs/api.md, run in order on a fresh database, answers what the page says."""
    examples = _examples()
    assert len(examples) >= 7
    for path, body, headers, answer in examples:
        headers = {key: value for key, value in headers.items() if key != "Content-Type"}
        response = client.post(path, json=body, headers=headers) if body is not None else client.get(path)
        assert response.status_code in (200, 201), (path, response.get_json())
        if answer is not None:
            _as_documented(response.get_json(), answer, path)
