"""Pandoeren's contracts, bidding order and roem (RULES.md §4.1-§4.3), as data and as properties."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cards import DECK_33, display_key, format_cards
from scorekeeper.errors import RuleViolation
from scorekeeper.games import jass
from scorekeeper.games.pandoeren import (
    bid_key,
    compare_bids,
    compare_roem,
    find_roem,
    parse_contract,
    roem_strength,
    roem_value,
)
from scorekeeper.games.pandoeren.contracts import Goal, Kind, PandoerContract, Partner, contract_from_kind
from scorekeeper.games.pandoeren.roem import (
    CARD_POINTS,
    PANDOEREN_ORDERS,
    judge_roem,
    read_roem,
    read_seat_roem,
    roem_name,
)

DECK = sorted(DECK_33, key=display_key)


# -- contracts (RULES §4.3) ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value", "partner", "trumps", "goal"), [
    pytest.param("120", 1, Partner.CALLED, True, Goal.POINTS, id="RULES §4.3: 120 worth 1"),
    pytest.param("140", 1, Partner.CALLED, True, Goal.POINTS, id="RULES §4.3: 140 worth 1"),
    pytest.param("Piccolo", 3, Partner.ALONE, True, Goal.FIRST_TRICK_ONLY, id="RULES §4.3: Piccolo"),
    pytest.param("Misère", 3, Partner.ALONE, True, Goal.NO_TRICK, id="RULES §4.3: Misère"),
    pytest.param("150", 2, Partner.CALLED, True, Goal.POINTS, id="RULES §4.3: 150 worth 2"),
    pytest.param("160", 2, Partner.CALLED, True, Goal.POINTS, id="RULES §4.3: 160 worth 2"),
    pytest.param("Kereltje", 2, Partner.JAS, True, Goal.ALL_TRICKS, id="RULES §4.3: Kereltje"),
    pytest.param("Zwabber", 2, Partner.CALLED, False, Goal.ZWABBER, id="RULES §4.3: Zwabber"),
    pytest.param("170", 3, Partner.CALLED, True, Goal.POINTS, id="RULES §4.3: 170 worth 3"),
    pytest.param("190", 3, Partner.CALLED, True, Goal.POINTS, id="RULES §4.3: 190 worth 3"),
    pytest.param("Solo-Zwabber", 5, Partner.ALONE, False, Goal.ALL_TRICKS, id="RULES §4.3: Solo-Zwabber"),
    pytest.param("Piccolo Ouvert", 6, Partner.ALONE, True, Goal.FIRST_TRICK_ONLY, id="RULES §4.3: Piccolo Ouvert"),
    pytest.param("200", 4, Partner.CALLED, True, Goal.POINTS, id="RULES §4.3: 200 worth 4"),
    pytest.param("990", 4, Partner.CALLED, True, Goal.POINTS, id="RULES §4.3: numbers have no upper limit"),
    pytest.param("Misère Ouvert", 6, Partner.ALONE, True, Goal.NO_TRICK, id="RULES §4.3: Misère Ouvert"),
    pytest.param("Stil Praatje", 9, Partner.ALONE, True, Goal.NO_TRICK, id="RULES §4.3: Stil Praatje"),
    pytest.param("Pandoer", 5, Partner.CALLED, True, Goal.ALL_TRICKS, id="RULES §4.3: Pandoer"),
    pytest.param("Pandoer+20", 5, Partner.CALLED, True, Goal.ALL_TRICKS, id="RULES §4.3: Pandoer+20"),
    pytest.param("Praatje", 9, Partner.ALONE, True, Goal.NO_TRICK, id="RULES §4.3: Praatje"),
    pytest.param("Privé", 10, Partner.ALONE, True, Goal.ALL_TRICKS, id="RULES §4.3: Privé"),
])
def test_the_contract_table(text, value, partner, trumps, goal):
    contract = parse_contract(text)
    assert (contract.value, contract.partner, contract.trumps, contract.goal) == (value, partner, trumps, goal)
    assert contract.name == text and parse_contract(contract.name) == contract
    assert contract.objective("N", "E" if partner is not Partner.ALONE else None).render()


@pytest.mark.parametrize(("text", "name"), [
    pytest.param("misere ouvert", "Misère Ouvert", id="accents and case are optional"),
    pytest.param("SOLO ZWABBER", "Solo-Zwabber", id="hyphen or space"),
    pytest.param("solo_zwabber", "Solo-Zwabber", id="the form's value"),
    pytest.param("Pandoer + 40", "Pandoer+40", id="Pandoer + n with spaces"),
    pytest.param(" 150 ", "150", id="a number as text"),
    pytest.param(150, "150", id="a JSON number"),
    pytest.param("Prive", "Privé", id="Privé without its accent"),
    pytest.param("stilpraatje", "Stil Praatje", id="run together"),
])
def test_the_parser_reads_what_a_table_writes(text, name):
    assert parse_contract(text).name == name


@pytest.mark.parametrize("text", [
    pytest.param("110", id="RULES §4.3: numbers start at 120"),
    pytest.param("125", id="RULES §4.3: numbers go in tens"),
    pytest.param("Pandoer+30", id="RULES §4.3: Pandoer + n in twenties"),
    pytest.param("Pandoer+", id="RULES §4.3: Pandoer + needs its n"),
    pytest.param("Pandoer+0", id="RULES §4.3: Pandoer + n from 20"),
    pytest.param("pass", id="a pass is no contract"),
    pytest.param("", id="empty"),
    pytest.param("1" * 40, id="a number beyond reading"),
    pytest.param(True, id="a boolean"),
    pytest.param(["150"], id="a list"),
])
def test_the_parser_refuses_what_is_no_contract(text):
    with pytest.raises(RuleViolation) as err:
        parse_contract(text)
    assert err.value.field == "contract"


def test_the_bidding_order_of_rules_4_3():
    order = ["120", "130", "140", "Piccolo", "Misère", "150", "160", "Kereltje", "Zwabber", "170", "180", "190",
             "Solo-Zwabber", "Piccolo Ouvert", "200", "210", "220", "990", "Misère Ouvert", "Stil Praatje",
             "Pandoer", "Pandoer+20", "Pandoer+40", "Pandoer+400", "Praatje", "Privé"]
    contracts = [parse_contract(text) for text in order]
    assert sorted(contracts[1::2] + contracts[::2], key=bid_key) == contracts
    assert all(compare_bids(low, high) == -1 for low, high in pairwise(contracts))


CONTRACTS = st.one_of(
    st.integers(12, 10**6).map(lambda n: PandoerContract(Kind.NUMBER, n * 10)),
    st.integers(1, 10**6).map(lambda n: PandoerContract(Kind.PANDOER_PLUS, n * 20)),
    st.sampled_from([PandoerContract(kind) for kind in Kind if kind not in (Kind.NUMBER, Kind.PANDOER_PLUS)]),
)


@given(a=CONTRACTS, b=CONTRACTS, c=CONTRACTS)
def test_the_bid_order_is_a_strict_total_order(a, b, c):
    """RULES §4.3: irreflexive, antisymmetric, transitive and total over distinct contracts."""
    assert compare_bids(a, a) == 0
    assert compare_bids(a, b) == -compare_bids(b, a)
    assert (compare_bids(a, b) == 0) == (a == b)
    if compare_bids(a, b) > 0 and compare_bids(b, c) > 0:
        assert compare_bids(a, c) > 0


@given(contract=CONTRACTS)
def test_every_contract_reads_back_from_its_name(contract):
    assert parse_contract(contract.name) == contract
    assert contract_from_kind(contract.kind.value, contract.number) == contract


@pytest.mark.parametrize(("kind", "number", "field"), [
    pytest.param("number", None, "contract_number", id="a number contract needs its number"),
    pytest.param("number", 125, "contract_number", id="RULES §4.3: in tens"),
    pytest.param("pandoer_plus", 30, "contract_number", id="RULES §4.3: in twenties"),
    pytest.param("misere", 40, "contract_number", id="Misère takes no number"),
    pytest.param("grand", None, "contract_kind", id="no such row"),
])
def test_the_form_contract_names_its_field(kind, number, field):
    with pytest.raises(RuleViolation) as err:
        contract_from_kind(kind, number)
    assert err.value.field == field


# -- cards (RULES §4.1) ------------------------------------------------------------------------

@pytest.mark.parametrize(("trick", "trump", "winner"), [
    pytest.param("10S QS", "H", 1, id="RULES §4.1: the plain ten is below the queen"),
    pytest.param("10S JS", "H", 1, id="RULES §4.1: the plain ten is below the jack"),
    pytest.param("10H KH", "H", 1, id="RULES §4.1: the trump ten is below the king"),
    pytest.param("AH 9H JH", "H", 2, id="RULES §4.1: trump jack, then nine"),
    pytest.param("6H 7H", "S", 1, id="RULES §4.1: the 6 of hearts is the lowest"),
])
def test_pandoeren_card_order(trick, trump, winner):
    assert jass.trick_winner(trick, trump, orders=PANDOEREN_ORDERS) == winner


def test_card_points_total_141():
    """RULES §4.1: 60 in trumps + 3 x 27 = 141, whatever the trump."""
    for trump in "SHDC":
        assert jass.cards_points(DECK_33, trump, orders=PANDOEREN_ORDERS) == CARD_POINTS


# -- roem (RULES §4.2) -------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "points"), [
    pytest.param("AH KH QH", 20, id="RULES §4.2: sequence of 3"),
    pytest.param("8H 7H 6H", 20, id="RULES §4.2: the 6 of hearts ends a sequence"),
    pytest.param("AH KH QH JH", 50, id="RULES §4.2: sequence of 4"),
    pytest.param("KS QS JS 10S 9S", 100, id="RULES §4.2: sequence of 5"),
    pytest.param("QS QH QD QC", 100, id="RULES §4.2: four queens"),
    pytest.param("KS KH KD KC", 100, id="RULES §4.2: four kings"),
    pytest.param("AS AH AD AC", 100, id="RULES §4.2: four aces"),
    pytest.param("AD KD QD JD 10D 9D", 120, id="RULES §4.2: sequence of 6"),
    pytest.param("AD KD QD JD 10D 9D 8D", 140, id="RULES §4.2: sequence of 7"),
    pytest.param("AD KD QD JD 10D 9D 8D 7D", 160, id="RULES §4.2: sequence of 8"),
    pytest.param("JS JH JD JC", 200, id="RULES §4.2: four jacks"),
])
def test_roem_values(cards, points):
    assert roem_value(read_roem(cards)) == points


@pytest.mark.parametrize("cards", [
    pytest.param("10S 10H 10D 10C", id="RULES §4.2: four tens score nothing"),
    pytest.param("9S 9H 9D 9C", id="RULES §4.2: four nines score nothing"),
    pytest.param("AH KH", id="RULES §4.2: two cards"),
    pytest.param("AH QH JH", id="RULES §4.2: a gap"),
    pytest.param("7S 6S 8S", id="RULES §4.1: no 6 of spades"),
])
def test_what_is_no_roem(cards):
    with pytest.raises(RuleViolation):
        read_roem(cards)


def test_roem_in_ascending_strength():
    ascending = ["AH KH QH", "AH KH QH JH", "AH KH QH JH 10H", "QS QH QD QC", "KS KH KD KC", "AS AH AD AC",
                 "KC QC JC 10C 9C 8C", "AD KD QD JD 10D 9D 8D", "AD KD QD JD 10D 9D 8D 7D", "JS JH JD JC"]
    roem = [read_roem(cards) for cards in ascending]
    assert sorted(roem[1::2] + roem[::2], key=roem_strength) == roem


@pytest.mark.parametrize(("stronger", "weaker"), [
    pytest.param("KS QS JS", "QH JH 10H", id="RULES §4.2: equal length: the higher top card"),
    pytest.param("AS KS QS", "AH KH QH", id="RULES §4.2: spades beat hearts"),
    pytest.param("AH KH QH", "AD KD QD", id="RULES §4.2: hearts beat diamonds"),
    pytest.param("AD KD QD", "AC KC QC", id="RULES §4.2: diamonds beat clubs"),
    pytest.param("9H 8H 7H 6H", "AS KS QS", id="RULES §4.2: longer beats higher"),
    pytest.param("QS QH QD QC", "AD KD QD JD 10D", id="RULES §4.2: four queens beat a sequence of 5"),
    pytest.param("AD KD QD JD 10D 9D", "AS AH AD AC", id="RULES §4.2: a sequence of 6 beats four aces"),
])
def test_roem_comparison(stronger, weaker):
    assert compare_roem(read_roem(stronger), read_roem(weaker)) == 1
    assert compare_roem(read_roem(weaker), read_roem(stronger)) == -1


HANDS = st.permutations(DECK).map(lambda deck: deck[:9])


@given(first=HANDS, second=HANDS)
def test_roem_comparison_is_antisymmetric(first, second):
    for a in find_roem(first):
        for b in find_roem(second):
            assert compare_roem(a, b) == -compare_roem(b, a)
            assert (compare_roem(a, b) == 0) == (a.cards == b.cards)


@given(hand=HANDS)
def test_found_roem_is_each_valid_and_strongest_first(hand):
    found = find_roem(hand)
    assert [roem_strength(meld) for meld in found] == sorted(map(roem_strength, found), reverse=True)
    for meld in found:
        assert meld.cards <= set(hand) and read_roem(meld.cards).cards == meld.cards


def test_find_roem_lets_a_card_count_twice():
    """RULES §7 item 12: the Q♥ counts in the sequence and in the four."""
    found = find_roem("AH KH QH QS QD QC 7C 8D")
    assert [format_cards(meld.cards) for meld in found] == ["QS QH QD QC", "AH KH QH"]


def test_a_run_of_nine_counts_as_eight():
    (run,) = find_roem("AH KH QH JH 10H 9H 8H 7H 6H")
    assert (run.length, roem_value(run), roem_name(run).render()) == (9, 160, "sequence of 9 to the A♥")


def test_a_seat_reads_its_roem_several_ways():
    as_text = read_seat_roem("AH KH QH; JS JH JD JC", seat="N", field="roem.N")
    as_lists = read_seat_roem([["QH", "KH", "AH"], "JS JH JD JC"], seat="N", field="roem.N")
    flat = read_seat_roem(["AH", "KH", "QH"], seat="N", field="roem.N")
    assert as_text == as_lists and flat == as_text[1:]


@pytest.mark.parametrize(("roem", "partner", "bidders", "valid", "points"), [
    pytest.param({"N": "AH KH QH JH", "W": "10S 9S 8S"}, "E", ["W"], True, 50,
                 id="RULES §4.2: N's sequence of 4 beats W's sequence of 3"),
    pytest.param({"N": "AH KH QH", "W": "10S 9S 8S 7S"}, "E", ["W"], False, 0,
                 id="RULES §4.2: W, who bid, denies with a stronger roem"),
    pytest.param({"N": "AH KH QH", "W": "10S 9S 8S 7S"}, "E", [], True, 20,
                 id="RULES §4.2: W only passed and cannot deny"),
    pytest.param({"N": "AH KH QH", "E": "JS JH JD JC", "W": "10S 9S 8S 7S"}, "E", ["W"], True, 220,
                 id="RULES §4.2: the partner's four jacks rescue the side's roem"),
    pytest.param({"W": "10S 9S 8S 7S"}, "E", ["W"], None, 0, id="RULES §4.2: the side announced nothing"),
])
def test_roem_validity(roem, partner, bidders, valid, points):
    table = {seat: read_seat_roem(roem.get(seat), seat=seat, field=f"roem.{seat}") for seat in "NESW"}
    verdict = judge_roem(table, declarer="N", partner=partner, bidders=["N", *bidders])
    assert (verdict.valid, verdict.points) == (valid, points)
    assert all(line.render() for line in verdict.lines)


def test_roem_validity_says_why():
    table = {"N": read_seat_roem("AH KH QH JH", seat="N", field="roem.N"), "E": (), "S": (),
             "W": read_seat_roem("10S 9S 8S", seat="W", field="roem.W")}
    verdict = judge_roem(table, declarer="N", partner="E", bidders=["N", "W"])
    assert verdict.lines[0].render() == ("N's sequence of 4 to the A♥ (50) beats W's sequence of 3 to the 10♠: "
                                         "W may not deny")
