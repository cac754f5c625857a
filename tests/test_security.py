"""Hostile input: nobody gets in.

* Every write route, enumerated from the app's URL map (a new route cannot be forgotten),
  refuses a request without a valid CSRF token; the API under /api/v1 is exempt from the
  token and refuses any write whose body is not JSON instead (docs/api.md "Conventions"),
  and grants no cross-origin access, so a browser never sends another site's DELETE.
* Names, titles and notes carrying HTML are shown as text on every page and in the PDF; the
  PDF embeds no file and fetches nothing.
"""

from __future__ import annotations

import io
import re
import struct
import subprocess
import threading
import uuid
import zlib
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import ClassVar

import pytest
from markupsafe import escape

from scorekeeper import create_app, store
from scorekeeper.web import access
from tests.helpers import csrf_token

WRITE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
PLAYERS = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}
DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}
# One body that every form route accepts with a valid token: a match, a deal, an action.
FORM_BODY = {"player_N": "Alice", "player_E": "Bob", "player_S": "Carol", "player_W": "Dan",
             "first_dealer": "N", "opt_target": "3000", "dealer": "N", "bidder": "E", "bid": "100",
             "trump": "H", "bidder_points": "92", "last_trick": "bidders", "belote": "bidders", "action": "save",
             "hand": "7H AS KS", "trick_so_far": "QS 9S", "pile": "JH 9H 7S 8S",
             "hand_N": "AS", "hand_E": "7H", "hand_S": "7S 8S", "hand_W": "10S 8D", "leader": "N", "claimant": "N",
             "claim": "all", "sheet": "1"}
CSRF_PAGE = "Your form had gone stale"
CLUB_IDS = {"player_id": 1, "tournament_id": 1, "entry_id": 1, "table_id": 1, "number": 1, "apart_id": 1,
            "prize_id": 1, "tag_id": 1, "part": "standings", "profile_id": 1,
            "league_id": 1}


def _rules():
    app = create_app({"SECRET_KEY": "x", "DATABASE": "unused.sqlite"})
    return sorted(app.url_map.iter_rules(), key=lambda rule: rule.rule)


ROUTES = _rules()
WRITES = [pytest.param(rule.rule, method, id=f"{method} {rule.rule}") for rule in ROUTES
          for method in sorted(rule.methods & WRITE_METHODS)]
PAGE_WRITES = [p for p in WRITES if not p.values[0].startswith("/api/")]
API_WRITES = [p for p in WRITES if p.values[0].startswith("/api/") and p.values[1] != "DELETE"]
API_DELETES = [p for p in WRITES if p.values[0].startswith("/api/") and p.values[1] == "DELETE"]
PAGES = [pytest.param(rule.rule, id=rule.rule) for rule in ROUTES
         if "GET" in rule.methods and rule.endpoint != "static"]


@pytest.fixture
def world(app, client):
    """A match with two deals; the values every route argument takes; ``bearer``: the headers of
    an organiser's API call (the organiser's routes check their bodies too)."""
    with app.app_context():
        bearer = {"Authorization": f"Bearer {access.new_organiser_token(store.get_db())[1]}"}
    match_id = client.post("/api/v1/matches", json={"game": "contree", "players": PLAYERS}).json["id"]
    deal_ids = [client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).json["deal"]["id"] for _ in range(2)]
    return {"match_id": match_id, "deal_id": deal_ids[0], "game": "contree", "kind": "legal_play", "code": "ja",
            "irregularity": "penalty",
            "token": "no-such-booklet", **CLUB_IDS, "bearer": bearer}


def url(rule: str, values: dict) -> str:
    """The rule with its arguments filled in; a new argument must be given a value here."""
    def fill(found: re.Match) -> str:
        name = found.group(1).split(":")[-1]
        if name not in values:
            pytest.fail(f"tests/test_security.py: give a value for <{name}> in the world fixture ({rule})")
        return str(values[name])
    return re.sub(r"<([^>]+)>", fill, rule)


def snapshot(app) -> list:
    """Every row of every table."""
    with app.app_context():
        db = store.get_db()
        return [(table, sorted(map(tuple, db.execute(f"select * from [{table}]").fetchall())))
                for table in db.table_names()]


