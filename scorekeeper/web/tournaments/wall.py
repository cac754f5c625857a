"""The wall: the club's projector shows the round in play (its pairings with table numbers, a
"find your table" list by name, its clock) and the standings, as the organiser lets it
(:func:`scorekeeper.evening.wall_shows`). Public: it never shows a table's link. Its script
asks for the live part again (:func:`live`) instead of reloading the page."""

from __future__ import annotations

from collections.abc import Sequence
from operator import is_
from typing import Any, NamedTuple

from flask import Response, current_app, jsonify, request
from flask_babel import gettext as _

from ... import evening, store
from ..languages import language
from ..roundclock import clock_time, clock_view, now
from ..sheets import LruCache, kept_render
from . import kept
from .board import round_clock
from .core import State, TableView, bp, load_state

WALL_POLL_S = 15  # how often the wall's script asks for its live part


class Shown(NamedTuple):
    """A table as the wall shows it: the key of its part (with the others') and what it draws."""

    number: int
    seated: tuple[tuple[str, str], ...]  # each side's label and names
    done: bool
    players: tuple[str, ...]  # who sits there, for "find your table"


SHOWN = LruCache(size=8192)  # each table as the wall shows it, per its view's key, per worker process
WALLS = LruCache(size=16)  # each wall's round as its last look showed it (its tables' views, each as
# shown, and their part, in a list of one), per the database, language, site's root, roster, round and its
# byes, per worker process

bp.app_template_filter("clock_time")(clock_time)  # the clock's end on every page showing it (a table's too)


def _wall(state: State, slots: kept.Slots) -> dict[str, Any]:
    """What the wall shows now, its kept parts in ``slots``."""
    db = store.get_db()
    settings = store.get_evening_settings(db, state.tournament.id)
    shows = evening.wall_shows(settings.wall, len(state.rounds))
    context: dict[str, Any] = {"state": state, "shows": shows, "clock": None,
                               "standings_part": slots(kept.standings_part(state)) if shows.standings else ""}
    if (number := shows.pairings) is not None:
        round_row = state.rounds[number - 1]
        views = state.tables.get(number, [])
        clock = store.get_clock(db, round_row.id)
        if clock.started is not None:
            context["clock"] = round_clock(state, number, clock_view(number, clock, now()))
        context["tables_part"] = slots(_tables_part(state, number, round_row.byes, views))
    return context


def _tables_part(state: State, number: int, byes: tuple[int, ...], views: Sequence[TableView]) -> kept.Part:
    """The round's tables as the wall shows them, kept (:func:`.kept.part`) per the roster, the round, its
    byes and each table as shown, with the last look's beside: a table whose view is the one it showed is
    shown as then, a changed one's (:func:`_shown`) taken as then where it shows the same (a deal but the
    last), and while every table shows as then the part is the one it sent (500 look-ups, and the 500
    tables as the part's key hashed and compared: ~2M instructions of a final's wall look, deskfix25)."""
    held = WALLS.get((current_app.config["DATABASE"], language(), request.script_root,
                      state.roster_key, number, byes), lambda: [((), (), None)])
    last_views, last_tables, last_part = held[0]
    if len(last_views) == len(views):
        tables = tuple(shown if view is before else _same(_shown(state, view), shown)
                       for view, before, shown in zip(views, last_views, last_tables, strict=True))
    else:
        tables = tuple(_shown(state, view) for view in views)
    if last_part is not None and len(tables) == len(last_tables) and all(map(is_, tables, last_tables)):
        part = last_part
    else:
        part = kept.part(("wall tables", state.roster_key, number, byes, tables),
                         "tournaments/_wall_tables.html", lambda: _tables(state, number, byes, tables))
    held[0] = (views, tables, part)
    return part


def _same(shown: Shown, before: Shown) -> Shown:
    """``shown``, or ``before`` where it shows the same."""
    return before if shown == before else shown


def _shown(state: State, view: TableView) -> Shown:
    """A table as the wall shows it, kept per its view (:attr:`TableView.key`)."""
    return SHOWN.get(view.key, lambda: Shown(view.table.number, state.seated(view), view.done,
                                             tuple(view.match.players.values())))


def _tables(state: State, number: int, byes: Sequence[int], tables: Sequence[Shown]) -> dict[str, Any]:
    """The round's tables, who sits at each, and everyone's table by name (those sitting out too)."""
    seats = [(name, table.number) for table in tables for name in table.players]
    seats += [(state.players[p].name, None) for entry in byes for p in state.entries[entry].players]
    return {"shows_round": number, "tables": [(table.number, table.seated, table.done) for table in tables],
            "seats": sorted(seats, key=lambda seat: evening.name_key(seat[0]))}


@bp.get("/tournaments/<int:tournament_id>/standings")
def standings(tournament_id: int):
    """The wall: made for the club's projector (1920×1080 and up), public."""
    slots = kept.Slots()
    context = {"poll": WALL_POLL_S, **_wall(load_state(tournament_id), slots)}
    return slots.page("tournaments/standings.html", None, lambda: context)


@bp.get("/tournaments/<int:tournament_id>/wall.json")
def live(tournament_id: int):
    """The wall's live part alone, for its script to put in place: ``{"html": ...}``. Its ETag is
    its content's hash (its frame's and its kept parts' digests: :meth:`.kept.Slots.tag`) and the
    browser is told to ask again with it (``no-cache``): while nothing changed it hears 304 Not
    Modified, without the part (500 tables: 470 kB), and its cache gives the script the part it holds.
    A part sent compressed went with the tag its encoding marks (Flask-Compress: ``"<tag>:zstd"``), which
    the screen sends back: that is its tag too (missed, the view joined and compressed the whole part
    for Flask-Compress to answer 304 at the end: 2.4x a 304's instructions, get19)."""
    slots = kept.Slots()
    frame = kept_render("tournaments/_wall.html", **_wall(load_state(tournament_id), slots))
    tag = slots.tag(frame)
    held = next((sent for sent in request.if_none_match.as_set() if sent.split(":", 1)[0] == tag), None)
    answer = current_app.response_class(status=304) if held else _json(slots, frame)
    answer.set_etag(held or tag)
    answer.cache_control.no_cache = True
    return answer


def _json(slots: kept.Slots, frame: str) -> Response:
    """``{"html": ...}``, the live part (``frame`` around its ``slots``), as ``jsonify`` writes it: its
    framing ``jsonify``'s own, the text put in already escaped, part by part (:meth:`.kept.Slots.json_text`)."""
    answer = jsonify(html=kept.SHAPE_HOLE)
    head, tail = answer.get_data().split(kept.SHAPE_HOLE.encode())
    answer.set_data(head + slots.json_text(frame) + tail)
    return answer
