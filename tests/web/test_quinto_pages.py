"""Quinto through the pages: a rubber entered after each deal, and a deal played live, trick by
trick, to a win in the middle of the deal (RULES.md §5.3, §5.4)."""

from __future__ import annotations

import re

import pytest

from scorekeeper import store
from tests.helpers import csrf_token

PLAYERS = {"N": "Ann", "E": "Ben", "S": "Cy", "W": "Di"}
# RULES §5.2-§5.4, doubled (a trick is worth 10): N–S quints 5♥ 20 + A♦4♦ 15 + the cachette's
# 2♣3♣ 10 = 45, E–W the joker 25; tricks N–S 7 + the cachette = 8 -> 80, E–W 5 -> 50.
DOUBLED = {"dealer": "N", "multiplier": "double", "quints_A": "3: 5H; 7: AD 4D", "quints_B": "9: JOKER",
           "tricks_A": "7", "tricks_B": "5", "last_trick_winner": "A", "cachette": "2C 3C"}
# RULES §5.4, redoubled (20 a trick): N–S 5♥ 20 + 11 tricks × 20 = 240, E–W 2 × 20 = 40.
NEAR_250 = {"dealer": "N", "multiplier": "redouble", "quints_A": "3: 5H", "tricks_A": "10", "tricks_B": "2",
            "last_trick_winner": "A"}
# RULES §5.4: 240 + the joker (25) at trick 2 = 265: N–S win the game there, the deal stops.
JOKER_AT_2 = {"dealer": "E", "multiplier": "none", "quints_A": "2: JOKER"}


def totals(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'class="points" data-side="[AB]">(-?\d+)<', html)]


def errors(html: str) -> list[str]:
    return re.findall(r'<p class="error" id="([a-z_A-Z0-9]+)-error">', html)


@pytest.fixture
def rubber(pages) -> int:
    return pages.start_match("quinto", PLAYERS)


def deals(app, match_id: int) -> list[store.Deal]:
    with app.app_context():
        return store.list_deals(store.get_db(), match_id)


def test_a_deal_entered_after_it_is_scored_on_the_sheet(client, pages, rubber):
    """RULES §5.3, §5.4: quints in play order, the cachette with the last trick, doubled tricks."""
    preview = pages.post_deal(rubber, DOUBLED, action="preview").get_data(as_text=True)
    assert "N–S 125, E–W 75" in preview
    assert pages.post_deal(rubber, DOUBLED).status_code == 302
    sheet = client.get(f"/matches/{rubber}").get_data(as_text=True)
    assert totals(sheet) == [125, 75]
    assert "Game 1" in sheet


@pytest.mark.parametrize(("fields", "field", "message"), [
    pytest.param({"tricks_A": "9", "tricks_B": "5"}, "tricks_A", "14 tricks is more than 12",
                 id="more than 12 tricks plus the cachette"),
    pytest.param({"quints_A": "3: AH 4D"}, "quints_A", "different suits", id="A + 4 of two suits"),
    pytest.param({"quints_A": "3: JOKER; 5: JOKER"}, "quints_A", "played only once", id="two jokers"),
    pytest.param({"call_1": "double", "call_2": "pass", "call_3": "redouble", "call_4": "pass",
                  "multiplier": "redouble"}, "call_3", "partner", id="a redouble over a partner (§7 item 28)"),
])
def test_impossible_deals_are_refused_by_field_and_kept(app, pages, rubber, fields, field, message):
    """RULES §5.2, §5.3: the message sits under the field, what was typed stays, nothing is stored."""
    typed = {**DOUBLED, **fields}
    response = pages.post_deal(rubber, typed)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert field in errors(html) and message in html
    assert next(iter(fields.values())) in html
    assert deals(app, rubber) == []


