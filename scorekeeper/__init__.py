"""Scorekeeper: the score-keeping and referee companion for Jass-family card games."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Mapping
from inspect import CO_COROUTINE
from pathlib import Path
from types import FunctionType
from typing import Any

from flask import Flask, current_app, request
from flask_babel import Babel
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect

from . import cli, web
from .web import packed
from .web.languages import LANGUAGES, select_locale

ROOT = Path(__file__).resolve().parent.parent
CSRF_TOKEN_LIFETIME = 24 * 3600  # a whole evening at the table, and then some (PLATFORM.md)


class CSRF(CSRFProtect):
    """Flask-WTF's CSRF check, which looks up whether the view is exempt before it sees that the
    method needs no check (a GET, a HEAD): that method's request is let through first, as the check
    would let it through after the look-up; a POST, PUT, PATCH or DELETE is checked as before."""

    def protect(self, apply_exemptions: bool = False) -> None:
        asked, app = request._get_current_object(), current_app._get_current_object()  # (web/access.py)
        if asked.method not in app.config["WTF_CSRF_METHODS"]:
            return
        super().protect(apply_exemptions)


csrf = CSRF()
babel = Babel()
compress = Compress()  # gzip, brotli or zstd, as the phone asks: a sheet's HTML shrinks about ninefold
# Each new answer is compressed afresh (an equal one once: web/packed.py), so each algorithm's
# fastest level that keeps the bytes small (docs/performance.md, get19; the 30-deal sheet, the desk
# and the wall of a 500-table final): zstd 1 (today's browsers ask it, Flask-Compress's first choice)
# takes 0.77-0.89 of level 3's time for -9% to +8% bytes (the desk's 1.8 MB sent as 45 kB); brotli 1
# (Safari) a fifth to a third of quality 4's for 15-22% more; gzip 1 (older browsers) 0.4-0.7 of
# level 6's for 5-18% more.
# Answers under 500 bytes and 304s are sent as they are (Flask-Compress's own rule).
# Flask-Compress's own hook is not registered: web/packed.py's compresses with these settings (get21).
COMPRESS_SETTINGS = {"COMPRESS_ZSTD_LEVEL": 1, "COMPRESS_BR_LEVEL": 1, "COMPRESS_LEVEL": 1,
                     "COMPRESS_DEFLATE_LEVEL": 1, "COMPRESS_REGISTER": False}


class App(Flask):
    """Flask, which asks :func:`inspect.iscoroutinefunction` of the view and of every hook
    (before and after the request, teardown) at every request: a plain function's code says it at once."""

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        if type(func) is FunctionType and not func.__code__.co_flags & CO_COROUTINE:
            return func
        return super().ensure_sync(func)


def _read_secret_key(path: Path) -> str:
    """One key shared by every worker, kept in the instance folder (mode 0600)."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config: Mapping[str, object] | None = None) -> Flask:
    """Build the app; tests pass config, production reads instance/config.py."""
    app = App(__name__, instance_path=str(ROOT / "instance"), instance_relative_config=True,
                template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    app.config.from_mapping(DATABASE=str(ROOT / "instance" / "scorekeeper.sqlite"),
                            WTF_CSRF_TIME_LIMIT=CSRF_TOKEN_LIFETIME, LANGUAGES=LANGUAGES,
                            MAX_CONTENT_LENGTH=256 * 1024, SESSION_COOKIE_SAMESITE="Lax",
                            PUBLIC_URL=os.environ.get("SCOREKEEPER_PUBLIC_URL", ""), **COMPRESS_SETTINGS)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config["SECRET_KEY"] = _read_secret_key(Path(app.instance_path) / "secret_key")
    else:
        app.config.update(test_config)
    app.config.setdefault("KEEP_ENDED", not app.testing)  # an ended match's sheet printed in the background
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    compress.init_app(app)
    packed.init_app(app, compress)  # answers compressed by our hook, equal ones once (Compress's for streamed ones)
    cli.init_app(app)
    web.register(app, csrf)
    return app
