"""Printing: HTML templates under templates/print/ rendered to PDF by WeasyPrint.

The renderer may read the project's static files and ``data:`` URLs, nothing else: player
names and notes are untrusted, and WeasyPrint's default fetcher would embed local files
or call out to the network (PLATFORM.md).

Every render runs in a process of its own, kept for the next or forked for it, and is killed past
its time limit (:data:`PRINT_SECONDS`, :func:`html_to_pdf`, :mod:`scorekeeper.forked`): a text long enough
to take minutes to lay out stops there and is said, instead of holding a web worker's thread
(or a booklet) for ever.

Importing this module loads WeasyPrint (0.4 s): the web routes import it when they print, and
the server loads it before its workers fork (``serving.settle``).
"""

from __future__ import annotations

import gc
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import threading
from base64 import b64encode
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, partial
from html import escape
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, cast
from urllib.parse import urlsplit
from urllib.request import url2pathname

from flask import current_app, render_template
from PIL import Image, ImageOps

from . import forked


@contextmanager
def _libraries_by_their_names() -> Iterator[None]:
    """While WeasyPrint is imported, its libraries are opened by the names it tries (``libpango-1.0.so.0``
    after ``libpango-1.0-0``, ``pango-1.0-0``, ``pango-1.0``), never looked for by ``ctypes.util.find_library``:
    cffi asks it for each name that does not open, and on Linux it runs ``ldconfig -p``, ``gcc`` and ``ld``
    each time, 20 processes for the seven libraries (0.16 s of their processor time and 0.06 s of ours,
    0.3-0.5 s of the printing process's start-up under load). It finds what the loader's cache holds, which
    the loader opens by the library's own name anyway. Only on Linux, where each name WeasyPrint tries last is the
    library's soname; elsewhere (macOS' libraries outside the loader's path) ``find_library`` is left to find them."""
    if sys.platform != "linux":
        yield
        return
    import ctypes.util

    find = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None
    try:
        yield
    finally:
        ctypes.util.find_library = find


with _libraries_by_their_names():
    from weasyprint import CSS, HTML, Document, __version__ as WEASYPRINT_VERSION
    from weasyprint.document import Page
    from weasyprint.formatting_structure.boxes import Box, LineBox, TableRowBox
    from weasyprint.text.fonts import FontConfiguration
    from weasyprint.urls import URLFetcher

