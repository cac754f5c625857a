"""The parts of the desk and the wall kept rendered between two requests (web/tournaments/kept.py):
the next page after a change shows it, and every form carries the visitor's own CSRF token."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from contextlib import closing

import pytest

from scorekeeper import games, store
from tests.helpers import TOKEN, Pages, csrf_token, form_fields
from tests.web.test_api_games import SCORE
from tests.web.test_matches import MADE_100
from tests.web.test_round_evening import clock, close, time_passes
from tests.web.test_sheets import CONTREE_DEALS
from tests.web.test_tournaments import DEAL, PASSWORD, cup, flashes, organiser, phone, play  # noqa: F401 - fixtures

SAVED = '<p class="flash saved" role="status">Deal saved.</p>'  # shown by CSS for the row just saved

__all__ = ["cup", "organiser"]


def tokens(html: str) -> set[str]:
    return {a or b for a, b in TOKEN.findall(html)}


def test_a_new_club_player_is_offered_at_the_next_look_at_the_desk(organiser, cup):
    desk = f"/tournaments/{cup}"
    assert "Zoé" not in organiser.client.get(desk).get_data(as_text=True)
    assert organiser.post("/players", {"name": "Zoé"}).status_code == 302
    html = organiser.client.get(desk).get_data(as_text=True)
    registering = html.split(f'action="/tournaments/{cup}/entries"', 1)[1].split("</form>", 1)[0]
    keeping_apart = html.split(f'action="/tournaments/{cup}/apart"', 1)[1].split("</form>", 1)[0]
    assert registering.count(">Zoé</option>") == keeping_apart.count(">Zoé</option>") == 2


def test_an_entry_registered_or_withdrawn_shows_at_once(app, organiser, cup):
    desk = f"/tournaments/{cup}"
    ids = organiser.players(("Ivo", "Jo"))
    before = organiser.client.get(desk).get_data(as_text=True)
    assert "4 entries" in before and "Ivo &amp; Jo" not in before
    assert organiser.enter(cup, *ids).status_code == 302
    after = organiser.client.get(desk).get_data(as_text=True)
    assert "5 entries" in after and "Ivo &amp; Jo" in after


def test_the_standings_move_at_the_next_look_once_a_table_ends(app, organiser, cup):
    organiser.draw(cup)
    wall, desk = f"/tournaments/{cup}/standings", f"/tournaments/{cup}"

    def points(path):
        html = organiser.client.get(path).get_data(as_text=True).split("sheet standings", 1)[1]
        return re.findall(r'<td class="num">(\d+)</td><td class="num">\d+-\d+-\d+</td>', html)

    def done(path):
        return organiser.client.get(path).get_data(as_text=True).count('<li class="done">')

    assert points(wall) == points(desk) == ["0"] * 4 and done(wall) == 0
    play(app, organiser.links(cup, 1)[0])  # one table ends (two deals): its winners have 2 match points
    assert points(wall) == points(desk) == ["2", "0", "0", "0"] and done(wall) == 1


def test_each_desk_carries_its_own_token_and_it_is_taken(app, organiser, cup):
    other = app.test_client()  # a second desk, logged in on another browser
    token = csrf_token(other.get("/organiser/login").get_data(as_text=True))
    assert other.post("/organiser/login", data={"csrf_token": token, "password": PASSWORD}).status_code == 302
    desk = f"/tournaments/{cup}"
    mine, theirs = (tokens(c.get(desk).get_data(as_text=True)) for c in (organiser.client, other))
    mine_again = tokens(organiser.client.get(desk).get_data(as_text=True))  # the kept parts this time
    assert len(mine) == len(theirs) == 1 and mine != theirs and mine_again == mine
    ids = organiser.players(("Ivo", "Jo", "Kim", "Lou"))
    for client, token, pair in ((other, theirs, ids[:2]), (organiser.client, mine, ids[2:])):
        response = client.post(f"/tournaments/{cup}/apart", data={"csrf_token": token.pop(), "first": pair[0],
                                                                      "second": pair[1]})
        assert response.status_code == 302
    with app.app_context():
        assert len(store.list_apart(store.get_db(), cup)) == 2


def test_the_board_and_the_close_form_follow_each_deal(app, organiser, cup):
    organiser.draw(cup)
    desk = f"/tournaments/{cup}"

    def board():
        html = organiser.client.get(desk).get_data(as_text=True)
        return (re.findall(r'<td class="num">(\d+)</td>', html.split('class="sheet board-tables"', 1)[1])[:2],
                re.findall(r"As it stands \(([^)]*)\)", html))

    assert board() == (["0", "0"], ["N–S 0, E–W 0"] * 2)
    play(app, organiser.links(cup, 1)[0], deals=1)  # E-W make 100: 220 to 60 (RULES §2.3)
    assert board() == (["1", "0"], ["N–S 60, E–W 220", "N–S 0, E–W 0"])


def test_the_close_forms_choices_kept_on_the_desk_are_those_its_whole_form_draws(app, organiser, cup):
    """Each table's choice is drawn alone for the desk (board.close_fields) and kept: the same HTML as
    the whole form sent back with a refusal draws, as it stands, after a deal (its totals put in the
    choice kept before it) and in French."""
    organiser.draw(cup)
    desk, close = f"/tournaments/{cup}", f"/tournaments/{cup}/rounds/1/close"
    for language in ("en", "fr"):  # each choice kept with its totals before the deal
        assert "N–S 0, E–W 0" in organiser.client.get(desk, headers={"Accept-Language": language}).get_data(
            as_text=True)
    play(app, organiser.links(cup, 1)[0], deals=1)

    def choices(html: str) -> list[str]:
        return re.findall(r'<div class="field">\s*<label for="result_\d+">.*?</select>\s*</div>', html, re.S)

    for language in ("en", "fr"):
        headers = {"Accept-Language": language}
        kept = choices(organiser.client.get(desk, headers=headers).get_data(as_text=True))
        page = organiser.client.get(desk, headers=headers).get_data(as_text=True)
        refused = organiser.client.post(close, headers=headers, data={"csrf_token": csrf_token(page), "reason": " "})
        assert refused.status_code == 422
        assert len(kept) == 2 and choices(refused.get_data(as_text=True)) == kept


def forget_kept_desk() -> None:
    """Every part of the desk and table view this worker keeps, forgotten: the next look draws it all afresh."""
    from scorekeeper.web.tournaments import board, core, kept, wall

    for cache in (board.ROW_SHAPES, board.PROGRESSES, board.FIELD_SHAPES, board.CLOSINGS, board.TIMES, kept.PARTS,
                  kept.TABLE_SHAPES, kept.PROGRESS, kept.DIGESTS, kept.ESCAPED, core.ROSTERS, kept.RUNS, core.SEATS, core.LOOKS,
                  core.STANDINGS, wall.SHOWN, wall.WALLS):
        cache._entries.clear()
        cache.bytes = 0


def test_the_desk_after_each_deal_is_the_desk_drawn_afresh(app, organiser, cup):
    """After each deal of a table until its match ends, in three languages: the desk whose changed
    table's list item, board row and close-the-round choice are its kept shapes with their new progress
    and totals put in is byte for byte the desk drawn from nothing."""
    organiser.draw(cup)
    desk, link = f"/tournaments/{cup}", organiser.links(cup, 1)[0]

    def looks() -> list[str]:
        return [organiser.client.get(desk, headers={"Accept-Language": language}).get_data(as_text=True)
                for language in ("en", "fr", "ja")]

    looks()  # each table's shapes kept, in each language
    for shown in ("1 deal recorded", "won by "):  # (the cup's match ends after two deals)
        play(app, link, deals=1)
        kept = looks()
        forget_kept_desk()
        assert looks() == kept and shown in kept[0]



def test_the_swap_form_on_the_desk_is_gone_at_the_next_look_once_the_round_begins(app, organiser, cup):
    """The desk's own text around its parts is kept (kept.Slots.page): the form swapping two entries shows
    until the round's first deal and is gone at the next look after it, as on the desk drawn afresh."""
    organiser.draw(cup)
    desk = f"/tournaments/{cup}"
    assert "Swap them" in organiser.client.get(desk).get_data(as_text=True)
    play(app, organiser.links(cup, 1)[0], deals=1)
    kept = organiser.client.get(desk).get_data(as_text=True)
    forget_kept_desk()
    assert "Swap them" not in kept and organiser.client.get(desk).get_data(as_text=True) == kept


