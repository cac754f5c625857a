"""The bench's floor: what the stack this project must use costs for one deal form's POST.

Flask, Flask-WTF's CSRF protection and a form of the deal form's 14 fields (the CSRF token
included) bound and validated by WTForms, the "Deal saved." message flashed into the session,
one row inserted (:func:`.baseline_app.writing`: the baseline's connection and settings) and
a redirect. No rules engine, no match or deals read, no templates beyond the form's inputs, no
translations: where our POST stands between this floor and the bare baseline says how much of
its cost is ours to win.

``csrf_only`` is the same without the WTForms form (the posted fields stored as they came,
Flask-WTF's CSRF protection still checking the token): what Flask-WTF's form costs on top of
its CSRF protection.

``recorded`` is the floor with what any deal POST of ours must write beside the deal (not a row
of ``make bench``; docs/performance.md measures it): the match's row read, and under the write
lock its version bumped unless a deal already holds the form's nonce (a replay), the deal
inserted with its nonce and its event (DESIGN.md principle 5: no change without its record).

``SCOREKEEPER_BASELINE_DATABASE`` names the database (:func:`.baseline_app.init_db`),
``SCOREKEEPER_SECRET_FILE`` the file holding the secret key (one key for every worker).
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

from flask import Flask, flash, redirect, render_template_string, request
from flask_wtf import FlaskForm
from flask_wtf.csrf import CSRFProtect
from wtforms import BooleanField, HiddenField, IntegerField, RadioField
from wtforms.validators import NumberRange, Optional

from .baseline_app import _db as connection, writing

SEATS = [(seat, seat) for seat in "NESW"]
SIDES = [("bidders", "bidders"), ("defenders", "defenders")]
POINTS = [Optional(), NumberRange(0, 162)]


class DealForm(FlaskForm):
    """The deal form's fields as the bench's clients send them (load.DEAL_FORMS)."""

    version = HiddenField()
    nonce = HiddenField()
    dealer = RadioField(choices=SEATS)
    bidder = RadioField(choices=SEATS)
    bid = RadioField(choices=[(str(bid), str(bid)) for bid in range(80, 170, 10)])
    trump = RadioField(choices=[(suit, suit) for suit in "SHDC"])
    contre = BooleanField()
    surcontre = BooleanField()
    bidder_points = IntegerField(validators=POINTS)
    defender_points = IntegerField(validators=POINTS)
    last_trick = RadioField(choices=SIDES)
    capot = BooleanField()
    belote = RadioField(choices=[("", "-"), *SIDES])


FORM = "<form method=post>{% for field in form %}{{ field }}{% endfor %}</form>"
TOKEN_ONLY = ('<form method=post><input name="csrf_token" type="hidden" value="{{ csrf_token() }}">'
              '<input name="version" type="hidden" value="1"></form>')


def make_app(with_form: bool, recorded: bool = False) -> Flask:
    """The floor, with the deal form bound and validated by WTForms or (``with_form`` false)
    the posted fields stored as they came; ``recorded``: with the match's version and the deal's
    event (above)."""
    floor = Flask(__name__)
    floor.config["SECRET_KEY"] = Path(os.environ["SCOREKEEPER_SECRET_FILE"]).read_text().strip()
    CSRFProtect(floor)

    @floor.route("/matches/<int:match_id>/deals/new", methods=("GET", "POST"))
    def new_deal(match_id: int):
        """The form (GET), or the deal inserted and the phone sent to the sheet (POST)."""
        if with_form:
            form = DealForm(data={"version": 1})
            if not form.validate_on_submit():
                return render_template_string(FORM, form=form), 422 if form.is_submitted() else 200
            declarations = form.data
        elif request.method == "POST":
            declarations = request.form.to_dict()
        else:
            return render_template_string(TOKEN_ONLY)
        if recorded:
            _record(match_id, declarations)
        else:
            with writing() as conn:
                conn.execute("INSERT INTO deals (match_id, declarations) VALUES (?, ?)",
                             (match_id, json.dumps(declarations)))
        flash("Deal saved.")
        return redirect(f"/matches/{match_id}")

    return floor


def _record(match_id: int, declarations: dict[str, object]) -> None:
    """The deal written as ours must write it: the match read (before the lock, as ours), its
    version bumped unless the nonce was seen, the deal and its event inserted (five statements
    under the lock, as ours)."""
    stored = json.dumps(declarations)
    connection().execute("SELECT id, version FROM recorded_matches WHERE id = ?", (match_id,)).fetchone()
    with writing() as conn:
        conn.execute("UPDATE recorded_matches SET version = version + 1 WHERE id = ? AND NOT EXISTS "
                     "(SELECT 1 FROM recorded_deals WHERE nonce = ?) RETURNING version",
                     (match_id, declarations["nonce"])).fetchone()
        (deal_id,) = conn.execute("INSERT INTO recorded_deals (match_id, declarations, nonce) "
                                  "VALUES (?, ?, ?) RETURNING id",
                                  (match_id, stored, declarations["nonce"])).fetchone()
        conn.execute("INSERT INTO recorded_events (match_id, deal_id, at, after) VALUES (?, ?, ?, ?)",
                     (match_id, deal_id, datetime.now(UTC).isoformat(timespec="seconds"), stored))


app = make_app(with_form=True)
csrf_only = make_app(with_form=False)
recorded = make_app(with_form=True, recorded=True)
