"""Shared Jass mechanics: card points, tricks, legal play and melds, each case citing RULES.md."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from scorekeeper.cards import DECK_32, DECK_33, Card, Rank, Suit, display_key, format_cards, parse_cards
from scorekeeper.errors import RuleViolation
from scorekeeper.games.base import Say
from scorekeeper.games.jass import (
    BELOTE, BELOTE_PLAY, BELOTE_THREE_PLAY, CARD_TOTAL, CONTREE_PLAY, KLABERJASS_PLAY, LAST_TRICK,
    PANDOEREN_PLAY, CardOrders, Contract, RankTable, belote_cards, belote_count, card_points, cards_points,
    explain_plays, legal_plays, trick_winner,
)
from scorekeeper.games.melds import (
    Meld, MeldKind, MeldVerdict, check_melds_consistent, compare_melds, compare_sequences_klaberjass,
    find_melds, klaberjass_sequence_value, meld_from_cards, meld_strength_key, meld_value, parse_melds,
)

CARDS_32 = sorted(DECK_32, key=display_key)
SUITS = st.sampled_from(list(Suit))
CONTRACTS = st.sampled_from(list(Contract))
STYLES = [BELOTE_PLAY, BELOTE_THREE_PLAY, CONTREE_PLAY, KLABERJASS_PLAY, PANDOEREN_PLAY,
          replace(BELOTE_PLAY, must_undertrump_partner=True), replace(CONTREE_PLAY, forced_undertrump=False)]
TEAM = {"N": "A", "S": "A", "E": "B", "W": "B"}
PLAY_ORDER = ("N", "E", "S", "W")
UNDERTRUMP_PARTNER = replace(BELOTE_PLAY, must_undertrump_partner=True)
SEATS = st.sampled_from(PLAY_ORDER)


def cards(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text))


# -- card points -------------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "trump", "contract", "points"), [
    pytest.param("JH", "H", "suit", 20, id="RULES §1.1: trump jack 20"),
    pytest.param("9H", "H", "suit", 14, id="RULES §1.1: trump nine 14"),
    pytest.param("AH", "H", "suit", 11, id="RULES §1.1: trump ace 11"),
    pytest.param("8H", "H", "suit", 0, id="RULES §1.1: trump eight 0"),
    pytest.param("JS", "H", "suit", 2, id="RULES §1.1: plain jack 2"),
    pytest.param("9S", "H", "suit", 0, id="RULES §1.1: plain nine 0"),
    pytest.param("10S", "H", "suit", 10, id="RULES §1.1: plain ten 10"),
    pytest.param("QS", "H", "suit", 3, id="RULES §1.1: plain queen 3"),
    pytest.param("JS", None, "sans_atout", 2, id="RULES §1.1: sans atout, jacks are plain"),
    pytest.param("9C", "H", "tout_atout", 14, id="RULES §1.1: tout atout, every nine is a trump nine"),
])
def test_card_points(card, trump, contract, points):
    assert card_points(card, trump, contract) == points


@given(trump=SUITS)
def test_card_points_of_a_suit_contract_total_152(trump):
    """RULES §1.1: trump 62 + 3 x 30 = 152, + 10 last trick = 162."""
    assert sum(card_points(card, trump) for card in DECK_32) == CARD_TOTAL[Contract.SUIT] == 152
    assert cards_points(DECK_32, trump) + LAST_TRICK == 162


@given(trump=st.none() | SUITS)
def test_card_points_of_sans_atout_and_tout_atout(trump):
    """RULES §1.1: sans atout 120, tout atout 248; the trump given is not used."""
    assert cards_points(DECK_32, trump, Contract.SANS_ATOUT) == CARD_TOTAL[Contract.SANS_ATOUT] == 120
    assert cards_points(DECK_32, trump, Contract.TOUT_ATOUT) == CARD_TOTAL[Contract.TOUT_ATOUT] == 248


@pytest.mark.parametrize(("call", "field"), [
    pytest.param(lambda: card_points("JH", None), "trump", id="a suit contract needs a trump"),
    pytest.param(lambda: card_points("JH", "X"), "trump", id="not a suit"),
    pytest.param(lambda: card_points("JH", "H", "misere"), "contract", id="not a contract"),
    pytest.param(lambda: card_points("6H", "H"), "card", id="RULES §1.1: no 6 in Belote"),
    pytest.param(lambda: cards_points("AH AH", "H"), "cards", id="a card twice"),
])
def test_card_points_refuses_bad_input(call, field):
    with pytest.raises(RuleViolation) as err:
        call()
    assert err.value.field == field


def test_constants():
    assert (LAST_TRICK, BELOTE) == (10, 20)
    assert format_cards(belote_cards(Suit.SPADES)) == "KS QS"


@pytest.mark.parametrize(("hand", "trump", "contract", "count"), [
    pytest.param("KH QH 7S", "H", "suit", 1, id="RULES §1.4: K+Q of trumps"),
    pytest.param("KH QS", "H", "suit", 0, id="RULES §1.4: K and Q of two suits"),
    pytest.param("KS QS KH QH", "H", "tout_atout", 2, id="RULES §1.4: tout atout, one belote per suit"),
    pytest.param("KS QS KH QH", None, "sans_atout", 0, id="RULES §1.4: no belote in sans atout"),
])
def test_belote_count(hand, trump, contract, count):
    assert belote_count(hand, trump, contract) == count


# -- trick winner ------------------------------------------------------------------------------

@pytest.mark.parametrize(("trick", "trump", "contract", "winner"), [
    pytest.param("AH 7S 10H JH", "S", "suit", 1, id="RULES §1.9: any trump beats the led suit"),
    pytest.param("9S JS AS 10S", "S", "suit", 1, id="RULES §1.1: the trump jack is the highest trump"),
    pytest.param("AS 9S", "S", "suit", 1, id="RULES §1.1: the trump nine beats the trump ace"),
    pytest.param("7H 8S 9S", "S", "suit", 2, id="RULES §1.9: highest trump of several"),
    pytest.param("JH AH KH", "S", "suit", 1, id="RULES §1.1: plain jack below the plain ace"),
    pytest.param("KH 10H", "C", "suit", 1, id="RULES §1.1: plain ten beats plain king"),
    pytest.param("9H AD AC AS", "H", "suit", 0, id="RULES §1.9: off-suit plain cards never win"),
    pytest.param("9H JH 7S AS", None, "sans_atout", 1, id="RULES §1.9: sans atout, highest of the led suit"),
    pytest.param("AH 9H JH KS", None, "tout_atout", 2,
                 id="RULES §1.9: tout atout, trump order within the led suit"),
    pytest.param("10H JS 9S AS", None, "tout_atout", 0,
                 id="RULES §1.9: tout atout, other suits are discards"),
    pytest.param("QH", "H", "suit", 0, id="a lone card wins"),
])
def test_trick_winner(trick, trump, contract, winner):
    assert trick_winner(trick, trump, contract) == winner


def test_card_orders_are_data():
    """RULES §4.1: Pandoeren passes its own tables (the ten below the queen; a 33rd card)."""
    order = tuple(Rank(code) for code in ["J", "9", "A", "K", "Q", "10", "8", "7", "6"])
    natural = tuple(Rank(code) for code in ["A", "K", "Q", "J", "10", "9", "8", "7", "6"])
    pandoeren = CardOrders(trump=RankTable(tuple(zip(order, (20, 14, 11, 3, 2, 10, 0, 0, 0), strict=True))),
                           plain=RankTable(tuple(zip(natural, (11, 3, 2, 1, 10, 0, 0, 0, 0), strict=True))),
                           meld_order=natural, four_values=((Rank.JACK, 200),), deck=DECK_33)
    assert trick_winner("10S QS", "H", orders=pandoeren) == 1
    assert trick_winner("10S QS", "H") == 0
    assert cards_points(DECK_33, "H", orders=pandoeren) == 141
    assert card_points("6H", "S", orders=pandoeren) == 0
    assert [meld.label for meld in find_melds("8H 7H 6H", orders=pandoeren)] == ["8♥ 7♥ 6♥"]


@pytest.mark.parametrize(("trick", "field"), [("", "trick"), ("AH AH", "trick"), ("AH 6S", "trick")])
def test_trick_winner_refuses_bad_tricks(trick, field):
    with pytest.raises(RuleViolation) as err:
        trick_winner(trick, "H")
    assert err.value.field == field


# -- legal play --------------------------------------------------------------------------------

def legal(hand, trick, trump="H", **kwargs) -> str:
    kwargs.setdefault("style", BELOTE_PLAY)
    return format_cards(legal_plays(hand, trick, trump, **kwargs))


@pytest.mark.parametrize(("hand", "trick", "kwargs", "expected"), [
    pytest.param("7H AS 7S", "", {}, "AS 7S 7H", id="RULES §1.9: leading, any card"),
    pytest.param("KH 7H AS", "QH", {}, "KH", id="RULES §1.9: trump led, you must overtrump"),
    pytest.param("JH 8H AS", "9H 7H", {"partner_winning": True}, "JH",
                 id="RULES §1.9: trump led, overtrump even over the partner"),
    pytest.param("9H 7H AS", "JH", {}, "9H 7H", id="RULES §1.9: trump led, no higher trump: any trump"),
    pytest.param("AS 7C", "JH", {}, "AS 7C", id="RULES §1.9: trump led, no trump: any card"),
    pytest.param("AS 7S 7H AC", "KS", {}, "AS 7S", id="RULES §1.9: plain led, follow suit, no need to head"),
    pytest.param("7H JH AC", "AS 7S", {"partner_winning": True}, "7H JH AC",
                 id="RULES §1.9: void, partner winning with a plain card: any card"),
    pytest.param("JH 7H AC", "KS 9H QS", {"partner_winning": True}, "JH AC",
                 id="RULES §1.9: void, partner wins with a trump, you hold a higher: no lower trump"),
    pytest.param("8H 7H AC", "KS JH QS", {"partner_winning": True}, "8H 7H AC",
                 id="RULES §1.9: void, partner wins with a trump, no higher trump: anything"),
    pytest.param("8H 7H AC", "KS JH QS", {"style": UNDERTRUMP_PARTNER}, "8H 7H",
                 id="RULES §1.9 option must_undertrump_partner: you must play a lower trump"),
    pytest.param("JH 7H AC", "KS 9H QS", {"style": UNDERTRUMP_PARTNER}, "JH AC",
                 id="RULES §1.9 option must_undertrump_partner: holding a higher trump, unchanged"),
    pytest.param("AD AC", "KS JH QS", {"style": UNDERTRUMP_PARTNER}, "AD AC",
                 id="RULES §1.9 option must_undertrump_partner: no trump, any card"),
    pytest.param("JH 7H AC", "KS 9H", {}, "JH", id="RULES §1.9: void, opponent trumped: overtrump"),
    pytest.param("8H 7H AC", "KS 9H", {}, "8H 7H", id="RULES §1.9: void, cannot overtrump: undertrump"),
    pytest.param("8H 7H AC", "KS 9H", {"style": replace(BELOTE_PLAY, forced_undertrump=False)}, "8H 7H AC",
                 id="RULES §1.9 with forced_undertrump off: any card"),
    pytest.param("7H 8H AC", "KS", {}, "8H 7H", id="RULES §1.9: void, no trump in the trick: any trump"),
    pytest.param("AC 7D", "KS 9H", {}, "AC 7D", id="RULES §1.9: void, no trump held: any card"),
    pytest.param("7S AC JH", "KS", {"trump": None, "contract": "sans_atout"}, "7S",
                 id="RULES §1.9: sans atout, follow suit"),
    pytest.param("AC JH", "KS", {"trump": None, "contract": "sans_atout"}, "JH AC",
                 id="RULES §1.9: sans atout, void: any card"),
    pytest.param("JS 10S AC", "9S", {"trump": None, "contract": "tout_atout"}, "JS",
                 id="RULES §1.9: tout atout, head within the led suit"),
    pytest.param("9S 10S AC", "JS", {"trump": None, "contract": "tout_atout"}, "10S 9S",
                 id="RULES §1.9: tout atout, cannot head: any card of the suit"),
    pytest.param("10S JS", "AS 7S", {"trump": None, "contract": "tout_atout", "partner_winning": True}, "JS",
                 id="RULES §1.9: tout atout, head even over the partner"),
    pytest.param("JH AC", "9S", {"trump": None, "contract": "tout_atout"}, "JH AC",
                 id="RULES §1.9: tout atout, void: any card (no trumping)"),
    pytest.param("9H 7H AC", "8S 10S", {"style": BELOTE_THREE_PLAY}, "9H 7H",
                 id="RULES §1.10: three players, no partner, void: trump"),
])
def test_belote_legal_play(hand, trick, kwargs, expected):
    assert legal(hand, trick, **kwargs) == format_cards(cards(expected))


@pytest.mark.parametrize(("hand", "trick", "kwargs", "expected"), [
    pytest.param("JH 8H AS", "9H 7H", {}, "JH", id="RULES §2.6: trump led, overtrump even over the partner"),
    pytest.param("9H 7H AS", "JH", {}, "9H 7H", id="RULES §2.6: trump led, else any trump"),
    pytest.param("AS 7S 7H", "KS", {}, "AS 7S", id="RULES §2.6: plain led, follow suit"),
    pytest.param("JH 7H AC", "KS 9H QS", {}, "JH 7H AC",
                 id="RULES §2.6: void, partner winning with a trump: any card, lower trump too"),
    pytest.param("JH 7H AC", "AS 8S", {}, "JH 7H AC",
                 id="RULES §2.6: void, partner winning with a plain card"),
    pytest.param("7H 8H AC", "KS", {}, "8H 7H", id="RULES §2.6: void, trick not trumped: any trump"),
    pytest.param("JH 7H AC", "KS 9H", {}, "JH", id="RULES §2.6: trick trumped: a higher trump"),
    pytest.param("8H 7H AC", "KS 9H", {}, "8H 7H", id="RULES §2.6: cannot overtrump: undertrump"),
    pytest.param("8H 7H AC", "KS 9H", {"style": replace(CONTREE_PLAY, forced_undertrump=False)}, "8H 7H AC",
                 id="RULES §2.4 forced_undertrump = false: cannot overtrump, any card"),
    pytest.param("JH 7H AC", "KS 9H", {"style": replace(CONTREE_PLAY, forced_undertrump=False)}, "JH",
                 id="RULES §2.4 forced_undertrump = false: overtrumping stays forced"),
])
def test_contree_legal_play(hand, trick, kwargs, expected):
    kwargs.setdefault("style", CONTREE_PLAY)
    assert legal(hand, trick, **kwargs) == format_cards(cards(expected))


@pytest.mark.parametrize(("hand", "trick", "expected"), [
    pytest.param("KH 7H AS", "QH", "KH", id="RULES §3.5: trump led, a higher trump"),
    pytest.param("8H 7H AS", "QH", "8H 7H", id="RULES §3.5: trump led, else any trump"),
    pytest.param("AS 7C", "QH", "AS 7C", id="RULES §3.5: trump led, else any card"),
    pytest.param("7S AS JH", "KS", "AS 7S", id="RULES §3.5: plain led, follow suit, no need to head"),
    pytest.param("7H JH AC", "AS", "JH 7H", id="RULES §3.5: void: you must trump, with any trump"),
    pytest.param("AC 7D", "AS", "AC 7D", id="RULES §3.5: void and no trump: any card"),
])
def test_klaberjass_legal_play(hand, trick, expected):
    assert legal(hand, trick, style=KLABERJASS_PLAY) == format_cards(cards(expected))


@pytest.mark.parametrize(("hand", "trick", "kwargs", "expected"), [
    pytest.param("KH 7H AS", "QH", {}, "KH 7H", id="RULES §4.5: trump led, any trump, no need to head"),
    pytest.param("7S 7H AC", "KS", {}, "7S 7H", id="RULES §4.5: plain led, follow or trump"),
    pytest.param("7H AC", "KS", {}, "7H AC", id="RULES §4.5: void, any card"),
    pytest.param("7S 8H", "KS 9H", {}, "7S", id="RULES §4.5: no undertrumping while able to follow"),
    pytest.param("8H AC", "KS 9H", {}, "AC", id="RULES §4.5: no undertrumping when a discard is possible"),
    pytest.param("8H 7H", "KS 9H", {}, "8H 7H", id="RULES §4.5: undertrump when nothing else is legal"),
    pytest.param("JH AS 7S", "QH", {}, "JH AS 7S", id="RULES §4.5: the jas is never forced"),
    pytest.param("JH 7S 8C", "KS", {}, "JH 7S", id="RULES §4.5: the jas is always allowed"),
    pytest.param("JH", "KS", {}, "JH", id="RULES §4.5: the jas alone"),
    pytest.param("JH 7S AC", "KS", {"trump": None, "contract": "sans_atout"}, "7S",
                 id="RULES §4.5: no trumps (Zwabber), follow suit"),
])
def test_pandoeren_legal_play(hand, trick, kwargs, expected):
    kwargs.setdefault("style", PANDOEREN_PLAY)
    assert legal(hand, trick, **kwargs) == format_cards(cards(expected))


@pytest.mark.parametrize(("hand", "trick", "trump", "kwargs", "template"), [
    pytest.param("7H AS", "KS", "H", {}, "%(suit)s was led and you hold %(suit)s: you must follow suit", id="follow"),
    pytest.param("JH 7H AS", "QH", "H", {}, "you must overtrump the %(card)s", id="overtrump"),
    pytest.param("JH 7H AC", "KS 9H QS", "H", {}, "your partner wins with the %(card)s and you hold a higher "
                 "trump: no lower trump", id="partner guard"),
])
def test_explain_plays_says_why(hand, trick, trump, kwargs, template):
    reasons = explain_plays(hand, trick, trump, style=BELOTE_PLAY, **kwargs)
    assert template in {reason.template for reason in reasons.values() if reason is not None}


def test_explain_plays_names_suits_and_cards():
    reasons = explain_plays("JH 7H AS", "QH", "H", style=BELOTE_PLAY)
    assert reasons[Card.parse("JH")] is None
    assert reasons[Card.parse("7H")].render() == "you must overtrump the Q♥"
    assert reasons[Card.parse("AS")].render() == "♥ was led and you hold ♥: you must follow suit"


@pytest.mark.parametrize(("hand", "trick", "kwargs", "field"), [
    pytest.param("", "", {}, "hand", id="an empty hand"),
    pytest.param("AH 6S", "", {}, "hand", id="a card outside the deck"),
    pytest.param("AH AH", "", {}, "hand", id="a card twice in the hand"),
    pytest.param("AH", "KS 7S 8S 9S", {}, "trick_so_far", id="a trick of four before you"),
    pytest.param("AH", "KS KS", {}, "trick_so_far", id="a card twice in the trick"),
    pytest.param("AH", "AH", {}, "hand", id="a card in the hand and in the trick"),
    pytest.param("AH", "KS 7S", {"style": KLABERJASS_PLAY}, "trick_so_far", id="RULES §3.1: two players"),
    pytest.param("AH", "KS", {"partner_winning": True}, "partner_winning",
                 id="the partner has not played yet"),
    pytest.param("AH", "KS AS", {"partner_winning": True}, "partner_winning",
                 id="the partner is not winning"),
    pytest.param("AH", "AS KS", {"partner_winning": False}, "partner_winning", id="the partner is winning"),
    pytest.param("AH", "KS", {"partner_winning": True, "style": KLABERJASS_PLAY}, "partner_winning",
                 id="RULES §3.1: no partner in Klaberjass"),
    pytest.param("AH", "KS", {"trump": None}, "trump", id="a suit contract needs a trump"),
    pytest.param("AH", "KS", {"contract": "grand"}, "contract", id="an unknown contract"),
])
def test_legal_plays_refuses_bad_input(hand, trick, kwargs, field):
    trump = kwargs.pop("trump", "H")
    kwargs.setdefault("style", BELOTE_PLAY)
    with pytest.raises(RuleViolation) as err:
        legal_plays(hand, trick, trump, **kwargs)
    assert err.value.field == field


def test_partner_winning_is_ignored_while_the_trick_is_empty():
    assert legal_plays("AH 7S", "", "H", partner_winning=True, style=BELOTE_PLAY) == cards("AH 7S")
    assert legal_plays("AH 7S", "", "H", partner_winning=True, style=KLABERJASS_PLAY) == cards("AH 7S")


def test_play_style_takes_option_flags():
    style = BELOTE_PLAY.with_options({"must_undertrump_partner": True, "target": 1000, "players": 2})
    assert style == replace(BELOTE_PLAY, must_undertrump_partner=True)
    assert CONTREE_PLAY.with_options({"forced_undertrump": False}).forced_undertrump is False


@st.composite
def spots(draw):
    deal = draw(st.permutations(CARDS_32))
    style = draw(st.sampled_from(STYLES))
    size, before = draw(st.integers(1, 8)), draw(st.integers(0, style.players - 1))
    contract = draw(CONTRACTS)
    return deal[:size], deal[size:size + before], draw(SUITS), contract, style


@given(spots())
def test_legal_plays_properties(spot):
    """Never empty, always within the hand, one entry per card, following when able."""
    hand, trick, trump, contract, style = spot
    reasons = explain_plays(hand, trick, trump, contract=contract, style=style)
    allowed = legal_plays(hand, trick, trump, contract=contract, style=style)
    assert set(reasons) == set(hand)
    assert allowed and allowed <= set(hand)
    assert allowed == {card for card, reason in reasons.items() if reason is None}
    for reason in reasons.values():
        assert reason is None or (isinstance(reason, Say) and reason.render())
    if trick and style is not PANDOEREN_PLAY:
        led = trick[0].suit
        if any(card.suit == led for card in hand):
            assert all(card.suit == led for card in allowed)


@given(st.permutations(CARDS_32), st.integers(1, 8), st.integers(2, 3), SUITS, CONTRACTS,
       st.sampled_from([style for style in STYLES if style.partners]))
def test_the_derived_partner_flag_is_accepted_when_stated(deal, size, before, trump, contract, style):
    hand, trick = deal[:size], deal[size:size + before]
    winning = trick_winner(trick, trump, contract) == len(trick) - 2
    stated = legal_plays(hand, trick, trump, contract=contract, style=style, partner_winning=winning)
    assert stated == legal_plays(hand, trick, trump, contract=contract, style=style)


# -- melds: validation and detection -----------------------------------------------------------

@pytest.mark.parametrize(("text", "kind", "value"), [
    pytest.param("AH KH QH", "sequence", 20, id="RULES §1.2: tierce 20"),
    pytest.param("10S JS 9S 8S", "sequence", 50, id="RULES §1.2: cinquante 50"),
    pytest.param("KD QD JD 10D 9D", "sequence", 100, id="RULES §1.2: cent 100"),
    pytest.param("AC KC QC JC 10C 9C", "sequence", 100, id="RULES §1.2: a run of 6 counts 100"),
    pytest.param("AC KC QC JC 10C 9C 8C 7C", "sequence", 100, id="RULES §1.2: a run of 8 counts 100"),
    pytest.param("JS JH JD JC", "four", 200, id="RULES §1.2: four jacks 200"),
    pytest.param("9S 9H 9D 9C", "four", 150, id="RULES §1.2: four nines 150"),
    pytest.param("AS AH AD AC", "four", 100, id="RULES §1.2: four aces 100"),
    pytest.param("10S 10H 10D 10C", "four", 100, id="RULES §1.2: four tens 100"),
    pytest.param("QS QH QD QC", "four", 100, id="RULES §1.2: four queens 100"),
])
def test_meld_from_cards(text, kind, value):
    meld = meld_from_cards(text, seat="N", field="melds")
    assert (meld.kind, meld.value, meld.seat, meld.cards) == (kind, value, "N", cards(text))


@pytest.mark.parametrize(("text", "message"), [
    pytest.param("AH KH JH", "AH KH JH is not a sequence: QH is missing", id="RULES §1.2: a gap"),
    pytest.param("AH KH 10H", "AH KH 10H is not a sequence: QH JH are missing", id="RULES §1.2: two missing"),
    pytest.param("AH KH QS", "QS AH KH is not a sequence: the cards are not all of one suit",
                 id="RULES §1.2: one suit"),
    pytest.param("AH KH", "“AH KH” is not a meld: a sequence needs at least 3 cards",
                 id="RULES §1.2: 3 or more"),
    pytest.param("8S 8H 8D 8C", "8S 8H 8D 8C is not a meld: four 8 score nothing",
                 id="RULES §1.2: four eights are refused"),
    pytest.param("7S 7H 7D 7C", "7S 7H 7D 7C is not a meld: four 7 score nothing",
                 id="RULES §1.2: four sevens are refused"),
    pytest.param("JS JH JD", "JS JH JD is not a meld: a four needs all four J", id="three of a kind"),
    pytest.param("8H 7H 6H", "6H is not a card of this game", id="RULES §1.1: no 6"),
    pytest.param("AH KH AH", "AH is listed twice", id="a card twice"),
])
def test_meld_from_cards_refuses(text, message):
    with pytest.raises(RuleViolation) as err:
        meld_from_cards(text, field="melds")
    assert (str(err.value), err.value.field) == (message, "melds")


def test_a_meld_read_again_is_the_same_whoever_declares_it_and_a_refusal_names_its_field_each_time():
    """A meld's reading is kept per list of codes (a re-score reads the same melds again): the seat
    is the declarer's each time, and a refused meld is refused again under the field it came in."""
    assert meld_from_cards(["AH", "KH", "QH"], seat="N").seat == "N"
    again = meld_from_cards(["AH", "KH", "QH"], seat="E")
    assert (again.seat, again.codes, again.value) == ("E", ("AH", "KH", "QH"), 20)
    for field in ("melds", "melds_S"):
        with pytest.raises(RuleViolation) as err:
            meld_from_cards(["AH", "KH", "JH"], field=field)
        assert err.value.field == field
    with pytest.raises(RuleViolation) as err:  # junk that cannot be kept is refused all the same
        meld_from_cards([["AH"], "KH", "QH"], field="melds")
    assert err.value.field == "melds"


