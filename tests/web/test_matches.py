"""The Contrée flow through the pages, with real CSRF tokens (RULES.md §2.3 for the numbers)."""

from __future__ import annotations

import re
import sys

import pytest
from flask import request
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from scorekeeper import games, store
from scorekeeper.web import forms
from tests.helpers import csrf_token, form_fields

# RULES §2.3: E–W bid 100 ♥ and take 92 + 10 last trick + 20 belote = 122 -> 120 + 100 = 220;
# N–S keep 152 - 92 = 60.
MADE_100 = {"dealer": "N", "bidder": "E", "bid": "100", "trump": "H", "bidder_points": "92",
            "last_trick": "bidders", "belote": "bidders"}
# RULES §2.3: N–S bid 90 ♠, contrée, and take 70: failed; E–W write (160 + 90) × 2 = 500.
CONTRE_FAILED = {"dealer": "E", "bidder": "S", "bid": "90", "trump": "S", "contre": "y",
                 "bidder_points": "70", "last_trick": "defenders"}


def totals(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'class="points" data-side="[AB]">(-?\d+)<', html)]


def two_deals(app, pages) -> tuple[int, store.Deal]:
    """A match with MADE_100 then CONTRE_FAILED; answers the match and its first deal."""
    match_id = pages.start_match()
    pages.post_deal(match_id, MADE_100)
    pages.post_deal(match_id, CONTRE_FAILED)
    with app.app_context():
        return match_id, store.list_deals(store.get_db(), match_id)[0]


def deal_count(app, match_id: int) -> int:
    with app.app_context():
        return len(store.list_deals(store.get_db(), match_id))


def test_a_new_match_shows_every_house_rule_with_its_default(client):
    page = client.get("/matches/new/contree").get_data(as_text=True)
    for option in ("target", "belote_to_defenders_on_failure", "alternate_scoring", "announces",
                   "contre_fixed_scoring", "require_more_than_opponents", "forced_undertrump",
                   "unbid_capot_250"):  # RULES §7 item 30
        assert f'name="opt_{option}"' in page
    assert 'value="3000"' in page  # RULES §2.4: target 3000


