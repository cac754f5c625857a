"""Matches: start one, record and edit deals, the running sheet and its PDF."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _, ngettext

from .. import games, store
from ..errors import N_, RuleViolation
from ..games.base import GameRules, ScoredDeal, Sheet
from ..games.irregular import PENALTY, kind_of
from . import access, address, booklet, profiles
from .changes import history_lines
from .confirm import ask_first
from .forms import (EngineForm, deal_fields, deal_form, form_values, match_form, match_options, match_players, options_from,
                    posted_deal)
from .roundclock import table_clock
from .sheets import ContentKey, DealsOnUse, keep_added, scored_sheet, sheet_before_new, sheet_page, sheet_view, signoff_view

bp = Blueprint("matches", __name__, url_prefix="/matches")


def load_match(match_id: int) -> tuple[store.Match, GameRules]:
    """The match and its game's rules.

    :raise NotFound: (404) no such match
    :raise Forbidden: (403) a tournament's table, without its link (see :mod:`.access`)
    """
    try:
        match = access.read_match(match_id)
    except store.NotFound:
        abort(404)
    if not access.may_use(match_id):
        abort(403)
    return match, games.get_rules(match.game)


def refuse_after_end(rules: GameRules, declarations: Mapping[str, Any] | None = None,
                     placed_on: Sequence[store.Deal] | None = None, placed_after: Sheet | None = None) -> store.Guard:
    """A store guard: no deal may be added once the match has a result (RULES.md §2.5), and
    the new deal's ``declarations`` must stand where they go on the sheet (``placed_on``: the
    deals the caller has scored them after already, not scored again on those; ``placed_after``:
    their sheet, if the caller has it)."""
    def guard(match: store.Match, deals: Sequence[store.Deal]) -> None:
        sheet = placed_after if deals is placed_on and placed_after is not None else scored_sheet(match, rules, deals)
        if sheet.result is not None and isinstance(declarations, Mapping) and kind_of(declarations) == PENALTY:
            raise RuleViolation(N_("The match is over: its result was decided at line %(line)d, and a penalty "
                                   "recorded after the end would not count in it, so none can be added now."),
                                field="kind", line=sheet.result.deal)
        if sheet.result is not None:
            raise RuleViolation(N_("The match is over: no more deals can be recorded."))
        if declarations is not None and deals is not placed_on:
            rules.score_in_place(sheet, declarations, match.options)
    return guard


@bp.route("/new/<game>", methods=("GET", "POST"))
def new(game: str):
    """Start a match: seats, first dealer, house rules."""
    rules = games.RULES.get(game) or abort(404)
    shown, preset = profiles.shown_and_preset(rules)  # the preset the form was drawn with (a link's)
    offered = profiles.choices(rules)
    if profiles.use_asked():  # the chosen profile's rules in the form, the names typed kept
        form, status = profiles.use(rules, lambda options, used: match_form(rules, options, used, offered))
        _reseated(form)
        return render_template("matches/new.html", form=form, rules=rules), status
    form = match_form(rules, options_from(rules, request.form) if request.method == "POST" else shown, preset, offered)
    profiles.mark_linked(form)
    if request.method == "POST" and _reseated(form):
        return render_template("matches/new.html", form=form, rules=rules), 422
    if form.validate_on_submit():
        try:
            options = rules.resolve_options(match_options(form, shown, preset))
        except RuleViolation as err:
            form.attach(err)
        else:
            match_id = store.create_match(
                store.get_db(), game=rules.key, players=match_players(form),
                first_dealer=form.first_dealer.data, options=options,
                title=(form.title.data or "").strip(), notes=(form.notes.data or "").strip())
            return redirect(url_for("matches.sheet", match_id=match_id))
    status = 422 if request.method == "POST" else 200
    return render_template("matches/new.html", form=form, rules=rules), status


def _reseated(form: EngineForm) -> bool:
    """The organiser changed the number of players on the form it sent: the table has other seats
    now. The names typed go to the new seats in order, the first dealer is the first seat again,
    and the form asks for a look before the match starts. False when the seats are the ones sent."""
    sent = [key for key in request.form if key.startswith("player_")]
    if not sent or set(sent) == set(form.seat_keys):
        return False
    for key, name in zip(form.seat_keys, (request.form[key] for key in sent)):
        form[key].data = name
    form.first_dealer.data = form.first_dealer.default
    form.form_errors.append(_("The table now has %(count)d seats: check the names and the first dealer, "
                              "then start the match.", count=len(form.seat_keys)))
    return True


@bp.route("/<int:match_id>")
def sheet(match_id: int):
    """The running score sheet."""
    match, rules = load_match(match_id)
    table, organiser = access.table_of(match_id), access.is_organiser()
    return sheet_page(match, rules, DealsOnUse(lambda: store.list_deals(store.get_db(), match_id)),
                      live=lambda: store.has_live_deal(store.get_db(), match_id),
                      device=access.device_label() if table is None else None,
                      penalty=table is None or organiser,
                      signoff=signoff_view(match, rules, access.table_now(table)) if table else None,
                      clock=table_clock(match, rules) if table else None,
                      organiser=organiser)


@bp.route("/<int:match_id>/sheet.pdf")
def sheet_pdf(match_id: int):
    """The score sheet on A4, with the house rules in force."""
    from .. import pdf  # loads WeasyPrint, unless the server did before it forked (serving.settle)

    match, rules = load_match(match_id)
    deals = store.list_deals(store.get_db(), match_id)
    body = pdf.html_to_pdf(pdf.sheet_html(printed=date.today(), **sheet_view(match, rules, deals)),
                           Path(current_app.static_folder or "static"))
    return Response(body, mimetype="application/pdf", headers={
        "Content-Disposition": f'inline; filename="scorekeeper-match-{match_id}.pdf"'})


@bp.route("/<int:match_id>/blank.pdf")
def blank_pdf(match_id: int):
    """A sheet to fill in by hand, with a QR code that opens the match on a phone."""
    from .. import pdf

    match, rules = load_match(match_id)
    body = pdf.render_pdf("print/blank.html", printed=date.today(), caption=(),
                          qr=pdf.printed_qr(address.external_url("matches.sheet", match_id=match_id)),
                          **sheet_view(match, rules, []))
    return Response(body, mimetype="application/pdf", headers={
        "Content-Disposition": f'inline; filename="scorekeeper-blank-{match_id}.pdf"'})


@bp.get("/<int:match_id>/qr")
def qr(match_id: int):
    """The match's link as a large QR code: another phone scans it and keeps the score too."""
    match, _rules = load_match(match_id)
    return address.qr_page(match.title or _("Match %(id)d", id=match.id),
                           address.external_url("matches.sheet", match_id=match_id),
                           url_for("matches.sheet", match_id=match_id))


