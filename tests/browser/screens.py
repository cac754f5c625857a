"""Screenshots of what the browser tests saw, for a person to look at."""

from __future__ import annotations

from pathlib import Path

SHOTS = Path(__file__).resolve().parent / "shots"


def shot(page, name: str) -> None:
    """Keep a screenshot for a person to look at (tests/browser/shots/, not committed), once the
    page is seen to fit the screen's width (nothing to scroll sideways on a phone)."""
    wide, screen = page.evaluate("document.documentElement.scrollWidth"), page.viewport_size["width"]
    assert wide <= screen, f"{name}: the page is {wide} px wide on a {screen} px screen"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
