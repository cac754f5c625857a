"""What travels to a phone: compressed pages, and static files under addresses kept for a year."""

from __future__ import annotations

import gzip
import re

import pytest

from bench.load import DECODE


@pytest.mark.parametrize(("asked", "encoding"), [
    ("gzip", "gzip"), ("br", "br"), ("zstd", "zstd"),
    ("gzip, deflate, br, zstd", "zstd"),  # what today's Chrome and Firefox ask
    ("gzip, deflate, br", "br")])  # Safari
def test_pages_are_compressed_when_the_phone_accepts_it(client, asked, encoding):
    plain = client.get("/referee/")
    assert "Content-Encoding" not in plain.headers  # a phone that asks for nothing reads it plain
    plain = plain.get_data()
    packed = client.get("/referee/", headers={"Accept-Encoding": asked})
    assert packed.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert len(packed.data) < len(plain) / 3
    assert DECODE[encoding](packed.data) == plain


def test_static_files_are_compressed_too(client):
    with client.get("/static/css/app.css") as plain:
        css = plain.get_data()
    with client.get("/static/css/app.css", headers={"Accept-Encoding": "gzip"}) as packed:
        assert packed.headers["Content-Encoding"] == "gzip" and gzip.decompress(packed.data) == css


def test_static_files_have_fingerprinted_addresses_kept_for_a_year(client):
    html = client.get("/").get_data(as_text=True)
    links = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert links and all(re.search(r"\?v=[0-9a-f]{12}$", link) for link in links), links
    css = next(link for link in links if "app.css" in link)
    with client.get(css) as kept:
        assert kept.status_code == 200
        assert kept.cache_control.max_age == 365 * 24 * 3600 and kept.cache_control.immutable
        assert not kept.cache_control.no_cache
    with client.get(css.split("?")[0] + "?v=000000000000") as stale:  # an old page's address: asked again
        assert stale.status_code == 200 and stale.cache_control.max_age != 365 * 24 * 3600


def test_a_changed_file_gets_a_new_address(app, client, tmp_path):
    app.static_folder = str(tmp_path)
    (tmp_path / "a.css").write_text("body { color: red }")
    with app.test_request_context():
        from flask import url_for

        first = url_for("static", filename="a.css")
        (tmp_path / "a.css").write_text("body { color: blue }")
        assert url_for("static", filename="a.css") != first
