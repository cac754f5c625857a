"""Both sides agree (tournaments): a table's final sheet confirmed by one player of each side, or
marked disputed with a line of text, or validated by the organiser. Each sign-off is kept for good
(like the deals' events, :mod:`.events`), written in its own write transaction; a change of the
sheet drops the sign-offs standing (an ``unconfirm``, written by :func:`.events.log_event` in the
change's own transaction), so a confirmation always names the sheet as it stands.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from .db import Conflict, write_transaction
from .events import UNKNOWN, Actor, append_signoff
from .matches import Deal, Match, get_match, list_deals

SIGNOFF_ACTIONS = ("confirm", "dispute", "validate", "unconfirm")
DISPUTE_MAX = 200  # characters of a dispute's line


@dataclass(frozen=True, slots=True)
class Signoff:
    """One sign-off of a match's sheet: ``side``, ``seat`` and ``name`` of the player who confirmed
    (a confirmation), ``text`` the line of a dispute; ``after_event`` the last change of the
    match's deals when it was written (0: none), its place in the history."""

    id: int
    match_id: int
    action: str
    at: str
    by: Actor
    side: str
    seat: str
    name: str
    text: str
    after_event: int


@dataclass(frozen=True, slots=True)
class SignoffState:
    """The sign-offs standing on a sheet (those since it last changed)."""

    confirmed: tuple[Signoff, ...] = ()
    disputes: tuple[Signoff, ...] = ()
    validated: Signoff | None = None

    def confirmed_sides(self) -> frozenset[str]:
        return frozenset(signoff.side for signoff in self.confirmed)

    def counts(self, sides: Collection[str]) -> bool:
        """Does the table's result count: validated by the organiser, or confirmed by every side
        and disputed by none?"""
        return self.validated is not None or (not self.disputes and self.confirmed_sides() >= set(sides))

    def status(self, sides: Collection[str]) -> str:
        """``validated``, ``confirmed``, ``disputed`` or ``unconfirmed``."""
        if self.validated is not None:
            return "validated"
        if self.disputes:
            return "disputed"
        return "confirmed" if self.counts(sides) else "unconfirmed"


_SIGNOFF = "select id, match_id, action, at, by_kind, by_label, side, seat, name, text, after_event from signoffs"


def _signoff(row: Sequence[object]) -> Signoff:
    return Signoff(*row[:4], Actor(row[4], row[5]), *row[6:])  # type: ignore[arg-type]


def list_signoffs(db: Database, match_id: int) -> list[Signoff]:
    """Every sign-off of the match, oldest first."""
    return [_signoff(row) for row in db.execute(f"{_SIGNOFF} where match_id = ? order by id", [match_id])]


def signoff_state(db: Database, match_id: int) -> SignoffState:
    """The sign-offs standing on the match's sheet."""
    return signoff_states(db, [match_id])[match_id]


def signoff_states(db: Database, match_ids: Sequence[int]) -> dict[int, SignoffState]:
    """The sign-offs standing on each of the matches' sheets (those since it last changed), in one
    query: a tournament's tables. A match with none: an empty state."""
    standing: dict[int, list[Signoff]] = {match_id: [] for match_id in match_ids}
    for row in db.execute(f"{_SIGNOFF} s where match_id in (select value from json_each(?)) and id > coalesce("
                          "(select max(id) from signoffs u where u.match_id = s.match_id and u.action = 'unconfirm'),"
                          " 0) order by id", [json.dumps(list(match_ids))]):
        standing[row[1]].append(_signoff(row))
    return {match_id: SignoffState(tuple(s for s in signoffs if s.action == "confirm"),
                                   tuple(s for s in signoffs if s.action == "dispute"),
                                   next((s for s in signoffs if s.action == "validate"), None))
            for match_id, signoffs in standing.items()}


Ready = Callable[[Match, Sequence[Deal]], None]
"""Called under the write lock with the match and its deals; raises RuleViolation when its sheet
may not be signed now (its match is not finished)."""


def sign(db: Database, match_id: int, action: str, *, version: int | None, ready: Ready, by: Actor = UNKNOWN,
         side: str = "", seat: str = "", name: str = "", text: str = "") -> None:
    """Confirm (for ``side``, by the player in ``seat``, ``name``), dispute (``text``) or validate the
    match's sheet as the page showed it (``version``).

    :raise Conflict: the sheet changed since the page was drawn
    :raise RuleViolation: the match is not finished (``ready``), the sheet is validated already, or
        the side confirmed it already
    """
    if action not in SIGNOFF_ACTIONS[:3]:
        raise ValueError(action)
    with write_transaction(db):
        match = get_match(db, match_id)
        if version is not None and version != match.version:
            raise Conflict(match.version)
        ready(match, list_deals(db, match_id))
        standing = signoff_state(db, match_id)
        if standing.validated is not None:
            raise RuleViolation(N_("The organiser has validated this sheet already."))
        if action == "confirm" and side in standing.confirmed_sides():
            raise RuleViolation(N_("This side has confirmed the sheet already."), field="seat")
        append_signoff(db, match_id, action, by, side, seat, name, text)
