"""Who may do what: the organiser (one password, set with ``flask set-organiser-password``) and
the phones of a tournament's tables (each table's secret link).

The organiser's session holds the generation it was opened under (kept in the database,
:mod:`scorekeeper.store.security`): logging out or changing the password starts a new one, which
ends every organiser session, on every phone, a copied cookie's included. Wrong passwords are
counted by address and overall, in the database (every worker sees the same): past
LOGIN_TRIES_PER_ADDRESS from one address, or LOGIN_TRIES_OVERALL from all, within
LOGIN_WINDOW_S, the login answers 429 until the oldest of them is that old.

Casual matches are open to anyone with their address, as before. A tournament's table is
open to the organiser and to a phone that opened the table's link: the link's token is kept
in the signed session cookie and checked against the table's current token on every
request, so a revoked link stops working at once. An API client sends the token in the
``X-Table-Token`` header instead.

A script acts as the organiser with a token that ``flask organiser-token`` prints, sent as
``Authorization: Bearer <token>``: only its hash is kept, every kept hash is compared in
constant time, and revoking it (``flask organiser-token --revoke ID``) stops it at once.

These checks run at every request, a phone's kept sheet's included: they read the request, the
session and ``g`` through the object each of Flask's proxies stands for (``_get_current_object()``,
Flask's "Notes On Proxies"), not through the proxy's attribute look-up, which cost about 7,000
instructions each (a twentieth of a kept sheet GET for its fifteen).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import math
import secrets
import time
from collections.abc import Callable
from typing import Any

from flask import abort, g, jsonify, redirect, request, session, url_for
from flask_babel import gettext as _
from werkzeug.security import check_password_hash, generate_password_hash

from .. import store
from ..store import security

PASSWORD_KEY = "organiser_password"
TOKEN_HEADER = "X-Table-Token"
LOGIN_WINDOW_S = 15 * 60
LOGIN_TRIES_PER_ADDRESS = 5  # wrong passwords from one address within the window
LOGIN_TRIES_OVERALL = 30  # wrong passwords from all addresses within the window
DEVICE_COOKIE = "device"  # the short name a casual phone chose for itself (the history says it)
DEVICE_HEADER = "X-Device-Label"  # the same, for an API client
DEVICE_LABEL_MAX = 24
BEARER_MAX = 200  # characters of an Authorization header looked at (a token is 43)


def token_digest(token: str) -> str:
    """What is kept of an organiser token: its SHA-256 (a 256-bit random token needs no slow hash)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_organiser_token(db: Any, label: str = "") -> tuple[int, str]:
    """A new organiser API token (256 bits): its id, and the token, shown once and never kept."""
    token = secrets.token_urlsafe(32)
    return security.add_organiser_token(db, token_digest(token), label), token


def header_sent(name: str) -> str | None:
    """The request's header ``name``, or None: read from the WSGI environment where Werkzeug's
    headers read it, without the exception their ``get`` raises and catches for a header not sent
    (a phone sends neither an ``Authorization`` nor an ``X-Device-Label`` header)."""
    return request._get_current_object().environ.get(f"HTTP_{name.upper().replace('-', '_')}")


def holds_organiser_token() -> bool:
    """Does this request carry ``Authorization: Bearer <token>`` with a token not revoked? (Asked
    once a request; each kept hash is compared in constant time, all of them every time.)"""
    held: bool | None = g.get("organiser_token")
    if held is None:
        header = header_sent("Authorization") or ""
        scheme, _sep, token = header.partition(" ")
        held = False
        if scheme.lower() == "bearer" and token.strip() and len(header) <= BEARER_MAX and header.isascii():
            digest = token_digest(token.strip()).encode()
            held = any([hmac.compare_digest(digest, kept.encode())
                        for kept in security.organiser_digests(store.get_db())])
        g.organiser_token = held
    return held


def organiser_api(view: Callable[..., Any]) -> Callable[..., Any]:
    """Refuse an API view (401, the API's error shape) unless the request carries an organiser
    token (:func:`holds_organiser_token`); a table's ``X-Table-Token`` is not one."""
    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not holds_organiser_token():
            message = _("Send an organiser token as “Authorization: Bearer <token>” (`flask organiser-token` "
                        "prints one); this one is missing, wrong or revoked.")
            return jsonify(error={"message": message, "field": "Authorization"}), 401, {"WWW-Authenticate": "Bearer"}
        return view(*args, **kwargs)
    return wrapper


def new_token() -> str:
    """A fresh unguessable table token (192 bits)."""
    return secrets.token_urlsafe(24)


def set_password(db: Any, password: str) -> None:
    """Set the organiser's password; every organiser session open ends."""
    store.set_setting(db, PASSWORD_KEY, generate_password_hash(password))
    security.new_organiser_generation(db)


def password_is_set() -> bool:
    return store.get_setting(store.get_db(), PASSWORD_KEY) is not None