def test_the_url_map_has_write_routes_of_both_kinds():
    assert len(PAGE_WRITES) >= 4 and len(API_WRITES) >= 4  # the enumeration itself works


# -- CSRF ------------------------------------------------------------------------------

@pytest.mark.parametrize(("rule", "method"), PAGE_WRITES)
@pytest.mark.parametrize("token", ["missing", "garbage", "another session's"])
def test_every_page_write_refuses_a_request_without_a_valid_csrf_token(app, client, world, rule, method, token):
    target = url(rule, world)
    other = app.test_client()
    body = dict(FORM_BODY, nonce=uuid.uuid4().hex)
    if token == "garbage":
        body["csrf_token"] = "IjEyMzQ1Njc4OTAi.ZZZZZZ.forged"
    elif token == "another session's":
        body["csrf_token"] = csrf_token(other.get("/matches/new/contree").get_data(as_text=True))
    before = snapshot(app)
    response = client.open(target, method=method, data=body)
    assert response.status_code == 400
    assert CSRF_PAGE in response.get_data(as_text=True)
    assert snapshot(app) == before


def test_a_session_cookie_altered_is_refused_even_right_after_the_real_one_was_read(app, client, pages):
    """A checked session cookie is read again for a minute without checking its signature again
    (web/safety.py): only the very same cookie. One altered in one character holds no session, so
    the form's token matches no secret and nothing is written."""
    match_id = pages.start_match()
    page = pages.deal_form(match_id)  # the session (its CSRF secret) read and checked
    cookie = client.get_cookie("session").value
    client.set_cookie("session", cookie[:-3] + ("A" if cookie[-3] != "A" else "B") + cookie[-2:])
    before = snapshot(app)
    response = pages.post_deal(match_id, {"bidder": "E", "bid": "100", "trump": "H", "bidder_points": "92",
                                          "last_trick": "bidders"}, page=page)
    assert response.status_code == 400
    assert CSRF_PAGE in response.get_data(as_text=True)
    assert snapshot(app) == before


@pytest.mark.parametrize("encoding", ["gzip, deflate, br, zstd", "identity"])
def test_a_page_that_read_the_session_names_the_cookie_in_its_vary_header_once(client, pages, encoding):
    """A sheet shown from a session the browser already holds (no cookie set) still tells shared
    caches that it depends on the cookie (its form token is the visitor's), beside the encoding,
    in one ``Vary`` header that names each once."""
    match_id = pages.start_match()
    for _ in range(3):  # the session's first reading, then its checked cookie read again
        response = client.get(f"/matches/{match_id}", headers={"Accept-Encoding": encoding})
        assert response.status_code == 200
        assert "Set-Cookie" not in response.headers
        varies = response.headers.getlist("Vary")
        assert len(varies) == 1
        names = [name.strip().lower() for name in varies[0].split(",")]
        assert names.count("cookie") == 1
        assert names.count("accept-encoding") == 1


@pytest.mark.parametrize(("rule", "method"), PAGE_WRITES)
def test_every_page_write_accepts_a_valid_token(app, client, world, rule, method):
    """The control: the same request with this session's token gets past the check."""
    body = dict(FORM_BODY, nonce=uuid.uuid4().hex,
                csrf_token=csrf_token(client.get("/matches/new/contree").get_data(as_text=True)))
    response = client.open(url(rule, world), method=method, data=body)
    assert CSRF_PAGE not in response.get_data(as_text=True)
    # past the check: done, or refused for what the form says (a wrong password), not for its token
    assert response.status_code in (200, 302, 422), response.get_data(as_text=True)[:500]


CROSS_SITE_BODIES = {
    "form": {"data": {"game": "contree", "bidder": "E"}},
    "multipart": {"content_type": "multipart/form-data"},
    "text/plain holding JSON": {"data": '{"game": "contree", "players": {"N": "a"}}', "content_type": "text/plain"},
    "no content type": {"data": b'{"game": "contree"}'},
}