def test_meld_properties():
    meld = meld_from_cards(["9D", "JD", "10D", "KD", "QD", "8D"])
    assert (meld.length, meld.top, meld.suit) == (6, Rank.KING, Suit.DIAMONDS)
    assert meld.label == "K♦ Q♦ J♦ 10♦ 9♦ 8♦"
    four = meld_from_cards("9S 9H 9D 9C")
    assert (four.length, four.top, four.suit) == (4, Rank.NINE, None)


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("AH KH QH; JS JH JD JC", ["A♥ K♥ Q♥", "J♠ J♥ J♦ J♣"], id="melds separated by ;"),
    pytest.param("AH KH QH\nJS JH JD JC\n", ["A♥ K♥ Q♥", "J♠ J♥ J♦ J♣"], id="melds on lines"),
    pytest.param([["AH", "KH", "QH"], "JS JH JD JC"], ["A♥ K♥ Q♥", "J♠ J♥ J♦ J♣"], id="a list of card lists"),
    pytest.param("AD KD QD; 10D 9D 8D", ["A♦ K♦ Q♦", "10♦ 9♦ 8♦"], id="RULES §1.2: two runs with a gap"),
    pytest.param("", [], id="no melds"),
    pytest.param([meld_from_cards("AH KH QH", seat="N")], ["A♥ K♥ Q♥"], id="melds given again take this seat"),
])
def test_parse_melds(text, expected):
    melds = parse_melds(text, seat="E", field="melds")
    assert [meld.label for meld in melds] == expected
    assert {meld.seat for meld in melds} <= {"E"}


