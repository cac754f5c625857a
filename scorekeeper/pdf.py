"""Printing: HTML templates under templates/print/ rendered to PDF by WeasyPrint.

The renderer may read the project's static files and ``data:`` URLs, nothing else: player
names and notes are untrusted, and WeasyPrint's default fetcher would embed local files
or call out to the network (PLATFORM.md).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

from flask import current_app, render_template
from weasyprint.urls import URLFetcher


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


def qr_data_uri(url: str) -> str:
    """A QR code of ``url`` as an SVG ``data:`` URL (the only kind of image the fetcher serves
    besides static files)."""
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


def html_to_pdf(html: str, static: Path) -> bytes:
    """HTML to PDF bytes, its relative links read from ``static`` and nothing else fetched."""
    from weasyprint import HTML  # the import costs ~0.3 s; pay it only when printing

    return HTML(string=html, base_url=static.resolve().as_uri() + "/",
                url_fetcher=StaticOnlyFetcher(static)).write_pdf()


def render_pdf(template: str, **context: object) -> bytes:
    """Render a print template to PDF bytes (autoescaped: names are untrusted)."""
    return html_to_pdf(render_template(template, **context), Path(current_app.static_folder or "static"))