def _scored_in_place(match: store.Match, rules: GameRules, deals: Sequence[store.Deal],
                     deal: store.Deal | None, declarations: Mapping[str, Any],
                     earlier: Sheet | None) -> tuple[ScoredDeal, Sheet | None]:
    """The deal scored where it stands on the sheet (a litige carries points between deals; a deal
    that cannot stand there is refused, as :meth:`GameRules.score_in_place` says), and for a new
    deal (``earlier``: the sheet of the ``deals`` it goes after) the sheet with it after them, the
    deal scored once (:meth:`GameRules.add_in_place`; kept once it is saved: :func:`keep_added`)."""
    if deal is None and earlier is not None:
        sheet = rules.add_in_place(earlier, declarations, match.options, deal_limit=match.deal_limit)
        return sheet.rows[-1].scored, sheet
    before = [d for d in deals if deal is None or d.seq < deal.seq]
    return rules.score_in_place(scored_sheet(match, rules, before), declarations, match.options), None


def _deal_page(match: store.Match, rules: GameRules, deal: store.Deal | None):
    """Record a new deal or edit one: the same form, the same checks, a preview first."""
    specs = deal_fields(rules, match.options)
    counted = request.form.get("count", "")
    if request.method == "POST" and counted in rules.pile_fields:
        # "Count the pile with the referee": the deal as typed goes with it, and comes back
        typed = {spec.name: request.form.get(spec.name, "") for spec in specs if spec.name != counted}
        return redirect(url_for("referee.count", game=rules.key, match=match.id, field=counted,
                                deal=deal.id if deal else None, **typed))
    db = store.get_db()
    key: ContentKey | None = None  # a new deal goes after the deals of this content, whose sheet is earlier
    earlier: Sheet | None = None
    if deal is None:  # (the sheet's rows hold the deals' declarations read already: each deal's JSON parsed once)
        key, earlier, deals = sheet_before_new(db, match, rules)
        dealer = rules.dealer_of_next([row.declarations for row in earlier.rows], match.first_dealer, match.options)
        data: dict[str, Any] = {"dealer": dealer, "version": match.version}
    else:
        deals = store.list_deals(db, match.id)
        data = {**rules.form_from_declarations(deal.declarations, match.options), "version": deal.version}
    # the deal carried in the link (back from the referee's pile count, ?bidder_points=92) fills its fields
    args = request.args
    data |= {spec.name: args[spec.name] for spec in specs if spec.name in args}

    def drawn() -> EngineForm:
        return deal_form(rules, match.options, match.players, data, specs)

    # "Next" posts the form to have it drawn again for the contract chosen. A deal sent as a form is read
    # without binding one (forms.posted_deal), which is made only to draw a page (the CSRF token: checked
    # for every POST before the view, by csrf.protect)
    posted = request.method == "POST" and request.form.get("action") != "next"
    form = None if posted and request.form and not request.files else drawn()
    preview = ends_earlier = None
    if deal is None and request.method == "GET":
        try:  # a phone still on an old page: say it before anything is typed
            refuse_after_end(rules, None, deals, earlier)(match, deals)
        except RuleViolation as err:
            form.attach(err)
    if posted and (form is None or form.validate_on_submit()):
        values, version, nonce = posted_deal(specs, data, request.form) if form is None else \
            (form_values(form), str(form.version.data or ""), form.nonce.data or "")
        try:
            declarations = rules.read_deal(rules.declarations_from_form(values, match.options), match.options)
            preview, placed = _scored_in_place(match, rules, deals, deal, declarations, earlier)
            ends_earlier = _ends_earlier(match, rules, deals, deal, declarations)
            if request.form.get("action") != "preview" and (
                    ends_earlier is None or request.form.get("end_moves") == str(ends_earlier)):
                shown, added = _save(match, rules, deal, declarations, version, nonce, deals, earlier, placed)
                booklet.keep_ended(match.id, placed)
                if added is not None and key is not None and placed is not None:
                    keep_added(key, *added, declarations, placed)
                return redirect(url_for("matches.sheet", match_id=match.id, _anchor=shown))
        except RuleViolation as err:
            form = drawn() if form is None else form
            form.attach(rules.on_the_form(err))
        except store.Conflict as conflict:
            form = drawn() if form is None else form
            form.version.data = conflict.current_version
            form.form_errors.append(
                _("This deal was changed on another phone meanwhile. What you typed is kept: "
                  "check the sheet, then save again to replace it.") if deal else
                _("Another deal was recorded on this match meanwhile (another phone?). What you "
                  "typed is kept: check the sheet, then save again to record it as well."))
    form = drawn() if form is None else form
    template = "matches/_preview.html" if request.args.get("fragment") else "matches/deal_form.html"
    failed = request.method == "POST" and bool(form.errors or form.form_errors)
    count = len(key.deals) if key is not None else len(deals)  # (a new deal's: counted without reading them)
    history = history_lines(rules, match, [event for event in store.list_events(db, match.id)
                                           if event.deal_id == deal.id]) if deal else []
    return render_template(template, form=form, match=match, rules=rules, deal=deal, preview=preview,
                           sides=rules.table(match.options).sides,
                           deal_number=deal.seq if deal else count + 1,
                           names=match.players, history=history, ends_earlier=ends_earlier,
                           after_end=_after_end_words(ends_earlier, count),
                           clock=table_clock(match, rules)), 422 if failed else 200


