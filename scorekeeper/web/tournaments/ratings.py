"""The players' ratings: the club's rating list, and what a player's page shows of theirs.
Derived at every request from every finished tournament table (:mod:`scorekeeper.ratings`):
never stored, so a corrected table changes every rating after it."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ... import ratings, store
from .. import access
from ..forms import RatingsForm
from .core import State, bp, load_state

MIN_TABLES = "ratings_min_tables"  # the club's setting: tables played before a rating is listed
CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 120, 6


@dataclass(frozen=True, slots=True)
class Played:
    """Where a table of the ratings was played."""

    tournament: store.Tournament
    round: int
    table: int


def _results(state: State) -> list[tuple[ratings.TableResult, Played]]:
    """A tournament's finished tables, each side as its players."""
    found = []
    t = state.tournament
    for number, views in state.tables.items():
        for view in views:
            if view.outcome is None:
                continue
            sides = tuple(tuple(p for entry in side for p in state.entries[entry].players)
                          for side in view.outcome.sides)
            order: tuple[Hashable, ...] = (t.created, t.id, number, view.table.number)
            found.append((ratings.TableResult(order, sides, view.outcome.points, view.outcome.winner),
                          Played(t, number, view.table.number)))
    return found


def club_ratings() -> tuple[dict[int, ratings.Rating], dict[tuple[Hashable, ...], Played]]:
    """Every player's rating from every tournament's finished tables, and where each was played."""
    found = [item for t in store.list_tournaments(store.get_db()) for item in _results(load_state(t.id))]
    return ratings.rate(result for result, _ in found), {result.order: played for result, played in found}


def min_tables() -> int:
    return int(store.get_setting(store.get_db(), MIN_TABLES) or 0)


def player_rating(player_id: int) -> dict[str, Any] | None:
    """What a player's page shows of their rating: now, its chart and its history table (None:
    no finished table yet)."""
    rated, played = club_ratings()
    rating = rated.get(player_id)
    if rating is None:
        return None
    points, low, high = ratings.chart_points(rating.history, CHART_WIDTH, CHART_HEIGHT, CHART_PAD)
    zero_y = CHART_HEIGHT - CHART_PAD + low * (CHART_HEIGHT - 2 * CHART_PAD) / (high - low)  # where 0 is drawn
    return {"rating": rating, "shown": rating.tables >= min_tables(), "min_tables": min_tables(),
            "chart": {"width": CHART_WIDTH, "height": CHART_HEIGHT, "points": points, "low": low, "high": high,
                      "zero_y": zero_y},
            "steps": [(played[step.order], step) for step in rating.history]}


@bp.route("/ratings", methods=("GET", "POST"))
@access.organiser_only
def rating_list():
    """The club's rating list, best first, with the tables each player played; players with
    fewer tables than the club's setting are left out."""
    db = store.get_db()
    form = RatingsForm(data={"min_tables": min_tables()})
    if form.validate_on_submit():
        store.set_setting(db, MIN_TABLES, str(form.min_tables.data))
        flash(_("Saved."))
        return redirect(url_for("tournaments.rating_list"))
    rated, _played = club_ratings()
    players = {p.id: p for p in store.list_players(db)}
    listed = [r for r in ratings.ranked(rated.values(), min_tables()) if r.player in players]
    status = 422 if request.method == "POST" else 200
    return render_template("tournaments/ratings.html", form=form, listed=listed, players=players,
                           hidden=len([r for r in rated.values() if r.player in players]) - len(listed),
                           min_tables=min_tables()), status