def test_a_trick_after_the_game_was_won_is_refused(app, pages, rubber):
    """RULES §5.4: the game is won at the joker of trick 2, so no tricks follow it."""
    pages.post_deal(rubber, NEAR_250)
    response = pages.post_deal(rubber, {**JOKER_AT_2, "tricks_A": "6", "tricks_B": "6", "last_trick_winner": "B"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "tricks_A" in errors(html)
    assert "after the game was already won" in html
    assert len(deals(app, rubber)) == 1


def test_a_game_won_during_play_starts_the_next_game_at_zero(client, pages, rubber):
    """RULES §5.4: N–S win game 1 at trick 2; the sheet says so and counts games won."""
    pages.post_deal(rubber, NEAR_250)
    assert pages.post_deal(rubber, JOKER_AT_2).status_code == 302
    sheet = client.get(f"/matches/{rubber}").get_data(as_text=True)
    assert "N–S win the game at trick 2" in sheet
    assert "Games won" in sheet


def test_a_deal_can_be_edited_and_deleted(app, client, pages, rubber):
    pages.post_deal(rubber, DOUBLED)
    deal = deals(app, rubber)[0]
    form = pages.deal_form(rubber, deal.id)
    assert "3: 5H; 7: AD 4D" in form  # the stored quints, back in the form
    assert pages.post_deal(rubber, {**DOUBLED, "multiplier": "none"}, deal_id=deal.id).status_code == 302
    assert totals(client.get(f"/matches/{rubber}").get_data(as_text=True)) == [85, 50]
    client.post(f"/matches/{rubber}/deals/{deal.id}/delete",
                data={"csrf_token": csrf_token(form), "version": "2", "confirmed": "yes"})
    assert deals(app, rubber) == []


# -- live mode ---------------------------------------------------------------------------------------

class Live:
    """A phone at the table in live mode."""

    def __init__(self, client, match_id: int) -> None:
        self.client, self.url = client, f"/matches/{match_id}/live"

    def page(self) -> str:
        return self.client.get(self.url).get_data(as_text=True)

    def post(self, action: str, **fields):
        page = self.page()
        data = {"csrf_token": csrf_token(page), **fields}
        if 'name="version"' in page and action != "start":
            data.setdefault("version", re.search(r'name="version"[^>]*value="(\d+)"', page).group(1))
        return self.client.post(f"{self.url}/{action}", data=data)

    def trick(self, winner: str, quints: tuple[str, ...] = (), **fields):
        return self.post("trick", winner=winner, quints=list(quints), **fields)


def test_a_deal_played_live_to_a_win_during_play(app, client, pages, rubber):
    """RULES §5.4: the moment N–S reach 250 through a quint the game is won and the deal stops:
    no trick is accepted after it; recording it puts it on the sheet."""
    pages.post_deal(rubber, NEAR_250)
    live = Live(client, rubber)
    assert live.post("start", dealer="E", multiplier="none").status_code == 302
    live.trick("B")
    assert totals(live.page()) == [240, 40]
    response = live.trick("A", ("JOKER",))
    page = live.page()
    assert totals(page) == [265, 40]
    assert "Ann &amp; Cy win the game: the deal stops" in page
    assert "Trick 3 of 12" not in page
    refused = client.post(f"/matches/{rubber}/live/trick", data={
        "csrf_token": csrf_token(page), "winner": "B", "version": "3"})
    assert refused.status_code == 422 and "The game was won at trick 2" in refused.get_data(as_text=True)
    assert response.status_code == 302
    assert live.post("record").status_code == 302
    stored = deals(app, rubber)
    assert len(stored) == 2 and stored[1].declarations["quint_tricks"] == [
        {"trick_no": 2, "winner": "A", "quints": ["JOKER"]}]
    sheet = client.get(f"/matches/{rubber}").get_data(as_text=True)
    assert "N–S win the game at trick 2" in sheet


def test_a_live_deal_is_stored_so_a_second_phone_sees_it(client, app, pages, rubber):
    live = Live(client, rubber)
    live.post("start", dealer="N", multiplier="double")
    live.trick("A", ("AD", "4D"))
    other = app.test_client()
    page = other.get(f"/matches/{rubber}/live").get_data(as_text=True)
    assert totals(page) == [15, 0] and "Trick 2 of 12" in page


def test_a_live_trick_with_an_impossible_quint_is_refused_and_kept(client, rubber):
    live = Live(client, rubber)
    live.post("start", dealer="N", multiplier="none")
    response = live.trick("A", ("AH", "4D"))
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "quints" in errors(html) and "different suits" in html
    assert 'value="AH" checked' in html and 'value="4D" checked' in html
    assert totals(live.page()) == [0, 0]


def test_the_last_live_trick_brings_the_cachette_and_the_deal_is_recorded(app, client, rubber):
    """RULES §5.3, §7 item 15: the cachette's quints score with the 12th trick, then 13 trick values."""
    live = Live(client, rubber)
    live.post("start", dealer="N", multiplier="none")
    for _ in range(11):
        live.trick("B")
    assert "Quint cards in the cachette" in live.page()
    live.trick("A", ("5H",), cachette=["JOKER"])
    page = live.page()
    assert totals(page) == [20 + 25 + 2 * 5, 11 * 5]
    live.post("record")
    assert deals(app, rubber)[0].declarations["cachette"] == ["JOKER"]


def test_undo_takes_back_the_last_trick(client, rubber):
    live = Live(client, rubber)
    live.post("start", dealer="N", multiplier="none")
    live.trick("A", ("5S",))
    live.post("undo")
    assert totals(live.page()) == [0, 0] and "Trick 1 of 12" in live.page()


def test_a_game_without_live_mode_sends_back_to_the_sheet(client, pages):
    match_id = pages.start_match("contree")
    response = client.get(f"/matches/{match_id}/live")
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/matches/{match_id}")


def test_editing_an_earlier_deal_never_breaks_the_sheet(app, client, pages, rubber):
    """RULES §5.4: once deal 1 is no longer redoubled, deal 2 no longer wins the game at trick 2;
    the sheet still shows it, scored as far as it goes, and says what was left out."""
    pages.post_deal(rubber, NEAR_250)
    pages.post_deal(rubber, JOKER_AT_2)
    first = deals(app, rubber)[0]
    assert pages.post_deal(rubber, {**NEAR_250, "multiplier": "none"}, deal_id=first.id).status_code == 302
    response = client.get(f"/matches/{rubber}")
    assert response.status_code == 200
    assert "of the 12 tricks are recorded and nobody reached 250" in response.get_data(as_text=True)


# -- the JSON API ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "query", "expected"), [
    pytest.param("trick_winner", {"trick": ["KS", "2H", "JOKER", "AD"], "leader": "E"},
                 {"winner_index": 1, "winning_card": "2H", "seat": "S", "team": "A"}, id="§5.1 hearts over the suit led"),
    pytest.param("legal_play", {"hand": ["7S", "JOKER", "AH"], "trick_so_far": ["KS"]},
                 {"legal": ["7S", "JOKER"]}, id="§5.5 follow suit, the joker always"),
    pytest.param("doubling", {"calls": ["double", "pass", "redouble", "pass"], "dealer": "N"},
                 {"valid": False}, id="§5.2 no redouble over a partner"),
    pytest.param("doubling", {"calls": ["double", "redouble", "pass", "pass"], "dealer": "N"},
                 {"valid": True, "multiplier": "redouble", "trick_value": 20}, id="§5.2 redoubled"),
    pytest.param("rubber", {"games": [{"totals": {"A": 262, "B": 180}}, {"totals": {"A": 255, "B": 240}}]},
                 {"rubber_winner": "A", "rubber_score": {"A": 617, "B": 420}}, id="§5.4 two games and the bonus"),
    pytest.param("game_end", {"totals_before": {"A": 240, "B": 100}, "deal_score": {"A": 5, "B": 60}},
                 {"finished": False, "another_deal": False}, id="§5.4 nobody at 250"),
    pytest.param("live_deal", {"totals_before": {"A": 230, "B": 100},
                               "tricks": [{"winner": "B"}, {"winner": "A", "quints": ["5H"]}]},
                 {"finished": True, "ended_after_trick": 2}, id="§5.4 won during play"),
])
def test_every_quinto_referee_question_answers_with_an_explanation(client, kind, query, expected):
    answer = client.post(f"/api/v1/quinto/referee/{kind}", json=query)
    assert answer.status_code == 200, answer.json
    assert expected.items() <= answer.json.items()
    assert answer.json["explanation"]


