"""Irregularities from the sheet (RULES.md §8): the forms, the sheet, the PDF, the history and the API."""

from __future__ import annotations

import re

import pytest

from scorekeeper import create_app, games, store
from tests.helpers import csrf_token, form_fields
from tests.test_pdf import pdf_text
from tests.web.test_matches import MADE_100, totals
from tests.web.test_quinto_pages import Live
from tests.web.test_record import DEAL, chart_totals, round_1_drawn
from tests.web.test_tournaments import Organiser, import_record

PLAYERS = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}


def post_line(client, match_id: int, kind: str, fields: dict, *, deal_id: int | None = None):
    url = f"/matches/{match_id}/lines/{deal_id}/edit" if deal_id else f"/matches/{match_id}/lines/{kind}/new"
    page = client.get(url)
    assert page.status_code == 200, page.get_data(as_text=True)
    return client.post(url, data={**form_fields(page.get_data(as_text=True)), **fields})


def test_a_misdeal_from_the_sheet_scores_nothing_and_the_same_dealer_deals_again(client, pages):
    """RULES §8: no score; by default the same dealer deals again."""
    match_id = pages.start_match()
    assert pages.post_deal(match_id, MADE_100).status_code == 302  # N dealt: E deals next
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'href="/matches/{match_id}/lines/misdeal/new"' in sheet
    form = client.get(f"/matches/{match_id}/lines/misdeal/new").get_data(as_text=True)
    assert form_fields(form)["dealer"] == "E"
    assert post_line(client, match_id, "misdeal", {}).status_code == 302
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Misdeal by E" in html and "Misdeal: the deal is cancelled, no score (RULES §8)" in html
    assert "E deals again" in html and totals(html) == [60, 220]
    assert form_fields(pages.deal_form(match_id))["dealer"] == "E"


def test_a_penalty_counts_in_the_boxes_the_chart_the_pdf_and_the_api(client, pages, tmp_path):
    """RULES §8: points taken off a side, with a reason, added where the line stands, never multiplied."""
    match_id = pages.start_match()
    assert pages.post_deal(match_id, MADE_100).status_code == 302
    saved = post_line(client, match_id, "penalty", {"side": "B", "direction": "off", "points": "50",
                                                    "reason": "Slow play"})
    assert saved.status_code == 302
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(html) == [60, 170] and chart_totals(html) == [60, 170]
    assert "Penalty: 50 points off E–W: Slow play" in html
    text = pdf_text(client.get(f"/matches/{match_id}/sheet.pdf").data, tmp_path)
    assert "Penalty: 50 points off E–W:" in text and "Slow" in text and "170" in text  # (the reason may wrap)
    record = client.get(f"/api/v1/matches/{match_id}").json
    assert [deal["kind"] for deal in record["deals"]] == ["deal", "penalty"]
    assert record["deals"][1]["declarations"] == {"kind": "penalty", "side": "B", "points": -50,
                                                  "reason": "Slow play"}
    assert record["totals"] == {"A": 60, "B": 170}


def test_a_penalty_form_names_the_field_and_keeps_what_was_typed(app, client, pages):
    match_id = pages.start_match()
    refused = post_line(client, match_id, "penalty", {"side": "A", "direction": "to", "points": "abc",
                                                      "reason": "Talking during the bidding"})
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert "points must be a whole number; got “abc”" in html
    assert form_fields(html)["reason"] == "Talking during the bidding"
    assert form_fields(html)["points"] == "abc"
    no_reason = post_line(client, match_id, "penalty", {"side": "A", "direction": "to", "points": "20",
                                                        "reason": ""})
    assert no_reason.status_code == 422 and "Say why in reason" in no_reason.get_data(as_text=True)
    with app.app_context():
        assert store.list_deals(store.get_db(), match_id) == []  # nothing half-written


