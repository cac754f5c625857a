"""Belote Contrée (RULES.md §2): every formula, every option of §2.4, the checks, the form."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import games
from scorekeeper.errors import RuleViolation
from scorekeeper.games import contree

RULES = contree.RULES
DEFAULTS = RULES.resolve_options()
SEATS = ("N", "E", "S", "W")
SIDES = {"A": "N–S", "B": "E–W"}


def options(**changes):
    return RULES.resolve_options(changes)


def deal(**changes):
    """N (team A) bids 100 ♥; A takes 88 card points and the last trick; no belote."""
    return {"dealer": "W", "bidder": "N", "bid": 100, "trump": "H", "contre": "none",
            "card_points": {"A": 88}, "last_trick": "A", "belote": None, **changes}


def score(declarations, **changes):
    return RULES.score_deal(declarations, options(**changes))


def refused(declarations, **changes) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        RULES.read_deal(declarations, options(**changes))
    return err.value


@pytest.mark.parametrize(("points", "expected"), [
    pytest.param(84, 80, id="RULES §0: 84 -> 80"),
    pytest.param(85, 90, id="RULES §0: 85 -> 90"),
    pytest.param(86, 90, id="RULES §0: 86 -> 90"),
    pytest.param(162, 160, id="RULES §0: 162 -> 160"),
    pytest.param(182, 180, id="RULES §0: 182 -> 180"),
    pytest.param(2, 0, id="RULES §0: 2 -> 0"),
    pytest.param(5, 10, id="RULES §0: 5 -> 10"),
    pytest.param(0, 0, id="RULES §0: 0 -> 0"),
])
def test_round10(points, expected):
    assert contree.round10(points) == expected


CAPOT_A = {"bid": None, "capot_bid": True, "tricks_won": {"A": 8}, "card_points": {"A": 152}}
CAPOT_A_FAILS = {"bid": None, "capot_bid": True, "tricks_won": {"A": 7, "B": 1}, "card_points": {"A": 140}}
MELDS_A = [{"seat": "N", "cards": ["AS", "KS", "QS"]}]  # a tierce: 20
MELDS_B = [{"seat": "E", "cards": ["9S", "9H", "9D", "9C"]}]  # four nines: 150


@pytest.mark.parametrize(("changes", "opts", "made", "expected"), [
    # RULES §2.3, a number bid
    pytest.param({"card_points": {"A": 75}, "bid": 90}, {}, False, {"A": 0, "B": 250},
                 id="RULES §2.3: 85 with a bid of 90 fails (compared before rounding)"),
    pytest.param({"card_points": {"A": 80}, "bid": 90}, {}, True, {"A": 180, "B": 70},
                 id="RULES §2.3: exactly the bid is made"),
    pytest.param({"belote": "A"}, {}, True, {"A": 220, "B": 60},
                 id="RULES §2.3: made: (round10(88+10+20=118) + 100), defenders round10(64)"),
    pytest.param({"card_points": {"A": 72}, "belote": "A"}, {}, True, {"A": 200, "B": 80},
                 id="RULES §2.3: belote counts toward the bid (72+10+20 = 102)"),
    pytest.param({"card_points": {"A": 70}, "last_trick": "B", "belote": "A", "bid": 80}, {}, True,
                 {"A": 170, "B": 90}, id="RULES §2.3: the defenders having more points does not matter"),
    pytest.param({"contre": "contre", "belote": "A"}, {}, True, {"A": 440, "B": 60},
                 id="RULES §2.3, §7 item 7: contre doubles the bidders only"),
    pytest.param({"contre": "surcontre", "belote": "A"}, {}, True, {"A": 880, "B": 60},
                 id="RULES §2.3: surcontre ×4"),
    pytest.param({"card_points": {"A": 60}}, {}, False, {"A": 0, "B": 260},
                 id="RULES §2.3: failed: defenders 160 + bid"),
    pytest.param({"card_points": {"A": 60}, "contre": "contre"}, {}, False, {"A": 0, "B": 520},
                 id="RULES §2.3: failed and contrée: (160 + bid) × 2"),
    pytest.param({"card_points": {"A": 60}, "contre": "surcontre", "belote": "A"}, {}, False,
                 {"A": 0, "B": 1120}, id="RULES §2.3: failed: the bidders' belote goes to the defenders, ×4"),
    pytest.param({"card_points": {"A": 60}, "belote": "B"}, {}, False, {"A": 0, "B": 280},
                 id="RULES §2.3: failed: the defenders' belote, 160 + bid + 20"),
    pytest.param({"tricks_won": {"A": 8}, "card_points": {"A": 152}}, {}, True, {"A": 260, "B": 0},
                 id="RULES §2.3: unbid capot: 162 -> 160 + 100, no bonus"),
    pytest.param({"tricks_won": {"A": 8}, "card_points": {"A": 152}, "belote": "A"}, {}, True,
                 {"A": 280, "B": 0}, id="RULES §2.3: unbid capot with belote: 182 -> 180 + 100"),
    pytest.param({"tricks_won": {"A": 0}, "card_points": {"A": 0}, "last_trick": "B"}, {}, False,
                 {"A": 0, "B": 260}, id="RULES §2.3: the defenders take every trick: failed"),
    # RULES §7 item 29: any multiple of ten from 80; a bid the points cannot reach simply fails
    pytest.param({"bid": 250, "tricks_won": {"A": 8}, "card_points": {"A": 152}}, {}, False,
                 {"A": 0, "B": 410}, id="RULES §7 item 29: 250 cannot be reached, even by every trick: 160 + 250"),
    pytest.param({"bid": 170, "card_points": {"A": 152}}, {}, False, {"A": 0, "B": 330},
                 id="RULES §7 item 29: 170 without every trick (152 + 10 = 162 < 170) fails: 160 + 170"),
    pytest.param({"bid": 500, "card_points": {"A": 152}, "tricks_won": {"A": 8}, "contre": "contre"}, {},
                 False, {"A": 0, "B": 1320}, id="RULES §7 item 29: 500, the most, cannot be reached: (160 + 500) × 2"),
    # RULES §7 item 30: option unbid_capot_250
    pytest.param({"tricks_won": {"A": 8}, "card_points": {"A": 152}}, {"unbid_capot_250": True}, True,
                 {"A": 350, "B": 0}, id="RULES §7 item 30 unbid_capot_250: 250 + 100"),
    pytest.param({"tricks_won": {"A": 8}, "card_points": {"A": 152}, "belote": "A", "contre": "contre"},
                 {"unbid_capot_250": True}, True, {"A": 740, "B": 0},
                 id="RULES §7 item 30 unbid_capot_250: (250 + 20 belote + 100) × 2"),
    pytest.param({"bid": 250, "tricks_won": {"A": 8}, "card_points": {"A": 152}}, {"unbid_capot_250": True},
                 True, {"A": 500, "B": 0}, id="RULES §7 item 29-30: a bid of 250 made by every trick"),
    pytest.param({"tricks_won": {"A": 0}, "card_points": {"A": 0}, "last_trick": "B"}, {"unbid_capot_250": True},
                 False, {"A": 0, "B": 260}, id="RULES §7 item 30: the defenders' capot: the failed contract's 160 + bid"),
    pytest.param({"card_points": {"A": 152}}, {"unbid_capot_250": True}, True, {"A": 260, "B": 0},
                 id="RULES §7 item 30: every card point is not every trick: 162"),
    # RULES §2.3, a capot bid (§7 item 8)
    pytest.param(CAPOT_A, {}, True, {"A": 500, "B": 0}, id="RULES §2.3: capot bid made: 500"),
    pytest.param({**CAPOT_A, "belote": "A", "contre": "contre"}, {}, True, {"A": 1040, "B": 0},
                 id="RULES §2.3, §7 item 8: capot made, bidders' belote: (500 + 20) × 2"),
    pytest.param({**CAPOT_A, "belote": "B", "contre": "contre"}, {}, True, {"A": 1000, "B": 20},
                 id="RULES §7 item 8: capot made, defenders' belote: 20 unmultiplied"),
    pytest.param(CAPOT_A_FAILS, {}, False, {"A": 0, "B": 410}, id="RULES §2.3: capot bid failed: 410"),
    pytest.param({**CAPOT_A_FAILS, "belote": "A", "contre": "surcontre"}, {}, False, {"A": 0, "B": 1720},
                 id="RULES §2.3, §7 item 8: capot failed, bidders' belote: (410 + 20) × 4"),
    pytest.param({**CAPOT_A_FAILS, "belote": "B"}, {}, False, {"A": 0, "B": 430},
                 id="RULES §2.3: capot failed, defenders' belote: 410 + 20"),
    pytest.param({"bid": None, "capot_bid": True, "card_points": {"A": 150}}, {}, False, {"A": 0, "B": 410},
                 id="RULES §2.3: capot failed, seen from the defenders' card points"),
    # RULES §2.4 belote_to_defenders_on_failure = false (§7 item 24)
    pytest.param({"card_points": {"A": 60}, "belote": "A", "contre": "contre"},
                 {"belote_to_defenders_on_failure": False}, False, {"A": 20, "B": 520},
                 id="RULES §2.4 belote_to_defenders_on_failure off: the bidders keep 20, unmultiplied"),
    pytest.param({"card_points": {"A": 60}, "belote": "B", "contre": "contre"},
                 {"belote_to_defenders_on_failure": False}, False, {"A": 0, "B": 540},
                 id="RULES §2.4 belote_to_defenders_on_failure off: (160 + bid) × m + 20"),
    pytest.param({**CAPOT_A_FAILS, "belote": "B", "contre": "contre"},
                 {"belote_to_defenders_on_failure": False},
                 False, {"A": 0, "B": 840},
                 id="RULES §2.4 belote_to_defenders_on_failure off: capot 410 × m + 20"),
    # RULES §2.4 require_more_than_opponents
    pytest.param({"card_points": {"A": 71}, "bid": 80}, {"require_more_than_opponents": True}, False,
                 {"A": 0, "B": 240}, id="RULES §2.4 require_more_than_opponents: 81 against 81 fails"),
    pytest.param({"card_points": {"A": 72}, "bid": 80}, {"require_more_than_opponents": True}, True,
                 {"A": 160, "B": 80}, id="RULES §2.4 require_more_than_opponents: 82 against 80 is made"),
    pytest.param({"card_points": {"A": 71}, "bid": 80}, {}, True, {"A": 160, "B": 80},
                 id="RULES §2.4 require_more_than_opponents off: 81 against 81 is made"),
    # RULES §2.4 alternate_scoring (§7 item 9)
    pytest.param({"belote": "A"}, {"alternate_scoring": True}, True, {"A": 100, "B": 0},
                 id="RULES §2.4 alternate_scoring: made -> bid, defenders 0"),
    pytest.param({"card_points": {"A": 60}, "belote": "B", "contre": "contre"}, {"alternate_scoring": True},
                 False, {"A": 0, "B": 200}, id="RULES §2.4, §7 item 9: alternate failed: bid × m, no belote"),
    pytest.param({"card_points": {"A": 72}, "belote": "A"}, {"alternate_scoring": True}, True,
                 {"A": 100, "B": 0}, id="RULES §2.4 alternate_scoring: belote counts toward the bid"),
    pytest.param({**CAPOT_A, "contre": "surcontre"}, {"alternate_scoring": True}, True, {"A": 1000, "B": 0},
                 id="RULES §2.4 alternate_scoring: capot counts 250, × 4"),
    # RULES §2.4 contre_fixed_scoring
    pytest.param({"card_points": {"A": 92}, "contre": "contre", "belote": "B"},
                 {"contre_fixed_scoring": True}, True,
                 {"A": 520, "B": 20},
                 id="RULES §2.4 contre_fixed_scoring: made: (160 + bid) × 2; belote kept"),
    pytest.param({"card_points": {"A": 60}, "contre": "surcontre", "belote": "A"},
                 {"contre_fixed_scoring": True},
                 False, {"A": 20, "B": 1040}, id="RULES §2.4 contre_fixed_scoring: failed: (160 + bid) × 4"),
    pytest.param({**CAPOT_A, "contre": "contre"}, {"contre_fixed_scoring": True}, True, {"A": 820, "B": 0},
                 id="RULES §2.4 contre_fixed_scoring: capot (160 + 250) × 2"),
    pytest.param({"belote": "A"}, {"contre_fixed_scoring": True}, True, {"A": 220, "B": 60},
                 id="RULES §2.4 contre_fixed_scoring: no contre, the usual formula"),
    # RULES §2.4 announces (§7 items 23, 24)
    pytest.param({"card_points": {"A": 70}, "melds": MELDS_A}, {"announces": True}, True, {"A": 200, "B": 80},
                 id="RULES §2.4 announces: a tierce makes 80 + 20 = 100"),
    pytest.param({"card_points": {"A": 70}, "melds": MELDS_A}, {}, None, "melds",
                 id="RULES §2.4 announces off: melds are refused"),
    pytest.param({"card_points": {"A": 77}, "melds": MELDS_A}, {"announces": True}, True, {"A": 210, "B": 80},
                 id="RULES §2.4 announces: rounded with the points (107 -> 110)"),
    pytest.param({"melds": [*MELDS_A, *MELDS_B], "belote": "A"}, {"announces": True}, True,
                 {"A": 220, "B": 210},
                 id="RULES §1.3, §2.4 announces: four nines beat the tierce; E–W count 150"),
    pytest.param({"card_points": {"A": 60}, "melds": MELDS_B, "belote": "A", "contre": "contre"},
                 {"announces": True}, False, {"A": 0, "B": 860},
                 id="RULES §2.4 announces: failed: (160 + bid + melds + belote) × m"),
    pytest.param({"card_points": {"A": 60}, "melds": MELDS_B, "belote": "A", "contre": "contre"},
                 {"announces": True, "belote_to_defenders_on_failure": False}, False, {"A": 20, "B": 820},
                 id="RULES §7 item 24: announces, belote kept: (160 + bid + melds) × m"),
    pytest.param({**CAPOT_A, "melds": MELDS_A, "contre": "contre"}, {"announces": True}, True,
                 {"A": 1040, "B": 0}, id="RULES §7 item 23: capot made: (500 + melds) × m"),
    pytest.param({**CAPOT_A, "melds": MELDS_B, "contre": "contre"}, {"announces": True}, True,
                 {"A": 1000, "B": 150}, id="RULES §7 item 23: no team loses its announces to a capot"),
    pytest.param({"card_points": {"A": 70}, "melds": MELDS_A}, {"announces": True, "alternate_scoring": True},
                 True, {"A": 100, "B": 0}, id="RULES §7 item 23: alternate: melds only make the bid"),
    pytest.param({"card_points": {"A": 70}, "melds": MELDS_A, "contre": "contre"},
                 {"announces": True, "contre_fixed_scoring": True}, True, {"A": 520, "B": 0},
                 id="RULES §7 item 23: fixed contre: melds only make the bid"),
])
def test_scoring(changes, opts, made, expected):
    if isinstance(expected, str):
        assert refused(deal(**changes), **opts).field == expected
        return
    scored = score(deal(**changes), **opts)
    assert (scored.made, dict(scored.score)) == (made, expected)
    assert scored.answer["score"] == expected and scored.answer["made"] is made


def test_answer_fields_rules_6():
    answer = score(deal(melds=[*MELDS_A, *MELDS_B], contre="contre", belote="A"), announces=True).answer
    assert answer == {"made": True, "points": {"A": 118, "B": 214}, "score": {"A": 440, "B": 210},
                      "capot": None, "meld_winner": "B", "counted_melds": {"A": 0, "B": 150},
                      "bidder_team": "A", "multiplier": 2}
    assert score(deal(**CAPOT_A)).answer["capot"] == "A"


def test_equal_melds_go_to_the_first_in_play_order():
    # RULES §1.3 step 7: two plain tierces to the ace; W dealt, so N plays first.
    melds = [{"seat": "E", "cards": ["AD", "KD", "QD"]}, {"seat": "N", "cards": ["AC", "KC", "QC"]}]
    assert score(deal(melds=melds), announces=True).answer["meld_winner"] == "A"
    assert score(deal(melds=melds, dealer="N"), announces=True).answer["meld_winner"] == "B"


def test_the_explanation_reads_like_a_referee():
    scored = score(deal(contre="contre", belote="A"))
    assert [line.render() for line in scored.lines] == [
        "N–S bid 100 ♥, contrée (×2)",
        "N–S points: 88 cards + 10 last trick + 20 belote = 118",
        "E–W points: 64 cards",
        "118 ≥ 100: contract made",
        "N–S: 118 rounds to 120",
        "N–S: 120 + 100 bid = 220",
        "N–S: 220 × 2 = 440",
        "E–W: 64 rounds to 60",
        "Score: N–S 440, E–W 60",
    ]
    assert scored.summary.render() == "100 ♥ — N–S, contrée"
    assert score(deal(**CAPOT_A, contre="surcontre")).summary.render() == "Capot ♥ — N–S, surcontrée"


def test_an_explanation_read_again_says_the_same_and_reads_as_its_lines():
    """A kept sheet's deal is read by many phones: its explanation, written at the first read, says the
    same lines at every read after, and compares and prints as the tuple of them."""
    scored = score(deal(contre="contre", belote="A"))
    first = tuple(scored.lines)
    assert tuple(scored.lines) == first and len(scored.lines) == 9 and scored.lines[-1] == first[-1]
    assert scored.lines == first and scored.lines == score(deal(contre="contre", belote="A")).lines
    assert repr(scored.lines) == repr(first)


def test_an_unbid_capot_of_250_says_so():
    """RULES §7 item 30: the score's lines say where the 250 comes from, and no "no bonus" line."""
    said = [line.render() for line in score(deal(tricks_won={"A": 8}, card_points={"A": 152}, belote="A"),
                                            unbid_capot_250=True).lines]
    assert said[1:5] == ["N–S points: 152 cards + 10 last trick + 20 belote = 182", "E–W points: 0 cards",
                         "N–S took every trick: 250 instead of 162 for the cards and the last trick (unbid "
                         "capot): 182 + 88 = 270", "270 ≥ 100: contract made"]
    assert said[-1] == "Score: N–S 370, E–W 0"
    without = [line.render() for line in score(deal(tricks_won={"A": 8}, card_points={"A": 152})).lines]
    assert "N–S took every trick: a capot that was not bid earns no bonus" in without


