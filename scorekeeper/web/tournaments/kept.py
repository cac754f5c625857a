"""Parts of the desk and the wall that a deal does not change, rendered once per worker for what
they show: the entries with their forms and the players kept apart (half of a final's desk), the
standings (they move only when a table's result counts), the wall's tables and its "find your
table" list. Each part is kept under a key made of everything it shows, so it is never stale (a
cache, never the truth: DESIGN.md principle 1), and its forms are written with a stand-in for the
CSRF token, the visitor's own put in as it is served (as :func:`..sheets.sheet_page` keeps a
sheet's page): a kept part never carries another visitor's token.

A deal changes the tables' boards, the close-the-round form and the rounds' progress: those are
drawn at every request.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from flask import current_app, get_template_attribute, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from ... import pairings
from .. import address
from ..sheets import LruCache, holed, kept_render, with_token
from .core import State, TableView

PARTS_BYTES = 16 * 1024 * 1024  # the parts kept rendered hold no more than this, per worker process
PARTS = LruCache(max_bytes=PARTS_BYTES)
ROUND_TABLES = LruCache(size=8192)  # the rounds' tables on the desk as drawn, a kB each, per worker process


def roster(state: State) -> tuple[Hashable, ...]:
    """What names and entries a part shows, as plain values: the tournament, its entries, the club's
    players (a part of a final's desk lists the 2,000 of them in its forms)."""
    return (repr(state.tournament),
            tuple((e.id, e.players, e.joins, e.withdrawn) for e in state.entries.values()),
            tuple((p.id, p.name, p.licence) for p in state.players.values()))


def part(key: tuple[Hashable, ...] | None, template: str, context: Callable[[], Mapping[str, Any]]) -> Markup:
    """``template`` rendered with ``context()`` (its forms made there), kept under ``key`` with the
    database, the language and the site's root; None: rendered afresh, never kept (a form sent
    back with its errors, or a POST's page, whose forms read what was sent)."""
    if key is None or request.method != "GET":
        return Markup(render_template(template, **context()))
    full = (current_app.config["DATABASE"], str(get_locale()), request.script_root, template, *key)
    return Markup(with_token(PARTS.get(full, lambda: kept_render(template, **context()))))


def standings_part(state: State) -> Markup:
    """The standings table (the desk's and the wall's), kept per the records it ranks."""
    records = tuple((s.entry, s.match_points, s.wins + s.byes, s.draws, s.losses, s.points_for, s.difference)
                    for s in state.standings)
    return part(("standings", roster(state), records), "tournaments/_standings.html",
                lambda: {"state": state, "ranking_said": _(pairings.RANKINGS[state.tournament.ranking])})


def round_tables(state: State, number: int) -> Markup:
    """The tables of round ``number`` on the desk (each with its progress, link, QR code and new-link
    form), each kept per what it shows: the table as derived (:attr:`TableView.key`: its token,
    who sits there, its progress, its winners' names), the language and the addresses its links are
    made of (the site's root, the public address or the page's). A deal draws its own table's again only."""
    draw = get_template_attribute("tournaments/_round_table.html", "round_table")
    tournament = state.tournament
    at = (current_app.config["DATABASE"], str(get_locale()), request.script_root, request.host_url,
          address.public_base(), tournament.id, tournament.game)

    def table(view: TableView) -> str:  # (the view's key names its table, match, sign-offs and names)
        return ROUND_TABLES.get((*at, view.key), lambda: holed(str(draw(tournament, state, view))))

    return Markup(with_token("".join(table(view) for view in state.tables.get(number, []))))
