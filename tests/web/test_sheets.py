"""The sheet's chart: every total inside the box, below zero included."""

from __future__ import annotations

from types import MappingProxyType

from scorekeeper.games.base import Sheet, SheetRow
from scorekeeper.web.sheets import CHART_HEIGHT, chart
from tests.helpers import form_fields


def sheet_of(*totals: dict[str, int]) -> Sheet:
    rows = tuple(SheetRow({}, None, MappingProxyType(t)) for t in totals)  # type: ignore[arg-type]
    return Sheet(rows, rows[-1].totals, None, played=len(rows))


def points(line: str) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in line.split()]  # type: ignore[misc]


def test_negative_totals_stay_inside_the_chart():
    drawn = chart(sheet_of({"N": 3, "E": -6}, {"N": -9, "E": 2}), ("N", "E"), None)
    ys = [y for line in drawn["lines"] for _, y in points(line["points"])]
    assert all(0 <= y <= CHART_HEIGHT for y in ys)
    assert drawn["zero_y"] is not None


def test_the_target_line_is_drawn_at_the_target():
    drawn = chart(sheet_of({"A": 500, "B": 200}), ("A", "B"), 1000)
    assert drawn["zero_y"] is None
    assert 0 <= drawn["target_y"] < points(drawn["lines"][0]["points"])[-1][1]


def test_the_rows_cache_renders_once_per_key_and_forgets_the_oldest():
    from markupsafe import Markup

    from scorekeeper.web.sheets import LruCache

    cache, renders = LruCache(size=2), []

    def render(text):
        return lambda: renders.append(text) or Markup(text)

    assert cache.get(("db", 1, 1, "en"), render("a")) == "a"
    assert cache.get(("db", 1, 1, "en"), render("never")) == "a"  # same version: not rendered again
    cache.get(("db", 1, 2, "en"), render("b"))                      # a write bumped the version
    cache.get(("db", 1, 2, "ja"), render("c"))                      # another language
    cache.get(("db", 1, 1, "en"), render("a again"))                # the oldest was forgotten
    assert renders == ["a", "b", "c", "a again"]


