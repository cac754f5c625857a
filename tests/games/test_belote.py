"""Classic Belote (RULES.md §1): every formula, every option of §1.6, three players, the sheet.

Validation and properties: test_belote_deal.py; the form: test_belote_form.py; the referee
and typed melds: test_belote_referee.py.
"""

from __future__ import annotations

import pytest

from scorekeeper import games
from scorekeeper.errors import RuleViolation
from scorekeeper.games import belote

RULES = belote.RULES


def options(**changes):
    return RULES.resolve_options(changes)


def deal(**changes):
    """N (team A) takes ♥, W dealt; A takes 81 card points and the last trick: 91 against 71."""
    return {"dealer": "W", "taker": "N", "trump": "H", "trick_points": {"A": 81}, "last_trick": "A",
            "belote": None, **changes}


def three(**changes):
    """Three players: P2 takes ♥, P1 dealt; 120 card points in play (8 cards out)."""
    return {"players": 3, "dealer": "P1", "taker": "P2", "trump": "H",
            "trick_points": {"P1": 30, "P2": 60, "P3": 30}, "last_trick": "P2", **changes}


def score(declarations, **changes):
    return RULES.score_deal(declarations, options(**changes))


SA, TA = {"sans_atout": True}, {"tout_atout": True}
TIERCE_N = {"seat": "N", "cards": ["AS", "KS", "QS"]}  # 20
CINQUANTE_N = {"seat": "N", "cards": ["AS", "KS", "QS", "JS"]}  # 50
TIERCE_E = {"seat": "E", "cards": ["AD", "KD", "QD"]}  # 20
NINES_E = {"seat": "E", "cards": ["9S", "9H", "9D", "9C"]}  # 150
JACKS_E = {"seat": "E", "cards": ["JS", "JH", "JD", "JC"]}  # 200
TENS_S = {"seat": "S", "cards": ["10H", "10D", "10C", "10S"]}  # 100
ACES_S = {"seat": "S", "cards": ["AH", "AD", "AC", "AS"]}  # 100 (Parlett sans atout: 200)
JACKS_W = {"seat": "W", "cards": ["JS", "JH", "JD", "JC"]}  # 200 (Parlett sans atout: 100)
NINES_S = {"seat": "S", "cards": ["9S", "9H", "9D", "9C"]}  # 150 (Parlett sans atout: nothing)
CAPOT_A = {"tricks_won": {"A": 8}, "trick_points": None, "last_trick": None}
CAPOT_B = {"tricks_won": {"B": 8}, "trick_points": None, "last_trick": None}


