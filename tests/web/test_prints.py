"""Booklets: several sheets ticked on the front page, printed by a process of their own."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper import store
from scorekeeper.web import booklet
from tests.helpers import BOOKLET_WAIT_S, csrf_token, wait_for

DEAL = {"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none",
        "card_points": {"B": 92}, "last_trick": "B", "belote": "B"}


def start_match(client, names: tuple[str, str, str, str]) -> int:
    match_id = client.post("/api/v1/matches", json={
        "game": "contree", "players": dict(zip("NESW", names, strict=True))}).json["id"]
    client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL)
    return match_id


def ask_booklet(client, match_ids: list[int]):
    page = client.get("/").get_data(as_text=True)
    return client.post("/prints/sheets", data={"csrf_token": csrf_token(page), "sheet": [str(i) for i in match_ids]})


def test_ticked_sheets_come_out_as_one_pdf_in_the_order_of_the_matches(client, tmp_path):
    first = start_match(client, ("Alice", "Bob", "Carol", "Dan"))
    second = start_match(client, ("Émile", "Fleur", "Gaspard", "Hélène"))
    response = ask_booklet(client, [second, first])
    assert response.status_code == 302  # answered at once; the printing goes on elsewhere
    location = response.headers["Location"]
    html = wait_for(client, location)
    assert "Ready: 2 sheets in one PDF." in html
    with client.get(f"{location}.pdf") as pdf:
        assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
        path = tmp_path / "booklet.pdf"
        path.write_bytes(pdf.data)
    pages = [subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), str(path), "-"], check=True,
                            capture_output=True, text=True).stdout for n in (1, 2)]
    assert "Alice & Carol" in pages[0] and "Émile & Gaspard" in pages[1]
    assert "Émile" not in pages[0]


def ended(child: subprocess.Popen) -> bool:
    """The process has ended, whether or not its parent has waited for it yet (a zombie, state Z)."""
    try:
        return Path(f"/proc/{child.pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except OSError:
        return True


def test_a_finished_printing_process_is_reaped_when_its_booklet_is_looked_at(client):
    """The printing process ends once its booklet is ready; the booklet's page, looked at after that,
    waits for it (web/booklet.reap): no zombie of the booklet is left until the next one is asked for."""
    match_id = start_match(client, ("Alice", "Bob", "Carol", "Dan"))
    before = list(booklet._CHILDREN)
    location = ask_booklet(client, [match_id]).headers["Location"]
    [child] = [started for started in booklet._CHILDREN if started not in before]
    assert "Ready:" in wait_for(client, location)
    deadline = time.monotonic() + BOOKLET_WAIT_S
    while not ended(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ended(child)  # a zombie, or waited for already if it ended before the page said it was ready
    assert client.get(location).status_code == 200
    assert child.returncode == 0 and child not in booklet._CHILDREN and not Path(f"/proc/{child.pid}").exists()


def test_nothing_ticked_is_refused_on_the_front_page(client):
    start_match(client, ("Alice", "Bob", "Carol", "Dan"))
    response = ask_booklet(client, [])
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Tick at least one match to print" in html
    assert "Alice" in html  # the list is still there to tick


def test_a_match_not_offered_is_refused_and_the_ticks_are_kept(app, client):
    match_id = start_match(client, ("Alice", "Bob", "Carol", "Dan"))
    response = ask_booklet(client, [match_id, 987654])
    assert response.status_code == 422
    assert re.search(rf'value="{match_id}"\s+checked', response.get_data(as_text=True))
    with app.app_context():
        assert store.get_db().execute("select count(*) from print_jobs").fetchone()[0] == 0


def test_a_booklet_is_only_found_under_its_token(client):
    assert client.get("/prints/not-a-token").status_code == 404
    assert client.get("/prints/not-a-token.pdf").status_code == 404


def queued(app, **changes) -> store.PrintJob:
    """A booklet row as a printing process left it (no process is started)."""
    with app.app_context():
        db = store.get_db()
        job = store.create_print_job(db, token="t" * 32, kind="sheets", params={"matches": [1]}, language="en",
                                     total=3, most=2)
        if changes:
            db["print_jobs"].update(job.id, changes)
        return store.get_print_job(db, job.token)


def test_a_booklet_in_progress_says_how_far_it_has_got_and_has_no_pdf_yet(app, client):
    job = queued(app, status="running", done=2)
    html = client.get(f"/prints/{job.token}").get_data(as_text=True)
    assert "Printing: 2 of 3 sheets done." in html and '<progress max="3" value="2">' in html
    assert client.get(f"/prints/{job.token}.pdf").status_code == 404


def test_a_printing_process_that_died_is_called_stalled(app, client):
    silent = (datetime.now(UTC) - timedelta(minutes=10)).isoformat(timespec="seconds")
    job = queued(app, status="running", done=1, updated=silent)
    html = client.get(f"/prints/{job.token}").get_data(as_text=True)
    assert "The booklet could not be printed." in html
    assert 'http-equiv="refresh"' not in html


def test_a_failure_is_recorded_and_said(app):
    """The process records why it failed (a match deleted after it was ticked) and the page says so."""
    job = queued(app)
    with pytest.raises(store.NotFound):
        booklet.run(app, job.token)
    with app.app_context():
        failed = store.get_print_job(store.get_db(), job.token)
    assert failed.status == "failed" and "NotFound" in failed.error
    assert "could not be printed" in app.test_client().get(f"/prints/{job.token}").get_data(as_text=True)


@pytest.mark.parametrize(("kind", "niced"), [("keep", [booklet.KEEP_NICE]), ("sheets", [])])
def test_only_sheets_kept_in_the_background_give_way_to_the_pages_served(app, monkeypatch, kind, niced):
    """A sheet printed because its match ended can wait: its process lowers its priority (and its
    printers', forked from it); a booklet an organiser asked for does not."""
    calls = []
    monkeypatch.setattr(booklet.os, "nice", calls.append)
    job = queued(app, kind=kind)
    with pytest.raises(store.NotFound):  # (no match: nothing is printed)
        booklet.run(app, job.token)
    assert calls == niced


def test_no_more_than_two_booklets_print_at_once(app, client):
    """Each booklet takes every core: a third one waits until one is done (or has died)."""
    match_id = start_match(client, ("Alice", "Bob", "Carol", "Dan"))
    with app.app_context():
        for n in range(2):
            store.create_print_job(store.get_db(), token=f"busy{n}", kind="sheets", params={"matches": [match_id]},
                                   language="en", total=1, most=2)
    response = ask_booklet(client, [match_id])
    assert response.status_code == 422
    assert "2 booklets are being printed already: try again in a minute" in response.get_data(as_text=True)
    with app.app_context():
        assert store.get_db().execute("select count(*) from print_jobs").fetchone()[0] == 2


def test_a_booklet_whose_file_is_gone_is_not_found(app, client):
    job = queued(app, status="done", done=3)
    assert client.get(f"/prints/{job.token}.pdf").status_code == 404


def booklet_text(client, match_ids: list[int], path: Path) -> tuple[str, int]:
    """The booklet of ``match_ids`` printed and read back: its text as laid out, and its pages."""
    location = ask_booklet(client, match_ids).headers["Location"]
    assert "Ready:" in wait_for(client, location)
    with client.get(f"{location}.pdf") as pdf:
        path.write_bytes(pdf.data)
    info = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    return (subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                           text=True).stdout, int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1)))


