"""The club's files: printed pairings, standings, table sheets with QR codes and the whole
tournament (the long ones in the background, scorekeeper.web.booklet), and a tournament's records:
JSON export and import, CSV standings. The organiser's only."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import get_locale, gettext as _

from .. import games, pairings, records, store, text
from ..errors import RuleViolation
from . import access, booklet
from .address import external_url
from .changes import change_json, history_lines, in_order
from .forms import ImportForm, refused
from .sheets import sheet_view
from .tournaments import State, TableView, awards_of, load_state

bp = Blueprint("club_files", __name__)


# -- printing ------------------------------------------------------------------------------

def _round_views(state: State, number: int) -> tuple[store.RoundRow, list[TableView]]:
    if not 0 < number <= len(state.rounds):
        abort(404)
    return state.rounds[number - 1], state.tables.get(number, [])


def _printed(template: str, **context: Any) -> str:
    return render_template(template, printed=date.today(), **context)


@bp.get("/tournaments/<int:tournament_id>/rounds/<int:number>/pairings.pdf")
@access.organiser_only
def pairings_pdf(tournament_id: int, number: int):
    """A round's tables and who sits where, to pin on the wall."""
    from .. import pdf

    state = load_state(tournament_id)
    round_, views = _round_views(state, number)
    html = _pairings_html(state, round_, views)
    return _pdf_response(pdf.html_to_pdf(html, _static()), f"round-{number}")


def _pairings_html(state: State, round_: store.RoundRow, views: list[TableView]) -> str:
    return _printed("print/pairings.html", state=state, views=views, byes=round_.byes,
                    title=_("%(tournament)s · round %(round)d", tournament=state.tournament.name, round=round_.number),
                    subtitle=_(state.rules.name))


def _standings_html(state: State) -> str:
    return _printed("print/standings.html", state=state, ranking_said=_(pairings.RANKINGS[state.tournament.ranking]),
                    awards=awards_of(state) if state.finished else [],
                    title=_("%(tournament)s · standings", tournament=state.tournament.name),
                    subtitle=_(state.rules.name))


@bp.get("/tournaments/<int:tournament_id>/standings.pdf")
@access.organiser_only
def standings_pdf(tournament_id: int):
    """The standings on A4, with the prize list's winners once the tournament is over."""
    from .. import pdf

    return _pdf_response(pdf.html_to_pdf(_standings_html(load_state(tournament_id)), _static()), "standings")


def _static() -> Path:
    return Path(current_app.static_folder or "static")


def _pdf_response(body: bytes, name: str) -> Response:
    return Response(body, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="scorekeeper-{name}.pdf"'})


def _print_in_background(tournament_id: int, kind: str, params: dict[str, Any], total: int):
    """Start a booklet and follow it; a busy printer is said on the tournament's page."""
    try:
        job = booklet.start(kind, params, total=total, language=str(get_locale() or "en"))
    except RuleViolation as err:
        flash(refused(err), "error")
        return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))
    return redirect(url_for("prints.job", token=job.token))


@bp.post("/tournaments/<int:tournament_id>/rounds/<int:number>/sheets")
@access.organiser_only
def round_sheets(tournament_id: int, number: int):
    """The round's table sheets (players, ruled lines, the table's link as a QR code), printed
    in the background."""
    state = load_state(tournament_id)
    _, views = _round_views(state, number)
    tables = [{"match": view.match.id, "round": number, "table": view.table.number,
               "url": external_url("tournaments.table_link", token=view.table.token)} for view in views]
    return _print_in_background(tournament_id, "tables", {"tables": tables, "tournament": tournament_id},
                                len(tables))


@booklet.kind("tables")
def table_sheet_parts(params: dict[str, Any]) -> Iterator[str]:
    """Blank table sheets, each with its table's link as a QR code."""
    from .. import pdf

    db = store.get_db()
    for table in params["tables"]:
        match = store.get_match(db, table["match"])
        view = sheet_view(match, games.get_rules(match.game), [])
        yield _printed("print/blank.html", qr=pdf.qr_data_uri(table["url"]), **view,
                       caption=(_("Round %(round)d · Table %(table)d", round=table["round"], table=table["table"]),))


@bp.post("/tournaments/<int:tournament_id>/booklet")
@access.organiser_only
def tournament_booklet(tournament_id: int):
    """The whole tournament: the standings, then each round's pairings and its tables' sheets,
    printed in the background."""
    state = load_state(tournament_id)
    total = 1 + sum(1 + len(views) for views in state.tables.values())
    return _print_in_background(tournament_id, "tournament", {"tournament": tournament_id}, total)


@booklet.kind("tournament")
def tournament_parts(params: dict[str, Any]) -> Iterator[str]:
    """The standings, then per round its pairings and every table's filled sheet with its history."""
    state = load_state(params["tournament"])
    db = store.get_db()
    yield _standings_html(state)
    for round_ in state.rounds:
        views = state.tables.get(round_.number, [])
        yield _pairings_html(state, round_, views)
        for view in views:
            deals = store.list_deals(db, view.match.id)
            history = history_lines(state.rules, view.match, store.list_events(db, view.match.id),
                                    store.list_signoffs(db, view.match.id))
            yield _printed("print/sheet.html", history=history, **sheet_view(view.match, state.rules, deals))