@pytest.mark.parametrize(("text", "reuse", "message"), [
    pytest.param("AH KH QH; JH 10H 9H", True, "A♥ K♥ Q♥ and J♥ 10♥ 9♥ are one run: a run is never split",
                 id="RULES §1.2: a run is never split"),
    pytest.param("AH KH QH; KH QH JH", True, "A♥ K♥ Q♥ and K♥ Q♥ J♥ are one run: a run is never split",
                 id="RULES §1.2: overlapping runs"),
    pytest.param("AH KH QH; QH KH AH", True, "A♥ K♥ Q♥ is declared twice", id="the same meld twice"),
    pytest.param("AH KH QH; AS AH AD AC", False, "AH may serve in only one meld",
                 id="RULES §1.6 meld_card_reuse = false"),
])
def test_parse_melds_refuses(text, reuse, message):
    with pytest.raises(RuleViolation) as err:
        parse_melds(text, seat="N", field="melds.N", reuse=reuse)
    assert (str(err.value), err.value.field) == (message, "melds.N")


def test_a_card_in_a_four_and_a_sequence_by_default():
    """RULES §1.2 [AMBIGUOUS-1]: meld_card_reuse = true."""
    assert len(parse_melds("AH KH QH; AS AH AD AC", seat="N", field="melds")) == 2


