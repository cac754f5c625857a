"""The web layer: blueprints and one error funnel that answers in HTML or JSON alike."""

from __future__ import annotations

from flask import Flask, g, jsonify, render_template, request
from flask_babel import get_locale, get_translations, gettext as _, lazy_gettext as _l
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

from .. import store
from ..cards import SUIT_SYMBOLS, Suit
from ..errors import RuleViolation, TooLong
from . import (address, api, assets, casual, club_api, club_files, history, irregular, leagues, leagues_api, live,
               main, matches, prints, profiles, profiles_api, referee, safety, sheets, signoffs, signoffs_api,
               tournaments)
from .forms import in_seat_letters, refused, seat_letters, seat_text


GROUP_TITLES = {"contract": _l("Contract"), "result": _l("Result"), "announces": _l("Announces"),
                "melds": _l("Melds"), "sequences": _l("Sequences"), "roem": _l("Roem"), "play": _l("The trick"),
                "hands": _l("Hands"), "claim": _l("The claim"), "count": _l("The pile"),
                "doubling": _l("Doubling"), "quints": _l("Quints"), "tricks": _l("Tricks"), "trick": _l("The trick"),
                "misdeal": _l("Misdeal"), "revoke": _l("Revoke"), "penalty": _l("Penalty")}
RETRY_AFTER_S = 5  # a 429's advice (Retry-After)
PRINTED_TITLE_MAX = 120  # characters of a printed title: the heading, and every page's running header


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _error(message: str, status: int, field: str | None = None):
    if _wants_json():
        return jsonify(error={"message": message, "field": field}), status
    return render_template("error.html", message=message, status=status), status


def register(app: Flask, csrf: CSRFProtect) -> None:
    """Blueprints, template helpers and the error funnel."""
    safety.init_app(app)
    app.register_blueprint(main.bp)
    app.register_blueprint(matches.bp)
    app.register_blueprint(irregular.bp)
    app.register_blueprint(casual.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(signoffs.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(prints.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(club_files.bp)
    app.register_blueprint(leagues.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(club_api.bp)
    app.register_blueprint(signoffs_api.bp)
    app.register_blueprint(leagues_api.bp)
    app.register_blueprint(address.bp)
    app.register_blueprint(profiles.bp)
    app.register_blueprint(profiles_api.bp)
    csrf.exempt(api.bp)
    csrf.exempt(club_api.bp)
    csrf.exempt(signoffs_api.bp)
    csrf.exempt(profiles_api.bp)
    csrf.exempt(leagues_api.bp)
    assets.init_app(app)

    app.jinja_env.globals["group_title"] = lambda group: GROUP_TITLES.get(group, group.capitalize())
    app.jinja_env.globals["get_locale"] = get_locale
    app.jinja_env.globals["external_url"] = address.external_url
    app.jinja_env.globals["phones_cannot_open"] = address.phones_cannot_open
    app.jinja_env.globals["PRINTED_TITLE_MAX"] = PRINTED_TITLE_MAX
    app.jinja_env.globals["deal_runs"] = sheets.deal_runs
    app.jinja_env.globals["save_rules_link"] = profiles.save_link

    def translations():
        """The reader's catalogue, looked up once per request: a sheet says hundreds of lines."""
        if "translations" not in g:
            g.translations = get_translations()
        return g.translations

    # Flask-Babel's template callables look the catalogue up at every string; these, once a request.
    app.jinja_env.install_gettext_callables(
        gettext=lambda text: translations().ugettext(text),
        ngettext=lambda one, many, n: translations().ungettext(one, many, n),
        newstyle=True)

    @app.template_filter("say")
    def say_filter(say) -> str:
        """A Say line of the engine in the reader's language, and in its seat letters."""
        return in_seat_letters(say, seat_letters()).render(translations().gettext)

    app.template_filter("seat")(seat_text)

    @app.template_filter("suit")
    def suit_filter(code: str) -> str:
        """A suit letter as its symbol."""
        return SUIT_SYMBOLS.get(Suit(code), code) if code in tuple(Suit) else code

    @app.errorhandler(RuleViolation)
    def rule_violation(err: RuleViolation):
        return _error(refused(err), 400, err.field)

    @app.errorhandler(TooLong)
    def too_long(err: TooLong):
        return _error(_("This took longer than %(seconds)s s and was stopped: it is too long to do here.",
                        seconds=f"{err.seconds:g}"), 503)

    @app.errorhandler(store.Conflict)
    def conflict(err: store.Conflict):
        return _error(_("Changed meanwhile by someone else (now version %(version)d): reload and "
                        "try again.", version=err.current_version), 409, "version")

    @app.errorhandler(CSRFError)
    def csrf_error(err: CSRFError):
        """An expired or missing token. From one of our pages: keep what was typed (never a
        password) and offer to send it again. From anywhere else: a new token and the fields
        sent would let another site's page have it sent with one tap, so neither is given."""
        if not safety.same_origin():
            return render_template("csrf_expired.html", kept=None, action=None), 400
        kept = [(k, v) for k, v in request.form.items(multi=True) if k != "csrf_token" and "password" not in k]
        return render_template("csrf_expired.html", kept=kept, action=request.path), 400

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        messages = {401: _("Only the organiser may do this: log in first."),
                    403: _("This is a tournament's table: open it with the table's link (its QR code)."),
                    404: _("Nothing here: the page or the record does not exist."),
                    405: _("That action is not allowed here."),
                    413: _("The request is too large."),
                    429: _("The referee is busy: try again in a few seconds.")}
        response = _error(messages.get(err.code or 500, err.description or ""), err.code or 500)
        if err.code == 429:
            return *response, {"Retry-After": str(RETRY_AFTER_S)}
        return response

    @app.errorhandler(Exception)
    def unexpected(err: Exception):
        app.logger.exception("unexpected error")
        return _error(_("Something went wrong on our side; nothing was saved."), 500)
