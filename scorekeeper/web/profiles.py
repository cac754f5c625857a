"""The club's rule profiles (:mod:`scorekeeper.profiles`): the organiser lists, creates (from the form,
or from a match's or tournament's rules), edits, renames and deletes them; the new-match and
new-tournament forms offer them, each filling in the house rules (with a script at once, without one
through *Use*, what was typed kept)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from wtforms.fields.choices import SelectChoice

from .. import games, profiles, store
from ..errors import N_, RuleViolation
from ..games.base import GameRules
from . import access
from .confirm import ask_first
from .forms import EngineForm, fill_house_rules, match_options, options_from, profile_choices, profile_form
from .sheets import shown_value

bp = Blueprint("profiles", __name__)

WRITTEN = "written"  # the choice of the game's rules as written (the built-in profile)
USE = "use"  # the value of the forms' *Use* button (``action``)


def choices(rules: GameRules) -> list[SelectChoice]:
    """The profiles a form of ``rules``'s game offers: the rules as written, then the club's, each
    carrying the values it fills in (for the page's script)."""
    stored = store.list_profiles(store.get_db(), rules.key)
    return profile_choices([(WRITTEN, _(profiles.RULES_AS_WRITTEN), profiles.form_values(rules, {})),
                            *((str(p.id), p.name, profiles.form_values(rules, p.options)) for p in stored)])


def departures_of(rules: GameRules, chosen: str) -> dict[str, Any] | None:
    """The options a form's choice of profile (:data:`WRITTEN` or a profile's id) changes from the
    rules as written; None if it names no profile of the game."""
    if chosen == WRITTEN:
        return {}
    if not (chosen.isascii() and chosen.isdigit()):
        return None
    try:
        profile = store.get_profile(store.get_db(), int(chosen))
    except store.NotFound:
        return None
    return dict(profile.options) if profile.game == rules.key else None


def linked(rules: GameRules) -> dict[str, Any]:
    """The departures of the profile a link names (``?profile=``), over which the link's own options
    go; {} without one.

    :raise NotFound: (404) the link names no profile of the game
    """
    chosen = request.args.get("profile")
    if chosen is None:
        return {}
    found = departures_of(rules, chosen)
    return abort(404) if found is None else found


def shown_and_preset(rules: GameRules) -> tuple[dict[str, Any], set[str]]:
    """The options a new-match or new-tournament form starts from (a link's profile and options, over
    the defaults), and those the link sets (shown even when they follow others)."""
    base = linked(rules)
    return options_from(rules, request.args, base), set(base) | {
        option.key for option in rules.options if option.key in request.args}


def use_asked() -> bool:
    """Was the form sent with *Use* (fill in the chosen profile's rules), rather than to start?"""
    return request.method == "POST" and request.form.get("action") == USE


def use(rules: GameRules, make: Callable[[Mapping[str, Any], Collection[str]], EngineForm]) -> tuple[EngineForm, int]:
    """*Use*: the form (``make(options, preset)``) drawn again with the chosen profile's rules in its
    house rules and everything else as typed; without a profile chosen (or one deleted meanwhile)
    the form as sent, the message under the profile's field (422)."""
    chosen = request.form.get("profile", "")
    found = departures_of(rules, chosen)
    if found is None:
        form = make(options_from(rules, request.form), ())
        form["profile"].errors = [_("Choose a profile to use.") if not chosen else
                                  _("This profile no longer exists: choose another.")]
        return form, 422
    form = make(rules.resolve_options(found), found)
    fill_house_rules(form, profiles.form_values(rules, found))
    return form, 200


def mark_linked(form: EngineForm) -> None:
    """Show the profile a link named as the chosen one."""
    if request.method == "GET" and "profile" in request.args:
        form["profile"].data = request.args["profile"]


def said(rules: GameRules, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The rules a profile changes, as the reader's language says them: (rule, value)."""
    named = {option.key: option for option in rules.options}
    return [(_(named[key].label), shown_value(named[key], value)) for key, value in options.items() if key in named]


def save_link(game: str, options: Mapping[str, Any], name: str = "") -> str:
    """The address of a new profile of ``game`` holding ``options`` (a match's or a tournament's),
    its name suggested."""
    rules = games.get_rules(game)
    return url_for("profiles.new", game=game, **{key: str(value).lower() if isinstance(value, bool) else value
                                                   for key, value in profiles.departures(rules, options).items()},
                   **({"name": name[:profiles.NAME_MAX]} if name else {}))


@bp.get("/profiles")
@access.organiser_only
def index():
    """Every game's rule profiles: its rules as written (built in), then the club's."""
    stored = store.list_profiles(store.get_db())
    listed = [(rules, [(p, said(rules, p.options)) for p in stored if p.game == rules.key])
              for rules in games.RULES.values()]
    return render_template("profiles/index.html", listed=listed, written=WRITTEN)


def _profile_page(rules: GameRules, profile: store.Profile | None, shown: Mapping[str, Any], preset: Collection[str],
                  name: str, keep: Callable[[str, dict[str, Any]], object]):
    """A profile's form (new: ``profile`` None), showing ``shown`` and ``name`` until sent; sent, its
    name and the rules it changes are checked and kept by ``keep(name, departures)``, else said under
    their fields, what was typed kept (422)."""
    form = profile_form(rules, options_from(rules, request.form) if request.method == "POST" else shown, preset,
                        {"name": name})
    if form.validate_on_submit():
        try:
            name = profiles.read_name(form["name"].data)
            keep(name, profiles.departures(rules, match_options(form, shown, preset)))
        except RuleViolation as err:
            form.attach(err)
        else:
            flash(_("The profile “%(name)s” is saved.", name=name))
            return redirect(url_for("profiles.index", _anchor=rules.key))
    status = 422 if request.method == "POST" else 200
    return render_template("profiles/form.html", form=form, rules=rules, profile=profile), status


@bp.route("/profiles/new/<game>", methods=("GET", "POST"))
@access.organiser_only
def new(game: str):
    """A new profile of ``game``: a name and the house rules (a link may set them: a match's, a tournament's)."""
    rules = games.RULES.get(game) or abort(404)
    shown, preset = shown_and_preset(rules)
    return _profile_page(rules, None, shown, preset, request.args.get("name", ""), lambda name, options:
                         store.add_profile(store.get_db(), game=rules.key, name=name, options=options))


def found(profile_id: int) -> store.Profile:
    """The profile, or 404 (pages and the API)."""
    try:
        return store.get_profile(store.get_db(), profile_id)
    except store.NotFound:
        abort(404)


@bp.route("/profiles/<int:profile_id>", methods=("GET", "POST"))
@access.organiser_only
def edit(profile_id: int):
    """A profile renamed or its rules changed (the matches and tournaments started from it keep theirs)."""
    profile = found(profile_id)
    rules = games.get_rules(profile.game)
    return _profile_page(rules, profile, rules.resolve_options(profile.options), set(profile.options), profile.name,
                         lambda name, options: store.update_profile(store.get_db(), profile_id, name=name,
                                                                    options=options))


@bp.post("/profiles/<int:profile_id>/delete")
@access.organiser_only
def delete(profile_id: int):
    """Delete a profile, once asked again; the matches and tournaments started from it keep their rules."""
    profile = found(profile_id)
    asked = ask_first(_("Delete the profile “%(name)s” for good? The matches and tournaments started from it "
                        "keep their rules.", name=profile.name),
                      _("Delete “%(name)s”", name=profile.name), url_for("profiles.edit", profile_id=profile_id))
    if asked:
        return asked
    store.delete_profile(store.get_db(), profile_id)
    flash(_("The profile “%(name)s” is deleted.", name=profile.name))
    return redirect(url_for("profiles.index", _anchor=profile.game))


def requested_options(rules: GameRules, body: Mapping[str, Any]) -> dict[str, Any]:
    """The house rules an API call asks for (a new match, a new tournament): a profile's (``profile``:
    its id) with the ``options`` given over them, key by key; without a profile, ``options`` over the
    rules as written.

    :raise RuleViolation: ``options`` not an object, ``profile`` no profile of the game, options refused
    """
    raw = body.get("options")
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise RuleViolation(N_("options must be an object"), field="options")
    if "profile" not in body:
        return rules.resolve_options(raw)
    chosen = body["profile"]
    if isinstance(chosen, bool) or not isinstance(chosen, int):
        raise RuleViolation(N_("profile must be a profile's id (a whole number)"), field="profile")
    try:
        profile = store.get_profile(store.get_db(), chosen)
    except store.NotFound:
        raise RuleViolation(N_("There is no profile %(id)d."), field="profile", id=chosen) from None
    if profile.game != rules.key:
        raise RuleViolation(N_("Profile %(id)d holds the rules of another game (%(game)s)."), field="profile",
                            id=chosen, game=profile.game)
    return profiles.applied(rules, profile.options, raw)
