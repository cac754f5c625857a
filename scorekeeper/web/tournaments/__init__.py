"""The club: players, tournaments, rounds, tables and standings (the organiser's pages), the
tables' secret links, and the standings on the wall screen (the club's printed files and
records: :mod:`..club_files`). By area: :mod:`.core` (the state every page derives),
:mod:`.desk`, :mod:`.players`, :mod:`.door`, :mod:`.rounds`, :mod:`.clock` (the round in play:
its clock, closing it; the desk's :mod:`.board`), :mod:`.prize_list`, :mod:`.ratings` and :mod:`.wall`.

A table is a normal match created by the draw, with the tournament's house rules and, where
the tournament says so, a fixed number of deals; its phone reaches it through the table's link
(``/t/<token>``), see :mod:`.access`. Results and standings are always derived from the
tables' sheets (DESIGN.md principle 1).
"""

from . import clock, desk, door, players, prize_list, ratings, rounds, wall  # each adds its routes to the blueprint
from .core import State, TableView, bp, load_state
from .prize_list import awards_of

__all__ = ["State", "TableView", "awards_of", "bp", "clock", "desk", "door", "load_state", "players", "prize_list",
           "ratings", "rounds", "wall"]
