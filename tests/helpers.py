"""Helpers for the web tests: apps sharing their compiled templates, real CSRF tokens read from the
pages, and a player at the table."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping
from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from scorekeeper import create_app


class KeptTemplates(BytecodeCache):
    """The templates compiled by one app, kept in memory for the next (every test builds an app, and
    an app compiles each template it renders once: half the time of a test's first pages)."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = KeptTemplates()


def new_app(config: Mapping[str, object]) -> Flask:
    """``create_app`` with the templates compiled by the session's earlier apps."""
    app = create_app(config)
    app.jinja_env.bytecode_cache = TEMPLATES
    return app


TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')


def csrf_token(html: str) -> str:
    """The CSRF token of the first form on a page."""
    found = TOKEN.search(html)
    assert found, "the page has no CSRF token"
    return found.group(1) or found.group(2)


class _FormReader(HTMLParser):
    """The fields of each form of a page as a browser sends them untouched: every text input and
    textarea with its value, the ticked boxes and radios, each select's chosen option."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, str]] = []
        self.fields: dict[str, str] | None = None
        self.select: str | None = None
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.fields = {}
            self.forms.append(self.fields)
        if self.fields is None or "disabled" in attr:
            return
        name = attr.get("name")
        if tag == "input" and name:
            kind = attr.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in attr:
                    self.fields[name] = attr.get("value", "on")
            elif kind not in ("submit", "button", "file"):
                self.fields[name] = attr.get("value", "")
        elif tag == "select" and name:
            self.select = name
        elif tag == "option" and self.select and ("selected" in attr or self.select not in self.fields):
            self.fields[self.select] = attr.get("value", "")
        elif tag == "textarea" and name:
            self.textarea = name
            self.fields[name] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.fields = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea and self.fields is not None:
            # (a browser drops the one line break that opens a textarea's text)
            text = self.fields[self.textarea] + data
            self.fields[self.textarea] = text.removeprefix("\r\n") if text.startswith("\r\n") else \
                text.removeprefix("\n")


def form_fields(html: str) -> dict[str, str]:
    """What a browser sends from the page's main form (the one with the most fields; a page may
    also hold small ones, such as "Log out") when nothing is changed: ticked boxes as their value
    ("y"), unticked ones absent. A test then changes what the person types."""
    reader = _FormReader()
    reader.feed(html)
    assert reader.forms, "the page has no form"
    return max(reader.forms, key=len)


def hidden(html: str, name: str) -> str:
    """The value of a hidden input."""
    found = re.search(rf'id="{name}" name="{name}" type="hidden" value="([^"]*)"', html)
    assert found, f"no hidden {name}"
    return found.group(1)


class Pages:
    """A player at the table, driving the pages with the test client."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def start_match(self, game: str = "contree", players: Mapping[str, str] | None = None,
                    **fields: str) -> int:
        page = self.client.get(f"/matches/new/{game}").get_data(as_text=True)
        players = players or {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}
        data = {**form_fields(page), "first_dealer": "N",
                **{f"player_{seat}": name for seat, name in players.items()}, **fields}
        response = self.client.post(f"/matches/new/{game}", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        return int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])

    def deal_form(self, match_id: int, deal_id: int | None = None) -> str:
        url = f"/matches/{match_id}/deals/{deal_id}/edit" if deal_id else f"/matches/{match_id}/deals/new"
        return self.client.get(url).get_data(as_text=True)

    def post_deal(self, match_id: int, fields: Mapping[str, str], *, deal_id: int | None = None,
                  action: str = "save", page: str | None = None):
        url = f"/matches/{match_id}/deals/{deal_id}/edit" if deal_id else f"/matches/{match_id}/deals/new"
        page = page or self.deal_form(match_id, deal_id)
        data = {**form_fields(page), "action": action, **fields}
        return self.client.post(url, data=data)


BOOKLET_WAIT_S = 120  # a generous bound for a loaded machine; the test waits for the state, never times it


def wait_for(client: FlaskClient, location: str) -> str:
    """The booklet's page once it says the booklet is ready or failed."""
    deadline = time.monotonic() + BOOKLET_WAIT_S
    while time.monotonic() < deadline:
        html = client.get(location).get_data(as_text=True)
        if "Ready:" in html or "could not be printed" in html:
            return html
        assert 'http-equiv="refresh"' in html  # the page follows the printing by itself
        time.sleep(0.2)
    pytest.fail(f"the booklet was not printed within {BOOKLET_WAIT_S} s")


def http_examples(text: str) -> list[tuple[str, str, dict | None, dict[str, str], object]]:
    """The ```http examples of a part of docs/api.md, in order: (method, path, JSON body or None, the
    headers but Content-Type, the documented answer in the ```json block right after, or None)."""
    blocks = re.findall(r"```(http|json)\n(.*?)```", text, re.DOTALL)
    calls = []
    for at, (kind, block) in enumerate(blocks):
        if kind == "http":
            head, _, body = block.partition("\n\n")
            first, *header_lines = head.splitlines()
            method, path = first.split()
            headers = dict(line.split(": ", 1) for line in header_lines if not line.startswith("Content-Type"))
            answer = json.loads(blocks[at + 1][1]) if at + 1 < len(blocks) and blocks[at + 1][0] == "json" else None
            calls.append((method, path, json.loads(body) if body.strip() else None, headers, answer))
    return calls