def test_a_revoke_is_the_deal_as_played_scored_against_the_side_at_fault(app, client, pages):
    """RULES §8 Contrée: the defenders (N–S) revoked: the bidders score (160 + bid) x m, the defenders 0;
    corrected into a revoke by the bidders: a failed contract."""
    match_id = pages.start_match()
    form = client.get(f"/matches/{match_id}/lines/revoke/new").get_data(as_text=True)
    assert 'name="at_fault"' in form and 'name="bidder_points"' in form
    saved = post_line(client, match_id, "revoke", {**MADE_100, "belote": "", "at_fault": "A"})
    assert saved.status_code == 302, saved.get_data(as_text=True)
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Revoke by N–S" in html and totals(html) == [0, 260]
    with app.app_context():
        line = store.list_deals(store.get_db(), match_id)[0]
    assert line.kind == "revoke"
    # corrected from its own page (the sheet's edit link leads there); the history keeps both
    assert client.get(f"/matches/{match_id}/deals/{line.id}/edit").headers["Location"] == \
        f"/matches/{match_id}/lines/{line.id}/edit"
    edited = post_line(client, match_id, "revoke", {"at_fault": "B"}, deal_id=line.id)
    assert edited.status_code == 302
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Revoke by E–W" in html and totals(html) == [260, 0]  # the bidders at fault: a failed contract
    history = client.get(f"/matches/{match_id}/history").get_data(as_text=True)
    assert "deal 1 changed: Revoke by N–S: N–S 0, E–W 260 → Revoke by E–W: N–S 260, E–W 0" in history


def test_at_a_tournament_table_only_the_organiser_records_a_penalty(app, client):
    """RULES §8 and issue #21: penalties only by the organiser where the match is a tournament's table."""
    organiser, cup = round_1_drawn(app, client)
    with app.app_context():
        table = store.list_rounds(store.get_db(), cup)[0].tables[0]
    penalty = {"kind": "penalty", "side": "A", "points": -20, "reason": "Late"}
    phone = app.test_client()
    refused = phone.post(f"/api/v1/matches/{table.match_id}/deals", json=penalty,
                         headers={"X-Table-Token": table.token})
    assert refused.status_code == 403
    misdeal = phone.post(f"/api/v1/matches/{table.match_id}/deals", json={"kind": "misdeal", "dealer": "N"},
                         headers={"X-Table-Token": table.token})
    assert misdeal.status_code == 201
    assert client.post(f"/api/v1/matches/{table.match_id}/deals", json=penalty).status_code == 201
    sheet = client.get(f"/matches/{table.match_id}").get_data(as_text=True)
    assert "lines/penalty/new" in sheet


def test_the_api_records_every_kind_and_refuses_what_the_game_does_not_record(client):
    match_id = client.post("/api/v1/matches", json={"game": "contree", "players": PLAYERS}).json["id"]
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    revoke = client.post(f"/api/v1/matches/{match_id}/deals", json={**DEAL, "kind": "revoke", "at_fault": "B"})
    assert revoke.status_code == 201 and revoke.json["deal"]["kind"] == "revoke"
    # RULES §8: the bidders E–W revoked: a failed contract (§2.3): N–S 160 + 100, + E–W's belote 20
    assert revoke.json["deal"]["score"] == {"A": 280, "B": 0}
    rubber = client.post("/api/v1/matches", json={"game": "quinto", "players": PLAYERS}).json["id"]
    refused = client.post(f"/api/v1/matches/{rubber}/deals", json={"kind": "misdeal", "dealer": "N"})
    assert refused.status_code == 400 and refused.json["error"]["field"] == "kind"
    history = client.get(f"/api/v1/matches/{match_id}/history").json
    assert history[1]["after"]["kind"] == "revoke" and history[1]["after"]["at_fault"] == "B"


def test_a_tournament_record_carries_its_tables_irregularities(app, client, tmp_path):
    """The export holds each line with its kind; the import reads it back as a line, not a deal."""
    organiser, cup = round_1_drawn(app, client)
    with app.app_context():
        table = store.list_rounds(store.get_db(), cup)[0].tables[0]
    for line in ({"kind": "misdeal", "dealer": "N"}, {"kind": "penalty", "side": "B", "points": -30, "reason": "Late"}):
        assert client.post(f"/api/v1/matches/{table.match_id}/deals", json=line).status_code == 201
    record = client.get(f"/tournaments/{cup}/export.json")
    path = str(tmp_path / "elsewhere.sqlite")
    store.init_db(path)
    elsewhere = create_app({"TESTING": True, "SECRET_KEY": "other", "DATABASE": path})
    other = Organiser(elsewhere, elsewhere.test_client())
    assert import_record(other, record.data).status_code == 302
    with elsewhere.app_context():
        db = store.get_db()
        imported = [t for r in store.list_rounds(db, 1) for t in r.tables][0]
        assert [d.kind for d in store.list_deals(db, imported.match_id)] == ["misdeal", "penalty"]


