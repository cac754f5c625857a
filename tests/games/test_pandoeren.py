"""Pandoeren (RULES.md §4): every contract made and failed, every option of §4.4, the checks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleViolation
from scorekeeper.games import pandoeren

RULES = pandoeren.RULES
DEFAULTS = RULES.resolve_options()
SEATS = ("N", "E", "S", "W")
ALL_N_E = "N N E N E E N N"  # N and E win every trick, N wins tricks 1, 2 and 4


def options(**changes):
    return RULES.resolve_options(changes)


def number(**changes):
    """N bids 150 ♥ and calls the A♠ (E holds it); they take 120 card points and the last trick."""
    return {"dealer": "W", "declarer": "N", "contract": "150", "partner": "E", "called_card": "AS", "trump": "H",
            "team_card_points": 120, "last_trick_team": "declarer", **changes}


def tricks(contract, winners, **changes):
    """N plays a trick contract in ♥; ``winners`` names the winner of each trick in order."""
    return {"dealer": "W", "declarer": "N", "contract": contract, "trump": "H", "tricks_won_by": winners.split(),
            **changes}


def score(declarations, **opts):
    return RULES.score_deal(declarations, options(**opts))


def refused(declarations, **opts) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        RULES.read_deal(declarations, options(**opts))
    return err.value


def scores(n=0, e=0, s=0, w=0):
    return {"N": n, "E": e, "S": s, "W": w}


NO_TRUMP = {"trump": None}
WITH_E = {"partner": "E"}


@pytest.mark.parametrize(("declarations", "opts", "made", "expected"), [
    # number contracts: card points + 5 last trick + valid roem + stuk >= the number (RULES §4.3)
    pytest.param(number(contract="120", team_card_points=115), {}, True, scores(1, 1),
                 id="RULES §4.3: 120 worth 1, made with exactly 120 (115 + 5)"),
    pytest.param(number(contract="140", team_card_points=134), {}, False, scores(-1, -1),
                 id="RULES §4.4: 140 failed (139): declarer and partner each subtract 1"),
    pytest.param(number(team_card_points=125, roem={"N": "AH KH QH"}), {}, True, scores(2, 2),
                 id="RULES §4.3: 150 worth 2, made: 125 + 5 + 20 roem"),
    pytest.param(number(team_card_points=141), {}, False, scores(-2, -2),
                 id="RULES §4.3: 150 failed: every card point and the last trick make only 146"),
    pytest.param(number(team_card_points=125, roem={"N": "AH KH QH"}, last_trick_team="opponents"), {}, False,
                 scores(-2, -2), id="RULES §4.3: 150 failed without the last trick"),
    pytest.param(number(contract="160", partner="W", called_card=None, team_card_points=135, stuk="W"), {},
                 True, scores(2, 0, 0, 2), id="RULES §4.2: the partner's stuk counts 20"),
    pytest.param(number(contract="180", roem={"N": "AH KH QH JH"}, team_card_points=125), {}, True, scores(3, 3),
                 id="RULES §4.3: 180 worth 3: 125 + 5 + 50 roem"),
    pytest.param(number(contract="190", roem={"N": "AH KH QH JH"}, last_trick_team="opponents"), {}, False,
                 scores(-3, -3), id="RULES §4.3: 190 failed: 170"),
    pytest.param(number(contract="200", roem={"N": "AS KS QS JS", "E": "QC JC 10C"}, called_card="AD",
                        team_card_points=125), {}, True, scores(4, 4),
                 id="RULES §4.2: the side's roem adds up: 130 + 50 + 20"),
    pytest.param(number(contract="250", roem={"N": "JS JH JD JC"}), {}, True, scores(4, 4),
                 id="RULES §4.3: 250 worth 4 (no upper limit); four jacks 200"),
    pytest.param(number(contract="200", roem={"N": "AD KD QD JD", "W": "KS QS JS 10S 9S"}, bidders=["W"]), {},
                 False, scores(-4, -4), id="RULES §4.2: W bid and holds a stronger roem: denied"),
    pytest.param(number(contract="170", roem={"N": "AD KD QD JD", "W": "KS QS JS 10S 9S"}), {}, True,
                 scores(3, 3), id="RULES §4.2: W only passed: W may not deny"),
    pytest.param(number(contract="200", roem={"N": "10D 9D 8D 7D", "E": "QC QS QD QH", "W": "JS 10S 9S 8S 7S"},
                        called_card="AC", bidders=["W"]), {}, True, scores(4, 4),
                 id="RULES §4.2: the partner's four queens beat W's sequence of 5: all the side's roem counts"),
    pytest.param(number(contract="200", roem={"N": "AD KD QD JD", "S": "KC QC JC"}, stuk="S", bidders=["S"]),
                 {}, False, scores(-4, -4), id="RULES §4.2: an opponent's stuk scores nothing"),
    pytest.param(number(team_card_points=131, discard="10S", called_card="AD", stuk="N"), {}, True,
                 scores(2, 2), id="RULES §4.1: all 131 points left after a discarded ten, + 5 + 20 stuk"),
    # trick contracts (RULES §4.3)
    pytest.param(tricks("Piccolo", "N E E S W W S E"), {}, True, scores(3), id="RULES §4.3: Piccolo made"),
    pytest.param(tricks("Piccolo", "E N E S W W S E"), {}, False, scores(-3),
                 id="RULES §4.3: Piccolo failed: one trick, not the first"),
    pytest.param(tricks("Piccolo", "E N E S W W S E"), {"piccolo_any_one_trick": True}, True, scores(3),
                 id="RULES §4.4 piccolo_any_one_trick: exactly one trick, whichever"),
    pytest.param(tricks("Piccolo", "N N E S W W S E"), {"piccolo_any_one_trick": True}, False, scores(-3),
                 id="RULES §4.4 piccolo_any_one_trick: two tricks still fail"),
    pytest.param(tricks("Piccolo Ouvert", "N W W W W W W W"), {}, True, scores(6),
                 id="RULES §4.3: Piccolo Ouvert made, 6"),
    pytest.param(tricks("Piccolo Ouvert", "W W W W W W W W"), {"piccolo_any_one_trick": True}, False,
                 scores(-6), id="RULES §4.3: Piccolo Ouvert failed: no trick at all"),
    pytest.param(tricks("Misère", "E E S W W E S S"), {}, True, scores(3), id="RULES §4.3: Misère made"),
    pytest.param(tricks("Misère", "E E S W W E S N"), {}, False, scores(-3),
                 id="RULES §4.3: Misère failed on the last trick"),
    pytest.param(tricks("Misère Ouvert", "E E S W W E S S"), {}, True, scores(6),
                 id="RULES §4.3: Misère Ouvert made, 6"),
    pytest.param(tricks("Misère Ouvert", "N E S W W E S S"), {}, False, scores(-6),
                 id="RULES §4.3: Misère Ouvert failed"),
    pytest.param(tricks("Stil Praatje", "E E S W W E S S"), {}, True, scores(9), id="RULES §4.3: Stil Praatje made"),
    pytest.param(tricks("Stil Praatje", "E E S N W E S S"), {}, False, scores(-9),
                 id="RULES §4.3: Stil Praatje failed"),
    pytest.param(tricks("Praatje", "E E S W W E S S"), {}, True, scores(9), id="RULES §4.3: Praatje made"),
    pytest.param(tricks("Praatje", "N N N N N N N N"), {}, False, scores(-9), id="RULES §4.3: Praatje failed"),
    pytest.param(tricks("Kereltje", ALL_N_E, jas_holder="E"), {}, True, scores(2, 2),
                 id="RULES §4.3: Kereltje made with the trump jack's holder"),
    pytest.param(tricks("Kereltje", "N N E N E E N S", jas_holder="E"), {}, False, scores(-2, -2),
                 id="RULES §4.3: Kereltje failed: S won the last trick"),
    pytest.param(tricks("Kereltje", "N N N N N N N N", jas_holder="N"), {}, True, scores(2),
                 id="RULES §7 item 13: own trump jack: N plays alone, only N scores"),
    pytest.param(tricks("Kereltje", "N N N N N N N W", jas_holder="N"), {}, False, scores(-2),
                 id="RULES §7 item 13: alone and failed"),
    pytest.param(tricks("Kereltje", "N N N N N N N N", discard="JH"), {}, True, scores(2),
                 id="RULES §7 item 26: the trump jack discarded: N plays alone"),
    pytest.param(tricks("Zwabber", ALL_N_E, **NO_TRUMP, **WITH_E), {}, False, scores(-2, -2),
                 id="RULES §4.3: Zwabber failed: all 8, but E won trick 3"),
    pytest.param(tricks("Zwabber", "N N N N E E E E", **NO_TRUMP, **WITH_E), {}, True, scores(2, 2),
                 id="RULES §4.3: Zwabber made: N tricks 1-4, E the rest"),
    pytest.param(tricks("Zwabber", "N N N E N N N N", **NO_TRUMP, **WITH_E), {}, False, scores(-2, -2),
                 id="RULES §4.3: Zwabber failed: the partner took trick 4"),
    pytest.param(tricks("Zwabber", "N N N N N N N S", **NO_TRUMP, **WITH_E), {}, False, scores(-2, -2),
                 id="RULES §4.3: Zwabber failed: S took a trick"),
    pytest.param(tricks("Solo-Zwabber", "N N N N N N N N", **NO_TRUMP), {}, True, scores(5),
                 id="RULES §4.3: Solo-Zwabber made, 5"),
    pytest.param(tricks("Solo-Zwabber", "N N N N N N E N", **NO_TRUMP), {}, False, scores(-5),
                 id="RULES §4.3: Solo-Zwabber failed"),
    pytest.param(tricks("Pandoer", ALL_N_E, **WITH_E, called_card="AC"), {}, True, scores(5, 5),
                 id="RULES §4.3: Pandoer made"),
    pytest.param(tricks("Pandoer", "N N E N E W N N", **WITH_E), {}, False, scores(-5, -5),
                 id="RULES §4.3: Pandoer failed"),
    pytest.param(tricks("Pandoer+40", ALL_N_E, **WITH_E, roem={"N": "AD KD QD"}, stuk="E"), {}, True,
                 scores(5, 5), id="RULES §4.3: Pandoer+40 made: all 8 and 20 roem + 20 stuk"),
    pytest.param(tricks("Pandoer+60", ALL_N_E, **WITH_E, roem={"N": "AD KD QD"}, stuk="E"), {}, False,
                 scores(-5, -5), id="RULES §4.3: Pandoer+60 failed: 40 < 60"),
    pytest.param(tricks("Pandoer+20", "N N E N E W N N", **WITH_E, roem={"N": "JS JH JD JC"}), {}, False,
                 scores(-5, -5), id="RULES §4.3: Pandoer+20 failed: W won a trick"),
    pytest.param(tricks("Pandoer+100", ALL_N_E, **WITH_E, roem={"N": "AD KD QD", "W": "AC KC QC JC"},
                        bidders=["W"]), {}, False, scores(-5, -5),
                 id="RULES §4.2: Pandoer+100: the roem denied by W, who bid"),
    pytest.param(tricks("Privé", "N N N N N N N N"), {}, True, scores(10), id="RULES §4.3: Privé made, 10"),
    pytest.param(tricks("Privé", "N N N N N N S N"), {}, False, scores(-10), id="RULES §4.3: Privé failed"),
    # a trick contract declared made or failed without the tricks (RULES §6)
    pytest.param({**tricks("Misère", "N"), "tricks_won_by": None, "made": True}, {}, True, scores(3),
                 id="RULES §6: made instead of the tricks"),
    pytest.param({**tricks("Pandoer+20", "N", **WITH_E), "tricks_won_by": None, "made": True,
                  "roem": {"E": "AC KC QC"}}, {}, True, scores(5, 5),
                 id="RULES §6: Pandoer+20: made says all 8 tricks; the roem is the engine's"),
    pytest.param({**tricks("Privé", "N"), "tricks_won_by": None, "made": False}, {}, False, scores(-10),
                 id="RULES §6: failed instead of the tricks"),
])
def test_scoring(declarations, opts, made, expected):
    scored = score(declarations, **opts)
    assert (scored.made, dict(scored.score)) == (made, expected)
    assert scored.answer["score"] == expected and scored.answer["made"] is made


def test_the_explanation_reads_like_a_referee():
    scored = score(number(contract="200", roem={"N": "AD KD QD JD", "W": "10S 9S 8S"}, bidders=["W"], stuk="N"))
    assert [line.render() for line in scored.lines] == [
        "N plays 200 ♥ with E, who holds the called A♠",
        "N and E must reach 200 with card points, last trick, roem and stuk",
        "N's sequence of 4 to the A♦ (50) beats W's sequence of 3 to the 10♠: W may not deny",
        "The roem of N + E counts: 50",
        "N holds stuk: 20, never denied",
        "N + E: 120 card points + 5 last trick + 50 roem + 20 stuk = 195",
        "200 is worth 4: 195 < 200, failed: N -4, E -4",
    ]
    assert scored.summary.render() == "200 ♥ — N + E"
    misere = score(tricks("Misère Ouvert", "E E S W W E S S"))
    assert misere.lines[-1].render() == "Misère Ouvert is worth 6: N won no trick, made: N +6"
    assert misere.summary.render() == "Misère Ouvert ♥ — N alone"


@pytest.mark.parametrize(("declarations", "line"), [
    pytest.param(tricks("Piccolo", "E N E S W W S E"), "Piccolo is worth 3: N won trick 2, not the first, "
                 "failed: N -3", id="RULES §4.3 Piccolo"),
    pytest.param(tricks("Zwabber", "N N N E N N N N", **NO_TRUMP, **WITH_E),
                 "Zwabber is worth 2: E won trick 4: N must win tricks 1 to 4 herself, failed: N -2, E -2",
                 id="RULES §4.3 Zwabber"),
    pytest.param(tricks("Kereltje", "N N N N N N N N", discard="JH"),
                 "Kereltje is worth 2: N won all 8 tricks, made: N +2", id="RULES §7 item 26"),
    pytest.param(tricks("Pandoer+60", ALL_N_E, **WITH_E, roem={"N": "AD KD QD"}, stuk="E"),
                 "Pandoer+60 is worth 5: N + E won all 8 tricks, but 40 < 60 in roem and stuk, failed: N -5, E -5",
                 id="RULES §4.3 Pandoer + n"),
])
def test_the_score_line_says_why(declarations, line):
    assert score(declarations).lines[-1].render() == line


def test_answer_fields_rules_6():
    answer = score(number(contract="180", roem={"N": "AD KD QD JD"}, stuk="E", called_card="AC")).answer
    assert answer == {"made": True, "contract": "180", "value": 3, "declarer": "N", "partner": "E",
                      "team_points": 195, "roem_valid": True, "roem_points": 50, "stuk_points": 20,
                      "score": scores(3, 3)}
    assert score(tricks("Privé", "N N N N N N N N")).answer["team_points"] is None


# -- validation -------------------------------------------------------------------------------

@pytest.mark.parametrize(("declarations", "opts", "field"), [
    pytest.param({}, {}, "declarer", id="RULES §6: an empty deal names its first field"),
    pytest.param(number(colour="red"), {}, "colour", id="RULES §6: unknown key"),
    pytest.param(number(contract="110"), {}, "contract", id="RULES §4.3: a number contract under 120"),
    pytest.param(number(contract="155"), {}, "contract", id="RULES §4.3: a number not in tens"),
    pytest.param(number(contract=155), {}, "contract", id="RULES §4.3: a JSON number not in tens"),
    pytest.param(number(contract="Pandoer+30"), {}, "contract", id="RULES §4.3: Pandoer+n not in twenties"),
    pytest.param(number(contract="Pandoer+0"), {}, "contract", id="RULES §4.3: Pandoer+0"),
    pytest.param(number(contract="Grand Slam"), {}, "contract", id="RULES §4.3: no such contract"),
    pytest.param(number(contract=True), {}, "contract", id="RULES §6: a boolean contract"),
    pytest.param(number(contract=None), {}, "contract", id="RULES §6: no contract"),
    pytest.param(number(declarer="X"), {}, "declarer", id="RULES §0: no seat X"),
    pytest.param(number(dealer="X"), {}, "dealer", id="RULES §0: no dealer X"),
    pytest.param(number(trump=None), {}, "trump", id="RULES §4.3: number contracts have trumps"),
    pytest.param(number(trump="X"), {}, "trump", id="RULES §0: no suit X"),
    pytest.param(tricks("Zwabber", ALL_N_E, **WITH_E), {}, "trump", id="RULES §4.3: Zwabber has no trumps"),
    pytest.param(number(partner=None), {}, "partner", id="RULES §4.3: a called-ace contract has a partner"),
    pytest.param(number(partner="N"), {}, "partner", id="RULES §4.3: the declarer is not her own partner"),
    pytest.param(tricks("Misère", "E E E E E E E E", partner="S"), {}, "partner",
                 id="RULES §4.3: a partner on a solo contract"),
    pytest.param(tricks("Privé", "N N N N N N N N", called_card="AS"), {}, "called_card",
                 id="RULES §4.3: a solo contract calls no card"),
    pytest.param(number(roem={"N": "AS KS QS"}), {}, "called_card",
                 id="RULES §4.3: calling an ace the declarer holds"),
    pytest.param(number(discard="AS"), {}, "called_card", id="RULES §4.3: calling the discarded ace"),
    pytest.param(number(called_card="JS"), {}, "called_card", id="RULES §4.3: a jack is never called"),
    pytest.param(number(called_card="KS", roem={"W": "AH KH QH"}), {}, "called_card",
                 id="RULES §4.3: a king only when the declarer holds every ace"),
    pytest.param(number(called_card="QS", roem={"S": "KH QH JH"}), {}, "called_card",
                 id="RULES §4.3: a queen only when the declarer holds every ace and king"),
    pytest.param(number(roem={"W": "AS KS QS"}), {}, "partner",
                 id="RULES §4.3: the holder of the called ace is the partner"),
    pytest.param(number(called_card="5S"), {}, "called_card", id="RULES §4.1: no fives"),
    pytest.param(number(team_card_points=142), {}, "team_card_points",
                 id="RULES §4.1: more card points than the 33 cards hold"),
    pytest.param(number(team_card_points=132, discard="10S"), {}, "team_card_points",
                 id="RULES §4.1: more than 141 minus the discarded ten"),
    pytest.param(number(team_card_points=122, discard="JH"), {}, "team_card_points",
                 id="RULES §4.1: more than 141 minus the discarded trump jack (20)"),
    pytest.param(number(team_card_points=-1), {}, "team_card_points", id="RULES §6: negative card points"),
    pytest.param(number(team_card_points="100"), {}, "team_card_points", id="RULES §6: card points as text"),
    pytest.param(number(team_card_points=None), {}, "team_card_points", id="RULES §6: no card points"),
    pytest.param(number(last_trick_team="N"), {}, "last_trick_team", id="RULES §6: declarer or opponents"),
    pytest.param(number(last_trick_team=None), {}, "last_trick_team", id="RULES §6: nobody took the last trick"),
    pytest.param(number(made=True), {}, "made", id="RULES §4.3: a number contract is decided by points"),
    pytest.param(number(tricks_won_by=ALL_N_E.split()), {}, "tricks_won_by",
                 id="RULES §4.3: no tricks list for a number contract"),
    pytest.param(tricks("Misère", "E E E E E E E E", team_card_points=0), {}, "team_card_points",
                 id="RULES §4.3: Misère is decided by tricks"),
    pytest.param(tricks("Misère", "E E E E E E E"), {}, "tricks_won_by", id="RULES §4.3: seven tricks"),
    pytest.param(tricks("Misère", "E E E E E E E X"), {}, "tricks_won_by", id="RULES §0: no seat X wins"),
    pytest.param(tricks("Misère", "E E E E E E E E", made=False), {}, "made",
                 id="RULES §6: the tricks and made disagree"),
    pytest.param({**tricks("Misère", "E"), "tricks_won_by": None}, {}, "made",
                 id="RULES §6: neither the tricks nor made"),
    pytest.param({**tricks("Misère", "E"), "tricks_won_by": None, "made": "yes"}, {}, "made",
                 id="RULES §6: made is a boolean"),
    pytest.param(tricks("Misère", "E E E E E E E E", roem={"N": "AS KS QS"}), {}, "roem.N",
                 id="RULES §4.2: no roem in Misère"),
    pytest.param(tricks("Misère", "E E E E E E E E", stuk="N"), {}, "stuk", id="RULES §4.2: no stuk in Misère"),
    pytest.param(number(roem={"N": "AH KH JH"}), {}, "roem.N", id="RULES §4.2: not a sequence"),
    pytest.param(number(roem={"N": "10S 10H 10D 10C"}), {}, "roem.N", id="RULES §4.2: four tens are nothing"),
    pytest.param(number(roem={"N": "AH KH QH", "E": "QH JH 10H"}), {}, "roem.E",
                 id="RULES §4.2: one card in two hands"),
    pytest.param(number(roem={"N": "AH KH QH; JH 10H 9H"}), {}, "roem.N", id="RULES §4.2: a run is never split"),
    pytest.param(number(roem={"N": "AD KD QD JD 10D 9D; QS QH QC"}), {}, "roem.N",
                 id="RULES §4.2: a three-card four"),
    pytest.param(number(roem={"N": "AD KD QD JD 10D 9D; JS JH JC"}, called_card="AC"), {}, "roem.N",
                 id="RULES §4.2: not a four without the fourth jack"),
    pytest.param(number(roem={"N": "AD KD QD JD 10D; AC KC QC; 8H 7H 6H"}, called_card="AS"), {}, "roem.N",
                 id="RULES §4.1: roem of 11 cards is more than a hand"),
    pytest.param(number(roem={"X": "AD KD QD"}), {}, "roem", id="RULES §0: roem of no seat"),
    pytest.param(number(roem=["AD KD QD"]), {}, "roem", id="RULES §6: roem not given per seat"),
    pytest.param(number(roem={"N": 12}), {}, "roem.N", id="RULES §6: roem not card codes"),
    pytest.param(number(roem={"N": "AD KD QD"}, discard="KD"), {}, "roem.N",
                 id="RULES §4.1: the discard is in nobody's hand"),
    pytest.param(number(stuk="N", roem={"W": "KH QH JH"}), {}, "stuk",
                 id="RULES §4.2: stuk is K + Q of trumps in one hand"),
    pytest.param(number(stuk="N", discard="QH", called_card="AD"), {}, "stuk",
                 id="RULES §4.2: the trump queen discarded, no stuk"),
    pytest.param(number(stuk="X"), {}, "stuk", id="RULES §0: stuk of no seat"),
    pytest.param(number(bidders="W"), {}, "bidders", id="RULES §6: bidders is a list"),
    pytest.param(number(bidders=["X"]), {}, "bidders", id="RULES §0: a bidder of no seat"),
    pytest.param(number(jas_holder="E"), {}, "jas_holder", id="RULES §4.3: only Kereltje asks for the jas"),
    pytest.param(tricks("Kereltje", ALL_N_E), {}, "jas_holder", id="RULES §4.3: Kereltje needs the jas holder"),
    pytest.param(tricks("Kereltje", ALL_N_E, jas_holder="E", discard="JH"), {}, "jas_holder",
                 id="RULES §7 item 26: a discarded jas has no holder"),
    pytest.param(tricks("Kereltje", ALL_N_E, jas_holder="E", partner="S"), {}, "partner",
                 id="RULES §4.3: Kereltje's partner is the jas holder"),
    pytest.param(tricks("Kereltje", ALL_N_E, jas_holder="N", partner="E"), {}, "partner",
                 id="RULES §7 item 13: own jas: a partner on a solo game"),
    pytest.param(tricks("Kereltje", "N N N N N N N N", jas_holder="N"), {"kereltje_own_jack": "forbidden"},
                 "jas_holder", id="RULES §4.4 kereltje_own_jack forbidden: holding the jas"),
    pytest.param(tricks("Kereltje", "N N N N N N N N", discard="JH"), {"kereltje_own_jack": "forbidden"},
                 "discard", id="RULES §4.4 kereltje_own_jack forbidden: discarding the jas"),
    pytest.param(number(discard="AS KS"), {}, "discard", id="RULES §6: one discard"),
    pytest.param(number(discard="6S"), {}, "discard", id="RULES §4.1: only the 6 of hearts"),
    pytest.param(number(discard=7), {}, "discard", id="RULES §6: a discard as a number"),
])
def test_bad_declarations_name_their_field(declarations, opts, field):
    assert refused(declarations, **opts).field == field


def test_read_deal_is_canonical_and_stable():
    raw = number(contract=" pandoer + 40 ", team_card_points=None, last_trick_team=None, made=True,
                 roem={"E": [["QC", "KC", "AC"]], "N": "jd qd kd ad"}, bidders=["W", "E"], stuk="E",
                 called_card="as")
    canonical = RULES.read_deal(raw, DEFAULTS)
    assert canonical == {"dealer": "W", "contract": "Pandoer+40", "declarer": "N", "partner": "E",
                         "called_card": "AS", "trump": "H", "discard": None, "team_card_points": None,
                         "last_trick_team": None,
                         "roem": {"N": [["AD", "KD", "QD", "JD"]], "E": [["AC", "KC", "QC"]], "S": [], "W": []},
                         "bidders": ["N", "E", "W"], "stuk": "E", "tricks_won_by": None, "made": True,
                         "jas_holder": None}
    assert RULES.read_deal(canonical, DEFAULTS) == canonical
    assert set(canonical) == set(pandoeren.KEYS)


def test_the_tricks_fill_made_and_kereltje_its_partner():
    canonical = RULES.read_deal(tricks("Kereltje", ALL_N_E, jas_holder="E"), DEFAULTS)
    assert (canonical["partner"], canonical["made"]) == ("E", True)
    alone = RULES.read_deal(tricks("Kereltje", ALL_N_E, jas_holder="N"), DEFAULTS)
    assert (alone["partner"], alone["made"]) == (None, False)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=True)
                    | st.text(max_size=5) | st.sampled_from(["N", "E", "H", "AS", "KH QH", "150", "Piccolo",
                                                             "Pandoer+40", "declarer", "JH"]),
                    lambda inner: (st.lists(inner, max_size=4)
                                   | st.dictionaries(st.text(max_size=4) | st.sampled_from(SEATS), inner,
                                                     max_size=4)),
                    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(junk=st.dictionaries(st.sampled_from(pandoeren.KEYS) | st.text(max_size=3), JSON, max_size=8) | JSON,
       opts=st.fixed_dictionaries({"piccolo_any_one_trick": st.booleans(),
                                   "kereltje_own_jack": st.sampled_from(["solo", "forbidden"])}))
def test_junk_only_ever_raises_rule_violation(junk, opts):
    try:
        RULES.score_deal(junk, options(**opts))
    except RuleViolation as err:
        assert err.field is None or isinstance(err.field, str)


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(pandoeren.KEYS), value=JSON,
       base=st.sampled_from([number(), tricks("Kereltje", ALL_N_E, jas_holder="E"),
                             tricks("Pandoer+20", ALL_N_E, **WITH_E), tricks("Zwabber", ALL_N_E, **NO_TRUMP,
                                                                              **WITH_E)]))
def test_one_bad_value_in_a_good_deal_only_raises_rule_violation(key, value, base):
    try:
        scored = RULES.score_deal({**base, key: value}, DEFAULTS)
    except RuleViolation as err:
        assert err.field is None or isinstance(err.field, str)
    else:
        assert sum(1 for points in scored.score.values() if points) in (1, 2)


# -- options and the match ---------------------------------------------------------------------

def test_every_option_of_rules_4_4_with_its_default():
    assert DEFAULTS == {"piccolo_any_one_trick": False, "kereltje_own_jack": "solo", "agreed_deals": 0,
                        "revoke_extra_penalty": True,  # RULES §8: the offender loses the value once more
                        "misdeal_passes_deal": False}  # the last: RULES §8, the same dealer deals again
    agreed = next(option for option in RULES.options if option.key == "agreed_deals")
    assert "house agreement" in agreed.help and "not a rule" in agreed.help


@pytest.mark.parametrize(("raw", "field"), [
    pytest.param({"kereltje_own_jack": "never"}, "options.kereltje_own_jack", id="RULES §4.4: solo or forbidden"),
    pytest.param({"agreed_deals": -1}, "options.agreed_deals", id="agreed_deals: not negative"),
    pytest.param({"target": 100}, "options.target", id="RULES §7 item 14: there is no target"),
])
def test_bad_options_are_named(raw, field):
    with pytest.raises(RuleViolation) as err:
        RULES.resolve_options(raw)
    assert err.value.field == field


DEALS = [number(), tricks("Misère", "E E S N N E S S", declarer="W"), number(declarer="S", partner="W",
                                                                                team_card_points=10)]


def test_the_sheet_runs_a_column_per_player_with_no_end():
    sheet = RULES.score_sheet(DEALS, DEFAULTS)
    assert [dict(row.totals) for row in sheet.rows] == [scores(-2, -2), scores(-2, -2, 0, 3),
                                                        scores(-2, -2, -2, 1)]
    assert sheet.result is None
    assert RULES.match_result({"N": 10_000, "E": 0, "S": 0, "W": 0}, DEFAULTS) is None


@pytest.mark.parametrize(("agreed", "winner", "draw"), [
    pytest.param(1, None, True, id="agreed_deals 1: S and W share the highest total, 0: a draw"),
    pytest.param(2, "W", False, id="agreed_deals 2: W has the highest total, 3"),
    pytest.param(3, "W", False, id="agreed_deals 3: W has the highest total, 1"),
    pytest.param(5, None, None, id="agreed_deals 5: not over yet"),
])
def test_agreed_deals_end_the_sheet(agreed, winner, draw):
    sheet = RULES.score_sheet(DEALS, options(agreed_deals=agreed))
    assert len(sheet.rows) == len(DEALS)
    if draw is None:
        assert sheet.result is None
    else:
        assert (sheet.result.winner, sheet.result.draw) == (winner, draw)
        assert sheet.result.lines[0].render().startswith(f"After the agreed {agreed} deals")


def test_game_end_with_agreed_deals():
    query = {"totals_before": scores(2, 2), "deal_score": scores(0, 0, 0, 3)}
    assert RULES.referee("game_end", query, DEFAULTS).answer["finished"] is False
    ended = RULES.referee("game_end", {**query, "deals_played": 2}, options(agreed_deals=2))
    assert ended.answer == {"totals": scores(2, 2, 0, 3), "finished": True, "winner": "W", "draw": False}
    going = RULES.referee("game_end", {**query, "deals_played": 1}, options(agreed_deals=2))
    assert going.answer["finished"] is False
    with pytest.raises(RuleViolation) as err:
        RULES.referee("game_end", {**query, "deals_played": "two"}, options(agreed_deals=2))
    assert err.value.field == "deals_played"


def test_seats_are_the_sides_and_the_deal_passes_left():
    assert RULES.sides == RULES.seats == SEATS
    assert [RULES.side_of(seat) for seat in SEATS] == list(SEATS)
    assert [RULES.next_dealer(seat, DEFAULTS) for seat in SEATS] == ["E", "S", "W", "N"]