def test_an_unknown_sa_four_values_is_refused():
    with pytest.raises(RuleViolation) as err:
        meld_value(meld_from_cards("AH KH QH"), Contract.SANS_ATOUT, "britannica")
    assert err.value.field == "options.sa_four_values"


def test_check_melds_consistent_refuses_a_card_of_two_seats():
    melds = [meld_from_cards("AH KH QH", seat="N"), meld_from_cards("QH JH 10H", seat="E")]
    with pytest.raises(RuleViolation) as err:
        check_melds_consistent(melds)
    assert (err.value.field, err.value.params["card"]) == ("melds", "QH")


@pytest.mark.parametrize(("hand", "kwargs", "expected"), [
    pytest.param("AD KD QD 10D 9D 8D JS JH", {}, ["A♦ K♦ Q♦", "10♦ 9♦ 8♦"],
                 id="RULES §1.2: a gap makes two melds"),
    pytest.param("AC KC QC JC 10C 9C 7S 7H", {}, ["A♣ K♣ Q♣ J♣ 10♣ 9♣"],
                 id="RULES §1.2: a 6-run is one meld"),
    pytest.param("8S 8H 8D 8C 7S 7H 7D 7C", {}, [], id="RULES §1.2: fours of 8 and 7 are nothing"),
    pytest.param("AH KH QH JH 10H AS AD AC", {}, ["A♠ A♥ A♦ A♣", "A♥ K♥ Q♥ J♥ 10♥"],
                 id="RULES §1.2 [AMBIGUOUS-1]: with reuse, the ace is in both"),
    pytest.param("AH KH QH JH 10H AS AD AC", {"reuse": False}, ["A♠ A♥ A♦ A♣", "K♥ Q♥ J♥ 10♥"],
                 id="RULES §7 item 22: most points (four aces and a cinquante, 150)"),
    pytest.param("AH KH QH JH 10H QS QD QC", {"reuse": False}, ["A♥ K♥ Q♥ J♥ 10♥"],
                 id="RULES §7 item 22: equal points, the run covers more cards"),
    pytest.param("JS JH JD JC 9S 9H 9D 9C", {}, ["J♠ J♥ J♦ J♣", "9♠ 9♥ 9♦ 9♣"], id="RULES §1.2: two fours"),
    pytest.param("9S 9H 9D 9C 7S", {"contract": "sans_atout", "sa_four_values": "parlett"}, [],
                 id="RULES §1.6 sa_four_values = parlett: four nines are nothing in sans atout"),
    pytest.param("9S 9H 9D 9C", {"contract": "suit", "trump": "H", "sa_four_values": "parlett"},
                 ["9♠ 9♥ 9♦ 9♣"], id="RULES §1.6 sa_four_values = parlett: only in sans atout"),
    pytest.param("", {}, [], id="an empty hand"),
])
def test_find_melds(hand, kwargs, expected):
    assert [meld.label for meld in find_melds(hand, **kwargs)] == expected