def test_a_table_phone_cannot_take_back_or_change_the_organisers_penalty(app, client):
    organiser, cup = round_1_drawn(app, client)
    with app.app_context():
        table = store.list_rounds(store.get_db(), cup)[0].tables[0]
    penalty = client.post(f"/api/v1/matches/{table.match_id}/deals",
                          json={"kind": "penalty", "side": "A", "points": -20, "reason": "Late"}).json["deal"]
    phone = app.test_client()
    token = {"X-Table-Token": table.token}
    path = f"/api/v1/matches/{table.match_id}/deals/{penalty['id']}"
    assert phone.put(path, json={"kind": "misdeal", "dealer": "N"}, headers=token).status_code == 403
    assert phone.delete(path, headers=token).status_code == 403
    assert phone.get(f"/t/{table.token}").status_code == 302  # the table's link
    sheet = phone.get(f"/matches/{table.match_id}").get_data(as_text=True)
    undo = phone.post(f"/matches/{table.match_id}/undo", data={"csrf_token": csrf_token(sheet), "confirmed": "yes"},
                      follow_redirects=True)
    assert "only the organiser can take it back" in undo.get_data(as_text=True)
    assert client.delete(path).status_code == 204  # the organiser can


def seat_totals(html: str) -> list[int]:
    """The boxes of a sheet whose sides are the seats (Pandoeren)."""
    return [int(n) for n in re.findall(r'class="points" data-side="[NESW]">(-?\d+)<', html)]


PANDOEREN_REVOKE = {"at_fault": "E", "dealer": "W", "declarer": "N", "contract_kind": "number",
                    "contract_number": "150", "trump": "H", "called_card": "AS", "partner": "S"}
QUINTO_REVOKE = {"at_fault": "A", "dealer": "N", "multiplier": "double", "quints_A": "3: 5H", "quints_B": "7: AD 4D",
                 "tricks_A": "6", "tricks_B": "6", "last_trick_winner": "B", "cachette": ""}
QUINTO_LINE = {"kind": "revoke", "at_fault": "A", "dealer": "N", "multiplier": "double",
               "quint_tricks": [{"trick_no": 3, "winner": "A", "quints": ["5H"]},
                                {"trick_no": 7, "winner": "B", "quints": ["AD", "4D"]}],
               "plain_tricks_won": {"A": 5, "B": 5}, "last_trick_winner": "B", "cachette": []}


def test_a_pandoeren_revoke_asks_the_contract_and_the_player_at_fault(app, client, pages, tmp_path):
    """RULES §8 Pandoeren: E, an opponent, revoked against N's 150 (worth 2) with S: made, N and S +2,
    and E alone -2; corrected into a revoke by S, the partner: failed, N -2 and S -4."""
    match_id = pages.start_match("pandoeren")
    form = client.get(f"/matches/{match_id}/lines/revoke/new").get_data(as_text=True)
    assert "Player at fault" in form and 'name="contract_kind"' in form
    assert 'name="team_points"' not in form and 'name="roem_N"' not in form  # the revoke decides it
    refused = post_line(client, match_id, "revoke", {**PANDOEREN_REVOKE, "trump": ""})
    assert refused.status_code == 422 and "Which suit was trump?" in refused.get_data(as_text=True)
    assert form_fields(refused.get_data(as_text=True))["contract_number"] == "150"  # what was typed is kept
    assert post_line(client, match_id, "revoke", PANDOEREN_REVOKE).status_code == 302
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Revoke by E" in html and seat_totals(html) == [2, -2, 2, 0]
    assert "E, an opponent, revoked: 150 is made whatever the play (RULES §8): N +2, S +2" in html
    with app.app_context():
        line = store.list_deals(store.get_db(), match_id)[0]
    edit = client.get(f"/matches/{match_id}/lines/{line.id}/edit").get_data(as_text=True)
    assert form_fields(edit)["contract_number"] == "150" and form_fields(edit)["at_fault"] == "E"
    assert post_line(client, match_id, "revoke", {"at_fault": "S"}, deal_id=line.id).status_code == 302
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert seat_totals(html) == [-2, 0, -4, 0]
    history = client.get(f"/matches/{match_id}/history").get_data(as_text=True)
    assert "Revoke by E" in history and "Revoke by S" in history
    text = pdf_text(client.get(f"/matches/{match_id}/sheet.pdf").data, tmp_path)
    assert "Revoke by S" in text and "-4" in text


