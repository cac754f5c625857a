"""Both sides agree (issue 21 §3): a tournament that asks for it counts a table's result only once
one player of each side confirmed the final sheet on the table's phone, or the organiser validated
it; a dispute waits for the organiser; any change of the sheet drops the confirmations."""

from __future__ import annotations

import re

import pytest

from scorekeeper import records, store
from scorekeeper.errors import RuleViolation
from tests.helpers import Pages, csrf_token, hidden
from tests.web.signoff_setup import TablePhone, counted, cup, plain_cup, played  # noqa: F401  (cup: the fixture)
from tests.web.test_tournaments import (  # noqa: F401  (organiser: the fixture)
    DEAL,
    errors,
    flashes,
    organiser,
    refusals,
)


def version_of(page: str) -> str:
    """The match version the sheet's forms send back."""
    return re.search(r'name="version" value="(\d+)"', page).group(1)


class Table(TablePhone):
    """A table's phone, opened from its link: it records deals and signs the sheet on its pages."""

    @property
    def sheet(self) -> str:
        return self.client.get(f"/matches/{self.match_id}").get_data(as_text=True)

    def confirm(self, seat: str, **extra):
        page = self.sheet
        return self.client.post(f"/matches/{self.match_id}/confirm", follow_redirects=True, data={
            "csrf_token": csrf_token(page), "version": version_of(page), "seat": seat, **extra})

    def dispute(self, text: str):
        page = self.client.get(f"/matches/{self.match_id}/dispute").get_data(as_text=True)
        return self.client.post(f"/matches/{self.match_id}/dispute", data={
            "csrf_token": csrf_token(page), "version": hidden(page, "version"), "text": text})

    def deal_ids(self) -> list[int]:
        return [deal["id"] for deal in self.client.get(f"/api/v1/matches/{self.match_id}").json["deals"]]

    def state(self) -> store.SignoffState:
        with self.app.app_context():
            return store.signoff_state(store.get_db(), self.match_id)


@pytest.fixture
def table(app, organiser, cup) -> Table:
    return Table(app, organiser.links(cup, 1)[0])


def test_the_option_is_off_by_default_and_kept_with_the_tournament(app, organiser):
    html = organiser.client.get("/tournaments/new/contree").get_data(as_text=True)
    assert "Results confirmed by both sides" in html and 'name="confirm_results" type="checkbox" value="y">' in html
    plain, asked = organiser.tournament(), organiser.tournament(confirm_results="y")
    with app.app_context():
        db = store.get_db()
        assert not store.get_tournament(db, plain).confirm_results
        assert store.get_tournament(db, asked).confirm_results
    assert "results confirmed by both sides" in organiser.client.get(f"/tournaments/{asked}").get_data(as_text=True)


def test_a_finished_table_counts_only_once_both_sides_confirmed(app, cup, table):
    table.play()
    assert counted(app, cup)[0] is None and played(app, cup) == 0
    sheet = table.sheet
    assert "Check the sheet above" in sheet
    seated = table.players()
    for seat, name in seated.items():
        assert f"{seat} {name}: I confirm" in sheet  # the seat and the name, as players sign a paper sheet
    assert f"{seated['N']} confirmed the sheet for N–S." in flashes(table.confirm("N").get_data(as_text=True))
    assert counted(app, cup)[0] is None
    html = table.confirm("E").get_data(as_text=True)
    assert "Confirmed by both sides: the result counts." in html
    assert f"confirmed by N {seated['N']}" in html and f"confirmed by E {seated['E']}" in html
    assert counted(app, cup)[0] is not None and played(app, cup) == 2


def test_one_side_confirms_once(table):
    table.play()
    table.confirm("N")
    assert refusals(table.confirm("S").get_data(as_text=True)) == ["This side has confirmed the sheet already."]
    assert [signoff.seat for signoff in table.state().confirmed] == ["N"]


def test_an_unfinished_sheet_cannot_be_confirmed(table):
    table.play(1)
    assert "When the match is over" in table.sheet and "I confirm" not in table.sheet
    html = table.confirm("N").get_data(as_text=True)
    assert refusals(html) == ["The match is not finished: its sheet is confirmed once its last deal is recorded."]
    assert table.state() == store.SignoffState()


