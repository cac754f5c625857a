"""A live app on a loopback port and real headless Chromium (Debian's package) via Playwright."""

from __future__ import annotations

import contextlib
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import make_server

from scorekeeper import store
from tests.helpers import new_app

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[tuple[Flask, str]]:
    """The app on a fresh database in ``folder``, served on a loopback port: the app and its address."""
    path = str(folder / "browser.sqlite")
    store.init_db(path)
    app = new_app({"SECRET_KEY": "browser-test", "DATABASE": path})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture
def live_url(tmp_path) -> Iterator[str]:
    with serving(tmp_path) as (_, url):
        yield url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is not installed: run `make test` as root, or apt-get install chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-background-networking", "--disable-gpu",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale="en-GB")
    page = context.new_page()
    yield page
    context.close()
