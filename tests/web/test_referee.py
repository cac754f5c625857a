"""The referee's pages: May I play this?, Whose melds count?, Count this pile, Does the claim
hold? for every game that answers the question, each case citing RULES.md."""

from __future__ import annotations

import re

import pytest

from scorekeeper import games
from tests.helpers import form_fields


def ask(client, game: str, tool: str = "play", query: str = "", **fields: str | None):
    """The page's form sent with ``fields`` typed in (None: that box unticked, as a browser sends it)."""
    page = client.get(f"/referee/{game}/{tool}{query}").get_data(as_text=True)
    sent = {**form_fields(page), **fields}
    return client.post(f"/referee/{game}/{tool}{query}", data={k: v for k, v in sent.items() if v is not None})


def answered(client, game: str, tool: str, **fields: str | None) -> str:
    response = ask(client, game, tool, **fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 200, re.findall(r'class="error[^"]*"[^>]*>([^<]+)<', html)
    return html


def lit(html: str) -> list[str]:
    return re.findall(r'class="playing-card suit-\w legal">([^<]+)<', html)


TOOLS = {"play": "legal_play", "melds": "meld_compare", "count": "count", "claim": "claim"}


@pytest.mark.parametrize("tool", list(TOOLS))
def test_the_index_lists_each_tool_of_each_game_that_answers_its_question(client, tool):
    index = client.get("/referee/").get_data(as_text=True)
    for rules in games.RULES.values():
        url = f"/referee/{rules.key}/{tool}"
        if TOOLS[tool] in rules.referee_kinds:
            assert url in index
            assert client.get(url).status_code == 200
        else:
            assert url not in index
            assert client.get(url).status_code == 404


@pytest.mark.parametrize(("game", "fields", "legal", "said"), [
    pytest.param("contree", {"hand": "7H AS KS", "trick_so_far": "QS 9S", "trump": "H"}, ["A♠", "K♠"],
                 "you must follow suit", id="RULES §2.6: follow suit"),
    pytest.param("contree", {"hand": "7H JH 7C", "trick_so_far": "QS 9H", "trump": "H"}, ["J♥"],
                 "overtrump", id="RULES §2.6: overtrump the opponent's trump"),
    pytest.param("belote", {"hand": "7H AS 7C", "trick_so_far": "KS", "contract": "sans_atout"},
                 ["A♠"], "you must follow suit", id="RULES §1.9: sans atout, follow suit"),
    pytest.param("klaberjass", {"hand": "7H AD 7C", "trick_so_far": "KS", "trump": "H"}, ["7♥"],
                 "you must trump", id="RULES §3.5: void, you must trump"),
    pytest.param("pandoeren", {"hand": "JH 7S 8D", "trick_so_far": "AS", "trump": "H"}, ["7♠", "J♥"],
                 "jas", id="RULES §4.5: the jas is always allowed"),
])
def test_the_playable_cards_light_up_and_the_rule_is_said(client, game, fields, legal, said):
    response = ask(client, game, **fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 200, html
    assert sorted(lit(html)) == sorted(legal)
    assert said in html


def test_each_refused_card_is_shown_with_its_rule(client):
    """RULES §2.6: the 7♥ and 7♣ may not be played: the 9♥ must be overtrumped."""
    html = ask(client, "contree", hand="7H JH 7C", trick_so_far="QS 9H", trump="H").get_data(as_text=True)
    refusals = re.findall(r'<li><span class="playing-card suit-\w refused">([^<]+)</span> ([^<]+)</li>', html)
    assert refusals == [("7♥", "you must overtrump the 9♥"), ("7♣", "you must overtrump the 9♥")]


def test_a_card_in_the_hand_and_the_trick_is_refused_by_field(client):
    response = ask(client, "contree", hand="7H AS", trick_so_far="AS", trump="H")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="hand-error"' in html
    assert "7H AS</textarea>" in html  # what was typed stays


def test_unknown_games_have_no_page(client):
    assert client.get("/referee/poker/play").status_code == 404


# -- Count this pile --------------------------------------------------------------------------------

def figure(html: str, name: str) -> str:
    return re.search(rf'<dd class="{name}">([^<]+)</dd>', html).group(1)


@pytest.mark.parametrize(("game", "fields", "card_points", "said"), [
    pytest.param("contree", {"pile": "JH 9H 7S 8S", "trump": "H", "last_trick": "y"}, "34",
                 "Check: 44 + 118 = 162", id="RULES §2.1: 152 + 10 = 162"),
    pytest.param("belote", {"pile": "JH 9H AS 10S", "contract": "tout_atout"}, "55",
                 "Check: 55 + 203 = 258", id="RULES §1.1: tout atout 258"),
    pytest.param("klaberjass", {"pile": "JH 9H", "trump": "H", "last_trick": "y",
                                "stock": "7C 8C 9C 10C JC QC KC AC 7D 8D 9D 10D JD QD"}, "34",
                 "less 45 in the stock", id="RULES §3.1: 152 less the stock"),
    pytest.param("pandoeren", {"pile": "JH 9H 6H 10H", "trump": "H", "discard": "AD"}, "44",
                 "Check: 44 + 91 = 135", id="RULES §4.1: 141 less the discard, + 5"),
])
def test_count_a_pile(client, game, fields, card_points, said):
    html = answered(client, game, "count", **fields)
    assert figure(html, "card-points") == card_points
    assert said in html


def test_pandoeren_claims_for_the_claimant_and_the_partner_the_contract_gave(client):
    """RULES §4.5: N leads the jas (J♥) and the 9♥; with trumps E cannot stop N alone, and in a
    Zwabber (no trumps) N and its partner E take both tricks as well."""
    hands = {"hand_N": "JH 9H", "hand_E": "AS KS", "hand_S": "7D 8D", "hand_W": "AC KC"}
    html = answered(client, "pandoeren", "claim", **hands, leader="N", claimant="N", claim="all", trump="H")
    assert "The claim holds" in html and "N takes every trick left (2)" in html  # one player: "takes"
    html = answered(client, "pandoeren", "claim", **hands, leader="N", claimant="N", partner="E", claim="all",
                    contract="Zwabber")
    assert "N–E take every trick left (2)" in html
    refused = ask(client, "pandoeren", "claim", **hands, leader="N", claimant="N", partner="N", claim="all",
                  trump="H")
    assert refused.status_code == 422 and "The partner must be another of N, E, S, W, or none" in \
        refused.get_data(as_text=True)


@pytest.mark.parametrize(("fields", "field"), [
    pytest.param({"pile": "JH 9H 7S 7S", "trump": "H"}, "pile", id="a card twice"),
    pytest.param({"pile": "JH 9H 7S 6S", "trump": "H"}, "pile", id="RULES §2.1: no sixes in the deck"),
    pytest.param({"pile": "JH 9H 7S", "trump": "H"}, "pile", id="RULES §2.6: whole tricks of four"),
    pytest.param({"pile": "", "trump": "H", "last_trick": "y"}, "pile", id="nothing to count"),
])
def test_impossible_piles_are_refused_by_field_and_kept(client, fields, field):
    response = ask(client, "contree", "count", **fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f'id="{field}-error"' in html
    assert f"{fields['pile']}</textarea>" in html


def checked(html: str, name: str) -> str:
    """The value of the ticked chip ``name`` on a page."""
    found = re.search(rf'<input checked[^>]*name="{name}"[^>]*value="([^"]*)"', html)
    return found.group(1) if found else ""


def test_a_pile_counted_from_the_deal_form_goes_back_into_it(client):
    """RULES §2.1: the bidders' card points, counted, are carried into the deal being recorded,
    and what was typed of the deal before counting (bidder, bid, trump, last trick) comes back
    with them; the count page knows the trump already."""
    match_id = client.post("/api/v1/matches", json={"game": "contree", "players": {
        "N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}}).json["id"]
    form = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    assert '<button class="count-link button small" type="submit" name="count" value="bidder_points"' in form
    typed = {"bidder": "E", "bid": "100", "trump": "H", "last_trick": "bidders", "contre": "y"}
    sent = client.post(f"/matches/{match_id}/deals/new",
                       data={**form_fields(form), **typed, "count": "bidder_points"})
    assert sent.status_code == 302
    count_url = sent.headers["Location"]
    assert count_url.startswith(f"/referee/contree/count?match={match_id}&field=bidder_points")
    assert checked(client.get(count_url).get_data(as_text=True), "trump") == "H"
    page = client.get(count_url).get_data(as_text=True)
    response = client.post(count_url, data={**form_fields(page), "pile": "JH 9H AS 10S KS QS 7D 8D"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert f'action="/matches/{match_id}/deals/new"' in html
    back = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html))
    assert back["bidder_points"] == "62"  # J♥ 20 + 9♥ 14 + A♠ 11 + 10♠ 10 + K♠ 4 + Q♠ 3
    deal = client.get(f"/matches/{match_id}/deals/new", query_string=back).get_data(as_text=True)
    assert re.search(r'name="bidder_points"[^>]*value="62"', deal)
    for name, value in typed.items():
        assert checked(deal, name) == value or re.search(rf'<input checked[^>]*name="{name}"', deal), name


def test_a_pile_counted_while_editing_a_deal_goes_back_to_that_deal(client):
    match_id = client.post("/api/v1/matches", json={"game": "contree", "players": {
        "N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}}).json["id"]
    deal_id = client.post(f"/api/v1/matches/{match_id}/deals", json={
        "dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "contre": "none", "card_points": {"B": 92},
        "last_trick": "B", "belote": "B"}).json["deal"]["id"]
    form = client.get(f"/matches/{match_id}/deals/{deal_id}/edit").get_data(as_text=True)
    sent = client.post(f"/matches/{match_id}/deals/{deal_id}/edit",
                       data={**form_fields(form), "bid": "110", "count": "bidder_points"})
    page = client.get(sent.headers["Location"]).get_data(as_text=True)
    html = client.post(sent.headers["Location"], data={**form_fields(page), "pile": "JH 9H AS 10S"}).get_data(
        as_text=True)
    assert f'action="/matches/{match_id}/deals/{deal_id}/edit"' in html
    back = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html))
    edit = client.get(f"/matches/{match_id}/deals/{deal_id}/edit", query_string=back).get_data(as_text=True)
    # J♥ 20 + 9♥ 14 + A♠ 11 + 10♠ 10 = 55
    assert checked(edit, "bid") == "110" and re.search(r'name="bidder_points"[^>]*value="55"', edit)


def test_each_player_of_belote_for_three_counts_a_pile_into_the_deal(client):
    """RULES §1.10: three players, each for himself, each with his card points: each gets the
    referee's count, with the cards out of play, and the count goes back into his field."""
    match_id = client.post("/api/v1/matches", json={"game": "belote", "options": {"players": 3}, "players": {
        "P1": "Ann", "P2": "Bob", "P3": "Cy"}}).json["id"]
    form = client.get(f"/matches/{match_id}/deals/new").get_data(as_text=True)
    for seat in ("P1", "P2", "P3"):
        assert f'name="count" value="points_{seat}"' in form
    html = answered(client, "belote", "count", query=f"?match={match_id}&field=points_P2",
                    pile="JH 9H AS", trump="H")
    assert 'name="out_of_play"' in html and "three to a trick, e.g. JH 9H AS" in html
    assert '<input type="hidden" name="points_P2" value="45">' in html


def test_a_link_to_another_game_s_match_carries_nothing(client):
    match_id = client.post("/api/v1/matches", json={"game": "klaberjass", "players": {
        "P1": "Ann", "P2": "Bob"}}).json["id"]
    html = answered(client, "contree", "count", query=f"?match={match_id}&field=bidder_points",
                    pile="JH 9H AS 10S", trump="H")
    assert "send-to-deal" not in html


# -- Whose melds count? -----------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "fields", "winner", "said"), [
    pytest.param("belote", {"melds_N": "AH KH QH", "melds_E": "JS JH JD JC", "trump": "H", "dealer": "W"},
                 "E–W scores the melds", "a four beats any sequence", id="RULES §1.3: a four beats a sequence"),
    pytest.param("belote", {"melds_N": "AH KH QH", "melds_E": "AS KS QS", "trump": "C", "dealer": "W"},
                 "N–S scores the melds", "N", id="RULES §1.3: equal melds, the first from the dealer's left"),
    pytest.param("contree", {"melds_S": "10D 9D 8D 7D", "melds_W": "AC KC QC", "trump": "H", "dealer": "N"},
                 "N–S scores the melds", "", id="RULES §2.4 announces: a cinquante beats a tierce"),
    pytest.param("klaberjass", {"melds_P1": "AH KH QH JH", "melds_P2": "KS QS JS", "trump": "H"},
                 "P1 scores the melds", "a 50 beats a 20", id="RULES §3.2: value class first"),
    pytest.param("pandoeren", {"melds_N": "AH KH QH", "declarer": "N", "bidders": "E"},
                 "The roem counts: 20", "nobody may deny", id="RULES §4.2: only a bidder may deny"),
])
def test_whose_melds_count(client, game, fields, winner, said):
    html = answered(client, game, "melds", **fields)
    assert winner in html
    assert said in html


def test_a_card_in_two_players_melds_is_refused_and_kept(client):
    """RULES §4.2: a card belongs to one hand; the later seat's melds are named."""
    response = ask(client, "pandoeren", "melds", melds_N="AH KH QH", melds_E="AH AS AD AC", declarer="N")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="melds_E-error"' in html
    assert "AH AS AD AC</textarea>" in html


# -- Does the claim hold? ---------------------------------------------------------------------------

HANDS = {"hand_N": "AS KS", "hand_E": "7H 8D", "hand_S": "7S 8S", "hand_W": "9S 10S"}


def test_a_failing_claim_shows_the_defeating_line(client):
    """RULES §2.6: E trumps the A♠ (void in spades), so N–S cannot take every trick."""
    html = answered(client, "contree", "claim", **HANDS, leader="N", claimant="N", claim="all", trump="H",
                    exact="y")
    assert "The claim fails" in html
    assert "Trick 1: N A♠, E 7♥, S 8♠, W 10♠; E wins" in html
    assert '<dt class="side">E–W</dt><dd>35' in html


def test_a_claim_that_holds(client):
    """RULES §2.6: no trump out, N's A♠ K♠ are masters."""
    html = answered(client, "contree", "claim", **HANDS, leader="N", claimant="N", claim="all", trump="C")
    assert "The claim holds" not in html  # E's 7♥ cannot ruff, but W's 10♠ beats the K♠
    html = answered(client, "contree", "claim", **{**HANDS, "hand_W": "9S 8H"}, leader="N", claimant="S",
                    claim="tricks", claim_number="2", trump="C")
    assert "The claim holds" in html


def test_klaberjass_claims_with_two_hands(client):
    """RULES §3.5: the elder's trumps are masters."""
    html = answered(client, "klaberjass", "claim", hand_P1="JH 9H", hand_P2="AS KS", leader="P1", claimant="P1",
                    claim="all", trump="H")
    assert "The claim holds" in html


def test_quinto_claims_without_a_trump_with_the_cachette_and_the_doubling(client):
    """RULES §5.1: the 2♦ beats the A♠ led; §5.3 the joker (25) goes to the trick's winner."""
    html = answered(client, "quinto", "claim", hand_N="AS", hand_E="2D", hand_S="KS", hand_W="JOKER", leader="N",
                    claimant="N", claim="all", multiplier="double", cachette="5H")
    assert "The claim fails" in html and "Trick 1: N A♠, E 2♦, S K♠, W JOKER; E wins" in html
    assert 'name="trump"' not in html


QUINTO_DEAL = {"hand_N": "AS 10S 6S 2S JH 7H 3H QD 8D 4D KC 9C", "hand_E": "KS 9S 5S AH 10H 6H 2H JD 7D 3D QC 8C",
               "hand_S": "QS 8S 4S KH 9H 5H AD 10D 6D 2D JC 7C", "hand_W": "JS 7S 3S QH 8H 4H KD 9D 5D AC 10C 6C"}
PANDOEREN_DEAL = {"hand_N": "AS 10S AH 10H 6H JD 7D JC", "hand_E": "KS 9S KH 9H AD 10D AC 10C",
                  "hand_S": "QS 8S QH 8H KD 9D KC 9C", "hand_W": "JS 7S JH 7H QD 8D QC 8C"}


@pytest.mark.parametrize(("game", "fields", "said"), [
    pytest.param("quinto", {**QUINTO_DEAL, "dealer": "W", "claimant": "N"},
                 "N, at the left of W who dealt, leads the first trick", id="RULES §7 item 32: the dealer's left"),
    pytest.param("pandoeren", {**PANDOEREN_DEAL, "declarer": "E", "claimant": "E", "trump": "H"},
                 "E, the declarer, leads the first trick", id="RULES §7 item 31: the declarer"),
])
def test_the_first_trick_is_led_by_the_rules_when_no_leader_is_picked(client, game, fields, said):
    page = client.get(f"/referee/{game}/claim").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="leader" type="radio" value="">', page)  # the rules say who
    # "exact" unticked: each side's best from a full deal is not what this test asks (it would search 10 s)
    html = answered(client, game, "claim", **fields, claim="tricks", claim_number="1", exact=None)
    assert said in html and "The claim holds" in html
    refused = ask(client, game, "claim", **{k: v for k, v in fields.items() if k not in ("dealer", "declarer")},
                  claim="tricks", claim_number="1", exact=None)
    assert refused.status_code == 422 and 'id="leader-error"' in refused.get_data(as_text=True)


@pytest.mark.parametrize(("fields", "field"), [
    pytest.param({**HANDS, "hand_E": "AS 8D"}, "hand_E", id="a card in two hands"),
    pytest.param({**HANDS, "hand_W": "9S"}, "hand_W", id="RULES §2.6: hands of unequal length"),
    pytest.param({**HANDS, "trick_so_far": "7D 8H QD KD"}, "trick_so_far",
                 id="RULES §2.6: a trick with more cards than players"),
    pytest.param({**HANDS, "claim": "tricks"}, "claim_number", id="a claim of tricks without a number"),
])
def test_impossible_claims_are_refused_by_field_and_kept(client, fields, field):
    response = ask(client, "contree", "claim", **{"leader": "N", "claimant": "N", "claim": "all", "trump": "H",
                                                   **fields})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f'id="{field}-error"' in html
    assert f"{fields['hand_E']}</textarea>" in html


FULL_DEAL = {"hand_N": "AS KS QS JS 10S 9S 8S 7S", "hand_E": "AH KH QH JH 10H 9H 8H 7H",
             "hand_S": "AD KD QD JD 10D 9D 8D 7D", "hand_W": "AC KC QC JC 10C 9C 8C 7C"}


def test_a_claim_search_that_runs_too_long_is_refused_not_left_to_hold_the_server(client, monkeypatch):
    from scorekeeper.web import referee

    monkeypatch.setattr(referee, "SEARCH_SECONDS", 0)  # every search is already out of time
    response = ask(client, "contree", "claim", **FULL_DEAL, leader="N", claimant="N", claim="points",
                   claim_number="80", trump="H", exact="y")
    assert response.status_code == 422
    assert "This position takes too long to settle here: play a trick or two, then ask again" in \
        response.get_data(as_text=True)
    api = client.post("/api/v1/contree/referee/claim", json={
        "hands": {seat: FULL_DEAL[f"hand_{seat}"] for seat in "NESW"}, "leader": "N", "claimant": "N",
        "claim": {"points": 80}, "trump": "H", "exact": True})
    assert api.status_code == 400 and api.json["error"]["field"] == "hands"


def test_a_claim_settled_in_time_is_answered_and_says_what_would_take_too_long(client, monkeypatch):
    """The budget runs out once the claim is settled, while each side's best play is worked
    out: the page gives the verdict and the line, the best tricks if they were found, and
    says that the rest would take too long (before, the whole claim was refused)."""
    from scorekeeper import solver
    from scorekeeper.web import referee

    settled = []
    real_explain = solver.explain
    monkeypatch.setattr(solver, "explain", lambda *args: settled.append(True) or real_explain(*args))
    monkeypatch.setattr(referee.time, "monotonic", lambda: 10**9 if settled else 0.0)
    html = answered(client, "contree", "claim", **FULL_DEAL, leader="N", claimant="N", claim="all", trump="H",
                    exact="y")
    assert "The claim fails" in html and '<ol class="line">' in html
    assert re.search(r"Each side&#39;s best (tricks and )?points from here would take too long to work out: "
                     r"ask again after a trick or two", html)
    assert ('<dt class="side">E–W</dt><dd>8 tricks</dd>' in html) == (
        "best points from here would take" in html)
    monkeypatch.undo()  # in time: each side's best points and tricks
    html = answered(client, "contree", "claim", **FULL_DEAL, leader="N", claimant="N", claim="all", trump="H",
                    exact="y")
    assert '<dt class="side">N–S</dt><dd>0 · 0 tricks</dd>' in html
    assert '<dt class="side">E–W</dt><dd>162 · 8 tricks</dd>' in html
    assert "would take too long" not in html


def test_what_is_left_empty_is_asked_for_under_its_field(client):
    """The page says what to do under the empty input; the API's "hand is missing" names its key."""
    response = ask(client, "contree", "play", trick_so_far="QS 9S")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert '<p class="error" id="hand-error">Fill this in to get the answer.</p>' in html
    assert "is missing" not in html
    assert "QS 9S" in html
    html = ask(client, "contree", "play", hand="7H AS KS", trick_so_far="QS 9S").get_data(as_text=True)
    assert '<p class="error" id="trump-error">Pick one to get the answer.</p>' in html, \
        re.findall(r'class="error[^>]*>[^<]*<', html)


@pytest.mark.parametrize("game", ["belote", "contree", "klaberjass", "pandoeren", "quinto"])
def test_a_claim_with_every_hand_empty_asks_for_the_hands_first(client, game):
    """Nothing typed but the claim's defaults: the hands are asked for (the first inputs of the
    page), not the trump further down (Pandoeren's, which must be named unless the contract is
    played without trumps, was asked for first); an empty table is not a claim that holds."""
    response = ask(client, game, "claim")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    first_seat = re.search(r'name="hand_(\w+)"', html)[1]  # N, or Klaberjass's P1
    assert f'<p class="error" id="hand_{first_seat}-error">Every hand is empty: enter the cards each hand still ' \
        'holds</p>' in html
    assert "trump suit" not in html and "Which suit is trump" not in html


@pytest.mark.parametrize("tool", ["count", "claim"])
def test_quinto_doubling_reads_as_on_the_deal_form(client, tool):
    """RULES §5.2: the referee's doubling chips say what the deal form says (they showed the
    API's bare values: none, double, redouble)."""
    html = client.get(f"/referee/quinto/{tool}").get_data(as_text=True)
    chips = re.findall(r'name="multiplier"[^>]*><span>([^<]+)</span>', html)
    assert chips == ["No double", "Doubled (×2)", "Redoubled (×4)"]


def test_belote_for_three_has_its_own_referee(client):
    """RULES §1.10: three players, each for himself: the referee's pages of Belote for three
    ask for three hands (P1 P2 P3), and a claim there is one player's."""
    index = client.get("/referee/").get_data(as_text=True)
    assert "<h2>Belote for three</h2>" in index and "/referee/belote/claim?players=3" in index
    html = answered(client, "belote", "claim", query="?players=3", hand_P1="AS KS", hand_P2="7H 8D",
                    hand_P3="7S 8S", trump="H", leader="P1", claimant="P1")
    assert "Belote for three" in html and 'name="hand_N"' not in html
    assert "P2 ruffs the first round of ♠ with the 7♥: P1 loses a trick" in html
