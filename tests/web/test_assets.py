"""What travels to a phone: compressed pages, and static files under addresses kept for a year."""

from __future__ import annotations

import gzip
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

import pytest
from flask.testing import FlaskClient

from bench.load import DECODE
from scorekeeper.web import sheets
from tests.helpers import Pages
from tests.web.test_kept_parts import tokens
from tests.web.test_matches import MADE_100
from tests.web.test_tournaments import cup, organiser, phone  # noqa: F401 - fixtures


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


@pytest.mark.parametrize("asked", [{}, {"If-Modified-Since": "Sun, 29 Nov 2026 05:00:00 GMT"}, {"If-None-Match": '"x"'}])
def test_a_compressed_page_says_when_it_was_sent(client, asked):
    """A compressed page carries the time it was sent (``Date``), read plainly again or asked with a
    condition it does not meet: the time of each answer, to the second."""
    for _ in range(2):
        before = datetime.now(timezone.utc).replace(microsecond=0)
        packed = client.get("/referee/", headers={"Accept-Encoding": "zstd", **asked})
        assert (packed.status_code, packed.headers["Content-Encoding"]) == (200, "zstd")
        assert before <= parsedate_to_datetime(packed.headers["Date"]) <= datetime.now(timezone.utc)
        time.sleep(1)


@pytest.fixture(params=["zstd", "br", "gzip"])
def reading(request) -> Callable[[FlaskClient, str], str]:
    """A phone reading a page compressed as its browser asks, and undoing it as the browser does."""
    encoding = request.param

    def read(client: FlaskClient, path: str) -> str:
        answer = client.get(path, headers={"Accept-Encoding": encoding})
        assert answer.headers["Content-Encoding"] == encoding
        return DECODE[encoding](answer.data).decode()

    return read


def test_answers_differing_in_one_byte_each_come_as_their_own(app, client, reading):
    """Equal answers are compressed once and kept (web/packed.py): found by their whole bytes, never
    by a like answer's."""
    said = {"a": "x" * 1000 + "a", "b": "x" * 1000 + "b"}
    app.add_url_rule("/said/<which>", "said", lambda which: said[which])
    for which in "aabba":
        assert reading(client, f"/said/{which}") == said[which]


def test_phones_served_at_once_each_read_their_own_answer(app, reading):
    """Answers compressed by several threads at once (each keeps its own zstd context) come each
    as its own."""
    def said(table: int, read: int) -> str:
        return f"table {table}, read {read}; " * 100  # (each answer new: compressed, not found kept)

    app.add_url_rule("/said/<int:table>/<int:read>", "said", said)

    def phone(table: int) -> bool:
        client = app.test_client()
        return all(reading(client, f"/said/{table}/{read}") == said(table, read) for read in range(20))

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(phone, range(8)))


def test_each_phone_reads_its_own_sheet_compressed_before_and_after_a_deal(app, organiser, cup, reading,
                                                                         monkeypatch):
    monkeypatch.setattr(sheets, "TOKEN_REUSE_S", 10**9)  # each phone's token the same throughout
    organiser.draw(cup)
    link = organiser.links(cup, 1)[0]
    (saving, match_id), (other, _match) = phone(app, link), phone(app, link)  # two phones of the table
    sheet = f"/matches/{match_id}"
    assert "Record deal 1" in reading(saving, sheet) and "Record deal 1" in reading(other, sheet)
    assert Pages(saving).post_deal(match_id, MADE_100).status_code == 302  # a deal between two reads
    mine, again, theirs = reading(saving, sheet), reading(saving, sheet), reading(other, sheet)
    assert mine == again == saving.get(sheet).get_data(as_text=True)  # as the page asked plain
    assert theirs == other.get(sheet).get_data(as_text=True) and "Record deal 2" in theirs
    assert tokens(mine) != tokens(theirs) and len(tokens(mine)) == len(tokens(theirs)) == 1  # each its own


def test_a_message_shown_once_on_a_sheet_is_not_sent_again_compressed(app, organiser, cup, reading, monkeypatch):
    """A sheet page is found among the compressed answers by what it is made of (web/packed.made_of):
    the kept page, the phone's token and the messages shown to it, so a message read once is gone
    on the next read as on a page asked plain."""
    monkeypatch.setattr(sheets, "TOKEN_REUSE_S", 10**9)
    organiser.draw(cup)
    client, match_id = phone(app, organiser.links(cup, 1)[0])
    sheet = f"/matches/{match_id}"
    before = reading(client, sheet)
    with client.session_transaction() as session:
        session["_flashes"] = [("message", "Table 1: the round ends in five minutes")]
    assert "the round ends in five minutes" in reading(client, sheet)
    after = reading(client, sheet)
    assert after == before == client.get(sheet).get_data(as_text=True)
