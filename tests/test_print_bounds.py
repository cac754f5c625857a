"""Printing with bounds (issue 22): a title cannot make a page's running header explode, every
render is stopped at its time limit and says so, a booklet holds its slot exactly as long as its
process lives, and printed files are the server's alone and go after a week."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper import pdf, store
from scorekeeper.web import booklet
from scorekeeper.errors import TooLong
from tests.web.test_prints import ask_booklet, queued, start_match

PLAYERS = {"N": "Alice", "E": "Bob", "S": "Carol", "W": "Dan"}
SLOW_HTML = "<table>" + "<tr><td>x</td><td>y</td></tr>" * 20000 + "</table>"  # some seconds to lay out


def stored_match(app, **fields) -> int:
    """A match stored as an older version (with no limit on its text) could have stored it."""
    with app.app_context():
        return store.create_match(store.get_db(), game="contree", players=PLAYERS, first_dealer="N",
                                  options={}, **fields)


def children() -> set[int]:
    """This process's child processes still alive (a zombie is not one): a browser the suite
    started earlier among them."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == str(os.getpid()) and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def test_a_title_of_twenty_thousand_characters_is_printed_clipped(app, client, tmp_path):
    match_id = stored_match(app, title="Long title " * 1820)
    response = client.get(f"/matches/{match_id}/sheet.pdf")
    assert response.status_code == 200
    path = tmp_path / "sheet.pdf"
    path.write_bytes(response.data)
    text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    assert "Long title " * 10 in text.replace("\n", " ")
    assert text.count("Long title") <= 2 * 12  # the heading and the running header, each clipped


def test_a_render_past_its_time_limit_is_stopped_said_and_leaves_no_process(app, client, monkeypatch):
    """... and the next sheet prints (the printer stopped with it is replaced)."""
    match_id = stored_match(app, notes="A long note. " * 7000)
    monkeypatch.setattr(pdf, "PRINT_SECONDS", 0.3)
    before = children()
    response = client.get(f"/matches/{match_id}/sheet.pdf")
    assert response.status_code == 503
    assert "This took longer than 0.3 s and was stopped: it is too long to do here." in \
        response.get_data(as_text=True)
    assert children() <= before
    monkeypatch.setattr(pdf, "PRINT_SECONDS", 20.0)
    assert client.get(f"/matches/{stored_match(app)}/sheet.pdf").data.startswith(b"%PDF")


def test_a_part_of_a_booklet_past_its_time_limit_stops_the_booklet(app, client):
    before = children()
    with pytest.raises(TooLong):
        booklet.render_parts(["<p>quick</p>", SLOW_HTML], Path(app.static_folder), lambda done: None, seconds=0.3)
    assert children() <= before
    job = queued(app, status="failed", error="TooLong: took longer than 20 s and was stopped")
    assert "One of its sheets took too long to print and was stopped." in \
        client.get(f"/prints/{job.token}").get_data(as_text=True)


def test_a_booklet_holds_its_slot_while_its_process_lives_and_no_longer(app, client):
    """A booklet silent for ten minutes whose process still renders keeps its slot; once the
    process is gone, the slot is free."""
    match_id = start_match(client, ("Alice", "Bob", "Carol", "Dan"))
    silent = (datetime.now(UTC) - timedelta(minutes=10)).isoformat(timespec="seconds")
    processes = []
    with app.app_context():
        db = store.get_db()
        for n in range(booklet.MAX_PRINTING):
            token = f"long-booklet-{n}"
            store.create_print_job(db, token=token, kind="sheets", params={"matches": [match_id]}, language="en",
                                   total=1, most=booklet.MAX_PRINTING)
            processes.append(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", token]))
            store.update_print_job(db, token, status="running", pid=processes[-1].pid)
            db.execute("update print_jobs set updated = ? where token = ?", [silent, token])
            db.commit()
    try:
        refused = ask_booklet(client, [match_id])
        assert refused.status_code == 422
        assert "booklets are being printed already" in refused.get_data(as_text=True)
    finally:
        for process in processes:
            process.kill()
            process.wait()
    assert ask_booklet(client, [match_id]).status_code == 302


def test_the_database_and_a_printed_booklet_are_readable_by_their_owner_alone(app, client, tmp_path):
    start_match(client, ("Alice", "Bob", "Carol", "Dan"))  # written: the -wal file exists
    database = Path(app.config["DATABASE"])
    for path in (database, Path(f"{database}-wal"), Path(f"{database}-writer")):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    target = tmp_path / "prints" / "booklet.pdf"
    joined = booklet.Joined()
    joined.add(pdf.html_to_pdf("<p>one</p>", Path(app.static_folder)))
    joined.write(target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert stat.S_IMODE(target.parent.stat().st_mode) == 0o700


def test_booklets_older_than_a_week_are_removed_when_the_next_is_asked_for(app, client):
    match_id = start_match(client, ("Alice", "Bob", "Carol", "Dan"))
    old, recent = queued(app, status="done", done=3), None
    eight_days_ago = datetime.now(UTC) - timedelta(days=8)
    with app.app_context():
        db = store.get_db()
        db.execute("update print_jobs set created = ? where id = ?", [eight_days_ago.isoformat(timespec="seconds"),
                                                                      old.id])
        db.commit()
        recent = store.create_print_job(db, token="recent", kind="sheets", params={"matches": [match_id]},
                                        language="en", total=1, most=9)
        store.update_print_job(db, "recent", status="done", done=1)
    files = {job.token: booklet.output_path(app.config["DATABASE"], job.token) for job in (old, recent)}
    for path in files.values():
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"%PDF-")
    os.utime(files[old.token], (eight_days_ago.timestamp(), eight_days_ago.timestamp()))
    assert ask_booklet(client, [match_id]).status_code == 302
    assert not files[old.token].exists() and files[recent.token].exists()
    assert client.get(f"/prints/{old.token}").status_code == 404
    assert client.get(f"/prints/{recent.token}").status_code == 200
