"""Nothing undocumented: every house rule and every API route appears in docs/."""

from __future__ import annotations

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