def test_a_live_trick_after_the_game_was_won_is_refused_by_the_api(client):
    """RULES §5.4: the deal stopped at trick 2."""
    answer = client.post("/api/v1/quinto/referee/live_deal", json={
        "totals_before": {"A": 230, "B": 100},
        "tricks": [{"winner": "B"}, {"winner": "A", "quints": ["5H"]}, {"winner": "B"}]})
    assert answer.status_code == 400 and answer.json["error"]["field"] == "tricks"


def test_the_sheet_leads_a_second_phone_to_the_deal_in_play(client, app, rubber):
    live = Live(client, rubber)
    assert "Play deal 1 live" in client.get(f"/matches/{rubber}").get_data(as_text=True)
    live.post("start", dealer="N", multiplier="none")
    other = app.test_client()
    assert "Deal 1 is being played: go on" in other.get(f"/matches/{rubber}").get_data(as_text=True)


def test_a_live_deal_with_a_redouble_over_a_partner_is_refused(client, rubber):
    """RULES §5.2, §7 item 28: W may not redouble E's double; nothing is started."""
    live = Live(client, rubber)
    response = live.post("start", dealer="N", multiplier="redouble", call_1="double", call_2="pass",
                         call_3="redouble", call_4="pass")
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and "call_3" in errors(html) and "partner" in html
    assert "Start deal 1" in live.page()


def test_card_pickers_fit_what_each_field_holds(client, pages, rubber):
    """RULES §5.3: a team's quints are typed with their trick numbers (3: 5H; 7: AD 4D), which
    cannot be tapped, so those fields have no card picker; the pile counter's tricks are tapped
    four cards at a time and added as one trick, its cachette tapped card by card."""
    form = pages.deal_form(rubber)
    assert re.search(r'<textarea[^>]*name="quints_A"', form)
    assert not re.search(r'<textarea[^>]*data-deck[^>]*name="quints_A"', form)
    count = client.get("/referee/quinto/count").get_data(as_text=True)
    assert re.search(r'<textarea[^>]*data-group="trick"[^>]*name="tricks"', count)
    assert re.search(r'<textarea[^>]*data-group=""[^>]*name="cachette"', count)
