"""A club evening from the door to the prizes, in real Chromium (issue 23, "Done when"): nine
players of an individual Contrée (partners change every round), Ivo arriving after round 1 and
Hana leaving after round 2, Ann and Ben kept apart; three rounds of one deal, each with its clock;
the tables' phones (390 px) record their deal and confirm their sheet; in round 2 one table runs
out of time and the organiser closes the round; the wall at 1920x1080 after each round; the final
standings with the prize list, printed."""

from __future__ import annotations

import re
import subprocess

import pytest

from scorekeeper import store
from scorekeeper.web import access
from tests.browser.conftest import PHONE
from tests.browser.screens import shot
from tests.browser.test_contree_flow import pick

pytestmark = pytest.mark.browser
PASSWORD = "club-secret"
AT_THE_DOOR = ("Ann", "Ben", "Cy", "Di", "Eva", "Finn", "Gus", "Hana")
LATE, LEAVING = "Ivo", "Hana"
DESK = {"width": 1280, "height": 800}
WALL = {"width": 1920, "height": 1080}


def tables_of(desk, number: int) -> list[str]:
    """What the desk shows of round ``number``'s tables: one text per table, its four players."""
    return desk.locator(f"#round-{number} ul.tables li").all_inner_texts()


def play(browser, desk, number: int, *, tables: int) -> None:
    """The first ``tables`` tables' phones each record the round's one deal (E–W make 100 ♥) and
    have a player of each side confirm the sheet."""
    links = desk.locator(f"#round-{number} .table-link a[href*='/t/']").evaluate_all(
        "links => links.map(a => a.href)")
    for link in links[:tables]:
        phone = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
        phone.goto(link)
        phone.locator(".round-clock").get_by_text(re.compile(r"^ends at")).wait_for()  # the clock runs
        phone.get_by_role("link", name=re.compile("Record deal")).click()
        phone.wait_for_url(re.compile(r"/deals/new$"))
        for name, value in (("bidder", "E"), ("bid", "100"), ("trump", "H"), ("last_trick", "bidders")):
            pick(phone, name, value)
        phone.fill('input[name="bidder_points"]', "92")
        phone.get_by_role("button", name="Save deal").click()
        phone.get_by_text("One player of each side taps their name").wait_for()
        phone.get_by_role("button", name=re.compile(r"^N .+: I confirm$")).click()
        phone.get_by_role("button", name=re.compile(r"^E .+: I confirm$")).click()
        phone.get_by_text("Confirmed by both sides: the result counts.").wait_for()
        phone.context.close()


def start_clock(desk, number: int) -> None:
    desk.locator("#board").get_by_label("Minutes").fill("30")
    desk.get_by_role("button", name="Start the clock").click()
    desk.get_by_text("The clock runs: 30 minutes.").wait_for()
    assert desk.locator("#board h2").inner_text() == f"Round {number} in play"


def look_at_the_wall(browser, url: str, cup: int, number: int) -> None:
    """The projector after round ``number``: the round's tables and the standings, in large type."""
    wall = browser.new_context(viewport=WALL, locale="en-GB").new_page()
    wall.goto(f"{url}/tournaments/{cup}/standings")
    assert wall.locator(".wall-pairings li").count() == 2
    assert wall.locator(".wall-standings tbody tr").count() == (8 if number == 1 else 9)
    assert not wall.locator("a[href*='/t/']").count(), "no table link on a public screen"
    shot(wall, f"70-evening-wall-round-{number}")
    wall.context.close()


