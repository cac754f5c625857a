"""The referee's tools: settle the table's arguments with the rules.

Every tool is one page drawn from the rules' field specs (``play_fields``, ``melds_fields``,
``count_fields``, ``claim_fields``) and answered by one referee question; a game shows the
tools whose question it knows (``rules.referee_kinds``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, render_template, request

from .. import forked, games, store
from ..cards import parse_cards, sort_cards
from ..errors import N_, RuleViolation
from .. import solver
from ..games.base import GameRules, Options, Ruling
from . import access
from .forms import form_values, options_from, referee_form

bp = Blueprint("referee", __name__, url_prefix="/referee")
SEARCH_SECONDS = 10  # a claim is never searched longer (gunicorn gives a request 30 s)
SEARCHING = frozenset({"claim"})  # the questions that search (RULES.md §6)
SEARCHES_AT_ONCE = 1  # per worker process; one more is answered 429 at once
SEARCH_NICE = 19  # the lowest priority: the processor goes to the pages being served first
_searches = threading.BoundedSemaphore(SEARCHES_AT_ONCE)


def ask(rules: GameRules, kind: str, query: Mapping[str, Any], options: Options) -> Ruling:
    """A referee question for the page or the API.

    A claim is searched by a process of its own (:func:`scorekeeper.forked.call`), at a lower
    priority, SEARCHES_AT_ONCE per worker at a time: the worker's threads go on serving pages
    meanwhile, the search holding neither their GIL nor their share of the processor. One that
    runs past SEARCH_SECONDS is refused by field.

    :raise TooManyRequests: (429) this worker is searching a claim already
    """
    if kind not in SEARCHING:
        return rules.referee(kind, query, options)
    if not _searches.acquire(blocking=False):
        abort(429)
    try:
        return forked.call(lambda: _search(rules, kind, query, options), SEARCH_SECONDS + 1, nice=SEARCH_NICE)
    finally:
        _searches.release()


def _search(rules: GameRules, kind: str, query: Mapping[str, Any], options: Options) -> Ruling:
    deadline = time.monotonic() + SEARCH_SECONDS
    with solver.within(lambda: time.monotonic() < deadline):
        return rules.referee(kind, query, options)


@dataclass(frozen=True, slots=True)
class Tool:
    """One referee page: its question, its words, and the rules' methods that draw its inputs
    and (where the form's values are not the question as they are) turn them into the question."""

    name: str
    kind: str
    title: str
    intro: str
    button: str
    fields: str
    query: str = ""


TOOLS = (
    Tool("play", "legal_play", N_("May I play this?"),
         N_("Enter your hand and the cards already in the trick: the cards you may play light up, and the rule "
            "that refuses the others is said."), N_("Which cards may I play?"), "play_fields"),
    Tool("melds", "meld_compare", N_("Whose melds count?"),
         N_("Type or tap each player's melds: their values, the side that scores them and the rule that "
            "decided."), N_("Whose melds count?"), "melds_fields", "melds_query"),
    Tool("count", "count", N_("Count this pile"),
         N_("Tap the cards a side took: their card points under the trump, the last trick, and the check "
            "against the deal's total."), N_("Count the pile"), "count_fields"),
    Tool("claim", "claim", N_("Does the claim hold?"),
         N_("A player shows the hand and claims the rest. Enter what every hand still holds: the position is "
            "played out with every hand visible."), N_("Does the claim hold?"), "claim_fields", "claim_query"),
)


@bp.route("/")
def index():
    """Every game with the referee's tools it knows."""
    shown = [(rules, preset, [tool for tool in TOOLS if tool.kind in rules.referee_kinds])
             for rules in games.RULES.values() for preset in rules.starts()]
    return render_template("referee/index.html", games=[game for game in shown if game[2]])


def _form_field(err: RuleViolation) -> RuleViolation:
    """The engine names a seat's hand ``hands`` (the seat in its params) and a seat's roem
    ``roem.N``: the page's inputs are ``hand_N`` and ``melds_N``."""
    seat = err.params.get("other") or err.params.get("seat")
    if err.field == "hands" and isinstance(seat, str):
        err.field = f"hand_{seat}"
    elif err.field and err.field.startswith("roem."):
        err.field = f"melds_{err.field.removeprefix('roem.')}"
    return err


def _linked_match(rules: GameRules) -> tuple[store.Match | None, str]:
    """The match a deal form sent this page from (``?match=<id>&field=<card points field>``, and
    the deal as typed so far: see :func:`_carried`)."""
    match_id, field = request.args.get("match", ""), request.args.get("field", "")
    if not (match_id.isascii() and match_id.isdigit()) or int(match_id) >= 2**63:
        return None, ""
    try:
        match = store.get_match(store.get_db(), int(match_id))
    except store.NotFound:
        return None, ""
    if match.game != rules.key or not access.may_use(match.id):
        return None, ""
    return match, field if field in rules.pile_fields else ""


def _carried(rules: GameRules, match: store.Match | None, field: str) -> dict[str, str]:
    """The deal being typed when the deal form sent this page (its fields in the link), to
    send back with the count: nothing a player typed is lost on the way."""
    if match is None or not field:
        return {}
    deal_id = request.args.get("deal", "")
    carried = {"deal": deal_id} if deal_id.isascii() and deal_id.isdigit() else {}
    return carried | {spec.name: request.args[spec.name] for spec in rules.deal_fields(match.options)
                      if spec.name in request.args and spec.name != field}


def _page(game: str, tool: Tool):
    rules = games.RULES.get(game)
    if rules is None or tool.kind not in rules.referee_kinds:
        abort(404)
    match, field = _linked_match(rules) if tool.name == "count" else (None, "")
    # a match's own rules, else every contract allowed and the table the link names (?players=3)
    options = rules.resolve_options(match.options) if match else \
        options_from(rules, request.args, rules.play_options)
    carried = _carried(rules, match, field)
    specs = getattr(rules, tool.fields)(options)
    deal_kinds = {spec.name: spec.kind for spec in rules.deal_fields(options)} if carried else {}
    # what the deal already says (its trump, its contract) is not asked again
    form = referee_form(rules, options, specs, {spec.name: carried[spec.name] for spec in specs
                                                if spec.name in carried and deal_kinds.get(spec.name) == spec.kind})
    ruling, extra = None, {}
    if form.validate_on_submit():
        values = form_values(form)
        try:
            query = getattr(rules, tool.query)(values, options) if tool.query else values
            ruling = ask(rules, tool.kind, query, options)
        except RuleViolation as err:
            form.attach(_form_field(err))
        else:
            extra = _shown(tool, values, ruling.answer)
    failed = request.method == "POST" and ruling is None
    return render_template("referee/tool.html", rules=rules, tool=tool, form=form, ruling=ruling, match=match,
                           field=field, carried=carried, game_name=_game_name(rules, options),
                           **extra), 422 if failed else 200


def _game_name(rules: GameRules, options: Options) -> str:
    """The game as the front page starts it under these options ("Belote for three")."""
    named = [preset for preset in rules.presets if preset.options
             and all(options.get(key) == value for key, value in preset.options.items())]
    return named[0].label if named else rules.name


def _shown(tool: Tool, values: Mapping[str, str], answer: Mapping[str, Any]) -> dict[str, Any]:
    """What a verdict shows beside the answer: the hand with its playable cards lit."""
    if tool.kind != "legal_play":
        return {}
    return {"hand": sort_cards(parse_cards(values["hand"])), "legal": set(answer["legal"])}


def _view(tool: Tool):
    def view(game: str):
        return _page(game, tool)
    view.__doc__ = tool.title
    return view


for _tool in TOOLS:  # /referee/<game>/play, /melds, /count, /claim: endpoints referee.play, ...
    bp.add_url_rule(f"/<game>/{_tool.name}", _tool.name, _view(_tool), methods=("GET", "POST"))
