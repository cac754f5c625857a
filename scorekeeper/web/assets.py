"""Static files under fingerprinted addresses, kept by the phones for a year.

``url_for('static', filename=...)`` adds ``?v=`` and the first characters of the file's SHA-256:
a changed file has a new address, so the old one may be cached for good, and a phone at the table
loads the style sheet and the scripts once instead of asking again on every page. An address
without the file's current fingerprint is served as before (revalidated).
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from stat import S_ISREG
from typing import Any

from flask import Flask, Response, current_app, request

FINGERPRINT_CHARS = 12
CACHED_FOR = 365 * 24 * 3600  # a year: the address changes with the file


@functools.lru_cache(maxsize=64)
def _digest(path: Path, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:FINGERPRINT_CHARS]


@functools.lru_cache(maxsize=256)
def _within(static_folder: str, filename: str) -> Path | None:
    """Where a static file's name leads, if inside the static folder (resolved once per name)."""
    root = Path(static_folder).resolve()
    path = (root / filename).resolve()
    return path if path.is_relative_to(root) else None


def fingerprint(static_folder: str, filename: str) -> str | None:
    """The fingerprint of a static file (read again once it changes), or None if there is no such
    file: one ``stat`` a page's address (a page asks for three or four)."""
    path = _within(static_folder, filename)
    if path is None:
        return None
    try:
        stat = path.stat()
    except OSError:  # no such file
        return None
    return _digest(path, stat.st_mtime_ns, stat.st_size) if S_ISREG(stat.st_mode) else None


def init_app(app: Flask) -> None:
    """Fingerprint the static addresses the app writes, and cache those it is asked for."""

    @app.url_defaults
    def add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            found = fingerprint(current_app.static_folder or "static", values["filename"])
            if found:
                values["v"] = found

    @app.after_request  # (runs before the compressor's, registered earlier)
    def cache_fingerprinted(response: Response) -> Response:
        if request._get_current_object().endpoint != "static":  # (a page: asked once, not through the proxy)
            return response
        if response.status_code == 200:
            # a few kB each: read whole, the compressor takes them as a page (as a stream it would
            # leave the file open)
            response.direct_passthrough = False
            response.make_sequence()
        if response.status_code in (200, 304) and request.args.get("v") == fingerprint(
                current_app.static_folder or "static", (request.view_args or {}).get("filename", "")):
            response.cache_control.public = True
            response.cache_control.max_age = CACHED_FOR
            response.cache_control.immutable = True
            response.cache_control.no_cache = None
        return response
