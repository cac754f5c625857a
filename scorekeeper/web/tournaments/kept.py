"""Parts of the desk and the wall that a deal does not change, rendered once per worker for what
they show: the entries with their forms and the players kept apart (half of a final's desk), the
standings (they move only when a table's result counts), the wall's tables and its "find your
table" list. Each part is kept under a key made of everything it shows, so it is never stale (a
cache, never the truth: DESIGN.md principle 1), and its forms are written with a stand-in for the
CSRF token, the visitor's own put in as it is served (as :func:`..sheets.sheet_page` keeps a
sheet's page): a kept part never carries another visitor's token.

A deal changes the tables' boards, the close-the-round form and the rounds' progress: those are
kept per table (:mod:`.board`, :func:`round_tables`).

The parts are kept as the UTF-8 bytes they are sent as, and a page is written around them
(:class:`Slots`): its template is rendered with a slot where each part goes, and its text is sent
with the parts' bytes between, the visitor's token put in where each part was cut for it. A final's
desk is 1.66 MB, nearly all of it its parts: copied into one text, its tokens put in part by part
and the whole encoded again, that was a third of its time.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import chain
from json import encoder
from operator import is_
from typing import Any

from flask import current_app, get_template_attribute, render_template, request
from flask_babel import gettext as _
from markupsafe import Markup

from ... import pairings
from .. import address
from ..languages import language
from ..sheets import (
    SLOT,
    SLOTS,
    LruCache,
    Part,
    cut,
    filled,
    holed,
    kept_part,
    kept_render,
)
from .core import State, TableView

PARTS_BYTES = 16 * 1024 * 1024  # the parts kept rendered hold no more than this, per worker process
PARTS = LruCache(max_bytes=PARTS_BYTES)
TABLE_SHAPES = LruCache(size=8192)  # the rounds' tables on the desk as drawn with a stand-in for their progress (a
# deal changes only that), per worker process
PROGRESS = LruCache(size=256)  # a table's progress as the desk says it before its end, per language and deals
SHAPE_HOLE = secrets.token_hex(16)  # stands for what a deal changes in a part's shape (:func:`shaped`)
DIGESTS = LruCache(size=16)  # a few walls' kept parts' digests, by the part's id, the part held with it, per worker process
ESCAPED = LruCache(size=16)  # a few walls' kept parts as JSON text, by the part's id, the part held with it, per worker process
RUNS = LruCache(size=16)  # the desk's runs of a round's tables' parts as last sent (what each showed, the parts,
# and all of them as one part, in a list of one, as core.LOOKS keeps a look), per worker process
Shape = list[Any]  # a table's shape as last drawn in a run (:func:`shaped`), with its key, in a list of one (None: none yet)


def run(key: tuple[Hashable, ...], shown: list[tuple[Hashable, ...]], draw: Callable[[int, Shape], Part]) -> Part:
    """The parts of a round's tables, ``draw(index, shape)`` the one of the ``index``-th, as one part (their
    pieces in turn, not joined again between each two stand-ins at each change: 4-5M instructions of a
    final's desk after 100-200 changed tables, for 0.7M saved at a look with none changed, desk24), kept
    under ``key`` (everything they show but the table) with what each table's part shows (``shown``: its
    view, kept by :func:`.core.load_state` as the last look found it, so an unchanged table's is the same
    object, and what else it shows, each kept likewise): at the next look the tables whose ``shown`` holds
    the same objects are taken as they were, without a look-up each (not compared by equality: two views'
    is their matches' field by field, 6M instructions a look after 200 changed tables), the others drawn
    (from their kept shapes: a part kept per its view besides was found only where the run was not drawn
    from it, a miss and a kept part more a changed table, desk24), and a look with no table changed sends
    the run as it was (three look-ups a table and look, and the 1,500 parts copied, were 13.5M
    instructions of a final's desk with nothing changed, desk23). Each table's shape is kept with its part
    (``shape``, for :func:`shaped`), so a changed table's is found without a look-up (desk24d)."""
    kept = RUNS.get(key, lambda: [None])
    last = kept[0]
    if last is not None and last[0] == shown:
        return last[2]
    if last is None or len(last[0]) != len(shown):
        shapes: list[Shape] = [[None] for _shown in shown]
        parts = [draw(index, shapes[index]) for index in range(len(shown))]
    else:
        parts, shapes = list(last[1]), last[3]
        for index, (before, after) in enumerate(zip(last[0], shown, strict=True)):
            if before is not after and not all(map(is_, before, after)):
                parts[index] = draw(index, shapes[index])
    whole = Part(chain.from_iterable(parts))
    kept[0] = (shown, parts, whole, shapes)
    return whole


def answers(cache: LruCache) -> Callable[[tuple[Hashable, ...], Callable[[], Any]], Any]:
    """``cache``'s look-up (:meth:`..sheets.LruCache.get`) with what it answered for one look kept before it:
    the tables a look draws, changed within a minute with as many deals, mostly say the same (a hit in
    ``cache`` is ~7.5k instructions, its lock, method calls and the key hashed twice, desk24)."""
    answered: dict[tuple[Hashable, ...], Any] = {}

    def get(key: tuple[Hashable, ...], make: Callable[[], Any]) -> Any:
        value = answered.get(key)
        if value is None:
            value = answered[key] = cache.get(key, make)
        return value

    return get


def shaped(shapes: LruCache, kept: Shape, key: tuple[Hashable, ...], draw: Callable[[str], str], *said: str) -> Part:
    """A part whose shape, ``draw(stand_in)`` (its HTML with a stand-in where each text a deal changes
    in it goes), is kept in ``shapes`` under ``key`` (everything else it shows), with ``said`` (those
    texts, as HTML, in order) put in: a deal costs its part those texts only. The shape is kept cut
    (:func:`cut`) on each side of the stand-in, and each text's bytes joined to the pieces beside it:
    the whole part encoded and searched for its stand-ins again at each change was 10M instructions of
    a desk after 100 tables changed (desk22). The shape last drawn for this table is kept in ``kept`` with
    its key (:func:`run`'s), and taken from there while the key is equal: a look-up in ``shapes`` is ~7.5k
    instructions, its lock, method calls and the key hashed twice, three of them a changed table (desk24d)."""
    last = kept[0]
    if last is not None and last[0] == key:
        pieces = last[1]
    else:
        pieces = shapes.get(key, lambda: [cut(piece) for piece in draw(SHAPE_HOLE).split(SHAPE_HOLE)])
        kept[0] = (key, pieces)
    joined = list(pieces[0])
    for text, piece in zip(said, pieces[1:], strict=True):
        joined[-1] += text.encode() + piece[0]
        joined += piece[1:]
    return Part(joined)


class Slots:
    """A page's parts, as kept (:class:`Part`): its template writes ``slots(*parts)`` where they go,
    and the page is sent as its own text with the parts' bytes in their slots, all cut at their
    stand-ins and filled as one (:func:`..sheets.filled`)."""

    def __init__(self) -> None:
        self.parts: list[Sequence[Part]] = []

    def __call__(self, *parts: Part) -> Markup:
        """The slot of ``parts``, for the template to write where they go."""
        self.parts.append(parts)
        return Markup(f"{SLOT}{len(self.parts) - 1};")

    def tag(self, frame: str) -> str:
        """An ETag of :meth:`json_text`'s text but the visitor's token, made of ``frame``'s own text and its
        parts' digests slot by slot (each kept part hashed once: :func:`digest`), not of the whole text at
        every ask (the wall's 470 kB); the slots' stand-ins left out, so every worker process tags the
        same text alike."""
        tag = hashlib.blake2b(digest_size=16)
        pieces = SLOTS.split(frame)
        for text, index in zip(pieces[::2], [*pieces[1::2], None], strict=True):
            said = text.encode()
            tag.update(len(said).to_bytes(8, "big") + said)
            if index is not None:
                parts = self.parts[int(index)]
                tag.update(len(parts).to_bytes(4, "big") + b"".join(map(digest, parts)))
        return tag.hexdigest()

    def page(self, template: str, shows: tuple[Hashable, ...] | None, context: Callable[[], Mapping[str, Any]]) -> bytes:
        """A whole page (base.html's) around the parts, as sent: the visitor's token and the messages
        flashed to them put in. Its own text, ``template`` rendered with ``context()`` (its parts' slots
        among it), is kept under ``shows``, everything it shows but the parts, their slots' stand-ins
        among it (:func:`..sheets.kept_part`, with the database, the language and the site's root; None:
        rendered afresh): a final's desk rendered it at each look, ~6.8M instructions of one with nothing
        changed (deskframe26)."""
        return self._sent(kept_part(PARTS, shows, template, lambda: kept_render(template, **context())), flashes=True)

    def json_text(self, frame: str) -> bytes:
        """The text ``frame`` (a template rendered around the parts' slots by :func:`..sheets.kept_render`)
        with the parts in their slots, the visitor's token put in, as a JSON string's text without its quotes
        (``ensure_ascii``, as Flask's JSON writes it): each kept part's escaped once and kept with it
        (:func:`escaped`), the text around them as sent. The wall's 470 kB decoded and escaped whole at
        each look was ~20M instructions, 46% of a final's ``wall.json`` (deskframe26)."""
        return self._sent(frame, flashes=False, kept=escaped, own=_escaped)

    def _sent(self, frame: str, flashes: bool, kept: Callable[[Part], Part] = lambda shown: shown,
              own: Callable[[Part], Part] = lambda shown: shown) -> bytes:
        """``frame`` with the parts in their slots, as sent: each kept part as ``kept`` gives it, the
        frame's own text as ``own`` gives it (as they are, or as JSON text: :meth:`json_text`)."""
        pieces = SLOTS.split(frame)
        parts = [own(cut(pieces[0]))]
        for index, text in zip(pieces[1::2], pieces[2::2], strict=True):
            parts += map(kept, self.parts[int(index)])
            parts.append(own(cut(text)))
        return filled(parts, flashes=flashes)


def _of_part(cache: LruCache, shown: Part, make: Callable[[Part], Any]) -> Any:
    """``make(shown)``, kept in ``cache`` per the kept part itself: under its id, the part held with
    what was made of it, so no other part has that id while it is kept."""
    return cache.get((id(shown),), lambda: (shown, make(shown)))[1]


def escaped(shown: Part) -> Part:
    """A kept part's pieces as JSON text (:func:`_escaped`), kept per the part itself (:func:`_of_part`)."""
    escaped_part: Part = _of_part(ESCAPED, shown, _escaped)
    return escaped_part


def _escaped(shown: Part) -> Part:
    """``shown``'s pieces each as a JSON string's text without its quotes (``ensure_ascii``): each piece is
    whole characters (cut at ASCII stand-ins, which stay as they are), so the pieces escaped and joined are
    the whole text escaped."""
    return Part(encoder.encode_basestring_ascii(piece.decode())[1:-1].encode() for piece in shown)


def digest(shown: Part) -> bytes:
    """A hash of a kept part's bytes (its stand-ins in), kept per the part itself (:func:`_of_part`)."""
    hashed: bytes = _of_part(DIGESTS, shown, lambda part: hashlib.blake2b(b"".join(part), digest_size=16).digest())
    return hashed


def part(key: tuple[Hashable, ...] | None, template: str, context: Callable[[], Mapping[str, Any]]) -> Part:
    """``template`` rendered with ``context()`` (its forms made there), kept under ``key`` with the
    database, the language and the site's root (:func:`..sheets.kept_part`), for a page's slot
    (:class:`Slots`); None: rendered afresh with the visitor's token, never kept (a form sent back
    with its errors, or a POST's page, whose forms read what was sent)."""
    if key is None or request.method != "GET":
        return cut(render_template(template, **context()))
    return kept_part(PARTS, key, template, lambda: cut(kept_render(template, **context())))


def standings_part(state: State) -> Part:
    """The standings table (the desk's and the wall's), kept per the roster and results they rank
    (:attr:`State.standings_key`: not their 1,000 records made and hashed again at each look)."""
    return part(state.standings_key, "tournaments/_standings.html",
                lambda: {"state": state, "ranking_said": _(pairings.RANKINGS[state.tournament.ranking])})


def round_tables(state: State, number: int) -> list[Part]:
    """The tables of round ``number`` on the desk (each with its progress, link, QR code and new-link
    form), each drawn from its shape kept per what it shows but its progress: the table (its token, who
    sits there), the language and the addresses its links are made of (the site's root, the public
    address or the page's). A deal draws its own table's progress again only. Sent as one part, their run
    (:func:`run`): a look finds the unchanged tables' as the last look sent them."""
    draw = get_template_attribute("tournaments/_round_table.html", "round_table")
    progress = get_template_attribute("tournaments/_round_table.html", "progress")
    tournament = state.tournament
    at = (current_app.config["DATABASE"], language(), request.script_root, request.host_url,
          address.public_base(), tournament.id, tournament.game)
    progress_said = answers(PROGRESS)

    def said(view: TableView) -> str:  # its progress: before its end, its deals only (a round's tables share it)
        if view.result is None and view.outcome is None:
            return progress_said((at[1], view.deals), lambda: str(progress(state, view)))
        return str(progress(state, view))

    def drawn(view: TableView, kept: Shape) -> Part:
        shown = (*at, view.table.id, view.table.number, view.table.token, state.seated(view))
        return shaped(TABLE_SHAPES, kept, shown, lambda hole: holed(str(draw(tournament, state, view, hole))),
                      said(view))

    views = state.tables.get(number, [])
    return [run(("round tables", *at, number), [(view,) for view in views],
                lambda index, kept: drawn(views[index], kept))]