@pytest.mark.parametrize(("changes", "opts", "made", "expected"), [
    # RULES §1.6 steps 1-5, a suit contract
    pytest.param({}, {}, True, {"A": 91, "B": 71}, id="RULES §1.6 step 4: made, each side its own total"),
    pytest.param({"belote": "A"}, {}, True, {"A": 111, "B": 71}, id="RULES §1.4: belote 20 to its holder"),
    pytest.param({"belote": "B", "trick_points": {"A": 85}}, {}, True, {"A": 95, "B": 87},
                 id="RULES §1.4: the defenders' belote scores whatever happens"),
    pytest.param({"trick_points": {"A": 60}, "last_trick": "B"}, {}, False, {"A": 0, "B": 162},
                 id="RULES §1.6 step 5: failed, the defenders score 162"),
    pytest.param({"trick_points": {"A": 71}}, {}, False, {"A": 0, "B": 162},
                 id="RULES §1.6 step 5: 81 against 81, a tie fails"),
    pytest.param({"trick_points": {"A": 72}}, {}, True, {"A": 82, "B": 80},
                 id="RULES §1.6 step 4: made means strictly more (82 against 80)"),
    pytest.param({"trick_points": {"A": 60}, "last_trick": "B", "belote": "A"}, {}, False, {"A": 0, "B": 182},
                 id="RULES §1.6 step 5, §7 item 2: the takers' belote goes to the defenders"),
    pytest.param({"trick_points": {"A": 60}, "last_trick": "B", "belote": "B"}, {}, False, {"A": 0, "B": 182},
                 id="RULES §1.6 step 5: the defenders' own belote"),
    # RULES §1.3, §1.6 steps 2-3: melds
    pytest.param({"melds": [TIERCE_N]}, {}, True, {"A": 111, "B": 71}, id="RULES §1.3: only N–S declared"),
    pytest.param({"melds": [TIERCE_N, NINES_E]}, {}, False, {"A": 0, "B": 312},
                 id="RULES §1.3, §7 item 4: four nines win; the losing tierce counts for nobody"),
    pytest.param({"melds": [CINQUANTE_N, TIERCE_E], "trick_points": {"A": 50}, "last_trick": "B"}, {}, False,
                 {"A": 0, "B": 212}, id="RULES §1.6 step 5, §7 item 4: failed: 162 + only the counted 50"),
    pytest.param({"melds": [CINQUANTE_N, TIERCE_E, TENS_S]}, {}, True, {"A": 241, "B": 71},
                 id="RULES §1.3: the best meld's team scores all melds of both its players"),
    pytest.param({"trick_points": {"A": 66}, "melds": [CINQUANTE_N]}, {}, True, {"A": 126, "B": 86},
                 id="RULES §1.6 step 4: melds count toward the made test"),
    # RULES §1.5 capot (§7 items 3, 20)
    pytest.param(CAPOT_A, {}, True, {"A": 252, "B": 0}, id="RULES §1.5: capot, 152 + 100 = 252"),
    pytest.param({**CAPOT_A, "melds": [TIERCE_N, JACKS_E]}, {}, True, {"A": 272, "B": 0},
                 id="RULES §1.5, §7 item 3: the capoted team's four jacks are void; the tierce counts"),
    pytest.param({**CAPOT_A, "belote": "B"}, {}, True, {"A": 252, "B": 20},
                 id="RULES §1.5: the capoted team keeps its belote"),
    pytest.param({**CAPOT_B, "melds": [ACES_S], "belote": "A"}, {}, False, {"A": 0, "B": 272},
                 id="RULES §1.5, §1.6 step 5: defenders' capot: 252 + the takers' belote, their melds void"),
    pytest.param({**CAPOT_B, "belote": "A"}, {"belote_kept_when_dedans": True}, False, {"A": 20, "B": 252},
                 id="RULES §1.6 belote_kept_when_dedans: capoted takers keep their belote"),
    pytest.param(CAPOT_A, {"capot_88": True}, True, {"A": 250, "B": 0},
                 id="RULES §1.5 capot_88: 152 + 10 + 88 = 250"),
    pytest.param(CAPOT_B, {"capot_88": True}, False, {"A": 0, "B": 250},
                 id="RULES §1.6 step 5 capot_88: the defenders' capot is 250"),
    # RULES §1.1, §1.6: sans atout ×2 and tout atout ×3 (§7 item 20)
    pytest.param({"contract": "sans_atout", "trump": None, "trick_points": {"A": 70}}, SA, True,
                 {"A": 160, "B": 100}, id="RULES §1.6 sans atout: (70 + 10) × 2, 50 × 2"),
    pytest.param({"contract": "sans_atout", "trump": None, "trick_points": {"A": 50}, "last_trick": "B"}, SA,
                 False, {"A": 0, "B": 260}, id="RULES §1.1, §1.6 sans atout failed: 130 × 2"),
    pytest.param({"contract": "sans_atout", "trump": None, **CAPOT_A}, SA, True, {"A": 440, "B": 0},
                 id="RULES §1.5 sans atout capot: 220 × 2"),
    pytest.param({"contract": "sans_atout", "trump": None, **CAPOT_A}, {**SA, "capot_88": True}, True,
                 {"A": 436, "B": 0}, id="RULES §7 item 20 sans atout capot_88: 218 × 2"),
    pytest.param({"contract": "tout_atout", "trump": None, "trick_points": {"A": 130}}, TA, True,
                 {"A": 420, "B": 354}, id="RULES §1.6 tout atout: 140 × 3, 118 × 3"),
    pytest.param({"contract": "tout_atout", "trump": None, "trick_points": {"A": 100}, "last_trick": "B"}, TA,
                 False, {"A": 0, "B": 774}, id="RULES §1.1, §1.6 tout atout failed: 258 × 3"),
    pytest.param({"contract": "tout_atout", "trump": None, **CAPOT_A}, TA, True, {"A": 1044, "B": 0},
                 id="RULES §1.5 tout atout capot: 348 × 3"),
    pytest.param({"contract": "tout_atout", "trump": None, **CAPOT_A}, {**TA, "capot_88": True}, True,
                 {"A": 1038, "B": 0}, id="RULES §7 item 20 tout atout capot_88: 346 × 3"),
    pytest.param({"contract": "tout_atout", "trump": None, "trick_points": {"A": 130},
                  "belotes": {"A": 2, "B": 1}},
                 TA, True, {"A": 540, "B": 414}, id="RULES §1.4 tout atout: a belote per suit, 20 each, × 3"),
    pytest.param({"contract": "tout_atout", "trump": None, "trick_points": {"A": 130}, "belote": "B"}, TA,
                 True,
                 {"A": 420, "B": 414}, id="RULES §1.4 tout atout: belote given as one side's single belote"),
    # RULES §1.6 options
    pytest.param({"trick_points": {"A": 60}, "last_trick": "B", "belote": "A"},
                 {"belote_kept_when_dedans": True},
                 False, {"A": 20, "B": 162},
                 id="RULES §1.6 belote_kept_when_dedans: 20 stays with the takers"),
    pytest.param({"contract": "sans_atout", "trump": None, "trick_points": {"A": 50}, "last_trick": "B"},
                 {**SA, "belote_kept_when_dedans": True}, False, {"A": 0, "B": 260},
                 id="RULES §1.6 belote_kept_when_dedans: nothing to keep in sans atout"),
    pytest.param({"trick_points": {"A": 66}, "melds": [CINQUANTE_N]}, {"compare_excluding_melds": True},
                 False,
                 {"A": 0, "B": 212}, id="RULES §1.6 compare_excluding_melds: 76 < 86 card points fails"),
    pytest.param({"trick_points": {"A": 72}, "belote": "B", "melds": [TIERCE_E]},
                 {"compare_excluding_melds": True},
                 True, {"A": 82, "B": 120},
                 id="RULES §1.6 compare_excluding_melds: 82 > 80 made, melds still score"),
    pytest.param({"melds": [TIERCE_N, NINES_E]}, {"no_melds": True}, True, {"A": 91, "B": 71},
                 id="RULES §1.6 no_melds: melds in the input are ignored"),
    pytest.param({"melds": [TIERCE_N], "belote": "A"}, {"no_melds": True}, True, {"A": 111, "B": 71},
                 id="RULES §1.6 no_melds: belote still counts"),
    pytest.param({"trick_points": {"A": 71}}, {"litige": True}, None, {"A": 0, "B": 81},
                 id="RULES §1.6 litige: a tie, the defenders score their own"),
    pytest.param({"trick_points": {"A": 60}, "last_trick": "B"}, {"litige": True}, False, {"A": 0, "B": 162},
                 id="RULES §1.6 litige: no tie, the usual failure"),
    pytest.param({"trick_points": {"A": 76}, "litige_pending": 90}, {"litige": True}, True,
                 {"A": 176, "B": 76},
                 id="RULES §1.6 litige: held points go to the takers who make the next deal"),
    pytest.param({"trick_points": {"A": 60}, "last_trick": "B", "litige_pending": 90}, {"litige": True},
                 False,
                 {"A": 0, "B": 252},
                 id="RULES §1.6 litige: held points go to the defenders when the takers fail"),
    pytest.param({"melds": [{"seat": "S", "cards": ["AS", "AH", "AD", "AC"]},
                            {"seat": "N", "cards": ["KS", "QS", "JS"]}]},
                 {}, True, {"A": 211, "B": 71},
                 id="RULES §1.3: both melds of one hand: four aces and a tierce"),
])
def test_scoring(changes, opts, made, expected):
    scored = score(deal(**changes), **opts)
    assert (scored.made, dict(scored.score)) == (made, expected)
    assert scored.answer["score"] == expected and scored.answer["made"] is made


