"""Classic Belote referee questions (RULES.md §1.2, §1.3, §1.9, §1.10); melds typed as the table says them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import format_cards
from scorekeeper.errors import RuleViolation
from scorekeeper.games import belote
from scorekeeper.games.belote.text import parse_meld_text

RULES = belote.RULES


def options(**changes):
    return RULES.resolve_options(changes)


def ask(kind, opts=None, **query):
    return RULES.referee(kind, query, options(**(opts or {})))


SA, TA = {"sans_atout": True}, {"tout_atout": True}


# -- legal play (RULES §1.9, §1.10) -------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "trick", "trump", "contract", "partner", "opts", "legal"), [
    pytest.param("7H AD KS", "", "H", "suit", None, {}, {"7H", "AD", "KS"},
                 id="RULES §1.9: leading: any card"),
    pytest.param("JH 7H AS", "9H AH", "H", "suit", None, {}, {"JH"},
                 id="RULES §1.9: trump led: a higher trump"),
    pytest.param("JH 7H AS", "9H 8H", "H", "suit", True, {}, {"JH"},
                 id="RULES §1.9: trump led: overtrump even the partner"),
    pytest.param("7H 8H AS", "JH 9H", "H", "suit", None, {}, {"7H", "8H"},
                 id="RULES §1.9: trump led, no higher trump: any trump"),
    pytest.param("AS KD", "JH", "H", "suit", None, {}, {"AS", "KD"},
                 id="RULES §1.9: trump led, no trump: any card"),
    pytest.param("7S AS 7H", "KS 10S", "H", "suit", None, {}, {"7S", "AS"},
                 id="RULES §1.9: plain suit led: follow, no need to head"),
    pytest.param("7H AD", "AS KS", "H", "suit", True, {}, {"7H", "AD"},
                 id="RULES §1.9: void, partner winning: any card"),
    pytest.param("JH 7H AD", "KS 9H 7S", "H", "suit", True, {}, {"JH", "AD"},
                 id="RULES §1.9: partner wins with a trump, you hold a higher one: no lower trump"),
    pytest.param("8H 7H AD", "KS 9H 7S", "H", "suit", True, {}, {"8H", "7H", "AD"},
                 id="RULES §1.9: partner wins with a trump, no higher trump: anything"),
    pytest.param("8H 7H AD", "KS 9H 7S", "H", "suit", True, {"must_undertrump_partner": True}, {"8H", "7H"},
                 id="RULES §1.9 must_undertrump_partner: a lower trump, no discard"),
    pytest.param("JH 7H AD", "KS 9H 7S", "H", "suit", True, {"must_undertrump_partner": True}, {"JH", "AD"},
                 id="RULES §1.9 must_undertrump_partner: holding a higher trump, as usual"),
    pytest.param("JH 7H AD", "KS 9H", "H", "suit", False, {}, {"JH"},
                 id="RULES §1.9: opponent trumped: overtrump"),
    pytest.param("7H AD", "KS 9H", "H", "suit", False, {}, {"7H"},
                 id="RULES §1.9: cannot overtrump: undertrump"),
    pytest.param("7H AD", "KS AS", "H", "suit", False, {}, {"7H"},
                 id="RULES §1.9: no trump in the trick: trump"),
    pytest.param("AD 7C", "KS AS", "H", "suit", False, {}, {"AD", "7C"},
                 id="RULES §1.9: no trump held: any card"),
    pytest.param("7S AD JH", "KS", None, "sans_atout", None, SA, {"7S"},
                 id="RULES §1.9 sans atout: follow suit"),
    pytest.param("AD JH", "KS", None, "sans_atout", None, SA, {"AD", "JH"},
                 id="RULES §1.9 sans atout: void: any"),
    pytest.param("9S 7S AD", "AS", None, "tout_atout", None, TA, {"9S"},
                 id="RULES §1.9 tout atout: head the suit led in trump order (9 beats A)"),
    pytest.param("8S 7S AD", "AS", None, "tout_atout", None, TA, {"8S", "7S"},
                 id="RULES §1.9 tout atout: cannot head: any card of the suit"),
    pytest.param("JH AD", "AS", None, "tout_atout", None, TA, {"JH", "AD"},
                 id="RULES §1.9 tout atout: void: a discard, other suits are no trumps"),
])
def test_legal_play(hand, trick, trump, contract, partner, opts, legal):
    ruling = ask("legal_play", opts, hand=hand, trick_so_far=trick, trump=trump, contract=contract,
                 partner_winning=partner)
    assert set(ruling.answer["legal"]) == legal and ruling.lines


def test_legal_play_explains_itself():
    ruling = belote.legal_play("JH 7H AD", "KS 9H 7S", "H", partner_winning=True)
    assert [line.render() for line in ruling.lines] == [
        "Playable: J♥ A♦", "your partner wins with the 9♥ and you hold a higher trump: no lower trump"]
    refused = ruling.answer.pop("refused")
    assert ruling.answer == {"legal": ["JH", "AD"], "partner_winning": True}
    assert {card: why.render() for card, why in refused.items()} == {
        "7H": "your partner wins with the 9♥ and you hold a higher trump: no lower trump"}


@pytest.mark.parametrize(("hand", "trick", "legal"), [
    pytest.param("JH 7H AD", "KS 9H", {"JH"}, id="RULES §1.10: no partner exception: overtrump"),
    pytest.param("7H AD", "KS AS", {"7H"}, id="RULES §1.10: void: trump"),
])
def test_legal_play_for_three(hand, trick, legal):
    ruling = ask("legal_play", {"players": 3}, hand=hand, trick_so_far=trick, trump="H")
    assert set(ruling.answer["legal"]) == legal and "partner_winning" not in ruling.answer


@pytest.mark.parametrize(("query", "opts", "field"), [
    pytest.param({"hand": "7H", "trick_so_far": "KS 9H 7S AS", "trump": "H"}, {}, "trick_so_far",
                 id="a full trick"),
    pytest.param({"hand": "7H", "trick_so_far": "KS 9H 7S", "trump": "H"}, {"players": 3}, "trick_so_far",
                 id="RULES §1.10: three cards make a full trick"),
    pytest.param({"hand": "7H", "trick_so_far": "KS", "trump": "X"}, {}, "trump", id="no such trump"),
    pytest.param({"hand": "7H", "trick_so_far": "KS"}, {}, "trump", id="a suit contract needs its trump"),
    pytest.param({"hand": "7H 6H", "trick_so_far": "KS", "trump": "H"}, {}, "hand",
                 id="RULES §1.1: no sixes"),
    pytest.param({"hand": "AS KS QS JS 10S 9S 8S 7S AH", "trump": "H"}, {}, "hand", id="RULES §1.1: 8 cards"),
    pytest.param({"hand": "7H", "trick_so_far": "KS 7H", "trump": "H"}, {}, "hand",
                 id="a card in hand and trick"),
    pytest.param({"hand": "7H AD", "trick_so_far": "KS AS", "trump": "H", "partner_winning": True}, {},
                 "partner_winning", id="partner_winning stated wrong"),
    pytest.param({"hand": "7H", "trick_so_far": "KS", "trump": "H", "partner_winning": "yes"}, {},
                 "partner_winning", id="partner_winning not a boolean"),
    pytest.param({"hand": "7H AD", "trick_so_far": "KS AS", "trump": "H", "partner_winning": True},
                 {"players": 3}, "partner_winning", id="RULES §1.10: no partners"),
    pytest.param({"hand": "7H", "contract": "sans_atout"}, {}, "contract",
                 id="RULES §1.6: sans atout not allowed"),
    pytest.param({"hand": "7H", "contract": "sans_atout", "trump": "H"}, SA, "trump",
                 id="sans atout has no trump"),
    pytest.param({"hand": "7H", "trump": "H", "colour": "red"}, {}, "colour", id="unknown question field"),
    pytest.param({"trump": "H"}, {}, "hand", id="no hand"),
])
def test_legal_play_errors_name_their_field(query, opts, field):
    with pytest.raises(RuleViolation) as err:
        ask("legal_play", opts, **query)
    assert err.value.field == field


# -- trick winner ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("trick", "trump", "contract", "opts", "winner"), [
    pytest.param("AS 7H 10S JS", "H", "suit", {}, 1, id="RULES §1.9: a trump wins"),
    pytest.param("AS 7H 10S JH", "H", "suit", {}, 3, id="RULES §1.9: the highest trump wins"),
    pytest.param("10D AD JD 9S", "H", "suit", {}, 1, id="RULES §1.9: the highest of the suit led"),
    pytest.param("9H AH JS", None, "sans_atout", SA, 1, id="RULES §1.1 sans atout: A beats 9, J is plain"),
    pytest.param("AH 9H JS", None, "tout_atout", TA, 1,
                 id="RULES §1.1 tout atout: 9 beats A; J♠ is a discard"),
    pytest.param("KS 9H 7S", "H", "suit", {"players": 3}, 1, id="RULES §1.10: a trick of three"),
])
def test_trick_winner(trick, trump, contract, opts, winner):
    ruling = ask("trick_winner", opts, trick=trick, trump=trump, contract=contract)
    assert ruling.answer["winner_index"] == winner and ruling.lines


@pytest.mark.parametrize(("query", "opts", "field"), [
    pytest.param({"trick": "", "trump": "H"}, {}, "trick", id="an empty trick"),
    pytest.param({"trick": {"AS": 1}, "trump": "H"}, {}, "trick", id="not a list"),
    pytest.param({"trick": "AS KS QS JS", "trump": "H"}, {"players": 3}, "trick",
                 id="RULES §1.10: four cards"),
])
def test_trick_winner_errors_name_their_field(query, opts, field):
    with pytest.raises(RuleViolation) as err:
        ask("trick_winner", opts, **query)
    assert err.value.field == field


# -- melds in a hand (RULES §1.2) -------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "query", "opts", "melds", "belotes"), [
    pytest.param("AD KD QD 10D 9D 8D JS JH", {}, {}, [(["AD", "KD", "QD"], 20), (["10D", "9D", "8D"], 20)], 0,
                 id="RULES §1.2 example: A-K-Q and 10-9-8 of diamonds are two melds, 20 + 20"),
    pytest.param("AD KD QD JD 10D 9D 8D 7D", {"trump": "D"}, {},
                 [(["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D"], 100)],
                 1, id="RULES §1.2: a run of 8 is one cent, never split; K+Q of trumps is a belote"),
    pytest.param("JS JH JD JC KH QH 7S 8S", {"trump": "H"}, {},
                 [(["JS", "JH", "JD", "JC"], 200), (["KH", "QH", "JH"], 20)], 1,
                 id="RULES §1.2, §7 item 1: J♥ in the four and the tierce; the belote's K and Q too"),
    pytest.param("JS JH JD JC KH QH 7S 8S", {"trump": "H"}, {"meld_card_reuse": False},
                 [(["JS", "JH", "JD", "JC"], 200)], 1,
                 id="RULES §1.6 meld_card_reuse off: the split worth most (§7 item 22)"),
    pytest.param("8S 8H 8D 8C 7S 7H 7D 7C", {}, {}, [], 0,
                 id="RULES §1.2: four eights and four sevens: nothing"),
    pytest.param("AS AH AD AC JS JH JD JC", {"contract": "sans_atout"}, {**SA, "sa_four_values": "parlett"},
                 [(["AS", "AH", "AD", "AC"], 200), (["JS", "JH", "JD", "JC"], 100)], 0,
                 id="RULES §1.6 sa_four_values parlett: aces 200, jacks 100 in sans atout"),
    pytest.param("KS QS KH QH KD QD 7C 8C", {"contract": "tout_atout"}, TA, [], 3,
                 id="RULES §1.4: tout atout: three belotes"),
    pytest.param("KS QS AS JH", {"contract": "sans_atout"}, SA, [(["AS", "KS", "QS"], 20)], 0,
                 id="RULES §1.4: no belote in sans atout"),
    pytest.param("AS KS QS 7H", {}, {"no_melds": True}, [], 0, id="RULES §1.6 no_melds: none to declare"),
])
def test_melds_in_a_hand(hand, query, opts, melds, belotes):
    ruling = ask("melds", opts, hand=hand, **query)
    assert [(meld["cards"], meld["value"]) for meld in ruling.answer["melds"]] == melds
    assert ruling.answer["belotes"] == belotes and ruling.answer["belote"] is (belotes > 0)
    assert ruling.answer["meld_points"] == sum(v for _, v in melds)
    assert ruling.lines


# -- meld comparison (RULES §1.3) -----------------------------------------------------------------

@pytest.mark.parametrize(("melds", "query", "winner", "reason"), [
    pytest.param({"N": "KS QS JS 10S 9S 8S", "E": "cent AD"}, {"trump": "H", "dealer": "W"}, "B",
                 "the sequence A♦ K♦ Q♦ J♦ 10♦ beats K♠ Q♠ J♠ 10♠ 9♠ 8♠: the higher top card wins",
                 id="RULES §1.3 example: a 6-run to the K loses to a 5-run to the A"),
    pytest.param({"N": "four K", "E": "QD JD 10D 9D 8D"}, {"trump": "H", "dealer": "W"}, "A",
                 "the four K♠ K♥ K♦ K♣ (100) beats the sequence Q♦ J♦ 10♦ 9♦ 8♦: a four beats any sequence",
                 id="RULES §1.3 example: a four of kings beats a 5-run"),
    pytest.param({"N": "four A", "E": "four J"}, {"trump": "H", "dealer": "W"}, "B",
                 "the four J♠ J♥ J♦ J♣ (200) beats the four A♠ A♥ A♦ A♣ (100)",
                 id="RULES §1.3 step 2: jacks beat aces"),
    pytest.param({"S": "tierce AC", "W": "tierce AD"}, {"trump": "D", "dealer": "N"}, "B",
                 "A♦ K♦ Q♦ and A♣ K♣ Q♣ are equal sequences to the A; the trump one wins",
                 id="RULES §1.3 step 6: the trump sequence"),
    pytest.param({"S": "tierce AC", "W": "tierce AD"}, {"trump": "H", "dealer": "N"}, "A",
                 "A♣ K♣ Q♣ and A♦ K♦ Q♦ are equal; S plays first",
                 id="RULES §1.3 step 7: E, S, W, N after N deals"),
    pytest.param([{"seat": "S", "cards": ["AC", "KC", "QC"]}, {"seat": "W", "cards": "tierce AD"}],
                 {"trump": "H", "play_order": ["W", "N", "E", "S"]}, "B",
                 "A♦ K♦ Q♦ and A♣ K♣ Q♣ are equal; W plays first", id="RULES §0: play_order given"),
])
def test_meld_compare(melds, query, winner, reason):
    ruling = ask("meld_compare", melds=melds, **query)
    assert ruling.answer["meld_winner"] == winner
    assert ruling.lines[0].render() == reason


def test_meld_compare_among_three_players():
    ruling = ask("meld_compare", {"players": 3}, melds={"P1": "tierce AS", "P3": "tierce AD; tierce 10C"},
                 trump="H", dealer="P1")
    assert ruling.answer == {"meld_winner": "P3", "counted_melds": {"P1": 0, "P2": 0, "P3": 40},
                             "play_order": ["P2", "P3", "P1"]}


@pytest.mark.parametrize(("query", "field"), [
    pytest.param({"melds": {"N": "tierce AS", "E": "tierce AD"}, "trump": "H"}, "dealer",
                 id="RULES §0: who is first?"),
    pytest.param({"melds": {"N": "tierce AS"}, "trump": "H", "dealer": "X"}, "dealer", id="no seat X"),
    pytest.param({"melds": {"N": "tierce AS"}, "trump": "H", "dealer": "N",
                  "play_order": ["N", "E", "S", "W"]},
                 "play_order", id="RULES §0: N deals, so N plays last"),
    pytest.param({"melds": {"Q": "tierce AS"}, "trump": "H"}, "melds", id="no seat Q"),
    pytest.param({"melds": "tierce AS", "trump": "H"}, "melds", id="melds need their seats"),
])
def test_meld_compare_errors_name_their_field(query, field):
    with pytest.raises(RuleViolation) as err:
        ask("meld_compare", **query)
    assert err.value.field == field


def test_only_the_known_questions_are_answered():
    assert RULES.referee_kinds == ("legal_play", "trick_winner", "melds", "meld_compare", "count", "claim", "game_end")
    with pytest.raises(RuleViolation) as err:
        ask("redeal_check", hand="AS")
    assert err.value.field == "kind"


# -- melds as the table says them -------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("AH KH QH; JS JH JD JC", ["AH KH QH", "JS JH JD JC"], id="card codes, ; between melds"),
    pytest.param("ah,kh,qh\n9s 9h 9d 9c", ["AH KH QH", "9S 9H 9D 9C"], id="commas, a new line"),
    pytest.param("tierce KH", ["KH QH JH"], id="RULES §1.2: a tierce headed by the K of hearts"),
    pytest.param("cinquante AS", ["AS KS QS JS"], id="RULES §1.2: cinquante, 4 cards"),
    pytest.param("quarte 10c", ["10C 9C 8C 7C"], id="quarte: 4 cards"),
    pytest.param("cent AD", ["AD KD QD JD 10D"], id="RULES §1.2: cent, 5 cards headed by the A"),
    pytest.param("quinte to the K♦", ["KD QD JD 10D 9D"], id="quinte, words and a suit symbol"),
    pytest.param("four J", ["JS JH JD JC"], id="four J"),
    pytest.param("carré J", ["JS JH JD JC"], id="carré J"),
    pytest.param("4J + 4x9", ["JS JH JD JC", "9S 9H 9D 9C"], id="4J and 4x9"),
    pytest.param("four of tens and carre de rois", ["10S 10H 10D 10C", "KS KH KD KC"], id="rank words"),
    pytest.param("four 9s", ["9S 9H 9D 9C"], id="four 9s means nines, not the 9 of spades"),
    pytest.param("AS KS QS four A", ["AS KS QS", "AS AH AD AC"], id="a name starts a new meld"),
    pytest.param("", [], id="nothing"),
])
def test_melds_typed_as_the_table_says_them(text, expected):
    assert [format_cards(cards) for cards in parse_meld_text(text)] == [format_cards(parse_meld_text(e)[0])
                                                                          for e in expected]


@pytest.mark.parametrize("text", [
    pytest.param("tierce", id="a name needs its card"),
    pytest.param("tierce 8S", id="no tierce below the 7"),
    pytest.param("four X", id="not a rank"),
    pytest.param("pair AS", id="not a meld name"),
    pytest.param("AS AS KS", id="a card twice"),
    pytest.param("cent JOKER", id="no joker"),
])
def test_typed_melds_that_cannot_be_read(text):
    with pytest.raises(RuleViolation) as err:
        parse_meld_text(text, field="melds_N")
    assert err.value.field == "melds_N"


@settings(max_examples=300, deadline=None)
@given(text=st.lists(st.sampled_from([*"AKQJT10987SHDC;,+ 4x♥", "tierce ", "four ", "cent ", "and ", "de "]),
                    max_size=12).map("".join))
def test_typed_melds_never_raise_anything_but_rule_violation(text):
    try:
        parse_meld_text(text, field="melds")
    except RuleViolation as err:
        assert err.field == "melds"


JUNK = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=6)
                    | st.sampled_from(["H", "AH KH QH", "sans_atout", "tout_atout", "N", "four J", "KS 9H"]),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
                        ["N", "E", "seat", "cards"]), inner, max_size=3), max_leaves=8)
QUESTIONS = {"legal_play": ("hand", "trick_so_far", "trump", "contract", "partner_winning"),
             "trick_winner": ("trick", "trump", "contract"), "melds": ("hand", "trump", "contract"),
             "meld_compare": ("melds", "trump", "contract", "dealer", "play_order"),
             "game_end": ("totals_before", "deal_score")}


@settings(max_examples=300, deadline=None)
@given(data=st.data(), kind=st.sampled_from(sorted(QUESTIONS)), players=st.sampled_from([3, 4]))
def test_junk_questions_only_ever_raise_rule_violation(data, kind, players):
    query = data.draw(st.fixed_dictionaries({}, optional={key: JUNK for key in QUESTIONS[kind]}))
    try:
        ruling = RULES.referee(kind, query, options(players=players, sans_atout=True, tout_atout=True))
    except RuleViolation as err:
        assert err.field is None or isinstance(err.field, str)
    else:
        assert all(line.render() for line in ruling.lines)
