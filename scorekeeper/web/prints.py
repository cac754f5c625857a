"""Booklets: several sheets printed as one PDF in the background (scorekeeper.web.booklet).

A POST queues the booklet and answers at once with its progress page; the page refreshes
itself until the booklet is ready, then offers the PDF. The booklet's address carries an
unguessable token.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, send_file, url_for
from flask_babel import gettext as _

from .. import store
from ..errors import RuleViolation
from . import booklet
from .forms import refused, sheets_form
from .languages import language
from .main import recent_matches, render_index

bp = Blueprint("prints", __name__, url_prefix="/prints")


@bp.post("/sheets")
def sheets():
    """Queue a booklet of the ticked matches' sheets; a bad choice is shown on the front page."""
    matches = recent_matches()
    form = sheets_form(matches)
    if not form.validate_on_submit():
        return render_index(matches, form), 422
    chosen = sorted(form.sheet.data)
    try:
        job = booklet.start("sheets", {"matches": chosen}, total=len(chosen), language=language())
    except RuleViolation as err:
        form.sheet.errors = [refused(err)]
        return render_index(matches, form), 422
    return redirect(url_for("prints.job", token=job.token))


def _job(token: str) -> store.PrintJob:
    """:raise NotFound: (404) no booklet under that token"""
    try:
        return store.get_print_job(store.get_db(), token)
    except store.NotFound:
        abort(404)


def stalled(job: store.PrintJob) -> bool:
    """A booklet whose process is gone before it was done."""
    return job.status in ("queued", "running") and not booklet.printing(job)


@bp.get("/<token>")
def job(token: str):
    """How far the booklet has got; the PDF once it is ready. The printing processes that have
    ended are let go (:func:`booklet.reap`)."""
    booklet.reap()
    found = _job(token)
    tournament_id = found.params.get("tournament")
    back = url_for("tournaments.tournament", tournament_id=tournament_id) if tournament_id else url_for("main.index")
    return render_template("prints/job.html", job=found, stalled=stalled(found), back=back)


@bp.get("/<token>.pdf")
def job_pdf(token: str):
    """The finished booklet."""
    found = _job(token)
    path = booklet.output_path(current_app.config["DATABASE"], token)
    if found.status != "done" or not path.is_file():  # (a file cleared away since: gone, not an error)
        abort(404)
    return send_file(path, mimetype="application/pdf", download_name=f"scorekeeper-booklet-{found.id}.pdf")
