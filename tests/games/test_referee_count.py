"""Count this pile: the `count` referee question of every game (RULES.md §1.1, §1.5, §1.10,
§2.1, §3.1, §4.1), each case citing the rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import games
from scorekeeper.cards import DECK_32, DECK_33, display_key
from scorekeeper.errors import RuleViolation


def count(game: str, options: dict | None = None, **query):
    rules = games.RULES[game]
    return rules.referee("count", query, rules.resolve_options(options or {}))


def codes(deck) -> list[str]:
    return [str(card) for card in sorted(deck, key=display_key)]


@pytest.mark.parametrize(("game", "options", "query", "expected"), [
    pytest.param("contree", {}, {"pile": "JH 9H AS 10S KS QS 7D 8D", "trump": "H", "last_trick": True},
                 {"card_points": 62, "last_trick": 10, "points": 72, "deal_total": 162,
                  "others": {"card_points": 90, "last_trick": 0, "points": 90}},
                 id="RULES §2.1: trump J 20, 9 14; 152 + 10 = 162"),
    pytest.param("belote", {"sans_atout": True}, {"pile": "JH 9H AS 10S", "contract": "sans_atout"},
                 {"card_points": 23, "last_trick": 0, "deal_total": 130,
                  "others": {"card_points": 97, "last_trick": 10, "points": 107}},
                 id="RULES §1.1: sans atout, every suit plain: 120 + 10 = 130"),
    pytest.param("belote", {"tout_atout": True}, {"pile": "JH 9H AS 10S", "contract": "tout_atout"},
                 {"card_points": 55, "deal_total": 258}, id="RULES §1.1: tout atout, every suit trump: 258"),
    pytest.param("belote", {}, {"pile": codes(DECK_32), "trump": "S", "last_trick": True},
                 {"card_points": 152, "last_trick": 100, "points": 252, "deal_total": 252},
                 id="RULES §1.5: capot, 100 instead of 10: 252"),
    pytest.param("belote", {"capot_88": True}, {"pile": codes(DECK_32), "trump": "S", "last_trick": True},
                 {"points": 250}, id="RULES §1.5 option capot_88: 152 + 10 + 88 = 250"),
    pytest.param("contree", {}, {"pile": codes(DECK_32), "trump": "S", "last_trick": True},
                 {"points": 162, "deal_total": 162}, id="RULES §2.3: an unbid capot has no bonus: 162"),
    pytest.param("belote", {"players": 3}, {"pile": "JH 9H AS", "trump": "H",
                                            "out_of_play": "7C 8C 9C 10C JC QC KC AC"},
                 {"card_points": 45, "deal_card_points": 122, "deal_total": 132,
                  "others": {"card_points": 77, "last_trick": 10, "points": 87}},
                 id="RULES §1.10: three players, 8 cards out of play: not 162"),
    pytest.param("belote", {"players": 3}, {"pile": "JH 9H AS", "trump": "H"},
                 {"card_points": 45, "deal_total": None, "others": None},
                 id="RULES §1.10: without the cards out of play, no total"),
    pytest.param("klaberjass", {}, {"pile": "JH 9H AS 10S", "trump": "H", "last_trick": True,
                                    "stock": "7C 8C 9C 10C JC QC KC AC 7D 8D 9D 10D JD QD"},
                 {"card_points": 55, "last_trick": 10, "deal_card_points": 107, "deal_total": 117,
                  "others": {"card_points": 52, "last_trick": 0, "points": 52}},
                 id="RULES §3.1: 14 cards stay in the stock: 152 less the stock, + 10"),
    pytest.param("pandoeren", {}, {"pile": "JH 9H AS 10S KH QH 10H 6H", "trump": "H", "discard": "AD"},
                 {"card_points": 70, "deal_card_points": 130, "deal_total": 135,
                  "others": {"card_points": 60, "last_trick": 5, "points": 65}},
                 id="RULES §4.1: trump J 20 9 14 K 3 Q 2 10 10; 141 less the discard, + 5"),
])
def test_count(game, options, query, expected):
    ruling = count(game, options, **query)
    assert expected.items() <= ruling.answer.items()
    assert ruling.lines


def test_the_count_is_said_card_by_card():
    """RULES §2.1: the counting cards read out with their points, then the check."""
    lines = [line.render() for line in count("contree", pile="JH 9H 7S 8S", trump="H", last_trick=True).lines]
    assert lines == ["Tricks: 1. Cards with ♥ trumps: J♥ 20, 9♥ 14 = 34 card points", "The last trick: +10",
                     "The pile counts 44", "The others: 152 − 34 = 118 card points, 0 for the last trick: 118",
                     "Check: 44 + 118 = 162, the deal's total with its bonus"]


@pytest.mark.parametrize(("game", "options", "query", "field"), [
    pytest.param("contree", {}, {"pile": "JH 9H AS JH", "trump": "H"}, "pile", id="a card twice"),
    pytest.param("contree", {}, {"pile": "JH 9H AS 6S", "trump": "H"}, "pile", id="RULES §2.1: no sixes"),
    pytest.param("contree", {}, {"pile": "JH 9H AS", "trump": "H"}, "pile", id="RULES §2.6: not whole tricks"),
    pytest.param("klaberjass", {}, {"pile": codes(DECK_32)[:20], "trump": "H"}, "pile",
                 id="RULES §3.1: more cards than 9 tricks of 2"),
    pytest.param("contree", {}, {"pile": "JH 9H AS 10S"}, "trump", id="no trump"),
    pytest.param("contree", {}, {"pile": codes(DECK_32), "trump": "H"}, "last_trick",
                 id="every trick without the last"),
    pytest.param("contree", {}, {"pile": "", "trump": "H", "last_trick": True}, "last_trick",
                 id="the last trick in an empty pile"),
    pytest.param("contree", {}, {"pile": "JH 9H AS 10S", "trump": "H", "last_trick": "maybe"}, "last_trick",
                 id="last_trick not true or false"),
    pytest.param("klaberjass", {}, {"pile": "JH 9H", "trump": "H", "stock": "JH 8C"}, "stock",
                 id="RULES §3.1: the stock holds 14 cards"),
    pytest.param("klaberjass", {}, {"pile": "JH 9H", "trump": "H",
                                    "stock": "JH 8C 9C 10C JC QC KC AC 7D 8D 9D 10D JD QD"}, "stock",
                 id="a card in the pile and the stock"),
    pytest.param("pandoeren", {}, {"pile": "JH 9H AS 10S", "trump": "H", "discard": "AD KD"}, "discard",
                 id="RULES §4.1: one card is discarded"),
    pytest.param("contree", {}, {"pile": "JH 9H AS 10S", "trump": "H", "stock": "7C"}, "stock",
                 id="Contrée has no stock"),
    pytest.param("belote", {}, {"pile": "JH 9H AS 10S", "trump": "H", "out_of_play": "7C"}, "out_of_play",
                 id="RULES §1.1: four players leave no card out of play"),
])
def test_impossible_piles_are_refused_by_field(game, options, query, field):
    with pytest.raises(RuleViolation) as refused:
        count(game, options, **query)
    assert refused.value.field == field


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(["contree", "pandoeren"]), data=st.data())
def test_two_piles_add_up_to_the_deal_total(game, data):
    """RULES §2.1 (162), §4.1 (146 less the discard): whatever the split of the tricks, one pile
    counted plus the other counted equals the deal's total, and the difference says the other's."""
    deck = codes(DECK_33 if game == "pandoeren" else DECK_32)
    shuffled = data.draw(st.permutations(deck))
    extra = {"discard": shuffled[-1]} if game == "pandoeren" else {}
    dealt = shuffled[:32]
    tricks = data.draw(st.integers(min_value=1, max_value=7))
    mine, theirs = dealt[:4 * tricks], dealt[4 * tricks:]
    last = data.draw(st.booleans())
    trump = data.draw(st.sampled_from("SHDC"))
    one = count(game, pile=mine, trump=trump, last_trick=last, **extra).answer
    other = count(game, pile=theirs, trump=trump, last_trick=not last, **extra).answer
    assert one["points"] + other["points"] == one["deal_total"]
    assert one["others"]["points"] == other["points"]


# -- Quinto: quints per trick and trick values (RULES.md §5.3, §5.4) ---------------------------------

def quinto_count(**query):
    from scorekeeper.games import quinto

    return quinto.RULES.referee("count", query, quinto.RULES.resolve_options())


def test_quinto_counts_quints_trick_by_trick_and_the_trick_values():
    """RULES §5.3: A+4 and 2+3 of one suit in one trick, the 5s, the joker 25; §5.4: the cachette
    with the last trick counts as one more trick; 13 trick values of 10 when doubled."""
    ruling = quinto_count(tricks="AH 4H 7C 8C; 5D 2S 3S KD; JOKER 9H 10H JH", cachette="5H 6H 7H 8H 9C",
                          multiplier="double")
    assert ruling.answer == {"quints": 85, "tricks_counted": 4, "trick_points": 40, "points": 125,
                             "deal_total": 305,
                             "others": {"quints": 90, "tricks": 9, "trick_points": 90, "points": 180}}
    assert ruling.lines[1].render() == "Trick 2: 5♦ (15) + 2♠ 3♠ (5)"


def test_quinto_a_pair_split_across_tricks_is_nothing():
    """RULES §5.3: pairs split across tricks are nothing."""
    ruling = quinto_count(tricks=[["AH", "7C", "8C", "9C"], ["4H", "10C", "JC", "QC"]])
    assert ruling.answer["quints"] == 0 and ruling.answer["points"] == 10


@pytest.mark.parametrize(("query", "field"), [
    pytest.param({"tricks": "AH 4H 7C"}, "tricks", id="RULES §5.1: a trick holds 4 cards"),
    pytest.param({"tricks": "AH 4H 7C 8C; AH 2C 3C 4C"}, "tricks", id="a card in two tricks"),
    pytest.param({"tricks": ";".join(["2C 3C 4C 5C"] * 13)}, "tricks", id="RULES §5.1: 12 tricks"),
    pytest.param({"tricks": "AH 4H 7C 8C", "cachette": "AH 2C 3C 4C 5C"}, "cachette",
                 id="a card in a trick and the cachette"),
    pytest.param({"tricks": "AH 4H 7C 8C", "cachette": "2C 3C"}, "cachette", id="RULES §5.1: 5 cards"),
    pytest.param({"tricks": "AH 4H 7C 8C", "multiplier": "triple"}, "multiplier", id="RULES §5.2: ×1 ×2 ×4"),
    pytest.param({"tricks": "AH 4H 7C 1C"}, "tricks", id="not a card"),
])
def test_quinto_impossible_piles_are_refused_by_field(query, field):
    with pytest.raises(RuleViolation) as refused:
        quinto_count(**query)
    assert refused.value.field == field