def test_a_seat_without_a_name_is_refused_and_the_others_are_kept(client):
    page = client.get("/matches/new/contree").get_data(as_text=True)
    response = client.post("/matches/new/contree", data={
        "csrf_token": csrf_token(page), "player_N": "Alice", "player_E": "  ", "player_S": "Carol",
        "player_W": "Dan", "first_dealer": "N", "opt_target": "3000"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Every seat needs a name." in html
    assert 'value="Alice"' in html and 'value="Carol"' in html


def test_a_bad_option_value_is_named(client):
    page = client.get("/matches/new/contree").get_data(as_text=True)
    response = client.post("/matches/new/contree", data={
        "csrf_token": csrf_token(page), "player_N": "A", "player_E": "B", "player_S": "C", "player_W": "D",
        "first_dealer": "N", "opt_target": "lots"})
    assert response.status_code == 422
    assert "target" in response.get_data(as_text=True)


def test_preview_shows_the_score_and_explanation_without_saving(app, pages):
    match_id = pages.start_match()
    response = pages.post_deal(match_id, MADE_100, action="preview")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "220" in html and "made" in html
    assert 'class="explanation"' in html
    assert deal_count(app, match_id) == 0


def test_three_deals_make_the_running_totals(app, pages, client):
    match_id = pages.start_match()
    assert pages.post_deal(match_id, MADE_100).status_code == 302
    assert pages.post_deal(match_id, CONTRE_FAILED).status_code == 302
    # RULES §2.3: W bids 80 ♣ and takes 81 + 10 = 91 -> 90 + 80 = 170; N–S 71 -> 70.
    assert pages.post_deal(match_id, {"dealer": "S", "bidder": "W", "bid": "80", "trump": "C",
                                      "bidder_points": "81", "last_trick": "bidders"}).status_code == 302
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(html) == [60 + 0 + 70, 220 + 500 + 170]
    assert "<polyline" in html  # the chart of the totals


def test_the_dealer_rotates_by_itself(pages):
    match_id = pages.start_match()
    pages.post_deal(match_id, MADE_100)  # dealt by N
    page = pages.deal_form(match_id)
    assert re.search(r'<input checked [^>]*name="dealer" type="radio" value="E"', page)


@pytest.mark.parametrize(("fields", "field", "message"), [
    pytest.param({**MADE_100, "bidder_points": "200"}, "bidder_points", "152", id="points over 152"),
    pytest.param({**MADE_100, "bidder_points": "ninety"}, "bidder_points", "", id="points not a number"),
    pytest.param({**MADE_100, "bid": "95"}, "bid", "", id="bid not in tens"),
    pytest.param({**MADE_100, "defender_points": "70"}, "defender_points", "", id="points not adding up"),
    pytest.param({k: v for k, v in MADE_100.items() if k != "trump"}, "trump", "", id="no trump"),
])
def test_bad_deals_are_refused_by_field_with_the_typing_kept(app, pages, fields, field, message):
    match_id = pages.start_match()
    response = pages.post_deal(match_id, fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f'id="{field}-error"' in html or f'id="{field}-0-error"' in html or \
        re.search(rf'id="{field}"[^>]*aria-invalid', html) or f'{field}-error' in html
    assert message in html
    if fields.get("bidder_points", "").isalpha():
        assert f'value="{fields["bidder_points"]}"' in html  # what was typed stays
    assert deal_count(app, match_id) == 0


def test_a_double_tapped_save_records_one_deal(app, pages):
    match_id = pages.start_match()
    page = pages.deal_form(match_id)
    first = pages.post_deal(match_id, MADE_100, page=page)
    second = pages.post_deal(match_id, MADE_100, page=page)
    assert first.status_code == second.status_code == 302
    assert deal_count(app, match_id) == 1


def test_two_phones_adding_at_once_get_a_conflict_with_their_input_kept(app, pages):
    match_id = pages.start_match()
    phone_a, phone_b = pages.deal_form(match_id), pages.deal_form(match_id)
    assert pages.post_deal(match_id, MADE_100, page=phone_a).status_code == 302
    response = pages.post_deal(match_id, CONTRE_FAILED, page=phone_b)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "meanwhile" in html
    assert 'value="70"' in html
    assert deal_count(app, match_id) == 1


def test_editing_the_first_deal_rescores_everything_after_it(app, pages, client):
    match_id, first = two_deals(app, pages)
    edit_page = pages.deal_form(match_id, first.id)
    assert 'value="92"' in edit_page  # the stored declarations come back into the form
    # RULES §2.3: 72 + 10 + 20 = 102 >= 100 -> 100 + 100 = 200; N–S 80.
    response = pages.post_deal(match_id, {**MADE_100, "bidder_points": "72"}, deal_id=first.id, page=edit_page)
    assert response.status_code == 302
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(html) == [80, 200 + 500]


def test_undo_takes_back_the_last_deal(app, pages, client):
    match_id, _ = two_deals(app, pages)
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    client.post(f"/matches/{match_id}/undo", data={"csrf_token": csrf_token(sheet), "confirmed": "yes"})
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [60, 220]


def test_the_match_ends_at_the_target_and_refuses_more_deals(app, pages, client):
    match_id = pages.start_match(opt_target="300")
    pages.post_deal(match_id, MADE_100)       # E–W 220
    pages.post_deal(match_id, CONTRE_FAILED)  # E–W 720 >= 300: E–W win (RULES §2.5)
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Bob &amp; Dan win the match" in html
    assert "Record deal" not in html
    response = pages.post_deal(match_id, MADE_100)
    assert response.status_code == 422
    assert "The match is over" in response.get_data(as_text=True)
    assert deal_count(app, match_id) == 2


def test_a_post_without_a_valid_token_keeps_what_was_typed(app, pages, client):
    match_id = pages.start_match()
    client.environ_base["HTTP_ORIGIN"] = "http://localhost"  # sent from the app's own page
    response = client.post(f"/matches/{match_id}/deals/new",
                           data={**MADE_100, "csrf_token": "stale", "action": "save"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Send again" in html
    assert 'name="bidder_points" value="92"' in html
    assert deal_count(app, match_id) == 0


def test_player_names_are_shown_as_text(pages, client):
    match_id = pages.start_match(players={"N": "<script>alert(1)</script>", "E": "Bob", "S": "Carol", "W": "Dan"})
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_each_table_s_deal_form_names_its_own_players(pages):
    """Two tables of the same game, one after the other: each deal form names the seats' own players,
    none the other table's."""
    first = pages.start_match(players={"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"})
    second = pages.start_match(players={"N": "Ann", "E": "Ben", "S": "Cy", "W": "Di"})
    assert "N · Alice" in pages.deal_form(first) and "W · Dan" in pages.deal_form(first)
    html = pages.deal_form(second)
    assert "N · Ann" in html and "W · Di" in html
    assert not any(name in html for name in ("Alice", "Bob", "Carol", "Dan"))
    assert "N · Alice" in pages.deal_form(first) and "Ann" not in pages.deal_form(first)


def test_unknown_pages_answer_404_not_500(client):
    assert client.get("/matches/999").status_code == 404
    assert client.get("/matches/new/poker").status_code == 404


def test_announces_appear_when_the_match_plays_them(app, pages, client):
    match_id = pages.start_match(opt_announces="y")
    page = pages.deal_form(match_id)
    assert 'name="melds_N"' in page and 'name="melds_W"' in page
    # RULES §2.4 announces: N's tierce (20) counts for N–S: 90 + 10 + 20 = 120 -> 120 + 100 = 220.
    response = pages.post_deal(match_id, {"dealer": "W", "bidder": "N", "bid": "100", "trump": "S",
                                          "bidder_points": "90", "last_trick": "bidders",
                                          "melds_N": "AH KH QH"}, page=page)
    assert response.status_code == 302
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [220, 60]


def test_announces_are_not_asked_when_the_match_does_not_play_them(pages):
    assert 'name="melds_N"' not in pages.deal_form(pages.start_match())


def test_a_bad_meld_is_refused_under_its_seat(app, pages):
    match_id = pages.start_match(opt_announces="y")
    response = pages.post_deal(match_id, {**MADE_100, "melds_E": "AH KH JH"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="melds_E-error"' in html
    assert "AH KH JH" in html  # what was typed stays
    assert deal_count(app, match_id) == 0


@pytest.mark.parametrize(("points", "last_trick"), [("152", "bidders"), ("", "")],
                         ids=["typed", "a capot is every card point: nothing to type"])
def test_a_capot_bid_made_scores_500(pages, client, points, last_trick):
    match_id = pages.start_match()
    # RULES §2.3 capot bid made: 500 to the bidders, nothing to the defenders.
    response = pages.post_deal(match_id, {"dealer": "N", "bidder": "E", "bid": "capot", "trump": "S",
                                          "capot": "y", "bidder_points": points, "last_trick": last_trick})
    assert response.status_code == 302
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [0, 500]


def test_a_bid_above_160_is_typed_and_comes_back_typed_on_edit(app, pages, client):
    """RULES §7 item 29: any multiple of ten from 80; E–W bid 170 and take every trick with the
    belote: 152 + 10 + 20 = 182 -> 180 + 170 = 350."""
    match_id = pages.start_match()
    response = pages.post_deal(match_id, {"dealer": "N", "bidder": "E", "higher_bid": "170", "trump": "S",
                                          "capot": "y", "bidder_points": "152", "belote": "bidders"})
    assert response.status_code == 302
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [0, 350]
    with app.app_context():
        deal, = store.list_deals(store.get_db(), match_id)
    edit = pages.deal_form(match_id, deal.id)
    assert re.search(r'name="higher_bid"[^>]*value="170"', edit)


def test_the_unbid_capot_option_counts_250(pages, client):
    """RULES §7 item 30: with unbid_capot_250, every trick on a bid of 100 counts 250 + 100."""
    match_id = pages.start_match(opt_unbid_capot_250="y")
    response = pages.post_deal(match_id, {"dealer": "N", "bidder": "E", "bid": "100", "trump": "S",
                                          "capot": "y", "bidder_points": "152"})
    assert response.status_code == 302
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(page) == [0, 350]


def test_deleting_a_deal_rescores_the_sheet(app, pages, client):
    match_id, first = two_deals(app, pages)
    page = pages.deal_form(match_id, first.id)
    client.post(f"/matches/{match_id}/deals/{first.id}/delete",
                data={"csrf_token": csrf_token(page), "confirmed": "yes"})
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [0, 500]


def test_the_sheet_pdf_link_works(pages, client):
    match_id = pages.start_match()
    pages.post_deal(match_id, MADE_100)
    response = client.get(f"/matches/{match_id}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"


def test_an_expired_token_gets_a_page_that_sends_the_deal_again(app, pages, client, monkeypatch):
    """The lifetime is chosen on purpose: 24 hours (PLATFORM.md); after that, nothing is lost."""
    import time

    match_id = pages.start_match()
    client.environ_base["HTTP_ORIGIN"] = "http://localhost"  # sent from the app's own page
    page = pages.deal_form(match_id)
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + 25 * 3600)
    response = pages.post_deal(match_id, MADE_100, page=page)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Send again" in html and 'name="bidder_points" value="92"' in html
    assert deal_count(app, match_id) == 0
    resend = {name: value for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html)}
    resend["csrf_token"] = csrf_token(html)
    assert client.post(f"/matches/{match_id}/deals/new", data=resend).status_code == 302
    assert deal_count(app, match_id) == 1


def test_belote_target_follows_sans_atout_unless_set(client):
    """RULES §1.7 [AMBIGUOUS-5]: 3000 when sans atout or tout atout is allowed, else 1000. The form
    shows no number it would not keep: the target box is empty until a target is typed, and a
    typed 1000 is honoured with sans atout too."""
    page = client.get("/matches/new/belote").get_data(as_text=True)
    assert form_fields(page)["opt_target"] == ""

    def start(**fields):
        data = {"csrf_token": csrf_token(page), "first_dealer": "N", "opt_target": "", "opt_players": "4",
                **{f"player_{seat}": seat.lower() for seat in "NESW"}, **fields}
        response = client.post("/matches/new/belote", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)
        match_id = int(response.headers["Location"].rsplit("/", 1)[1])
        return client.get(f"/api/v1/matches/{match_id}").json["options"]["target"]

    assert start() == 1000
    assert start(opt_sans_atout="y") == 3000
    assert start(opt_tout_atout="y") == 3000
    assert start(opt_sans_atout="y", opt_target="2000") == 2000
    assert start(opt_sans_atout="y", opt_target="1000") == 1000


def test_belote_for_three_has_three_seats(pages, client):
    """The home page's "Belote for three" link, sent as a browser sends it: the boxes ticked by
    default go with it ("y"), and they once took the three seats away (four empty seats
    refused, the match never started)."""
    page = client.get("/matches/new/belote?players=3").get_data(as_text=True)
    assert 'name="player_P3"' in page and 'name="player_N"' not in page
    sent = form_fields(page)
    assert sent["opt_players"] == "3" and sent["opt_meld_card_reuse"] == "y"
    response = client.post("/matches/new/belote?players=3",
                           data={**sent, "player_P1": "Ann", "player_P2": "Ben", "player_P3": "Cy"})
    assert response.status_code == 302, response.get_data(as_text=True)
    sheet = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Ann" in sheet and "Cy" in sheet


def test_changing_the_number_of_players_reseats_the_names_typed(client):
    """Belote's "Players" changed from 4 to 3 on the form (RULES §1.10): the form comes back with
    three seats holding the first three names typed, says why, and starts nothing yet."""
    page = client.get("/matches/new/belote").get_data(as_text=True)
    typed = {"player_N": "Ann", "player_E": "Ben", "player_S": "Cy", "player_W": "Di"}
    response = client.post("/matches/new/belote", data={**form_fields(page), **typed, "opt_players": "3"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "The table now has 3 seats: check the names and the first dealer" in html
    assert "Every seat needs a name" not in html
    seats = re.findall(r'name="(player_\w+)"[^>]*value="([^"]*)"', html)
    assert seats == [("player_P1", "Ann"), ("player_P2", "Ben"), ("player_P3", "Cy")]
    assert form_fields(html)["first_dealer"] == "P1"
    assert client.get("/api/v1/matches").json["matches"] == []
    again = client.post("/matches/new/belote", data={**form_fields(html), "player_P1": "Ann"})
    assert again.status_code == 302
    assert client.get(again.headers["Location"]).status_code == 200


def test_the_seats_sent_in_another_order_are_the_same_seats(client):
    """A client that sends the seats in its own order is not taken for a changed table."""
    page = client.get("/matches/new/contree").get_data(as_text=True)
    names = {"player_W": "Di", "player_S": "Cy", "player_E": "Ben", "player_N": "Ann"}
    fields = {key: value for key, value in form_fields(page).items() if not key.startswith("player_")}
    response = client.post("/matches/new/contree", data={**names, **fields})
    assert response.status_code == 302
    match_id = int(response.headers["Location"].rsplit("/", 1)[1])
    players = client.get(f"/api/v1/matches/{match_id}").json["players"]
    assert players == {"N": "Ann", "E": "Ben", "S": "Cy", "W": "Di"}


def test_a_bad_house_rule_keeps_the_three_seats_and_the_names(client):
    """A mistyped target is refused by name; the form keeps its three seats and what was typed."""
    page = client.get("/matches/new/belote?players=3").get_data(as_text=True)
    response = client.post("/matches/new/belote?players=3", data={
        **form_fields(page), "player_P1": "Ann", "player_P2": "Ben", "player_P3": "Cy", "opt_target": "lots"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'name="player_N"' not in html
    assert 'value="Ann"' in html and 'value="Cy"' in html and 'value="lots"' in html
    assert "Every seat needs a name" not in html


def test_points_held_by_a_litige_show_on_the_sheet(client):
    """RULES §1.6 option litige: the takers' total waits for the winner of the next deal (the
    sheet kept after the tie is extended by the win, the held points carried)."""
    match_id = client.post("/api/v1/matches", json={
        "game": "belote", "players": {"N": "A", "E": "B", "S": "C", "W": "D"},
        "options": {"litige": True}}).json["id"]
    tie = {"dealer": "N", "taker": "E", "contract": "suit", "trump": "H", "trick_points": {"B": 71},
           "last_trick": "B"}
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=tie).status_code == 201
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "81 points held for the winner of the next deal" in html
    assert "Pending: 81 points" in html
    win = {"dealer": "E", "taker": "S", "contract": "suit", "trump": "S", "trick_points": {"A": 100},
           "last_trick": "A"}
    client.post(f"/api/v1/matches/{match_id}/deals", json=win)
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Pending:" not in html
    assert totals(html) == [81 + 191, 52]


def test_two_phones_on_one_sheet_each_get_a_form_token_of_their_own(app, pages, client):
    """The sheet is kept rendered between visits; the undo form's token is still each visitor's."""
    match_id, _ = two_deals(app, pages)
    first = csrf_token(client.get(f"/matches/{match_id}").get_data(as_text=True))
    other_phone = app.test_client()
    sheet = other_phone.get(f"/matches/{match_id}").get_data(as_text=True)
    assert csrf_token(sheet) != first
    assert other_phone.post(f"/matches/{match_id}/undo",
                            data={"csrf_token": csrf_token(sheet), "confirmed": "yes"}).status_code == 302
    assert totals(client.get(f"/matches/{match_id}").get_data(as_text=True)) == [60, 220]  # not the kept page


def test_the_deal_form_of_a_finished_match_says_so_before_anything_is_typed(client, pages):
    """RULES §2.5: once a team reaches the target no deal is added; a phone that opens the deal
    form anyway is told at once, not after filling it in."""
    match_id = pages.start_match("contree", opt_target="300")
    deal = {"bidder": "E", "bid": "100", "trump": "H", "bidder_points": "92", "last_trick": "bidders"}
    for _ in range(2):
        assert pages.post_deal(match_id, deal).status_code == 302
    html = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert "The match is over: no more deals can be recorded." in html
    assert pages.post_deal(match_id, deal, page=html).status_code == 422


def test_belote_for_three_names_the_players_on_the_capot_and_belote_chips(client, pages):
    """Three players each for himself (RULES §1.10): who took every trick, who held the belote, is
    tapped by name, as the dealer and the last trick are."""
    match_id = client.post("/api/v1/matches", json={"game": "belote", "options": {"players": 3}, "players": {
        "P1": "Ann", "P2": "Ben", "P3": "Cy"}}).json["id"]
    html = pages.deal_form(match_id)
    for name in ("capot", "belote"):
        fieldset = html.split(f'id="{name}"', 1)[1].split("</fieldset>", 1)[0]
        assert re.findall(r"<span>([^<]*)</span>", fieldset) == ["—", "P1 · Ann", "P2 · Ben", "P3 · Cy"]
    saved = pages.post_deal(match_id, {"dealer": "P1", "taker": "P2", "trump": "H", "points_P1": "0",
                                       "points_P2": "152", "points_P3": "0", "last_trick": "P2",
                                       "capot": "P2", "belote": "P2"})
    assert saved.status_code == 302, saved.get_data(as_text=True)


def test_the_deal_that_ends_the_match_has_its_sheet_printed_in_the_background(app, pages, monkeypatch):
    """Only the deal that ends the match queues its sheet's print (web/booklet.keep_ended); the printing
    process itself is tested with the booklets (tests/web/test_prints.py)."""
    from scorekeeper.web import booklet

    monkeypatch.setattr(booklet, "COMMAND", (sys.executable, "-c", "pass"))  # (started, prints nothing)
    app.config["KEEP_ENDED"] = True
    match_id = pages.start_match(opt_target="300")
    pages.post_deal(match_id, MADE_100)
    with app.app_context():
        assert not list(store.get_db().query("select * from print_jobs"))
    assert pages.post_deal(match_id, CONTRE_FAILED).status_code == 302  # E–W win
    with app.app_context():
        [job] = list(store.get_db().query("select * from print_jobs"))
    assert (job["kind"], job["params"], job["language"]) == ("keep", f'{{"matches": [{match_id}]}}', "en")


SENT = ("", "false", "y", "N", "E", "100", "bidders", "defenders", "H", "x", "0", "AS KS")
"""Values a hostile or old phone may send for any field (besides the field's own choices)."""


@pytest.mark.parametrize("rules", tuple(games.RULES.values()), ids=lambda rules: rules.key)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_deal_sent_is_read_as_its_form_holds_it(app, rules, data):
    """The deal a phone sends is read without binding the form (forms.posted_deal): it must read what
    the bound form would hold, so that the deal saved is the one a refusal's page would show: each
    field sent, not sent or sent twice, a box sent ``false``, and the values the form was drawn with
    (the next dealer, the version, a pile counted) where nothing was sent."""
    options = rules.resolve_options()
    specs = forms.deal_fields(rules, options)
    sent = [(name, value) for name, choices in [("version", ()), ("nonce", ()),
                                                *((spec.name, spec.choices) for spec in specs)]
            for value in data.draw(st.lists(st.sampled_from([*SENT, *(v for v, _ in choices)]), max_size=2))]
    shown: dict[str, object] = {"dealer": data.draw(st.sampled_from(["N", "E", None])),
                                "version": data.draw(st.sampled_from([3, 0])), "nonce": "drawn"}
    for spec in data.draw(st.lists(st.sampled_from(specs), max_size=2)):
        shown[spec.name] = data.draw(st.sampled_from(["1", "y", "N", None]))
    with app.test_request_context(method="POST", data=MultiDict([*sent, ("action", "save")])):
        form = forms.deal_form(rules, options, {}, shown, specs)  # (bound to the fields sent)
        read = forms.posted_deal(specs, shown, request.form)
        assert read == (forms.form_values(form), str(form.version.data or ""), form.nonce.data or "")
