"""Fixtures: an app on a fresh database per test, its client, and a player driving the pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import Pages
from scorekeeper import create_app, games, store


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stop at once if a module compiled by setup.py is older than its source: the suite would
    test the old code (Python imports the compiled module first)."""
    package = Path(games.__file__).parent.parent
    for built in package.glob("*/*.so"):
        source = built.parent / (built.name.split(".")[0] + ".py")
        if source.exists() and built.stat().st_mtime < source.stat().st_mtime:
            pytest.exit(f"{built.name} is older than {source.name}: compile it again with `make install`", 2)


@pytest.fixture
def app(tmp_path) -> Iterator[Flask]:
    path = str(tmp_path / "scorekeeper.sqlite")
    store.init_db(path)
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "DATABASE": path})
    yield app
    store.close_thread_connections()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def pages(client: FlaskClient) -> Pages:
    return Pages(client)
