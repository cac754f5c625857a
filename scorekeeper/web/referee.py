"""The referee's tools: settle the table's arguments with the rules."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request

from .. import games
from ..cards import parse_cards, sort_cards
from ..errors import RuleViolation
from .forms import form_values, play_form

bp = Blueprint("referee", __name__, url_prefix="/referee")
PLAY = "legal_play"


@bp.route("/")
def index():
    """The games whose play the referee can check."""
    return render_template("referee/index.html",
                           games=[rules for rules in games.RULES.values() if PLAY in rules.referee_kinds])


@bp.route("/<game>/play", methods=("GET", "POST"))
def play(game: str):
    """May I play this? The legal cards of a hand, and the rule that refuses the others."""
    rules = games.RULES.get(game)
    if rules is None or PLAY not in rules.referee_kinds:
        abort(404)
    options = rules.resolve_options(rules.play_options)
    form = play_form(rules, options)
    ruling, hand = None, ()
    if form.validate_on_submit():
        query = form_values(form)
        try:
            ruling = rules.referee(PLAY, query, options)
        except RuleViolation as err:
            form.attach(err)
        else:
            hand = sort_cards(parse_cards(query["hand"]))
    failed = request.method == "POST" and ruling is None
    return render_template("referee/play.html", rules=rules, form=form, ruling=ruling, hand=hand,
                           legal=set(ruling.answer["legal"]) if ruling else set()), 422 if failed else 200