@pytest.mark.parametrize(("rule", "method"), API_WRITES)
@pytest.mark.parametrize("kind", list(CROSS_SITE_BODIES))
def test_every_api_write_refuses_a_body_that_is_not_json(app, client, world, rule, method, kind):
    """What a form on another site can send (docs/api.md Conventions) is refused, writing nothing."""
    before = snapshot(app)
    options = dict(CROSS_SITE_BODIES[kind])
    if kind == "multipart":
        options["data"] = {"game": "contree", "file": (io.BytesIO(b'{"game": "contree"}'), "x.json")}
    response = client.open(url(rule, world), method=method, headers=world["bearer"], **options)
    assert response.status_code == 400
    assert response.json["error"]["message"] == "Send a JSON body with Content-Type: application/json."
    assert snapshot(app) == before


@pytest.mark.parametrize(("rule", "method"), API_WRITES)
def test_every_api_write_takes_json(app, client, world, rule, method):
    """The control: a JSON body gets past the content-type rule."""
    response = client.open(url(rule, world), method=method, json={}, headers=world["bearer"])
    assert response.status_code < 500
    assert "Content-Type" not in (response.json or {}).get("error", {}).get("message", "")


@pytest.mark.parametrize(("rule", "method"), API_DELETES)
def test_api_deletes_cannot_be_sent_cross_site(client, world, rule, method):
    """DELETE has no body to check: a cross-site DELETE needs a CORS preflight, never granted."""
    target = url(rule, world)
    preflight = client.options(target, headers={"Origin": "https://evil.example",
                                                "Access-Control-Request-Method": method})
    assert "Access-Control-Allow-Origin" not in preflight.headers
    assert "Access-Control-Allow-Methods" not in preflight.headers


@pytest.mark.parametrize("rule", [p.values[0] for p in PAGES if p.values[0].startswith("/api/")])
def test_the_api_grants_no_cross_origin_reads(client, world, rule):
    response = client.get(url(rule, world), headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_every_write_route_is_covered_by_one_rule_or_the_other():
    for rule in ROUTES:
        if rule.methods & WRITE_METHODS and not rule.rule.startswith("/api/"):
            assert rule.endpoint.split(".")[0] != "api", f"{rule.rule}: the API blueprint outside /api/"


# -- hostile names: text on every page, nothing fetched by the PDF -----------------------

class Trap(BaseHTTPRequestHandler):
    """A loopback server counting what reaches it (a PDF render must reach nothing)."""

    hits: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        Trap.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.end_headers()
        self.wfile.write(PNG)

    def log_message(self, *args) -> None:
        pass


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b""))


PNG = _png()


@pytest.fixture
def trap():
    server = HTTPServer(("127.0.0.1", 0), Trap)
    Trap.hits = []
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture
def hostile(app, client, tmp_path, trap):
    """A match started through the page with HTML in every name, the title and the notes."""
    secret = tmp_path / "secret.png"
    secret.write_bytes(PNG)
    players = {"N": "<script>alert(1)</script>", "E": '<img src="file:///etc/passwd">',
               "S": f'<img src="http://127.0.0.1:{trap}/n">', "W": '"><svg onload=alert(1)>'}
    title = '<b>Club</b><iframe src="file:///etc/passwd">'
    notes = (f'<link rel="attachment" href="file:///etc/passwd"><img src="{secret.as_uri()}">'
             f'<img src="http://127.0.0.1:{trap}/notes"><style>@import url(http://127.0.0.1:{trap}/css);</style>'
             '<a href="javascript:alert(1)">x</a>')
    page = client.get("/matches/new/contree").get_data(as_text=True)
    response = client.post("/matches/new/contree", data={
        "csrf_token": csrf_token(page), **{f"player_{seat}": name for seat, name in players.items()},
        "first_dealer": "N", "opt_target": "3000", "title": title, "notes": notes})
    assert response.status_code == 302, response.get_data(as_text=True)
    match_id = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    deal_ids = [client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).json["deal"]["id"] for _ in range(2)]
    profile = '<script>alert(3)</script><svg onload=alert(3)>'  # a rule profile's name, offered on the new-match form
    with client.application.app_context():
        store.add_profile(store.get_db(), game="contree", name=profile, options={"target": 2000})
    texts = [*players.values(), title, notes, profile]
    return {"match_id": match_id, "deal_id": deal_ids[0], "game": "contree", "kind": "legal_play", "code": "en",
            "irregularity": "penalty",
            "token": "no-such-booklet", **CLUB_IDS, "texts": texts, "players": players, "trap": trap}


