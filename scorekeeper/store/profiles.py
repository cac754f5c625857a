"""The club's rule profiles: named presets of a game's house rules (what a profile is and how its
options are checked: :mod:`scorekeeper.profiles`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from ..evening import name_key, same_name
from .db import MAX_ID, NotFound, now, write_transaction


@dataclass(frozen=True, slots=True)
class Profile:
    """A rule profile: its game, its name (unique in its game, case and spacing aside) and the
    options it changes from the game's rules as written (:func:`scorekeeper.profiles.departures`)."""

    id: int
    game: str
    name: str
    options: Mapping[str, Any]
    created: str
    updated: str


def _profile(row: Mapping[str, Any]) -> Profile:
    return Profile(**{**row, "options": json.loads(row["options"])})


def get_profile(db: Database, profile_id: int) -> Profile:
    """:raise NotFound: no such profile"""
    rows = list(db.query("select * from profiles where id = ?", [profile_id])) if 0 < profile_id <= MAX_ID else []
    if not rows:
        raise NotFound(profile_id)
    return _profile(rows[0])


def list_profiles(db: Database, game: str | None = None) -> list[Profile]:
    """The profiles (of ``game``, or of every game), by game and then by name as the club sorts names."""
    rows = db.query("select * from profiles where ? is null or game = ?", [game, game])
    return sorted((_profile(row) for row in rows), key=lambda p: (p.game, name_key(p.name)))


def _refuse_namesake(db: Database, game: str, name: str, profile_id: int | None) -> None:
    for other in list_profiles(db, game):
        if other.id != profile_id and same_name(other.name, name):
            raise RuleViolation(N_("This game has a profile named “%(name)s” already: choose another name."),
                                field="name", name=other.name)


def add_profile(db: Database, *, game: str, name: str, options: Mapping[str, Any]) -> int:
    """Keep a new profile (its name and options checked by the caller).

    :raise RuleViolation: the game has a profile of that name (``name``)
    """
    with write_transaction(db):
        _refuse_namesake(db, game, name, None)
        table = db.table("profiles")
        stamp = now()
        table.insert({"game": game, "name": name, "options": json.dumps(dict(options)), "created": stamp,
                      "updated": stamp})
        return int(table.last_pk)


def update_profile(db: Database, profile_id: int, *, name: str, options: Mapping[str, Any]) -> None:
    """Rename a profile and set its options; the matches and tournaments started from it keep theirs.

    :raise RuleViolation: another profile of the game has that name (``name``)
    :raise NotFound: no such profile
    """
    with write_transaction(db):
        profile = get_profile(db, profile_id)
        _refuse_namesake(db, profile.game, name, profile_id)
        db.execute("update profiles set name = ?, options = ?, updated = ? where id = ?",
                   [name, json.dumps(dict(options)), now(), profile_id])


def delete_profile(db: Database, profile_id: int) -> None:
    """Remove a profile for good (the matches started from it keep their options).

    :raise NotFound: no such profile
    """
    with write_transaction(db):
        get_profile(db, profile_id)
        db.execute("delete from profiles where id = ?", [profile_id])