def test_find_melds_gives_the_seat():
    assert {meld.seat for meld in find_melds("AH KH QH", seat="W")} == {"W"}


# -- comparing melds ---------------------------------------------------------------------------

def verdict(*declared: tuple[str, str], trump="H", contract="suit", play_order=PLAY_ORDER,
            **kwargs) -> MeldVerdict:
    melds = [meld_from_cards(text, seat=seat) for seat, text in declared]
    return compare_melds(melds, trump=trump, contract=contract, play_order=play_order, side_of=TEAM.get,
                         **kwargs)


@pytest.mark.parametrize(("north", "east", "kwargs", "winner", "why"), [
    pytest.param("KS KH KD KC", "QD JD 10D 9D 8D", {}, "A", "a four beats any sequence",
                 id="RULES §1.3 step 1: four kings (100) beat a 5-run (100)"),
    pytest.param("9S 9H 9D 9C", "JS JH JD JC", {}, "B", "(200) beats the four 9♠ 9♥ 9♦ 9♣ (150)",
                 id="RULES §1.3 step 2: four jacks beat four nines"),
    pytest.param("10S 10H 10D 10C", "AS AH AD AC", {}, "B", "aces > tens > kings > queens",
                 id="RULES §1.3 step 3: aces beat tens"),
    pytest.param("KS KH KD KC", "QS QH QD QC", {}, "A", "aces > tens > kings > queens",
                 id="RULES §1.3 step 3: kings beat queens"),
    pytest.param("AS KS QS", "10D 9D 8D 7D", {}, "B", "the longer wins",
                 id="RULES §1.3 step 4: a cinquante beats a tierce"),
    pytest.param("KC QC JC 10C 9C 8C", "AD KD QD JD 10D", {}, "B", "the higher top card wins",
                 id="RULES §1.3 step 5: a 6-run headed by K loses to a 5-run headed by A"),
    pytest.param("KS QS JS", "QD JD 10D", {}, "A", "the higher top card wins",
                 id="RULES §1.3 step 5: higher top card wins"),
    pytest.param("KS QS JS", "KH QH JH", {}, "B", "the trump one wins",
                 id="RULES §1.3 step 6: equal tierces to the king; the trump one wins"),
    pytest.param("KS QS JS", "KD QD JD", {}, "A", "N plays first",
                 id="RULES §1.3 step 7: equal plain tierces, N plays first"),
    pytest.param("KS QS JS", "KD QD JD", {"play_order": ("E", "S", "W", "N")}, "B", "E plays first",
                 id="RULES §1.3 step 7: the first from the dealer's left wins"),
    pytest.param("KS QS JS", "KH QH JH", {"trump": None, "contract": "tout_atout"}, "A", "N plays first",
                 id="RULES §1.3: tout atout, step 6 never separates"),
    pytest.param("KS QS JS", "KH QH JH", {"play_order": ("W", "N", "E", "S"), "trump": None,
                                          "contract": "sans_atout"}, "A", "N plays first",
                 id="RULES §1.3: sans atout, step 7 decides"),
    pytest.param("JS JH JD JC", "AS AH AD AC", {"trump": None, "contract": "sans_atout",
                                                "sa_four_values": "parlett"}, "B", "(200) beats",
                 id="RULES §1.6 sa_four_values = parlett: four aces 200 in sans atout"),
])
def test_compare_melds_steps(north, east, kwargs, winner, why):
    result = verdict(("N", north), ("E", east), **kwargs)
    assert result.winner_side == winner
    assert why in result.reason[0].render()


