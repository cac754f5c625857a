"""May I play this? in real Chromium: tap the hand, type the trick, see the playable cards lit."""

from __future__ import annotations

import pytest

from tests.browser.screens import shot

pytestmark = pytest.mark.browser


def test_may_i_play_this(live_url, page):
    page.goto(live_url)
    page.get_by_role("link", name="May I play this?").click()
    page.get_by_role("link", name="Belote Contrée").click()
    page.locator(".picker-toggle").first.click()
    for code in ("7H", "AS", "KS"):
        page.locator(f'.card-picker >> nth=0 >> [data-code="{code}"]').click()
    page.locator(".card-picker").first.get_by_role("button", name="Add meld").click()
    page.fill("#trick_so_far", "QS 9S")
    page.locator('input[name="trump"][value="H"]').check(force=True)
    page.get_by_role("button", name="Which cards may I play?").click()
    # RULES §2.6: spades were led and the hand holds spades: A♠ and K♠, not the 7♥.
    assert sorted(page.locator(".verdict .legal").all_inner_texts()) == ["A♠", "K♠"]
    assert "you must follow suit" in page.locator(".verdict").inner_text()
    shot(page, "16-may-i-play")