def login_wait() -> int:
    """Seconds this address must wait before its next password is even looked at (0: none)."""
    now = time.time()
    mine, everyone = security.failed_logins(store.get_db(), since=now - LOGIN_WINDOW_S,
                                            address=request.remote_addr or "")
    waits = [tries[-most] + LOGIN_WINDOW_S - now for tries, most in
             ((mine, LOGIN_TRIES_PER_ADDRESS), (everyone, LOGIN_TRIES_OVERALL)) if len(tries) >= most]
    return math.ceil(max(waits, default=0))


def log_in(password: str) -> bool:
    """Open the organiser's session if ``password`` is right; a wrong one is counted against
    this address (see :func:`login_wait`, asked first)."""
    db, address = store.get_db(), request.remote_addr or ""
    stored = store.get_setting(db, PASSWORD_KEY)
    if stored is None or not check_password_hash(stored, password):
        now = time.time()
        security.record_failed_login(db, address=address, at=now, forget_before=now - LOGIN_WINDOW_S)
        return False
    security.forget_failed_logins(db, address)
    session.clear()  # a new session: nothing granted before the login carries over
    session["organiser"] = security.organiser_generation(db)
    return True


def log_out() -> None:
    """End every organiser session (this one and any other phone's, a copied cookie's included)."""
    security.new_organiser_generation(store.get_db())
    session.clear()


def is_organiser() -> bool:
    """Does this session hold the organiser's current generation, or this request an organiser
    token? (Looked up once a request; a phone's session holding no generation and its request no
    ``Authorization`` header answer no at once, nothing looked up.)"""
    held = session._get_current_object().get("organiser")
    if not isinstance(held, str) and header_sent("Authorization") is None:
        return False
    asked = g._get_current_object()
    known: bool | None = asked.get("organiser")
    if known is None:
        known = (isinstance(held, str) and hmac.compare_digest(
            held.encode(), security.organiser_generation(store.get_db()).encode())) or holds_organiser_token()
        asked.organiser = known
    return known


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


def read_match(match_id: int) -> store.Match:
    """The match, read with the tournament table it is (one statement), which :func:`table_of`
    then answers for the rest of the request.

    :raise store.NotFound: no such match
    """
    match, table = store.get_match_and_table(store.get_db(), match_id)
    g._get_current_object().setdefault("tables_of", {})[match_id] = table
    return match


def _once_a_request(name: str, key: int, read: Callable[[Any, int], Any]) -> Any:
    """``read(db, key)``, read once a request: kept on ``g`` under ``name``, by ``key``."""
    known: dict[int, Any] = g._get_current_object().setdefault(name, {})
    if key not in known:
        known[key] = read(store.get_db(), key)
    return known[key]


def table_of(match_id: int) -> store.TableRow | None:
    """The tournament table a match is, or None for a casual match: read once a request (the
    access checks, the history's author and the page all ask)."""
    table: store.TableRow | None = _once_a_request("tables_of", match_id, store.table_of_match)
    return table


def table_now(table: store.TableRow) -> store.TableNow:
    """What the phone of a tournament's table is shown besides its deals (its sign-offs asked for, its
    round's clock, its closing): read once a request (its sheet's sign-offs and its clock both ask)."""
    now: store.TableNow = _once_a_request("tables_now", table.id, store.table_now)
    return now


def may_use(match_id: int) -> bool:
    """May this request read (or, by its method, write) the match? Casual matches: yes; a
    tournament's table: the organiser; a phone holding the table's current token, and for a
    write only while the next round is not drawn (a closed round's results stand)."""
    table = table_of(match_id)
    if table is None or is_organiser():
        return True
    held = header_sent(TOKEN_HEADER) or session._get_current_object().get("tables", {}).get(str(match_id))
    if not held or not hmac.compare_digest(held.encode(), table.token.encode()):
        return False
    if request._get_current_object().method in ("GET", "HEAD"):
        return True
    return store.count_rounds(store.get_db(), table.tournament_id) <= table.round_number  # (not closed)


def may_record(match_id: int, kind: str) -> bool:
    """May this request record, change or remove a line of ``kind`` (RULES.md §8) on the match? A
    penalty at a tournament's table only the organiser (at a casual match anyone at the table);
    anything else whoever may use the match (:func:`may_use`)."""
    return kind != "penalty" or is_organiser() or table_of(match_id) is None


def device_label() -> str:
    """The name this phone (or API client) chose for itself, or "" (too long or unprintable:
    none, as a cookie set elsewhere may be anything)."""
    label = header_sent(DEVICE_HEADER) or request._get_current_object().cookies.get(DEVICE_COOKIE) or ""
    label = label.strip()
    return label if len(label) <= DEVICE_LABEL_MAX and label.isprintable() else ""


def actor(match_id: int) -> store.Actor:
    """Who is changing the deals of ``match_id`` (the history says it): the organiser, the
    phone of a tournament's table (its number), or a casual phone or API client (its label)."""
    if is_organiser():
        return store.Actor("organiser")
    table = table_of(match_id)
    if table is not None:
        return store.Actor("table", str(table.number))
    return store.Actor("api" if request.path.startswith("/api/") else "phone", device_label())
