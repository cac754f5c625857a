"""The leagues' pages: the list and a league's page with its table (everyone), its wall (the club's
projector, everyone); a new league, its name and rule, its evenings added and removed (the
organiser)."""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _, lazy_gettext as _l
from wtforms import IntegerField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length, Optional

from ... import games, leagues, store
from ...errors import RuleViolation
from ...text import TITLE_MAX
from .. import access
from ..confirm import ask_first
from ..forms import EngineForm, Form, refused
from ..tournaments.core import startable_games
from ..tournaments.wall import WALL_POLL_S
from .core import LeagueState, bp, fits, load_league


class LeagueForm(EngineForm):
    """A league's name and rule (and, when it is new, its game)."""

    name = StringField(_l("Name"), validators=[DataRequired(_l("Give the league a name.")), Length(max=TITLE_MAX)],
                       render_kw={"maxlength": TITLE_MAX})
    rule = RadioField(_l("Ranking"), choices=[SelectChoice(k, _l(v)) for k, v in leagues.RULES.items()],
                      default="total", validate_choice=True)
    best = IntegerField(_l("Evenings counted (best)"), validators=[Optional()],
                        description=_l("With “best evenings”: how many of each one's evenings count"))
    minimum = IntegerField(_l("Evenings to be ranked (average)"), validators=[Optional()],
                           description=_l("With the average: those who played fewer evenings are listed apart, "
                                          "below the table"))

    def rule_chosen(self) -> leagues.Rule:
        """The rule as typed, checked (:func:`scorekeeper.leagues.check_rule`)."""
        return leagues.check_rule(leagues.Rule(self.rule.data or "", self.best.data or 0, self.minimum.data or 0))


def _game_choices() -> list[SelectChoice]:
    """The games a tournament can be played of (as the tournaments' list offers them)."""
    return [SelectChoice(rules.key, _(rules.name)) for rules in startable_games()]


class NewLeagueForm(LeagueForm):
    game = SelectField(_l("Game"), validate_choice=True)


class EveningForm(Form):
    tournament = SelectField(_l("Tournament"), coerce=int, validate_choice=False)


def evening_form(state: LeagueState) -> EveningForm:
    """The tournaments of the league's game that are not its evenings yet, the latest first."""
    form = EveningForm()
    form.tournament.choices = [SelectChoice(t.id, f"{t.name} · {t.created[:10]}")
                               for t in store.list_tournaments(store.get_db())
                               if t.game == state.league.game and t.id not in state.league.evenings]
    return form


@bp.get("/leagues")
def index():
    """Every league, the latest first (public)."""
    names = {key: rules.name for key, rules in games.RULES.items()}
    return render_template("leagues/index.html", leagues=store.list_leagues(store.get_db()), game_names=names,
                           organiser=access.is_organiser())


def _saved(form: LeagueForm, state: LeagueState | None, save: Callable[[str, leagues.Rule], int]):
    """The league form: checked, saved by ``save`` (given the name and the rule, it answers the
    league's id), or shown again with what was typed and each fault under its field."""
    if form.validate_on_submit():
        try:
            rule = form.rule_chosen()
        except RuleViolation as err:
            form.attach(err)
        else:
            return redirect(url_for("leagues.league", league_id=save(form.name.data.strip(), rule)))
    status = 422 if request.method == "POST" else 200
    return render_template("leagues/form.html", form=form, state=state), status


@bp.route("/leagues/new", methods=("GET", "POST"))
@access.organiser_only
def new():
    """Start a league: its name, game and rule."""
    form = NewLeagueForm()
    form.game.choices = _game_choices()
    return _saved(form, None, lambda name, rule: store.create_league(store.get_db(), name=name,
                                                                     game=form.game.data, rule=rule))


@bp.get("/leagues/<int:league_id>")
def league(league_id: int):
    """A league's table, each evening's match points in a column (public); the organiser's tools below."""
    state = load_league(league_id)
    organiser = access.is_organiser()
    return render_template("leagues/league.html", state=state, organiser=organiser,
                           evening_form=evening_form(state) if organiser else None, tie_breaks=_(leagues.TIE_BREAKS))


@bp.route("/leagues/<int:league_id>/edit", methods=("GET", "POST"))
@access.organiser_only
def edit(league_id: int):
    """A league's name and rule. The rule may change at any time: the table is derived from the
    evenings at every request, so it simply follows (a club that cancels an evening may count one
    evening fewer)."""
    state = load_league(league_id)
    kept = state.league
    form = LeagueForm(data={"name": kept.name, "rule": kept.rule.kind, "best": kept.rule.best or None,
                            "minimum": kept.rule.minimum or None})

    def save(name: str, rule: leagues.Rule) -> int:
        store.update_league(store.get_db(), league_id, name=name, rule=rule)
        flash(_("Saved."))
        return league_id

    return _saved(form, state, save)


def add(league_id: int, tournament_id: int) -> None:
    """Put a tournament in the league (the pages and the API).

    :raise RuleViolation: it may not be one of its evenings (another game, in already, another kind of entry)
    """
    store.add_evening(store.get_db(), league_id, tournament_id, fits)


@bp.post("/leagues/<int:league_id>/evenings")
@access.organiser_only
def add_evening(league_id: int):
    """Add a tournament of the league's game as one of its evenings."""
    state = load_league(league_id)
    form = evening_form(state)
    if form.validate_on_submit():
        try:
            add(league_id, form.tournament.data)
        except RuleViolation as err:
            flash(refused(err), "error")
    else:
        flash(_("Choose a tournament of the league's game."), "error")
    return redirect(url_for("leagues.league", league_id=league_id, _anchor="evenings"))


@bp.post("/leagues/<int:league_id>/evenings/<int:tournament_id>/remove")
@access.organiser_only
def remove_evening(league_id: int, tournament_id: int):
    """Take an evening out of the league (after a second tap); the tournament itself stays."""
    state = load_league(league_id)
    evening = next((s for s in state.evenings if s.tournament.id == tournament_id), None)
    if evening is None:
        abort(404)
    asked = ask_first(_("Take %(tournament)s out of the league? Its results no longer count in the table.",
                        tournament=evening.tournament.name), _("Take it out"),
                      url_for("leagues.league", league_id=league_id, _anchor="evenings"))
    if asked:
        return asked
    store.remove_evening(store.get_db(), league_id, tournament_id)
    flash(_("%(tournament)s is no longer an evening of the league.", tournament=evening.tournament.name))
    return redirect(url_for("leagues.league", league_id=league_id, _anchor="evenings"))


@bp.get("/leagues/<int:league_id>/wall")
def wall(league_id: int):
    """The league's table for the club's projector (1920×1080 and up), public; it updates itself."""
    return render_template("leagues/wall.html", state=load_league(league_id), poll=WALL_POLL_S,
                           tie_breaks=_(leagues.TIE_BREAKS))


@bp.get("/leagues/<int:league_id>/wall.json")
def wall_live(league_id: int):
    """The wall's live part alone, for the wall's script to put in place: ``{"html": ...}``."""
    return jsonify(html=render_template("leagues/_wall.html", state=load_league(league_id),
                                        tie_breaks=_(leagues.TIE_BREAKS)))
