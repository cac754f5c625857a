"""Screenshots of what the browser tests saw, for a person to look at."""

from __future__ import annotations

from pathlib import Path

SHOTS = Path(__file__).resolve().parent / "shots"


def shot(page, name: str) -> None:
    """Keep a screenshot for a person to look at (tests/browser/shots/, not committed), once the
    page is seen to fit the screen's width (nothing to scroll sideways on a phone)."""
    wide, screen = page.evaluate("document.documentElement.scrollWidth"), page.viewport_size["width"]
    assert wide <= screen, f"{name}: the page is {wide} px wide on a {screen} px screen"
    small = page.evaluate("""[...document.querySelectorAll('input:not([type=hidden]):not([type=checkbox])'
        + ':not([type=radio]):not([type=file]), select, textarea')]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 40).map(e => e.name)""")
    assert not small, f"{name}: inputs smaller than a fingertip: {small}"
    clipped = page.evaluate("""[...document.querySelectorAll('table, .card, fieldset')]
        .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
        .map(e => e.className || e.tagName)""")
    assert not clipped, f"{name}: content cut off at the right of {clipped}"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
