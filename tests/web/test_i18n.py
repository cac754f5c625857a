"""English, French, Dutch and Japanese: chosen from the browser, switchable, and every catalogue complete."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask_babel import get_locale

from scorekeeper import store
from scorekeeper.web import booklet
from scorekeeper.web.languages import language, speaking

CATALOGUES = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def test_the_browser_language_is_used(client):
    html = client.get("/", headers={"Accept-Language": "ja,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="ja">' in html
    assert "Start a match" not in html


def test_the_switch_remembers_the_choice(client):
    response = client.get("/lang/ja?next=/matches/new/contree")
    assert response.status_code == 302 and response.headers["Location"].endswith("/matches/new/contree")
    html = client.get("/matches/new/contree", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="ja">' in html
    client.get("/lang/en")
    assert '<html lang="en">' in client.get("/").get_data(as_text=True)


def test_the_switch_never_redirects_off_site(client):
    response = client.get("/lang/ja?next=//evil.example/")
    assert response.headers["Location"] in ("/", "http://localhost/")


def test_explanations_are_translated_in_the_api(client):
    deal = {"bidder": "E", "bid": 100, "trump": "H", "card_points": {"B": 92}, "last_trick": "B"}
    english = client.post("/api/v1/contree/score", json=deal).json["explanation"]
    japanese = client.post("/api/v1/contree/score", json=deal,
                           headers={"Accept-Language": "ja"}).json["explanation"]
    assert len(english) == len(japanese) and english != japanese


PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sd]")


@pytest.mark.parametrize("language", ["ja", "fr", "nl"])
def test_every_message_is_translated_with_its_placeholders(language):
    with open(CATALOGUES / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po)
    def forms(texts) -> tuple[str, ...]:  # a plural message has a tuple of forms
        return texts if isinstance(texts, tuple) else (texts,)

    untranslated = [m.id for m in catalogue if m.id and (not all(forms(m.string)) or m.fuzzy)]
    assert not untranslated, f"{len(untranslated)} untranslated, e.g. {untranslated[:3]}"
    broken = [m.id for m in catalogue if m.id and any(
        set(PLACEHOLDER.findall(forms(m.id)[-1])) != set(PLACEHOLDER.findall(form)) for form in forms(m.string))]
    assert not broken, f"{len(broken)} with placeholders lost or added, e.g. {broken[:3]}"


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_french_and_dutch_each_have_two_plural_forms(language):
    with open(CATALOGUES / language / "LC_MESSAGES" / "messages.po", "rb") as po:
        assert read_po(po).num_plurals == 2


@pytest.mark.parametrize(("language", "words"), [
    ("fr", ["Nouvelle partie de Belote Contrée", "Premier donneur", "Règles maison", "Conventions d"]),
    ("nl", ["Nieuwe partij Belote Contrée", "Eerste gever", "Huisregels", "Biedconventies"]),
])
def test_the_new_match_page_speaks_the_chosen_language(client, language, words):
    client.set_cookie("lang", language)
    html = client.get("/matches/new/contree").get_data(as_text=True)
    assert f'<html lang="{language}">' in html
    assert "House rules" not in html and "First dealer" not in html
    assert 'aria-current="true">' + {"fr": "Français", "nl": "Nederlands"}[language] + "</a>" in html
    for word in words:
        assert word in html


def test_choice_options_show_their_names_not_their_codes(client, pages):
    """RULES §1.6 sa_four_values: the form and the sheet say “Parlett's values”, the stored code stays."""
    page = client.get("/matches/new/belote").get_data(as_text=True)
    assert '<option value="parlett">Parlett\'s values</option>' in page
    match_id = pages.start_match("belote", opt_sa_four_values="parlett")
    sheet = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert "Parlett&#39;s values" in sheet and ">parlett<" not in sheet
    client.set_cookie("lang", "fr")
    assert "Valeurs de Parlett" in client.get(f"/matches/{match_id}").get_data(as_text=True)


def test_a_booklet_prints_in_the_language_it_was_asked_in_whatever_the_pages_read(app, client):
    """A booklet asked for in French prints in French, though the same sheet was just read in English
    (its kept parts) and the printing process's own request asks for no language."""
    match_id = client.post("/api/v1/matches", json={"game": "contree", "players": dict(zip("NESW", "ABCD"))}).json["id"]
    client.post(f"/api/v1/matches/{match_id}/deals", json={
        "dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none", "card_points": {"B": 92},
        "last_trick": "B", "belote": "B"})
    assert '<html lang="en">' in client.get(f"/matches/{match_id}", headers={"Accept-Language": "en"}).get_data(
        as_text=True)
    with app.app_context():
        job = store.create_print_job(store.get_db(), token="f" * 32, kind="sheets", params={"matches": [match_id]},
                                     language="fr", total=1, most=2)
    booklet.run(app, job.token)
    pdf = booklet.output_path(app.config["DATABASE"], job.token)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    assert "Donneur" in text and "Dealer" not in text


@pytest.mark.parametrize(("cookie", "header"), [(None, None), (None, "nl,en;q=0.5"), ("ja", "fr")])
def test_the_language_a_page_is_kept_in_is_the_one_flask_babel_speaks(app, cookie, header):
    """A kept page's language (languages.language, asked without Flask-Babel) is the one its text is
    drawn in: chosen by the switcher or the browser, or forced for a print job, and back after it."""
    headers = {**({"Accept-Language": header} if header else {}), **({"Cookie": f"lang={cookie}"} if cookie else {})}
    with app.test_request_context(headers=headers):
        assert language() == str(get_locale()) == (cookie or (header or "en")[:2])
        with speaking("fr"):
            assert language() == str(get_locale()) == "fr"
        assert language() == str(get_locale()) == (cookie or (header or "en")[:2])


FORCING = re.compile(r"flask_babel import [^\n]*\b(force_locale|refresh)\b|flask_babel\.(force_locale|refresh)\b")


def test_only_speaking_forces_a_language():
    """:func:`languages.language` sees a language forced through :func:`languages.speaking` alone: nothing
    else in the app forces or refreshes Flask-Babel's locale."""
    package = Path(__file__).resolve().parents[2] / "scorekeeper"
    forcing = [str(path.relative_to(package)) for path in package.rglob("*.py")
               if FORCING.search(path.read_text()) and path.name != "languages.py"]
    assert forcing == []
