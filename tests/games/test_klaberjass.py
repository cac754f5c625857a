"""Klaberjass (RULES.md §3): every formula, every option of §3.3, the checks, the form, the referee."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import games
from scorekeeper.errors import RuleViolation
from scorekeeper.games import klaberjass
from scorekeeper.games.klaberjass import deal as klaberjass_deal
from scorekeeper.games.klaberjass import form as klaberjass_form
from scorekeeper.games.klaberjass import referee as klaberjass_referee
from scorekeeper.games.jass import JASS_ORDERS

RULES = klaberjass.RULES
DEFAULTS = RULES.resolve_options()
SEATS = ("P1", "P2")


def options(**changes):
    return RULES.resolve_options(changes)


def deal(**changes):
    """P2 deals, P1 (elder) makes ♥; P1 wins 70 card points and the last trick, P2 40; nothing declared."""
    return {"dealer": "P2", "maker": "P1", "trump": "H", "card_points": {"P1": 70, "P2": 40},
            "last_trick": "P1", **changes}


def score(declarations, **changes):
    return RULES.score_deal(declarations, options(**changes))


def refused(declarations, **changes) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        RULES.read_deal(declarations, options(**changes))
    return err.value


def runs(p1=(), p2=()):
    return [*({"seat": "P1", "cards": run} for run in p1), *({"seat": "P2", "cards": run} for run in p2)]


# -- RULES §3.1: what 18 played cards can hold ------------------------------------------------

def test_the_best_18_cards_hold_146_card_points():
    values = sorted([p for _, p in JASS_ORDERS.trump.ranks] + [p for _, p in JASS_ORDERS.plain.ranks] * 3,
                    reverse=True)
    assert sum(values) == 152  # RULES §1.1: all 32 cards
    assert klaberjass_deal.MAX_CARD_POINTS == sum(values[:18]) == 146  # RULES §3.1: 14 stay in the stock
    assert [klaberjass_deal.most_card_points(n) for n in (0, 1, 2, 9)] == [0, 34, 56, 146]


# -- RULES §3.2, §3.3: scoring a deal -----------------------------------------------------------

@pytest.mark.parametrize(("changes", "opts", "result", "expected"), [
    pytest.param({}, {}, "maker_wins", {"P1": 80, "P2": 40},
                 id="RULES §3.3: maker > opponent: both score their own totals (70 + 10 last trick)"),
    pytest.param({"card_points": {"P1": 40, "P2": 50}}, {}, "tie", {"P1": 0, "P2": 50},
                 id="RULES §3.3: equal: the maker 0, the opponent its own total"),
    pytest.param({"card_points": {"P1": 30, "P2": 50}}, {}, "maker_loses", {"P1": 0, "P2": 90},
                 id="RULES §3.3: bête: the maker 0, the opponent both totals (40 + 50)"),
    pytest.param({"card_points": {"P1": 30, "P2": 30}, "bella": "P1"}, {}, "maker_wins", {"P1": 60, "P2": 30},
                 id="RULES §3.2: bella 20 to its holder"),
    pytest.param({"card_points": {"P1": 20, "P2": 50}, "bella": "P1"}, {}, "tie", {"P1": 0, "P2": 50},
                 id="RULES §3.3: bella counts in the maker's total: 20 + 10 + 20 = 50 against 50"),
    pytest.param({"card_points": {"P1": 50, "P2": 60}, "last_trick": "P2"}, {}, "maker_loses",
                 {"P1": 0, "P2": 120}, id="RULES §3.2: last trick 10 to the opponent; bête"),
    pytest.param({"card_points": {"P1": 146, "P2": 0}}, {}, "maker_wins", {"P1": 156, "P2": 0},
                 id="RULES §3.3: no capot bonus: every trick is 146 + 10"),
    pytest.param({"sequences": runs(["AS KS QS"])}, {}, "maker_wins", {"P1": 100, "P2": 40},
                 id="RULES §3.2: a sequence of 3 is 20"),
    pytest.param({"sequences": runs(["AS KS QS JS"])}, {}, "maker_wins", {"P1": 130, "P2": 40},
                 id="RULES §3.2: a sequence of 4 is 50"),
    pytest.param({"sequences": runs(["AS KS QS JS 10S"])}, {}, "maker_wins", {"P1": 130, "P2": 40},
                 id="RULES §3.2: a sequence of 5 is still 50 (no 100)"),
    pytest.param({"sequences": runs(["AS KS QS JS", "9D 8D 7D"])}, {}, "maker_wins", {"P1": 150, "P2": 40},
                 id="RULES §3.2: the best player scores all of his sequences (50 + 20)"),
    pytest.param({"sequences": runs(["AS KS QS"], ["10D 9D 8D 7D"])}, {}, "maker_loses", {"P1": 0, "P2": 170},
                 id="RULES §3.2: 50 beats 20 whatever the top card"),
    pytest.param({"sequences": runs(["AS KS QS JS"], ["KD QD JD 10D", "AC KC QC"])}, {}, "maker_wins",
                 {"P1": 130, "P2": 40}, id="RULES §3.2: same class: the higher top card; the loser scores none"),
    pytest.param({"sequences": runs(["KS QS JS"], ["KH QH JH"]), "card_points": {"P1": 60, "P2": 60}}, {},
                 "maker_loses", {"P1": 0, "P2": 150}, id="RULES §3.2: same class and top: the trump one wins"),
    pytest.param({"sequences": runs(["KS QS JS"], ["KD QD JD"])}, {}, "maker_wins", {"P1": 80, "P2": 40},
                 id="RULES §3.2: still equal: neither player scores sequences"),
    pytest.param({"sequences": runs(["AS KS QS JS"], ["AD KD QD JD 10D"])}, {}, "maker_wins",
                 {"P1": 80, "P2": 40}, id="RULES §7 item 10: a 5-run and a 4-run are both 50: top card, then nobody"),
    pytest.param({"sequences": runs(["AS KS QS JS"], ["KD QD JD 10D 9D"])}, {}, "maker_wins",
                 {"P1": 130, "P2": 40}, id="RULES §7 item 10: the 4-run to the ace beats the 5-run to the king"),
    pytest.param({"sequences": runs(["AS KS QS JS"], ["KD QD JD 10D 9D"])},
                 {"sequence_compare_by_length": True}, "maker_loses", {"P1": 0, "P2": 170},
                 id="RULES §3.3 sequence_compare_by_length: the longer 50 wins"),
    pytest.param({"sequences": runs(["AS KS QS"], ["KD QD JD 10D 9D"])},
                 {"sequence_compare_by_length": True}, "maker_loses", {"P1": 0, "P2": 170},
                 id="RULES §3.3 sequence_compare_by_length: the value class still comes first"),
    # RULES §3.3 no_tricks_no_melds (§7 item 25)
    pytest.param({"card_points": {"P1": 90, "P2": 0}, "sequences": runs(["KS QS JS"], ["AD KD QD JD"])},
                 {"no_tricks_no_melds": True}, "maker_wins", {"P1": 120, "P2": 0},
                 id="RULES §3.3 no_tricks_no_melds, §7 item 25: the trickless 50 leaves; P1's 20 scores"),
    pytest.param({"card_points": {"P1": 90, "P2": 0}, "sequences": runs(["KS QS JS"], ["AD KD QD JD"])},
                 {}, "maker_wins", {"P1": 100, "P2": 50},
                 id="RULES §3.3 no_tricks_no_melds off: the trickless player's 50 scores"),
    pytest.param({"card_points": {"P1": 90, "P2": 0}, "sequences": runs([], ["AD KD QD JD"]), "bella": "P2"},
                 {"no_tricks_no_melds": True}, "maker_wins", {"P1": 100, "P2": 20},
                 id="RULES §3.3 no_tricks_no_melds: bella still counts"),
    pytest.param({"card_points": {"P1": 90, "P2": 0}, "tricks_won": {"P1": 8, "P2": 1},
                  "sequences": runs(["KS QS JS"], ["AD KD QD JD"])}, {"no_tricks_no_melds": True}, "maker_wins",
                 {"P1": 100, "P2": 50}, id="RULES §3.3 no_tricks_no_melds: a trick of no points still counts"),
    pytest.param({"card_points": {"P1": 90, "P2": 0}, "tricks_won": {"P2": 0},
                  "sequences": runs(["KS QS JS"], ["AD KD QD JD"])}, {"no_tricks_no_melds": True}, "maker_wins",
                 {"P1": 120, "P2": 0}, id="RULES §3.3 no_tricks_no_melds: from tricks_won"),
    pytest.param({"card_points": {"P1": 0, "P2": 90}, "last_trick": "P2", "maker": "P2",
                  "sequences": runs(["AD KD QD JD"], ["KS QS JS"])}, {"no_tricks_no_melds": True}, "maker_wins",
                 {"P1": 0, "P2": 120}, id="RULES §3.3 no_tricks_no_melds: the maker's opponent took nothing"),
    # RULES §3.3 tie_litige with points held from an earlier tie
    pytest.param({"litige_pending": 50}, {"tie_litige": True}, "maker_wins", {"P1": 130, "P2": 40},
                 id="RULES §3.3 tie_litige: the winning maker takes what was held"),
    pytest.param({"card_points": {"P1": 30, "P2": 50}, "litige_pending": 50}, {"tie_litige": True}, "maker_loses",
                 {"P1": 0, "P2": 140}, id="RULES §3.3 tie_litige: on a bête the opponent takes what was held"),
    pytest.param({"card_points": {"P1": 40, "P2": 50}, "litige_pending": 50}, {"tie_litige": True}, "tie",
                 {"P1": 0, "P2": 50}, id="RULES §3.3 tie_litige: another tie holds more"),
])
def test_scoring(changes, opts, result, expected):
    scored = score(deal(**changes), **opts)
    assert (scored.answer["result"], dict(scored.score)) == (result, expected)
    assert scored.made is (result == "maker_wins")
    assert scored.answer["score"] == expected


def test_the_answer_carries_the_rules_6_fields():
    scored = score(deal(sequences=runs(["AS KS QS JS", "9D 8D 7D"], ["KC QC JC"]), bella="P1"))
    assert scored.answer == {"result": "maker_wins", "maker": "P1", "sequence_winner": "P1",
                             "counted_sequences": {"P1": 70, "P2": 0}, "totals": {"P1": 170, "P2": 40},
                             "score": {"P1": 170, "P2": 40}, "litige_pending": 0}


@pytest.mark.parametrize(("changes", "opts", "held"), [
    pytest.param({"card_points": {"P1": 40, "P2": 50}}, {"tie_litige": True}, 50,
                 id="RULES §3.3 tie_litige: the maker's 50 are held"),
    pytest.param({"card_points": {"P1": 40, "P2": 50}, "litige_pending": 30}, {"tie_litige": True}, 80,
                 id="RULES §3.3 tie_litige: held points add up over ties"),
    pytest.param({"card_points": {"P1": 40, "P2": 50}}, {}, 0, id="RULES §3.3 tie_litige off: nothing held"),
    pytest.param({"litige_pending": 30}, {"tie_litige": True}, 0, id="RULES §3.3 tie_litige: a win releases it"),
])
def test_what_a_tie_holds(changes, opts, held):
    assert score(deal(**changes), **opts).answer["litige_pending"] == held


# -- explanations ---------------------------------------------------------------------------------

def rendered(scored):
    return [line.render() for line in scored.lines]


def test_the_explanation_reads_like_a_referee():
    scored = score(deal(sequences=runs(["AS KS QS JS"], ["KD QD JD 10D"]), bella="P1"))
    assert rendered(scored) == [
        "P2 deals (younger), P1 leads the first trick (elder); P1 makes ♥ trumps",
        "P1 declares A♠ K♠ Q♠ J♠ (50)",
        "P2 declares K♦ Q♦ J♦ 10♦ (50)",
        "P1's 50 to the ace beats P2's 50 to the king: the higher top card wins",
        "P1 scores the sequence: 50",
        "P1: 70 card points + 10 last trick + 50 sequences + 20 bella = 150",
        "P2: 40 card points",
        "P1 150 > P2 40: the maker wins; each player scores their own total",
        "P1 scores 150",
        "P2 scores 40",
        "Score: P1 150, P2 40",
    ]
    assert scored.summary.render() == "♥ — P1 makes"


@pytest.mark.parametrize(("p1", "p2", "opts", "why"), [
    pytest.param(["AS KS QS"], ["10D 9D 8D 7D"], {},
                 "P2's 50 to the ten beats P1's 20 to the ace: a 50 beats a 20", id="RULES §3.2: value class"),
    pytest.param(["AS KS QS JS"], ["KD QD JD 10D 9D"], {"sequence_compare_by_length": True},
                 "P2's 5-card 50 to the king beats P1's 4-card 50 to the ace: the longer sequence wins",
                 id="RULES §3.3 sequence_compare_by_length: length"),
    pytest.param(["KS QS JS"], ["KH QH JH"], {},
                 "P2's 20 to the king in trumps (♥) beats P1's 20 to the king: the trump sequence wins",
                 id="RULES §3.2: trump suit"),
    pytest.param(["KS QS JS"], ["KD QD JD"], {},
                 "P1's 20 to the king and P2's 20 to the king are equal and neither is in trumps: neither player "
                 "scores sequences", id="RULES §3.2: still equal"),
    pytest.param([], ["QD JD 10D", "10S 9S 8S 7S"], {},
                 "Only P2 has a sequence; the best is the 50 to the ten", id="RULES §3.2: only one player"),
])
def test_why_a_sequence_wins(p1, p2, opts, why):
    assert why in rendered(score(deal(sequences=runs(p1, p2)), **opts))


def test_bete_and_ties_are_marked_in_the_summary():
    bete = score(deal(card_points={"P1": 30, "P2": 50}))
    assert bete.summary.render() == "♥ — P1 makes, bête"
    assert "P2 scores 50 + 40 = 90" in rendered(bete)
    tie = score(deal(card_points={"P1": 40, "P2": 50}), tie_litige=True)
    assert tie.summary.render() == "♥ — P1 makes, tie (held)"
    assert "Held for the winner of the next deal: 50" in rendered(tie)
    assert score(deal(card_points={"P1": 40, "P2": 50})).summary.render() == "♥ — P1 makes, tie"


def test_no_tricks_no_melds_says_when_it_infers_the_tricks():
    lines = rendered(score(deal(card_points={"P1": 90, "P2": 0}, sequences=runs([], ["AD KD QD JD"])),
                           no_tricks_no_melds=True))
    assert "P2 has no card points and did not take the last trick: counted as having taken no trick" in lines
    assert "P2 took no trick: their sequences do not count (bella still does)" in lines
    assert "No sequence is left to compare" in lines


def test_the_turned_card_is_recorded_for_the_sheet_only():
    plain = score(deal())
    turned = score(deal(turned_suit="H", trump_7_exchanged=True))
    assert turned.score == plain.score
    assert "♥ was turned up and the trump 7 was exchanged for the turned card (no points)" in rendered(turned)


# -- RULES §3.3 tie_litige across a match ----------------------------------------------------------

def test_a_tie_is_held_across_three_deals_on_the_sheet():
    opts = options(tie_litige=True)
    deals = [deal(card_points={"P1": 40, "P2": 50}),  # P1 50 = P2 50: P1's 50 held
             deal(dealer="P1", maker="P2", card_points={"P1": 60, "P2": 50}, last_trick="P2"),  # 60 = 60: +60
             deal(card_points={"P1": 80, "P2": 30}, litige_pending=999)]  # P1 wins: 90 + 110 held
    sheet = RULES.score_sheet(deals, opts)
    assert [row.scored.answer["litige_pending"] for row in sheet.rows] == [50, 110, 0]
    assert [dict(row.scored.score) for row in sheet.rows] == [{"P1": 0, "P2": 50}, {"P1": 60, "P2": 0},
                                                             {"P1": 200, "P2": 30}]
    assert dict(sheet.totals) == {"P1": 260, "P2": 80}
    assert [row.declarations["litige_pending"] for row in sheet.rows] == [0, 50, 110]
    assert "Held for the winner of the next deal: 50 + 60 = 110" in rendered(sheet.rows[1].scored)
    assert "P1 scores 90 + 110 held from the tie = 200" in rendered(sheet.rows[2].scored)


def test_without_tie_litige_the_sheet_holds_nothing():
    deals = [deal(card_points={"P1": 40, "P2": 50}), deal()]
    sheet = RULES.score_sheet(deals, DEFAULTS)
    assert dict(sheet.totals) == {"P1": 80, "P2": 90}


def test_a_bete_after_a_tie_gives_the_held_points_to_the_opponent():
    deals = [deal(card_points={"P1": 40, "P2": 50}), deal(card_points={"P1": 20, "P2": 60})]
    sheet = RULES.score_sheet(deals, options(tie_litige=True))
    assert dict(sheet.rows[1].scored.score) == {"P1": 0, "P2": 140}  # 60 + 30 + 50 held


def test_the_sheet_stops_at_the_target():
    deals = [deal(card_points={"P1": 146, "P2": 0}, bella="P1")] * 3  # 176 a deal
    sheet = RULES.score_sheet(deals, DEFAULTS)
    assert sheet.result is not None and sheet.result.winner == "P1"


# -- validation -------------------------------------------------------------------------------------

def test_the_dealer_is_optional_as_no_score_depends_on_it():
    """RULES.md §6: a Klaberjass deal is maker, trump, card points...; who dealt changes no value."""
    without = RULES.score_deal({k: v for k, v in deal().items() if k != "dealer"}, DEFAULTS)
    with_dealer = RULES.score_deal(deal(), DEFAULTS)
    assert (without.score, without.answer) == (with_dealer.score, with_dealer.answer)
    assert without.lines[0].render() == "P1 makes ♥ trumps"
    assert RULES.read_deal({k: v for k, v in deal().items() if k != "dealer"}, DEFAULTS)["dealer"] is None


TOO_MANY = "AS KS QS JS 10S 9S 8S 7S"  # 8 cards; with 3 more: 11 > 9


@pytest.mark.parametrize(("declarations", "opts", "field"), [
    pytest.param({k: v for k, v in deal().items() if k != "maker"}, {}, "maker", id="RULES §6: no maker"),
    pytest.param({k: v for k, v in deal().items() if k != "trump"}, {}, "trump", id="RULES §6: no trump"),
    pytest.param({k: v for k, v in deal().items() if k != "card_points"}, {}, "card_points",
                 id="RULES §6: no card points"),
    pytest.param({k: v for k, v in deal().items() if k != "last_trick"}, {}, "last_trick",
                 id="RULES §3.2: somebody took the last trick"),
    pytest.param(deal(dealer="N"), {}, "dealer", id="RULES §0: Klaberjass seats are P1 and P2"),
    pytest.param(deal(maker="P3"), {}, "maker", id="RULES §0: no P3"),
    pytest.param(deal(trump="X"), {}, "trump", id="RULES §0: suits S H D C"),
    pytest.param(deal(card_points={"P1": 70}), {}, "card_points",
                 id="RULES §3.1: no fixed total, so both players' points are needed"),
    pytest.param(deal(card_points={"P1": 147, "P2": 0}), {}, "card_points", id="RULES §3.1: 18 cards hold 146"),
    pytest.param(deal(card_points={"P1": 100, "P2": 50}), {}, "card_points",
                 id="RULES §3.1: together at most 146"),
    pytest.param(deal(card_points={"P1": -1, "P2": 0}), {}, "card_points", id="negative card points"),
    pytest.param(deal(card_points={"P1": 7.5, "P2": 0}), {}, "card_points", id="not a whole number"),
    pytest.param(deal(card_points={"P1": 70, "P3": 0}), {}, "card_points", id="RULES §0: no player P3"),
    pytest.param(deal(tricks_won={"P1": 5, "P2": 5}), {}, "tricks_won", id="RULES §3.1: 9 tricks"),
    pytest.param(deal(tricks_won={"P1": 10}), {}, "tricks_won", id="RULES §3.1: at most 9 tricks"),
    pytest.param(deal(tricks_won={"P1": 9}), {}, "card_points",
                 id="RULES §3.1: a player with card points took a trick"),
    pytest.param(deal(tricks_won={"P1": 0}, card_points={"P1": 0, "P2": 40}), {}, "last_trick",
                 id="RULES §3.1: the last trick is a trick"),
    pytest.param(deal(tricks_won={"P2": 1}, card_points={"P1": 70, "P2": 35}), {}, "card_points",
                 id="RULES §3.1: one trick holds at most 34"),
    pytest.param(deal(turned_suit="X"), {}, "turned_suit", id="RULES §3.1: the turned suit is a suit"),
    pytest.param(deal(trump_7_exchanged=True), {}, "turned_suit",
                 id="RULES §3.1: the exchange needs the turned suit"),
    pytest.param(deal(trump_7_exchanged=True, turned_suit="S"), {}, "trump_7_exchanged",
                 id="RULES §3.1: the trump 7 is exchanged only when the turned suit is trump"),
    pytest.param(deal(trump_7_exchanged="yes"), {}, "trump_7_exchanged", id="RULES §6: true or false"),
    pytest.param(deal(sequences=runs(["JS JH JD JC"])), {}, "sequences", id="RULES §3.2: no fours in Klaberjass"),
    pytest.param(deal(sequences=runs(["AS KS"])), {}, "sequences", id="RULES §3.2: 3 cards or more"),
    pytest.param(deal(sequences=runs(["AS KS JS"])), {}, "sequences", id="RULES §3.2: consecutive"),
    pytest.param(deal(sequences=runs(["AS KH QS"])), {}, "sequences", id="RULES §3.2: one suit"),
    pytest.param(deal(sequences=runs(["AS KS QS JS 10S 9S 8S 7S 6S"])), {}, "sequences",
                 id="RULES §3.1: 32 cards, no 6"),
    pytest.param(deal(sequences=runs(["AS KS QS"], ["QS JS 10S"])), {}, "sequences",
                 id="RULES §3.2: a card in both players' sequences"),
    pytest.param(deal(sequences=runs(["AS KS QS", "JS 10S 9S"])), {}, "sequences",
                 id="RULES §3.2: a run is never split"),
    pytest.param(deal(sequences=runs([TOO_MANY, "AD KD QD"])), {}, "sequences", id="RULES §3.1: 9 cards a hand"),
    pytest.param(deal(sequences=[{"seat": "P3", "cards": "AS KS QS"}]), {}, "sequences", id="no player P3"),
    pytest.param(deal(sequences=[{"seat": "P1", "cards": [1, 2, 3]}]), {}, "sequences", id="cards not codes"),
    pytest.param(deal(sequences={"P1": "AS KS QS"}), {}, "sequences", id="RULES §6: a list of runs"),
    pytest.param(deal(bella="P2", sequences=runs(["AH KH QH"])), {}, "bella",
                 id="RULES §3.2: bella is K + Q of trumps in one hand, not in the other's sequence"),
    pytest.param(deal(bella="P1", sequences=runs([TOO_MANY])), {}, "bella", id="RULES §3.1: 9 cards with bella"),
    pytest.param(deal(bella="both"), {}, "bella", id="RULES §6: bella P1, P2 or nobody"),
    pytest.param(deal(litige_pending=40), {}, "litige_pending",
                 id="RULES §3.3 tie_litige off: nothing can be held"),
    pytest.param(deal(litige_pending=-5), {"tie_litige": True}, "litige_pending", id="held points are not negative"),
    pytest.param(deal(tricks=9), {}, "tricks", id="RULES §6: unknown declarations are named"),
])
def test_bad_declarations_name_their_field(declarations, opts, field):
    assert refused(declarations, **opts).field == field


def test_a_four_is_refused_as_a_four():
    err = refused(deal(sequences=runs(["JS JH JD JC"])))
    assert "no fours in Klaberjass" in str(err)


def test_read_deal_is_canonical_and_stable():
    declared = deal(sequences=[{"seat": "P2", "cards": ["10d", "JD", "QD"]}, {"seat": "P1", "cards": "9c 8c 7c; KS AS QS"}])
    canonical = RULES.read_deal(declared, DEFAULTS)
    assert canonical == {"dealer": "P2", "maker": "P1", "trump": "H", "turned_suit": None,
                         "trump_7_exchanged": False, "card_points": {"P1": 70, "P2": 40}, "last_trick": "P1",
                         "tricks_won": None,
                         "sequences": [{"seat": "P1", "cards": ["AS", "KS", "QS"]},
                                       {"seat": "P1", "cards": ["9C", "8C", "7C"]},
                                       {"seat": "P2", "cards": ["QD", "JD", "10D"]}],
                         "bella": None, "litige_pending": 0}
    assert RULES.read_deal(canonical, DEFAULTS) == canonical
    assert RULES.read_deal(deal(tricks_won={"P1": 6}), DEFAULTS)["tricks_won"] == {"P1": 6, "P2": 3}


JSON = st.recursive(st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=True)
                    | st.text(max_size=5) | st.sampled_from(["P1", "P2", "H", "AH", "AH KH QH", "JS JH JD JC"]),
                    lambda inner: (st.lists(inner, max_size=4)
                                   | st.dictionaries(st.text(max_size=4) | st.sampled_from(["P1", "P2", "seat",
                                                                                             "cards"]),
                                                     inner, max_size=4)),
                    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(junk=st.dictionaries(st.sampled_from(klaberjass_deal.KEYS) | st.text(max_size=3), JSON, max_size=8) | JSON,
       litige=st.booleans())
def test_junk_only_ever_raises_rule_violation(junk, litige):
    try:
        RULES.score_deal(junk, options(tie_litige=litige))
    except RuleViolation as err:
        assert err.field is None or isinstance(err.field, str)


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(klaberjass_deal.KEYS), value=JSON, litige=st.booleans())
def test_one_junk_value_in_a_good_deal_is_named_or_accepted(key, value, litige):
    try:
        RULES.score_deal(deal(**{key: value}), options(tie_litige=litige, no_tricks_no_melds=True))
    except RuleViolation as err:
        assert err.field


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(RULES.referee_kinds),
       query=st.dictionaries(st.sampled_from(["hand", "trick", "trick_so_far", "trump", "sequences",
                                              "totals_before", "deal_score"]), JSON, max_size=4))
def test_referee_junk_only_ever_raises_rule_violation(kind, query):
    try:
        ruling = RULES.referee(kind, query, DEFAULTS)
    except RuleViolation as err:
        assert err.field is None or isinstance(err.field, str)
    else:
        assert all(line.render() for line in ruling.lines)


# -- properties --------------------------------------------------------------------------------------

P1_RUNS = ["AH KH QH", "10S 9S 8S 7S", "QD JD 10D 9D 8D"]
P2_RUNS = ["KC QC JC", "AS KS QS JS", "10H 9H 8H 7H"]


def _cards(text):
    return set(text.split())


@st.composite
def deals(draw):
    """Any valid deal under RULES §3 / §6."""
    trump = draw(st.sampled_from("SHDC"))
    tricks = draw(st.none() | st.integers(0, 9))
    if tricks is None:
        p1 = draw(st.integers(0, 146))
        points = {"P1": p1, "P2": draw(st.integers(0, 146 - p1))}
        last = draw(st.sampled_from(SEATS))
    else:
        counts = {"P1": tricks, "P2": 9 - tricks}
        p1 = draw(st.integers(0, klaberjass_deal.most_card_points(tricks)))
        points = {"P1": p1, "P2": draw(st.integers(0, min(146 - p1, klaberjass_deal.most_card_points(9 - tricks))))}
        last = draw(st.sampled_from([seat for seat in SEATS if counts[seat]]))
    sequences = {"P1": draw(st.lists(st.sampled_from(P1_RUNS), unique=True, max_size=2)),
                 "P2": draw(st.lists(st.sampled_from(P2_RUNS), unique=True, max_size=2))}
    bella = draw(st.sampled_from([None, "P1", "P2"]))
    if bella:
        pair = {"K" + trump, "Q" + trump}
        other = set().union(*map(_cards, sequences["P2" if bella == "P1" else "P1"]))
        own = set().union(pair, *map(_cards, sequences[bella]))
        bella = None if pair & other or len(own) > 9 else bella
    turned = draw(st.sampled_from([None, trump, "S", "H"]))
    return {"dealer": draw(st.sampled_from(SEATS)), "maker": draw(st.sampled_from(SEATS)), "trump": trump,
            "turned_suit": turned, "trump_7_exchanged": turned == trump and draw(st.booleans()),
            "card_points": points, "last_trick": last,
            "tricks_won": None if tricks is None else {"P1": tricks, "P2": 9 - tricks},
            "sequences": runs(sequences["P1"], sequences["P2"]), "bella": bella,
            "litige_pending": draw(st.sampled_from([0, 0, 40, 155]))}


OPTION_SETS = st.fixed_dictionaries({
    "sequence_compare_by_length": st.booleans(), "no_tricks_no_melds": st.booleans(),
}).map(lambda o: options(tie_litige=True, **o))


@settings(max_examples=300, deadline=None)
@given(declarations=deals(), opts=OPTION_SETS)
def test_scores_are_never_negative_and_the_explanation_adds_up(declarations, opts):
    scored = RULES.score_deal(declarations, opts)
    assert all(points >= 0 for points in scored.score.values())
    final = scored.lines[-1].params
    assert {"P1": final["score_p1"], "P2": final["score_p2"]} == dict(scored.score)
    for seat in SEATS:
        steps = [line.params for line in scored.lines if line.params.get("player") == seat
                 and line.template in (klaberjass.OWN, klaberjass.ZERO, klaberjass.BOTH, klaberjass.OWN_PENDING,
                                       klaberjass.BOTH_PENDING)]
        assert len(steps) == 1 and steps[0]["total"] == scored.score[seat]
        totals = [line.params for line in scored.lines if line.template in klaberjass._TOTAL.values()
                  and line.params["player"] == seat]
        parts = totals[0]
        assert parts["cards"] + parts["last"] + parts["sequences"] + parts["bella"] == scored.answer["totals"][seat]
    for line in (scored.summary, *scored.lines):
        assert line.render() and not re.search(r"%[^(%]", line.template)


@settings(max_examples=300, deadline=None)
@given(declarations=deals(), opts=OPTION_SETS)
def test_the_result_follows_the_totals(declarations, opts):
    scored = RULES.score_deal(declarations, opts)
    maker = scored.answer["maker"]
    opponent = "P2" if maker == "P1" else "P1"
    mine, theirs = scored.answer["totals"][maker], scored.answer["totals"][opponent]
    held = declarations["litige_pending"]
    if mine > theirs:
        assert dict(scored.score) == {maker: mine + held, opponent: theirs}
    elif mine == theirs:
        assert dict(scored.score) == {maker: 0, opponent: theirs}
        assert scored.answer["litige_pending"] == held + mine
    else:
        assert dict(scored.score) == {maker: 0, opponent: mine + theirs + held}  # bête: the maker gets 0
    assert sum(scored.answer["counted_sequences"].values()) in (0, *scored.answer["counted_sequences"].values())


@settings(max_examples=200, deadline=None)
@given(declarations=deals(), data=st.data())
def test_the_way_sequences_are_typed_never_changes_the_score(declarations, data):
    entries = declarations["sequences"]
    order = data.draw(st.permutations(range(len(entries))))
    retyped = []
    for i in order:
        cards = entries[i]["cards"].split()
        shuffled = data.draw(st.permutations(cards))
        form = data.draw(st.sampled_from(["list", "text", "lower"]))
        value = list(shuffled) if form == "list" else " ".join(shuffled)
        retyped.append({"seat": entries[i]["seat"], "cards": value.lower() if form == "lower" else value})
    opts = options(tie_litige=True)
    again = {**declarations, "sequences": retyped}
    assert RULES.score_deal(again, opts) == RULES.score_deal(declarations, opts)
    assert RULES.read_deal(again, opts) == RULES.read_deal(declarations, opts)


@settings(max_examples=100, deadline=None)
@given(declarations=deals())
def test_scoring_the_canonical_deal_changes_nothing(declarations):
    opts = options(tie_litige=True)
    canonical = RULES.read_deal(declarations, opts)
    assert RULES.read_deal(canonical, opts) == canonical
    assert RULES.score_deal(canonical, opts) == RULES.score_deal(declarations, opts)


# -- options and game end -----------------------------------------------------------------------------

def test_every_option_of_rules_3_3_with_its_default():
    assert DEFAULTS == {"target": 500, "sequence_compare_by_length": False, "tie_litige": False,
                        "no_tricks_no_melds": False, "tie_at_target": "continue",
        "misdeal_passes_deal": False}  # the last: RULES §8, the same dealer deals again after a misdeal
    for option in RULES.options:
        assert "RULES" not in option.help + option.label and "seed" not in option.help.lower()


@pytest.mark.parametrize(("raw", "field"), [
    pytest.param({"target": 50}, "options.target", id="RULES §3.3: target too small"),
    pytest.param({"tie_at_target": "replay"}, "options.tie_at_target", id="RULES §3.3: continue or draw"),
    pytest.param({"tie_litige": "maybe"}, "options.tie_litige", id="RULES §3.3: true or false"),
    pytest.param({"litige": True}, "options.litige", id="unknown option (Belote's name)"),
])
def test_bad_options_are_named(raw, field):
    with pytest.raises(RuleViolation) as err:
        RULES.resolve_options(raw)
    assert err.value.field == field


@pytest.mark.parametrize(("totals", "opts", "winner", "draw"), [
    pytest.param({"P1": 490, "P2": 300}, {}, None, None, id="RULES §3.4: nobody at 500: go on"),
    pytest.param({"P1": 500, "P2": 300}, {}, "P1", False, id="RULES §0: reaching the target means >="),
    pytest.param({"P1": 510, "P2": 560}, {}, "P2", False, id="RULES §3.4: both over: the higher wins"),
    pytest.param({"P1": 520, "P2": 520}, {}, None, None, id="RULES §7 item 11: equal past 500: another deal"),
    pytest.param({"P1": 520, "P2": 520}, {"tie_at_target": "draw"}, None, True,
                 id="RULES §3.3 tie_at_target draw"),
    pytest.param({"P1": 300, "P2": 300}, {"tie_at_target": "draw"}, None, None,
                 id="RULES §3.3 tie_at_target: only past the target"),
    pytest.param({"P1": 700, "P2": 650}, {"target": 1000}, None, None, id="RULES §3.3 target"),
])
def test_match_result(totals, opts, winner, draw):
    result = RULES.match_result(totals, options(**opts))
    if draw is None:
        assert result is None
    else:
        assert (result.winner, result.draw) == (winner, draw)
        assert result.lines[0].render()


def test_game_end_says_another_deal_is_played_on_a_tie_past_the_target():
    ruling = RULES.referee("game_end", {"totals_before": {"P1": 480, "P2": 500}, "deal_score": {"P1": 40, "P2": 20}},
                           DEFAULTS)
    assert ruling.answer == {"totals": {"P1": 520, "P2": 520}, "finished": False, "winner": None, "draw": False}
    assert ruling.lines[0].render() == ("Both players reach the target of 500 with 520: no winner yet, another "
                                        "deal is played")
    over = RULES.referee("game_end", {"totals_before": {"P1": 480, "P2": 100}, "deal_score": {"P1": 40, "P2": 0}},
                         DEFAULTS)
    assert over.answer["winner"] == "P1"


def test_seats_dealers_and_the_registry():
    assert [RULES.side_of(seat) for seat in SEATS] == ["P1", "P2"]
    assert [RULES.next_dealer(seat, DEFAULTS) for seat in SEATS] == ["P2", "P1"]  # RULES §3.1: alternates
    assert games.get_rules("klaberjass") is RULES
    assert RULES.referee_kinds == ("legal_play", "trick_winner", "melds", "meld_compare", "count", "claim", "game_end")


# -- the form -------------------------------------------------------------------------------------------

FORM = {"dealer": "P2", "maker": "P1", "trump": "H", "points_P1": "70", "points_P2": "40", "last_trick": "P1",
        "bella": "none"}


def from_form(values, **opts):
    resolved = options(**opts)
    return RULES.score_deal(RULES.declarations_from_form(values, resolved), resolved)


def test_the_form_asks_one_screen():
    names = [(f.name, f.kind, f.required) for f in RULES.deal_fields(DEFAULTS)]
    assert names == [("dealer", "seat", True), ("maker", "seat", True), ("trump", "suit", True),
                     ("turned_suit", "suit", False), ("trump_7_exchanged", "bool", False),
                     ("points_P1", "int", True), ("points_P2", "int", True), ("last_trick", "seat", True),
                     ("bella", "choice", False), ("sequences_P1", "cards", False), ("sequences_P2", "cards", False)]


@pytest.mark.parametrize(("values", "expected"), [
    pytest.param(FORM, {"P1": 80, "P2": 40}, id="RULES §3.3: maker wins"),
    pytest.param({**FORM, "bella": "P1", "sequences_P1": "as ks qs js"}, {"P1": 150, "P2": 40},
                 id="RULES §3.2: bella and a 50"),
    pytest.param({**FORM, "points_P1": "30", "points_P2": "50", "sequences_P2": "10D 9D 8D; 7c 8c 9c"},
                 {"P1": 0, "P2": 130}, id="RULES §3.3: bête: 50 + 40 + 40"),
    pytest.param({**FORM, "turned_suit": "H", "trump_7_exchanged": "y"}, {"P1": 80, "P2": 40},
                 id="RULES §3.1: the exchange scores nothing"),
])
def test_the_form_scores_like_the_table(values, expected):
    assert dict(from_form(values).score) == expected


@pytest.mark.parametrize(("values", "field"), [
    pytest.param({**FORM, "points_P1": "200"}, "points_P1", id="RULES §3.1: over 146"),
    pytest.param({**FORM, "points_P2": "forty"}, "points_P2", id="not a number"),
    pytest.param({**FORM, "points_P2": "²"}, "points_P2", id="not an ASCII number"),
    pytest.param({**FORM, "points_P1": ""}, "points_P1", id="left empty"),
    pytest.param({**FORM, "points_P1": "100", "points_P2": "50"}, "points_P2", id="RULES §3.1: together over 146"),
    pytest.param({k: v for k, v in FORM.items() if k != "dealer"}, "dealer", id="RULES §6: no dealer"),
    pytest.param({k: v for k, v in FORM.items() if k != "maker"}, "maker", id="RULES §6: no maker"),
    pytest.param({k: v for k, v in FORM.items() if k != "trump"}, "trump", id="RULES §6: no trump"),
    pytest.param({k: v for k, v in FORM.items() if k != "last_trick"}, "last_trick", id="RULES §3.2: last trick"),
    pytest.param({**FORM, "turned_suit": "Z"}, "turned_suit", id="RULES §3.1: turned suit"),
    pytest.param({**FORM, "trump_7_exchanged": "y", "turned_suit": "S"}, "trump_7_exchanged",
                 id="RULES §3.1: exchange only with a turned trump"),
    pytest.param({**FORM, "trump_7_exchanged": "y"}, "turned_suit", id="RULES §3.1: exchange needs the turned suit"),
    pytest.param({**FORM, "bella": "both"}, "bella", id="RULES §6: bella P1, P2 or nobody"),
    pytest.param({**FORM, "bella": "P2", "sequences_P1": "AH KH QH"}, "bella",
                 id="RULES §3.2: the bella K is in P1's sequence"),
    pytest.param({**FORM, "sequences_P1": "JS JH JD JC"}, "sequences_P1", id="RULES §3.2: no fours"),
    pytest.param({**FORM, "sequences_P2": "AS KS"}, "sequences_P2", id="RULES §3.2: 3 or more"),
    pytest.param({**FORM, "sequences_P1": "AS KS QS", "sequences_P2": "QS JS 10S"}, "sequences_P2",
                 id="RULES §3.2: one card in both players' sequences"),
    pytest.param({**FORM, "sequences_P1": f"{TOO_MANY}; AD KD QD"}, "sequences_P1", id="RULES §3.1: 9 cards"),
])
def test_form_errors_name_the_form_field(values, field):
    with pytest.raises(RuleViolation) as err:
        from_form(values)
    assert err.value.field == field


def test_the_form_round_trips_sequences():
    values = {**FORM, "bella": "P1", "turned_suit": "H", "trump_7_exchanged": True,
              "sequences_P1": "qs as ks\n 9C 8C 7C", "sequences_P2": "10d jd qd kd"}
    declarations = RULES.declarations_from_form(values, DEFAULTS)
    form = RULES.form_from_declarations(declarations, DEFAULTS)
    assert form == {"dealer": "P2", "maker": "P1", "trump": "H", "turned_suit": "H", "trump_7_exchanged": True,
                    "points_P1": "70", "points_P2": "40", "last_trick": "P1", "bella": "P1",
                    "sequences_P1": "AS KS QS ; 9C 8C 7C", "sequences_P2": "KD QD JD 10D"}
    assert RULES.read_deal(RULES.declarations_from_form(form, DEFAULTS), DEFAULTS) == declarations


def test_an_api_deal_edited_on_the_form_keeps_what_the_form_shows():
    declarations = RULES.read_deal(deal(tricks_won={"P1": 6}), DEFAULTS)
    again = RULES.declarations_from_form(RULES.form_from_declarations(declarations, DEFAULTS), DEFAULTS)
    assert again == {**declarations, "tricks_won": None}


# -- referee ---------------------------------------------------------------------------------------------

def ask(kind, **query):
    return RULES.referee(kind, query, DEFAULTS)


@pytest.mark.parametrize(("hand", "trick", "legal"), [
    pytest.param("7H AS JH", "", {"7H", "AS", "JH"}, id="RULES §3.5: leading: any card"),
    pytest.param("JH 7H AS", "9H", {"JH"}, id="RULES §3.5: trump led: a higher trump"),
    pytest.param("8H 7H AS", "9H", {"8H", "7H"}, id="RULES §3.5: trump led: else any trump"),
    pytest.param("AS KD", "9H", {"AS", "KD"}, id="RULES §3.5: trump led: else any card"),
    pytest.param("7S AS 7H", "KS", {"7S", "AS"}, id="RULES §3.5: follow suit, no need to head"),
    pytest.param("7H JH AD", "KS", {"7H", "JH"}, id="RULES §3.5: void: any trump"),
    pytest.param("AD KC", "KS", {"AD", "KC"}, id="RULES §3.5: void and no trump: any card"),
])
def test_legal_play(hand, trick, legal):
    ruling = ask("legal_play", hand=hand, trick_so_far=trick, trump="H")
    assert set(ruling.answer["legal"]) == legal and ruling.lines[0].render()


@pytest.mark.parametrize(("trick", "winner"), [
    pytest.param("AS 7H", 1, id="RULES §3.5: a trump wins"),
    pytest.param("9H JH", 1, id="RULES §3.1: J is the highest trump"),
    pytest.param("10S AS", 1, id="RULES §3.5: the higher card of the suit led"),
    pytest.param("10S AD", 0, id="RULES §3.5: a discard does not win"),
])
def test_trick_winner(trick, winner):
    ruling = ask("trick_winner", trick=trick, trump="H")
    assert ruling.answer["winner_index"] == winner and ruling.lines


def test_melds_finds_the_sequences_of_a_hand():
    ruling = ask("melds", hand="AS KS QS JS 10S 7H 8H 9H KH", trump="H")
    assert ruling.answer == {"sequences": [{"cards": ["AS", "KS", "QS", "JS", "10S"], "value": 50},
                                           {"cards": ["9H", "8H", "7H"], "value": 20}],
                             "sequence_points": 70, "bella": False}
    assert [line.render() for line in ruling.lines][:2] == ["A♠ K♠ Q♠ J♠ 10♠: the 50 to the ace",
                                                            "9♥ 8♥ 7♥: the 20 to the nine"]
    fours = ask("melds", hand="JS JH JD JC KH 9H")
    assert fours.answer == {"sequences": [], "sequence_points": 0, "bella": None}
    assert "J♠ J♥ J♦ J♣ is not a meld: there are no fours in Klaberjass" in [line.render() for line in fours.lines]
    assert ask("melds", hand="KH QH 7S", trump="H").answer["bella"] is True


def test_meld_compare_explains_the_winner():
    ruling = ask("meld_compare", trump="S", sequences=runs(["KD QD JD 10D", "7C 8C 9C"], ["AH KH QH JH"]))
    assert ruling.answer == {"sequence_winner": "P2", "counted_sequences": {"P1": 0, "P2": 50},
                             "best": ["AH", "KH", "QH", "JH"]}
    assert "P2's 50 to the ace beats P1's 50 to the king: the higher top card wins" in \
        [line.render() for line in ruling.lines]
    longer = RULES.referee("meld_compare", {"trump": "S", "sequences": runs(["KD QD JD 10D 9D"], ["AH KH QH JH"])},
                           options(sequence_compare_by_length=True))
    assert longer.answer["sequence_winner"] == "P1"


@pytest.mark.parametrize(("kind", "query", "field"), [
    pytest.param("legal_play", {"hand": "7H", "trick_so_far": "KS 9H", "trump": "H"}, "trick_so_far",
                 id="RULES §3.5: two players, one card before yours"),
    pytest.param("legal_play", {"hand": "7H 6H", "trump": "H"}, "hand", id="RULES §3.1: no sixes"),
    pytest.param("legal_play", {"hand": "AS KS QS JS 10S 9S 8S 7S AH KH", "trump": "H"}, "hand",
                 id="RULES §3.1: a hand has 9 cards"),
    pytest.param("legal_play", {"hand": "7H", "trump": "X"}, "trump", id="no such trump"),
    pytest.param("legal_play", {"hand": "7H", "trump": "H", "partner_winning": True}, "partner_winning",
                 id="RULES §3.5: no partners"),
    pytest.param("trick_winner", {"trick": "", "trump": "H"}, "trick", id="an empty trick"),
    pytest.param("trick_winner", {"trick": "AS KS QS", "trump": "H"}, "trick", id="RULES §3.5: two cards a trick"),
    pytest.param("melds", {"hand": 7}, "hand", id="a hand is card codes"),
    pytest.param("meld_compare", {"sequences": runs(["JS JH JD JC"]), "trump": "H"}, "sequences",
                 id="RULES §3.2: no fours"),
    pytest.param("meld_compare", {"sequences": runs(["AS KS QS"])}, "trump", id="trump needed"),
    pytest.param("redeal_check", {"hand": "AS"}, "kind", id="RULES §6: not a Klaberjass question"),
])
def test_referee_errors_name_their_field(kind, query, field):
    with pytest.raises(RuleViolation) as err:
        RULES.referee(kind, query, DEFAULTS)
    assert err.value.field == field


def test_the_sequence_explanation_module_agrees_with_melds():
    melds = klaberjass_deal.read_sequences(runs(["KS QS JS 10S 9S"], ["AD KD QD JD"]))
    for by_length, winner in ((False, "P2"), (True, "P1")):
        verdict = klaberjass_referee.compare_sequences(melds, trump="H", by_length=by_length)
        assert verdict.winner == winner


def test_the_form_names_only_form_fields():
    names = {spec.name for spec in RULES.deal_fields(DEFAULTS)}
    assert set(klaberjass_form.POINT_FIELDS.values()) | set(klaberjass_form.SEQUENCE_FIELDS.values()) <= names
