"""What every request and answer goes through on a network that is not trusted (DESIGN.md
principle 7): the text of forms and links cleaned where it enters, redirects kept on this site,
the cross-site test of a refused form, and the headers that forbid framing and sniffing."""

from __future__ import annotations

import functools
import time
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Request as FlaskRequest, Response, current_app, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import TimestampSigner, URLSafeTimedSerializer, want_bytes
from itsdangerous.encoding import base64_encode
from itsdangerous.url_safe import URLSafeSerializerMixin
from flask.wrappers import Request
from werkzeug.datastructures import ImmutableMultiDict, MultiDict
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.utils import cached_property

from .. import text
from .sheets import LruCache

FRAMING = {"X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'",
           "X-Content-Type-Options": "nosniff"}
_FRAMING_LOWERED = tuple((name.lower(), name, value) for name, value in FRAMING.items())


def _cleaned(values: MultiDict[str, str]) -> ImmutableMultiDict[str, str]:
    return ImmutableMultiDict([(text.clean(key, key), text.clean(value, key, lines=True))
                               for key, value in values.items(multi=True)])


COOKIE_HEADERS_KEPT = 4096  # ``Cookie`` headers read, per worker process
COOKIE_HEADER_KEPT_MAX = 1024  # characters of a header kept (a phone's is a few hundred): 4 MB at most
_cookies_read = LruCache(size=COOKIE_HEADERS_KEPT)


class Cookies(ImmutableMultiDict[str, str]):
    """A request's cookies, whose ``get`` answers the default for a cookie not sent without the
    exception Werkzeug's raises and catches inside it (a phone sends neither a ``lang`` nor a
    ``device`` cookie, and both are asked for at every page)."""

    def get(self, key: str, default: Any = None, type: Any = None) -> Any:  # type: ignore[override]
        return super().get(key, default, type) if key in self else default


class CleanRequest(Request):
    """A request whose form fields and query arguments are :func:`scorekeeper.text.clean`: read
    normalised, or refused (RuleViolation: 400 naming the field) before any view sees them.

    A view may take a larger body than the app's ``MAX_CONTENT_LENGTH``: its own
    ``max_content_length`` attribute (the tournament import), applied before the form is read
    (the CSRF check reads it before the view runs)."""

    dict_storage_class = Cookies  # (Werkzeug's class of the cookies read, and of nothing else)

    @cached_property
    def args(self) -> ImmutableMultiDict[str, str]:  # type: ignore[override]
        return _cleaned(super().args)

    @cached_property
    def cookies(self) -> ImmutableMultiDict[str, str]:  # type: ignore[override]
        """The cookies as Werkzeug reads them, read once per ``Cookie`` header text and worker: a
        phone sends the same header with every request until its session changes, and reading it
        cost more than the session's kept copy did (the cookies are immutable: requests share them)."""
        header = self.environ.get("HTTP_COOKIE", "")
        if not header or len(header) > COOKIE_HEADER_KEPT_MAX:
            return super().cookies
        return _cookies_read.get((header,), lambda: super(CleanRequest, self).cookies)

    def _load_form_data(self) -> None:
        if "form" in self.__dict__:
            return
        view = current_app.view_functions.get(self.url_rule.endpoint) if self.url_rule else None
        if getattr(view, "max_content_length", None):
            self.max_content_length = view.max_content_length  # type: ignore[union-attr]
        super()._load_form_data()
        self.__dict__["form"] = _cleaned(self.__dict__["form"])


def local_target(target: str | None, fallback: str) -> str:
    """``target`` if it is a path on this site, else ``fallback``: every ``next`` goes through
    here. Refused: another host (``//evil.example``, ``https://...``), a backslash (browsers read
    it as a slash), and any blank or control character, which browsers drop (``/<tab>/evil``
    becomes ``//evil``) or which cannot go into a header at all."""
    if not target or not target.startswith("/") or "\\" in target or \
            any(char.isspace() or not char.isprintable() for char in target):
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or target.startswith("//"):
        return fallback
    return target


def same_origin() -> bool:
    """Did this request come from one of our own pages? Its ``Origin`` header (sent by browsers
    with every POST), else its ``Referer``, names this site. A request naming neither is not
    taken for ours."""
    ours = request.host_url.rstrip("/")
    origin = request.headers.get("Origin")
    if origin:
        return origin == ours
    referer = request.headers.get("Referer", "")
    return referer == ours or referer.startswith(f"{ours}/")


def init_app(app: Flask) -> None:
    """Clean requests, forbidding headers on every answer, and the session cookie ``Secure``
    whenever the request came over HTTPS (``SameSite=Lax``: the app's config). Behind ``PROXIES``
    reverse proxies (config; README "Running it on a club network"), the client's address, scheme
    and host are read from their ``X-Forwarded-*`` headers."""
    app.request_class = CleanRequest
    proxies = int(app.config.get("PROXIES", 0))
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)  # type: ignore[method-assign]
    app.session_interface = _SessionInterface()

    @app.after_request
    def forbid_framing(response: Response) -> Response:
        """Each header of FRAMING the view did not set, added after the others (as ``setdefault``
        would, in one pass over the headers: each missing name cost ``setdefault`` an exception)."""
        headers = response.headers
        present = {name.lower() for name, _value in headers}
        for lowered, name, value in _FRAMING_LOWERED:
            if lowered not in present:
                headers.add(name, value)
        return response


def _modified(session: SecureCookieSession) -> None:
    session.modified = True