@pytest.mark.parametrize(("changes", "opts", "expected", "pending"), [
    pytest.param({"trick_points": {"A": 61}, "belote": "A"}, {"litige": True}, {"A": 0, "B": 91}, 91,
                 id="RULES §7 item 21: the takers' whole total, belote included, is held"),
    pytest.param({"trick_points": {"A": 61}, "belote": "A"},
                 {"litige": True, "belote_kept_when_dedans": True},
                 {"A": 0, "B": 91}, 91,
                 id="RULES §7 item 21: a litige is no failure: the belote is held too"),
    pytest.param({"trick_points": {"A": 71}, "melds": [TIERCE_N]},
                 {"litige": True, "compare_excluding_melds": True},
                 {"A": 0, "B": 81}, 101, id="RULES §7 item 21: equal card points are the tie; 101 is held"),
    pytest.param({"trick_points": {"A": 71}, "litige_pending": 81}, {"litige": True}, {"A": 0, "B": 81}, 162,
                 id="RULES §1.6 litige: consecutive litiges accumulate"),
    pytest.param({"contract": "sans_atout", "trump": None, "trick_points": {"A": 55}}, {"litige": True, **SA},
                 {"A": 0, "B": 130}, 130, id="RULES §1.6 litige in sans atout: 65 × 2 held"),
])
def test_litige(changes, opts, expected, pending):
    scored = score(deal(**changes), **opts)
    assert scored.made is None and scored.answer["litige"] is True
    assert dict(scored.score) == expected and scored.answer["litige_pending"] == pending
    assert scored.summary.render().endswith("litige")