def test_a_tables_kept_shapes_say_each_change_of_its_deals_in_each_language_as_drawn_afresh(app, organiser, cup):
    """A table's list item, board row and close-the-round choice are kept as shapes, cut where their
    progress and totals go, with these put in at each look (kept.shaped): after a deal, the deal edited
    (its totals changed, its count not) and taken back, in English and French asked in turn, each look
    is the desk drawn from nothing, and says the totals of that step, never an earlier one's."""
    organiser.draw(cup)
    desk = f"/tournaments/{cup}"
    match_id = play(app, organiser.links(cup, 1)[0], deals=1)  # E-W make 100: 220 to 60 (RULES §2.3)

    def looks() -> list[str]:
        return [TOKEN.sub("", organiser.client.get(desk, headers={"Accept-Language": language}).get_data(as_text=True))
                for language in ("en", "fr", "en")]

    steps = {"N–S 60, E–W 220": lambda db: None,
             "N–S 60, E–W 240": lambda db: store.update_deal(db, match_id, first(db, match_id).id,
                                                                {**first(db, match_id).declarations, "bid": 120}),
             "N–S 0, E–W 0": lambda db: store.undo_last_deal(db, match_id)}
    for totals, change in steps.items():
        with app.app_context():
            change(store.get_db())
        kept = looks()
        forget_kept_desk()
        assert looks() == kept and kept[0] == kept[2]
        assert re.findall(r"As it stands \(([^)]*)\)", kept[0])[0] == totals


def test_two_entries_swapped_sit_at_each_others_tables_on_the_desk_and_the_wall_at_the_next_look(app, organiser, cup):
    """Each table's sides as seated are kept per the roster, the table, its match and its players' names
    (core.State.seated: a deal changes none of them): two entries swapped before the round begins, the
    desk's list items and close-the-round choices and the wall name each at the other's table, as drawn
    from nothing."""
    organiser.draw(cup)
    with app.app_context():
        (round_,) = store.list_rounds(store.get_db(), cup)
    first, second = round_.tables[0].sides[0][0], round_.tables[1].sides[0][0]
    seen = desk_and_wall(organiser, cup)
    assert organiser.post(f"/tournaments/{cup}/swap", {"first": str(first), "second": str(second)},
                          page=f"/tournaments/{cup}").status_code == 302
    assert any("swapped places" in f for f in flashes(organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)))
    kept = desk_and_wall(organiser, cup)
    forget_kept_desk()
    assert desk_and_wall(organiser, cup) == kept

    def seated(html: str) -> list[str]:  # each table's first side as the round's list and the wall name it
        return re.findall(r'<span class="(?:sides-seats side|side)">[^<]*</span> ([^<—]*?)(?: —|</span>)', html)[::2]

    assert seated(kept[0]) == seated(seen[0])[1::-1] and seated(kept[1]) == seated(seen[1])[1::-1] != []


def test_the_desks_run_of_tables_after_each_change_is_the_desk_drawn_afresh(app, organiser, cup):
    """The round's list items, board rows and close-the-round choices are sent as runs kept between
    looks (kept.run: an unchanged table's part taken as the last look sent it): after two entries swapped,
    a deal, the deal edited, taken back and a player renamed, the desk asked in English, French and English
    again is at each step the desk drawn from nothing, and no step's desk is the step's before."""
    organiser.draw(cup)
    desk = f"/tournaments/{cup}"
    with app.app_context():
        (round_,) = store.list_rounds(store.get_db(), cup)
    first_entry, second_entry = round_.tables[0].sides[0][0], round_.tables[1].sides[0][0]
    match_id = round_.tables[0].match_id

    def looks() -> list[str]:
        return [TOKEN.sub("", organiser.client.get(desk, headers={"Accept-Language": language}).get_data(
            as_text=True)) for language in ("en", "fr", "en")]

    def swapped(db) -> None:
        swap = {"first": str(first_entry), "second": str(second_entry)}
        assert organiser.post(f"/tournaments/{cup}/swap", swap, page=desk).status_code == 302
        organiser.client.get("/tournaments")  # (its message shown there)

    def renamed(db) -> None:
        ann = next(p.id for p in store.list_players(db) if p.name == "Ann")
        renaming = {"name": "Annick", "licence": ""}
        assert organiser.post(f"/players/{ann}", renaming, page=f"/players/{ann}").status_code == 302
        organiser.client.get("/tournaments")

    steps = [swapped, lambda db: play(app, organiser.links(cup, 1)[0], deals=1),
             lambda db: store.update_deal(db, match_id, first(db, match_id).id,
                                          {**first(db, match_id).declarations, "bid": 120}),
             lambda db: store.undo_last_deal(db, match_id), renamed]
    seen = looks()
    for change in steps:
        with app.app_context():
            change(store.get_db())
        kept = looks()
        forget_kept_desk()
        assert looks() == kept and kept[0] == kept[2] and kept[0] != seen[0]
        seen = kept


def test_the_walls_settings_on_the_desk_follow_each_choice_and_are_the_form_drawn_afresh(app, organiser, cup):
    """The desk's form of what the wall shows is kept per the settings and the round: after each choice
    (the pairings held, then published, then the standings hidden too) the next look shows it, and the
    desk made of what it keeps is byte for byte the desk drawn from nothing."""
    organiser.draw(cup)
    desk = f"/tournaments/{cup}"
    organiser.client.get(desk)  # the form kept as the settings first were
    for choice, checked, said in (({"standings": "y", "hold": "y"}, 2, "does not show round 1"),
                                  ({"standings": "y", "hold": "y", "publish": "y"}, 2, "The wall shows round 1"),
                                  ({}, 0, "The wall shows round 1")):
        assert organiser.post(f"/tournaments/{cup}/wall", choice, page=desk, follow=True).status_code == 200
        kept = desk_and_wall(organiser, cup)[0]  # (the next look: the message said once already)
        form = kept.split('id="wall-settings"', 1)[1].split("</details>", 1)[0]
        assert form.count(" checked") == checked and said in form
        forget_kept_desk()
        assert desk_and_wall(organiser, cup)[0] == kept


