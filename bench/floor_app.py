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

``SCOREKEEPER_BASELINE_DATABASE`` names the database (:func:`.baseline_app.init_db`),
``SCOREKEEPER_SECRET_FILE`` the file holding the secret key (one key for every worker).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from flask import Flask, flash, redirect, render_template_string, request
from flask_wtf import FlaskForm
from flask_wtf.csrf import CSRFProtect
from wtforms import BooleanField, HiddenField, IntegerField, RadioField
from wtforms.validators import NumberRange, Optional

from .baseline_app import writing

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


def make_app(with_form: bool) -> Flask:
    """The floor, with the deal form bound and validated by WTForms or (``with_form`` false)
    the posted fields stored as they came."""
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
        with writing() as conn:
            conn.execute("INSERT INTO deals (match_id, declarations) VALUES (?, ?)",
                         (match_id, json.dumps(declarations)))
        flash("Deal saved.")
        return redirect(f"/matches/{match_id}")

    return floor


app = make_app(with_form=True)
csrf_only = make_app(with_form=False)