def test_a_kept_cache_shared_by_many_threads_answers_each_key_s_own_value_and_stays_bounded():
    import sys
    import threading

    from scorekeeper.web.sheets import LruCache

    cache, errors, start = LruCache(size=8, max_bytes=4_000), [], threading.Barrier(8)

    def visit(worker):
        start.wait()
        try:
            for n in range(20_000):
                key = ("db", (n * 7 + worker) % 24)  # few keys: hits, new entries and evictions interleave
                value = cache.get(key, lambda: f"sheet {key[1]} " * 10)
                peeked = cache.peek(key)
                assert value == f"sheet {key[1]} " * 10 and peeked in (None, value)
        except Exception as error:  # noqa: BLE001 (reported below, from the test's thread)
            errors.append(error)

    previous = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns as often as the interpreter lets them
    try:
        threads = [threading.Thread(target=visit, args=(worker,)) for worker in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(previous)
    assert errors == []
    assert 0 < len(cache) <= 8 and 0 < cache.bytes <= 4_000


def test_a_sheet_in_two_languages_keeps_each_language(client):
    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": {"N": "A", "E": "B", "S": "C", "W": "D"}}).json["id"]
    client.post(f"/api/v1/matches/{match_id}/deals", json={
        "bidder": "E", "bid": 100, "trump": "H", "card_points": {"B": 92}, "last_trick": "B"})
    english = client.get(f"/matches/{match_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    japanese = client.get(f"/matches/{match_id}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "made" in english and "成功" in japanese and "成功" not in english


def test_a_new_match_that_reuses_a_deleted_id_shows_its_own_sheet(client):
    players = {"N": "A", "E": "B", "S": "C", "W": "D"}
    first = client.post("/api/v1/matches", json={"game": "contree", "players": players}).json["id"]
    client.post(f"/api/v1/matches/{first}/deals", json={
        "bidder": "E", "bid": 100, "trump": "H", "card_points": {"B": 92}, "last_trick": "B"})
    assert "100 ♥" in client.get(f"/matches/{first}").get_data(as_text=True)  # now cached
    client.delete(f"/api/v1/matches/{first}")
    again = client.post("/api/v1/matches", json={"game": "contree", "players": players}).json["id"]
    assert again == first  # SQLite gives the deleted id again
    client.post(f"/api/v1/matches/{again}/deals", json={
        "bidder": "N", "bid": 80, "trump": "S", "card_points": {"A": 100}, "last_trick": "A"})
    html = client.get(f"/matches/{again}").get_data(as_text=True)
    assert "80 ♠" in html and "100 ♥" not in html


def test_a_table_of_a_fixed_number_of_deals_shows_no_target_among_its_rules():
    """A tournament round of four deals ends after them: its printed rules say no "target 3000"."""
    from scorekeeper.games import get_rules
    from scorekeeper.web.sheets import option_rows

    rules = get_rules("belote")
    options = rules.resolve_options({})
    assert "target" in [row["option"].key for row in option_rows(rules, options)]
    assert "target" not in [row["option"].key for row in option_rows(rules, options, deal_limit=4)]


CONTREE_DEALS = ({"bidder": "E", "bid": "100", "trump": "H", "bidder_points": "92", "defender_points": "",
                  "last_trick": "bidders", "belote": "bidders"},
                 {"bidder": "S", "bid": "90", "trump": "S", "contre": "y", "bidder_points": "70", "defender_points": "",
                  "last_trick": "defenders", "belote": ""})


def test_the_sheet_kept_after_a_deal_is_saved_is_the_one_all_its_deals_score(app, pages):
    """A deal saved through the form leaves the sheet with it kept for the next request (the page the
    phone is sent to, the next deal): the very sheet that scoring every stored deal from the start gives."""
    from scorekeeper import games, store
    from scorekeeper.web import sheets

    match_id = pages.start_match("contree")
    for fields in CONTREE_DEALS * 2:
        assert pages.post_deal(match_id, fields).status_code == 302
    with app.app_context():
        db = store.get_db()
        match, deals = store.get_match(db, match_id), store.list_deals(db, match_id)
        kept = sheets.SHEETS.peek(sheets.content_key(match, deals))
        rules = games.get_rules(match.game)
        assert kept is not None
        assert kept == rules.score_sheet([deal.declarations for deal in deals], match.options,
                                         deal_limit=match.deal_limit)


def test_a_deal_saved_after_another_phone_s_or_on_no_kept_sheet_goes_after_every_deal(app, client, pages, monkeypatch):
    """The deal form finds the sheet a new deal goes after by the deals as stored: after a deal
    recorded through the API (which keeps no sheet), and in a worker that kept none (another
    worker, a full cache), the form says the right deal number and dealer, and the deal saved
    leaves kept the sheet that scoring every stored deal from the start gives."""
    from scorekeeper import games, store
    from scorekeeper.web import sheets

    match_id = pages.start_match("contree")
    for fields in CONTREE_DEALS:
        assert pages.post_deal(match_id, fields).status_code == 302
    assert client.post(f"/api/v1/matches/{match_id}/deals", json={
        "bidder": "N", "bid": 80, "trump": "S", "card_points": {"A": 100},
        "last_trick": "A"}).status_code == 201
    for cache in ("kept", "dropped"):
        if cache == "dropped":
            monkeypatch.setattr(sheets, "SHEETS", sheets.LruCache(size=sheets.TABLE_SHEETS))
        page = pages.deal_form(match_id)
        with app.app_context():
            db = store.get_db()
            match, deals = store.get_match(db, match_id), store.list_deals(db, match_id)
        rules = games.get_rules(match.game)
        dealer = rules.dealer_of_next([deal.declarations for deal in deals], match.first_dealer, match.options)
        assert f"Deal {len(deals) + 1}" in page
        assert form_fields(page)["dealer"] == dealer
        assert pages.post_deal(match_id, CONTREE_DEALS[0], page=page).status_code == 302
        with app.app_context():
            deals = store.list_deals(store.get_db(), match_id)
            kept = sheets.SHEETS.peek(sheets.content_key(match, deals))
        assert kept == rules.score_sheet([deal.declarations for deal in deals], match.options,
                                         deal_limit=match.deal_limit)
        assert deals[-1].declarations["dealer"] == dealer