def test_the_winning_side_scores_all_melds_of_both_players():
    """RULES §1.3: the best meld makes its team score all its melds; the other none."""
    result = verdict(("N", "AS KS QS"), ("S", "JD JH JS JC"), ("S", "8C 9C 10C"), ("E", "10H 9H 8H 7H"))
    assert (result.winner_side, result.best.label) == ("A", "J♠ J♥ J♦ J♣")
    assert dict(result.counted) == {"A": 240, "B": 0}
    assert result.reason[-1].render() == "A scores all its melds: 240"


def test_compare_melds_without_melds():
    result = verdict()
    assert (result.winner_side, result.best, dict(result.counted)) == (None, None, {"A": 0, "B": 0})
    assert result.reason[0].render() == "nobody declared a meld"


def test_compare_melds_with_one_side_only():
    result = verdict(("W", "AS KS QS"))
    assert (result.winner_side, dict(result.counted)) == ("B", {"A": 0, "B": 20})
    assert result.reason[0].render() == "only B declared melds; the best is A♠ K♠ Q♠"


@pytest.mark.parametrize(("declared", "kwargs"), [
    pytest.param([("X", "AS KS QS")], {}, id="a seat not at the table"),
    pytest.param([("N", "AS KS QS"), ("E", "QS JS 10S")], {}, id="one card in two seats' melds"),
    pytest.param([("N", "AS KS QS"), ("N", "AS AH AD AC")], {"reuse": False},
                 id="RULES §1.6 meld_card_reuse"),
])
def test_compare_melds_refuses(declared, kwargs):
    with pytest.raises(RuleViolation) as err:
        verdict(*declared, **kwargs)
    assert err.value.field == "melds"