def test_answer_fields_rules_6():
    answer = score(deal(melds=[TIERCE_N, NINES_E], belote="A")).answer
    assert answer == {"made": False, "litige": False, "capot": None, "meld_winner": "B",
                      "counted_melds": {"A": 0, "B": 150}, "team_totals": {"A": 111, "B": 221},
                      "score": {"A": 0, "B": 332}, "litige_pending": 0, "taker_team": "A", "multiplier": 1}
    assert score(deal(**CAPOT_A)).answer["capot"] == "A"


def test_the_explanation_reads_like_a_referee():
    low_cinquante = {"seat": "N", "cards": ["10C", "9C", "8C", "7C"]}
    scored = score(deal(melds=[low_cinquante, JACKS_E], belote="A", trick_points={"A": 90}))
    assert [line.render() for line in scored.lines] == [
        "N (N–S) takes ♥",
        "the four J♠ J♥ J♦ J♣ (200) beats the sequence 10♣ 9♣ 8♣ 7♣: a four beats any sequence",
        "E–W scores all its melds: 200",
        "N–S: 90 card points + 10 last trick + 20 belote = 120",
        "E–W: 62 card points + 200 melds = 262",
        "N–S 120 < E–W 262: dedans, the contract fails",
        "N–S: 0",
        "E–W take everything: 162 for all the cards + 200 melds + 20 belote = 382",
        "Score: N–S 0, E–W 382",
    ]
    assert scored.summary.render() == "♥ — N takes"


@pytest.mark.parametrize(("changes", "opts", "expected"), [
    pytest.param({}, {}, "♥ — N takes", id="suit"),
    pytest.param({"taker": None, "taker_team": "B"}, {}, "♥ — E–W take", id="a team only"),
    pytest.param({"contract": "sans_atout", "trump": None}, SA, "Sans atout — N takes (×2)", id="sans atout"),
    pytest.param({"contract": "tout_atout", "trump": None}, TA, "Tout atout — N takes (×3)", id="tout atout"),
    pytest.param({"trick_points": {"A": 71}}, {"litige": True}, "♥ — N takes, litige", id="litige"),
])
def test_summary(changes, opts, expected):
    assert score(deal(**changes), **opts).summary.render() == expected


def test_explanations_say_what_happened_to_melds_and_capots():
    said = [line.render() for line in score(deal(melds=[TIERCE_N]), no_melds=True).lines]
    assert "No melds in this match: the melds declared are ignored (belote still counts)" in said
    said = [line.render() for line in score(deal(**CAPOT_A, melds=[TIERCE_N, JACKS_E])).lines]
    assert said[1:4] == ["N–S took every trick: capot",
                         "Whoever took no trick loses its melds: J♠ J♥ J♦ J♣ count nothing",
                         "only N–S declared melds; the best is A♠ K♠ Q♠"]
    assert "N–S: 152 card points + 100 capot + 20 melds = 272" in said
    said = [line.render() for line in score(deal(**CAPOT_A), capot_88=True).lines]
    assert "N–S: 152 card points + 10 last trick + 88 capot = 250" in said
    said = [line.render() for line in score(deal(trick_points={"A": 76}, litige_pending=90),
                                            litige=True).lines]
    assert "N–S receive 90 points held from the litige: 86 + 90 = 176" in said
    said = [line.render() for line in score(deal(trick_points={"A": 71}, litige_pending=81),
                                            litige=True).lines]
    assert ("N–S: 0 now; 81 held for the winner of the next deal "
            "(81 + 81 from the earlier litige = 162)") in said
    said = [line.render() for line in score(deal(contract="tout_atout", trump=None, trick_points={"A": 150}),
                                            tout_atout=True).lines]
    assert said[0] == "N (N–S) takes tout atout: every score ×3" and "N–S: 160 × 3 = 480" in said


# -- meld comparison in a deal (RULES §1.3) ------------------------------------------------------

PLAIN_TIERCES = [{"seat": "E", "cards": ["AD", "KD", "QD"]}, {"seat": "N", "cards": ["AC", "KC", "QC"]}]


@pytest.mark.parametrize(("dealer", "opts", "winner"), [
    pytest.param("W", {}, "A", id="RULES §1.3 step 7: W deals, N plays first"),
    pytest.param("N", {}, "B", id="RULES §1.3 step 7: N deals, E plays first"),
    pytest.param("S", {}, "A", id="RULES §1.3 step 7: S deals, W then N before E"),
    pytest.param("S", {"anticlockwise": True}, "B", id="RULES §1.6 anticlockwise: S deals, E plays first"),
    pytest.param("W", {"anticlockwise": True}, "B",
                 id="RULES §1.6 anticlockwise: W deals, S then E before N"),
])
def test_equal_melds_go_to_the_first_in_play_order(dealer, opts, winner):
    answer = score(deal(melds=PLAIN_TIERCES, dealer=dealer), **opts).answer
    assert answer["meld_winner"] == winner


