"""Rounds and tables: the draw, swapping two entries before a round begins, a table's new link,
and the table's secret link its phone opens."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask import abort, flash, redirect, url_for
from flask_babel import gettext as _

from ... import evening, pairings, store
from ...errors import N_, RuleViolation
from .. import access
from ..confirm import ask_first
from ..forms import refused, swap_form
from .core import State, bp, load_state, names_of, seating


def _apart(state: State) -> pairings.Apart:
    """The entries this tournament's draws keep apart."""
    return evening.apart_entries({e.id: e.players for e in state.entries.values()},
                                 [(a, b) for _, a, b in store.list_apart(store.get_db(), state.tournament.id)])


def _check_drawable(tournament_id: int, number: int) -> None:
    """Inside the draw's write lock: may round ``number`` be drawn now? (:func:`evening.check_drawable`)"""
    state = load_state(tournament_id)
    evening.check_drawable(number, drawn=len(state.rounds), planned=state.tournament.rounds,
                           last_finished=state.round_finished(len(state.rounds)),
                           playing=len(evening.drawn_in(state.entries.values(), number)),
                           need=4 if state.tournament.format == "individual" else 2)


@dataclass(frozen=True, slots=True)
class Drawn:
    """A round just drawn: its number, its tables, and the entries it could not keep apart."""

    number: int
    tables: int
    broken_apart: list[frozenset[int]]


def draw_next(state: State) -> Drawn:
    """Draw the next round of ``state``'s tournament: its tables and their links (round one at
    random from the seed, then Swiss, or rotating partners).

    :raise RuleViolation: the round may not be drawn now (:func:`evening.check_drawable`)
    """
    tournament_id = state.tournament.id
    number = len(state.rounds) + 1
    apart = _apart(state)
    round_ = pairings.next_round(
        list(state.entries), [pairings.Round(tuple(t.sides for t in r.tables), r.byes) for r in state.rounds],
        [v.outcome for views in state.tables.values() for v in views if v.outcome is not None],
        seats=4 if state.tournament.format == "individual" else 2, seed=state.tournament.seed,
        ranking=state.tournament.ranking, playing=evening.drawn_in(state.entries.values(), number),
        credited=evening.missed_byes(state.entries.values(), state.tournament.late_rounds), apart=apart)
    seats = state.rules.table(state.tournament.options).seats
    tables = [(sides, names_of(seating(state.tournament, state.rules, sides, state.entries), state.players),
               access.new_token(), _("%(tournament)s · round %(round)d, table %(table)d",
                                     tournament=state.tournament.name, round=number, table=index))
              for index, sides in enumerate(round_.tables, start=1)]
    store.add_round(store.get_db(), tournament_id, number, round_.byes, tables, game=state.rules.key,
                    first_dealer=seats[0], options=state.tournament.options,
                    deal_limit=state.tournament.deals, ready=lambda: _check_drawable(tournament_id, number))
    return Drawn(number, len(tables), pairings.broken_apart(round_, apart))


@bp.post("/tournaments/<int:tournament_id>/rounds")
@access.organiser_only
def draw(tournament_id: int):
    """Draw the next round (:func:`draw_next`)."""
    state = load_state(tournament_id)
    try:
        drawn = draw_next(state)
    except RuleViolation as err:
        flash(refused(err), "error")
        number = len(state.rounds) + 1
    else:
        number = drawn.number
        flash(_("Round %(round)d is drawn: %(tables)d tables.", round=number, tables=drawn.tables))
        for pair in drawn.broken_apart:
            flash(_("%(first)s and %(second)s could not be kept apart this round: every other draw was worse.",
                    first=state.entry_name(min(pair)), second=state.entry_name(max(pair))), "error")
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor=f"round-{number}"))


@bp.post("/tournaments/<int:tournament_id>/swap")
@access.organiser_only
def swap(tournament_id: int):
    """Exchange two entries' places in the last round before any of its deals is recorded."""
    state = load_state(tournament_id)
    if not state.rounds:
        abort(404)
    last = state.rounds[-1]
    form = swap_form([(e, "") for table in last.tables for side in table.sides for e in side])
    if not form.validate_on_submit():
        flash(_("Pick two entries of the round to swap."), "error")
        return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))
    first, second = int(form.first.data), int(form.second.data)
    if first == second:
        flash(_("Pick two different entries to swap."), "error")
        return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))

    def moved(side: Sequence[int]) -> tuple[int, ...]:
        return tuple(second if e == first else first if e == second else e for e in side)

    changes = []
    for table in last.tables:
        sides = tuple(moved(side) for side in table.sides)
        if sides != table.sides:
            changes.append((table.id, sides, names_of(seating(state.tournament, state.rules, sides, state.entries),
                                                    state.players)))

    def ready() -> None:
        if load_state(tournament_id).round_begun(last.number):
            raise RuleViolation(N_("Round %(round)d has begun: its seats can no longer change"), round=last.number)

    try:
        store.reseat_tables(store.get_db(), changes, ready)
    except RuleViolation as err:
        flash(refused(err), "error")
    else:
        flash(_("%(first)s and %(second)s swapped places.", first=state.entry_name(first),
                second=state.entry_name(second)))
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id, _anchor=f"round-{last.number}"))


@bp.post("/tournaments/<int:tournament_id>/tables/<int:table_id>/token")
@access.organiser_only
def reissue(tournament_id: int, table_id: int):
    """Revoke a table's link and make a new one (a phone that had the old one is refused)."""
    state = load_state(tournament_id)
    table = next((t for r in state.rounds for t in r.tables if t.id == table_id), None)
    if table is None:
        abort(404)
    asked = ask_first(_("Make a new link for table %(number)d? A phone holding the old link is refused "
                        "from now on.", number=table.number), _("New link"),
                      url_for("tournaments.tournament", tournament_id=tournament_id))
    if asked:
        return asked
    store.set_table_token(store.get_db(), table_id, access.new_token())
    flash(_("The table's old link no longer works; here is its new one."))
    return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))


@bp.get("/t/<token>")
def table_link(token: str):
    """A table's secret link: this phone may now record the deals of that table, and only those."""
    table = store.table_by_token(store.get_db(), token)
    if table is None:
        abort(404)
    access.grant_table(table.match_id, token)
    return redirect(url_for("matches.sheet", match_id=table.match_id))