# -- validation -------------------------------------------------------------------------------

@pytest.mark.parametrize(("declarations", "opts", "field"), [
    pytest.param({}, {}, "bidder", id="RULES §6: an empty deal names its first field"),
    pytest.param(deal(colour="red"), {}, "colour", id="RULES §6: unknown key"),
    pytest.param(deal(bid=95), {}, "bid", id="RULES §2.2: bid not in tens"),
    pytest.param(deal(bid=510), {}, "bid", id="RULES §7 item 29: over 500, a typing slip"),
    pytest.param(deal(bid=1000), {}, "bid", id="RULES §7 item 29: 1000 for 100, a typing slip"),
    pytest.param(deal(bid=175), {}, "bid", id="RULES §7 item 29: a higher bid still goes in tens"),
    pytest.param(deal(bid=70), {}, "bid", id="RULES §2.2: bid under 80"),
    pytest.param(deal(bid="100"), {}, "bid", id="RULES §6: bid as text"),
    pytest.param(deal(bid=True), {}, "bid", id="RULES §6: bid as a boolean"),
    pytest.param(deal(bid=100.0), {}, "bid", id="RULES §6: bid as a float"),
    pytest.param(deal(bid=None), {}, "bid", id="RULES §6: no bid and no capot"),
    pytest.param(deal(capot_bid=True, tricks_won={"A": 8}), {}, "bid",
                 id="RULES §6: a capot bid has no number"),
    pytest.param(deal(capot_bid="yes"), {}, "capot_bid", id="RULES §6: capot_bid not a boolean"),
    pytest.param(deal(trump=None), {}, "trump", id="RULES §6: no trump"),
    pytest.param(deal(trump="X"), {}, "trump", id="RULES §0: not a suit"),
    pytest.param(deal(trump=["H"]), {}, "trump", id="RULES §0: a list for a suit"),
    pytest.param(deal(contre="double"), {}, "contre", id="RULES §6: unknown contre"),
    pytest.param(deal(contre={}), {}, "contre", id="RULES §6: contre as an object"),
    pytest.param(deal(card_points={"A": 200}), {}, "card_points", id="RULES §2.1: over 152"),
    pytest.param(deal(card_points={"A": -2}), {}, "card_points", id="RULES §2.1: negative"),
    pytest.param(deal(card_points={"A": 80, "B": 80}), {}, "card_points",
                 id="RULES §2.1: not adding up to 152"),
    pytest.param(deal(card_points={"C": 80}), {}, "card_points", id="RULES §0: no team C"),
    pytest.param(deal(card_points={}), {}, "card_points", id="RULES §6: empty card points"),
    pytest.param(deal(card_points=[80, 72]), {}, "card_points", id="RULES §6: a list for card points"),
    pytest.param(deal(card_points={"A": "80"}), {}, "card_points", id="RULES §6: card points as text"),
    pytest.param(deal(card_points=None), {}, "card_points", id="RULES §6: no card points"),
    pytest.param(deal(last_trick="C"), {}, "last_trick", id="RULES §6: last trick to no team"),
    pytest.param(deal(last_trick=None), {}, "last_trick", id="RULES §6: nobody took the last trick"),
    pytest.param(deal(tricks_won={"A": 9}), {}, "tricks_won", id="RULES §2.3: 9 tricks"),
    pytest.param(deal(tricks_won={"A": 4, "B": 3}), {}, "tricks_won",
                 id="RULES §2.3: tricks not adding up to 8"),
    pytest.param(deal(tricks_won={"B": 8}), {}, "card_points", id="RULES §6: no trick, yet card points"),
    pytest.param(deal(tricks_won={"B": 8}, card_points={"A": 0}), {}, "last_trick",
                 id="RULES §6: no trick, yet the last trick"),
    pytest.param(deal(bid=None, capot_bid=True, card_points={"A": 152}), {}, "tricks_won",
                 id="RULES §6: a capot bid needs the tricks when the points cannot tell"),
    pytest.param(deal(belote="C"), {}, "belote", id="RULES §6: belote to no team"),
    pytest.param(deal(belote=True), {}, "belote", id="RULES §6: belote as a boolean"),
    pytest.param(deal(dealer="X"), {}, "dealer", id="RULES §0: no seat X"),
    pytest.param(deal(bidder="X"), {}, "bidder", id="RULES §0: no seat X bids"),
    pytest.param(deal(bidder="N", bidder_team="B"), {}, "bidder", id="RULES §0: N plays for A, not B"),
    pytest.param(deal(bidder=None, bidder_team="C"), {}, "bidder_team", id="RULES §0: no team C"),
    pytest.param(deal(play_order=["N", "S", "E", "W"]), {}, "play_order", id="RULES §0: not the seat order"),
    pytest.param(deal(play_order=["E", "S", "W", "N"]), {}, "play_order",
                 id="RULES §0: W deals, N plays first"),
    pytest.param(deal(melds=[{"seat": "N", "cards": ["AH", "KH", "JH"]}]), {"announces": True}, "melds",
                 id="RULES §1.2: not a sequence"),
    pytest.param(deal(melds=[{"seat": "X", "cards": ["AS", "KS", "QS"]}]), {"announces": True}, "melds",
                 id="RULES §0: a meld of no seat"),
    pytest.param(deal(melds=["AS KS QS"]), {"announces": True}, "melds",
                 id="RULES §6: a meld without its seat"),
    pytest.param(deal(melds={"N": "AS KS QS"}), {"announces": True}, "melds",
                 id="RULES §6: melds not a list"),
    pytest.param(deal(melds=[{"seat": "N", "cards": ["AS", "KS", "QS"]},
                             {"seat": "E", "cards": ["KS", "QS", "JS"]}]),
                 {"announces": True}, "melds", id="RULES §1.2: one card in two hands"),
    pytest.param(deal(melds=[{"seat": "E", "cards": ["KH", "QH", "JH"]}], belote="A"), {"announces": True},
                 "belote", id="RULES §2.1: the belote's K and Q are in the other team's meld"),
    pytest.param(deal(melds=[{"seat": "N", "cards": ["KH", "QH", "JH"]}], belote="B"), {"announces": True},
                 "belote", id="RULES §2.1: N–S declared K+Q of trumps, E–W claim the belote"),
    pytest.param(deal(melds=[{"seat": "N", "cards": ["AH", "KH", "QH"]},
                             {"seat": "S", "cards": ["QD", "QC", "QS", "JD"]}], belote="A"),
                 {"announces": True}, "melds", id="RULES §1.2: neither a four nor a sequence"),
    pytest.param(deal(melds=[{"seat": "N", "cards": ["KH", "KD", "KC", "KS"]},
                             {"seat": "S", "cards": ["QH", "QD", "QC", "QS"]}], belote="A"),
                 {"announces": True}, "belote", id="RULES §2.1: the belote is in one hand, not two"),
    pytest.param(deal(dealer=None, melds=[*MELDS_A, *MELDS_B]), {"announces": True}, "dealer",
                 id="RULES §0: both teams' melds need the seat order"),
])
def test_bad_declarations_name_their_field(declarations, opts, field):
    assert refused(declarations, **opts).field == field