def test_a_quinto_revoke_from_the_sheet_counts_in_the_game_in_progress(app, client, pages, tmp_path):
    """RULES §8 Quinto: N–S revoked in a doubled deal: E–W score their A♦ 4♦ (15) and the 13 trick
    values (130); N–S nothing, their 5♥ struck. The sheet's game line and the PDF say so."""
    match_id = pages.start_match("quinto")
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert f'href="/matches/{match_id}/lines/revoke/new"' in sheet
    assert "lines/misdeal/new" not in sheet and "lines/penalty/new" not in sheet
    form = client.get(f"/matches/{match_id}/lines/revoke/new").get_data(as_text=True)
    assert 'name="at_fault"' in form and 'name="quints_A"' in form
    bad = post_line(client, match_id, "revoke", {**QUINTO_REVOKE, "quints_B": "7: AD 4D; 3: 5H"})
    assert bad.status_code == 422 and form_fields(bad.get_data(as_text=True))["quints_A"] == "3: 5H"
    assert post_line(client, match_id, "revoke", QUINTO_REVOKE).status_code == 302
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Revoke by N–S" in html and totals(html) == [0, 145]
    assert "E–W score every trick value of the deal: 13 × 10 = 130; 15 + 130 = 145" in html
    assert "Game 1 so far: N–S 0, E–W 145" in html
    text = pdf_text(client.get(f"/matches/{match_id}/sheet.pdf").data, tmp_path)
    assert "Revoke by N–S" in text and "145" in text


def test_the_api_posts_and_puts_a_revoke_for_pandoeren_and_quinto(client):
    """RULES §8: a revoke by POST, corrected by PUT, in the record with its kind; what play decides is
    refused from a Pandoeren revoke, naming it (400)."""
    pandoeren = client.post("/api/v1/matches", json={"game": "pandoeren", "players": PLAYERS}).json["id"]
    line = {"kind": "revoke", "at_fault": "E", "dealer": "W", "contract": "150", "declarer": "N", "partner": "S",
            "trump": "H"}
    posted = client.post(f"/api/v1/matches/{pandoeren}/deals", json=line)
    assert posted.status_code == 201 and posted.json["deal"]["score"] == {"N": 2, "E": -2, "S": 2, "W": 0}
    refused = client.post(f"/api/v1/matches/{pandoeren}/deals", json={**line, "team_card_points": 90})
    assert refused.status_code == 400 and refused.json["error"]["field"] == "team_card_points"
    put = client.put(f"/api/v1/matches/{pandoeren}/deals/{posted.json['deal']['id']}", json={**line, "at_fault": "N"})
    assert put.status_code == 200 and put.json["deal"]["score"] == {"N": -4, "E": 0, "S": -2, "W": 0}
    assert client.get(f"/api/v1/matches/{pandoeren}").json["deals"][0]["kind"] == "revoke"

    rubber = client.post("/api/v1/matches", json={"game": "quinto", "players": PLAYERS}).json["id"]
    posted = client.post(f"/api/v1/matches/{rubber}/deals", json=QUINTO_LINE)
    assert posted.status_code == 201 and posted.json["deal"]["score"] == {"A": 0, "B": 145}
    put = client.put(f"/api/v1/matches/{rubber}/deals/{posted.json['deal']['id']}",
                     json={**QUINTO_LINE, "at_fault": "B"})
    assert put.status_code == 200 and put.json["deal"]["score"] == {"A": 150, "B": 0}
    record = client.get(f"/api/v1/matches/{rubber}").json
    assert record["totals"] == {"A": 150, "B": 0} and record["deals"][0]["kind"] == "revoke"
    history = client.get(f"/api/v1/matches/{rubber}/history").json
    assert [event["after"]["at_fault"] for event in history] == ["A", "B"]


