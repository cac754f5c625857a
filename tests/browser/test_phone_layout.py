"""What a phone (390x844) shows of the deal form and the sheet: whole names on the seat chips, sides
such as "E–W" on one line, the score in view while the form is filled in, the seats in the reader's
letters (the trick buttons too); a player's statistics headings wrap between words only."""

from __future__ import annotations

import pytest

from tests.browser.conftest import serving
from tests.browser.test_contree_flow import pick
from tests.browser.test_every_page import BROKEN, PASSWORD, _sample_data

pytestmark = pytest.mark.browser
PLAYERS = {"N": "Alexandrine", "E": "Bartholomew", "S": "Sandrine", "W": "Wilhelmina"}
BROKEN_WORDS = """elements => elements.flatMap(element => {
    const text = element.firstChild, words = [], range = document.createRange();
    for (const found of text.textContent.matchAll(/\\S+/g)) {
        range.setStart(text, found.index);
        range.setEnd(text, found.index + found[0].length);
        if (new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size > 1) words.push(found[0]);
    }
    return words; })"""
"""The words of each element that a line break cuts in two (a heading whose words stay whole may
still wrap between them)."""


def contree_match(page, live_url: str, lang: str = "en") -> int:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_url}])
    answer = page.request.post(f"{live_url}/api/v1/matches", data={"game": "contree", "players": PLAYERS})
    return answer.json()["id"]


def test_seat_chips_show_whole_names_and_the_score_stays_in_view(live_url, page):
    match_id = contree_match(page, live_url)
    page.goto(f"{live_url}/matches/{match_id}/deals/new")
    chips = page.locator("#bidder .chip span")
    assert chips.all_inner_texts() == [f"{seat} · {name}" for seat, name in PLAYERS.items()]
    for chip in chips.all():
        assert chip.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight")
        assert chip.evaluate("e => getComputedStyle(e).textOverflow") != "ellipsis"
    for name, value in (("bidder", "E"), ("bid", "100"), ("trump", "H"), ("last_trick", "bidders")):
        pick(page, name, value)
    page.fill('input[name="bidder_points"]', "92")
    page.locator("#preview .preview-scores").wait_for()
    line = page.locator("#preview-line")
    line.wait_for()
    # RULES §2.3: 92 + 10 -> 100, + the bid 100 = 200
    assert "made" in line.inner_text() and "200" in line.inner_text()
    page.evaluate("window.scrollTo(0, 0)")  # back at the contract, the score below the form out of sight
    box, screen = line.bounding_box(), page.viewport_size
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= screen["height"]
    assert page.locator("#preview").bounding_box()["y"] > screen["height"]  # the full preview is further down


def test_japanese_buttons_do_not_mix_bold_latin_with_regular_kana(live_url, page):
    match_id = contree_match(page, live_url, "ja")
    page.goto(f"{live_url}/matches/{match_id}/deals/new")
    for element in (page.locator(".button.primary"), page.locator("#bidder .chip span").first):
        assert element.evaluate("e => getComputedStyle(e).fontWeight") == "400"


@pytest.mark.parametrize(("lang", "sides", "chip"), [
    ("fr", "E–O", "O · Wilhelmina"), ("nl", "O–W", "Z · Sandrine"), ("en", "E–W", "W · Wilhelmina")])
def test_sides_keep_one_line_in_the_readers_letters(live_url, page, lang, sides, chip):
    match_id = contree_match(page, live_url, lang)
    page.request.post(f"{live_url}/api/v1/matches/{match_id}/deals", data={
        "dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "card_points": {"B": 92}, "last_trick": "B"})
    page.goto(f"{live_url}/matches/{match_id}")
    heading = page.locator("table.sheet th.side").nth(1)
    assert heading.inner_text() == sides
    assert page.locator("table.sheet th.side").evaluate_all(BROKEN) == []
    page.goto(f"{live_url}/matches/{match_id}/deals/new")
    assert chip in page.locator("#bidder .chip span").all_inner_texts()
    assert page.locator('#bidder input[value="W"]').count() == 1  # what is sent stays N E S W


@pytest.mark.parametrize(("lang", "buttons", "example"), [
    ("fr", ["N", "E", "S", "O"], "N N E S O N N E"), ("nl", ["N", "O", "Z", "W"], "N N O Z W N N O")])
def test_the_trick_buttons_show_the_readers_letters_and_write_n_e_s_w(live_url, page, lang, buttons, example):
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_url}])
    match = page.request.post(f"{live_url}/api/v1/matches", data={"game": "pandoeren", "players": PLAYERS})
    page.goto(f"{live_url}/matches/{match.json()['id']}/deals/new")
    page.locator('label:has(input[name="contract_kind"][value="misere"])').click()
    taps = page.locator(".seat-taps button")
    assert taps.all_inner_texts()[:4] == buttons
    taps.nth(1).click()
    taps.nth(3).click()
    assert page.locator('[name="tricks"]').input_value() == "E W"  # what is sent stays N E S W
    assert example in page.locator('[name="tricks"]').evaluate(
        "e => e.closest('.field').querySelector('.help').textContent")


def test_the_players_statistics_headings_break_only_between_words_in_dutch(page, tmp_path):
    with serving(tmp_path) as (app, url):
        player = _sample_data(app)["player_id"][0]  # Ann, who played a Contrée table to its end
        page.context.add_cookies([{"name": "lang", "value": "nl", "url": url}])
        page.goto(f"{url}/organiser/login")
        password = page.locator('input[name="password"]')
        password.fill(PASSWORD)
        password.press("Enter")  # as a phone's keyboard sends the form
        page.wait_for_url(lambda address: "/organiser/login" not in address)
        page.goto(f"{url}/players/{player}")
        headings = page.locator("table.stats th")
        assert headings.evaluate_all(BROKEN_WORDS) == []
        assert headings.all_inner_texts()[1:3] == ["Spellen", "Bod"]
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] == 390
