"""The club's files: printed pairings, standings, table sheets with QR codes and the whole
tournament (the long ones in the background, scorekeeper.web.booklet), and a tournament's records:
JSON export and import, spreadsheets (XLSX, CSV). The organiser's only."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, date, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import games, pairings, records, spreadsheets, store, text
from ..errors import RuleViolation
from . import access, booklet
from .address import external_url
from ..spreadsheets import Part
from .changes import history_lines
from .forms import ImportForm, refused
from .languages import language
from .sheets import sheet_view, side_names, stored_sheet
from .signoffs import sign_state
from .tournaments import State, TableView, awards_of, load_state

if TYPE_CHECKING:
    from ..pdf import Layered, Layouts

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
    return pdf_response(pdf.html_to_pdf(html, _static()), f"round-{number}")


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

    return pdf_response(pdf.html_to_pdf(_standings_html(load_state(tournament_id)), _static()), "standings")


def _static() -> Path:
    return Path(current_app.static_folder or "static")


def pdf_response(body: bytes, name: str) -> Response:
    return Response(body, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="scorekeeper-{name}.pdf"'})


def _print_in_background(tournament_id: int, kind: str, params: dict[str, Any], total: int):
    """Start a booklet and follow it; a busy printer is said on the tournament's page."""
    try:
        job = booklet.start(kind, params, total=total, language=language())
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
def table_sheet_parts(params: dict[str, Any]) -> Iterator[Layered]:
    """Blank table sheets, each with its table's link as a QR code: each printed in two layers, the
    table's own header over the grid that every sheet of the same shape shares (drawn once a printer)."""
    from .. import pdf

    db = store.get_db()
    for table in params["tables"]:
        match = store.get_match(db, table["match"])
        view = sheet_view(match, games.get_rules(match.game), [])
        caption = _("Round %(round)d · Table %(table)d", round=table["round"], table=table["table"])
        sheet = partial(_printed, "print/blank.html", qr=pdf.printed_qr(table["url"]), caption=(caption,),
                        **view)
        yield pdf.Layered(top=sheet(layer="top"), under=sheet(layer="under"), whole=sheet)


@bp.post("/tournaments/<int:tournament_id>/booklet")
@access.organiser_only
def tournament_booklet(tournament_id: int):
    """The whole tournament: the standings, then each round's pairings and its tables' sheets,
    printed in the background."""
    state = load_state(tournament_id)
    total = 1 + sum(1 + len(views) for views in state.tables.values())
    return _print_in_background(tournament_id, "tournament", {"tournament": tournament_id}, total)


@booklet.kind("tournament")
def tournament_parts(params: dict[str, Any]) -> Iterator[Layouts]:
    """The standings, then per round its pairings and every table's filled sheet with its history."""
    from .. import pdf

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
            yield pdf.sheet_html(printed=date.today(), history=history, **sheet_view(view.match, state.rules, deals))


# -- records: export and import ------------------------------------------------------------

IMPORT_MAX_BYTES = 16 * 1024 * 1024  # a long tournament's record; other requests keep the app's limit


