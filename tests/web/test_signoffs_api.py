"""Both sides agree, by the API (issue 21 §3; docs/api.md "Both sides agree"): a table's phone
(its X-Table-Token) or the organiser's token confirms or disputes the finished sheet, the
organiser's token validates it, with the pages' rules and refusals; the standings count the table
once confirmed."""

from __future__ import annotations


import pytest

from scorekeeper import store
from scorekeeper.web import access
from tests.helpers import Pages, http_examples
from tests.test_docs import DOCS, _as_documented
from tests.web.signoff_setup import TablePhone, counted, cup, plain_cup, played  # noqa: F401  (cup: the fixture)
from tests.web.test_tournaments import DEAL, organiser  # noqa: F401  (organiser: the fixture)


class Phone(TablePhone):
    """A script at a table, sending the table's token (the last part of its link) from a fresh
    client: the token header alone opens the table."""

    def __init__(self, app, link: str) -> None:
        super().__init__(app, link)
        self.headers = {access.TOKEN_HEADER: link.rsplit("/", 1)[1]}
        self.client = app.test_client()

    def call(self, action: str, body=None, headers=None):
        path = f"/api/v1/matches/{self.match_id}/{action}"
        headers = headers if headers is not None else self.headers
        if body is None:
            return self.client.get(path, headers=headers)
        return self.client.post(path, json=body, headers=headers)


@pytest.fixture
def bearer(app) -> dict[str, str]:
    with app.app_context():
        return {"Authorization": f"Bearer {access.new_organiser_token(store.get_db(), 'tests')[1]}"}


@pytest.fixture
def tables(app, organiser, cup) -> list[Phone]:
    return [Phone(app, link) for link in organiser.links(cup, 1)]


@pytest.fixture
def table(tables) -> Phone:
    return tables[0]


def refusal(response, status: int) -> tuple[str, str | None]:
    assert response.status_code == status, response.get_json()
    return response.json["error"]["message"], response.json["error"]["field"]


def test_each_side_confirms_and_the_table_then_counts_in_the_standings(app, cup, table):
    table.play()
    seated = table.players()
    assert table.call("signoffs").json["status"] == "unconfirmed"
    north = table.call("confirm", {"seat": "N"})
    assert north.status_code == 200 and north.json["status"] == "unconfirmed"
    assert [(c["side"], c["seat"], c["name"]) for c in north.json["confirmed"]] == [("A", "N", seated["N"])]
    assert counted(app, cup)[0] is None and played(app, cup) == 0
    both = table.call("confirm", {"seat": "W", "version": north.json["version"]})
    assert both.json["status"] == "confirmed" and [c["seat"] for c in both.json["confirmed"]] == ["N", "W"]
    assert both.json["disputes"] == [] and both.json["validated"] is None
    assert counted(app, cup)[0] is not None and played(app, cup) == 2
    assert table.call("signoffs").json == both.json


def test_the_organiser_s_token_confirms_for_a_player_and_the_history_says_so(table, bearer):
    table.play()
    assert table.call("confirm", {"seat": "S"}, headers=bearer).json["confirmed"][0]["seat"] == "S"
    history = table.client.get(f"/api/v1/matches/{table.match_id}/history", headers=table.headers).json
    assert [(c["action"], c["by"]["kind"]) for c in history][-1] == ("confirm", "organiser")


def test_a_side_confirms_once_and_an_unknown_seat_is_refused_by_its_field(table):
    table.play()
    table.call("confirm", {"seat": "N"})
    assert refusal(table.call("confirm", {"seat": "S"}), 400) == ("This side has confirmed the sheet already.", "seat")
    for seat in ("X", "", 3, None):
        assert refusal(table.call("confirm", {"seat": seat}), 400)[1] == "seat"
    assert refusal(table.call("confirm", {"seat": "E", "by": "me"}), 400)[1] == "by"
    assert [c["seat"] for c in table.call("signoffs").json["confirmed"]] == ["N"]


def test_an_unfinished_sheet_is_not_signed(table):
    table.play(1)
    assert table.call("signoffs").json["status"] == "unfinished"
    message, _field = refusal(table.call("confirm", {"seat": "N"}), 400)
    assert message == "The match is not finished: its sheet is confirmed once its last deal is recorded."
    refusal(table.call("dispute", {"text": "wrong"}), 400)
    assert table.call("signoffs").json["confirmed"] == []


def test_a_sheet_changed_since_the_version_sent_is_not_signed(table):
    table.play()
    version = table.call("signoffs").json["version"]
    deal_id = table.client.get(f"/api/v1/matches/{table.match_id}", headers=table.headers).json["deals"][0]["id"]
    changed = table.client.put(f"/api/v1/matches/{table.match_id}/deals/{deal_id}", json=DEAL, headers=table.headers)
    assert changed.status_code == 200
    assert refusal(table.call("confirm", {"seat": "N", "version": version}), 409)[1] == "version"
    assert refusal(table.call("confirm", {"seat": "N", "version": "1"}), 400)[1] == "version"
    assert table.call("signoffs").json["confirmed"] == []