def test_melds_refused_when_announces_are_off_say_so():
    err = refused(deal(melds=MELDS_A))
    assert err.field == "melds" and "announces" in str(err).lower()


def test_read_deal_is_canonical_and_stable():
    canonical = RULES.read_deal(deal(card_points={"B": 64}, bidder=None, bidder_team="A"), DEFAULTS)
    assert canonical == {"dealer": "W", "bidder": None, "bidder_team": "A", "bid": 100, "capot_bid": False,
                         "trump": "H", "contre": "none", "card_points": {"A": 88, "B": 64}, "last_trick": "A",
                         "tricks_won": None, "belote": None, "melds": [], "play_order": ["N", "E", "S", "W"]}
    assert RULES.read_deal(canonical, DEFAULTS) == canonical


def test_a_capot_fills_the_card_points_and_last_trick():
    canonical = RULES.read_deal(deal(card_points=None, last_trick=None, tricks_won={"A": 8}), DEFAULTS)
    assert (canonical["card_points"], canonical["last_trick"]) == ({"A": 152, "B": 0}, "A")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=True)
                    | st.text(max_size=5) | st.sampled_from(["A", "B", "N", "H", "AH", "contre", "capot"]),
                    lambda inner: (st.lists(inner, max_size=4)
                                   | st.dictionaries(st.text(max_size=4), inner, max_size=4)),
                    max_leaves=12)