def test_the_rounds_clock_on_the_desk_follows_each_step_and_is_the_clock_drawn_afresh(app, organiser, cup):
    """The desk board's clock and the form that drives it are kept per the clock as shown: after each step
    (started, paused, started again, time added, time up, every table done) the next look shows it, and
    the desk made of what it keeps is byte for byte the desk drawn from nothing."""
    organiser.draw(cup)
    desk = f"/tournaments/{cup}"

    def over() -> None:
        for link in organiser.links(cup, 1):
            play(app, link, deals=2)

    organiser.client.get(desk)  # the clock kept as it stood before it started
    for step, phase in ((lambda: clock(organiser, cup, "start", minutes="30"), "running"),
                        (lambda: clock(organiser, cup, "pause"), "paused"),
                        (lambda: clock(organiser, cup, "resume"), "running"),
                        (lambda: clock(organiser, cup, "add", extra="10"), "running"),
                        (lambda: time_passes(app, cup, 45), "last-deal"),
                        (over, "over")):
        step()
        organiser.client.get(desk)  # (the message flashed, said once)
        kept = desk_and_wall(organiser, cup)[0]
        assert f'<div class="round-clock phase-{phase}"' in kept.split('id="board"', 1)[1]
        forget_kept_desk()
        assert desk_and_wall(organiser, cup)[0] == kept


def test_a_row_turned_slow_or_caught_up_or_past_the_clocks_end_is_the_row_drawn_afresh(app, organiser, cup):
    """The board's rows are kept as shapes per table, whether a row is slow and its phase put in with its
    deals: a table the round's median leaves behind with no deal of its own is flagged slow, and no longer
    once it catches up, and every row says time is up once it is; each look, in English, French and English
    again, is the desk drawn from nothing."""
    organiser.draw(cup)
    desk = f"/tournaments/{cup}"
    first_link, second_link = organiser.links(cup, 1)

    def looks() -> list[str]:
        return [TOKEN.sub("", organiser.client.get(desk, headers={"Accept-Language": language}).get_data(
            as_text=True)) for language in ("en", "fr", "en")]

    def slow(html: str) -> list[str]:
        return re.findall(r'<tr class="slow">\s*<td><a[^>]*>Table (\d)</a>', html)

    running, up = "Time is running", "Time is up: finish the deal in play, it is the last"
    steps = [(lambda: clock(organiser, cup, "start", minutes="30"), [], running),
             (lambda: play(app, first_link, deals=1), ["2"], running),  # the median: half a deal
             (lambda: play(app, second_link, deals=1), [], running),
             (lambda: time_passes(app, cup, 45), [], up)]
    looks()  # each row kept as the round was drawn
    for change, slow_tables, phase in steps:
        change()
        organiser.client.get(desk)  # (a message flashed, said once)
        kept = looks()
        forget_kept_desk()
        assert looks() == kept and kept[0] == kept[2]
        rows = kept[0].split('id="board"', 1)[1].split("<table", 1)[1].split("</table>", 1)[0]
        assert slow(rows) == slow_tables and rows.count(f"<td>{phase}\n") == 2


def test_the_prize_list_on_the_desk_follows_each_change_and_is_the_list_drawn_afresh(app, organiser, cup):
    """The desk's prize list and its forms are kept per the list, the tags and the roster: after each change
    (a place added, a category, a player tagged with it, the player renamed) the next look shows it, and the
    desk made of what it keeps is byte for byte the desk drawn from nothing."""
    desk = f"/tournaments/{cup}"
    with app.app_context():
        ann = next(p.id for p in store.list_players(store.get_db()) if p.name == "Ann")
    organiser.client.get(desk)  # the list kept as it first was: empty
    for step, shown in (
            (lambda: organiser.post(f"{desk}/prizes", {"kind": "place", "gift": "A ham"}, page=desk), "A ham"),
            (lambda: organiser.post(f"{desk}/prizes", {"kind": "category", "category": "Best newcomer"}, page=desk),
             '<option value="Best newcomer">'),
            (lambda: organiser.post(f"{desk}/tags", {"player": str(ann), "category": "Best newcomer"}, page=desk),
             "Ann: Best newcomer"),
            (lambda: organiser.post(f"/players/{ann}", {"name": "Annick", "licence": ""}, page=f"/players/{ann}"),
             "Annick: Best newcomer")):
        assert step().status_code == 302
        organiser.client.get(desk)  # (the message flashed, said once)
        kept = desk_and_wall(organiser, cup)[0]
        assert shown in kept.split('id="prizes"', 1)[1]
        forget_kept_desk()
        assert desk_and_wall(organiser, cup)[0] == kept


def test_the_close_round_form_on_the_desk_is_the_next_rounds_once_it_is_drawn(app, organiser, cup):
    """The close-the-round form around its tables' choices is kept per the round: once round 1 is closed
    and round 2 drawn, the next look offers to close round 2, the desk made of what it keeps byte for byte
    the desk drawn from nothing."""
    organiser.draw(cup)
    assert "Close round 1" in desk_and_wall(organiser, cup)[0]  # kept for round 1
    close(organiser, cup)
    organiser.draw(cup)
    kept = desk_and_wall(organiser, cup)[0]
    assert "Close round 2" in kept and "Close round 1" not in kept
    forget_kept_desk()
    assert desk_and_wall(organiser, cup)[0] == kept

# -- a tournament table's sheet, kept like a casual one (web/sheets.py: sheet_page) ----------------

def table_sheet(client, match_id: int) -> str:
    return client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_a_tables_sheet_shows_a_deal_saved_and_its_message_once_and_each_phone_its_own_token(app, organiser, cup):
    organiser.draw(cup)
    link = organiser.links(cup, 1)[0]
    (saving, match_id), (other, _match) = phone(app, link), phone(app, link)  # two phones of the table
    for client in (saving, other):
        assert "Record deal 1" in table_sheet(client, match_id)  # the page is kept from here on
    response = Pages(saving).post_deal(match_id, MADE_100)
    assert response.status_code == 302
    anchor = response.headers["Location"].rsplit("#", 1)[1]  # the new deal's row, which says it is saved
    shown = table_sheet(saving, match_id)
    assert f'<td class="num" id="{anchor}">1</td>' in shown and SAVED in shown
    assert flashes(shown) == [] and "Record deal 2" in shown and 'id="latest"' in shown
    again, theirs = table_sheet(saving, match_id), table_sheet(other, match_id)
    assert flashes(again) == flashes(theirs) == [] and "Record deal 2" in again and "Record deal 2" in theirs
    assert tokens(again) != tokens(theirs) and len(tokens(again)) == len(tokens(theirs)) == 1
    undo = {"csrf_token": tokens(theirs).pop(), "version": re.search(r'name="version" value="(\d+)"', theirs)[1],
            "confirmed": "yes"}
    assert other.post(f"/matches/{match_id}/undo", data=undo).status_code == 302  # their token is taken
    assert "Record deal 1" in table_sheet(saving, match_id)


@pytest.fixture
def confirming(organiser) -> int:
    """A tournament of four pairs whose results count once both sides confirm them, round 1 drawn."""
    ids = organiser.players()
    confirming = organiser.tournament(confirm_results="y")
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        organiser.enter(confirming, first, second)
    organiser.draw(confirming)
    return confirming


