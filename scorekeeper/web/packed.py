"""Answers compressed as the browser asks, once per equal answer per worker process.

Flask-Compress compresses every answer afresh, and its hook (with our note for its cache) took a
fifth of a kept sheet GET's instructions when the answer was found kept (docs/performance.md, get21). But a kept sheet
page's bytes repeat (a phone's form token serves :data:`sheets.TOKEN_REUSE_S` seconds, so it reads
the same page until a deal or a message changes it), ``wall.json`` is the same for every screen, and
the desk carries the organiser's token likewise. So our own after-request hook compresses the answers
that are not streamed (a streamed one, a static file, goes to Flask-Compress's), with Flask-Compress's
settings and headers: ``Vary: Accept-Encoding`` on every answer; a 2xx of a type it compresses, of
``COMPRESS_MIN_SIZE`` bytes or more, to a browser that accepts an encoding, sent with
``Content-Encoding``, its length, a strong ETag suffixed with the encoding (``"<tag>:zstd"``, as RFC
9110 asks of another representation; the wall's ``live`` takes it back) and answered 304 if the
browser holds it. Compressed answers are kept by the encoding and what the answer holds: its bytes
(:class:`Answer`: hashed by a sample, compared whole; a digest of them, ``blake2b``, took longer than
zstd's level 1 on every page: get20), or, where the view knows what it made the answer of (a sheet's
kept page and the visitor's own: :func:`sheets.made_of`), those, neither sampled nor compared (get21).
An entry is found only by equal bytes or equal makings, so it can never be another answer's. zstd, the
encoding today's browsers get, compresses with a context kept per thread (a new one zeroed its tables
at every answer: get19); brotli's, gzip's and deflate's objects serve one stream, so they compress
at one call.
"""

from __future__ import annotations

import functools
import sys
import threading
import time
from collections.abc import Callable, Hashable, Mapping
from typing import Any, NamedTuple

import brotli
from flask import Flask, Response, g, request
from flask_compress import Compress
from flask_compress.compat import compression  # (gzip, zlib and zstd as Flask-Compress imports them)
from werkzeug.http import http_date, parse_accept_header, unquote_etag

from .sheets import LruCache

KEPT_BYTES = 16 * 1024 * 1024  # compressed answers and the plain bytes they are found by, per worker process
KEPT = 4096  # answers kept: a national final's phones, each reading its table's sheet with its own token
SAMPLE_STEP = 61  # every 61st byte hashed, and the length: answers a byte apart may share a hash
CONDITIONS = ("HTTP_IF_NONE_MATCH", "HTTP_IF_MATCH", "HTTP_IF_MODIFIED_SINCE")  # what Werkzeug may answer 304 or 412 to


@functools.lru_cache(maxsize=1)
def date_header(second: int) -> str:
    """The ``Date`` header of an answer made in this second, formatted once a second (as Werkzeug's
    ``make_conditional`` formats it at each answer)."""
    return http_date(second)


class Answer:
    """An answer's bytes: equal only to the same bytes, hashed by their length and a sample
    (Python's hash of them all cost a quarter of compressing a sheet)."""

    __slots__ = ("data", "_hash")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._hash = hash((len(data), data[::SAMPLE_STEP]))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Answer) and self.data == other.data


class Packed(NamedTuple):
    """A compressed answer, with the plain bytes that find it, both weighed as kept."""

    plain: bytes
    data: bytes

    def __sizeof__(self) -> int:
        return sys.getsizeof(self.plain) + sys.getsizeof(self.data)


class ZstdContext(threading.local):
    """A thread's zstd compressor at the app's level, kept between answers: each answer one frame of
    its own (``FLUSH_FRAME``), the bytes ``compression.zstd.compress`` makes with a new context."""

    def __init__(self, level: int) -> None:
        self.compressor = compression.zstd.ZstdCompressor(level=level)

    def __call__(self, data: bytes) -> bytes:
        return self.compressor.compress(data, compression.zstd.ZstdCompressor.FLUSH_FRAME)  # type: ignore[no-any-return]


