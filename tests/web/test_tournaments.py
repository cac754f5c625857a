"""The club evening: the organiser's pages, the draw, the tables' links, standings and prints."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from werkzeug.security import generate_password_hash

from scorekeeper import evening, games, store
from scorekeeper.web import access
from tests.helpers import csrf_token, form_fields, wait_for

PASSWORD = "club-secret"
# The organiser's password as the desk's helper keeps it: hashed once, with one round of PBKDF2 (the
# app's own scrypt costs 0.15 s of CPU at each set and each login, in some 300 tests). The login still
# checks it as it checks any kept hash; setting the password through the app is tested on its own.
QUICK_HASH = generate_password_hash(PASSWORD, method="pbkdf2:sha256:1")
DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}  # E-W make 100: 220 to 60 (RULES §2.3)
NAMES = ("Ann", "Ben", "Cy", "Di", "Eva", "Finn", "Gus", "Hana")
NOON = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def errors(html: str) -> list[str]:
    return re.findall(r'class="error[^"]*"[^>]*>([^<]*)', html)


def flashes(html: str) -> list[str]:
    return re.findall(r'class="flash"[^>]*>([^<]*)', html)


def refusals(html: str) -> list[str]:
    """The messages flashed in the error style (red, read out at once), as a refusal is."""
    return re.findall(r'class="flash refused" role="alert">([^<]*)', html)


class Organiser:
    """The organiser at the desk, driving the pages with the test client."""

    def __init__(self, app, client) -> None:
        self.app, self.client = app, client
        with app.app_context():
            store.set_setting(store.get_db(), access.PASSWORD_KEY, QUICK_HASH)
        self.post("/organiser/login", {"password": PASSWORD}, page="/organiser/login")

    def post(self, url: str, data: dict, *, page: str = "/tournaments", follow: bool = False):
        token = csrf_token(self.client.get(page).get_data(as_text=True))
        return self.client.post(url, data={"csrf_token": token, **data}, follow_redirects=follow)

    def players(self, names=NAMES) -> list[int]:
        for name in names:
            assert self.post("/players", {"name": name}).status_code == 302
        with self.app.app_context():
            by_name = {p.name: p.id for p in store.list_players(store.get_db())}
        return [by_name[name] for name in names]

    def tournament(self, game="contree", **fields) -> int:
        page = self.client.get(f"/tournaments/new/{game}").get_data(as_text=True)
        data = {**form_fields(page), "name": "Spring cup", "format": "pairs", "rounds": "2", "deals": "2",
                "ranking": "match_points", **fields}
        response = self.client.post(f"/tournaments/new/{game}", data=data)
        assert response.status_code == 302, errors(response.get_data(as_text=True))
        return int(response.headers["Location"].rsplit("/", 1)[1])

    def enter(self, tournament_id: int, *players: int):
        fields = {f"player_{n}": str(p) for n, p in enumerate(players, start=1)}
        return self.post(f"/tournaments/{tournament_id}/entries", fields, page=f"/tournaments/{tournament_id}")

    def draw(self, tournament_id: int):
        return self.post(f"/tournaments/{tournament_id}/rounds", {}, page=f"/tournaments/{tournament_id}",
                         follow=True)

    def links(self, tournament_id: int, round_number: int) -> list[str]:
        html = self.client.get(f"/tournaments/{tournament_id}").get_data(as_text=True)
        section = html.split(f'id="round-{round_number}"', 1)[1].split("</section>", 1)[0]
        return [link.removeprefix("http://localhost") for link in re.findall(r'href="(http://localhost/t/[^"]+)"',
                                                                              section)]


@pytest.fixture
def organiser(app, client) -> Organiser:
    return Organiser(app, client)


@pytest.fixture
def cup(organiser) -> int:
    """A Contrée tournament of four pairs, two rounds of two deals."""
    ids = organiser.players()
    tournament_id = organiser.tournament()
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        assert organiser.enter(tournament_id, first, second).status_code == 302
    return tournament_id


def phone(app, link: str):
    """A table's phone that opened the link: the client and the table's match id."""
    client = app.test_client()
    response = client.get(link)
    assert response.status_code == 302
    return client, int(response.headers["Location"].rsplit("/", 1)[1])


def play(app, link: str, deals: int = 2) -> int:
    client, match_id = phone(app, link)
    for _ in range(deals):
        assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    return match_id


# -- the organiser's door --------------------------------------------------------------

ORGANISER_PAGES = ["/players", "/players/1", "/tournaments", "/tournaments/new/contree", "/tournaments/1",
                   "/tournaments/1/standings.pdf", "/tournaments/1/rounds/1/pairings.pdf"]


@pytest.mark.parametrize("url", ORGANISER_PAGES)
def test_organiser_pages_send_everyone_else_to_the_login(client, url):
    response = client.get(url)
    assert response.status_code == 302 and "/organiser/login" in response.headers["Location"]


ORGANISER_WRITES = ["/players", "/tournaments/new/contree", "/tournaments/1/entries", "/tournaments/1/rounds",
                    "/tournaments/1/swap", "/tournaments/1/tables/1/token", "/tournaments/1/booklet",
                    "/tournaments/1/rounds/1/sheets", "/tournaments/1/entries/1/delete", "/players/1"]


@pytest.mark.parametrize("url", ORGANISER_WRITES)
def test_organiser_writes_are_refused_to_everyone_else_and_store_nothing(app, client, cup, url):
    stranger = app.test_client()
    token = csrf_token(stranger.get("/organiser/login").get_data(as_text=True))
    with app.app_context():
        before = store.get_db().execute("select count(*) from players").fetchone()[0]
    response = stranger.post(url, data={"csrf_token": token, "name": "Mallory", "player_1": "1", "player_2": "2"})
    assert response.status_code == 302 and "/organiser/login" in response.headers["Location"]
    with app.app_context():
        assert store.get_db().execute("select count(*) from players").fetchone()[0] == before
        assert store.list_rounds(store.get_db(), cup) == []


def test_a_wrong_password_is_refused_on_the_form(app, client):
    with app.app_context():
        access.set_password(store.get_db(), PASSWORD)
    page = client.get("/organiser/login").get_data(as_text=True)
    response = client.post("/organiser/login", data={"csrf_token": csrf_token(page), "password": "guess"})
    assert response.status_code == 422
    assert "That is not the organiser&#39;s password." in response.get_data(as_text=True)
    assert client.get("/tournaments").status_code == 302


def test_the_login_page_says_how_to_set_a_password_when_there_is_none(client):
    assert "set-organiser-password" in client.get("/organiser/login").get_data(as_text=True)


def test_the_password_is_set_with_a_flask_command(app, tmp_path):
    runner = app.test_cli_runner()
    short = runner.invoke(args=["set-organiser-password", "--password-file", "-"], input="short\n")
    assert short.exit_code != 0 and "at least 8" in short.output
    result = runner.invoke(args=["set-organiser-password", "--password-file", "-"], input=f"{PASSWORD}\n")
    assert result.exit_code == 0, result.output
    client = app.test_client()
    page = client.get("/organiser/login").get_data(as_text=True)
    assert client.post("/organiser/login", data={"csrf_token": csrf_token(page), "password": PASSWORD}).status_code \
        == 302
    assert client.get("/tournaments").status_code == 200


def test_logging_out_closes_the_organiser_pages(organiser):
    assert organiser.post("/organiser/logout", {}).status_code == 302
    assert organiser.client.get("/tournaments").status_code == 302


# -- players ---------------------------------------------------------------------------

def test_a_player_without_a_name_is_refused_and_the_licence_kept(organiser):
    response = organiser.post("/players", {"name": "  ", "licence": "FR-123"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "A player needs a name." in errors(html) and 'value="FR-123"' in html


def test_a_players_page_shows_their_tournaments_and_place(app, organiser, cup):
    organiser.draw(cup)
    for link in organiser.links(cup, 1):
        play(app, link)
    html = organiser.client.get("/players/1").get_data(as_text=True)
    assert "Spring cup" in html and re.search(r"Place [1-4] of 4", html)
    assert "won" in html or "lost" in html


# -- a tournament -------------------------------------------------------------------------

def test_a_tournament_without_a_name_or_with_no_rounds_is_refused_by_field(organiser):
    response = organiser.post("/tournaments/new/contree", {"name": "", "format": "pairs", "rounds": "0",
                                                           "deals": "2", "ranking": "match_points"})
    assert response.status_code == 422
    found = errors(response.get_data(as_text=True))
    assert "Give the tournament a name." in found and "From 1 to 20 rounds." in found


def test_belote_for_three_offers_no_tournament(organiser):
    assert organiser.client.get("/tournaments/new/belote?players=3").status_code == 404


def test_pandoeren_is_played_individually_and_its_rounds_need_a_number_of_deals(organiser):
    html = organiser.client.get("/tournaments/new/pandoeren").get_data(as_text=True)
    assert 'value="individual"' in html and 'value="pairs"' not in html
    endless = organiser.post("/tournaments/new/pandoeren", {"name": "Cup", "format": "individual", "rounds": "2",
                                                            "deals": "0", "ranking": "total_points"})
    assert endless.status_code == 422  # RULES §7 item 14: Pandoeren has no end of its own
    assert "Pandoeren has no end of its own: give the number of deals a round" in errors(
        endless.get_data(as_text=True))
    assert organiser.tournament("pandoeren", format="individual", deals="8")


def test_a_pair_of_one_player_twice_or_a_player_entered_twice_is_refused(organiser, cup):
    twice = organiser.enter(cup, 1, 1)
    assert twice.status_code == 422 and "Pick two different players" in errors(twice.get_data(as_text=True))
    again = organiser.enter(cup, 1, 3)
    assert again.status_code == 422 and "Ann is already entered" in errors(again.get_data(as_text=True))


def test_the_draw_seats_every_pair_and_gives_each_table_a_link(app, organiser, cup):
    html = organiser.draw(cup).get_data(as_text=True)
    assert "Round 1 is drawn: 2 tables." in flashes(html)
    links = organiser.links(cup, 1)
    assert len(links) == 2 and len(set(links)) == 2
    with app.app_context():
        (round_,) = store.list_rounds(store.get_db(), cup)
        seated = sorted(e for table in round_.tables for side in table.sides for e in side)
        assert seated == [1, 2, 3, 4]
        match = store.get_match(store.get_db(), round_.tables[0].match_id)
        assert match.deal_limit == 2 and "Spring cup · round 1, table 1" == match.title


def test_a_round_is_not_drawn_twice_nor_before_the_last_one_is_finished(app, organiser, cup):
    organiser.draw(cup)
    html = organiser.draw(cup).get_data(as_text=True)
    assert "Round 1 is not finished: every table must reach its result first" in refusals(html)
    with app.app_context():
        assert len(store.list_rounds(store.get_db(), cup)) == 1
        with pytest.raises(Exception, match="Round 1 is drawn already"):
            store.add_round(store.get_db(), cup, 1, (), [], game="contree", first_dealer="N", options={},
                            deal_limit=0, ready=lambda: None)


def test_a_table_link_opens_that_table_only(app, organiser, cup):
    organiser.draw(cup)
    first, second = organiser.links(cup, 1)
    client, match_id = phone(app, first)
    _, other_match = phone(app, second)
    assert client.get(f"/matches/{match_id}").status_code == 200
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    assert client.get(f"/matches/{other_match}").status_code == 403
    assert client.get(f"/matches/{other_match}/deals/new").status_code == 403
    assert client.post(f"/api/v1/matches/{other_match}/deals", json=DEAL).status_code == 403
    assert client.get(f"/api/v1/matches/{other_match}").status_code == 403
    stranger = app.test_client()
    assert stranger.get(f"/matches/{match_id}").status_code == 403
    assert stranger.get("/t/not-a-token").status_code == 404


def match_routes(app, *, casual: bool = True):
    """Every route of a match and its methods (``casual=False``: not the casual matches' own, which
    a tournament's table does not have)."""
    return [(rule.rule, method) for rule in app.url_map.iter_rules() if "<int:match_id>" in rule.rule
            and (casual or not rule.endpoint.startswith("casual."))
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]


def test_every_route_of_a_match_refuses_a_stranger_at_a_tournament_table(app, organiser, cup):
    """Enumerated from the URL map, so a new route cannot forget the table's link."""
    organiser.draw(cup)
    client, match_id = phone(app, organiser.links(cup, 1)[0])
    client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    with app.app_context():
        deal_id = store.list_deals(store.get_db(), match_id)[0].id
    stranger = app.test_client()
    token = csrf_token(stranger.get("/matches/new/contree").get_data(as_text=True))
    routes = match_routes(app)
    assert len(routes) > 10
    table_routes = match_routes(app, casual=False)
    for rule, method in routes:
        url = rule.replace("<int:match_id>", str(match_id)).replace("<int:deal_id>", str(deal_id))
        body = {"json": {"dealer": "N"}} if rule.startswith("/api/") and method in ("POST", "PUT") else \
            {"data": {"csrf_token": token}} if method == "POST" else {}
        response = stranger.open(url, method=method, **body)
        # a casual match's own pages (rename, archive, rematch, delete) do not exist for a table
        assert response.status_code == (403 if (rule, method) in table_routes else 404), (method, rule)
    with app.app_context():
        assert len(store.list_deals(store.get_db(), match_id)) == 1


def test_a_table_token_also_works_as_an_api_header(app, organiser, cup):
    organiser.draw(cup)
    token = organiser.links(cup, 1)[0].removeprefix("/t/")
    with app.app_context():
        match_id = store.table_by_token(store.get_db(), token).match_id
    api = app.test_client()
    assert api.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 403
    assert api.post(f"/api/v1/matches/{match_id}/deals", json=DEAL,
                    headers={"X-Table-Token": token}).status_code == 201


def test_a_revoked_link_stops_working_at_once_and_the_new_one_works(app, organiser, cup):
    organiser.draw(cup)
    old = organiser.links(cup, 1)[0]
    client, match_id = phone(app, old)
    with app.app_context():
        table_id = store.table_of_match(store.get_db(), match_id).id
    organiser.post(f"/tournaments/{cup}/tables/{table_id}/token", {"confirmed": "yes"},
                   page=f"/tournaments/{cup}")
    assert client.get(f"/matches/{match_id}").status_code == 403  # the phone that held the old link
    assert app.test_client().get(old).status_code == 404
    new = organiser.links(cup, 1)[0]
    assert new != old
    client, again = phone(app, new)
    assert again == match_id and client.get(f"/matches/{match_id}").status_code == 200


def test_a_match_is_read_with_the_table_it_is_in_one_go(app, organiser, cup):
    """What a page's access check reads in one statement is the match and its table as read apart."""
    organiser.draw(cup)
    _client, table_match = phone(app, organiser.links(cup, 1)[1])
    with app.app_context():
        db = store.get_db()
        casual = store.create_match(db, game="contree", players=dict(zip("NESW", NAMES)), first_dealer="N",
                                    options=games.get_rules("contree").resolve_options({}))
        for match_id in (table_match, casual):
            assert store.get_match_and_table(db, match_id) == (store.get_match(db, match_id),
                                                               store.table_of_match(db, match_id))
        assert store.get_match_and_table(db, table_match)[1].match_id == table_match
        assert store.get_match_and_table(db, casual)[1] is None
        with pytest.raises(store.NotFound):
            store.get_match_and_table(db, casual + 1)


def test_what_a_tables_phone_is_shown_besides_its_deals_is_read_in_one_go(app, organiser, cup):
    """A table's sign-offs asked for, its round's clock and its closing, read in one statement at
    every read of its sheet, are what they are read apart, before and after each of them changes."""
    organiser.draw(cup)
    _client, table_match = phone(app, organiser.links(cup, 1)[1])
    with app.app_context():
        db = store.get_db()
        (round_row,) = store.list_rounds(db, cup)
        table = store.table_of_match(db, table_match)

        def confirm_results():
            db.execute("update tournaments set confirm_results = 1 where id = ?", [cup])
            db.conn.commit()

        def start_clock():
            store.set_clock(db, round_row.id, lambda clock: evening.start_clock(clock, 30, NOON))

        def close_table():
            store.close_tables(db, [(table.id, table_match, 0, None)], "time", NOON, lambda: None)

        for step in (lambda: None, confirm_results, start_clock, close_table):
            step()
            assert store.table_now(db, table.id) == store.TableNow(
                store.confirms_results(db, cup), store.get_clock(db, round_row.id),
                bool(store.list_closures(db, [table.id])))
        assert store.table_now(db, table.id) == store.TableNow(True, store.get_clock(db, round_row.id), True)
        assert store.get_clock(db, round_row.id).started == NOON


def test_tournament_tables_stay_off_the_front_page(app, client, organiser, cup):
    organiser.draw(cup)
    assert "Spring cup · round 1" not in app.test_client().get("/").get_data(as_text=True)


def test_a_table_ends_after_the_rounds_deals_and_refuses_a_result_after(app, organiser, cup):
    organiser.draw(cup)
    client, match_id = phone(app, organiser.links(cup, 1)[0])
    for _ in range(2):
        client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    late = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    assert late.status_code == 400 and "The match is over" in late.json["error"]["message"]
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "The round&#39;s number of deals is reached (2): E–W has the highest total, 440, and wins" in sheet


def test_a_closed_round_takes_no_more_changes_from_the_tables(app, organiser, cup):
    organiser.draw(cup)
    phones = [phone(app, link) for link in organiser.links(cup, 1)]
    for client, match_id in phones:
        for _ in range(2):
            client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    organiser.draw(cup)
    client, match_id = phones[0]
    assert client.get(f"/matches/{match_id}").status_code == 200  # still readable
    with app.app_context():
        deal_id = store.list_deals(store.get_db(), match_id)[0].id
    assert client.delete(f"/api/v1/matches/{match_id}/deals/{deal_id}").status_code == 403
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert client.post(f"/matches/{match_id}/undo", data={"csrf_token": csrf_token(page)}).status_code == 403
    with app.app_context():
        assert len(store.list_deals(store.get_db(), match_id)) == 2


def test_standings_follow_the_tables_and_the_second_round_is_swiss(app, organiser, cup):
    organiser.draw(cup)
    winners = set()
    for link in organiser.links(cup, 1):
        match_id = play(app, link)
        with app.app_context():
            table = store.table_of_match(store.get_db(), match_id)
        winners.add(table.sides[1][0])  # E-W make every contract: the second side wins
    html = organiser.client.get(f"/tournaments/{cup}/standings").get_data(as_text=True)
    assert 'http-equiv="refresh"' not in html and "js/wall.js" in html  # the wall updates itself in place
    assert "Match points (win 2, draw 1), then points scored" in html
    rows = re.findall(r"<tr><td class=\"num\">(\d)</td><td>([^<]+)</td>", html)
    assert len(rows) == 4
    organiser.draw(cup)
    with app.app_context():
        second = store.list_rounds(store.get_db(), cup)[1]
    meetings = [{side[0] for side in table.sides} for table in second.tables]
    assert winners in meetings  # the two winners meet in the Swiss round


def test_two_entries_swap_places_before_the_round_begins_but_not_after(app, organiser, cup):
    organiser.draw(cup)
    with app.app_context():
        (round_,) = store.list_rounds(store.get_db(), cup)
    a, b = round_.tables[0].sides[0][0], round_.tables[1].sides[0][0]
    html = organiser.post(f"/tournaments/{cup}/swap", {"first": str(a), "second": str(b)},
                          page=f"/tournaments/{cup}", follow=True).get_data(as_text=True)
    assert any("swapped places" in f for f in flashes(html))
    with app.app_context():
        (moved,) = store.list_rounds(store.get_db(), cup)
        assert moved.tables[0].sides[0] == (b,) and moved.tables[1].sides[0] == (a,)
        match = store.get_match(store.get_db(), moved.tables[0].match_id)
        entry = store.list_entries(store.get_db(), cup)[b - 1]
        names = {p.id: p.name for p in store.list_players(store.get_db())}
        assert (match.players["N"], match.players["S"]) == tuple(names[p] for p in entry.players)
    play(app, organiser.links(cup, 1)[0], deals=1)
    html = organiser.post(f"/tournaments/{cup}/swap", {"first": str(a), "second": str(b)},
                          page=f"/tournaments/{cup}", follow=True).get_data(as_text=True)
    assert "Round 1 has begun: its seats can no longer change" in refusals(html)


def test_an_individual_tournament_seats_partners_across_the_table(app, organiser):
    ids = organiser.players()
    tournament_id = organiser.tournament(format="individual", rounds="3")
    for player_id in ids:
        assert organiser.enter(tournament_id, player_id).status_code == 302
    organiser.draw(tournament_id)
    with app.app_context():
        (round_,) = store.list_rounds(store.get_db(), tournament_id)
        table = round_.tables[0]
        match = store.get_match(store.get_db(), table.match_id)
        names = {p.id: p.name for p in store.list_players(store.get_db())}
        entries = {e.id: e.players[0] for e in store.list_entries(store.get_db(), tournament_id)}
    (n, s), (e, w) = table.sides
    assert [match.players[seat] for seat in "NSEW"] == [names[entries[x]] for x in (n, s, e, w)]


def test_the_printed_pairings_and_standings(app, organiser, cup, tmp_path):
    import subprocess

    organiser.draw(cup)
    for url, expected in ((f"/tournaments/{cup}/rounds/1/pairings.pdf", "Spring cup · round 1"),
                          (f"/tournaments/{cup}/standings.pdf", "Match points (win 2, draw 1)")):
        response = organiser.client.get(url)
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        path = tmp_path / "print.pdf"
        path.write_bytes(response.data)
        text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
        assert expected in text and "Ann & Ben" in text
        if "pairings" in url:  # who sits where: each pair with its seats
            assert re.search(r"(N–S Ann & Ben — E–W|N–S .+ — E–W Ann & Ben)", text), text
    assert organiser.client.get(f"/tournaments/{cup}/rounds/2/pairings.pdf").status_code == 404


@pytest.mark.parametrize("kind", ["rounds/1/sheets", "booklet"])
def test_a_tournaments_booklet_leads_back_to_the_tournament(organiser, cup, kind):
    organiser.draw(cup)
    response = organiser.post(f"/tournaments/{cup}/{kind}", {}, page=f"/tournaments/{cup}")
    assert response.status_code == 302
    html = wait_for(organiser.client, response.headers["Location"])
    assert f'href="/tournaments/{cup}">Back to the tournament' in html
    assert "Back to the matches" not in html


CLUB_URLS = ["/players/{id}", "/tournaments/{id}", "/tournaments/{id}/standings", "/tournaments/{id}/standings.pdf",
             "/tournaments/1/rounds/{id}/pairings.pdf"]
CLUB_WRITES = ["/players/{id}", "/tournaments/{id}/entries", "/tournaments/{id}/rounds", "/tournaments/{id}/swap",
               "/tournaments/1/entries/{id}/delete", "/tournaments/1/tables/{id}/token",
               "/tournaments/1/rounds/{id}/sheets", "/tournaments/{id}/booklet"]


@pytest.mark.parametrize("big", [2**63, 2**80, 999_999])
def test_ids_that_name_nothing_are_not_found(organiser, cup, big):
    for url in CLUB_URLS:
        assert organiser.client.get(url.format(id=big)).status_code == 404, url
    for url in CLUB_WRITES:
        assert organiser.post(url.format(id=big), {}).status_code == 404, url


def test_hostile_player_names_are_text_on_every_club_page(app, organiser):
    hostile = "<script>alert(1)</script>"
    ids = organiser.players((hostile, "Ben", "Cy", "Di"))
    tournament_id = organiser.tournament()
    organiser.enter(tournament_id, ids[0], ids[1])
    organiser.enter(tournament_id, ids[2], ids[3])
    organiser.draw(tournament_id)
    for url in ("/players", f"/players/{ids[0]}", f"/tournaments/{tournament_id}",
                f"/tournaments/{tournament_id}/standings"):
        html = organiser.client.get(url).get_data(as_text=True)
        assert hostile not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url


# -- records -------------------------------------------------------------------------------

def finished_cup(app, organiser, cup) -> None:
    for number in (1, 2):
        organiser.draw(cup)
        for link in organiser.links(cup, number):
            play(app, link)


def standings_rows(client, tournament_id: int) -> list[tuple[str, ...]]:
    html = client.get(f"/tournaments/{tournament_id}/standings").get_data(as_text=True)
    return re.findall(r"<tr><td class=\"num\">(\d)</td><td>([^<]+)</td>\s*<td class=\"num\">(\d+)</td>", html)


def test_a_tournament_exported_and_imported_elsewhere_gives_the_same_standings(app, organiser, cup, tmp_path):
    import io

    from scorekeeper import create_app

    finished_cup(app, organiser, cup)
    record = organiser.client.get(f"/tournaments/{cup}/export.json")
    assert record.status_code == 200 and record.json["format"] == "scorekeeper-tournament"
    path = str(tmp_path / "elsewhere.sqlite")
    store.init_db(path)
    elsewhere = create_app({"TESTING": True, "SECRET_KEY": "other", "DATABASE": path})
    other = Organiser(elsewhere, elsewhere.test_client())
    other.players(("Zoé",))  # the other club has players of its own
    response = other.client.post("/tournaments/import", data={
        "csrf_token": csrf_token(other.client.get("/tournaments/import").get_data(as_text=True)),
        "record": (io.BytesIO(record.data), "cup.json")}, content_type="multipart/form-data")
    assert response.status_code == 302, errors(response.get_data(as_text=True))
    imported = int(response.headers["Location"].rsplit("/", 1)[1])
    assert standings_rows(other.client, imported) == standings_rows(organiser.client, cup)
    assert len(standings_rows(other.client, imported)) == 4
    with elsewhere.app_context():
        assert len(store.list_players(store.get_db())) == 9
        tokens = [t.token for r in store.list_rounds(store.get_db(), imported) for t in r.tables]
    with app.app_context():
        old = [t.token for r in store.list_rounds(store.get_db(), cup) for t in r.tables]
    assert not set(tokens) & set(old)  # new links on the new machine


def import_record(organiser, payload: bytes):
    import io

    return organiser.client.post("/tournaments/import", data={
        "csrf_token": csrf_token(organiser.client.get("/tournaments/import").get_data(as_text=True)),
        "record": (io.BytesIO(payload), "record.json")}, content_type="multipart/form-data")


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.update(format="other"), "format: This is not a Scorekeeper tournament record"),
    (lambda r: r["tournament"].update(game="poker"), "tournament.game: “poker” is not a game Scorekeeper knows"),
    (lambda r: r["tournament"].pop("game"), "tournament.game: The record does not say which game was played"),
    (lambda r: r["entries"][0].update(players=[999]), "entries[0].players: An entry names a player"),
    (lambda r: r["rounds"][0]["tables"][0]["match"]["deals"][0]["declarations"].update(bid=85),
     "rounds[0].tables[0].match.deals[0].declarations.bid:"),
    (lambda r: r["rounds"][0]["tables"][0].update(sides=[[1]]), "rounds[0].tables[0].sides: A table has two sides"),
])
def test_a_broken_record_is_refused_by_place_and_nothing_is_stored(app, organiser, cup, change, message):
    import json

    finished_cup(app, organiser, cup)
    record = organiser.client.get(f"/tournaments/{cup}/export.json").json
    change(record)
    with app.app_context():
        before = [store.get_db().execute(f"select count(*) from {t}").fetchone()[0]
                  for t in ("tournaments", "matches", "deals", "players")]
    response = import_record(organiser, json.dumps(record).encode())
    assert response.status_code == 422
    assert any(message in e for e in errors(response.get_data(as_text=True))), errors(response.get_data(as_text=True))
    with app.app_context():
        assert [store.get_db().execute(f"select count(*) from {t}").fetchone()[0]
                for t in ("tournaments", "matches", "deals", "players")] == before