def test_an_ended_match_is_printed_before_its_booklet_the_same_and_again_once_edited(app, client, tmp_path):
    """The deal that ends a match has its sheet printed and kept in the background; the booklet then
    joins the kept part (the same text and pages as printed at the click); an edit is printed anew."""
    app.config["KEEP_ENDED"] = True
    match_id = client.post("/api/v1/matches", json={"game": "contree", "players": dict(zip("NESW", (
        "Alice", "Bob", "Carol", "Dan"), strict=True)), "options": {"target": 200}}).json["id"]
    before = list(booklet._CHILDREN)
    deal_id = client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).json["deal"]["id"]
    [keeping] = [child for child in booklet._CHILDREN if child not in before]  # the deal answered at once
    assert keeping.wait(BOOKLET_WAIT_S) == 0
    folder = booklet.kept_folder(app.config["DATABASE"])
    [part] = folder.iterdir()
    assert folder.stat().st_mode & 0o777 == 0o700 and part.stat().st_mode & 0o777 == 0o600
    app.config["KEEP_ENDED"] = False  # from here, only the booklets print

    warm = booklet_text(client, [match_id], tmp_path / "warm.pdf")
    assert list(folder.iterdir()) == [part]  # found, not printed again
    part.unlink()
    cold = booklet_text(client, [match_id], tmp_path / "cold.pdf")
    assert warm == cold and "Alice & Carol" in warm[0]

    edited = {**DEAL, "card_points": {"B": 112}}
    assert client.put(f"/api/v1/matches/{match_id}/deals/{deal_id}", json=edited).status_code == 200
    text, _pages = booklet_text(client, [match_id], tmp_path / "edited.pdf")
    assert "N–S 60, E–W 220" in cold[0] and "N–S 40, E–W 240" in text and "N–S 60" not in text
    assert len(list(folder.iterdir())) == 2  # the edited sheet kept beside the first