@st.composite
def melds(draw, seats=SEATS):
    if draw(st.booleans()):
        rank = draw(st.sampled_from([Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN]))
        hand = [Card(rank, suit) for suit in Suit]
    else:
        suit, length = draw(SUITS), draw(st.integers(3, 8))
        start = draw(st.integers(0, 8 - length))
        hand = [Card(rank, suit) for rank in list(Rank)[start:start + length]]
    return meld_from_cards(hand, seat=draw(seats))


def compatible(declared: list[Meld]) -> bool:
    try:
        check_melds_consistent(declared)
    except RuleViolation:
        return False
    return True


@st.composite
def meld_sets(draw, seats=SEATS, max_size=5):
    """Melds that may be declared together: each drawn meld is kept if it fits the others."""
    kept: list[Meld] = []
    for meld in draw(st.lists(melds(seats), max_size=3 * max_size)):
        if len(kept) < max_size and meld not in kept and compatible([*kept, meld]):
            kept.append(meld)
    return kept


TABLES = st.fixed_dictionaries({"trump": st.none() | SUITS, "contract": CONTRACTS,
                                "sa_four_values": st.sampled_from(["standard", "parlett"]),
                                "play_order": st.permutations(PLAY_ORDER)})


def judge(declared, table, *, checked=False) -> MeldVerdict:
    trump = table["trump"] if table["contract"] == "suit" and table["trump"] else None
    contract = table["contract"] if trump or table["contract"] != "suit" else "sans_atout"
    return compare_melds(declared, trump=trump, contract=contract, play_order=table["play_order"],
                         side_of=TEAM.get, sa_four_values=table["sa_four_values"], checked=checked)


