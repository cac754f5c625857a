"""A league's files, for everyone as its page: the table printed (PDF), as CSV, and as a workbook
with the table and each finished evening's standings (XLSX)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from flask import current_app, render_template
from flask_babel import gettext as _

from ... import leagues, spreadsheets
from ...spreadsheets import Part
from ..club_files import download, pdf_response, standings_part
from ..languages import language
from .core import LeagueState, bp, load_league

def table_part(state: LeagueState) -> Part:
    """The league's table: one row per line, the ranked then those listed apart (no place); an
    evening not played is an empty cell."""
    header = (_("Place"), _("Entry"), *(evening.tournament.name for evening in state.evenings), _("Score"),
              _("Evenings played"), _("Evenings won"), _("Points"))
    rows = tuple((line.place, line.name, *(None if result is None else result.match_points
                                           for result in line.results),
                  leagues.shown(line.score), line.played, line.won, leagues.shown(line.points))
                 for line in (*state.table.ranked, *state.table.apart))
    return Part(_("League"), header, rows)


@bp.get("/leagues/<int:league_id>/league.pdf")
def league_pdf(league_id: int):
    """The league's table on A4 (landscape past eight evenings)."""
    from ... import pdf

    state = load_league(league_id)
    html = render_template("print/league.html", state=state, printed=date.today(), tie_breaks=_(leagues.TIE_BREAKS),
                           title=state.league.name, subtitle=_(state.rules.name))
    return pdf_response(pdf.html_to_pdf(html, Path(current_app.static_folder or "static")), f"league-{league_id}")


@bp.get("/leagues/<int:league_id>/league.csv")
def league_csv(league_id: int):
    """The league's table as CSV, with the separator the reader's language expects."""
    body = spreadsheets.to_csv(table_part(load_league(league_id)), language())
    return download(body, "text/csv", f"scorekeeper-league-{league_id}.csv")


@bp.get("/leagues/<int:league_id>/league.xlsx")
def league_xlsx(league_id: int):
    """The league's table, then each finished evening's standings, a sheet each."""
    state = load_league(league_id)
    parts = [table_part(state), *(standings_part(evening, title=evening.tournament.name) for evening in state.counted)]
    return download(spreadsheets.to_xlsx(parts), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                    f"scorekeeper-league-{league_id}.xlsx")
