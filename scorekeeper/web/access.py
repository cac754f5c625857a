"""Who may do what: the organiser (one password, set with ``flask set-organiser-password``) and
the phones of a tournament's tables (each table's secret link).

Casual matches are open to anyone with their address, as before. A tournament's table is
open to the organiser and to a phone that opened the table's link: the link's token is kept
in the signed session cookie and checked against the table's current token on every
request, so a revoked link stops working at once. An API client sends the token in the
``X-Table-Token`` header instead.
"""

from __future__ import annotations

import functools
import hmac
import secrets
from collections.abc import Callable
from typing import Any

from flask import abort, redirect, request, session, url_for
from werkzeug.security import check_password_hash, generate_password_hash

from .. import store

PASSWORD_KEY = "organiser_password"
TOKEN_HEADER = "X-Table-Token"
DEVICE_COOKIE = "device"  # the short name a casual phone chose for itself (the history says it)
DEVICE_HEADER = "X-Device-Label"  # the same, for an API client
DEVICE_LABEL_MAX = 24


def new_token() -> str:
    """A fresh unguessable table token (192 bits)."""
    return secrets.token_urlsafe(24)


def set_password(db: Any, password: str) -> None:
    store.set_setting(db, PASSWORD_KEY, generate_password_hash(password))


def password_is_set() -> bool:
    return store.get_setting(store.get_db(), PASSWORD_KEY) is not None


def log_in(password: str) -> bool:
    """Open the organiser's session if ``password`` is right."""
    stored = store.get_setting(store.get_db(), PASSWORD_KEY)
    if stored is None or not check_password_hash(stored, password):
        return False
    session.clear()  # a new session: nothing granted before the login carries over
    session["organiser"] = True
    return True


def log_out() -> None:
    session.clear()


def is_organiser() -> bool:
    return bool(session.get("organiser"))


def organiser_only(view: Callable[..., Any]) -> Callable[..., Any]:
    """Refuse a view to anyone but the organiser (pages: to the login; API: 401)."""
    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not is_organiser():
            if request.path.startswith("/api/"):
                abort(401)
            return redirect(url_for("tournaments.login", next=request.full_path.rstrip("?")))
        return view(*args, **kwargs)
    return wrapper


def grant_table(match_id: int, token: str) -> None:
    """Remember in this phone's session that it opened the table of ``match_id`` with ``token``."""
    tables = dict(session.get("tables", {}))
    tables[str(match_id)] = token
    session["tables"] = tables


def may_use(match_id: int) -> bool:
    """May this request read (or, by its method, write) the match? Casual matches: yes; a
    tournament's table: the organiser; a phone holding the table's current token, and for a
    write only while the next round is not drawn (a closed round's results stand)."""
    db = store.get_db()
    table = store.table_of_match(db, match_id)
    if table is None or is_organiser():
        return True
    held = request.headers.get(TOKEN_HEADER) or session.get("tables", {}).get(str(match_id))
    if not held or not hmac.compare_digest(held.encode(), table.token.encode()):
        return False
    closed = len(store.list_rounds(db, table.tournament_id)) > table.round_number
    return request.method in ("GET", "HEAD") or not closed


def device_label() -> str:
    """The name this phone (or API client) chose for itself, or "" (too long or unprintable:
    none, as a cookie set elsewhere may be anything)."""
    label = (request.headers.get(DEVICE_HEADER) or request.cookies.get(DEVICE_COOKIE) or "").strip()
    return label if len(label) <= DEVICE_LABEL_MAX and label.isprintable() else ""


def actor(match_id: int) -> store.Actor:
    """Who is changing the deals of ``match_id`` (the history says it): the organiser, the
    phone of a tournament's table (its number), or a casual phone or API client (its label)."""
    if is_organiser():
        return store.Actor("organiser")
    table = store.table_of_match(store.get_db(), match_id)
    if table is not None:
        return store.Actor("table", str(table.number))
    return store.Actor("api" if request.path.startswith("/api/") else "phone", device_label())
