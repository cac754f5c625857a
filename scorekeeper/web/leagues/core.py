"""A league as every page and the API derive it: its evenings' states and its table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask import Blueprint, abort
from flask_babel import format_decimal, gettext as _

from ... import games, leagues, store
from ...errors import N_, RuleViolation
from ...games.base import GameRules
from ..tournaments import State, load_state
from ..tournaments.core import seats_per_entry

bp = Blueprint("leagues", __name__)
# a score or an average as the reader writes numbers (4.67, 4,67)
bp.app_template_filter("league_number")(lambda number: format_decimal(leagues.shown(number), format="0.##"))


@dataclass(frozen=True, slots=True)
class LeagueState:
    """A league, its evenings (each tournament's state, in play order) and its table."""

    league: store.League
    rules: GameRules
    evenings: tuple[State, ...]
    table: leagues.Table

    @property
    def rule_said(self) -> str:
        rule = self.league.rule
        return _(leagues.RULE_SAID[rule.kind], best=rule.best, minimum=rule.minimum)

    @property
    def counted(self) -> tuple[State, ...]:
        """The evenings that count: those finished (an evening in play counts once it is over)."""
        return tuple(state for state in self.evenings if state.finished)


def evening_of(state: State) -> leagues.Evening:
    """A tournament as the league reads it: its standings once it is finished, nothing before."""
    if not state.finished:
        return leagues.Evening(state.tournament.id, ())
    return leagues.Evening(state.tournament.id, tuple(
        leagues.Score(frozenset(state.entries[s.entry].players), s.match_points, s.points_for, place)
        for place, s in enumerate(state.standings, start=1)))


def load_league(league_id: int) -> LeagueState:
    """The league and its table (404 if there is none)."""
    try:
        league = store.get_league(store.get_db(), league_id)
    except store.NotFound:
        abort(404)
    evenings = tuple(load_state(tournament_id) for tournament_id in league.evenings)
    names: dict[leagues.Competitor, str] = {}
    for state in evenings:  # each named as its latest evening entered it
        for entry_id, entry in state.entries.items():
            names[frozenset(entry.players)] = state.entry_name(entry_id)
    return LeagueState(league, games.get_rules(league.game), evenings,
                       leagues.table([evening_of(state) for state in evenings], league.rule, names))


def fits(tournament: store.Tournament, others: Sequence[store.Tournament]) -> None:
    """May ``tournament`` join a league's evenings ``others``? They enter the same: pairs, or
    single players (a league ranks one or the other).

    :raise RuleViolation: it enters pairs and they single players, or the other way round
    """
    rules = games.get_rules(tournament.game)
    size = seats_per_entry(tournament, rules)
    if any(seats_per_entry(other, rules) != size for other in others):
        message = N_("%(tournament)s enters pairs; this league's evenings enter single players") if size > 1 else \
            N_("%(tournament)s enters single players; this league's evenings enter pairs")
        raise RuleViolation(message, field="tournament", tournament=tournament.name)
