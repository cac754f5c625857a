"""A tournament's prize list and the categories its players are tagged with (the rule of who
receives what: :mod:`scorekeeper.prizes`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from ..errors import N_, RuleViolation
from ..prizes import MOST_PRIZES, Prize, check_list, check_prize, folded
from .club import get_tournament, list_entries
from .db import write_transaction


@dataclass(frozen=True, slots=True)
class PrizeRow:
    """One line of a tournament's prize list, as stored."""

    id: int
    prize: Prize


@dataclass(frozen=True, slots=True)
class Tag:
    """A player of a tournament tagged with one of its prize categories."""

    id: int
    player_id: int
    category: str


def list_prizes(db: Database, tournament_id: int) -> list[PrizeRow]:
    """The prize list in its order."""
    return [PrizeRow(row["id"], Prize(row["kind"], row["category"], row["gift"])) for row in db.query(
        "select * from prizes where tournament_id = ? order by position, id", [tournament_id])]


def _insert(db: Database, tournament_id: int, position: int, prize: Prize) -> int:
    table = db.table("prizes")
    table.insert({"tournament_id": tournament_id, "position": position, "kind": prize.kind,
                  "category": prize.category, "gift": prize.gift})
    return int(table.last_pk)


def add_prize(db: Database, tournament_id: int, prize: Prize) -> int:
    """Add a prize at the end of the list.

    :raise RuleViolation: the prize is refused (:func:`scorekeeper.prizes.check_list`), or the list is full
    :raise NotFound: no such tournament
    """
    with write_transaction(db):
        get_tournament(db, tournament_id)
        listed = [row.prize for row in list_prizes(db, tournament_id)]
        if len(listed) >= MOST_PRIZES:
            raise RuleViolation(N_("A prize list holds at most %(most)d prizes"), field="kind", most=MOST_PRIZES)
        checked = check_prize(prize)
        check_list([*listed, checked])
        return _insert(db, tournament_id, len(listed), checked)


def set_prizes(db: Database, tournament_id: int, prizes: Sequence[Prize]) -> None:
    """Replace the whole prize list (the tags stay: a category put back finds its players again).

    :raise RuleViolation: the list is refused (:func:`scorekeeper.prizes.check_list`)
    :raise NotFound: no such tournament
    """
    with write_transaction(db):
        get_tournament(db, tournament_id)
        checked = check_list(prizes)
        db.execute("delete from prizes where tournament_id = ?", [tournament_id])
        for position, prize in enumerate(checked):
            _insert(db, tournament_id, position, prize)


def remove_prize(db: Database, tournament_id: int, prize_id: int) -> None:
    with write_transaction(db):
        db.execute("delete from prizes where id = ? and tournament_id = ?", [prize_id, tournament_id])


def list_tags(db: Database, tournament_id: int) -> list[Tag]:
    """The tournament's tags in the order they were given."""
    return [Tag(row["id"], row["player_id"], row["category"]) for row in db.query(
        "select * from prize_tags where tournament_id = ? order by id", [tournament_id])]


def _check_tag(db: Database, tournament_id: int, player_id: int, category: str) -> str:
    """The category as the prize list names it.

    :raise RuleViolation: the player is not entered, or the list has no such category
    """
    if not any(player_id in entry.players for entry in list_entries(db, tournament_id)):
        raise RuleViolation(N_("Only a player entered in the tournament can be tagged"), field="player")
    named = {folded(row.prize.category): row.prize.category for row in list_prizes(db, tournament_id)
             if row.prize.kind == "category"}
    if folded(category) not in named:
        raise RuleViolation(N_("“%(category)s” is not a category of the prize list"), field="category",
                            category=category)
    return named[folded(category)]


def tag_player(db: Database, tournament_id: int, player_id: int, category: str) -> None:
    """Tag an entered player with a category of the prize list (once).

    :raise RuleViolation: see :func:`_check_tag`; the player has that tag already
    """
    with write_transaction(db):
        named = _check_tag(db, tournament_id, player_id, category)
        if any(t.player_id == player_id and folded(t.category) == folded(named)
               for t in list_tags(db, tournament_id)):
            raise RuleViolation(N_("This player has that tag already"), field="category")
        db.table("prize_tags").insert({"tournament_id": tournament_id, "player_id": player_id, "category": named})


def set_player_tags(db: Database, tournament_id: int, player_id: int, categories: Sequence[str]) -> None:
    """Replace an entered player's tags (an empty list removes them all).

    :raise RuleViolation: see :func:`_check_tag`
    """
    with write_transaction(db):
        named = list(dict.fromkeys(_check_tag(db, tournament_id, player_id, c) for c in categories))
        if not categories and not any(player_id in e.players for e in list_entries(db, tournament_id)):
            raise RuleViolation(N_("Only a player entered in the tournament can be tagged"), field="player")
        db.execute("delete from prize_tags where tournament_id = ? and player_id = ?", [tournament_id, player_id])
        for category in named:
            db.table("prize_tags").insert({"tournament_id": tournament_id, "player_id": player_id,
                                           "category": category})


def untag(db: Database, tournament_id: int, tag_id: int) -> None:
    with write_transaction(db):
        db.execute("delete from prize_tags where id = ? and tournament_id = ?", [tag_id, tournament_id])
