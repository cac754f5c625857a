"""Compressed answers kept by what they hold: equal bytes are compressed once per worker process.

Flask-Compress compresses every answer afresh. But a kept sheet page's bytes repeat (a phone's form
token serves :data:`sheets.TOKEN_REUSE_S` seconds, so it reads the same page until a deal or a
message changes it), ``wall.json`` is the same for every screen, and the desk carries the organiser's
token likewise. Flask-Compress's cache (``COMPRESS_CACHE_BACKEND``) is keyed by what
``COMPRESS_CACHE_KEY`` makes of the request, which does not say what the answer holds; so our
after-request hook, run just before Flask-Compress's, notes on ``g`` the answer's bytes themselves
(with the compression levels) as the key's text. An entry is found only by equal bytes, so it can
never be another answer's (a digest of the bytes, ``blake2b``, took longer than zstd's level 1 on
every page: docs/performance.md, get20), and an answer with nothing noted is neither looked up nor kept.
"""

from __future__ import annotations

import sys
from typing import NamedTuple

from flask import Flask, Request, Response, g, request
from flask_compress import Compress

from .sheets import LruCache

KEPT_BYTES = 16 * 1024 * 1024  # compressed answers and the plain text they are found by, per worker process
KEPT = 4096  # answers kept: a national final's phones, each reading its table's sheet with its own token
LEVELS = ("COMPRESS_ZSTD_LEVEL", "COMPRESS_BR_LEVEL", "COMPRESS_LEVEL", "COMPRESS_DEFLATE_LEVEL")


class Packed(NamedTuple):
    """A compressed answer, with the key that finds it (the plain text), both weighed as kept."""

    key: str
    data: bytes

    def __sizeof__(self) -> int:
        return sys.getsizeof(self.key) + sys.getsizeof(self.data)


class KeptPacked:
    """Flask-Compress's cache backend: compressed answers by ``"<algorithm>;<levels>;<plain text>"``;
    a key with no text after the algorithm (nothing noted for the answer) is never looked up or kept."""

    def __init__(self) -> None:
        self._kept = LruCache(size=KEPT, max_bytes=KEPT_BYTES)

    def get(self, key: str) -> bytes | None:
        packed = self._kept.peek((key,)) if noted(key) else None
        return packed.data if packed is not None else None

    def set(self, key: str, value: bytes) -> None:
        if noted(key):
            self._kept.get((key,), lambda: Packed(key, value))


def noted(key: str) -> bool:
    """Whether Flask-Compress's key holds text after its algorithm's name (our hook noted the answer)."""
    return key.index(";") + 1 < len(key)


def cache_key(_request: Request) -> str:
    """The answer's text as our hook noted it, once; nothing if it noted none."""
    return g.pop("packed_key", "")


def init_app(app: Flask, compress: Compress) -> None:
    """Key Flask-Compress's cache by the answers' bytes; call after ``compress.init_app(app)``, so
    that the hook noting them is the last registered and runs just before Flask-Compress's."""
    compress.cache, compress.cache_key = KeptPacked(), cache_key
    levels = ",".join(str(app.config[name]) for name in LEVELS) + ";"
    least = app.config["COMPRESS_MIN_SIZE"]

    @app.after_request
    def note_plain(response: Response) -> Response:
        """Note the answer's bytes for Flask-Compress's cache key, if it may compress them."""
        if (not response.is_streamed and 200 <= response.status_code < 300 and "HTTP_ACCEPT_ENCODING" in request.environ
                and response.mimetype in compress.compress_mimetypes_set):
            data = response.get_data()
            if len(data) >= least:
                g.packed_key = levels + data.decode("latin-1")
                return response
        g.pop("packed_key", None)
        return response