if TYPE_CHECKING:
    import pikepdf


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
    besides static files), for a page on screen."""
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


def printed_qr(url: str) -> str:
    """A QR code of ``url`` for a printed sheet: a PNG ``data:`` URL, three pixels a module, drawn
    without smoothing (print.css: ``image-rendering: pixelated``) at the sheet's 30 mm. WeasyPrint
    parsed and drew the SVG's path in Python, 6-10 ms of a 100-ms table sheet; the PNG is embedded
    as it is (a test reads it back from the page rendered at 60 dpi). Segno chooses the modules,
    Pillow writes them as an 8-bit grey PNG: segno's own PNG (1-bit, written in Python) was read by
    WeasyPrint as a 1-bit image, converted to colour and written again before it was embedded. The
    modules' rows are turned into grey bytes at once (``_GREY``) and Pillow adds the quiet zone: a
    module at a time through segno's ``matrix_iter``, 1 ms of a code. Its mask is
    :data:`PRINTED_QR_MASK`, not chosen."""
    import segno

    code = segno.make(url, error="m", mask=PRINTED_QR_MASK)
    side = len(code.matrix)
    modules = Image.frombytes("L", (side, side), b"".join(code.matrix).translate(_GREY))
    size = side + 2 * QR_BORDER
    png = BytesIO()
    ImageOps.expand(modules, QR_BORDER, fill=255).resize((3 * size, 3 * size), Image.Resampling.NEAREST).save(
        png, format="PNG")
    return "data:image/png;base64," + b64encode(png.getvalue()).decode("ascii")


QR_BORDER = 2  # modules of quiet zone around a printed QR code
PRINTED_QR_MASK = 2
"""The printed QR codes' data mask (ISO/IEC 18004 7.8.2: any of the eight is a valid code), fixed: segno
otherwise applies and scores all eight in Python and keeps the one of least penalty (7 ms of a 9-ms
code, in the thread that feeds a booklet's printers). Mask 2 is the one whose penalty is nearest the
chosen one's for the tables' links (2.7-5.6% more on average; docs/performance.md), and every code
printed with it reads back at 60 dpi (the tests)."""
_GREY = bytes.maketrans(b"\x00\x01", b"\xff\x00")
"""Segno's modules (0 light, 1 dark) as 8-bit grey pixels (white, black)."""


PRINT_SECONDS = 20.0  # one render (a sheet, a part of a booklet); gunicorn gives a request 30 s

DEALS_A_ROW = 6
"""A filled sheet's deals printed as one table row (print/sheet.html; print.css sizes runs of 2 to 6): a 30-deal sheet's 330 cells,
each boxed, laid out and drawn by WeasyPrint, become 66."""


@dataclass(frozen=True)
class Lined:
    """A document printed from ``html`` if its lines hold (:func:`_lines_hold`), else from ``rows()``
    (a filled sheet a deal a row), whose HTML is rendered only then, by the thread that holds the
    request: a printer has no Flask context, it answers that the lines do not hold."""

    html: str
    rows: Callable[[], str]


@dataclass(frozen=True)
class Layered:
    """A one-page sheet printed as two layers: ``top``, what differs from one sheet of a booklet to the
    next (print/_layout.html with ``layer="top"``: the header, its QR code, the players), drawn over
    ``under``, what they share (``layer="under"``: the blank grid), which a printer lays out and draws
    once and places as far down as the top's header and players reach. A sheet whose layers do not each
    fit one page is printed from ``whole()`` (rendered, like :attr:`Lined.rows`, by the thread that
    holds the request)."""

    top: str
    under: str
    whole: Callable[[], str]


Layouts = str | Lined | Layered
"""A document's HTML, or its lined layout with the one to fall back to (:class:`Lined`), or its two
layers (:class:`Layered`, a booklet's part only)."""

LAYERED_A_DOCUMENT = 10
"""A booklet's layered sheets of one shape (:class:`Layered`, the same ``under``) printed together: their
tops laid out as one WeasyPrint document, a page each (:func:`_layered`). A document of one top cost
twice as much a sheet (each document's own cascade, margin boxes, PDF written and read back); ten keep
a printer's memory near one sheet's and its answer a fraction of a second away."""


def sheet_html(**context: object) -> Lined:
    """A filled sheet (print/sheet.html): its deals DEALS_A_ROW to a table row, or one a row where a
    line of those would not hold."""
    return Lined(render_template("print/sheet.html", per_row=DEALS_A_ROW, **context),
                 partial(render_template, "print/sheet.html", per_row=1, **context))


def html_to_pdf(html: str | Lined, static: Path, seconds: float | None = None) -> bytes:
    """HTML (or a lined layout, :class:`Lined`) to PDF bytes in the print style
    (``static/css/print.css``), its relative links read from ``static`` and nothing else fetched;
    rendered by another process killed after ``seconds`` (default :data:`PRINT_SECONDS`): this
    process's kept printer (:func:`_kept_print`), or while another thread prints with it a child
    forked for the render. A lined layout whose lines do not hold is rendered again from its rows,
    here, by the same kind of process.

    :raise TooLong: the render was stopped
    """
    static = static.resolve()
    if _KEPT_FREE.acquire(blocking=False):
        try:
            return _kept_print(html, static, seconds)
        finally:
            _KEPT_FREE.release()
    with forked.FORKING:
        _print_style(static)  # parsed once per thread, before the fork, for the children to inherit
    limit = seconds or PRINT_SECONDS
    if isinstance(html, Lined):
        lined = html.html
        if (pdf := forked.call(lambda: _render(lined, static, collector=False, lined=True), limit)) is not None:
            return pdf
        html = html.rows()
    document = html
    printed: bytes = forked.call(lambda: _render(document, static, collector=False), limit)
    return printed


class Printer:
    """A process of its own that renders one document after another (a booklet's parts), each
    as :func:`html_to_pdf` would and within its own time limit: forked once, it keeps what it has
    loaded and copied from its parent, where a process forked for each part paid for that again.
    Its garbage is collected once after each render, not during it (:func:`_render`).

    :raise TooLong: (calling it) the render was stopped, and the printer is gone
    """

    def __init__(self, static: Path) -> None:
        static = static.resolve()
        with forked.FORKING:
            _print_style(static)
        self._worker = forked.Worker(lambda item: _render(item[0], static, collector=True, lined=item[1],
                                                          under=item[2]))

    def __call__(self, parts: Sequence[Layouts], seconds: float | None = None) -> bytes | None:
        """The PDF of ``parts``, their pages in order (one part, or layered sheets of one shape laid out as
        one document: :func:`batched`), within each one's time limit; None if a part's lines do not hold
        (:class:`Lined`) or its layers do not fit a page each (:class:`Layered`): one part is then to be
        printed from its fallback (:func:`fallback`), several each alone."""
        first = parts[0]
        if isinstance(first, Lined):  # (its strings alone: a fallback needs the request)
            item: tuple[str | tuple[str, ...], bool, str | None] = (first.html, True, None)
        elif isinstance(first, Layered):
            item = (tuple(cast("Layered", part).top for part in parts), False, first.under)
        else:
            item = (first, False, None)
        pdf: bytes | None = self._worker(item, (seconds or PRINT_SECONDS) * len(parts))
        return pdf

    def close(self) -> None:
        """End the printer's process."""
        self._worker.close()


_KEPT: dict[Path, Printer] = {}
"""This process's kept printers (:func:`_kept_print`), one per static folder; none in a child forked
after them (:func:`os.register_at_fork`: their pipes are their parent's)."""
_KEPT_FREE = threading.Lock()  # held by the thread printing with a kept printer
os.register_at_fork(after_in_child=_KEPT.clear)


def _kept_print(html: str | Lined, static: Path, seconds: float | None) -> bytes:
    """``html`` printed by this process's kept printer for ``static`` (a :class:`Printer`, forked at the
    first print and kept for good; a thread holds :data:`_KEPT_FREE`). A child forked for each print
    wrote to the pages it shared with its parent, each copied first: a 30-deal sheet's 7,000-10,000
    page faults, 35-46 ms of the kernel's time in a render of 240 ms; the kept printer has its own.
    A printer stopped at its time limit or failed is gone, and the next print forks another.

    :raise TooLong: the render was stopped
    """
    if static not in _KEPT:
        _KEPT[static] = Printer(static)
    printer = _KEPT[static]
    try:
        printed = printer([html], seconds)
        if printed is None:  # a lined layout whose lines do not hold
            printed = printer([fallback(cast(Lined, html))], seconds)
    except BaseException:
        _KEPT.pop(static).close()
        raise
    return cast(bytes, printed)


def fallback(part: Lined | Layered) -> str:
    """The HTML to print a part from when its printer answered None (:meth:`Printer.__call__`)."""
    return part.rows() if isinstance(part, Lined) else part.whole()


def batched(parts: Iterable[Layouts]) -> Iterator[list[Layouts]]:
    """``parts`` in order, as a printer takes them (:meth:`Printer.__call__`): layered sheets of one shape
    (the same ``under``) up to :data:`LAYERED_A_DOCUMENT` together, as they come, any other part alone."""
    batch: list[Layouts] = []
    for part in parts:
        if batch and not (isinstance(part, Layered) and cast("Layered", batch[0]).under == part.under
                          and len(batch) < LAYERED_A_DOCUMENT):
            yield batch
            batch = []
        if isinstance(part, Layered):
            batch.append(part)
        else:
            yield [part]
    if batch:
        yield batch


class Kept:
    """Parts printed once, kept as PDF files in ``folder`` (``instance/kept/``) and not printed again:
    each under the SHA-256 of exactly what a printer is given for it (:meth:`Printer.__call__`: its HTML
    or layouts, the language in them) with the print's fingerprint (:func:`print_fingerprint`), so a
    changed sheet, style, font or WeasyPrint is a new key and its old file is never used again. Files
    are the server's user's alone, written under a temporary name and renamed (never half-written); a
    part read is touched, so the oldest read are the first removed (:func:`keep_within`)."""

    def __init__(self, folder: Path, static: Path) -> None:
        self._folder = folder
        self._print = print_fingerprint(static.resolve())

    def path(self, batch: Sequence[Layouts]) -> Path:
        """Where ``batch``'s PDF is kept: its hash, once (:meth:`get` and :meth:`put` take it)."""
        digest = hashlib.sha256(self._print)
        for part in batch:
            kind, texts = (("lined", (part.html,)) if isinstance(part, Lined) else
                           ("layered", (part.top, part.under)) if isinstance(part, Layered) else ("html", (part,)))
            for text in (kind, *texts):
                data = text.encode()
                digest.update(len(data).to_bytes(8, "big") + data)
        return self._folder / f"{digest.hexdigest()}.pdf"

    @staticmethod
    def get(path: Path) -> bytes | None:
        """The PDF kept at ``path`` (:meth:`path`), or None."""
        try:
            pdf = path.read_bytes()
            os.utime(path)
        except OSError:
            return None
        return pdf

    def put(self, path: Path, pdf: bytes) -> None:
        """Keep a printed PDF at ``path`` (:meth:`path`)."""
        self._folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, partial_name = tempfile.mkstemp(dir=self._folder, suffix=".partial")  # (mode 0600)
        with open(handle, "wb") as out:
            out.write(pdf)
        os.replace(partial_name, path)


def keep_within(folder: Path, *, before: float, most: int) -> None:
    """Remove the kept parts (:class:`Kept`) last printed or read before ``before`` (a timestamp), a
    partial one included, then the oldest until they hold ``most`` bytes or fewer."""
    files = sorted(((path.stat(), path) for path in folder.glob("*")) if folder.is_dir() else (),
                   key=lambda item: item[0].st_mtime)
    total = sum(stat.st_size for stat, _path in files)
    for stat, path in files:
        if stat.st_mtime >= before and total <= most:
            break
        path.unlink(missing_ok=True)
        total -= stat.st_size


@cache
def print_fingerprint(static: Path) -> bytes:
    """What a print depends on besides its HTML: WeasyPrint's version, the print style and the static
    files it reads (``static/css``, ``static/img``), and the fonts fontconfig offers (each file's path,
    size and time), hashed (once a process: 10 ms)."""
    digest = hashlib.sha256(WEASYPRINT_VERSION.encode())
    for path in sorted([*static.glob("css/*"), *static.glob("img/*")]):
        digest.update(f"{path.relative_to(static)}\0".encode() + path.read_bytes())
    fonts = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True,
                           check=True).stdout.split()
    for font in sorted(set(fonts)):
        stat = os.stat(font)
        digest.update(f"{font}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.digest()


_UNDERS: dict[tuple[str, float], pikepdf.Pdf | None] = {}
"""A printer's under layers (:class:`Layered`) as it drew them, by their HTML and how far down they start:
a ``pikepdf.Pdf`` of one page, or None where the layer did not fit one."""


def _layered(tops: Sequence[str], under: str, static: Path) -> bytes | None:
    """Layered sheets (:class:`Layered`) of one ``under`` layer, each drawn as one page (the under layer as
    a form XObject, pikepdf's underlay, the page it was drawn on), as one PDF; None if a sheet's layers do
    not each fit one page. The tops are laid out as one document, a page each (:func:`_one_document`):
    split into a PDF a sheet, each would carry every sheet's QR code (WeasyPrint gives a document's pages
    one set of resources)."""
    import pikepdf

    style, fonts = _print_style(static)
    document = _laid_out(_one_document(tops), static, style, fonts)
    fits = len(document.pages) == len(tops)
    unders = [_under(page, under, static) for page in document.pages] if fits else [None]
    if None in unders:
        return None
    with pikepdf.open(BytesIO(document.write_pdf())) as sheets:
        for page, shared in zip(sheets.pages, unders, strict=True):
            page.add_underlay(cast("pikepdf.Pdf", shared).pages[0])
        out = BytesIO()
        sheets.save(out)
        return out.getvalue()


def _under(page: Page, under: str, static: Path) -> pikepdf.Pdf | None:
    """The ``under`` layer drawn for a top laid out on ``page``: starting as far down as its header and
    players reach (drawn once a printer for each such height, :data:`_UNDERS`); None if it does not fit
    one page."""
    import pikepdf

    boxes = list(page._page_box.descendants())
    body = next(box for box in boxes if box.element_tag == "body")
    players = next(box for box in boxes if box.is_table_wrapper and box.element.get("class") == "players")
    below = players.position_y + players.margin_height() - body.content_box_y()
    if (under, below) not in _UNDERS:
        style, fonts = _print_style(static)
        layout = _laid_out(under, static, style, fonts, CSS(string=f".layer-top {{ height: {below}px; }}"))
        _UNDERS[under, below] = pikepdf.open(BytesIO(layout.write_pdf())) if len(layout.pages) == 1 else None
    return _UNDERS[under, below]


_BODY = re.compile(r"(<body\b[^>]*>)")  # a body's start tag, with attributes or none (_one_document)


def _one_document(tops: Sequence[str]) -> str:
    """The top layers (print/_layout.html with ``layer="top"``) as one HTML document: the first's head,
    its body tag (the same in each: ValueError if not), each one's body in a block of its own that starts
    a page, the body's margin on every page as on its first (``.layer-sheets``, print.css, added to the
    body's classes). Their heads differ only in the title, which a booklet does not keep
    (:class:`scorekeeper.web.booklet.Joined` takes their pages)."""
    split = [_BODY.split(top, 1) for top in tops]
    if len(tags := {tag for _head, tag, _rest in split}) > 1:
        raise ValueError(f"the sheets laid out as one document differ in their body tags: {sorted(tags)}")
    head, tag, _rest = split[0]
    pages = "".join(f"<div>{rest.rpartition('</body>')[0]}</div>" for _head, _tag, rest in split)
    return f"{head}{_with_class(tag, 'layer-sheets')}{pages}</body></html>"


class _StartTag(HTMLParser):
    """A start tag's name and attributes, read as an HTML parser reads them (entities decoded)."""

    def __init__(self, tag: str) -> None:
        super().__init__()
        self.name = ""
        self.attrs: list[tuple[str, str | None]] = []
        self.feed(tag)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.name, self.attrs = tag, attrs


def _with_class(tag: str, name: str) -> str:
    """A start tag with ``name`` added to its classes, its other attributes kept.

    >>> _with_class('<body lang="fr" class="sheet">', "layer-sheets")
    '<body lang="fr" class="sheet layer-sheets">'
    """
    read = _StartTag(tag)
    attrs = dict(read.attrs)
    attrs["class"] = " ".join(filter(None, (attrs.get("class"), name)))
    return f"<{read.name}" + "".join(f" {key}" if value is None else f' {key}="{escape(value)}"'
                                     for key, value in attrs.items()) + ">"


def _render(html: str | tuple[str, ...], static: Path, *, collector: bool | None = None, lined: bool = False,
            under: str | None = None) -> bytes | None:
    """The PDF, rendered here; None if ``lined`` and its lines do not hold (:func:`_lines_hold`); if
    ``under`` is given, ``html`` is the top layers drawn over it (:class:`Layered`, :func:`_layered`). The
    garbage collector's passes during a render went over its boxes again and again (a 30-deal sheet
    leaves 37,000 objects in cycles): ``collector=False`` turns it off for good (a process that ends
    with the render: its memory goes with it), ``True`` off during the render and its garbage
    collected once after it (a process that goes on)."""
    style, fonts = _print_style(static)
    if collector is not None:
        gc.disable()
    try:
        if under is not None:
            return _layered(html, under, static)
        document = _laid_out(cast(str, html), static, style, fonts)
        return None if lined and not _lines_hold(document) else document.write_pdf()
    finally:
        if collector:
            gc.enable()
            gc.collect()


def _laid_out(html: str, static: Path, style: CSS, fonts: FontConfiguration, *more: CSS) -> Document:
    return HTML(string=_BETWEEN_TABLE_TAGS.sub(">", html), base_url=static.as_uri() + "/",
                url_fetcher=StaticOnlyFetcher(static)).render(stylesheets=[style, *more], font_config=fonts)


def _lines_hold(document: Document) -> bool:
    """Do the rows printed as lines (``tr.lines``: a few deals to a table row, print/sheet.html) hold:
    in each, every cell's lines as many and at the same heights as every other's? A line that
    wrapped (a long contract, a deal after the end in a wider language) or stood taller than the
    others (another font's glyphs) would set a deal's values beside another deal's."""
    for page in document.pages:
        for row in _boxes(page._page_box, TableRowBox):
            if "lines" in (row.element.get("class") or "").split() and len(
                    {tuple(round(line.position_y, 2) for line in _boxes(cell, LineBox)) for cell in row.children}) > 1:
                return False
    return True


def _boxes(box: Box, kind: type[Box]) -> Iterator[Box]:
    """Every box of ``kind`` under ``box``, not looking inside those found."""
    for child in getattr(box, "children", ()):
        if isinstance(child, kind):
            yield child
        else:
            yield from _boxes(child, kind)


_local = threading.local()


def _print_style(static: Path) -> tuple[CSS, FontConfiguration]:
    """The print stylesheet, parsed once per thread (a link in each page had WeasyPrint parse
    it for every document: 12 ms of a 90-ms table sheet), and the font configuration it was
    parsed with. Given as the user's stylesheet, so a page's own ``<style>`` still wins.
    Made under ``forked.FORKING`` (the font library has locks of its own)."""
    styles: dict[Path, tuple[CSS, FontConfiguration]] = _local.__dict__.setdefault("styles", {})
    if static not in styles:
        fonts = FontConfiguration()
        styles[static] = (CSS(filename=str(static / "css" / "print.css"), font_config=fonts,
                              url_fetcher=StaticOnlyFetcher(static)), fonts)
        _render(_WARM_UP, static)  # the fonts found and loaded once, here: each child starts with them
        Image.preinit()  # and Pillow's PNG reader (each printer loaded it at its first QR code: 15 ms)
    return styles[static]


_WARM_UP = "<h1>Scorekeeper</h1><table><tr><td>Émile &amp; Zoë · 日本語</td><td>162</td></tr></table>"
"""A page using the print style's fonts (the Japanese one too): rendered once by the thread that
forks the renders, so that the font library's caches are filled before the fork (a child that
found them empty loaded them again, for every part: twice the time of a sheet)."""


def render_pdf(template: str, **context: object) -> bytes:
    """Render a print template to PDF bytes (autoescaped: names are untrusted)."""
    return html_to_pdf(render_template(template, **context), Path(current_app.static_folder or "static"))