def test_a_sign_off_shows_on_the_tables_next_look(app, organiser, confirming):
    client, match_id = phone(app, organiser.links(confirming, 1)[0])
    assert "Both sides confirm the result: below the sheet" not in table_sheet(client, match_id)
    for _ in range(2):  # the round's two deals: the match is over
        assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    page = table_sheet(client, match_id)
    assert "Both sides confirm the result: below the sheet" in page and "✓ confirmed by" not in page
    confirmed = client.post(f"/matches/{match_id}/confirm", data={
        "csrf_token": csrf_token(page), "version": re.search(r'name="version" value="(\d+)"', page)[1], "seat": "N"})
    assert confirmed.status_code == 302
    with app.app_context():
        assert [signoff.seat for signoff in store.signoff_state(store.get_db(), match_id).confirmed] == ["N"]
    assert "✓ confirmed by N " in table_sheet(client, match_id)  # the sign-off shows at once


def phase(html: str) -> str:
    return re.search(r'class="round-clock phase-([a-z-]+)"', html)[1]


def test_the_clock_moving_on_shows_on_the_tables_next_look(app, organiser, cup):
    organiser.draw(cup)
    organiser.post(f"/tournaments/{cup}/rounds/1/clock", {"action": "start", "minutes": "30"},
                   page=f"/tournaments/{cup}")
    client, match_id = phone(app, organiser.links(cup, 1)[0])
    assert phase(table_sheet(client, match_id)) == "running"
    time_passes(app, cup, 31)
    assert phase(table_sheet(client, match_id)) == "last-deal"
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201  # the last deal
    over = table_sheet(client, match_id)
    assert phase(over) == "over" and "The round is over: no new deal" in over and "Record deal" not in over


def test_a_table_closed_by_the_organiser_shows_its_round_over_on_its_next_look(app, organiser, cup):
    """Read with its sign-offs asked for and its round's clock in one statement at every look
    (store.table_now): the organiser's closing shows on the table's kept sheet at once."""
    organiser.draw(cup)
    clock(organiser, cup, "start", minutes="30")
    client, match_id = phone(app, organiser.links(cup, 1)[0])
    time_passes(app, cup, 31)
    assert phase(table_sheet(client, match_id)) == "last-deal"
    assert phase(table_sheet(client, match_id)) == "last-deal"  # (read again: the kept page)
    assert "Round 1 is closed" in flashes(close(organiser, cup).get_data(as_text=True))[0]
    over = table_sheet(client, match_id)
    assert phase(over) == "over" and "The round is over: no new deal" in over and "Record deal" not in over


def test_the_walls_clock_says_the_round_is_over_once_its_last_table_ends(app, organiser, cup):
    """Its time no longer matters once every table is done, as on the desk (board.round_clock)."""
    organiser.draw(cup)
    organiser.post(f"/tournaments/{cup}/rounds/1/clock", {"action": "start", "minutes": "30"},
                   page=f"/tournaments/{cup}")
    wall = app.test_client()

    def shown() -> str:
        return phase(wall.get(f"/tournaments/{cup}/standings").get_data(as_text=True))

    first, second = organiser.links(cup, 1)
    play(app, first)
    assert shown() == "running"  # (one table still playing)
    play(app, second)
    assert shown() == "over" == phase(organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True))


def test_the_rounds_tables_on_the_desk_follow_each_deal_and_each_new_link(app, organiser, cup):
    organiser.draw(cup)

    def tables():
        html = organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True)
        listed = html.split('id="round-1"', 1)[1].split('<ul class="tables">', 1)[1].split("</ul>", 1)[0]
        return re.findall(r'<span class="muted">([^<]*)</span>', listed), organiser.links(cup, 1), tokens(listed)

    progress, links, mine = tables()
    assert progress == ["0 deals recorded"] * 2 and len(mine) == 1
    play(app, links[0], deals=1)
    assert tables()[0] == ["1 deal recorded", "0 deals recorded"]
    response = organiser.client.post(f"/tournaments/{cup}/tables/1/token",
                                     data={"csrf_token": mine.pop(), "confirmed": "yes"})
    assert response.status_code == 302  # the kept list's token is the organiser's own
    assert tables()[1][0] != links[0] and tables()[1][1] == links[1]


# -- the tournament's state, derived once per what it reads (web/tournaments/core.py: load_state) ------

def standings_points(organiser, path: str) -> list[str]:
    html = organiser.client.get(path).get_data(as_text=True).split("sheet standings", 1)[1]
    return re.findall(r'<td class="num">(\d+)</td><td class="num">\d+-\d+-\d+</td>', html)


def test_a_renamed_player_shows_on_the_wall_and_the_desk_at_the_next_look(app, organiser, cup):
    organiser.draw(cup)
    wall, desk = f"/tournaments/{cup}/standings", f"/tournaments/{cup}"
    assert all("Ann &amp; Ben" in organiser.client.get(path).get_data(as_text=True).split("sheet standings", 1)[1]
               for path in (wall, desk))
    with app.app_context():
        ann = next(p.id for p in store.list_players(store.get_db()) if p.name == "Ann")
    assert organiser.post(f"/players/{ann}", {"name": "Annick", "licence": ""}, page=f"/players/{ann}").status_code == 302
    for path in (wall, desk):  # the standings name the club's players (a table keeps its seats' names as drawn)
        standings = organiser.client.get(path).get_data(as_text=True).split("sheet standings", 1)[1]
        assert "Annick &amp; Ben" in standings and "Ann &amp; Ben" not in standings


def test_the_wall_s_script_hears_not_modified_only_while_its_part_is_the_one_it_holds(app, organiser, cup):
    """The wall's ETag is made of its own text and its kept parts' digests: after each step (a deal
    that ends nothing, the table's last deal, a player renamed, the standings hidden, the clock
    started), asking with the tag it holds, the wall's script hears 304 exactly when the part it would
    be sent is the part it holds, and otherwise that part with a new tag."""
    organiser.draw(cup)
    screen, live, link = app.test_client(), f"/tournaments/{cup}/wall.json", organiser.links(cup, 1)[0]
    held = screen.get(live)
    tag, html = held.headers["ETag"], held.json["html"]
    with app.app_context():
        ann = next(p.id for p in store.list_players(store.get_db()) if p.name == "Ann")
    steps = (lambda: None, lambda: play(app, link, deals=1), lambda: play(app, link, deals=1),
             lambda: organiser.post(f"/players/{ann}", {"name": "Annick", "licence": ""}, page=f"/players/{ann}"),
             lambda: organiser.post(f"/tournaments/{cup}/wall", {}, page=f"/tournaments/{cup}"),
             lambda: clock(organiser, cup, "start", minutes="40"))
    heard = []
    for step in steps:
        step()
        asked, sent = screen.get(live, headers={"If-None-Match": tag}), app.test_client().get(live)
        heard.append(asked.status_code)
        assert (asked.status_code == 304) == (sent.json["html"] == html) and sent.headers["ETag"] == asked.headers["ETag"]
        if asked.status_code == 200:
            assert asked.json["html"] == sent.json["html"] and asked.headers["ETag"] != tag
            tag, html = asked.headers["ETag"], asked.json["html"]
    assert heard == [304, 304, 200, 200, 200, 200]