def test_a_file_that_is_not_json_is_refused(organiser):
    response = import_record(organiser, b"\x89PNG not json")
    assert response.status_code == 422
    assert "The file is not JSON" in response.get_data(as_text=True)


def test_the_standings_as_csv(app, organiser, cup):
    import csv
    import html

    finished_cup(app, organiser, cup)
    response = organiser.client.get(f"/tournaments/{cup}/standings.csv")
    assert response.mimetype == "text/csv"
    assert response.data.startswith("\ufeff".encode())  # spreadsheets read the accents as UTF-8
    rows = list(csv.reader(response.data.decode("utf-8-sig").splitlines()))
    assert rows[0][:3] == ["Place", "Entry", "Match points"] and len(rows) == 5
    assert [row[1] for row in rows[1:]] == [html.unescape(name) for _, name, _ in standings_rows(organiser.client, cup)]


def test_a_players_statistics_per_game(app, organiser, cup):
    """E–W take and make every contract (100 ♥, RULES §2.3); one deal is contré by N–S."""
    organiser.draw(cup)
    links = organiser.links(cup, 1)
    client, match_id = phone(app, links[0])
    client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    client.post(f"/api/v1/matches/{match_id}/deals", json={**DEAL, "contre": "contre"})
    with app.app_context():
        match = store.get_match(store.get_db(), match_id)
        by_name = {p.name: p.id for p in store.list_players(store.get_db())}
    east, north = by_name[match.players["E"]], by_name[match.players["N"]]
    east_page = organiser.client.get(f"/players/{east}").get_data(as_text=True)
    row = re.search(r"<td>Belote Contrée</td>(.*?)</tr>", east_page, re.S).group(1)
    assert re.findall(r'<td class="num">([^<]*)</td>', row) == ["2", "2", "100 %", "330.0", "–"]  # (220 + 440) / 2
    north_page = organiser.client.get(f"/players/{north}").get_data(as_text=True)
    row = re.search(r"<td>Belote Contrée</td>(.*?)</tr>", north_page, re.S).group(1)
    assert re.findall(r'<td class="num">([^<]*)</td>', row) == ["2", "0", "–", "60.0", "0/1 (0 %)"]