KEYS = ("dealer", "bidder", "bidder_team", "bid", "capot_bid", "trump", "contre", "card_points",
        "last_trick", "tricks_won", "belote", "melds", "play_order")


@settings(max_examples=300, deadline=None)
@given(junk=st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=3), JSON, max_size=8) | JSON,
       announces=st.booleans())
def test_junk_only_ever_raises_rule_violation(junk, announces):
    try:
        RULES.score_deal(junk, options(announces=announces))
    except RuleViolation as err:
        assert err.field is None or isinstance(err.field, str)


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(KEYS), value=JSON, announces=st.booleans())
def test_one_junk_value_in_a_good_deal_is_named_or_accepted(key, value, announces):
    try:
        RULES.score_deal(deal(**{key: value}), options(announces=announces))
    except RuleViolation as err:
        assert err.field


# -- properties -------------------------------------------------------------------------------

@st.composite
def deals(draw):
    """Any valid deal under RULES §2 / §6."""
    bidder = draw(st.sampled_from(SEATS))
    team = "A" if bidder in "NS" else "B"
    other = "B" if team == "A" else "A"
    tricks = draw(st.none() | st.integers(0, 8))
    points = 0 if tricks == 0 else 152 if tricks == 8 else draw(st.integers(0, 152))
    last = team if tricks == 8 else other if tricks == 0 else draw(st.sampled_from("AB"))
    capot_bid = draw(st.booleans()) and (tricks is not None or points < 152 or last != team)
    return {"dealer": draw(st.sampled_from(SEATS)), "bidder": bidder,
            "bid": None if capot_bid else draw(st.sampled_from(range(80, 501, 10))), "capot_bid": capot_bid,
            "trump": draw(st.sampled_from("SHDC")),
            "contre": draw(st.sampled_from(["none", "contre", "surcontre"])),
            "card_points": {team: points}, "last_trick": last,
            "tricks_won": None if tricks is None else {team: tricks, other: 8 - tricks},
            "belote": draw(st.sampled_from([None, "A", "B"]))}


