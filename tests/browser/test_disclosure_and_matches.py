"""On a 390x844 phone: the Pandoeren deal form asks only what the chosen contract needs, with
JavaScript (the fields change as the contract is tapped) and without (the form's "Next"), and a
casual match is renamed, archived and replayed from its pages."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import PHONE
from tests.browser.screens import shot

pytestmark = pytest.mark.browser
NAMES = ("Anouk", "Bram", "Cor", "Daan")


def start_pandoeren(page, live_url: str) -> None:
    page.goto(f"{live_url}/matches/new/pandoeren")
    for seat, name in zip("NESW", NAMES, strict=True):
        page.fill(f'input[name="player_{seat}"]', name)
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("link", name=re.compile("Record deal")).click()
    page.wait_for_url(re.compile(r"/deals/new$"))  # (loaded, its script run: is_visible does not wait)


def tap(page, name: str, value: str) -> None:
    page.locator(f'input[name="{name}"][value="{value}"]').check(force=True)


def visible(page, name: str) -> bool:
    return page.locator(f'[name="{name}"]').first.is_visible()


def test_pandoeren_fields_follow_the_contract_as_it_is_tapped(live_url, page):
    start_pandoeren(page, live_url)
    assert not visible(page, "jas_holder") and not visible(page, "roem_N")
    assert not page.get_by_role("button", name="Next").is_visible()  # the script shows fields itself
    tap(page, "declarer", "E")
    tap(page, "contract_kind", "kereltje")
    assert visible(page, "jas_holder") and not visible(page, "partner") and not visible(page, "roem_N")
    shot(page, "pandoeren-kereltje-js")
    tap(page, "contract_kind", "number")
    assert visible(page, "roem_N") and visible(page, "team_points") and not visible(page, "jas_holder")
    tap(page, "contract_kind", "misere")
    tap(page, "trump", "S")
    tap(page, "result", "made")
    page.locator("#preview .preview.made").wait_for()
    assert page.locator("#preview-line").is_visible()  # the score stays in view, in the sticky bar
    page.get_by_role("button", name="Save deal").click()
    page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
    assert page.locator(".totals .points").first.is_visible()


def test_pandoeren_without_javascript_asks_the_contract_then_its_fields(browser, live_url):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    try:
        start_pandoeren(page, live_url)
        assert not visible(page, "jas_holder") and not visible(page, "trump")
        tap(page, "declarer", "E")
        tap(page, "contract_kind", "kereltje")
        assert not visible(page, "jas_holder")  # no script: the server draws the contract's fields
        page.get_by_role("button", name="Next").click()
        assert visible(page, "jas_holder") and visible(page, "trump") and not visible(page, "roem_N")
        assert page.locator('input[name="declarer"][value="E"]').is_checked()  # typed, kept
        shot(page, "pandoeren-kereltje-nojs")
        tap(page, "trump", "C")
        tap(page, "jas_holder", "W")
        tap(page, "result", "failed")
        page.get_by_role("button", name="Save deal").click()
        page.wait_for_url(re.compile(r"/matches/\d+(#latest|#deal-\d+)?$"))
        assert "Kereltje" in page.content()
    finally:
        context.close()


def test_a_casual_match_is_renamed_archived_and_replayed(live_url, page):
    start_pandoeren(page, live_url)
    page.get_by_role("link", name=re.compile("Match")).first.click()
    page.get_by_role("link", name="Manage match").click()
    page.fill('input[name="title"]', "Friday table")
    page.fill('input[name="player_E"]', "Bram V.")
    shot(page, "manage-match")
    page.get_by_role("button", name="Save the names").click()
    assert "Friday table" in page.locator("h1").inner_text() and "Bram V." in page.content()
    page.get_by_role("link", name="Manage match").click()
    page.get_by_role("button", name=re.compile("^Archive")).click()
    page.goto(live_url)
    assert "Friday table" not in page.content()
    page.get_by_role("link", name="Archived matches").click()
    page.get_by_role("link", name=re.compile("Friday table")).click()
    page.get_by_role("link", name="Manage match").click()
    page.get_by_role("button", name=re.compile("^Rematch")).click()
    assert "Bram V." in page.content() and "Friday table" in page.locator("h1").inner_text()
    page.goto(f"{live_url}/matches/all")
    assert page.locator(".match-list li").count() == 1  # the rematch; the first is archived