@pytest.mark.parametrize("encoding", ["zstd", "br", "gzip"])
def test_a_wall_screen_holding_its_part_compressed_hears_304_without_the_part_being_joined(
        app, organiser, cup, monkeypatch, encoding):
    """A browser asks for the part compressed and holds the tag its encoding marks (``"<tag>:zstd"``): asking
    again with it while nothing changed, it hears 304 with that tag, and the 470 kB part is not joined
    (nor compressed) for it; once the round's clock starts, the part is sent again."""
    from scorekeeper.web.tournaments import kept

    organiser.draw(cup)
    live, screen = f"/tournaments/{cup}/wall.json", app.test_client()
    held = screen.get(live, headers={"Accept-Encoding": encoding})
    assert held.headers["Content-Encoding"] == encoding and held.headers["ETag"].endswith(f':{encoding}"')
    joined, again = [], {"Accept-Encoding": encoding, "If-None-Match": held.headers["ETag"]}
    text = kept.Slots.json_text
    monkeypatch.setattr(kept.Slots, "json_text", lambda self, frame: joined.append(1) or text(self, frame))
    asked = screen.get(live, headers=again)
    assert (asked.status_code, asked.headers["ETag"], joined) == (304, held.headers["ETag"], [])
    clock(organiser, cup, "start", minutes="40")
    assert screen.get(live, headers=again).status_code == 200


def first_table_changed(organiser, cup: int) -> str:
    """Table 1's last change as the desk's board shows it."""
    html = organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True).split('id="board"', 1)[1]
    return re.search(r'>Table 1</a></td>\s*<td class="num">\d+</td>\s*<td>([^<]*)</td>', html)[1]


def test_a_trick_taken_back_in_the_deal_in_play_is_its_table_s_last_change_at_the_next_look(
        app, organiser, cup, monkeypatch):
    """Taking a trick back in the deal in play logs an event with neither a new deal nor a new stamp for
    the match: the desk's board, which reads the events logged since its last look, shows it as the
    table's last change at the next look."""
    from scorekeeper.store import events

    organiser.draw(cup)
    client, match_id = phone(app, organiser.links(cup, 1)[0])

    monkeypatch.setattr(events, "now", lambda: "2026-11-28T20:05:00+00:00")
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    assert first_table_changed(organiser, cup) == "8:05\u202fPM"
    with app.app_context():
        version = store.put_live_deal(store.get_db(), match_id, {}, version=None)
    assert first_table_changed(organiser, cup) == "8:05\u202fPM"  # (a deal started in play logs nothing)
    monkeypatch.setattr(events, "now", lambda: "2026-11-28T20:17:00+00:00")
    with app.app_context():
        store.put_live_deal(store.get_db(), match_id, {}, version=version, taken_back_by=store.Actor("phone", "Ann"))
    assert first_table_changed(organiser, cup) == "8:17\u202fPM"


def test_a_deal_logged_under_a_deleted_matchs_event_id_is_its_table_s_last_change_at_the_next_look(
        app, organiser, cup, monkeypatch):
    """The desk's board reads only the events logged since the latest it read: a casual match deleted
    with the latest events gives their ids again, here to a table's next deal, which shows as that
    table's last change at the next look."""
    from scorekeeper.store import events

    organiser.draw(cup)
    client, match_id = phone(app, organiser.links(cup, 1)[0])

    monkeypatch.setattr(events, "now", lambda: "2026-11-28T20:05:00+00:00")
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    with app.app_context():
        db = store.get_db()
        casual = store.create_match(db, game="contree", players={"N": "A", "E": "B", "S": "C", "W": "D"},
                                    first_dealer="N", options={"target": 1000})
        assert store.rename_match(db, casual, title="", players={"N": "Zoé", "E": "B", "S": "C", "W": "D"})
    assert first_table_changed(organiser, cup) == "8:05\u202fPM"  # (the latest event: the rename)
    with app.app_context():
        store.delete_match(store.get_db(), casual)
    monkeypatch.setattr(events, "now", lambda: "2026-11-28T20:17:00+00:00")
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    assert first_table_changed(organiser, cup) == "8:17\u202fPM"


def test_tables_changed_in_the_same_minute_each_say_their_own_deals_and_that_minute(app, organiser, cup, monkeypatch):
    """The board's rows keep their deals and last change drawn once per what they say (the deals, the minute):
    two tables recorded in the same minute, at other seconds and with other deals, each say their own deals;
    a deal the next minute says that minute."""
    from scorekeeper.store import events

    organiser.draw(cup)
    (first, first_id), (second, second_id) = (phone(app, link) for link in organiser.links(cup, 1))

    def rows() -> list[tuple[str, str]]:
        html = organiser.client.get(f"/tournaments/{cup}").get_data(as_text=True).split('id="board"', 1)[1]
        return re.findall(r'>Table \d</a></td>\s*<td class="num">(\d+)</td>\s*<td>([^<]*)</td>', html)

    for client, match_id, at in ((first, first_id, "20:05:07"), (second, second_id, "20:05:41")):
        monkeypatch.setattr(events, "now", lambda at=at: f"2026-11-28T{at}+00:00")
        assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    assert rows() == [("1", "8:05\u202fPM"), ("1", "8:05\u202fPM")]
    monkeypatch.setattr(events, "now", lambda: "2026-11-28T20:05:59+00:00")
    assert second.post(f"/api/v1/matches/{second_id}/deals", json=DEAL).status_code == 201
    assert rows() == [("1", "8:05\u202fPM"), ("2", "8:05\u202fPM")]
    monkeypatch.setattr(events, "now", lambda: "2026-11-28T20:06:00+00:00")
    assert first.post(f"/api/v1/matches/{first_id}/deals", json=DEAL).status_code == 201
    assert rows() == [("2", "8:06\u202fPM"), ("2", "8:05\u202fPM")]


def test_a_result_counts_in_the_standings_at_the_next_look_once_both_sides_confirm_it(app, organiser, confirming):
    wall, desk = f"/tournaments/{confirming}/standings", f"/tournaments/{confirming}"
    client, match_id = phone(app, organiser.links(confirming, 1)[0])
    for _ in range(2):  # the round's two deals: the match is over, its result not yet counted
        assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
    assert standings_points(organiser, wall) == standings_points(organiser, desk) == ["0"] * 4
    for seat in ("N", "E"):  # one player of each side
        page = table_sheet(client, match_id)
        confirmed = client.post(f"/matches/{match_id}/confirm", data={
            "csrf_token": csrf_token(page), "version": re.search(r'name="version" value="(\d+)"', page)[1],
            "seat": seat})
        assert confirmed.status_code == 302
    assert standings_points(organiser, wall) == standings_points(organiser, desk) == ["2", "0", "0", "0"]


# -- a sheet's page in parts, each kept per what it shows (web/sheets.py: SheetParts) ------------------

def forget_kept_sheets() -> None:
    """Every sheet, page and part this worker keeps, forgotten: the next read draws it all afresh."""
    from scorekeeper.web import sheets

    for kept in (sheets.SHEETS, sheets.STORED, sheets.PAGES, sheets.ROWS, sheets.PARTS):
        kept._entries.clear()
        kept.bytes = 0


def read(client, match_id: int, language: str) -> str:
    return client.get(f"/matches/{match_id}", headers={"Accept-Language": language}).get_data(as_text=True)


