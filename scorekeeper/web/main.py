"""The front page and the language switch."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from flask_wtf import FlaskForm

from .. import games, store
from .forms import sheets_form
from .safety import local_target

bp = Blueprint("main", __name__)
LANG_COOKIE_AGE = 365 * 24 * 3600
RECENT = 30  # matches the front page lists, and offers to print


def recent_matches() -> list[store.Match]:
    """The latest matches not archived, newest first."""
    return store.page_of_matches(store.get_db(), size=RECENT).matches


def render_index(matches: list[store.Match], booklet: FlaskForm) -> str:
    """The front page: the games one can start, the latest ``matches`` and the ``booklet`` form
    that prints their sheets."""
    return render_template("index.html", games=games.RULES.values(),
                           game_names={key: rules.name for key, rules in games.RULES.items()},
                           matches=matches, booklet=booklet)


@bp.route("/")
def index():
    """The games one can start, and the latest matches."""
    matches = recent_matches()
    return render_index(matches, sheets_form(matches))


@bp.route("/lang/<code>")
def set_language(code: str):
    """Remember the chosen language and go back where the reader was."""
    response = redirect(local_target(request.args.get("next"), url_for("main.index")))
    if code in current_app.config["LANGUAGES"]:
        response.set_cookie("lang", code, max_age=LANG_COOKIE_AGE, samesite="Lax")
    return response
