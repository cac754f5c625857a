"""Fixtures: an app on a fresh database per test, its client, and a player driving the pages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import Pages
from scorekeeper import create_app, store


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