@pytest.mark.parametrize(("melds", "winner", "opts", "contract"), [
    pytest.param([{"seat": "N", "cards": ["KS", "QS", "JS", "10S", "9S", "8S"]},
                  {"seat": "E", "cards": ["AD", "KD", "QD", "JD", "10D"]}], "B", {}, "suit",
                 id="RULES §1.3 example: a 6-run to the K loses to a 5-run to the A"),
    pytest.param([{"seat": "N", "cards": ["KS", "KH", "KD", "KC"]},
                  {"seat": "E", "cards": ["QD", "JD", "10D", "9D", "8D"]}], "A", {}, "suit",
                 id="RULES §1.3 example: a four of kings beats a 5-run (both 100)"),
    pytest.param([{"seat": "N", "cards": ["QS", "QH", "QD", "QC"]},
                  {"seat": "E", "cards": ["10S", "10H", "10D", "10C"]}], "B", {}, "suit",
                 id="RULES §1.3 step 3: tens beat queens"),
    pytest.param([{"seat": "N", "cards": ["AD", "KD", "QD"]}, {"seat": "E", "cards": ["AH", "KH", "QH"]}],
                 "B", {},
                 "suit", id="RULES §1.3 step 6: the trump tierce beats the plain one, whoever plays first"),
    pytest.param([ACES_S, JACKS_W], "B", SA, "sans_atout",
                 id="RULES §1.3: jacks 200 beat aces 100 in sans atout"),
    pytest.param([ACES_S, JACKS_W], "A", {**SA, "sa_four_values": "parlett"}, "sans_atout",
                 id="RULES §1.6 sa_four_values parlett: aces 200 beat jacks 100 in sans atout"),
    pytest.param([ACES_S, JACKS_W], "B", {"sa_four_values": "parlett"}, "suit",
                 id="RULES §1.6 sa_four_values parlett: only sans atout changes"),
    pytest.param([NINES_S, TIERCE_E], "B", {**SA, "sa_four_values": "parlett"}, "sans_atout",
                 id="RULES §1.6 sa_four_values parlett: four nines score nothing in sans atout"),
])
def test_meld_comparison_in_a_deal(melds, winner, opts, contract):
    changes = {} if contract == "suit" else {"contract": contract, "trump": None}
    assert score(deal(melds=melds, **changes), **opts).answer["meld_winner"] == winner


def test_parlett_fours_change_the_score():
    changes = {"contract": "sans_atout", "trump": None, "trick_points": {"A": 60}, "melds": [ACES_S, JACKS_W]}
    assert dict(score(deal(**changes), **SA).score) == {"A": 0, "B": 660}  # (130 + 200) × 2
    assert dict(score(deal(**changes), **SA, sa_four_values="parlett").score) == {"A": 540, "B": 120}


def test_meld_card_reuse():
    both = [{"seat": "N", "cards": ["KS", "KH", "KD", "KC"]}, {"seat": "N", "cards": ["KH", "QH", "JH"]}]
    assert dict(score(deal(melds=both)).score) == {"A": 211, "B": 71}  # RULES §1.2, §7 item 1: 100 + 20
    with pytest.raises(RuleViolation) as err:
        score(deal(melds=both), meld_card_reuse=False)
    assert err.value.field == "melds"


# -- three players (RULES §1.10) --------------------------------------------------------------------

