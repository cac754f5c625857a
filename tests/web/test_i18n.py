"""English and Japanese: chosen from the browser, switchable, and the catalogue complete."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

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


def test_every_japanese_message_is_translated_with_its_placeholders():
    with open(CATALOGUES / "ja" / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalogue = read_po(po)
    untranslated = [m.id for m in catalogue if m.id and (not m.string or m.fuzzy)]
    assert not untranslated, f"{len(untranslated)} untranslated, e.g. {untranslated[:3]}"
