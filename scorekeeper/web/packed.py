"""Compressed answers kept by what they hold: equal bytes are compressed once per worker process.

Flask-Compress compresses every answer afresh. But a kept sheet page's bytes repeat (a phone's form
token serves :data:`sheets.TOKEN_REUSE_S` seconds, so it reads the same page until a deal or a
message changes it), ``wall.json`` is the same for every screen, and the desk carries the organiser's
token likewise. Flask-Compress's cache (``COMPRESS_CACHE_BACKEND``) is keyed by what
``COMPRESS_CACHE_KEY`` makes of the request, which does not say what the answer holds; so our
after-request hook, run just before Flask-Compress's, notes the answer's bytes on ``g``, and our
backend keeps the compressed bytes by the algorithm Flask-Compress's key names, the levels and
those bytes. An entry is found only by equal bytes, so it can never be another answer's, and an
answer with nothing noted is neither looked up nor kept. (A digest of the bytes, ``blake2b``, took
longer than zstd's level 1 on every page, and Python's own hash of them a quarter of it on a sheet:
the bytes are hashed by a sample, and compared whole: docs/performance.md, get20.) A view that knows
what its answer is made of (a sheet's kept page and the visitor's own: :func:`sheets.made_of`) has it
found by those instead, neither sampled nor compared (get21). And zstd, the encoding today's browsers
get, compresses with a context kept per thread, not a new one per answer as Flask-Compress's
``compression.zstd.compress`` makes (its tables zeroed every time): the same bytes (get21).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Hashable
from typing import NamedTuple

from flask import Flask, Request, Response, g, request
from flask_compress import Compress
from flask_compress.compat import compression  # (zstd as Flask-Compress imports it: the stdlib's from 3.14)

from .sheets import LruCache

KEPT_BYTES = 16 * 1024 * 1024  # compressed answers and the plain bytes they are found by, per worker process
KEPT = 4096  # answers kept: a national final's phones, each reading its table's sheet with its own token
LEVELS = ("COMPRESS_ZSTD_LEVEL", "COMPRESS_BR_LEVEL", "COMPRESS_LEVEL", "COMPRESS_DEFLATE_LEVEL")
ZSTD_KEY = "zstd;"  # Flask-Compress's key for an answer it sends as zstd: the algorithm, ";" and our cache_key's ""
SAMPLE_STEP = 61  # every 61st byte hashed, and the length: answers a byte apart may share a hash


class Answer:
    """An answer's bytes as compressed at the app's levels: equal only to the same bytes at the
    same levels, hashed by their length and a sample (Python's hash of them all cost a quarter of
    compressing a sheet)."""

    __slots__ = ("levels", "data", "_hash")

    def __init__(self, levels: str, data: bytes) -> None:
        self.levels, self.data = levels, data
        self._hash = hash((levels, len(data), data[::SAMPLE_STEP]))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Answer) and self.data == other.data and self.levels == other.levels


class Noted(NamedTuple):
    """An answer noted for the cache: what finds it (its bytes, :class:`Answer`, or what it is made
    of, :func:`sheets.made_of`) and its plain bytes."""

    found_by: Hashable
    plain: bytes


class Packed(NamedTuple):
    """A compressed answer, with the plain bytes that find it, both weighed as kept."""

    plain: bytes
    data: bytes

    def __sizeof__(self) -> int:
        return sys.getsizeof(self.plain) + sys.getsizeof(self.data)


class ZstdContext(threading.local):
    """A thread's zstd compressor at the app's level, kept between answers: each answer one frame of
    its own (``FLUSH_FRAME``), as ``compression.zstd.compress`` makes it with a new context."""

    def __init__(self, level: int) -> None:
        self.compressor = compression.zstd.ZstdCompressor(level=level)

    def compress(self, data: bytes) -> bytes:
        """``data`` as one zstd frame."""
        return self.compressor.compress(data, compression.zstd.ZstdCompressor.FLUSH_FRAME)  # type: ignore[no-any-return]


class KeptPacked:
    """Flask-Compress's cache backend: compressed answers by the algorithm its key names and the
    answer our hook noted; with nothing noted, nothing is looked up or kept. An answer to be sent as
    zstd is compressed here (a thread's kept context), the others by Flask-Compress."""

    def __init__(self, zstd: ZstdContext) -> None:
        self._kept, self._zstd = LruCache(size=KEPT, max_bytes=KEPT_BYTES), zstd

    def get(self, key: str) -> bytes | None:
        noted = g.get("packed_answer")
        if noted is None:
            return None
        if key == ZSTD_KEY:
            return self._kept.get((key, noted.found_by),  # type: ignore[no-any-return]
                                  lambda: Packed(noted.plain, self._zstd.compress(noted.plain))).data
        packed = self._kept.peek((key, noted.found_by))
        return packed.data if packed is not None else None

    def set(self, key: str, value: bytes) -> None:
        noted = g.pop("packed_answer", None)  # (asked once: Flask-Compress sets after every get)
        if noted is not None:
            self._kept.get((key, noted.found_by), lambda: Packed(noted.plain, value))


def cache_key(_request: Request) -> str:
    """Nothing of the request: Flask-Compress's key is the algorithm's name, the answer is noted on ``g``."""
    return ""


def init_app(app: Flask, compress: Compress) -> None:
    """Key Flask-Compress's cache by the answers' bytes; call after ``compress.init_app(app)``, so
    that the hook noting them is the last registered and runs just before Flask-Compress's."""
    compress.cache = KeptPacked(ZstdContext(app.config["COMPRESS_ZSTD_LEVEL"]))
    compress.cache_key = cache_key
    levels = ",".join(str(app.config[name]) for name in LEVELS)
    least = app.config["COMPRESS_MIN_SIZE"]

    @app.after_request
    def note_answer(response: Response) -> Response:
        """Note the answer for Flask-Compress's cache, if it may compress it: by what the view made it
        of if it is sent as the view made it (:func:`sheets.made_of`), else by its bytes."""
        made = g.pop("packed_made_of", None)
        if (not response.is_streamed and 200 <= response.status_code < 300 and "HTTP_ACCEPT_ENCODING" in
                request.environ and response.mimetype in compress.compress_mimetypes_set):
            data = response.get_data()
            if len(data) >= least:
                g.packed_answer = Noted((levels, *made[1]) if made is not None and made[0] is data
                                        else Answer(levels, data), data)
                return response
        g.pop("packed_answer", None)
        return response