class _Session(SecureCookieSession):
    """Flask's signed-cookie session, made from its data as a dict is, in one step: Flask's own
    constructor goes through two Python ``__init__`` and makes a new ``on_update`` closure for
    every session; here ``on_update`` (what marks the session changed) is the class's."""

    __init__ = dict.__init__  # type: ignore[assignment]
    on_update = staticmethod(_modified)


SESSIONS_KEPT = 4096  # session cookies whose signature was checked, per worker process
SESSION_REUSE_S = 60  # how long a checked cookie is taken again without checking its signature


class _SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, the cookie ``Secure`` when the request was made over HTTPS
    (behind a proxy: see ``PROXIES`` in the README).

    A phone sends the same cookie with every request until its session changes: a cookie whose
    signature was checked within the last SESSION_REUSE_S seconds, under the same keys, is read
    again from what it held then (its signature was checked, its payload decoded: a fifth of a kept
    sheet page's cost), so a cookie is taken at most that much after its lifetime. The serializer
    is made once per set of keys, not at every request."""

    session_class = _Session

    def __init__(self) -> None:
        self._serializers: dict[tuple[object, ...], URLSafeTimedSerializer] = {}
        self._checked = LruCache(size=SESSIONS_KEPT)

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(super().get_cookie_secure(app) or request.is_secure)

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        # Kept: Flask 3.1's SecureCookieSessionInterface makes a new serializer at every call.
        if not app.secret_key:
            return None
        keys = _keys(app)
        if keys not in self._serializers:  # as Flask makes it, the current key last
            self._serializers[keys] = _SessionSerializer(
                [*keys[1:], keys[0]], salt=self.salt, serializer=self.serializer, signer=_KeyKeptSigner,
                signer_kwargs={"key_derivation": self.key_derivation, "digest_method": self.digest_method})
        return self._serializers[keys]

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """As Flask does; a session that sets no cookie adds ``Cookie`` to the first ``Vary`` header
        in one pass over the headers, where Flask parses the header and writes it again (and
        ``Headers.get`` and ``set`` each look through them again: 1% of a kept sheet GET)."""
        if not session or self.should_set_cookie(app, session):
            super().save_session(app, session, response)
        elif session.accessed:
            headers = response.headers
            for index, (name, vary) in enumerate(headers):
                if name.lower() == "vary":
                    if not vary:
                        headers[index] = ("Vary", "Cookie")
                    elif "cookie" not in (item.strip().lower() for item in vary.split(",")):
                        headers[index] = ("Vary", f"{vary}, Cookie")
                    break
            else:
                headers.add("Vary", "Cookie")

    def open_session(self, app: Flask, request: FlaskRequest) -> SecureCookieSession | None:
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie or not app.secret_key:
            return super().open_session(app, request)
        key = (*_keys(app), cookie, int(time.time() // SESSION_REUSE_S))
        kept = self._checked.peek(key)
        if kept is not None:
            return self.session_class(_unshared(kept))
        session = super().open_session(app, request)
        if session and all(_plain(value) for value in session.values()):
            self._checked.get(key, lambda: _unshared(session))  # its own copy: the session may change
        return session


COMPRESSED_FROM = 512
"""Bytes of a session's JSON from which its cookie may be compressed (:class:`_SessionSerializer`)."""


class _SessionSerializer(URLSafeTimedSerializer):
    """itsdangerous' serializer of session cookies, which offers every payload to zlib and keeps the
    compressed bytes if they are shorter: a phone's session (its CSRF secret, a flashed message, a
    table's token) is about a hundred bytes that zlib makes no shorter (a 40-digit hex secret), and
    setting zlib up doubles the payload's cost (24 -> 11 µs a session written, measured). A payload
    under COMPRESSED_FROM bytes goes as it is (a cookie under 750 characters; any such cookie,
    compressed or not, is read as before); a longer one (many tables' tokens, rare) goes through
    itsdangerous' own ``dump_payload``, its JSON made a second time."""

    def dump_payload(self, obj: Any) -> bytes:
        payload = super(URLSafeSerializerMixin, self).dump_payload(obj)  # the JSON, without the mixin's zlib
        if len(payload) < COMPRESSED_FROM:
            return base64_encode(payload)
        return super().dump_payload(obj)


class _KeyKeptSigner(TimestampSigner):
    """itsdangerous' signer of session cookies, which derives the signing key from the secret key
    and the salt at every signature and every check: derived once per process here."""

    def derive_key(self, secret_key: str | bytes | None = None) -> bytes:
        secret = self.secret_keys[-1] if secret_key is None else want_bytes(secret_key)
        return _derived_key(secret, self.salt, self.key_derivation, self.digest_method)


@functools.lru_cache(maxsize=64)
def _derived_key(secret: bytes, salt: bytes, derivation: str, digest: Any) -> bytes:
    return TimestampSigner(secret, salt=salt, key_derivation=derivation, digest_method=digest).derive_key()


def _keys(app: Flask) -> tuple[object, ...]:
    """The keys a session cookie may be signed with."""
    return (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))


def _plain(value: Any) -> bool:
    """A session value a kept copy can share: text, a number, or a mapping of text (a table's token
    per match), copied for each request."""
    if isinstance(value, dict):
        return all(isinstance(item, str) for item in value.values())
    return value is None or isinstance(value, str | int | float | bool)


def _unshared(data: Any) -> dict[str, Any]:
    return {name: dict(value) if isinstance(value, dict) else value for name, value in data.items()}