def test_a_dispute_holds_the_result_until_the_organiser_validates_it(app, cup, table, bearer):
    table.play()
    table.call("confirm", {"seat": "N"})
    disputed = table.call("dispute", {"text": "  Deal 2 was 90, not 92 "})
    assert disputed.status_code == 200 and disputed.json["status"] == "disputed"
    assert [d["text"] for d in disputed.json["disputes"]] == ["Deal 2 was 90, not 92"]
    assert counted(app, cup)[0] is None
    assert refusal(table.call("validate", {}), 401)[1] == "Authorization"  # a table's token is no organiser's
    validated = table.call("validate", {"version": disputed.json["version"]}, headers=bearer)
    assert validated.status_code == 200 and validated.json["status"] == "validated" and validated.json["validated"]
    assert counted(app, cup)[0] is not None
    assert refusal(table.call("confirm", {"seat": "E"}), 400)[0] == "The organiser has validated this sheet already."


@pytest.mark.parametrize("text", ["   ", "x" * 201, 7, None])
def test_a_dispute_needs_its_line(table, text):
    table.play()
    assert refusal(table.call("dispute", {"text": text}), 400)[1] == "text"
    assert table.call("signoffs").json["disputes"] == []


def test_only_the_table_s_token_or_the_organiser_s_signs(app, tables, bearer):
    first, second = tables
    first.play()
    for action, body in (("confirm", {"seat": "N"}), ("dispute", {"text": "no"}), ("signoffs", None)):
        assert first.call(action, body, headers=second.headers).status_code == 403  # another table's token
        assert first.call(action, body, headers={}).status_code == 403  # none
    assert refusal(first.call("validate", {}, headers={}), 403)  # a stranger learns nothing more
    assert first.call("signoffs").json["confirmed"] == []
    assert refusal(first.client.post("/api/v1/matches/999/confirm", json={"seat": "N"}, headers=bearer), 404)


def test_no_form_token_is_needed_but_a_json_body_is(table):
    table.play()
    form = table.client.post(f"/api/v1/matches/{table.match_id}/confirm", data={"seat": "E"}, headers=table.headers)
    assert refusal(form, 400)[0] == "Send a JSON body with Content-Type: application/json."
    assert table.call("confirm", {"seat": "E"}).status_code == 200  # no CSRF token: JSON is the API's guard


def test_a_casual_match_or_a_tournament_without_the_option_has_nothing_to_sign(app, organiser, bearer):
    casual = Pages(app.test_client())
    match_id = casual.start_match()
    nothing = ("This match's result needs no confirmation.", None)
    assert refusal(casual.client.post(f"/api/v1/matches/{match_id}/confirm", json={"seat": "N"}), 409) == nothing
    plain = plain_cup(organiser)
    other = Phone(app, organiser.links(plain, 1)[0])
    other.play()
    assert refusal(other.call("confirm", {"seat": "N"}), 409) == nothing
    assert refusal(other.call("validate", {}, headers=bearer), 409) == nothing
    assert counted(app, plain)[0] is not None


def documented_calls() -> list[tuple[str, str, dict | None, dict[str, str], object]]:
    """docs/api.md's examples of the sign-off routes in order: (method, path, body or None, headers,
    the documented answer or None)."""
    return http_examples(DOCS.joinpath("api.md").read_text().split("## Both sides agree", 1)[1].split("\n## ", 1)[0])


def test_the_documented_examples_answer_as_documented(app, table, bearer):
    """Each example of docs/api.md's section, run in order at a cup's first table, finished; the
    documented tokens stand for the table's and the organiser's."""
    table.play()
    calls = documented_calls()
    assert [(method, path.rsplit("/", 1)[1]) for method, path, *_ in calls] == [
        ("GET", "signoffs"), ("POST", "confirm"), ("POST", "confirm"), ("POST", "dispute"), ("POST", "validate")]
    for method, path, body, headers, answer in calls:
        sent = {**bearer} if "Authorization" in headers else {**table.headers}
        path = path.replace("/matches/1/", f"/matches/{table.match_id}/")
        response = table.client.open(path, method=method, json=body, headers=sent)
        assert response.status_code == 200, response.get_json()
        _as_documented(response.get_json(), answer, path)


def test_once_the_next_round_is_drawn_the_table_s_token_signs_no_more(organiser, cup, tables):
    for table in tables:
        table.play()
        table.call("confirm", {"seat": "N"}), table.call("confirm", {"seat": "E"})
    organiser.draw(cup)
    first = tables[0]
    assert refusal(first.call("dispute", {"text": "too late"}), 403)
    assert first.call("signoffs").json["status"] == "confirmed"  # it still reads the state