@pytest.mark.parametrize("game", sorted(SCORE))
def test_a_sheet_drawn_from_kept_parts_is_the_sheet_drawn_afresh(client, game):
    """After each deal, in three languages: the page made of the parts kept from the earlier deals
    (heading, totals, chart, house rules, the bar above it) is byte for byte the page drawn from nothing."""
    rules = games.get_rules(game)
    seats = rules.table(rules.resolve_options({})).seats
    match_id = client.post("/api/v1/matches", json={
        "game": game, "players": {seat: f"{seat} of {game}" for seat in seats}}).json["id"]
    deal, _score = SCORE[game]
    for _ in range(3):
        for language in ("en", "fr", "ja"):
            kept = read(client, match_id, language)
            forget_kept_sheets()  # (the token's own time may have ticked over a second: not the page's)
            assert TOKEN.sub("", read(client, match_id, language)) == TOKEN.sub("", kept)
        if client.post(f"/api/v1/matches/{match_id}/deals", json=deal).status_code != 201:
            break  # the match is over (Quinto's deal ends it at once)


def test_only_the_latest_deals_row_is_the_latest_and_a_saving_phone_is_sent_to_its_deals_row(client, pages):
    """Each row is kept once drawn: the row before a new deal, found kept, is no longer the latest.
    The phone that saved a deal is sent to that deal's own row, whose page then says "Deal saved."
    (static/css/app.css: the row is the page's ``:target``)."""
    match_id = pages.start_match()
    for count in range(1, 4):
        sent = pages.post_deal(match_id, MADE_100).headers["Location"]
        html = client.get(f"/matches/{match_id}").get_data(as_text=True)
        assert re.findall(r'id="latest">\s*<td class="num" id="deal-\d+">(\d+)</td>', html) == [str(count)]
        assert html.count('id="latest"') == 1
        assert re.findall(rf'<td class="num" id="{sent.rsplit("#", 1)[1]}">(\d+)</td>', html) == [str(count)]
        assert html.count(SAVED) == 1



def first(db, match_id: int) -> store.Deal:
    return store.list_deals(db, match_id)[0]


SEATED = {"N": "Ann", "E": "Ben", "S": "Cy", "W": "Di"}
# RULES §5.2-§5.4: tests.web.test_quinto_pages' DOUBLED as the API takes it (N–S 125, E–W 75: the game goes on).
QUINTO_DEAL = {"dealer": "N", "multiplier": "double", "quint_tricks": [
    {"trick_no": 3, "winner": "A", "quints": ["5H"]}, {"trick_no": 7, "winner": "A", "quints": ["AD", "4D"]},
    {"trick_no": 9, "winner": "B", "quints": ["JOKER"]}], "plain_tricks_won": {"A": 5, "B": 4},
    "last_trick_winner": "A", "cachette": ["2C", "3C"]}
STARTS = {  # a match as the API starts it, and the deals it records
    "contree": ({"game": "contree", "players": SEATED}, [SCORE["contree"][0]] * 2),
    "contree won at once": ({"game": "contree", "players": SEATED, "options": {"target": 200}}, [SCORE["contree"][0]]),
    "quinto": ({"game": "quinto", "players": SEATED}, [QUINTO_DEAL]),  # (the game whose sheet says a deal is live)
}
# Each change of what a sheet shows of its deals, or of a deal played live, as its writer makes it in
# the store: (the match it starts from, what comes before it, the change).
SHEET_WRITES = {
    "a deal added": ("contree", None, lambda db, m: store.add_deal(db, m, first(db, m).declarations)),
    "a deal edited": ("contree", None, lambda db, m: store.update_deal(
        db, m, first(db, m).id, {**first(db, m).declarations, "bid": 120})),
    "a deal deleted": ("contree", None, lambda db, m: store.delete_deal(db, m, first(db, m).id)),
    "the last deal taken back": ("contree", None, lambda db, m: store.undo_last_deal(db, m)),
    "a deleted deal put back": ("contree", lambda db, m: store.delete_deal(db, m, first(db, m).id),
                                lambda db, m: store.restore_deal(db, m, store.list_events(db, m)[-1].deal_id)),
    "the deals after the end deleted": ("contree won at once",
                                        lambda db, m: store.add_deal(db, m, first(db, m).declarations),
                                        lambda db, m: store.delete_after(db, m, 1, version=None)),
    "a deal started live": ("quinto", None, lambda db, m: store.put_live_deal(db, m, {"tricks": []}, version=None)),
    "the deal in play given up": ("quinto", lambda db, m: store.put_live_deal(db, m, {"tricks": []}, version=None),
                                  lambda db, m: store.delete_live_deal(db, m, version=1)),
    "the deal in play recorded": ("quinto", lambda db, m: store.put_live_deal(db, m, {"tricks": []}, version=None),
                                  lambda db, m: store.record_live_deal(db, m, first(db, m).declarations, version=1)),
}


DEALS_GO_ON = ["a deal added", "a deal edited", "a deal deleted", "the last deal taken back", "a deleted deal put back"]
# (the writers of SHEET_WRITES after which the match goes on with a new deal)


def changed(app, client, write, look: Callable[[int], str]) -> tuple[int, str]:
    """A match started through the API as the writer's start says (:data:`STARTS`), what comes before
    its change done, a ``look`` at it (a page read before the change) and then the change: the match's
    id and what the look saw."""
    start, before, change = write
    match, deals = STARTS[start]
    match_id = client.post("/api/v1/matches", json=match).json["id"]
    for deal in deals:
        assert client.post(f"/api/v1/matches/{match_id}/deals", json=deal).status_code == 201
    with app.app_context():
        db = store.get_db()
        if before:
            before(db, match_id)
        seen = look(match_id)
        change(db, match_id)
    return match_id, seen


@pytest.mark.parametrize("write", SHEET_WRITES.values(), ids=SHEET_WRITES)
def test_the_sheet_read_after_each_change_of_its_deals_is_the_sheet_drawn_afresh(app, client, write):
    """Its kept page is found by the match's row (its stamp: migrations.match_stamps): whatever the
    change, the next read is the page drawn from nothing, and not the page before it."""
    match_id, kept = changed(app, client, write, lambda match_id: read(client, match_id, "fr"))
    after = read(client, match_id, "fr")
    forget_kept_sheets()
    assert TOKEN.sub("", after) == TOKEN.sub("", read(client, match_id, "fr")) != TOKEN.sub("", kept)


def test_a_sheet_read_while_a_deal_goes_in_is_kept_as_the_deals_read_and_an_undo_shows_the_sheet_again(app, client):
    """A deal committed between a look's reading of the match's row and of its deals: the deals read are
    newer than the row's stamp, whose entry another look made first (web/sheets.stored_sheets). The sheet
    of the deals read is kept as theirs, not under the stamp's first content: once the deal is taken back,
    that content is the match's again, and its page is the page drawn afresh (one deal, not two)."""
    from scorekeeper.web import sheets

    match_id = client.post("/api/v1/matches", json=STARTS["contree"][0]).json["id"]
    assert client.post(f"/api/v1/matches/{match_id}/deals", json=SCORE["contree"][0]).status_code == 201
    with app.test_request_context():
        db = store.get_db()
        row = store.get_match(db, match_id)  # (a look reads the row, stamp and all)
        rules = games.get_rules(row.game)
        sheets.stored_sheet(db, row, rules)  # (the stamp's entry: one deal)
        store.add_deal(db, match_id, first(db, match_id).declarations)  # (another phone's deal goes in)
        sheets.SHEETS._entries.clear()  # (the one-deal sheet gone from the cache: a busy evening's)
        seen = sheets.stored_sheet(db, row, rules)  # (the look reads the deals: two)
        assert (seen.deals, len(seen.sheet.rows)) == (2, 2)
        store.undo_last_deal(db, match_id)
    kept = read(client, match_id, "en")
    forget_kept_sheets()
    assert TOKEN.sub("", kept) == TOKEN.sub("", read(client, match_id, "en"))


