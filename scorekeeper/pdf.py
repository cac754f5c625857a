"""Printing: HTML templates under templates/print/ rendered to PDF by WeasyPrint.

The renderer may read the project's static files and ``data:`` URLs, nothing else: player
names and notes are untrusted, and WeasyPrint's default fetcher would embed local files
or call out to the network (PLATFORM.md).

Every render runs in a process forked for it and is killed past its time limit
(:data:`PRINT_SECONDS`, :func:`html_to_pdf`): a text long enough to take minutes to lay out
stops there and is said, instead of holding a web worker's thread (or a booklet) for ever. The
child starts with WeasyPrint loaded and the print style parsed, and its memory goes with it.

Importing this module loads WeasyPrint (0.4 s): the web routes import it when they print, and
the server loads it before its workers fork (``serving.settle``).
"""

from __future__ import annotations

import os
import re
import select
import signal
import sys
import threading
import time
import traceback
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from flask import current_app, render_template
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

from .errors import PrintTooLong


class StaticOnlyFetcher(URLFetcher):
    """Serve data: URLs and files under static/; refuse everything else."""

    def __init__(self, root: Path) -> None:
        super().__init__(allowed_protocols={"data", "file"}, allow_redirects=False)
        self._root = root.resolve()

    def fetch(self, url: str, headers=None):
        """Fetch an allowed URL; ValueError (the resource is skipped) for any other."""
        if url.startswith("file:"):
            path = Path(url2pathname(urlsplit(url).path)).resolve()  # defeats ../
            if not path.is_relative_to(self._root):
                raise ValueError(f"refused outside static/: {url}")
        elif not url.startswith("data:"):
            raise ValueError(f"refused remote URL: {url}")
        return super().fetch(url, headers)


_BETWEEN_TABLE_TAGS = re.compile(r">\s+(?=</?(?:table|thead|tbody|tfoot|tr|td|th)\b)")
"""Whitespace before a table's own tags: never shown (CSS drops it between rows and cells), but
WeasyPrint parsed and boxed each run of it (the indentation of a 30-deal sheet: 5-9 ms)."""


def qr_data_uri(url: str) -> str:
    """A QR code of ``url`` as an SVG ``data:`` URL (the only kind of image the fetcher serves
    besides static files)."""
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


PRINT_SECONDS = 20.0  # one render (a sheet, a part of a booklet); gunicorn gives a request 30 s
_GRACE_SECONDS = 2.0  # the child's own alarm, after the parent's: it goes even if the parent went first


def html_to_pdf(html: str, static: Path, seconds: float | None = None) -> bytes:
    """HTML to PDF bytes in the print style (``static/css/print.css``), its relative links read
    from ``static`` and nothing else fetched; rendered by a child process killed after
    ``seconds`` (default :data:`PRINT_SECONDS`).

    :raise PrintTooLong: the render was stopped
    """
    static, seconds = static.resolve(), seconds or PRINT_SECONDS
    with _FORKING:  # (no fork while another thread is inside the font library: see _print_style)
        _print_style(static)  # parsed once per thread, before the fork, for the children to inherit
        read, write = os.pipe()
        pid = os.fork()
    if pid == 0:
        _child(html, static, write, seconds + _GRACE_SECONDS)
    os.close(write)
    body = _read_until(read, pid, time.monotonic() + seconds)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        raise PrintTooLong(seconds)
    if status:
        raise RuntimeError("the printing process failed (its error is on the server's log)")
    return body


def _child(html: str, static: Path, write: int, seconds: float) -> None:
    """In the forked child: render, hand the PDF over through ``write``, and exit; an alarm ends
    it after ``seconds`` should the parent be gone."""
    code = 1
    try:
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        with open(write, "wb") as out:
            out.write(_render(html, static))
        code = 0
    except BaseException:
        traceback.print_exc(file=sys.stderr)
    finally:
        os._exit(code)


def _read_until(read: int, pid: int, deadline: float) -> bytes:
    """What the child sends until it closes the pipe; past ``deadline`` it is killed."""
    chunks = []
    with open(read, "rb", buffering=0) as pipe:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([pipe], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                return b""
            chunk = pipe.read(1 << 16)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


def _render(html: str, static: Path) -> bytes:
    style, fonts = _print_style(static)
    html = _BETWEEN_TABLE_TAGS.sub(">", html)
    return HTML(string=html, base_url=static.as_uri() + "/",
                url_fetcher=StaticOnlyFetcher(static)).write_pdf(stylesheets=[style], font_config=fonts)


_local = threading.local()
_FORKING = threading.Lock()


def _print_style(static: Path) -> tuple[CSS, FontConfiguration]:
    """The print stylesheet, parsed once per thread (a link in each page had WeasyPrint parse
    it for every document: 12 ms of a 90-ms table sheet), and the font configuration it was
    parsed with. Given as the user's stylesheet, so a page's own ``<style>`` still wins.
    Made under ``_FORKING``: a child forked while another thread held the font library's lock
    would wait on it for ever (until its alarm)."""
    styles: dict[Path, tuple[CSS, FontConfiguration]] = _local.__dict__.setdefault("styles", {})
    if static not in styles:
        fonts = FontConfiguration()
        styles[static] = (CSS(filename=str(static / "css" / "print.css"), font_config=fonts,
                              url_fetcher=StaticOnlyFetcher(static)), fonts)
    return styles[static]


def render_pdf(template: str, **context: object) -> bytes:
    """Render a print template to PDF bytes (autoescaped: names are untrusted)."""
    return html_to_pdf(render_template(template, **context), Path(current_app.static_folder or "static"))
