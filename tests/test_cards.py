"""Cards: codes in and out (RULES.md §0) and the decks of the five games."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cards import (
    DECK_32, DECK_33, DECK_52, DECK_53, JOKER, SUIT_SYMBOLS, Card, Rank, Suit, display_key, format_cards,
    parse_cards, sort_cards,
)
from scorekeeper.errors import RuleViolation

ALL_CARDS = sorted(DECK_53, key=display_key)


@pytest.mark.parametrize(("code", "rank", "suit"), [
    pytest.param("JH", Rank.JACK, Suit.HEARTS, id="RULES §0: JH = jack of hearts"),
    pytest.param("10S", Rank.TEN, Suit.SPADES, id="RULES §0: 10S = ten of spades"),
    pytest.param("10s", Rank.TEN, Suit.SPADES, id="lower case is read"),
    pytest.param("TH", Rank.TEN, Suit.HEARTS, id="T is read as the ten"),
    pytest.param("K♥", Rank.KING, Suit.HEARTS, id="a suit symbol is read"),
    pytest.param("q♧", Rank.QUEEN, Suit.CLUBS, id="a white suit symbol is read"),
    pytest.param(" 7d ", Rank.SEVEN, Suit.DIAMONDS, id="spaces around are ignored"),
    pytest.param("2C", Rank.TWO, Suit.CLUBS, id="RULES §5.1: Quinto uses the 2"),
])
def test_parse_reads_a_card_code(code, rank, suit):
    assert Card.parse(code) == Card(rank, suit)


@pytest.mark.parametrize("code", ["JOKER", "joker", "jokeR", " Joker "])
def test_parse_reads_the_joker_in_any_case(code):
    """RULES §0: Quinto's joker is JOKER."""
    assert Card.parse(code) is JOKER


@pytest.mark.parametrize("code", ["", "J", "1H", "11H", "AX", "HA", "10", "TT", "JOKERH", "JOKER♥", "A H",
                                  "ZZZ"])
def test_parse_refuses_garbage_naming_the_field(code):
    with pytest.raises(RuleViolation) as err:
        Card.parse(code, field="hand")
    assert err.value.field == "hand"
    assert err.value.params == {"code": code}
    assert str(err.value) == f"“{code}” is not a card"


@pytest.mark.parametrize("value", [None, 7, ("A", "H")])
def test_parse_refuses_what_is_not_text(value):
    with pytest.raises(RuleViolation):
        Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rank", "suit"), [(Rank.ACE, None), (Rank.JOKER, Suit.HEARTS), ("A", Suit.HEARTS)])
def test_a_card_that_cannot_exist_is_refused(rank, suit):
    with pytest.raises(RuleViolation):
        Card(rank, suit)


def test_str_repr_and_label():
    card = Card(Rank.TEN, Suit.SPADES)
    assert (str(card), repr(card), card.label) == ("10S", "Card.parse('10S')", "10♠")
    assert (str(JOKER), repr(JOKER), JOKER.label) == ("JOKER", "Card.parse('JOKER')", "JOKER")


@given(st.sampled_from(ALL_CARDS))
def test_parse_round_trips_every_card(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card)) == card
    if card.suit is not None:
        assert Card.parse(card.label) == card
        assert Card.parse(str(card).replace("10", "T")) == card


@given(st.sampled_from(ALL_CARDS))
def test_cards_are_hashable_and_frozen(card):
    assert {card: 1}[Card.parse(str(card))] == 1
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]


def test_decks():
    """RULES §1.1 (32 cards), §4.1 (33: plus the 6 of hearts), §5.1 (52 + joker)."""
    assert (len(DECK_32), len(DECK_33), len(DECK_52), len(DECK_53)) == (32, 33, 52, 53)
    assert {card.rank for card in DECK_32} == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
                                               Rank.NINE, Rank.EIGHT, Rank.SEVEN}
    assert {Card.parse("6H")} == DECK_33 - DECK_32
    assert {JOKER} == DECK_53 - DECK_52
    assert DECK_32 < DECK_33 and DECK_32 < DECK_52 < DECK_53


def test_suit_symbols():
    assert dict(SUIT_SYMBOLS) == {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


@pytest.mark.parametrize("text", [
    pytest.param("AH KH QH", id="spaces"),
    pytest.param("AH,KH,QH", id="commas"),
    pytest.param(" ah, kh ;  qh\n", id="mixed separators and case"),
    pytest.param(["AH", "KH", "QH"], id="a list of codes"),
    pytest.param(("AH", Card.parse("KH"), "Q♥"), id="codes and cards"),
])
def test_parse_cards_reads_lists(text):
    assert parse_cards(text) == (Card.parse("AH"), Card.parse("KH"), Card.parse("QH"))


def test_parse_cards_of_nothing_is_empty():
    assert parse_cards("") == () == parse_cards([]) == parse_cards("  ,")


def test_parse_cards_refuses_a_card_listed_twice():
    with pytest.raises(RuleViolation) as err:
        parse_cards("AH KH ah", field="hand")
    assert (err.value.field, err.value.params) == ("hand", {"card": "AH"})
    assert str(err.value) == "AH is listed twice"


@pytest.mark.parametrize(("text", "deck", "card"), [
    pytest.param("AH 6S", DECK_32, "6S", id="RULES §1.1: no 6 in a 32-card game"),
    pytest.param("6H 6S", DECK_33, "6S", id="RULES §4.1: only the 6 of hearts in Pandoeren"),
    pytest.param("JOKER", DECK_32, "JOKER", id="RULES §5.1: the joker is Quinto's"),
])
def test_parse_cards_refuses_a_card_outside_the_deck(text, deck, card):
    with pytest.raises(RuleViolation) as err:
        parse_cards(text, field="trick_so_far", deck=deck)
    assert (err.value.field, err.value.params) == ("trick_so_far", {"card": card})


def test_parse_cards_names_the_field_of_a_bad_code():
    with pytest.raises(RuleViolation) as err:
        parse_cards("AH XX", field="melds")
    assert (err.value.field, err.value.params) == ("melds", {"code": "XX"})


def test_parse_cards_refuses_what_is_not_a_list():
    with pytest.raises(RuleViolation) as err:
        parse_cards(42, field="hand")  # type: ignore[arg-type]
    assert err.value.field == "hand"


def test_format_cards_uses_suit_then_natural_rank_order():
    assert format_cards(parse_cards("7C JOKER 2H QH 10S AH KH 9D")) == "10S AH KH QH 2H 9D 7C JOKER"
    assert format_cards(parse_cards("QH 10S"), symbols=True) == "10♠ Q♥"
    assert format_cards([]) == ""


@given(st.lists(st.sampled_from(ALL_CARDS), unique=True))
def test_format_then_parse_gives_the_same_cards_in_display_order(cards):
    assert parse_cards(format_cards(cards)) == sort_cards(cards)
    assert format_cards(reversed(cards)) == format_cards(cards)