@bp.get("/tournaments/<int:tournament_id>/export.json")
@access.organiser_only
def export_json(tournament_id: int):
    """The whole tournament as a JSON record, to archive or to import on another machine."""
    body = json.dumps(tournament_record(load_state(tournament_id)), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="scorekeeper-tournament-{tournament_id}.json"'})


def tournament_record(state: State) -> dict[str, Any]:
    """The tournament's record (scorekeeper.records, docs/export.schema.json): players, entries
    and deals numbered from 1 in the record's own order, so that the same tournament gives the
    same record on every machine."""
    db, t = store.get_db(), state.tournament
    head = {"name": t.name, "game": t.game, "options": dict(t.options), "format": t.format, "rounds": t.rounds,
            "deals": t.deals, "ranking": t.ranking, "seed": t.seed, "late_rounds": t.late_rounds, "created": t.created,
            "confirm_results": t.confirm_results}
    members = {p for e in state.entries.values() for p in e.players}
    player_ids = {p.id: n for n, p in enumerate((p for p in state.players.values() if p.id in members), start=1)}
    entry_ids = {entry_id: n for n, entry_id in enumerate(state.entries, start=1)}
    players = [{"id": player_ids[p.id], "name": p.name, "licence": p.licence} for p in state.players.values()
               if p.id in members]
    entries = [{"id": entry_ids[e.id], "players": [player_ids[p] for p in e.players], "joins": e.joins,
                "withdrawn": e.withdrawn} for e in state.entries.values()]
    rounds = [{"byes": [entry_ids[e] for e in r.byes], "tables": [
        {"sides": [[entry_ids[e] for e in side] for side in view.table.sides],
         "match": _match_record(db, view.match),
         **({"confirmation": _confirmation(state, view)} if t.confirm_results else {}),
         **({"closed": {"reason": view.closed.reason, "deals": view.closed.deals, "winner": view.closed.winner}}
            if view.closed else {})}
        for view in state.tables.get(r.number, [])]} for r in state.rounds]
    return records.export(t.uuid, datetime.now(UTC).isoformat(timespec="seconds"), head, players, entries, rounds)


def _match_record(db: Any, match: store.Match) -> dict[str, Any]:
    """A table's match: its players, every deal as declared and every change, deals numbered
    from 1 in the order they first appear in its history."""
    events, deals = store.list_events(db, match.id), store.list_deals(db, match.id)
    refs = {deal_id: n for n, deal_id in enumerate(dict.fromkeys(
        [e.deal_id for e in events if e.deal_id is not None] + [d.id for d in deals]), start=1)}
    return {"title": match.title, "players": dict(match.players), "first_dealer": match.first_dealer,
            "deal_limit": match.deal_limit,
            "deals": [{"deal": refs[d.id], "declarations": dict(d.declarations)} for d in deals],
            "history": [{"at": e.at, "by": {"kind": e.by.kind, "label": e.by.label}, "action": e.action,
                         "deal": None if e.deal_id is None else refs[e.deal_id], "seq": e.seq, "before": e.before,
                         "after": e.after} for e in events]}


def _confirmation(state: State, view: TableView) -> dict[str, Any]:
    """A table's confirmation state as the export keeps it (:func:`.signoffs.sign_state`)."""
    return sign_state(view.signoff_status if view.result is not None else "unfinished",
                      view.signoff or store.SignoffState())


# -- spreadsheets ----------------------------------------------------------------------------

def standings_part(state: State, title: str | None = None) -> Part:
    """The standings, one row per entry (a league's workbook names the sheet after the evening)."""
    return Part(title or _("Standings"), (_("Place"), _("Entry"), _("Match points"), _("Won"), _("Drawn"), _("Lost"),
                                 _("Byes"), _("Points"), _("Points against"), _("Difference")),
                tuple((place, state.entry_name(s.entry), s.match_points, s.wins, s.draws, s.losses, s.byes,
                       s.points_for, s.points_against, s.difference)
                      for place, s in enumerate(state.standings, start=1)))


def _pairings_part(state: State) -> Part:
    """Who sat where in each round (one row per side of a table), then who sat out."""
    rows: list[tuple[Any, ...]] = []
    for round_ in state.rounds:
        for view in state.tables.get(round_.number, []):
            rows += [(round_.number, view.table.number, side, names) for side, names in view.seated(state.rules)]
        rows += [(round_.number, None, _("bye"), state.entry_name(entry)) for entry in round_.byes]
    return Part(_("Pairings"), (_("Round"), _("Table"), _("Side"), _("Players")), tuple(rows))


def _deals_part(state: State) -> Part:
    """Every table's deals that count, one row per deal and side: its score and the side's total."""
    db, rows = store.get_db(), []
    for round_ in state.rounds:
        for view in state.tables.get(round_.number, []):
            sheet = stored_sheet(db, view.match, state.rules).sheet
            table = state.rules.table(view.match.options)
            names = side_names(state.rules, table, view.match.players)
            for number, row in enumerate(sheet.rows[:sheet.counted], start=1):
                said = row.scored.summary.render(_)
                rows += [(round_.number, view.table.number, number, said, state.rules.side_label(side), names[side],
                          row.scored.score[side], row.totals[side]) for side in table.sides]
    return Part(_("Deals"), (_("Round"), _("Table"), _("Deal"), _("Contract"), _("Side"), _("Players"),
                             _("Score"), _("Total")), tuple(rows))


PARTS = {"standings": standings_part, "pairings": _pairings_part, "deals": _deals_part}


def download(body: bytes, mimetype: str, name: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/tournaments/<int:tournament_id>/tournament.xlsx")
@access.organiser_only
def tournament_xlsx(tournament_id: int):
    """The standings, the pairings and every table's deals as a workbook, a sheet each."""
    state = load_state(tournament_id)
    return download(spreadsheets.to_xlsx([part(state) for part in PARTS.values()]),
                     "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                     f"scorekeeper-tournament-{tournament_id}.xlsx")


@bp.get("/tournaments/<int:tournament_id>/<any(standings, pairings, deals):part>.csv")
@access.organiser_only
def tournament_csv(tournament_id: int, part: str):
    """One part of the tournament as CSV, with the separator the reader's language expects."""
    body = spreadsheets.to_csv(PARTS[part](load_state(tournament_id)), language())
    return download(body, "text/csv", f"scorekeeper-{part}-{tournament_id}.csv")


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
            tournament_id, added = store.import_tournament(store.get_db(), record, access.new_token)
            flash(_("The tournament was imported; each table has a new link.") if added else
                  _("This tournament was imported already (the same uuid): nothing was added."))
            return redirect(url_for("tournaments.tournament", tournament_id=tournament_id))
    status = 422 if request.method == "POST" else 200
    return render_template("tournaments/import.html", form=form), status


import_json.max_content_length = IMPORT_MAX_BYTES  # type: ignore[attr-defined]  (read by safety.CleanRequest)