def test_a_club_evening_from_the_door_to_the_prizes(browser, live_url, tmp_path):
    db = store.connect(str(tmp_path / "browser.sqlite"))
    access.set_password(db, PASSWORD)
    db.close()
    desk = browser.new_context(viewport=DESK, locale="en-GB").new_page()
    desk.goto(f"{live_url}/organiser/login")
    desk.fill('input[name="password"]', PASSWORD)
    desk.get_by_role("button", name="Log in").click()

    # The players, pasted at once; the tournament: individual, three rounds of one deal, confirmed.
    desk.goto(f"{live_url}/players")
    desk.get_by_text("Add many at once").click()
    desk.get_by_label("Players, one a line").fill("\n".join((*AT_THE_DOOR, LATE)))
    desk.get_by_role("button", name="Add these players").click()
    desk.goto(f"{live_url}/tournaments/new/contree")
    desk.fill('input[name="name"]', "Thursday evening")
    desk.get_by_label("Individual, partners change every round").check()
    desk.fill('input[name="rounds"]', "3")
    desk.fill('input[name="deals"]', "1")
    desk.get_by_label("Results confirmed by both sides").check()
    desk.get_by_role("button", name="Create the tournament").click()
    cup = int(re.search(r"/tournaments/(\d+)$", desk.url)[1])

    # The door: eight players, Ann and Ben kept apart.
    for name in AT_THE_DOOR:
        desk.select_option('select[name="player_1"]', label=name)
        desk.get_by_role("button", name="Register", exact=True).click()
    assert desk.get_by_role("heading", name="8 entries").count() == 1
    desk.get_by_text("Players kept apart").click()
    desk.select_option('select[name="first"]', label="Ann")
    desk.select_option('select[name="second"]', label="Ben")
    desk.get_by_role("button", name="Keep them apart").click()
    desk.locator("#apart").get_by_text("Ann and Ben").wait_for()

    # Round 1: both tables play and confirm.
    desk.get_by_role("button", name="Draw round 1").click()
    desk.get_by_text("Round 1 is drawn: 2 tables.").wait_for()
    start_clock(desk, 1)
    play(browser, desk, 1, tables=2)
    desk.reload()
    assert desk.locator("#round-1 h2").inner_text() == "Round 1 · finished"
    look_at_the_wall(browser, live_url, cup, 1)

    # Ivo arrives: a late entry, drawn from round 2.
    desk.get_by_text("Late: they join from round 2.").wait_for()
    desk.select_option('select[name="player_1"]', label=LATE)
    desk.get_by_role("button", name="Register", exact=True).click()
    desk.locator("#entries").get_by_text("joined at round 2").wait_for()
    desk.get_by_role("button", name="Draw round 2").click()
    desk.get_by_text("Round 2 is drawn: 2 tables.").wait_for()
    round_2 = " ".join(tables_of(desk, 2)) + desk.locator("#round-2").inner_text()
    assert LATE in round_2, "the late entry is in round 2, at a table or sitting out"
    assert LATE not in " ".join(tables_of(desk, 1))

    # Round 2: one table plays and confirms; the other is out of time and the organiser closes it.
    start_clock(desk, 2)
    play(browser, desk, 2, tables=1)
    desk.reload()
    assert desk.get_by_role("button", name="Draw round 3").count() == 0, "a table is still playing"
    desk.get_by_role("button", name="Pause").click()
    desk.get_by_text("The clock is paused.").wait_for()
    desk.get_by_text("Close round 2").first.click()
    desk.get_by_label("Why the round is closed").fill("Out of time: the last deal was not started")
    desk.locator("#board form").get_by_role("button", name="Close round 2").click()
    desk.get_by_text("Close round 2? 1 table not finished gets the result chosen").wait_for()
    desk.get_by_role("button", name="Close round 2").click()
    desk.get_by_text("Round 2 is closed: 1 table scored as the organiser said.").wait_for()
    board = desk.locator("#board")
    board.get_by_text("closed: Out of time: the last deal was not started").wait_for()
    assert board.locator("tbody tr").count() == 2
    look_at_the_wall(browser, live_url, cup, 2)

    # Hana leaves: withdrawn after round 2, not drawn in round 3.
    hana = desk.locator("#entries li", has_text=LEAVING)
    hana.get_by_text("Replace or withdraw…").click()
    hana.get_by_role("button", name=f"Withdraw {LEAVING}").click()
    desk.get_by_text(f"Withdraw {LEAVING}? They are drawn no more").wait_for()
    desk.get_by_role("button", name=f"Withdraw {LEAVING}").click()
    desk.locator("#entries").get_by_text("withdrew after round 2").wait_for()
    desk.get_by_role("button", name="Draw round 3").click()
    desk.get_by_text("Round 3 is drawn: 2 tables.").wait_for()
    assert LEAVING not in desk.locator("#round-3").inner_text()
    start_clock(desk, 3)
    play(browser, desk, 3, tables=2)
    desk.reload()
    look_at_the_wall(browser, live_url, cup, 3)

    # Ann and Ben never sat at one table.
    for number in (1, 2, 3):
        for table in tables_of(desk, number):
            assert not ("Ann" in table and "Ben" in table), f"round {number}: {table}"
    # Every table of the evening counts, the closed one too: eight players played three rounds
    # (or sat out), Ivo two, Hana two.
    rows = desk.locator("table.standings:not(.awards) tbody tr").all_inner_texts()
    played = {cells[1]: sum(int(n) for n in cells[3].split("-"))  # won + drawn + lost
              for cells in (row.split("\t") for row in rows)}
    assert played[LATE] == 2 and played[LEAVING] == 2
    assert all(played[name] == 3 for name in AT_THE_DOOR if name != LEAVING)

    # The prizes: the first place, and the best newcomer (Ivo, tagged).
    prizes = desk.locator("#prizes")
    prizes.locator("summary").click()
    prizes.get_by_label("What it gives").fill("A ham")
    prizes.get_by_role("button", name="Add to the prize list").click()
    prizes.get_by_label("A category").check()
    prizes.get_by_role("textbox", name="Category").fill("Best newcomer")
    prizes.get_by_label("What it gives").fill("A book")
    prizes.get_by_role("button", name="Add to the prize list").click()
    prizes.get_by_label("Player").select_option(label=LATE)
    prizes.get_by_role("button", name="Tag the player").click()
    prizes.get_by_text(f"{LATE}: Best newcomer").wait_for()
    standings = desk.locator("table.standings:not(.awards) tbody tr").all_inner_texts()
    order = [row.split("\t")[1] for row in standings]
    points = [int(row.split("\t")[2]) for row in standings]
    assert points == sorted(points, reverse=True), "the standings go down the match points"
    first = order[0]
    newcomer = LATE if first != LATE else "nobody"  # one prize a player: Ivo first takes the place
    awards = desk.locator("table.awards")
    assert awards.locator("tr", has_text="Place 1").inner_text().endswith(first)
    assert awards.locator("tr", has_text="Best newcomer").inner_text().endswith(newcomer)
    shot(desk, "71-evening-final-desk")

    # Printed: the standings' PDF names the prize winners.
    pdf = desk.request.get(live_url + desk.get_by_role("link", name="Standings (PDF)").get_attribute("href"))
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    (tmp_path / "standings.pdf").write_bytes(pdf.body())
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "standings.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    lines = text.splitlines()
    assert any("A ham" in line and line.rstrip().endswith(first) for line in lines), text
    assert any("A book" in line and line.rstrip().endswith(newcomer) for line in lines), text
    desk.context.close()