def test_kept_parts_go_with_the_old_booklets_and_past_their_bound(app, monkeypatch):
    folder = booklet.kept_folder(app.config["DATABASE"])
    folder.mkdir()
    old, older, recent = (folder / name for name in ("old.pdf", "older.pdf", "recent.pdf"))
    for path, age, size in ((old, timedelta(days=2), 600), (older, timedelta(days=8), 10), (recent, timedelta(0), 600)):
        path.write_bytes(b"x" * size)
        stamp = (datetime.now(UTC) - age).timestamp()
        os.utime(path, (stamp, stamp))
    monkeypatch.setattr(booklet, "KEPT_BYTES", 1000)
    with app.app_context():
        booklet.remove_old(app.config["DATABASE"])
    assert list(folder.iterdir()) == [recent]


def test_a_match_ended_while_its_sheets_are_printed_waits_for_that_process(app):
    """At most one process prints ended matches' sheets: a match that ends meanwhile waits for it (no
    process started, no booklet's slot taken), and that process takes it next."""
    with app.app_context():
        db = store.get_db()
        store.create_print_job(db, token="keeping", kind="keep", params={"matches": [1]}, language="en",
                               total=1, most=booklet.MAX_PRINTING, printing=booklet.printing, alone=True)
        before = list(booklet._CHILDREN)
        with app.test_request_context():
            job = booklet.start("keep", {"matches": [2]}, total=1, language="en")
            booklet.start("sheets", {"matches": [2]}, total=1, language="en")  # a booklet's slot is free
        assert job.status == "waiting" and len(booklet._CHILDREN) == len(before) + 1
        taken = store.next_waiting_print_job(db, "keeping", kind="keep", pid=os.getpid(), process="keeping")
        assert taken == store.get_print_job(db, job.token) and taken.status == "running"
        assert store.next_waiting_print_job(db, job.token, kind="keep", pid=os.getpid(), process="keeping") is None


def test_a_match_ended_while_that_process_prints_a_sheet_it_took_waits_for_it_too(app):
    """The process printing ended matches' sheets is known by its command line (the token of the job it was
    started for) while it prints those it took from the waiting: a match that ends then waits for it as
    well, no second process started."""
    keeping = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "keeping"])
    try:
        with app.app_context(), app.test_request_context():
            db = store.get_db()
            store.create_print_job(db, token="keeping", kind="keep", params={"matches": [1]}, language="en",
                                   total=1, most=booklet.MAX_PRINTING, printing=booklet.printing, alone=True)
            store.update_print_job(db, "keeping", status="running", pid=keeping.pid)
            assert booklet.start("keep", {"matches": [2]}, total=1, language="en").status == "waiting"
            store.next_waiting_print_job(db, "keeping", kind="keep", pid=keeping.pid, process="keeping")
            before = list(booklet._CHILDREN)
            assert booklet.start("keep", {"matches": [3]}, total=1, language="en").status == "waiting"
            assert booklet._CHILDREN == before
    finally:
        keeping.kill()
        keeping.wait()


def test_the_sheets_waiting_are_printed_when_the_one_before_them_failed(app, client, monkeypatch):
    """A sheet that could not be printed in the background (its match deleted) does not leave those waiting
    behind it: the process prints them, then says it failed."""
    monkeypatch.setattr(booklet.os, "nice", lambda increment: None)
    match_id = start_match(client, ("Alice", "Bob", "Carol", "Dan"))
    with app.app_context():
        db = store.get_db()
        for token, matches in (("gone", [match_id + 1]), ("after", [match_id])):
            store.create_print_job(db, token=token, kind="keep", params={"matches": matches}, language="en",
                                   total=1, most=booklet.MAX_PRINTING, printing=lambda job: job.token == "gone",
                                   alone=True)
    with pytest.raises(store.NotFound):
        booklet.run(app, "gone")
    with app.app_context():
        db = store.get_db()
        assert [store.get_print_job(db, token).status for token in ("gone", "after")] == ["failed", "done"]
    assert len(list(booklet.kept_folder(app.config["DATABASE"]).iterdir())) == 1


@pytest.mark.parametrize(("kind", "joined"), [("keep", 0), ("sheets", 1)])
def test_only_a_booklet_asked_for_is_joined_into_a_file(app, client, monkeypatch, kind, joined):
    """A sheet kept in the background is printed and kept, nothing joined; a booklet is joined into its file."""
    built = []

    class Counted(booklet.Joined):
        def __init__(self) -> None:
            built.append(self)
            super().__init__()

    monkeypatch.setattr(booklet, "Joined", Counted)
    monkeypatch.setattr(booklet.os, "nice", lambda increment: None)
    match_id = start_match(client, ("Alice", "Bob", "Carol", "Dan"))
    job = queued(app, kind=kind, params=f'{{"matches": [{match_id}]}}', total=1)
    booklet.run(app, job.token)
    assert len(built) == joined
    assert booklet.output_path(app.config["DATABASE"], job.token).exists() == bool(joined)
    assert len(list(booklet.kept_folder(app.config["DATABASE"]).iterdir())) == 1