OPTION_SETS = st.fixed_dictionaries({
    "belote_to_defenders_on_failure": st.booleans(), "require_more_than_opponents": st.booleans(),
    "unbid_capot_250": st.booleans(), "scoring": st.sampled_from(["standard", "alternate_scoring", "contre_fixed_scoring"]),
}).map(lambda o: options(**{k: v for k, v in o.items() if k != "scoring"},
                         **({o["scoring"]: True} if o["scoring"] != "standard" else {})))


@settings(max_examples=300, deadline=None)
@given(declarations=deals(), opts=OPTION_SETS)
def test_scores_are_never_negative_and_the_explanation_adds_up(declarations, opts):
    scored = RULES.score_deal(declarations, opts)
    assert all(points >= 0 for points in scored.score.values())
    final = scored.lines[-1].params
    assert {"A": final["score_a"], "B": final["score_b"]} == scored.score
    for side, label in SIDES.items():
        steps = [line.params for line in scored.lines
                 if line.params.get("team") == label and "total" in line.params]
        assert steps[-1]["total"] == scored.score[side]
    for line in scored.lines:
        line.render()


@settings(max_examples=200, deadline=None)
@given(declarations=deals())
def test_a_failed_contract_gives_the_bidders_nothing(declarations):
    scored = RULES.score_deal(declarations, DEFAULTS)
    if not scored.made:
        assert scored.score[scored.answer["bidder_team"]] == 0