@pytest.mark.parametrize(("changes", "opts", "made", "expected"), [
    pytest.param({}, {}, True, {"P1": 30, "P2": 70, "P3": 30},
                 id="RULES §1.10: made, everyone his own total"),
    pytest.param({"trick_points": {"P1": 30, "P2": 50, "P3": 40}, "last_trick": "P3"}, {}, False,
                 {"P1": 30, "P2": 0, "P3": 50},
                 id="RULES §1.10, §7 item 6: failed, the taker 0, the others theirs"),
    pytest.param({"trick_points": {"P1": 30, "P2": 50, "P3": 60}, "last_trick": "P2"}, {}, False,
                 {"P1": 30, "P2": 0, "P3": 60}, id="RULES §1.10: a tie for first place fails"),
    pytest.param({"trick_points": {"P1": 30, "P2": 50, "P3": 60}, "last_trick": "P2"}, {"litige": True},
                 False,
                 {"P1": 30, "P2": 0, "P3": 60}, id="RULES §1.10: no litige with three players"),
    pytest.param({"belote": "P2", "trick_points": {"P1": 30, "P2": 30, "P3": 60}}, {}, False,
                 {"P1": 30, "P2": 0, "P3": 60},
                 id="RULES §1.10, §7 item 6: 30 + 10 + 20 belote ties 60: failed"),
    pytest.param({"belote": "P2", "trick_points": {"P1": 30, "P2": 30, "P3": 60}},
                 {"belote_kept_when_dedans": True},
                 False, {"P1": 30, "P2": 20, "P3": 60},
                 id="RULES §1.6 belote_kept_when_dedans, three players"),
    pytest.param({"melds": [{"seat": "P1", "cards": ["AS", "KS", "QS", "JS"]},
                            {"seat": "P3", "cards": ["AD", "KD", "QD"]},
                            {"seat": "P3", "cards": ["9S", "9H", "9D", "9C"]}]},
                 {}, False, {"P1": 30, "P2": 0, "P3": 200},
                 id="RULES §1.10: melds compared among all three; four nines take both of P3's melds"),
    pytest.param({"contract": "sans_atout", "trump": None, "trick_points": {"P1": 30, "P2": 50, "P3": 20}},
                 SA, True,
                 {"P1": 60, "P2": 120, "P3": 40}, id="RULES §7 item 19: sans atout ×2 with three players"),
    pytest.param({"contract": "tout_atout", "trump": None, "trick_points": {"P1": 60, "P2": 100, "P3": 40}},
                 TA, True,
                 {"P1": 180, "P2": 330, "P3": 120}, id="RULES §7 item 19: tout atout ×3 with three players"),
    pytest.param({"tricks_won": {"P2": 8}, "trick_points": {"P2": 120}, "last_trick": None,
                  "melds": [{"seat": "P1", "cards": ["JS", "JH", "JD", "JC"]}]}, {}, True,
                 {"P1": 0, "P2": 220, "P3": 0},
                 id="RULES §1.5, §1.10: a capot by one player; the others' melds void"),
])
def test_three_players(changes, opts, made, expected):
    scored = score(three(**changes), players=3, **opts)
    assert (scored.made, dict(scored.score)) == (made, expected)


@pytest.mark.parametrize(("changes", "expected"), [
    pytest.param({"melds": [{"seat": "P3", "cards": ["AD", "KD", "QD"]}], "belote": "P1"},
                 {"P1": 50, "P2": 70, "P3": 50},
                 id="RULES §7 item 33: made; P3 scores his own tierce, P1 his belote, the taker his points"),
    pytest.param({"melds": [{"seat": "P1", "cards": ["AD", "KD", "QD"]},
                            {"seat": "P3", "cards": ["10S", "JS", "QS", "KS"]}], "belote": "P2"},
                 {"P1": 30, "P2": 90, "P3": 80},
                 id="RULES §7 item 33: made; P3's fifty wins the comparison, P1's tierce counts nothing"),
    pytest.param({"melds": [{"seat": "P2", "cards": ["AS", "KS", "QS"]}],
                  "trick_points": {"P1": 20, "P2": 60, "P3": 40}, "last_trick": "P3"},
                 {"P1": 20, "P2": 80, "P3": 50},
                 id="RULES §7 item 33: made; the last trick stays with P3 who took it"),
])
def test_three_players_made_everyone_scores_his_own(changes, expected):
    """RULES §7 item 33: a made contract for three: card points, last trick, counted melds and
    belote each go to the player who took or held them; nothing moves between players."""
    scored = score(three(**changes), players=3)
    assert (scored.made, dict(scored.score)) == (True, expected)


def test_three_players_explain_against_the_best_other():
    said = [line.render() for line in score(three(), players=3).lines]
    assert "P2 70 > P1 30, the best of the others: the taker makes it" in said
    assert said[-1] == "Score: P1 30, P2 70, P3 30"


def test_three_players_a_failed_taker_keeps_the_belote_in_words_of_one_player():
    """RULES §1.6 belote_kept_when_dedans with three players: "P2 keeps the belote", not "keep"."""
    failed = three(belote="P2", trick_points={"P1": 30, "P2": 30, "P3": 60})
    said = [line.render() for line in score(failed, players=3, belote_kept_when_dedans=True).lines]
    assert "P2 keeps the belote: 20" in said


# -- the sheet: litige across deals (RULES §1.6) ------------------------------------------------------