def test_a_pandoeren_table_ranks_four_players_each_for_himself(app, organiser):
    """RULES §4.4: a made Misère adds its value to the declarer's own total only; the table's
    result after the round's one deal is the highest total (each player a side of his own)."""
    ids = organiser.players(NAMES[:4])
    tournament_id = organiser.tournament("pandoeren", format="individual", rounds="1", deals="1",
                                         ranking="total_points")
    for player_id in ids:
        organiser.enter(tournament_id, player_id)
    organiser.draw(tournament_id)
    client, match_id = phone(app, organiser.links(tournament_id, 1)[0])
    deal = {"dealer": "N", "declarer": "E", "contract": "Misère", "trump": "S", "made": True}
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=deal).status_code == 201
    with app.app_context():
        match = store.get_match(store.get_db(), match_id)
    html = organiser.client.get(f"/tournaments/{tournament_id}/standings").get_data(as_text=True)
    rows = re.findall(r"<tr><td class=\"num\">(\d)</td><td>([^<]+)</td>", html)
    assert rows[0][1] == match.players["E"]  # the declarer alone scored
    assert "Final standings" in html


def test_a_players_page_lists_the_casual_matches_played_under_that_name(app, client, organiser):
    organiser.players(("Ann",))
    casual = client.post("/api/v1/matches", json={"game": "contree", "players": {
        "N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}, "title": "Friday"}).json["id"]
    client.post("/api/v1/matches", json={"game": "contree", "players": {
        "N": "Anna", "E": "Bob", "S": "Cy", "W": "Di"}, "title": "Saturday"})
    html = organiser.client.get("/players/1").get_data(as_text=True)
    assert f"/matches/{casual}" in html and "Friday" in html
    assert "Saturday" not in html  # Anna is not Ann


@pytest.mark.parametrize("game", ["belote", "contree", "klaberjass", "quinto"])
def test_a_tournament_of_the_untouched_form_plays_the_default_house_rules(organiser, game):
    """The boxes ticked by default go with the form, so every table plays the game's defaults."""
    tournament_id = organiser.tournament(game)
    record = organiser.client.get(f"/tournaments/{tournament_id}/export.json").json
    assert record["tournament"]["options"] == games.get_rules(game).resolve_options()


def test_the_swap_form_starts_on_two_different_entries(organiser, cup):
    organiser.draw(cup)
    html = organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)
    swap = re.search(r'<form[^>]*action="[^"]*/swap".*?</form>', html, re.DOTALL).group(0)
    sent = form_fields(swap)
    assert sent["first"] != sent["second"], sent