@settings(max_examples=200, deadline=None)
@given(declarations=deals())
def test_card_points_of_one_team_or_both_give_the_same_score(declarations):
    both = RULES.read_deal(declarations, DEFAULTS)["card_points"]
    for given_points in (both, {"A": both["A"]}, {"B": both["B"]}):
        assert RULES.score_deal({**declarations, "card_points": given_points}, DEFAULTS) == \
            RULES.score_deal(declarations, DEFAULTS)


MELD_POOL = [{"seat": "N", "cards": ["AH", "KH", "QH"]}, {"seat": "E", "cards": ["9S", "9H", "9D", "9C"]},
             {"seat": "S", "cards": ["10C", "JC", "QC", "KC"]}, {"seat": "W", "cards": ["AS", "KS", "QS"]}]


@settings(max_examples=150, deadline=None)
@given(chosen=st.lists(st.sampled_from(range(4)), unique=True, max_size=4).flatmap(st.permutations),
       declarations=deals())
def test_the_order_melds_are_listed_never_changes_the_score(chosen, declarations):
    melds = [MELD_POOL[i] for i in chosen]
    declarations = {**declarations, "trump": "D", "melds": melds}
    opts = options(announces=True)
    in_order = {**declarations, "melds": sorted(melds, key=MELD_POOL.index)}
    assert RULES.score_deal(declarations, opts) == RULES.score_deal(in_order, opts)
    assert RULES.read_deal(declarations, opts) == RULES.read_deal(in_order, opts)


@settings(max_examples=100, deadline=None)
@given(declarations=deals())
def test_scoring_the_canonical_deal_changes_nothing(declarations):
    canonical = RULES.read_deal(declarations, DEFAULTS)
    assert RULES.score_deal(canonical, DEFAULTS) == RULES.score_deal(declarations, DEFAULTS)


# -- options and game end ---------------------------------------------------------------------

def test_every_option_of_rules_2_4_with_its_default():
    assert DEFAULTS == {"target": 3000, "belote_to_defenders_on_failure": True, "alternate_scoring": False,
                        "require_more_than_opponents": False, "contre_fixed_scoring": False,
                        "unbid_capot_250": False, "announces": False, "forced_undertrump": True, "deal_pattern": "3-2-3",
                        "weak_hand_redeal": True, "bidding_conventions": "none",
        "misdeal_passes_deal": False}  # the last: RULES §8, the same dealer deals again after a misdeal
    procedural = {o.key for o in RULES.options if not o.scoring}
    assert procedural == {"forced_undertrump", "deal_pattern", "weak_hand_redeal", "bidding_conventions",
                          "misdeal_passes_deal"}


@pytest.mark.parametrize(("raw", "field"), [
    pytest.param({"alternate_scoring": True, "contre_fixed_scoring": True}, "options.contre_fixed_scoring",
                 id="RULES §2.4: alternate and fixed contre scoring exclude each other"),
    pytest.param({"target": 50}, "options.target", id="RULES §2.4: target too small"),
    pytest.param({"deal_pattern": "4-4"}, "options.deal_pattern",
                 id="RULES §2.4: deal patterns 3-2-3, 3-3-2, 2-3-3"),
    pytest.param({"announce": True}, "options.announce", id="RULES §2.4: unknown option"),
])
def test_bad_options_are_named(raw, field):
    with pytest.raises(RuleViolation) as err:
        RULES.resolve_options(raw)
    assert err.value.field == field


@pytest.mark.parametrize(("totals", "winner", "draw"), [
    pytest.param({"A": 2990, "B": 1500}, None, None, id="RULES §2.5: nobody at the target: go on"),
    pytest.param({"A": 3000, "B": 1500}, "A", False, id="RULES §0: reaching the target means >="),
    pytest.param({"A": 3100, "B": 3200}, "B", False, id="RULES §2.5: both over: the higher wins"),
    pytest.param({"A": 3100, "B": 3100}, None, True, id="RULES §2.5: both over and equal: a draw"),
])
def test_match_result(totals, winner, draw):
    result = RULES.match_result(totals, DEFAULTS)
    if draw is None:
        assert result is None
    else:
        assert (result.winner, result.draw) == (winner, draw)
        assert result.lines[0].render()


def test_seats_teams_and_dealers():
    assert [RULES.side_of(seat) for seat in SEATS] == ["A", "B", "A", "B"]
    assert [RULES.side_label(side) for side in RULES.sides] == ["N–S", "E–W"]
    assert [RULES.next_dealer(seat, RULES.resolve_options()) for seat in SEATS] == ["E", "S", "W", "N"]


def test_the_registry():
    assert games.get_rules("contree") is RULES
    with pytest.raises(RuleViolation) as err:
        games.get_rules("poker")
    assert err.value.field == "game"


# -- the form ----------------------------------------------------------------------------------

MADE_100 = {"dealer": "N", "bidder": "E", "bid": "100", "trump": "H", "bidder_points": "92",
            "last_trick": "bidders", "belote": "bidders"}


def from_form(values, **opts):
    resolved = options(**opts)
    return RULES.score_deal(RULES.declarations_from_form(values, resolved), resolved)