def test_litige_points_wait_for_the_winner_of_a_later_deal():
    tie_a = deal(trick_points={"A": 71})  # N–S take: 81 against 81
    tie_b = deal(taker="E", trick_points={"B": 71}, last_trick="B")  # E–W take: 81 against 81
    made_a = deal()  # N–S make it: 91 against 71
    sheet = RULES.score_sheet([tie_a, tie_b, made_a], options(litige=True))
    assert [row.scored.answer["litige_pending"] for row in sheet.rows] == [81, 162, 0]
    assert [dict(row.scored.score) for row in sheet.rows] == [{"A": 0, "B": 81}, {"A": 81, "B": 0},
                                                              {"A": 253, "B": 71}]
    assert dict(sheet.totals) == {"A": 334, "B": 152}
    said = [line.render() for line in sheet.rows[2].scored.lines]
    assert "N–S receive 162 points held from the litige: 91 + 162 = 253" in said
    assert sheet.rows[2].declarations == {**made_a, "litige_pending": 162}  # as scored: the row rescores alone
    assert RULES.score_deal(sheet.rows[2].declarations, options(litige=True)) == sheet.rows[2].scored


@pytest.mark.parametrize("split", range(4))
def test_a_sheet_extended_by_later_deals_keeps_the_litige_held(split):
    """RULES §1.6: points held by the tie before the split still go to the next deal's winner."""
    deals = [deal(trick_points={"A": 71}), deal(taker="E", trick_points={"B": 71}, last_trick="B"), deal()]
    whole = RULES.score_sheet(deals, options(litige=True))
    extended = RULES.extend_sheet(RULES.score_sheet(deals[:split], options(litige=True)), deals[split:],
                                  options(litige=True))
    assert extended == whole and dict(extended.totals) == {"A": 334, "B": 152}


def test_litige_points_go_to_the_defenders_when_the_takers_fail():
    failed_a = deal(trick_points={"A": 60}, last_trick="B")
    sheet = RULES.score_sheet([deal(trick_points={"A": 71}), failed_a], options(litige=True))
    assert dict(sheet.rows[1].scored.score) == {"A": 0, "B": 243}  # 162 + 81
    assert sheet.rows[1].scored.answer["litige_pending"] == 0


def test_the_sheet_replaces_a_stored_litige_pending():
    sheet = RULES.score_sheet([deal(litige_pending=500)], options(litige=True))
    assert dict(sheet.totals) == {"A": 91, "B": 71}


def test_without_the_litige_option_the_sheet_is_the_sum_of_the_deals():
    deals = [deal(trick_points={"A": 71}), deal()]
    sheet = RULES.score_sheet(deals, options())
    assert dict(sheet.totals) == {"A": 91, "B": 233}


def test_a_three_player_sheet_reaches_its_result():
    big = three(contract="tout_atout", trump=None, trick_points={"P1": 60, "P2": 140, "P3": 40},
                tricks_won=None)
    sheet = RULES.score_sheet([big] * 3, options(players=3, tout_atout=True, target=1000))
    assert dict(sheet.totals) == {"P1": 540, "P2": 1350, "P3": 360}
    assert sheet.result is not None and sheet.result.winner == "P2"


# -- options, table, game end (RULES §1.6, §1.7) ----------------------------------------------------

def test_every_option_of_rules_1_6_with_its_default():
    assert RULES.resolve_options() == {
        "target": 1000, "players": 4, "litige": False, "belote_kept_when_dedans": False,
        "compare_excluding_melds": False, "no_melds": False, "capot_88": False, "sans_atout": False,
        "tout_atout": False, "sans_atout_only_after_suit_bid": False, "sa_four_values": "standard",
        "meld_card_reuse": True, "must_undertrump_partner": False, "king_first_for_belote": False,
        "anticlockwise": False, "declare_before_play": False, "dealer_chooses_3_2_or_2_3": False,
        "no_shuffle": False, "revoke_belote_to_opponents": False,  # RULES §8: each belote stays with its holder
        "misdeal_passes_deal": False}  # the last: RULES §8, the same dealer deals again after a misdeal
    procedural = {o.key for o in RULES.options if not o.scoring}
    assert procedural == {"sans_atout_only_after_suit_bid", "must_undertrump_partner",
                          "king_first_for_belote",
                          "anticlockwise", "declare_before_play", "dealer_chooses_3_2_or_2_3", "no_shuffle",
                          "misdeal_passes_deal"}
    for option in RULES.options:
        assert "RULES" not in option.help + option.label and "seed" not in option.help.lower()