def _ends_earlier(match: store.Match, rules: GameRules, deals: Sequence[store.Deal], deal: store.Deal | None,
                  declarations: Mapping[str, Any]) -> int | None:
    """Where the match would end with ``deal`` (None: a new one, which cannot) changed to
    ``declarations``, when that is earlier than it ends now (deals that count now would not); else None."""
    if deal is None:
        return None
    now = scored_sheet(match, rules, deals).counted
    changed = rules.score_sheet([declarations if d.id == deal.id else d.declarations for d in deals],
                                match.options, deal_limit=match.deal_limit).counted
    return changed if changed < now else None


def _after_end_words(end: int | None, count: int) -> str:
    """What an edit that ends the match at deal ``end`` (of ``count``) puts after the end."""
    if end is None:
        return ""
    deals = str(count) if count == end + 1 else f"{end + 1}–{count}"
    return ngettext("This change ends the match at deal %(end)d: deal %(deals)s will be after the end "
                    "and not counted. Save again to confirm.",
                    "This change ends the match at deal %(end)d: deals %(deals)s will be after the end "
                    "and not counted. Save again to confirm.", count - end, end=end, deals=deals)


def _save(match: store.Match, rules: GameRules, deal: store.Deal | None,
          declarations: Mapping[str, Any], version_text: str, nonce: str, deals: Sequence[store.Deal],
          earlier: Sheet | None, placed: Sheet | None,
          ) -> tuple[str, tuple[int, tuple[str, str] | None] | None]:
    """Record the new deal (after ``deals``, whose sheet is ``earlier``; ``placed``: the sheet with it
    after them, whose deals and totals a tournament's table keeps with it while its match goes on, for
    the desk) or the change, sent with the form's version and nonce (as text, as the form holds them);
    the sheet's anchor to show after it, and the new deal's id if one was added now (not a replay), with the
    match's stamp after it and its latest deal's time if it went in on the match as read (else None).

    A new deal's anchor is its own row (``deal-<id>``, a replay's the deal recorded first), whose
    page says "Deal saved." by itself (templates/matches/sheet.html): no message goes through the
    session, whose cookie would be signed again for the POST and for the page after it. A change is
    said as a message flashed, the sheet shown at its latest row."""
    db = store.get_db()
    version = int(version_text) if version_text.isascii() and version_text.isdigit() else None
    if deal is None:
        stamps: list[tuple[str, str]] = []
        progress = None if placed is None or placed.result is not None or access.table_of(match.id) is None \
            else (len(placed.rows), placed.totals)
        deal_id, now = store.add_deal(db, match.id, declarations, version=version, nonce=nonce or None,
                                      guard=refuse_after_end(rules, declarations, deals, earlier),
                                      read=(match, deals),
                                      by=access.actor(match.id), stamped=stamps.append, progress=progress)
        return f"deal-{deal_id}", (deal_id, stamps[0] if stamps else None) if now else None
    store.update_deal(db, match.id, deal.id, declarations, version=version, by=access.actor(match.id))
    flash(_("Deal saved."))
    return "latest", None