def test_the_form_asks_one_screen():
    names = [(f.name, f.kind, f.group) for f in RULES.deal_fields(DEFAULTS)]
    assert names == [("dealer", "seat", "contract"), ("bidder", "seat", "contract"),
                     ("bid", "choice", "contract"), ("higher_bid", "int", "contract"), ("trump", "suit", "contract"),
                     ("contre", "bool", "contract"), ("surcontre", "bool", "contract"),
                     ("bidder_points", "int", "result"), ("defender_points", "int", "result"),
                     ("last_trick", "choice", "result"), ("capot", "bool", "result"),
                     ("belote", "choice", "result")]
    bid = next(f for f in RULES.deal_fields(DEFAULTS) if f.name == "bid")
    assert [value for value, _ in bid.choices] == [str(n) for n in range(80, 161, 10)] + ["capot"]
    melds = [f.name for f in RULES.deal_fields(options(announces=True)) if f.group == "announces"]
    assert melds == ["melds_N", "melds_E", "melds_S", "melds_W"]


@pytest.mark.parametrize(("values", "expected"), [
    pytest.param(MADE_100, {"A": 60, "B": 220}, id="RULES §2.3: E–W 92 + 10 + 20 = 122 -> 120 + 100"),
    pytest.param({**MADE_100, "defender_points": "60", "contre": "on"}, {"A": 60, "B": 440},
                 id="RULES §2.3: contrée from a ticked box"),
    pytest.param({**MADE_100, "contre": "true", "surcontre": "y"}, {"A": 60, "B": 880},
                 id="RULES §2.3: surcontrée"),
    pytest.param({"dealer": "E", "bidder": "S", "bid": "90", "trump": "S", "contre": "y",
                  "bidder_points": "70", "last_trick": "defenders"}, {"A": 0, "B": 500},
                 id="RULES §2.3: failed and contrée: 250 × 2"),
    pytest.param({**MADE_100, "bid": "capot", "bidder_points": "152", "capot": "y", "last_trick": ""},
                 {"A": 0, "B": 520}, id="RULES §2.3: capot made with belote: 500 + 20"),
    pytest.param({**MADE_100, "bid": "capot"}, {"A": 430, "B": 0},
                 id="RULES §2.3: capot failed: 410 + belote"),
    pytest.param({**MADE_100, "bid": "", "higher_bid": "170", "bidder_points": "152", "capot": "y"},
                 {"A": 0, "B": 350}, id="RULES §7 item 29: a typed bid of 170 made by every trick: 180 + 170"),
    pytest.param({**MADE_100, "higher_bid": "200"}, {"A": 380, "B": 0},
                 id="RULES §7 item 29: the typed bid counts instead of the chip: 200 fails, 160 + 200 + 20"),
])
def test_the_form_scores_like_the_table(values, expected):
    assert dict(from_form(values).score) == expected


@pytest.mark.parametrize(("values", "field"), [
    pytest.param({**MADE_100, "bidder_points": "200"}, "bidder_points", id="RULES §2.1: over 152"),
    pytest.param({**MADE_100, "bidder_points": "ninety"}, "bidder_points", id="not a number"),
    pytest.param({**MADE_100, "bidder_points": ""}, "bidder_points", id="left empty"),
    pytest.param({**MADE_100, "bid": "95"}, "bid", id="RULES §2.2: bid not in tens"),
    pytest.param({**MADE_100, "bid": "lots"}, "bid", id="RULES §2.2: bid not a number"),
    pytest.param({**MADE_100, "higher_bid": "1000"}, "higher_bid", id="RULES §7 item 29: over 500, a typing slip"),
    pytest.param({**MADE_100, "higher_bid": "175"}, "higher_bid", id="RULES §7 item 29: a higher bid in tens"),
    pytest.param({**MADE_100, "higher_bid": "lots"}, "higher_bid", id="RULES §7 item 29: not a number"),
    pytest.param({**MADE_100, "bid": ""}, "bid", id="RULES §6: no bid picked nor typed"),
    pytest.param({**MADE_100, "surcontre": "y"}, "surcontre", id="RULES §2.2: surcontre without contre"),
    pytest.param({**MADE_100, "defender_points": "70"}, "defender_points",
                 id="RULES §2.1: not adding up to 152"),
    pytest.param({k: v for k, v in MADE_100.items() if k != "trump"}, "trump", id="RULES §6: no trump"),
    pytest.param({k: v for k, v in MADE_100.items() if k != "bidder"}, "bidder", id="RULES §6: no bidder"),
    pytest.param({k: v for k, v in MADE_100.items() if k != "last_trick"}, "last_trick", id="no last trick"),
    pytest.param({**MADE_100, "last_trick": "nobody"}, "last_trick", id="last trick to nobody"),
    pytest.param({**MADE_100, "belote": "both"}, "belote", id="belote to nobody"),
    pytest.param({**MADE_100, "capot": "y"}, "bidder_points", id="RULES §2.3: a capot has all 152 points"),
    pytest.param({**MADE_100, "capot": "y", "bidder_points": "152", "last_trick": "defenders"}, "last_trick",
                 id="RULES §2.3: a capot has the last trick"),
    pytest.param({**MADE_100, "bid": "capot", "bidder_points": "152"}, "capot",
                 id="RULES §2.3: a capot bid with every point: tick capot"),
    pytest.param({**MADE_100, "dealer": "X"}, "dealer", id="RULES §0: no seat X"),
])
def test_form_errors_name_the_form_field(values, field):
    with pytest.raises(RuleViolation) as err:
        from_form(values)
    assert err.value.field == field


def test_the_form_names_the_meld_field_at_fault():
    with pytest.raises(RuleViolation) as err:
        from_form({**MADE_100, "melds_S": "AH KH JH"}, announces=True)
    assert err.value.field == "melds_S"


def test_the_form_round_trips_melds():
    values = {**MADE_100, "belote": "", "melds_N": "as ks qs; 9C 9D 9H 9S", "melds_W": "10d jd qd"}
    declarations = RULES.read_deal(RULES.declarations_from_form(values, options(announces=True)),
                                   options(announces=True))
    assert declarations["melds"] == [{"seat": "N", "cards": ["AS", "KS", "QS"]},
                                     {"seat": "N", "cards": ["9S", "9H", "9D", "9C"]},
                                     {"seat": "W", "cards": ["QD", "JD", "10D"]}]
    form = RULES.form_from_declarations(declarations, options(announces=True))
    assert form["melds_N"] == "AS KS QS ; 9S 9H 9D 9C" and form["melds_E"] == ""
    again = RULES.declarations_from_form(form, options(announces=True))
    assert RULES.read_deal(again, options(announces=True)) == declarations


