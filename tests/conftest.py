"""Fixtures: an app on a fresh database per test, its client, and a player driving the pages.

What keeps them quick (docs/testing.md): the database is migrated once per session and each test
gets a copy of that file; the apps share one cache of compiled templates (Jinja's bytecode cache,
keyed by each template's source: an edited template is compiled again)."""

from __future__ import annotations

import functools
import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIResponse
from openapi_core.testing import MockRequest
from werkzeug.exceptions import HTTPException

from tests.helpers import Pages, new_app
from scorekeeper import games, store
from scorekeeper.web import apidoc


def pytest_sessionstart(session: pytest.Session) -> None:
    """Stop at once if a module compiled by setup.py is older than its source: the suite would
    test the old code (Python imports the compiled module first)."""
    package = Path(games.__file__).parent.parent
    for built in package.glob("*/*.so"):
        source = built.parent / (built.name.split(".")[0] + ".py")
        if source.exists() and built.stat().st_mtime < source.stat().st_mtime:
            pytest.exit(f"{built.name} is older than {source.name}: compile it again with `make install`", 2)


@functools.cache
def openapi() -> OpenAPI:
    """The API's OpenAPI document, checked once (openapi-core refuses an invalid document)."""
    return OpenAPI.from_dict(apidoc.document())


AUTOMATIC = frozenset({"HEAD", "OPTIONS"})  # the methods Flask answers for every route itself


class ContractClient(FlaskClient):
    """A test client that checks every /api/v1 answer against the OpenAPI document: its path
    and method are documented, its status too, and its body conforms to the status's schema."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        asked = response.request  # its body was read by the app: only its method and path are needed
        if asked.path.startswith("/api/v1/") and asked.method not in AUTOMATIC and self._routed(asked):
            openapi().validate_response(MockRequest(asked.host_url, asked.method, asked.path),
                                        WerkzeugOpenAPIResponse(response))
        return response

    def _routed(self, asked) -> bool:
        """The request reached a route (a path no route has, or a method it lacks, is nobody's operation)."""
        try:
            self.application.url_map.bind("localhost").match(asked.path, method=asked.method)
        except HTTPException:
            return False
        return True


@pytest.fixture(scope="session")
def migrated(tmp_path_factory) -> str:
    """A database with every migration applied, made once: each test starts from a copy."""
    path = str(tmp_path_factory.mktemp("template") / "migrated.sqlite")
    store.init_db(path)
    assert not os.path.exists(f"{path}-wal")  # closed: the whole database is in the one file
    return path


def fresh_database(migrated: str, path: Path) -> str:
    """A copy of the migrated database at ``path``, as ``store.init_db`` leaves a new one (WAL mode
    is kept in the file; the server's user alone may read it)."""
    shutil.copyfile(migrated, path)
    os.chmod(path, 0o600)
    return str(path)


@pytest.fixture(autouse=True)
def printers_ended() -> Iterator[None]:
    """The booklets' printing processes a test started (scorekeeper.web.booklet.start: a session of
    their own), ended and reaped with the test: one left printing past the end of the run was reported
    at exit ("ResourceWarning: subprocess ... is still running"), and wrote into a folder already gone."""
    yield
    from scorekeeper.web import booklet

    for child in booklet._CHILDREN:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGTERM)
        child.wait()
    booklet._CHILDREN.clear()


@pytest.fixture
def app(tmp_path, migrated) -> Iterator[Flask]:
    path = fresh_database(migrated, tmp_path / "scorekeeper.sqlite")
    app = new_app({"TESTING": True, "SECRET_KEY": "test-secret", "DATABASE": path})
    app.test_client_class = ContractClient
    yield app
    store.close_thread_connections()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def pages(client: FlaskClient) -> Pages:
    return Pages(client)
