"""Pandoeren's referee questions (RULES.md §4.2-§4.5, §6 query kinds), each case citing the rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import DECK_33, display_key
from scorekeeper.errors import RuleViolation
from scorekeeper.games import pandoeren

RULES = pandoeren.RULES
DEFAULTS = RULES.resolve_options()
DECK = [str(card) for card in sorted(DECK_33, key=display_key)]


def ask(kind, **query):
    return RULES.referee(kind, query, DEFAULTS)


def ask_with(opts, kind, **query):
    return RULES.referee(kind, query, RULES.resolve_options(opts))


def test_the_referee_kinds():
    assert set(RULES.referee_kinds) == {"legal_play", "trick_winner", "melds", "meld_compare", "count", "claim", "bid_compare",
                                        "partner_call", "running_totals", "game_end"}


@pytest.mark.parametrize(("query", "legal"), [
    pytest.param({"hand": "KH 7H AS", "trick_so_far": "QH", "trump": "H"}, {"KH", "7H"},
                 id="RULES §4.5: trump led: a trump, no need to head"),
    pytest.param({"hand": "AS 7C", "trick_so_far": "QH", "trump": "H"}, {"AS", "7C"},
                 id="RULES §4.5: trump led, none held: any card"),
    pytest.param({"hand": "7S 7H AC", "trick_so_far": "KS", "trump": "H"}, {"7S", "7H"},
                 id="RULES §4.5: trumping while able to follow"),
    pytest.param({"hand": "7H AC", "trick_so_far": "KS", "trump": "H"}, {"7H", "AC"},
                 id="RULES §4.5: void: a trump or a discard"),
    pytest.param({"hand": "7S 8H", "trick_so_far": "KS 9H", "trump": "H"}, {"7S"},
                 id="RULES §4.5: no undertrumping while able to follow"),
    pytest.param({"hand": "8H AC", "trick_so_far": "KS 9H", "trump": "H"}, {"AC"},
                 id="RULES §4.5: no undertrumping while a discard is possible"),
    pytest.param({"hand": "8H 7H", "trick_so_far": "KS 9H", "trump": "H"}, {"8H", "7H"},
                 id="RULES §4.5: undertrumping when nothing else is legal"),
    pytest.param({"hand": "JH AS 7S", "trick_so_far": "QH", "trump": "H"}, {"JH", "AS", "7S"},
                 id="RULES §4.5, §7 item 18: the jas is never forced"),
    pytest.param({"hand": "JH 7S 8C", "trick_so_far": "KS", "trump": "H"}, {"JH", "7S"},
                 id="RULES §4.5: the jas is always allowed"),
    pytest.param({"hand": "JH", "trick_so_far": "KS", "trump": "H"}, {"JH"},
                 id="RULES §4.5: the jas alone on the last trick"),
    pytest.param({"hand": "JH 7S AC", "trick_so_far": "KS", "contract": "Zwabber"}, {"7S"},
                 id="RULES §4.5: no trumps: follow suit"),
    pytest.param({"hand": "JH AC", "trick_so_far": "KS", "contract": "Solo-Zwabber"}, {"JH", "AC"},
                 id="RULES §4.5: no trumps, void: any card"),
    pytest.param({"hand": "6H 7S", "trick_so_far": ["8H"], "trump": "S", "contract": "150"}, {"6H", "7S"},
                 id="RULES §4.1: the 6 of hearts follows hearts"),
    pytest.param({"hand": "6H 7S", "trump": "S"}, {"6H", "7S"}, id="RULES §4.5: leading: any card"),
])
def test_legal_play(query, legal):
    ruling = ask("legal_play", **query)
    assert set(ruling.answer["legal"]) == legal
    assert all(line.render() for line in ruling.lines)


def test_legal_play_says_why():
    lines = [line.render() for line in ask("legal_play", hand="8H AC", trick_so_far="KS 9H", trump="H").lines]
    assert lines == ["Playable: A♣", "no trump lower than the 9♥ while you have another card to play"]
    jas = [line.render() for line in ask("legal_play", hand="JH 7S 8C", trick_so_far="KS", trump="H").lines]
    assert "The J♥ (the jas) is never forced and always allowed" in jas


@pytest.mark.parametrize(("query", "winner"), [
    pytest.param({"trick": "10S QS 7S AH", "trump": "H"}, 3, id="RULES §4.5: the highest trump"),
    pytest.param({"trick": "10S QS JS 9S", "trump": "H"}, 1, id="RULES §4.1: the plain ten below Q and J"),
    pytest.param({"trick": "AH 9H 10H JH", "trump": "H"}, 3, id="RULES §4.1: the trump jack highest"),
    pytest.param({"trick": "KH 10H", "trump": "H"}, 0, id="RULES §4.1: the trump ten below the king"),
    pytest.param({"trick": "10S QS JH", "contract": "Solo-Zwabber"}, 1, id="RULES §4.5: no trumps"),
    pytest.param({"trick": "8H 6H", "trump": "S"}, 0, id="RULES §4.1: the 6 of hearts is the lowest"),
])
def test_trick_winner(query, winner):
    ruling = ask("trick_winner", **query)
    assert ruling.answer["winner_index"] == winner and ruling.lines


@pytest.mark.parametrize(("hand", "trump", "points", "stuk"), [
    pytest.param("AH KH QH QS QD QC 7C 8D", "H", 120, True,
                 id="RULES §4.2, §7 item 12: four queens and a sequence sharing the Q♥; stuk"),
    pytest.param("AH KH QH JH 10H 9H 8H 7H 6H", None, 160, None, id="RULES §4.2: 9 hearts count as 8"),
    pytest.param("AH KH 9H QS JD 10C 7C 8D 7S", "S", 0, False, id="RULES §4.2: no roem"),
    pytest.param("JS JH JD JC 8H 7H 6H 9C", "C", 220, False, id="RULES §4.2: four jacks and 8 7 6 of hearts"),
])
def test_melds(hand, trump, points, stuk):
    ruling = ask("melds", hand=hand, **({"trump": trump} if trump else {}))
    assert (ruling.answer["roem_points"], ruling.answer["stuk"]) == (points, stuk)
    assert sum(roem["points"] for roem in ruling.answer["roem"]) == points
    assert ruling.lines


@pytest.mark.parametrize(("query", "valid", "denier"), [
    pytest.param({"roem": {"N": "AH KH QH JH", "W": "10S 9S 8S"}, "declarer": "N", "partner": "E",
                  "bidders": ["W"]}, True, "W", id="RULES §4.2: N's roem beats the bidder's"),
    pytest.param({"roem": {"N": "AH KH QH", "W": "10S 9S 8S 7S"}, "declarer": "N", "bidders": ["W"]}, False, "W",
                 id="RULES §4.2: W bid and denies"),
    pytest.param({"roem": {"N": "AH KH QH", "W": "10S 9S 8S 7S"}, "declarer": "N"}, True, None,
                 id="RULES §4.2: nobody else bid: nobody may deny"),
])
def test_meld_compare(query, valid, denier):
    ruling = ask("meld_compare", **query)
    assert (ruling.answer["valid"], ruling.answer["denier"]) == (valid, denier)


@pytest.mark.parametrize(("query", "answer"), [
    pytest.param({"first": "Misère", "second": "140"}, {"higher": "Misère", "first_is_higher": True},
                 id="RULES §4.3: a later row"),
    pytest.param({"first": "150", "second": "160"}, {"higher": "160", "first_is_higher": False},
                 id="RULES §4.3: a lower number"),
    pytest.param({"first": "Pandoer+20", "second": "pandoer + 20"}, {"higher": None, "first_is_higher": False},
                 id="RULES §4.3: the same contract is not higher"),
    pytest.param({"first": "150", "bids_so_far": ["120", "Misère"]}, {"first_is_higher": True, "highest_so_far": "Misère"},
                 id="RULES §4.3: over every bid so far"),
    pytest.param({"first": "Piccolo", "bids_so_far": ["120", "Misère"]},
                 {"first_is_higher": False, "highest_so_far": "Misère"}, id="RULES §4.3: under Misère"),
    pytest.param({"first": "120", "bids_so_far": []}, {"first_is_higher": True, "highest_so_far": None},
                 id="RULES §4.3: the opening bid"),
])
def test_bid_compare(query, answer):
    ruling = ask("bid_compare", **query)
    assert ruling.answer == answer and ruling.lines


def test_bid_compare_says_why():
    assert ask("bid_compare", first="Piccolo", second="Misère").lines[0].render() == \
        "Piccolo is lower than Misère: it comes earlier in the bidding order"


@pytest.mark.parametrize(("query", "opts", "answer"), [
    pytest.param({"hand": "AS AH 7C 8C 9C 10C JC QD", "called": "AD"}, {},
                 {"must_call_rank": "A", "callable": ["AD", "AC"], "valid": True},
                 id="RULES §4.3: call an ace she does not hold"),
    pytest.param({"hand": "AS AH 7C 8C 9C 10C JC QD", "called": "AS"}, {},
                 {"must_call_rank": "A", "callable": ["AD", "AC"], "valid": False},
                 id="RULES §4.3: not an ace she holds"),
    pytest.param({"hand": "AS AH 7C 8C 9C 10C JC QD", "discard": "AD", "called": "AD"}, {},
                 {"must_call_rank": "A", "callable": ["AC"], "valid": False},
                 id="RULES §4.3: not an ace she discarded"),
    pytest.param({"hand": "AS AH AD 7C 8C 9C 10C JC", "discard": "AC"}, {},
                 {"must_call_rank": "K", "callable": ["KS", "KH", "KD", "KC"], "valid": None},
                 id="RULES §4.3: four aces held and discarded: a king"),
    pytest.param({"hand": "AS AH AD AC KS KH KD KC 7H", "called": "KS"}, {},
                 {"must_call_rank": "Q", "callable": ["QS", "QH", "QD", "QC"], "valid": False},
                 id="RULES §4.3: every ace and king: a queen"),
    pytest.param({"hand": "AS AH 7C 8C 9C 10C JC QD", "contract": "Misère", "called": "AD"}, {},
                 {"must_call_rank": None, "callable": [], "valid": False},
                 id="RULES §4.3: a solo contract calls nobody"),
    pytest.param({"hand": "JC AH 7C 8C 9C 10C AS QD", "contract": "Kereltje", "trump": "C"}, {},
                 {"must_call_rank": None, "callable": [], "valid": None},
                 id="RULES §7 item 13: Kereltje with her own jack: alone"),
    pytest.param({"hand": "JC AH 7C 8C 9C 10C AS QD", "contract": "Kereltje", "trump": "C"},
                 {"kereltje_own_jack": "forbidden"}, {"must_call_rank": None, "callable": [], "valid": None},
                 id="RULES §4.4 kereltje_own_jack forbidden"),
])
def test_partner_call(query, opts, answer):
    ruling = ask_with(opts, "partner_call", **query)
    assert ruling.answer == answer and ruling.lines


def test_partner_call_says_the_house_rule():
    query = {"hand": "JC AH 7C 8C 9C 10C AS QD", "contract": "Kereltje", "trump": "C"}
    assert ask("partner_call", **query).lines[-1].render() == "She holds the J♣: she plays alone"
    assert ask_with({"kereltje_own_jack": "forbidden"}, "partner_call", **query).lines[-1].render() == \
        "By the house rule, the holder of the J♣ may not bid Kereltje"


def test_running_totals():
    """RULES.md §6: running_totals takes totals_before and deal_scores, answers totals."""
    deals = [{"N": 2, "E": 2, "S": 0, "W": 0}, {"N": 0, "E": 0, "S": -3, "W": 0}, {"N": 0, "E": 0, "S": 0, "W": 10}]
    ruling = ask("running_totals", deal_scores=deals)
    assert ruling.answer["after_each_deal"] == [{"N": 2, "E": 2, "S": 0, "W": 0}, {"N": 2, "E": 2, "S": -3, "W": 0},
                                                {"N": 2, "E": 2, "S": -3, "W": 10}]
    assert ruling.answer["totals"] == {"N": 2, "E": 2, "S": -3, "W": 10}
    before = {"N": 5, "E": -1, "S": 0, "W": 3}
    assert ask("running_totals", deal_scores=deals, totals_before=before).answer["totals"] == \
        {"N": 7, "E": 1, "S": -3, "W": 13}
    assert ruling.answer["finished"] is False
    agreed = ask_with({"agreed_deals": 2}, "running_totals", deal_scores=deals).answer
    assert (agreed["finished"], agreed["winner"], agreed["draw"]) == (True, None, True)


@pytest.mark.parametrize(("kind", "query", "field"), [
    pytest.param("legal_play", {"hand": "7H", "trick_so_far": "KS 9H 7S AS", "trump": "H"}, "trick_so_far",
                 id="a full trick"),
    pytest.param("legal_play", {"hand": "7H 6S", "trump": "H"}, "hand", id="RULES §4.1: no 6 of spades"),
    pytest.param("legal_play", {"hand": "7H"}, "trump", id="neither a trump nor a contract"),
    pytest.param("legal_play", {"hand": "7H", "trump": "H", "contract": "Zwabber"}, "trump",
                 id="RULES §4.3: Zwabber has no trumps"),
    pytest.param("legal_play", {"hand": "7H", "trump": "H", "partner_winning": True}, "partner_winning",
                 id="RULES §4.5: there is no partner question"),
    pytest.param("legal_play", {"hand": {"7H": 1}, "trump": "H"}, "hand", id="a hand that is no list"),
    pytest.param("trick_winner", {"trick": "", "trump": "H"}, "trick", id="an empty trick"),
    pytest.param("trick_winner", {"trick": "AS", "contract": "Grand"}, "contract", id="no such contract"),
    pytest.param("melds", {"hand": "AS KS QS"}, "hand", id="RULES §4.1: a hand of 8 or 9"),
    pytest.param("melds", {"hand": DECK[:10]}, "hand", id="RULES §4.1: ten cards"),
    pytest.param("meld_compare", {"roem": {"N": "AS KS JS"}, "declarer": "N"}, "roem.N", id="not a roem"),
    pytest.param("meld_compare", {"roem": {}, "declarer": "X"}, "declarer", id="no seat X"),
    pytest.param("meld_compare", {"roem": {}, "declarer": "N", "partner": "N"}, "partner",
                 id="her own partner"),
    pytest.param("meld_compare", {"roem": {}, "declarer": "N", "bidders": "W"}, "bidders", id="bidders a list"),
    pytest.param("bid_compare", {"first": "125", "second": "130"}, "first", id="RULES §4.3: not in tens"),
    pytest.param("bid_compare", {"first": "130", "second": "Pandoer+30"}, "second", id="RULES §4.3: not in twenties"),
    pytest.param("bid_compare", {"first": "130"}, "second", id="compared with nothing"),
    pytest.param("bid_compare", {"first": "130", "bids_so_far": "120"}, "bids_so_far", id="bids so far a list"),
    pytest.param("partner_call", {"hand": DECK[:10]}, "hand", id="RULES §4.1: more than 9 cards"),
    pytest.param("partner_call", {"hand": DECK[:8], "discard": "AS KS"}, "discard", id="one discard"),
    pytest.param("partner_call", {"hand": DECK[:8], "contract": "Kereltje"}, "trump", id="Kereltje's trump"),
    pytest.param("running_totals", {"deal_scores": [{"N": 1}]}, "deal_scores", id="every seat's score"),
    pytest.param("running_totals", {"deal_scores": {"N": 1}}, "deal_scores", id="a list of deals"),
    pytest.param("running_totals", {"deal_scores": [], "totals_before": {"N": 1}}, "totals_before",
                 id="every seat's total before"),
    pytest.param("redeal_check", {"hand": DECK[:8]}, "kind", id="RULES §6: not a Pandoeren question"),
])
def test_referee_errors_name_their_field(kind, query, field):
    with pytest.raises(RuleViolation) as err:
        RULES.referee(kind, query, DEFAULTS)
    assert err.value.field == field


JUNK = st.recursive(st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=6)
                    | st.sampled_from(["AS", "JH 7S", "H", "N", "Zwabber", "150", "KS 9H"]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("NESWX"), inner,
                                                                                  max_size=4), max_leaves=10)
FIELDS = ("hand", "trick_so_far", "trump", "contract", "trick", "roem", "declarer", "partner", "bidders", "first",
          "second", "bids_so_far", "discard", "called", "deal_scores", "totals_before")


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(RULES.referee_kinds), query=st.dictionaries(st.sampled_from(FIELDS), JUNK))
def test_referee_junk_only_ever_raises_rule_violation(kind, query):
    try:
        ruling = RULES.referee(kind, query, DEFAULTS)
    except RuleViolation as err:
        assert err.field is None or isinstance(err.field, str)
    else:
        assert all(line.render() for line in ruling.lines)


@pytest.mark.parametrize(("contract", "objective"), [
    pytest.param("Stil Praatje", "her hand shown as she leads to the first trick",
                 id="RULES §7 item 31: Stil Praatje exposes only the declarer's hand"),
    pytest.param("Praatje", "every hand shown from the first lead",
                 id="RULES §7 item 31: Praatje exposes all four"),
])
def test_which_hands_are_exposed(contract, objective):
    said = [line.render() for line in RULES.score_deal(
        {"contract": contract, "declarer": "N", "trump": "H", "tricks_won_by": ["E"] * 8}, DEFAULTS).lines]
    assert any(objective in line for line in said), said