def test_an_edited_higher_bid_comes_back_typed():
    """RULES §7 item 29: a bid above the chips is shown again in the typed field."""
    declarations = RULES.declarations_from_form({**MADE_100, "higher_bid": "180"}, DEFAULTS)
    form = RULES.form_from_declarations(RULES.read_deal(declarations, DEFAULTS), DEFAULTS)
    assert (form["bid"], form["higher_bid"]) == ("", "180")
    assert RULES.declarations_from_form(form, DEFAULTS) == declarations


def test_an_edited_deal_shows_its_values_again():
    form = RULES.form_from_declarations(RULES.declarations_from_form(MADE_100, DEFAULTS), DEFAULTS)
    assert form == {"dealer": "N", "bidder": "E", "bid": "100", "higher_bid": "", "trump": "H", "contre": False,
                    "surcontre": False, "bidder_points": "92", "defender_points": "",
                    "last_trick": "bidders", "capot": False, "belote": "bidders"}


# -- referee ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "opts", "allowed", "points"), [
    pytest.param("QS JS 9S 8H 7H 9D 8C 7C", {}, True, 5, id="RULES §2.2: 5 points: redeal"),
    pytest.param("10S 9S 8S 7S 9H 8H 7H 9D", {}, True, 10, id="RULES §2.2: 10 or fewer: redeal"),
    pytest.param("AS 9S 8S 7S 9H 8H 7H 9D", {}, False, 11, id="RULES §2.2: 11: no redeal"),
    pytest.param("JS JH JD JC QS 7H 8H 9H", {}, False, 11, id="RULES §2.2: jacks count 2 as plain cards"),
    pytest.param("QS JS 9S 8H 7H 9D 8C 7C", {"weak_hand_redeal": False}, False, 5,
                 id="RULES §2.4 weak_hand_redeal off"),
])
def test_redeal_check(hand, opts, allowed, points):
    answer = contree.redeal_check(hand, opts)
    assert answer.answer == {"redeal_allowed": allowed, "hand_points": points}
    assert answer.lines


def test_redeal_check_needs_eight_cards():
    with pytest.raises(RuleViolation) as err:
        contree.redeal_check("AS KS")
    assert err.value.field == "hand"


@pytest.mark.parametrize(("hand", "trick", "partner", "opts", "legal"), [
    pytest.param("JH 7H AS", "9H AH", None, {}, {"JH"}, id="RULES §2.6: trump led: overtrump"),
    pytest.param("JH 7H AS", "9H 8H", True, {}, {"JH"},
                 id="RULES §2.6: trump led: overtrump even the partner"),
    pytest.param("7H 8H AS", "JH 9H", None, {}, {"7H", "8H"}, id="RULES §2.6: trump led: any trump, else"),
    pytest.param("7S AS 7H", "KS 10S", None, {}, {"7S", "AS"}, id="RULES §2.6: follow suit, no need to head"),
    pytest.param("7H AD", "AS KS", True, {}, {"7H", "AD"}, id="RULES §2.6: void, partner winning: any card"),
    pytest.param("JH 7H AD", "KS 9H 7S", True, {}, {"JH", "7H", "AD"},
                 id="RULES §2.6: partner winning with a trump: any card, no Belote guard"),
    pytest.param("7H AD", "KS AS", False, {}, {"7H"}, id="RULES §2.6: void, no trump in the trick: trump"),
    pytest.param("JH 7H AD", "KS 9H", None, {}, {"JH"}, id="RULES §2.6: trick trumped: overtrump"),
    pytest.param("7H AD", "KS 9H", None, {}, {"7H"}, id="RULES §2.6: cannot overtrump: undertrump"),
    pytest.param("7H AD", "KS 9H", None, {"forced_undertrump": False}, {"7H", "AD"},
                 id="RULES §2.4 forced_undertrump off: any card"),
    pytest.param("7H AD", "", None, {}, {"7H", "AD"}, id="RULES §2.6: leading: any card"),
])
def test_legal_play(hand, trick, partner, opts, legal):
    answer = contree.legal_play(hand, trick, "H", partner, opts)
    assert set(answer.answer["legal"]) == legal
    assert answer.lines


@pytest.mark.parametrize(("call", "field"), [
    pytest.param(lambda: contree.legal_play("7H", "KS 9H 7S AS", "H"), "trick_so_far", id="a full trick"),
    pytest.param(lambda: contree.legal_play("7H", "KS", "X"), "trump", id="no such trump"),
    pytest.param(lambda: contree.legal_play("7H 6H", "KS", "H"), "hand", id="RULES §2.1: no sixes"),
    pytest.param(lambda: contree.legal_play("7H", "KS 7H", "H"), "hand", id="a card in hand and trick"),
    pytest.param(lambda: contree.legal_play("7H AD", "KS AS", "H", True), "partner_winning",
                 id="the partner's king is beaten: partner_winning stated wrong"),
    pytest.param(lambda: contree.trick_winner("", "H"), "trick", id="an empty trick"),
    pytest.param(lambda: contree.trick_winner({"AS": 1}, "H"), "trick", id="not a list"),
])
def test_referee_errors_name_their_field(call, field):
    with pytest.raises(RuleViolation) as err:
        call()
    assert err.value.field == field


@pytest.mark.parametrize(("trick", "winner"), [
    pytest.param("AS 7H 10S JS", 1, id="RULES §2.6: the highest trump wins"),
    pytest.param("AS KS 10S JH", 3, id="RULES §2.6: one trump wins"),
    pytest.param("10D AD JD 9S", 1, id="RULES §2.6: no trump: the highest of the suit led"),
    pytest.param("9H JH", 1, id="RULES §2.1: J is the highest trump"),
])
def test_trick_winner(trick, winner):
    answer = contree.trick_winner(trick, "H")
    assert answer.answer["winner_index"] == winner and answer.lines