@given(meld_sets(), TABLES, st.randoms(use_true_random=False))
def test_compare_melds_does_not_depend_on_the_order_of_melds(declared, table, random):
    shuffled = list(declared)
    random.shuffle(shuffled)
    assert judge(shuffled, table) == judge(declared, table)


@given(meld_sets(), TABLES)
def test_compare_melds_of_checked_melds_answers_the_same(declared, table):
    """A deal's read checks its melds together (RULES §1.2); its comparison does not check them
    again, and answers as the comparison that checks them."""
    assert judge(declared, table, checked=True) == judge(declared, table)


@given(meld_sets(max_size=2), TABLES)
def test_compare_melds_is_antisymmetric(pair, table):
    assume(len(pair) == 2)
    first, second = pair
    winner = judge([first, second], table).best
    assert winner == judge([second, first], table).best
    assert winner in (first, second)


@given(meld_sets(max_size=3), TABLES)
def test_compare_melds_is_a_total_order(three, table):
    """Transitive: if a beats b and b beats c then a beats c; the best beats each other."""
    assume(len(three) == 3)
    best = judge(three, table).best
    for other in three:
        if other != best:
            assert judge([best, other], table).best == best
    for a, b, c in permutations(three):
        if judge([a, b], table).best == a and judge([b, c], table).best == b:
            assert judge([a, c], table).best == a


def test_meld_strength_orders_the_rules_examples():
    """RULES §1.3 examples: 6-run to K < 5-run to A < four kings."""
    six_k, five_a, four_k = (meld_from_cards(text) for text in ("KC QC JC 10C 9C 8C", "AD KD QD JD 10D",
                                                                  "KS KH KD KC"))
    strengths = [*map(meld_strength_key("H"), (six_k, five_a, four_k))]
    assert strengths == sorted(strengths)
    assert meld_value(four_k) == meld_value(five_a) == meld_value(six_k) == 100


# -- Klaberjass sequences ----------------------------------------------------------------------

def klaberjass(*declared: tuple[str, str], trump="H", by_length=False) -> MeldVerdict:
    melds = [meld_from_cards(text, seat=seat) for seat, text in declared]
    return compare_sequences_klaberjass(melds, trump=trump, players=("P1", "P2"), by_length=by_length)


@pytest.mark.parametrize(("p1", "p2", "by_length", "winner"), [
    pytest.param("QS JS 10S 9S", "AD KD QD", False, "P1", id="RULES §3.2: the 50 class beats the 20 class"),
    pytest.param("AS KS QS JS", "KD QD JD 10D 9D", False, "P1",
                 id="RULES §3.2 [AMBIGUOUS-10]: 4-run and 5-run are both 50, the top card decides"),
    pytest.param("AS KS QS JS", "KD QD JD 10D 9D", True, "P2",
                 id="RULES §3.3 sequence_compare_by_length: the longer wins inside the 50 class"),
    pytest.param("KS QS JS", "QD JD 10D", False, "P1", id="RULES §3.2: the higher top card"),
    pytest.param("KS QS JS", "KH QH JH", False, "P2", id="RULES §3.2: then the trump suit"),
    pytest.param("KS QS JS", "KD QD JD", False, None, id="RULES §3.2: still equal, neither scores"),
])
def test_klaberjass_sequences(p1, p2, by_length, winner):
    result = klaberjass(("P1", p1), ("P2", p2), by_length=by_length)
    assert result.winner_side == winner
    if winner is None:
        assert dict(result.counted) == {"P1": 0, "P2": 0}
        assert "neither player scores" in result.reason[0].render()


def test_klaberjass_winner_scores_all_his_sequences():
    """RULES §3.2: 3 cards 20, 4 or more 50 (5 is still 50)."""
    result = klaberjass(("P1", "AS KS QS JS 10S"), ("P1", "9D 8D 7D"), ("P2", "KH QH JH"))
    assert dict(result.counted) == {"P1": 70, "P2": 0}
    assert klaberjass_sequence_value(meld_from_cards("AH KH QH JH 10H 9H")) == 50
    assert klaberjass().winner_side is None


def test_klaberjass_has_no_fours():
    with pytest.raises(RuleViolation) as err:
        klaberjass(("P1", "JS JH JD JC"))
    assert err.value.field == "sequences"


@given(meld_sets(seats=st.sampled_from(("P1", "P2"))), SUITS, st.booleans(),
       st.randoms(use_true_random=False))
def test_klaberjass_comparison_does_not_depend_on_order(declared, trump, by_length, random):
    declared = [meld for meld in declared if meld.kind is MeldKind.SEQUENCE]
    shuffled = list(declared)
    random.shuffle(shuffled)
    assert (compare_sequences_klaberjass(shuffled, trump=trump, players=("P1", "P2"), by_length=by_length)
            == compare_sequences_klaberjass(declared, trump=trump, players=("P1", "P2"), by_length=by_length))