# -- records: export and import ------------------------------------------------------------

IMPORT_MAX_BYTES = 16 * 1024 * 1024  # a long tournament's record; other requests keep the app's limit


@bp.get("/tournaments/<int:tournament_id>/export.json")
@access.organiser_only
def export_json(tournament_id: int):
    """The whole tournament as a JSON record, to archive or to import on another machine."""
    state = load_state(tournament_id)
    db, t = store.get_db(), state.tournament
    head = {"name": t.name, "game": t.game, "options": dict(t.options), "format": t.format, "rounds": t.rounds,
            "deals": t.deals, "ranking": t.ranking, "seed": t.seed, "late_rounds": t.late_rounds,
            "confirm_results": t.confirm_results}
    members = {p for e in state.entries.values() for p in e.players}
    players = [{"id": p.id, "name": p.name, "licence": p.licence} for p in state.players.values() if p.id in members]
    entries = [{"id": e.id, "players": list(e.players), "joins": e.joins, "withdrawn": e.withdrawn}
               for e in state.entries.values()]
    rounds = [{"byes": list(r.byes), "tables": [
        {"sides": [list(side) for side in view.table.sides],
         "match": {"title": view.match.title, "players": dict(view.match.players),
                   "first_dealer": view.match.first_dealer, "deal_limit": view.match.deal_limit,
                   "deals": [dict(d.declarations) for d in store.list_deals(db, view.match.id)],
                   "history": [change_json(change) for change in in_order(
                       store.list_events(db, view.match.id), store.list_signoffs(db, view.match.id))]},
         **({"confirmation": _confirmation(state, view)} if t.confirm_results else {}),
         **({"closed": {"reason": view.closed.reason, "deals": view.closed.deals, "winner": view.closed.winner}}
            if view.closed else {})}
        for view in state.tables.get(r.number, [])]} for r in state.rounds]
    body = json.dumps(records.export(head, players, entries, rounds), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="scorekeeper-tournament-{tournament_id}.json"'})


def _confirmation(state: State, view: TableView) -> dict[str, Any]:
    """A table's confirmation state as the export keeps it: ``status`` (``unfinished``,
    ``unconfirmed``, ``confirmed``, ``disputed``, ``validated``), who confirmed for each side and
    the disputes' lines."""
    signoff = view.signoff or store.SignoffState()
    return {"status": view.signoff_status if view.result is not None else "unfinished",
            "confirmed": [{"side": s.side, "seat": s.seat, "name": s.name, "at": s.at} for s in signoff.confirmed],
            "disputes": [{"text": s.text, "at": s.at} for s in signoff.disputes],
            "validated": signoff.validated.at if signoff.validated else None}


@bp.get("/tournaments/<int:tournament_id>/standings.csv")
@access.organiser_only
def standings_csv(tournament_id: int):
    """The standings as CSV (a spreadsheet, the federation's form)."""
    state = load_state(tournament_id)
    out = io.StringIO()
    writer = csv.writer(out)
    rows = [[_("Place"), _("Entry"), _("Match points"), _("Won"), _("Drawn"), _("Lost"), _("Byes"),
             _("Points"), _("Points against"), _("Difference")]]
    rows += [[place, state.entry_name(s.entry), s.match_points, s.wins, s.draws, s.losses, s.byes,
              s.points_for, s.points_against, s.difference] for place, s in enumerate(state.standings, start=1)]
    writer.writerows([text.inert_cell(cell) for cell in row] for row in rows)  # names typed by anyone
    # a byte-order mark first: a spreadsheet opening the file then reads "Différence" as UTF-8
    return Response("\ufeff" + out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="scorekeeper-standings-{tournament_id}.csv"'})


@bp.route("/tournaments/import", methods=("GET", "POST"))
@access.organiser_only
def import_json():
    """Import a tournament record exported by Scorekeeper: checked whole, stored whole or not at all."""
    form = ImportForm()
    if form.validate_on_submit():
        sent = form.record.data.read()
        form.record.data.close()  # (a large one waits in a temporary file: let go at once)
        try:
            record = records.read(text.loads(sent, "record"))
        except RuleViolation as err:
            said = refused(err)
            form.record.errors = [_("%(place)s: %(problem)s", place=err.field or "record", problem=said)]
        except ValueError:  # (not JSON, nor UTF-8)
            form.record.errors = [_("The file is not JSON: pick the .json file a tournament was exported to.")]
        else:
            tournament_id = store.import_tournament(store.get_db(), record, access.new_token)
            flash(_("The tournament was imported; each table has a new link."))
            return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))
    status = 422 if request.method == "POST" else 200
    return render_template("tournaments/import.html", form=form), status


import_json.max_content_length = IMPORT_MAX_BYTES  # type: ignore[attr-defined]  (read by safety.CleanRequest)