@pytest.mark.parametrize(("game", "fields", "line", "score"), [
    ("pandoeren", {"format": "individual", "deals": "4", "ranking": "total_points"},
     {"kind": "revoke", "at_fault": "E", "contract": "150", "declarer": "N", "partner": "S", "trump": "H"},
     {"N": 2, "E": -2, "S": 2, "W": 0}),
    ("quinto", {}, QUINTO_LINE, {"A": 0, "B": 145}),
])
def test_a_revoke_goes_through_the_tournament_record_and_back(app, client, tmp_path, game, fields, line, score):
    """The export holds the revoke with its kind and side at fault; the import scores it the same."""
    organiser = Organiser(app, client)
    ids = organiser.players()
    cup = organiser.tournament(game, **fields)
    entries = [[player] for player in ids[:4]] if game == "pandoeren" else list(zip(ids[::2], ids[1::2]))
    for entry in entries:
        organiser.enter(cup, *entry)
    organiser.draw(cup)
    with app.app_context():
        table = store.list_rounds(store.get_db(), cup)[0].tables[0]
    assert client.post(f"/api/v1/matches/{table.match_id}/deals", json=line).status_code == 201
    record = client.get(f"/tournaments/{cup}/export.json")
    path = str(tmp_path / "elsewhere.sqlite")
    store.init_db(path)
    elsewhere = create_app({"TESTING": True, "SECRET_KEY": "other", "DATABASE": path})
    assert import_record(Organiser(elsewhere, elsewhere.test_client()), record.data).status_code == 302
    with elsewhere.app_context():
        db = store.get_db()
        imported = [t for r in store.list_rounds(db, 1) for t in r.tables][0]
        deals = store.list_deals(db, imported.match_id)
    assert [(deal.kind, deal.declarations["at_fault"]) for deal in deals] == [("revoke", line["at_fault"])]
    rules = games.get_rules(game)
    sheet = rules.score_sheet([deal.declarations for deal in deals], rules.resolve_options())
    assert dict(sheet.rows[0].scored.score) == score


def test_a_penalty_after_the_end_is_refused_saying_why(client, pages):
    """RULES §2.5 and §8: once the match is decided (a penalty of 400 takes N–S past 500 at line 2), a
    later penalty would not count in the result: it is refused, and the message says so."""
    match_id = pages.start_match(opt_target="500")
    assert pages.post_deal(match_id, MADE_100).status_code == 302
    penalty = {"kind": "penalty", "side": "A", "points": 450, "reason": "Award"}
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=penalty).status_code == 201
    refused = client.post(f"/api/v1/matches/{match_id}/deals", json={**penalty, "side": "B", "points": -20})
    assert refused.status_code == 400
    assert refused.json["error"]["message"] == ("The match is over: its result was decided at line 2, and a penalty "
                                                "recorded after the end would not count in it, so none can be added "
                                                "now.")
    page = post_line(client, match_id, "penalty", {"side": "B", "direction": "off", "points": "20", "reason": "Late"})
    assert page.status_code == 422 and "its result was decided at line 2" in page.get_data(as_text=True)


def test_without_a_script_next_draws_the_revoke_form_for_the_contract_chosen(client, pages):
    """The revoke form asks each contract's own inputs: "Next" (no JavaScript) draws them, saving nothing."""
    match_id = pages.start_match("pandoeren")
    page = client.get(f"/matches/{match_id}/lines/revoke/new").get_data(as_text=True)
    hidden = re.compile(r'<div class="when"[^>]*hidden>\s*<div class="field">\s*<label for="contract_number"')
    assert 'value="next"' in page and hidden.search(page)
    drawn = post_line(client, match_id, "revoke", {"at_fault": "E", "contract_kind": "number", "action": "next"})
    html = drawn.get_data(as_text=True)
    assert drawn.status_code == 200 and 'id="contract_number"' in html and not hidden.search(html)
    assert form_fields(html)["at_fault"] == "E" and "Revoke recorded" not in html


def test_a_revoke_stands_for_the_deal_being_played_live(app, client, pages):
    """RULES §8 Quinto, live mode: the revoke form is filled with the deal in play (doubling, quints so
    far); saving it ends that deal and puts the revoke on the sheet in its place."""
    match_id = pages.start_match("quinto")
    live = Live(client, match_id)
    assert live.post("start", dealer="N", multiplier="double").status_code == 302
    live.trick("A", ("5H",))
    live.trick("B", ("AD", "4D"))
    assert 'href="/matches/%d/lines/revoke/new"' % match_id in live.page()
    form = client.get(f"/matches/{match_id}/lines/revoke/new").get_data(as_text=True)
    assert "This revoke stands for the deal being played live" in form
    values = form_fields(form)
    assert (values["multiplier"], values["quints_A"], values["quints_B"]) == ("double", "1: 5H", "2: AD 4D")
    assert post_line(client, match_id, "revoke", {"at_fault": "B"}).status_code == 302
    with app.app_context():
        db = store.get_db()
        assert store.get_live_deal(db, match_id) is None
        assert [deal.kind for deal in store.list_deals(db, match_id)] == ["revoke"]
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert totals(html) == [20 + 130, 0]  # N–S: their 5♥ and the 13 trick values doubled
