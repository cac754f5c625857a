"""The front page and the language switch."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from .. import games, store

bp = Blueprint("main", __name__)
LANG_COOKIE_AGE = 365 * 24 * 3600


@bp.route("/")
def index():
    """The games one can start, and the latest matches."""
    return render_template("index.html", games=games.RULES.values(),
                           game_names={key: rules.name for key, rules in games.RULES.items()},
                           matches=store.list_matches(store.get_db(), limit=30))


@bp.route("/lang/<code>")
def set_language(code: str):
    """Remember the chosen language and go back where the reader was."""
    target = request.args.get("next", "")
    if not target.startswith("/") or target.startswith("//"):
        target = url_for("main.index")
    response = redirect(target)
    if code in current_app.config["LANGUAGES"]:
        response.set_cookie("lang", code, max_age=LANG_COOKIE_AGE, samesite="Lax")
    return response
