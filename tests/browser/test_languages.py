"""French and Dutch phones: the whole table in their language, and long words never widen the page."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE
from tests.browser.screens import shot
from tests.browser.test_contree_flow import record, totals

pytestmark = pytest.mark.browser

WORDS = {  # the browser's language: start button, record link, save button
    "fr-FR": ("Commencer la partie", "Noter la donne 1", "Enregistrer la donne"),
    "nl-NL": ("Partij beginnen", "Spel 1 noteren", "Spel opslaan"),
}


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


@pytest.mark.parametrize("locale", list(WORDS))
def test_a_french_or_dutch_phone_plays_a_contree_deal_in_its_language(live_url, browser, locale):
    start, record_link, save = WORDS[locale]
    language = locale[:2]
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, locale=locale)
    page = context.new_page()
    try:
        page.goto(f"{live_url}/matches/new/contree")
        assert page.locator("html").get_attribute("lang") == language
        shot(page, f"10-{language}-new-match")
        assert page_width(page) <= PHONE["width"]
        for seat, name in zip("NESW", ("Amélie", "Bastiaan", "Corentin", "Dieuwertje"), strict=True):
            page.fill(f'input[name="player_{seat}"]', name)
        page.get_by_role("button", name=start).click()
        # RULES §2.3: 100 hearts bid by E–W, 92 + 10 + 20 belote made -> E–W 220, N–S 60
        record(page, bidder="E", bid="100", trump="H", points="92", last="bidders", belote="bidders",
               look=f"11-{language}-deal", record_link=record_link, save=save)
        assert totals(page) == [60, 220]
        page.locator("details.house-rules summary").click()
        shot(page, f"12-{language}-sheet")
        assert page_width(page) <= PHONE["width"]
        page.goto(page.url.split("#")[0] + "/deals/new")  # long names in the seat chips stay in the row
        assert page_width(page) <= PHONE["width"]
    finally:
        context.close()