def test_a_change_of_the_sheet_drops_the_confirmations_and_the_history_says_so(app, cup, table):
    table.play()
    table.confirm("N"), table.confirm("W")
    assert counted(app, cup)[0] is not None
    deal_id = table.deal_ids()[0]
    edited = {**DEAL, "card_points": {"B": 100}, "version": 1}
    assert table.client.put(f"/api/v1/matches/{table.match_id}/deals/{deal_id}", json=edited).status_code == 200
    assert table.state() == store.SignoffState() and counted(app, cup)[0] is None
    assert "I confirm" in table.sheet
    actions = [change["action"] for change in table.client.get(f"/api/v1/matches/{table.match_id}/history").json]
    assert actions == ["create", "create", "confirm", "confirm", "edit", "unconfirm"]
    history = table.client.get(f"/matches/{table.match_id}/history").get_data(as_text=True)
    seated = table.players()
    assert f"N {seated['N']} confirmed the sheet for N–S" in history
    assert f"W {seated['W']} confirmed the sheet for E–W" in history
    assert "the sheet changed: its confirmations are dropped" in history


def test_a_deal_deleted_drops_the_confirmations_and_once_restored_the_sheet_is_confirmed_again(table):
    table.play()
    table.confirm("N")
    last = table.deal_ids()[-1]
    assert table.client.delete(f"/api/v1/matches/{table.match_id}/deals/{last}").status_code == 204
    assert table.state() == store.SignoffState()
    assert table.client.post(f"/api/v1/matches/{table.match_id}/deals/{last}/restore", json={}).status_code == 201
    table.confirm("E")
    actions = [c["action"] for c in table.client.get(f"/api/v1/matches/{table.match_id}/history").json]
    assert actions == ["create", "create", "confirm", "delete", "unconfirm", "restore", "confirm"]
    assert [s.seat for s in table.state().confirmed] == ["E"]


def test_a_sheet_changed_since_the_page_was_shown_is_not_confirmed(table):
    table.play()
    page = table.sheet
    table.confirm("N")
    deal_id = table.deal_ids()[0]
    table.client.put(f"/api/v1/matches/{table.match_id}/deals/{deal_id}", json={**DEAL, "version": 1})
    response = table.client.post(f"/matches/{table.match_id}/confirm", follow_redirects=True, data={
        "csrf_token": csrf_token(page), "version": version_of(page), "seat": "E"})
    assert refusals(response.get_data(as_text=True)) == [
        "The sheet changed since this page was shown: check it, then sign it again."]
    assert table.state() == store.SignoffState()


def test_only_the_tables_phone_or_the_organiser_may_sign(app, organiser, table):
    table.play()
    stranger = app.test_client()
    token = csrf_token(stranger.get("/organiser/login").get_data(as_text=True))
    for action, data in (("confirm", {"seat": "N"}), ("dispute", {"text": "no"})):
        assert stranger.post(f"/matches/{table.match_id}/{action}", data={"csrf_token": token, **data}).status_code \
            == 403
    validate = table.client.post(f"/matches/{table.match_id}/validate",
                                 data={"csrf_token": csrf_token(table.sheet), "confirmed": "yes"})
    assert validate.status_code == 302 and "/organiser/login" in validate.headers["Location"]
    assert table.state() == store.SignoffState()
    page = organiser.client.get(f"/matches/{table.match_id}").get_data(as_text=True)  # the organiser may, for a player
    organiser.client.post(f"/matches/{table.match_id}/confirm", data={
        "csrf_token": csrf_token(page), "version": version_of(page), "seat": "S"})
    assert [(s.seat, s.by.kind) for s in table.state().confirmed] == [("S", "organiser")]


def test_signing_needs_the_forms_csrf_token(table):
    table.play()
    page = table.sheet
    assert table.client.post(f"/matches/{table.match_id}/confirm",
                             data={"version": version_of(page), "seat": "N"}).status_code == 400
    assert table.client.post(f"/matches/{table.match_id}/dispute", data={"text": "wrong"}).status_code == 400
    assert table.state() == store.SignoffState()


