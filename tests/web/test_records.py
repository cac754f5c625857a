"""A tournament's record travels (issue 25, "club to federation"): exported whole and
versioned, imported into another machine it gives the same standings, sheets and record again;
a second import adds nothing; a record from a newer Scorekeeper is refused, saying so."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from scorekeeper import create_app, records, store
from tests.web.test_tournaments import (  # noqa: F401  (fixtures)
    DEAL,
    Organiser,
    cup,
    errors,
    finished_cup,
    flashes,
    import_record,
    organiser,
    standings_rows,
)

SCHEMA = json.loads((Path(__file__).parent.parent.parent / "docs" / "export.schema.json").read_text())
COUNTED = ("tournaments", "players", "entries", "rounds", "tables", "matches", "deals", "deal_events")


def counts(app) -> list[int]:
    with app.app_context():
        return [store.get_db().execute(f"select count(*) from {table}").fetchone()[0] for table in COUNTED]


def without_time(record: dict) -> dict:
    return {key: value for key, value in record.items() if key != "exported"}


@pytest.fixture
def played(app, organiser, cup) -> dict:
    """The cup played to its end, its first table's history full of changes (an edit, a deal
    deleted and given back), exported."""
    finished_cup(app, organiser, cup)
    with app.app_context():
        db = store.get_db()
        match_id = store.list_rounds(db, cup)[0].tables[0].match_id
        first, second = store.list_deals(db, match_id)
        store.update_deal(db, match_id, first.id, {**DEAL, "contre": "contre"}, by=store.Actor("organiser"))
        store.delete_deal(db, match_id, second.id, by=store.Actor("table", "1"))
        store.restore_deal(db, match_id, second.id, by=store.Actor("phone", "Ann's phone"))
    response = organiser.client.get(f"/tournaments/{cup}/export.json")
    assert response.status_code == 200
    return response.json


@pytest.fixture
def elsewhere(tmp_path) -> Organiser:
    """Another club's machine, with a player of its own."""
    path = str(tmp_path / "elsewhere.sqlite")
    store.init_db(path)
    other = create_app({"TESTING": True, "SECRET_KEY": "other", "DATABASE": path})
    desk = Organiser(other, other.test_client())
    desk.players(("Zoé",))
    return desk


def test_the_record_follows_its_documented_schema(played):
    jsonschema.validate(played, SCHEMA)
    assert played["version"] == records.VERSION == 2
    history = played["rounds"][0]["tables"][0]["match"]["history"]
    assert [e["action"] for e in history] == ["create", "create", "edit", "delete", "restore"]
    assert [e["by"]["kind"] for e in history[2:]] == ["organiser", "table", "phone"]


def test_exported_imported_elsewhere_and_exported_again_it_is_the_same_record(app, organiser, cup, played,
                                                                               elsewhere):
    response = import_record(elsewhere, json.dumps(played).encode())
    assert response.status_code == 302, errors(response.get_data(as_text=True))
    copy = int(response.headers["Location"].rsplit("/", 1)[1])
    again = elsewhere.client.get(f"/tournaments/{copy}/export.json").json
    assert without_time(again) == without_time(played)
    assert standings_rows(elsewhere.client, copy) == standings_rows(organiser.client, cup)
    for part in ("standings", "pairings", "deals"):
        assert (elsewhere.client.get(f"/tournaments/{copy}/{part}.csv").data
                == organiser.client.get(f"/tournaments/{cup}/{part}.csv").data), part


def test_a_second_import_adds_nothing_and_says_so(played, elsewhere):
    first = import_record(elsewhere, json.dumps(played).encode())
    before = counts(elsewhere.app)
    second = import_record(elsewhere, json.dumps(played).encode())
    assert second.headers["Location"] == first.headers["Location"]
    assert counts(elsewhere.app) == before
    page = elsewhere.client.get(second.headers["Location"]).get_data(as_text=True)
    assert "This tournament was imported already (the same uuid): nothing was added." in flashes(page)


def test_a_record_from_a_newer_scorekeeper_is_refused_saying_so(played, elsewhere):
    before = counts(elsewhere.app)
    response = import_record(elsewhere, json.dumps({**played, "version": 3}).encode())
    assert response.status_code == 422
    assert any("version: This record was made by a newer Scorekeeper (record version 3): this one reads versions "
               "up to 2. Update Scorekeeper, then import it again." in e
               for e in errors(response.get_data(as_text=True)))
    assert counts(elsewhere.app) == before


def test_a_version_1_record_is_still_read_and_given_a_uuid(played, elsewhere):
    old = {key: value for key, value in played.items() if key not in ("uuid", "exported")}
    old["version"] = 1
    old["tournament"] = {k: v for k, v in played["tournament"].items() if k != "created"}
    for round_ in old["rounds"]:
        for table in round_["tables"]:
            table["match"]["deals"] = [deal["declarations"] for deal in table["match"]["deals"]]
    response = import_record(elsewhere, json.dumps(old).encode())
    assert response.status_code == 302, errors(response.get_data(as_text=True))
    copy = int(response.headers["Location"].rsplit("/", 1)[1])
    again = elsewhere.client.get(f"/tournaments/{copy}/export.json").json
    assert again["uuid"] != played["uuid"] and again["version"] == 2
    jsonschema.validate(again, SCHEMA)


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.update(uuid="not-a-uuid"), "uuid must be a UUID such as"),
    (lambda r: r["rounds"][0]["tables"][0]["match"]["history"][0].update(action="shred"),
     "rounds[0].tables[0].match.history[0].action: A change is one of create, edit, delete, restore"),
    (lambda r: r["rounds"][0]["tables"][0]["match"]["history"][2]["after"].update(bid=85),
     "rounds[0].tables[0].match.history[2].after.bid:"),
    (lambda r: r["rounds"][0]["tables"][0]["match"]["deals"][1].update(deal=1),
     "rounds[0].tables[0].match.deals: Two deals of a table carry the same number"),
])
def test_a_broken_history_is_refused_by_place(played, elsewhere, change, message):
    change(played)
    before = counts(elsewhere.app)
    response = import_record(elsewhere, json.dumps(played).encode())
    assert response.status_code == 422
    assert any(message in e for e in errors(response.get_data(as_text=True))), errors(response.get_data(as_text=True))
    assert counts(elsewhere.app) == before
