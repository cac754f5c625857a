"""The wall screen: the standings, large."""

from __future__ import annotations

from flask import render_template
from flask_babel import gettext as _

from ... import pairings
from .core import bp, load_state

WALL_REFRESH_S = 30


@bp.get("/tournaments/<int:tournament_id>/standings")
def standings(tournament_id: int):
    """The standings for the wall screen: large, and refreshing by itself."""
    state = load_state(tournament_id)
    return render_template("tournaments/standings.html", state=state, refresh=WALL_REFRESH_S,
                           ranking_said=_(pairings.RANKINGS[state.tournament.ranking]))
