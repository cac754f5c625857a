"""The address phones use: every QR code and printed link is built on the public address when
one is set (the organiser's settings page, else ``PUBLIC_URL`` in ``instance/config.py`` or the
``SCOREKEEPER_PUBLIC_URL`` environment variable), else on the address the page was opened by.
A page opened on the server itself (``127.0.0.1``) with no public address set says so before
anything is printed: no phone can open such a link. Each link can also be shown on screen as a
large QR code, so a new link or a lost sheet is handed over without printing.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import lan, store
from ..errors import N_, RuleViolation
from . import access
from .forms import AddressForm, refused

bp = Blueprint("address", __name__)
SETTING = "public_url"


def read_public_url(raw: str) -> str:
    """A public address as typed (``192.168.1.20:8000`` or ``http://club.local/``), checked:
    ``http(s)://host[:port][/path]``, without a query or a trailing slash; empty clears it."""
    typed = raw.strip()
    if not typed:
        return ""
    if "://" not in typed:
        typed = "http://" + typed
    try:
        parts = urlsplit(typed)
        parts.port  # noqa: B018  (raises on a port that is not a number)
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or parts.query \
            or parts.fragment or parts.username or any(ch.isspace() for ch in typed):
        raise RuleViolation(N_("Type an address such as http://192.168.1.20:8000 (no spaces, no “?”)"),
                            field="public_url")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def public_base() -> str:
    """The public address in force, or "" (links then use the address of the page); read once a
    request, however many links the page draws."""
    if "public_base" not in g:
        g.public_base = store.get_setting(store.get_db(), SETTING) or current_app.config.get("PUBLIC_URL") or ""
    return str(g.public_base)


def external_url(endpoint: str, **values: Any) -> str:
    """The full link to ``endpoint`` that a phone opens (QR codes, printed links)."""
    base = public_base()
    if not base:
        return url_for(endpoint, _external=True, **values)
    return base + url_for(endpoint, **values).removeprefix(request.script_root)


def phones_cannot_open() -> bool:
    """True when the links this page would print point at the server itself (no phone can open
    them): no public address is set and the page was opened on loopback."""
    return not public_base() and lan.is_loopback(urlsplit("//" + request.host).hostname or "")


@bp.route("/organiser/settings", methods=("GET", "POST"))
@access.organiser_only
def settings():
    """The organiser's settings: the public address."""
    form = AddressForm()
    db = store.get_db()
    if request.method == "GET":
        form.public_url.data = store.get_setting(db, SETTING) or ""
    elif form.validate_on_submit():
        try:
            address = read_public_url(form.public_url.data or "")
        except RuleViolation as err:
            form.public_url.errors = [*form.public_url.errors, refused(err)]
        else:
            store.set_setting(db, SETTING, address)
            flash(_("The public address is now %(address)s.", address=address) if address else
                  _("No public address is set: links use the address of the page."))
            return redirect(url_for("address.settings"))
    port = urlsplit("//" + request.host).port or 80
    suggestions = lan.phone_urls("0.0.0.0", port, lan.interface_addresses())
    return render_template("address/settings.html", form=form, configured=current_app.config.get("PUBLIC_URL"),
                           suggestions=suggestions), 400 if form.errors else 200


def qr_page(title: str, link: str, back: str) -> str:
    """A link as a large QR code, with the link in words and the way back."""
    from .. import pdf

    return render_template("address/qr.html", title=title, link=link, back=back, qr=pdf.qr_data_uri(link))


@bp.get("/tournaments/<int:tournament_id>/tables/<int:table_id>/qr")
@access.organiser_only
def table_qr(tournament_id: int, table_id: int):
    """A table's secret link as a large QR code, for the table's phone to scan."""
    db = store.get_db()
    for round_ in store.list_rounds(db, tournament_id):
        for table in round_.tables:
            if table.id == table_id:
                return qr_page(_("Round %(round)d · Table %(table)d", round=round_.number, table=table.number),
                                external_url("tournaments.table_link", token=table.token),
                                url_for("tournaments.tournament", tournament_id=tournament_id,
                                        _anchor=f"round-{round_.number}"))
    abort(404)
