"""Irregularities from the sheet (RULES.md §8): the forms, the sheet, the PDF, the history and the API."""

from __future__ import annotations

from scorekeeper import create_app, store
from tests.helpers import csrf_token, form_fields
from tests.test_pdf import pdf_text
from tests.web.test_matches import MADE_100, totals
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
    assert "Penalty: 50 points off E–W: Slow" in text and "170" in text  # (the reason may wrap)
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