@pytest.mark.parametrize("write", [SHEET_WRITES[name] for name in DEALS_GO_ON], ids=DEALS_GO_ON)
def test_a_deal_saved_through_the_form_after_each_change_of_its_deals_goes_after_them(app, client, pages, write):
    """The sheet a new deal goes after is found by the match's stamp (web/sheets.sheet_before_new): its
    deal form read before the change too, after each writer the form says the deal's number and dealer
    that every stored deal gives, the deal saved leaves kept the sheet that scoring them all from the
    start gives, and the sheet read next is the page drawn afresh."""
    match_id, _form = changed(app, client, write, pages.deal_form)  # (the sheet before, kept by the stamp before)
    with app.app_context():
        stored = store.list_deals(store.get_db(), match_id)
        played = store.get_match(store.get_db(), match_id)
    rules = games.get_rules(played.game)
    dealer = rules.dealer_of_next([deal.declarations for deal in stored], played.first_dealer, played.options)
    page = pages.deal_form(match_id)
    assert f"Deal {len(stored) + 1}" in page and form_fields(page)["dealer"] == dealer
    assert pages.post_deal(match_id, CONTREE_DEALS[1], page=page).status_code == 302
    with app.app_context():
        stored = store.list_deals(store.get_db(), match_id)
    assert stored[-1].declarations["dealer"] == dealer
    from scorekeeper.web import sheets

    with app.test_request_context():
        kept = sheets.SHEETS.peek(sheets.content_key(played, stored))
    assert kept == rules.score_sheet([deal.declarations for deal in stored], played.options)
    assert SAVED in read(client, match_id, "en")  # the page the phone is sent to (its message by CSS)
    after = read(client, match_id, "fr")
    forget_kept_sheets()
    assert TOKEN.sub("", after) == TOKEN.sub("", read(client, match_id, "fr"))


def desk_and_wall(organiser, cup: int) -> list[str]:
    """The desk and the wall as the organiser's browser reads them (the form token left out: its signed
    time may tick over between two reads)."""
    return [TOKEN.sub("", organiser.client.get(path).get_data(as_text=True))
            for path in (f"/tournaments/{cup}", f"/tournaments/{cup}/standings")]


@pytest.mark.parametrize("sheet_read", [False, True], ids=["", "the sheet read by a phone first"])
@pytest.mark.parametrize("write", [SHEET_WRITES[name] for name in DEALS_GO_ON], ids=DEALS_GO_ON)
def test_the_desk_and_the_wall_after_each_change_of_a_tables_deals_are_drawn_afresh(
        app, organiser, cup, write, sheet_read):
    """A tournament table's sheet is found by its match's stamp, as a casual one's (web/sheets.stored_sheet),
    and kept so by the phone's read of its page too (web/sheets.sheet_view): whatever the change of its
    deals, the next look at the desk and the wall, made of what they keep, is the look drawn from nothing,
    and the desk is not the look before the change."""
    organiser.draw(cup)
    link = organiser.links(cup, 1)[0]
    match_id = play(app, link, deals=1)
    _start, before, change = write
    with app.app_context():
        db = store.get_db()
        if before:
            before(db, match_id)
        if sheet_read:
            assert phone(app, link)[0].get(f"/matches/{match_id}").status_code == 200
        seen = desk_and_wall(organiser, cup)
        change(db, match_id)
    kept = desk_and_wall(organiser, cup)
    forget_kept_desk()
    forget_kept_sheets()
    assert desk_and_wall(organiser, cup) == kept and kept[0] != seen[0]


def forget_kept_progress(app) -> None:
    """Every match's progress kept in the database by its latest deal's writer (store.progress_of), forgotten."""
    with app.app_context():
        db = store.get_db()
        with store.write_transaction(db):
            db.execute("delete from match_progress")


