"""The address phones use (issue "The club evening"): the public address the organiser sets is
what every QR code and printed link carries, a page opened on the server itself warns before
printing, each link has a large on-screen QR code, and ``make run`` says what a phone opens."""

from __future__ import annotations

import subprocess

import pytest
from flask.testing import FlaskClient

from scorekeeper import lan, store
from scorekeeper.errors import RuleViolation
from scorekeeper.serving import where_phones_go
from scorekeeper.web.address import read_public_url
from tests.helpers import csrf_token
from tests.helpers import wait_for
from tests.web.test_tournaments import PASSWORD, Organiser, cup, organiser  # noqa: F401  (cup, organiser: fixtures)

PUBLIC = "http://192.168.1.20:8000"


@pytest.mark.parametrize(("typed", "kept"), [
    ("192.168.1.20:8000", "http://192.168.1.20:8000"),
    ("  https://club.example/scores/ ", "https://club.example/scores"),
    ("http://[fe80::1]:8000", "http://[fe80::1]:8000"),
    ("", ""),
])
def test_a_public_address_is_read_as_a_phone_would_open_it(typed, kept):
    assert read_public_url(typed) == kept


@pytest.mark.parametrize("typed", ["ftp://club.example", "http://club example", "http://club.example/?next=x",
                                   "javascript:alert(1)", "http://user@club.example", "http://club.example:port",
                                   "http://"])
def test_an_address_no_phone_could_open_is_refused_by_name(typed):
    with pytest.raises(RuleViolation) as refused:
        read_public_url(typed)
    assert refused.value.field == "public_url"


def settings(organiser: Organiser, address: str):
    return organiser.post("/organiser/settings", {"public_url": address}, page="/organiser/settings")


def test_the_organiser_sets_the_public_address_and_a_bad_one_stays_in_the_form(organiser):
    response = settings(organiser, "192.168.1.20:8000")
    assert response.status_code == 302
    assert PUBLIC in organiser.client.get("/organiser/settings").get_data(as_text=True)
    refused = settings(organiser, "http://club example")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert "Type an address such as http://192.168.1.20:8000" in html and 'value="http://club example"' in html


def test_only_the_organiser_opens_the_settings(client):
    response = client.get("/organiser/settings")
    assert response.status_code == 302 and "/organiser/login" in response.headers["Location"]


class OpenedAs(FlaskClient):
    """A browser that opened the app by one address (``host``)."""

    host = "localhost"

    def open(self, *args, **kwargs):
        kwargs.setdefault("base_url", f"http://{self.host}")
        return super().open(*args, **kwargs)


def desk(app, host: str) -> Organiser:
    """The organiser's browser, having opened the app as ``host`` and logged in (the password the
    ``organiser`` fixture set: setting it again would end the other sessions)."""
    client = OpenedAs(app, app.response_class, use_cookies=True)
    client.host = host
    at_desk = Organiser.__new__(Organiser)
    at_desk.app, at_desk.client = app, client
    at_desk.post("/organiser/login", {"password": PASSWORD}, page="/organiser/login")
    return at_desk


def test_the_tables_links_and_their_qr_pages_carry_the_public_address(app, organiser, cup):
    organiser.draw(cup)
    warning = "opened on the server itself (127.0.0.1:8000)"
    assert warning in desk(app, "127.0.0.1:8000").client.get(f"/tournaments/{cup}").get_data(as_text=True)
    assert "opened on the server" not in desk(app, "192.168.1.7:8000").client.get(f"/tournaments/{cup}").get_data(
        as_text=True)

    settings(organiser, PUBLIC)
    html = desk(app, "127.0.0.1:8000").client.get(f"/tournaments/{cup}").get_data(as_text=True)
    assert "opened on the server itself" not in html
    assert f'href="{PUBLIC}/t/' in html  # the table links phones open
    qr = organiser.client.get(f"/tournaments/{cup}/tables/1/qr").get_data(as_text=True)
    assert f">{PUBLIC}/t/" in qr and 'src="data:image/svg+xml' in qr
    assert organiser.client.get(f"/tournaments/{cup}/tables/999/qr").status_code == 404


def test_the_qr_codes_of_printed_table_sheets_open_the_public_address(app, organiser, cup, tmp_path):
    organiser.draw(cup)
    settings(organiser, PUBLIC)
    with app.app_context():
        tokens = [table.token for table in store.list_rounds(store.get_db(), cup)[0].tables]
    response = organiser.post(f"/tournaments/{cup}/rounds/1/sheets", {}, page=f"/tournaments/{cup}")
    location = response.headers["Location"]
    assert "Ready:" in wait_for(organiser.client, location)
    with organiser.client.get(f"{location}.pdf") as printed:
        (tmp_path / "sheets.pdf").write_bytes(printed.data)
    subprocess.run(["pdftoppm", "-png", "-r", "150", str(tmp_path / "sheets.pdf"), str(tmp_path / "page")],
                   check=True)
    read = subprocess.run(["zbarimg", "--quiet", "--raw", *sorted(map(str, tmp_path.glob("page*.png")))],
                          capture_output=True, text=True, check=True)
    assert read.stdout.split() == [f"{PUBLIC}/t/{token}" for token in tokens]
    first = subprocess.run(["pdftotext", "-l", "1", "-layout", str(tmp_path / "sheets.pdf"), "-"], check=True,
                           capture_output=True, text=True).stdout
    numbers = [line.split()[0] for line in first.splitlines() if line.split() and line.split()[0].isdigit()]
    assert "2 deals a round" in first and numbers[-2:] == ["1", "2"]  # the round's two deals, not 24 lines
    assert "Target" not in first


def test_a_casual_match_shows_its_link_as_a_large_qr_code(client):
    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "Ann", "E": "Ben", "S": "Cy", "W": "Di"}}).json["id"]
    html = client.get(f"/matches/{match_id}/qr", base_url="http://192.168.1.20:8000").get_data(as_text=True)
    assert f">http://192.168.1.20:8000/matches/{match_id}</a>" in html and 'class="qr-large"' in html
    assert "opened on the server itself" not in html
    on_loopback = client.get(f"/matches/{match_id}/qr", base_url="http://localhost").get_data(as_text=True)
    assert "no phone can open this link" in on_loopback
    assert f'href="/matches/{match_id}/qr"' in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_the_environment_s_public_address_is_used_when_the_organiser_set_none(app, client):
    app.config["PUBLIC_URL"] = "http://club.local:8000"
    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "Ann", "E": "Ben", "S": "Cy", "W": "Di"}}).json["id"]
    html = client.get(f"/matches/{match_id}/qr").get_data(as_text=True)
    assert f">http://club.local:8000/matches/{match_id}</a>" in html


def test_make_run_says_the_lan_addresses_a_phone_opens_with_a_qr_code():
    said = where_phones_go([("0.0.0.0", 8000)], "", ["127.0.0.1", "192.168.1.20", "10.0.0.5"])
    first, second, *drawn = said.splitlines()
    assert "0.0.0.0" not in said and "127.0.0.1" not in second
    assert second == "Phones on the club's network open: http://192.168.1.20:8000/  http://10.0.0.5:8000/"
    assert len(drawn) > 10 and all(set(line) <= set("█▀▄ ") for line in drawn)  # a QR code for the terminal
    assert "http://club.local" in where_phones_go([("127.0.0.1", 8000)], "http://club.local", [])


def test_this_machine_s_addresses_are_read_from_its_interfaces():
    addresses = lan.interface_addresses()
    assert "127.0.0.1" in addresses and all(address.count(".") == 3 for address in addresses)