@bp.route("/<int:match_id>/deals/new", methods=("GET", "POST"))
def new_deal(match_id: int):
    """Record one deal as the table declared it."""
    match, rules = load_match(match_id)
    return _deal_page(match, rules, None)


@bp.route("/<int:match_id>/deals/<int:deal_id>/edit", methods=("GET", "POST"))
def edit_deal(match_id: int, deal_id: int):
    """Correct an earlier deal; every later line is re-scored."""
    match, rules = load_match(match_id)
    try:
        deal = store.get_deal(store.get_db(), match_id, deal_id)
    except store.NotFound:
        abort(404)
    if deal.kind != "deal":  # a misdeal, revoke or penalty (RULES.md §8) has its own form
        return redirect(url_for("irregular.edit_line", match_id=match_id, deal_id=deal_id))
    return _deal_page(match, rules, deal)


def posted_version() -> int | None:
    """The version a page was drawn from, as its form sends it back."""
    text = request.form.get("version", "")
    return int(text) if text.isascii() and text.isdigit() else None


@bp.post("/<int:match_id>/deals/<int:deal_id>/delete")
def delete_deal(match_id: int, deal_id: int):
    """Remove a deal, once asked again; the sheet is re-scored without it. Conflict if it changed
    meanwhile."""
    load_match(match_id)
    db = store.get_db()
    try:
        deal = store.get_deal(db, match_id, deal_id)
    except store.NotFound:
        abort(404)
    if not access.may_record(match_id, deal.kind):  # a tournament table's penalty: the organiser's
        abort(403)
    asked = ask_first(_("Delete deal %(n)d? It stays in the match's history, from where it can be restored.",
                        n=deal.seq), _("Delete this deal"),
                      url_for("matches.edit_deal", match_id=match_id, deal_id=deal_id))
    if asked:
        return asked
    try:
        store.delete_deal(db, match_id, deal_id, version=posted_version(), by=access.actor(match_id))
    except store.NotFound:
        abort(404)
    flash(_("Deal deleted; the sheet was re-scored."))
    return redirect(url_for("matches.sheet", match_id=match_id))


@bp.post("/<int:match_id>/undo")
def undo(match_id: int):
    """Take back the last deal (the one this phone saw last), once asked again."""
    load_match(match_id)
    deals = store.list_deals(store.get_db(), match_id)
    if deals and not access.may_record(match_id, deals[-1].kind):
        flash(_("The last line is the organiser’s penalty: only the organiser can take it back."), "error")
        return redirect(url_for("matches.sheet", match_id=match_id))
    asked = ask_first(_("Take back the last deal? It stays in the match's history, from where it can be "
                        "restored."), _("Undo last deal"), url_for("matches.sheet", match_id=match_id))
    if asked:
        return asked
    number = store.undo_last_deal(store.get_db(), match_id, version=posted_version(),
                                  by=access.actor(match_id))
    if number:
        flash(_("Deal %(number)d taken back.", number=number))
    return redirect(url_for("matches.sheet", match_id=match_id))
