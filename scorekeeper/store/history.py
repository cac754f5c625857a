"""A match's history (every change of its deals, :mod:`.events`), what it gives back (a deleted
deal restored), and the deals recorded after the end of a match deleted at once."""

from __future__ import annotations

import json

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from .db import MAX_ID, NotFound, now, write_transaction
from .events import UNKNOWN, Actor, log_event
from .matches import _bump, get_match, list_deals, remove_deal


def restore_deal(db: Database, match_id: int, deal_id: int, *, by: Actor = UNKNOWN) -> int:
    """Put a deleted deal back as it was deleted (a ``restore`` event ``by`` whom): at its place
    on the sheet if no deal took it since, else after the last deal.

    :raise NotFound: the match never had this deal
    :raise RuleViolation: the deal is on the sheet (it was not deleted, or restored already)
    :return: its place (``seq``)
    """
    if not 0 < deal_id <= MAX_ID:
        raise NotFound(deal_id)
    with write_transaction(db):
        match = get_match(db, match_id)
        last = db.execute("select action, seq, before from deal_events where match_id = ? and deal_id = ?"
                          " order by id desc limit 1", [match_id, deal_id]).fetchone()
        if last is None:
            raise NotFound(deal_id)
        action, seq, declarations = last
        if action != "delete":
            raise RuleViolation(N_("This deal is on the sheet: there is nothing to restore."))
        if db.execute("select 1 from deals where match_id = ? and seq = ?", [match_id, seq]).fetchone():
            seq = db.execute("select max(seq) + 1 from deals where match_id = ?", [match_id]).fetchone()[0]
        _bump(db, match, None)
        db.execute("insert into deals (id, match_id, seq, declarations, nonce, created, updated, version)"
                   " values (?, ?, ?, ?, null, ?, null, 1)", [deal_id, match_id, seq, declarations, now()])
        log_event(db, match_id, deal_id, seq, "restore", by, None, json.loads(declarations))
        return int(seq)


def delete_after(db: Database, match_id: int, counted: int, *, version: int | None,
                 by: Actor = UNKNOWN) -> int:
    """Delete the deals after the first ``counted`` ones (those after the end of the match), each
    with its ``delete`` event, if the match is still as the page showed it (``version``).

    :raise Conflict: the match changed since
    :return: how many were deleted
    """
    with write_transaction(db):
        match = get_match(db, match_id)
        later = list_deals(db, match_id)[counted:]
        _bump(db, match, version)
        for deal in later:
            remove_deal(db, deal, by)
        return len(later)
