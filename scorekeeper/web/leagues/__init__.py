"""Leagues: a season's table across the club's evenings (tournaments of one game), derived at every
request from the evenings' standings (:mod:`scorekeeper.leagues`). Everyone reads the list, a
league's page, its wall and its files (:mod:`.files`); the organiser creates a league, changes its
name and rule, and adds and removes its evenings (:mod:`.pages`). The state every page derives:
:mod:`.core`. The API: :mod:`scorekeeper.web.leagues_api`.
"""

from . import files, pages  # each adds its routes to the blueprint
from .core import LeagueState, bp, load_league

__all__ = ["LeagueState", "bp", "files", "load_league", "pages"]