KEPT_BY = {  # how a table's sheet or progress comes to be kept after its first deal (its phone's client, match)
    "a deal saved through the form": lambda client, match_id: Pages(client).post_deal(
        match_id, MADE_100).status_code == 302,
    "the sheet read by the phone after a deal through the API": lambda client, match_id: client.post(
        f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201 and client.get(
        f"/matches/{match_id}").status_code == 200,
    "a deal saved through the form on the other worker (its progress kept in the database only)": lambda client,
    match_id: Pages(client).post_deal(match_id, MADE_100).status_code == 302 and not (
        forget_kept_desk() or forget_kept_sheets()),
}


@pytest.mark.parametrize("kept_by", KEPT_BY.values(), ids=KEPT_BY)
def test_the_desk_after_a_tables_sheet_kept_finds_it_without_reading_its_deals(
        app, organiser, cup, monkeypatch, kept_by):
    """The deal saved through the form (web/sheets.keep_added) and the sheet's page read
    (web/sheets.sheet_view; the API's deal keeps nothing) keep what the match's stamp after the deal says
    of its deals, where the desk and the wall look for it (web/sheets.stored_sheets), and the deal saved
    through the form keeps the table's progress in the database under that stamp too (store.add_deal's
    progress), for a worker that never served the table (web/tournaments/core._views): their next look
    reads none of the table's deals, and is the look drawn from nothing."""
    organiser.draw(cup)
    client, match_id = phone(app, organiser.links(cup, 1)[0])
    desk_and_wall(organiser, cup)  # (each table's sheet kept, by its stamp before the deal)
    assert kept_by(client, match_id)
    reads: list[int] = []
    deals_of, list_deals = store.deals_of, store.list_deals
    monkeypatch.setattr(store, "deals_of", lambda db, read: reads.extend(read) or deals_of(db, read))
    monkeypatch.setattr(store, "list_deals", lambda db, read: reads.append(read) or list_deals(db, read))
    kept = desk_and_wall(organiser, cup)
    monkeypatch.undo()
    assert match_id not in reads and "1 deal recorded" in kept[0]
    forget_kept_desk()
    forget_kept_sheets()
    forget_kept_progress(app)
    assert desk_and_wall(organiser, cup) == kept


def test_a_deal_edited_after_the_desk_read_its_kept_progress_shows_at_the_next_look(app, organiser, cup):
    """The progress kept with a deal is read under the match's stamp it was kept with: the deal edited
    after a desk read it, the next look of a worker that never served the table shows the edited totals,
    the desk and wall drawn from the deals."""
    organiser.draw(cup)
    client, match_id = phone(app, organiser.links(cup, 1)[0])
    pages = Pages(client)
    assert pages.post_deal(match_id, MADE_100).status_code == 302
    forget_kept_desk()
    forget_kept_sheets()
    seen = desk_and_wall(organiser, cup)  # (the table's progress read)
    with app.app_context():
        first_deal = store.list_deals(store.get_db(), match_id)[0].id
    assert pages.post_deal(match_id, {**MADE_100, "bidder_points": "112"}, deal_id=first_deal).status_code == 302
    forget_kept_desk()
    forget_kept_sheets()
    kept = desk_and_wall(organiser, cup)
    forget_kept_desk()
    forget_kept_sheets()
    forget_kept_progress(app)
    assert desk_and_wall(organiser, cup) == kept and kept[0] != seen[0] and "1 deal recorded" in kept[0]


def copied(source: str, target: str) -> None:
    """The database ``source`` written over ``target`` (SQLite's backup API: a backup made, or put back)."""
    with closing(sqlite3.connect(source)) as read, closing(sqlite3.connect(target)) as written:
        read.backup(written)


def test_the_desk_and_the_wall_after_a_backup_put_back_and_changed_are_drawn_afresh(app, organiser, cup, tmp_path):
    """The database put back from a backup and changed since: the table's match has the version a
    change after the backup gave it, and this worker keeps the desk and the wall of that change; its
    stamp, drawn anew, says the deals that are now (a key of the match's version would show the
    deals put back then)."""
    organiser.draw(cup)
    match_id = play(app, organiser.links(cup, 1)[0], deals=1)
    live, backup = app.config["DATABASE"], str(tmp_path / "backup.sqlite")
    copied(live, backup)
    with app.app_context():
        db = store.get_db()
        store.add_deal(db, match_id, first(db, match_id).declarations)  # the table's second deal: it is won
        version = store.get_match(db, match_id).version
    added = desk_and_wall(organiser, cup)
    copied(backup, live)
    with app.app_context():
        db = store.get_db()
        store.delete_deal(db, match_id, first(db, match_id).id)
        assert store.get_match(db, match_id).version == version  # as after the deal added
    kept = desk_and_wall(organiser, cup)
    forget_kept_desk()
    forget_kept_sheets()
    assert desk_and_wall(organiser, cup) == kept and kept[0] != added[0] and "won by " in added[0]


def test_a_name_put_right_shows_in_the_sheets_heading_totals_and_chart_at_the_next_read(client, pages):
    match_id = pages.start_match(players={"N": "Alice", "E": "Bbo", "S": "Carol", "W": "Dan"})
    pages.post_deal(match_id, MADE_100)
    assert "Bbo" in client.get(f"/matches/{match_id}").get_data(as_text=True)  # its parts kept
    page = client.get(f"/matches/{match_id}/manage").get_data(as_text=True)
    assert client.post(f"/matches/{match_id}/manage",
                       data={**form_fields(page), "player_E": "Bob", "title": "Friday"}).status_code == 302
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Bbo" not in html and "<h1>Friday</h1>" in html
    assert '<span class="side-name">Bob &amp; Dan</span>' in html  # the totals
    assert '<span class="key key-2">Bob &amp; Dan</span>' in html  # the chart's key


def test_only_the_organiser_is_offered_the_house_rules_as_a_profile_named_after_the_match(app, organiser):
    match_id = Pages(organiser.client).start_match(title="Friday")
    phone_ = app.test_client()
    offer = "Save these rules as a profile"
    assert offer not in phone_.get(f"/matches/{match_id}").get_data(as_text=True)
    organisers = organiser.client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert offer in organisers and "name=Friday" in organisers
    assert offer not in phone_.get(f"/matches/{match_id}").get_data(as_text=True)


def test_each_sheets_language_links_come_back_to_it(client, pages):
    first, second = pages.start_match(), pages.start_match()
    for match_id in (first, second, first):
        html = client.get(f"/matches/{match_id}").get_data(as_text=True)
        assert html.count(f'next=/matches/{match_id}"') == 4
    asked = client.get(f"/matches/{first}?from=qr").get_data(as_text=True)  # drawn for its own address
    assert asked.count(f'next=/matches/{first}?from%3Dqr"') == 4


# -- a sheet's page around what its deals change, kept (web/sheets.py: _page_drawn) -----------------

FLASHED = re.compile(r'<p class="flash" role="status">[^<]*</p>')  # (a message, shown once)


def kept_then_afresh(client, match_id: int, language: str = "en") -> str:
    """The sheet as read (its frame and parts kept from the reads before), asserted to be the sheet
    drawn afresh (every cache emptied) but for the form token and a message flashed; what it showed."""
    kept = read(client, match_id, language)
    forget_kept_sheets()
    assert TOKEN.sub("", read(client, match_id, language)) == FLASHED.sub("", TOKEN.sub("", kept))
    return kept


def test_a_tables_sheet_around_its_sign_offs_and_actions_is_the_sheet_drawn_afresh_after_each_step(
        app, organiser, confirming):
    """The page's own text is kept per what it shows; what the deals change (the totals, the chart,
    the rows, the actions, the sign-offs) is drawn into it: after each deal, then each side's
    confirmation, and in another language, the page read is the page drawn from nothing, each
    time a new one."""
    client, match_id = phone(app, organiser.links(confirming, 1)[0])
    seen = [kept_then_afresh(client, match_id)]
    for _ in range(2):  # the round's two deals: the match is over
        assert client.post(f"/api/v1/matches/{match_id}/deals", json=DEAL).status_code == 201
        seen.append(kept_then_afresh(client, match_id))
    assert "Record deal 2" in seen[1] and "Record deal" not in seen[2]  # (the actions: drawn per deal)
    for seat in ("N", "E"):  # one player of each side
        confirmed = client.post(f"/matches/{match_id}/confirm", data={
            "csrf_token": csrf_token(seen[-1]), "version": re.search(r'name="version" value="(\d+)"', seen[-1])[1],
            "seat": seat})
        assert confirmed.status_code == 302
        seen.append(kept_then_afresh(client, match_id))
    assert "✓ confirmed by N " in seen[3] and "✓ confirmed by E " in seen[4]
    seen.append(kept_then_afresh(client, match_id, "fr"))
    assert len({TOKEN.sub("", page) for page in seen}) == len(seen)


def test_a_phones_name_and_the_matchs_title_show_in_its_kept_sheet_at_the_next_read(client, pages):
    match_id = pages.start_match()
    pages.post_deal(match_id, MADE_100)
    before = kept_then_afresh(client, match_id)
    assert client.post(f"/matches/{match_id}/device", data={
        "csrf_token": csrf_token(before), "device": "By the window"}).status_code == 302
    named = kept_then_afresh(client, match_id)
    assert 'value="By the window"' in named and 'value="By the window"' not in before
    page = client.get(f"/matches/{match_id}/manage").get_data(as_text=True)
    assert client.post(f"/matches/{match_id}/manage",
                       data={**form_fields(page), "title": "Friday"}).status_code == 302
    assert "<title>Friday · Scorekeeper</title>" in kept_then_afresh(client, match_id)


def test_a_matchs_row_changed_in_place_its_stamp_and_version_kept_shows_at_the_next_read(app, client, pages):
    match_id = pages.start_match(players={"N": "Alice", "E": "Bbo", "S": "Carol", "W": "Dan"})
    pages.post_deal(match_id, MADE_100)
    assert "Bbo" in client.get(f"/matches/{match_id}").get_data(as_text=True)  # kept
    with app.app_context():
        db = store.get_db()
        kept = store.get_match(db, match_id)
        db.execute("update matches set title = 'Friday', players = json_set(players, '$.E', 'Bob') where id = ?",
                   [match_id])
        changed = store.get_match(db, match_id)
    assert (changed.stamp, changed.version) == (kept.stamp, kept.version)  # (no writer of ours said it)
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Bbo" not in html and "<h1>Friday</h1>" in html and '<span class="side-name">Bob &amp; Dan</span>' in html