HOSTILE_MARKUP = ("<script>alert", "<iframe", "<svg onload", 'href="javascript:', '<img src="file:',
                  '<img src="http:', '<link rel="attachment"', "<b>Club</b>", "<style>@import")


def assert_shown_as_text(html: str, texts: list[str], where: str) -> None:
    for text in texts:
        assert text not in html, f"{where}: {text!r} reaches the page as HTML"
    for markup in HOSTILE_MARKUP:
        assert markup not in html, f"{where}: {markup!r} reaches the page as HTML"


@pytest.mark.parametrize("rule", PAGES)
def test_hostile_names_are_text_on_every_page(client, hostile, rule):
    response = client.get(url(rule, hostile), follow_redirects=True)
    assert response.status_code < 500
    if response.mimetype == "application/json":
        assert response.json is not None  # JSON carries the text as data; no browser renders it as HTML
        return
    if response.mimetype != "text/html":
        return
    html = response.get_data(as_text=True)
    assert_shown_as_text(html, hostile["texts"], rule)
    if rule in ("/matches/<int:match_id>", "/matches/<int:match_id>/deals/new", "/"):
        assert str(escape(hostile["players"]["N"])) in html  # shown, as text


def test_hostile_names_are_text_on_the_refused_and_stale_forms(client, hostile):
    """What was typed comes back on the 422 form and the stale-token page, escaped."""
    match_id, payload = hostile["match_id"], "<script>alert(2)</script>"
    page = client.get("/matches/new/contree").get_data(as_text=True)
    refused = client.post("/matches/new/contree", data={
        "csrf_token": csrf_token(page), "player_N": payload, "player_E": "", "first_dealer": "N",
        "opt_target": payload})
    assert refused.status_code == 422
    assert_shown_as_text(refused.get_data(as_text=True), [payload], "new match refused")
    form = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    bad_deal = client.post(f"/matches/{match_id}/deals/new", data={
        "csrf_token": csrf_token(form), "dealer": payload, "bidder": payload, "bid": payload, "trump": payload,
        "bidder_points": payload, "last_trick": "bidders", "action": "save"})
    assert bad_deal.status_code == 422
    assert_shown_as_text(bad_deal.get_data(as_text=True), [payload], "deal refused")
    stale = client.post(f"/matches/{match_id}/deals/new", data={"csrf_token": "stale", "bidder_points": payload,
                                                               payload: "x", "action": "save"})
    assert stale.status_code == 400
    assert_shown_as_text(stale.get_data(as_text=True), [payload], "stale-token page")


def inflated(pdf: bytes) -> bytes:
    """The PDF with every Flate stream inflated (object streams included), to search it whole."""
    parts = [pdf]
    for found in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.DOTALL):
        try:
            parts.append(zlib.decompress(found.group(1)))
        except zlib.error:
            pass
    return b"\n".join(parts)


def test_the_pdf_prints_hostile_names_as_text_and_fetches_nothing(client, hostile, tmp_path):
    response = client.get(f"/matches/{hostile['match_id']}/sheet.pdf")
    assert response.status_code == 200 and response.data.startswith(b"%PDF")
    whole = inflated(response.data)
    for marker in (b"/EmbeddedFile", b"/Filespec", b"/Subtype /Image", b"/Subtype/Image", b"root:x:0:0"):
        assert marker not in whole, f"the PDF holds {marker!r}"
    assert Path("/etc/passwd").read_bytes()[:32] not in whole
    assert Trap.hits == [], f"the PDF render fetched {Trap.hits}"
    path = tmp_path / "sheet.pdf"
    path.write_bytes(response.data)
    text = subprocess.run(["pdftotext", "-raw", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout
    flat = re.sub(r"\s+", "", text)
    for name in hostile["players"].values():
        assert re.sub(r"\s+", "", name) in flat  # printed as the characters typed
    attachments = subprocess.run(["pdfdetach", "-list", str(path)], check=True, capture_output=True, text=True)
    assert attachments.stdout.strip().endswith("0 embedded files")