def compressors(config: Mapping[str, Any]) -> dict[str, Callable[[bytes], bytes]]:
    """Each encoding's compressor at the app's levels (Flask-Compress's settings)."""
    return {"zstd": ZstdContext(config["COMPRESS_ZSTD_LEVEL"]),
            "br": functools.partial(brotli.compress, mode=config["COMPRESS_BR_MODE"], quality=config["COMPRESS_BR_LEVEL"],
                                    lgwin=config["COMPRESS_BR_WINDOW"], lgblock=config["COMPRESS_BR_BLOCK"]),
            "gzip": functools.partial(compression.gzip.compress, compresslevel=config["COMPRESS_LEVEL"]),
            "deflate": functools.partial(compression.zlib.compress, level=config["COMPRESS_DEFLATE_LEVEL"])}


def init_app(app: Flask, compress: Compress) -> None:
    """Compress the app's answers that are not streamed, in place of Flask-Compress's hook (set
    ``COMPRESS_REGISTER`` off), at the place its hook would run: call just after
    ``compress.init_app(app)``."""
    kept = LruCache(size=KEPT, max_bytes=KEPT_BYTES)
    packers = compressors(app.config)
    types, least = compress.compress_mimetypes_set, app.config["COMPRESS_MIN_SIZE"]
    conditional = app.config["COMPRESS_EVALUATE_CONDITIONAL_REQUEST"]

    @functools.lru_cache(maxsize=128)
    def chosen(asked: str) -> str | None:
        """The encoding a browser's ``Accept-Encoding`` gets: the first of ours at its best quality."""
        return parse_accept_header(asked).best_match(compress.enabled_algorithms)

    @app.after_request
    def packed(response: Response) -> Response:
        """The answer compressed as the browser asks (kept: :func:`sheets.made_of`, :class:`Answer`),
        or sent as it is, ``Vary: Accept-Encoding`` either way; a streamed one by Flask-Compress."""
        made = g._get_current_object().pop("packed_made_of", None)  # (the proxies' look-ups: web/access.py)
        if response.is_streamed:
            return compress.after_request(response)
        headers = response.headers
        sent: dict[str, str] = {}  # the headers set, each read once (Werkzeug raises and catches inside for one not set)
        for name, value in headers:
            sent.setdefault(name.lower(), value)
        vary = sent.get("vary")
        if vary is None:
            headers.add("Vary", "Accept-Encoding")
        elif not vary:
            headers["Vary"] = "Accept-Encoding"
        elif "accept-encoding" not in vary.lower():
            headers["Vary"] = f"{vary}, Accept-Encoding"
        environ = request._get_current_object().environ
        encoding = chosen(environ.get("HTTP_ACCEPT_ENCODING", ""))
        if (encoding is None or not 200 <= response.status_code < 300 or response.mimetype not in types
                or "content-encoding" in sent):
            return response
        data = response.get_data()
        if len(data) < least:
            return response
        found_by = made[1] if made is not None and made[0] is data else Answer(data)
        response.direct_passthrough = False  # (as Flask-Compress: the compressed bytes are sent through the app's iterator)
        response.set_data(kept.get((encoding, found_by), lambda: Packed(data, packers[encoding](data))).data)
        headers.add("Content-Encoding", encoding)
        tag, weak = unquote_etag(sent.get("etag"))
        if tag and not weak:
            response.set_etag(f"{tag}:{encoding}")
        if conditional and environ["REQUEST_METHOD"] in ("GET", "HEAD"):
            # Werkzeug's make_conditional adds the date, then answers 304 or 412 only to a condition
            # (no range: none is offered); none asked (a phone's reload), the date alone
            if any(name in environ for name in CONDITIONS):
                response.make_conditional(environ)
            elif "date" not in sent:
                headers.add("Date", date_header(int(time.time())))
        return response
