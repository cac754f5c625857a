"""The on-screen QR code of a match (issue "The club evening"): another phone scans the screen
and lands on the sheet. The screenshot is read back with zbarimg, at a phone's width and a laptop's."""

from __future__ import annotations

import subprocess

import pytest

from tests.browser.screens import SHOTS, shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
def test_the_qr_code_on_screen_opens_the_match(live_url, page, width):
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 800})
    response = page.request.post(f"{live_url}/api/v1/matches", data={
        "game": "contree", "players": {"N": "Ann", "E": "Ben", "S": "Cy", "W": "Di"}})
    match_id = response.json()["id"]
    page.goto(f"{live_url}/matches/{match_id}")
    page.get_by_role("link", name="QR code").click()
    link = page.locator(".qr-link").inner_text()
    assert link == f"{live_url}/matches/{match_id}"
    assert page.get_by_role("alert").is_visible()  # opened as 127.0.0.1: no phone could follow it
    shot(page, f"qr-{width}")
    read = subprocess.run(["zbarimg", "--quiet", "--raw", str(SHOTS / f"qr-{width}.png")], capture_output=True,
                          text=True, check=True)
    assert read.stdout.strip() == link
