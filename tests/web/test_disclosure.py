"""A deal form asks only what the chosen contract needs, with or without a script: the fields of
the other contracts are drawn hidden, "Next" (no script) draws the form again for the contract
chosen with what was typed kept, and what a hidden field holds is not read (RULES.md §4.3 for
Pandoeren's contracts)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tests.helpers import form_fields
from tests.web.test_matches import deal_count

PANDOEREN = {"N": "Anouk", "E": "Bram", "S": "Cor", "W": "Daan"}
BIDS = {"bidders_N", "bidders_E", "bidders_S", "bidders_W"}  # who bid: asked with every contract


class _Shown(HTMLParser):
    VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []  # for each open element: is it or an ancestor hidden
        self.names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        hidden = bool(self.stack and self.stack[-1]) or "hidden" in found
        if tag in ("input", "textarea") and not hidden and found.get("type") != "hidden":
            self.names.add(found.get("name") or "")
        if tag not in self.VOID:
            self.stack.append(hidden)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()


def shown(html: str) -> set[str]:
    """The names of the inputs of the deal form drawn visible (in no hidden element)."""
    reader = _Shown()
    reader.feed(html.split('<form method="post" class="stack deal-form"')[1].split("</form>")[0])
    return reader.names - {"action", "count", ""}


def next_step(client, match_id: int, page: str, **typed: str) -> str:
    response = client.post(f"/matches/{match_id}/deals/new", data={**form_fields(page), **typed, "action": "next"})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_pandoeren_asks_the_contract_first_then_only_what_that_contract_needs(app, client, pages):
    match_id = pages.start_match("pandoeren", players=PANDOEREN)
    first = pages.deal_form(match_id)
    assert shown(first) == {"dealer", "declarer", "contract_kind", *BIDS}
    assert 'value="next"' in first  # the "Next" button, for a phone without scripts

    kereltje = next_step(client, match_id, first, declarer="E", contract_kind="kereltje")
    assert shown(kereltje) == {"dealer", "declarer", "contract_kind", *BIDS, "trump", "jas_holder", "discard",
                               "result", "tricks"}
    assert "error" not in kereltje.split('id="preview"')[0]  # "Next" checks nothing yet

    number = next_step(client, match_id, kereltje, contract_kind="number")
    assert {"contract_number", "called_card", "partner", "team_points", "last_trick", "stuk", "roem_N"} <= shown(number)
    assert not {"jas_holder", "result", "tricks"} & shown(number)

    misere = next_step(client, match_id, number, contract_kind="misere", trump="S")
    assert shown(misere) == {"dealer", "declarer", "contract_kind", *BIDS, "trump", "result", "tricks"}
    assert re.search(r'name="declarer"[^>]*value="E"|value="E"[^>]*checked', misere)  # typed, kept
    assert 'value="S" checked' in misere or re.search(r'checked[^>]*name="trump"[^>]*value="S"', misere)


def test_what_another_contract_was_given_is_kept_but_not_read(app, client, pages):
    """RULES.md §4.2: roem counts only in number contracts; typed for a 150, then the contract
    changed to a Misère, it is kept on the form (hidden) and not refused."""
    match_id = pages.start_match("pandoeren", players=PANDOEREN)
    page = pages.deal_form(match_id)
    typed = {"declarer": "S", "contract_kind": "misere", "trump": "D", "result": "made", "roem_N": "AH KH QH",
             "team_points": "99", "partner": "N", "contract_number": "150"}
    response = client.post(f"/matches/{match_id}/deals/new", data={**form_fields(page), **typed, "action": "preview"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200, html
    assert "AH KH QH" in html  # kept, hidden
    assert 'class="preview card made' in html
    assert pages.post_deal(match_id, typed).status_code == 302
    assert deal_count(app, match_id) == 1


def test_editing_a_deal_shows_its_contract_s_fields(app, client, pages):
    match_id = pages.start_match("pandoeren", players=PANDOEREN)
    pages.post_deal(match_id, {"declarer": "E", "contract_kind": "kereltje", "trump": "C", "jas_holder": "W",
                               "result": "failed"})
    with app.app_context():
        from scorekeeper import store
        deal = store.list_deals(store.get_db(), match_id)[0]
    html = pages.deal_form(match_id, deal.id)
    assert "jas_holder" in shown(html) and "roem_N" not in shown(html)


def test_pandoeren_seat_letters_follow_the_language(client, pages):
    match_id = pages.start_match("pandoeren", players=PANDOEREN)
    client.get("/lang/nl")
    html = next_step(client, match_id, pages.deal_form(match_id), declarer="E", contract_kind="number")
    assert "Roem van O" in html and "Roem van Z" in html and "Z heeft geboden" in html
    assert "O · Bram" in html  # the stuk's buttons, like every seat button
    client.get("/lang/fr")
    html = next_step(client, match_id, pages.deal_form(match_id), declarer="E", contract_kind="number")
    assert "Roem de O" in html and "O · Daan" in html


def test_belote_asks_the_trump_only_for_a_suit_contract(client, pages):
    match_id = pages.start_match("belote", opt_sans_atout="y", opt_tout_atout="y")
    page = pages.deal_form(match_id)
    assert "trump" in shown(page) and "belotes_taker" not in shown(page)
    tout = next_step(client, match_id, page, contract="tout_atout")
    assert "trump" not in shown(tout) and "belotes_taker" in shown(tout)


def test_contree_asks_the_surcontre_only_after_a_contre(client, pages):
    match_id = pages.start_match()
    page = pages.deal_form(match_id)
    assert "contre" in shown(page) and "surcontre" not in shown(page)
    assert "surcontre" in shown(next_step(client, match_id, page, contre="y"))
    # RULES §2.3: ticked, then the contre taken back: the surcontre is not read, the deal is plain (220)
    typed = {"dealer": "N", "bidder": "E", "bid": "100", "trump": "H", "bidder_points": "92",
             "last_trick": "bidders", "belote": "bidders", "surcontre": "y"}
    assert "<strong>220</strong>" in pages.post_deal(match_id, typed, action="preview").get_data(as_text=True)
    # the API, which has no form to hide it, still refuses a surcontre without contre (RULES §2.2)
    answer = client.post(f"/api/v1/matches/{match_id}/deals", json={
        "dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "surcontre", "surcontre": True,
        "card_points": {"B": 92}, "last_trick": "B"})
    assert answer.status_code == 400 and answer.json["error"]["field"] == "surcontre"


def test_pandoeren_explanations_name_the_seats_in_the_reader_s_letters(client, pages):
    """RULES.md §4.3: W plays 120 ♥ with E; in French West is O, in the explanation too."""
    match_id = pages.start_match("pandoeren", players=PANDOEREN)
    client.get("/lang/fr")
    deal = {"declarer": "W", "contract_kind": "number", "contract_number": "120", "trump": "H", "called_card": "AS",
            "partner": "E", "team_points": "100", "last_trick": "declarer", "stuk": "W"}
    html = pages.post_deal(match_id, deal, action="preview").get_data(as_text=True)
    assert "O joue 120 ♥ avec E" in html and "réussi\xa0: O +1, E +1" in html
    api = client.post("/api/v1/pandoeren/score", json={"dealer": "N", "declarer": "W", "contract": "120",
                                                             "partner": "E", "called_card": "AS", "trump": "H",
                                                             "team_card_points": 100, "last_trick_team": "declarer"})
    assert api.status_code == 200, api.json
    assert "O joue" not in str(api.json["explanation"])  # the API keeps N E S W