@pytest.mark.parametrize(("raw", "target"), [
    pytest.param({}, 1000, id="RULES §1.7: 1000"),
    pytest.param({"sans_atout": True}, 3000, id="RULES §1.7, §7 item 5: 3000 with sans atout allowed"),
    pytest.param({"tout_atout": True}, 3000, id="RULES §1.7, §7 item 5: 3000 with tout atout allowed"),
    pytest.param({"players": 3}, 1000, id="RULES §7 item 5: 1000 for three players too"),
    pytest.param({"sans_atout": True, "target": 1500}, 1500, id="RULES §1.7: a target set is kept"),
    pytest.param({"target": 1000, "tout_atout": True}, 1000, id="RULES §1.7: 1000 set explicitly is kept"),
])
def test_the_target_follows_the_contracts_unless_set(raw, target):
    resolved = RULES.resolve_options(raw)
    assert resolved["target"] == target
    assert RULES.resolve_options(resolved) == resolved


@pytest.mark.parametrize(("raw", "field"), [
    pytest.param({"players": 2}, "options.players", id="RULES §1.11: no two-player Belote"),
    pytest.param({"players": 5}, "options.players", id="RULES §1.1: four players at most"),
    pytest.param({"sa_four_values": "british"}, "options.sa_four_values",
                 id="RULES §1.6: standard or parlett"),
    pytest.param({"target": 10}, "options.target", id="RULES §1.7: target too small"),
    pytest.param({"litigation": True}, "options.litigation", id="unknown option"),
])
def test_bad_options_are_named(raw, field):
    with pytest.raises(RuleViolation) as err:
        RULES.resolve_options(raw)
    assert err.value.field == field


def test_tables_sides_and_dealers():
    four, three_players = options(), options(players=3)
    assert RULES.table(four).seats == ("N", "E", "S", "W") and RULES.table(four).sides == ("A", "B")
    assert RULES.table(three_players).seats == RULES.table(three_players).sides == ("P1", "P2", "P3")
    assert [RULES.side_of(seat) for seat in ("N", "E", "S", "W", "P2")] == ["A", "B", "A", "B", "P2"]
    assert [RULES.side_label(side) for side in ("A", "B", "P3")] == ["N–S", "E–W", "P3"]
    assert [RULES.next_dealer(seat, four) for seat in "NESW"] == ["E", "S", "W", "N"]
    assert [RULES.next_dealer(seat, options(anticlockwise=True)) for seat in "NESW"] == ["W", "N", "E", "S"]
    backwards = options(players=3, anticlockwise=True)
    assert [RULES.next_dealer(seat, backwards) for seat in ("P1", "P2", "P3")] == \
        ["P3", "P1", "P2"]
    assert [(p.label, dict(p.options)) for p in RULES.starts()] == [("Belote", {}), ("Belote for three",
                                                                                     {"players": 3})]


@pytest.mark.parametrize(("totals", "opts", "winner", "draw"), [
    pytest.param({"A": 990, "B": 500}, {}, None, None, id="RULES §1.7: nobody at 1000: go on"),
    pytest.param({"A": 1000, "B": 500}, {}, "A", False, id="RULES §0: reaching the target means >="),
    pytest.param({"A": 1100, "B": 1200}, {}, "B", False, id="RULES §1.7: both over: the higher wins"),
    pytest.param({"A": 1100, "B": 1100}, {}, None, True, id="RULES §1.7: both over and equal: a draw"),
    pytest.param({"A": 2990, "B": 1500}, SA, None, None, id="RULES §1.7: 3000 with sans atout allowed"),
    pytest.param({"P1": 1020, "P2": 700, "P3": 999}, {"players": 3}, "P1", False,
                 id="RULES §1.10: one player past the target wins"),
    pytest.param({"P1": 1020, "P2": 1050, "P3": 999}, {"players": 3}, "P2", False,
                 id="RULES §1.10: the highest past the target wins"),
    pytest.param({"P1": 1050, "P2": 1050, "P3": 1049}, {"players": 3}, None, True,
                 id="RULES §1.10: equal top totals: a draw"),
])
def test_match_result(totals, opts, winner, draw):
    result = RULES.match_result(totals, options(**opts))
    if draw is None:
        assert result is None
    else:
        assert (result.winner, result.draw) == (winner, draw)
        assert result.lines[0].render()


def test_game_end_referee_for_three():
    ruling = RULES.referee("game_end", {"totals_before": {"P1": 950, "P2": 0, "P3": 10},
                                        "deal_score": {"P1": 60, "P2": 0, "P3": 30}}, options(players=3))
    assert ruling.answer == {"totals": {"P1": 1010, "P2": 0, "P3": 40}, "finished": True, "winner": "P1",
                             "draw": False}


def test_the_registry():
    assert games.get_rules("belote") is RULES
    assert RULES.name == "Belote"
