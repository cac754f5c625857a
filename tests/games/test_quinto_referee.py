"""Quinto referee questions (RULES.md §5.1, §5.2, §5.4, §5.5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleViolation
from scorekeeper.games import quinto
from tests.games.test_quinto_entry import JSON

RULES = quinto.RULES
DEFAULTS = RULES.resolve_options()


def ask(kind, **query):
    options = query.pop("options", {})
    return RULES.referee(kind, query, RULES.resolve_options(options))


def refused(kind, **query) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        ask(kind, **query)
    return err.value


# -- trick_winner (RULES §5.1) ---------------------------------------------------------------------

@pytest.mark.parametrize(("trick", "winner", "card"), [
    pytest.param("KS 2C AS 3S", 1, "2C", id="RULES §5.1: a higher suit wins, whatever was led"),
    pytest.param("JOKER 4D 9D 2H", 3, "2H", id="RULES §5.1: the joker never wins"),
    pytest.param("10C", 0, "10C", id="RULES §5.1: a trick so far"),
])
def test_trick_winner(trick, winner, card):
    ruling = ask("trick_winner", trick=trick)
    assert (ruling.answer["winner_index"], ruling.answer["winning_card"]) == (winner, card)
    assert all(line.render() for line in ruling.lines)


def test_trick_winner_names_the_seat_and_team_from_the_leader():
    ruling = ask("trick_winner", trick=["KS", "2C", "AS", "3S"], leader="W")
    assert ruling.answer == {"winner_index": 1, "winning_card": "2C", "seat": "N", "team": "A"}
    assert [line.render() for line in ruling.lines] == [
        "The 2♣ (card 2) wins: the highest card in the trick; suits rank ♥ ♦ ♣ ♠, then A down to 2",
        "A higher suit than the suit led wins as a trump would: ♣ over ♠"]


def test_the_joker_alone_has_no_winner_yet():
    assert ask("trick_winner", trick=["JOKER"]).answer["winner_index"] is None


# -- legal_play (RULES §5.5, §7 item 27) -----------------------------------------------------------

@pytest.mark.parametrize(("hand", "trick", "options", "legal"), [
    pytest.param("AH 5D 2D 7S", "", {}, "AH 5D 2D 7S", id="RULES §5.5: the leader plays any card"),
    pytest.param("AH 5D 2D 7S", "KD", {}, "5D 2D", id="RULES §5.5: follow the suit led"),
    pytest.param("AH 5D JOKER 7S", "KD", {}, "5D JOKER", id="RULES §5.5: the joker may always be played"),
    pytest.param("AH 5H 7S", "KD AD", {}, "AH 5H 7S", id="RULES §5.5: no card of the suit led: any card"),
    pytest.param("AH 5D 7S", "JOKER", {}, "AH 5D 7S", id="RULES §5.5: after a joker lead, any card"),
    pytest.param("AH 5D 7S", "JOKER 9S", {}, "7S", id="RULES §5.5: the card after the joker sets the suit"),
    pytest.param("AH 5D 7S", "JOKER 9S", {"joker_lead_rule": False}, "AH 5D 7S",
                 id="RULES §7 item 27: without the joker-lead rule, any card after a joker lead"),
])
def test_legal_play(hand, trick, options, legal):
    ruling = ask("legal_play", hand=hand, trick_so_far=trick, options=options)
    assert set(ruling.answer["legal"]) == set(legal.split())
    assert all(line.render() for line in ruling.lines)


def test_legal_play_says_why():
    ruling = ask("legal_play", hand="AH 5D JOKER 7S", trick_so_far=["KD"])
    assert [line.render() for line in ruling.lines] == [
        "Playable: 5♦ JOKER", "♦ was led and you hold ♦: you must follow suit", "The joker may always be played"]
    assert ruling.answer["led_suit"] == "D"
    assert {card: why.render() for card, why in ruling.answer["refused"].items()} == {
        "AH": "♦ was led and you hold ♦: you must follow suit", "7S": "♦ was led and you hold ♦: you must follow suit"}


@pytest.mark.parametrize(("query", "field"), [
    pytest.param({"hand": "AH 5D", "trick_so_far": "5D"}, "trick_so_far", id="a card in the hand and the trick"),
    pytest.param({"hand": "AH AH"}, "hand", id="a card twice"),
    pytest.param({"hand": "AH", "trick_so_far": "2C 3C 4C 5C"}, "trick_so_far", id="RULES §5.1: 4 cards a trick"),
    pytest.param({"hand": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"}, "hand", id="RULES §5.1: 12 cards a hand"),
    pytest.param({"trick_so_far": "AH"}, "hand", id="the hand is required"),
    pytest.param({"hand": "AH", "trump": "H"}, "trump", id="Quinto has no trump"),
])
def test_legal_play_refusals_name_their_field(query, field):
    assert refused("legal_play", **query).field == field


# -- doubling (RULES §5.2, §7 item 28) ------------------------------------------------------------

def test_doubling_answers_the_multiplier_and_says_who_called():
    ruling = ask("doubling", calls=["pass", "double", "redouble", "pass"], dealer="W")
    assert ruling.answer == {"valid": True, "complete": True, "multiplier": "redouble", "trick_value": 20,
                             "invalid_call": None}
    assert [line.render() for line in ruling.lines] == [
        "N (N–S): pass", "E (E–W): double", "S (N–S): redouble", "W (E–W): pass",
        "The round is complete: a trick is worth 20 (quints are never multiplied)"]


def test_a_redouble_over_a_partner_is_invalid():
    ruling = ask("doubling", calls="double pass redouble pass", options={"redouble_name": "quaddouble"})
    assert ruling.answer["valid"] is False and ruling.answer["invalid_call"] == 3
    assert ruling.lines[2].render() == "Call 3: quaddouble"
    assert ruling.lines[-1].render() == \
        "Call 3: a redouble must answer a double by an opponent, never the partner’s (call 1)"


def test_doubling_so_far():
    ruling = ask("doubling", calls=["pass", "double"])
    assert ruling.answer == {"valid": True, "complete": False, "multiplier": "double", "trick_value": 10,
                             "invalid_call": None}


@pytest.mark.parametrize(("query", "field"), [
    pytest.param({"calls": "pass triple"}, "calls", id="RULES §5.2: pass, double or redouble"),
    pytest.param({"calls": 3}, "calls", id="a list of calls"),
    pytest.param({"calls": "pass", "dealer": "Z"}, "dealer", id="RULES §0: a seat"),
    pytest.param({}, "calls", id="the calls are required"),
])
def test_doubling_refusals_name_their_field(query, field):
    assert refused("doubling", **query).field == field


# -- rubber and game_end (RULES §5.4) --------------------------------------------------------------

def test_rubber():
    ruling = ask("rubber", games=[{"totals": {"A": 262, "B": 180}}, {"totals": {"A": 200, "B": 255}},
                                  {"totals": {"A": 251, "B": 120}, "winner": "A"}])
    assert ruling.answer == {"finished": True, "rubber_winner": "A", "games_won": {"A": 2, "B": 1},
                             "rubber_score": {"A": 262 + 200 + 251 + 100, "B": 180 + 255 + 120}, "bonus": 100}
    assert ruling.lines[-2].render() == "N–S: 262 + 200 + 251 + 100 rubber bonus = 813"
    going = ask("rubber", games=[{"totals": {"A": 262, "B": 180}}])
    assert going.answer["finished"] is False and going.answer["rubber_score"] is None


@pytest.mark.parametrize(("games", "options"), [
    pytest.param([{"totals": {"A": 262, "B": 180}}] * 3, {}, id="RULES §5.4: a game after the rubber was won"),
    pytest.param([{"totals": {"A": 200, "B": 180}}], {}, id="RULES §5.4: a game at 250"),
    pytest.param([{"totals": {"A": 260, "B": 260}}], {}, id="RULES §5.4: a tie is not the end"),
    pytest.param([{"totals": {"A": 262, "B": 180}, "winner": "B"}], {}, id="RULES §5.4: the higher total wins"),
    pytest.param([{"totals": {"A": 262}}], {}, id="both teams' totals"),
    pytest.param("262-180", {}, id="a list of games"),
])
def test_rubber_refusals_name_games(games, options):
    assert refused("rubber", games=games, options=options).field == "games"


def test_a_drawn_game_counts_for_nobody():
    ruling = ask("rubber", games=[{"totals": {"A": 260, "B": 260}, "winner": None}], options={"tie_at_250": "draw"})
    assert ruling.answer["games_won"] == {"A": 0, "B": 0} and ruling.answer["rubber_winner"] is None
    assert ruling.answer["rubber_score"] is None  # RULES.md §6: null until a team has won two games


def test_game_end_from_a_deal_stops_at_the_quint_that_wins():
    deal = {"quint_tricks": [{"trick_no": 4, "winner": "B", "quints": ["JOKER"]}], "plain_tricks_won": {"A": 2, "B": 1}}
    ruling = ask("game_end", totals_before={"A": 100, "B": 230}, deal=deal)
    assert ruling.answer == {"totals": {"A": 100, "B": 255}, "finished": True, "winner": "B", "draw": False,
                             "another_deal": False, "ended_during_play": True, "ended_after_trick": 4,
                             "deal_score": {"A": 0, "B": 25}}


@pytest.mark.parametrize(("before", "score", "options", "expected"), [
    pytest.param({"A": 200, "B": 100}, {"A": 60, "B": 20}, {}, ("A", False, False), id="RULES §5.4: A at 260"),
    pytest.param({"A": 230, "B": 240}, {"A": 30, "B": 20}, {}, (None, False, True), id="RULES §5.4: equal: again"),
    pytest.param({"A": 230, "B": 240}, {"A": 30, "B": 20}, {"tie_at_250": "draw"}, (None, True, False),
                 id="RULES §7 item 27: equal: a draw"),
    pytest.param({"A": 100, "B": 100}, {"A": 30, "B": 20}, {}, (None, False, False), id="RULES §5.4: goes on"),
])
def test_game_end_from_a_deal_score(before, score, options, expected):
    got = ask("game_end", totals_before=before, deal_score=score, options=options).answer
    assert (got["winner"], got["draw"], got["another_deal"]) == expected


@pytest.mark.parametrize(("query", "field"), [
    pytest.param({"totals_before": {"A": 0, "B": 0}}, "deal", id="a deal or its score"),
    pytest.param({"totals_before": {"A": 0, "B": 0}, "deal": {}, "deal_score": {"A": 1, "B": 1}}, "deal",
                 id="one of them"),
    pytest.param({"totals_before": {"A": 255, "B": 0}, "deal_score": {"A": 1, "B": 1}}, "totals_before",
                 id="RULES §5.4: the game was already over"),
    pytest.param({"totals_before": {"A": 0, "B": 0}, "deal_score": {"A": -1, "B": 1}}, "deal_score",
                 id="points are 0 or more"),
])
def test_game_end_refusals_name_their_field(query, field):
    assert refused("game_end", **query).field == field


def test_live_deal_is_a_referee_question_too():
    ruling = ask("live_deal", tricks=[{"winner": "A", "quints": ["5D"]}], totals_before={"A": 10, "B": 0})
    assert ruling.answer["totals"] == {"A": 25, "B": 0} and ruling.answer["tricks_played"] == 1
    assert refused("live_deal", quint_tricks=[]).field == "tricks"


def test_referee_kinds():
    assert RULES.referee_kinds == ("trick_winner", "legal_play", "doubling", "rubber", "game_end", "live_deal", "count",
                                  "claim")
    assert refused("melds", hand="AH").field == "kind"


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(RULES.referee_kinds),
       query=st.dictionaries(st.sampled_from(["hand", "trick", "trick_so_far", "leader", "calls", "dealer", "games",
                                              "totals_before", "deal", "deal_score", "tricks", "cachette"]),
                             JSON, max_size=4))
def test_referee_junk_only_ever_raises_rule_violation(kind, query):
    try:
        ruling = RULES.referee(kind, query, DEFAULTS)
    except RuleViolation as err:
        assert err.field is None or isinstance(err.field, str)
    else:
        assert all(line.render() for line in ruling.lines)