def test_a_casual_match_or_a_tournament_without_the_option_has_nothing_to_sign(app, organiser):
    casual = Pages(app.test_client())
    match_id = casual.start_match()
    response = casual.client.get(f"/matches/{match_id}/dispute", follow_redirects=True)
    assert refusals(response.get_data(as_text=True)) == ["This match&#39;s result needs no confirmation."]
    plain = plain_cup(organiser)
    other = Table(app, organiser.links(plain, 1)[0])
    other.play()
    assert "Both sides confirm" not in other.sheet
    assert refusals(other.confirm("N").get_data(as_text=True)) == ["This match&#39;s result needs no confirmation."]
    assert store.SignoffState() == other.state()
    assert counted(app, plain)[0] is not None


def test_a_dispute_needs_its_line_and_keeps_what_was_typed(table):
    table.play()
    response = table.dispute("   ")
    assert response.status_code == 422 and "Say in a line what is wrong with the sheet." in errors(
        response.get_data(as_text=True))
    long = table.dispute("x" * 201)
    assert long.status_code == 422 and 'value="' + "x" * 201 in long.get_data(as_text=True)
    assert table.state() == store.SignoffState()


def test_a_disputed_table_waits_for_the_organiser_who_edits_then_validates(app, organiser, cup, table):
    table.play()
    table.confirm("N")
    assert table.dispute("Deal 2 was 90, not 92").status_code == 302
    sheet = table.sheet
    assert "Disputed: the organiser will settle it." in sheet and "Deal 2 was 90, not 92" in sheet
    assert "I confirm" not in sheet
    assert counted(app, cup)[0] is None
    desk = organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)
    top = desk.split('id="to-confirm"', 1)[1].split("</section>", 1)[0]
    assert "Round 1, table 1" in top and "Deal 2 was 90, not 92" in top and "Round 1, table 2" not in top
    assert f"/matches/{table.match_id}/history" in top
    assert desk.index('id="to-confirm"') < desk.index('id="entries"')
    # the organiser validates: asked once more, acts on the second tap
    version = version_of(top)
    first = organiser.post(f"/matches/{table.match_id}/validate", {"version": version}, page=f"/tournaments/{cup}")
    assert first.status_code == 200 and "Validate the sheet of round 1, table 1" in first.get_data(as_text=True)
    assert counted(app, cup)[0] is None
    second = organiser.post(f"/matches/{table.match_id}/validate", {"version": version, "confirmed": "yes"},
                            page=f"/tournaments/{cup}", follow=True)
    assert "Round 1, table 1 validated: its result counts." in second.get_data(as_text=True)
    assert counted(app, cup)[0] is not None and table.state().validated is not None
    assert "Validated by the organiser" in table.sheet
    assert 'id="to-confirm"' not in organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)


def test_the_next_round_waits_for_every_table_to_count(app, organiser, cup):
    tables = [Table(app, link) for link in organiser.links(cup, 1)]
    for table in tables:
        table.play()
    assert "Draw round 2" not in organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)
    for table in tables:
        table.confirm("N"), table.confirm("E")
    assert "Draw round 2" in organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)


def test_the_export_keeps_each_tables_confirmation_state(app, organiser, cup):
    first, second = (Table(app, link) for link in organiser.links(cup, 1))
    first.play(), second.play()
    first.confirm("N"), first.confirm("E")
    second.dispute("wrong total")
    record = organiser.client.get(f"/tournaments/{cup}/export.json").json
    assert record["tournament"]["confirm_results"] is True
    assert records.read(record)["tournament"]["confirm_results"] is True  # imported, the option stays
    one, two = record["rounds"][0]["tables"]
    assert one["confirmation"]["status"] == "confirmed"
    assert [c["seat"] for c in one["confirmation"]["confirmed"]] == ["N", "E"]
    assert two["confirmation"]["status"] == "disputed" and two["confirmation"]["disputes"][0]["text"] == "wrong total"
    assert two["confirmation"]["disputes"][0]["at"] and two["confirmation"]["validated"] is None


def test_a_record_whose_option_is_not_true_or_false_is_refused_by_its_field(app, organiser, cup):
    record = organiser.client.get(f"/tournaments/{cup}/export.json").json
    record["tournament"]["confirm_results"] = "yes"
    with pytest.raises(RuleViolation) as refused:
        records.read(record)
    assert refused.value.field == "tournament.confirm_results"
