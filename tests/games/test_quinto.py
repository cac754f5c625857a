"""Quinto (RULES.md §5): the card model, quints, doubling, scoring a deal, games and the rubber."""

from __future__ import annotations

import pytest

from scorekeeper.cards import DECK_53, parse_cards
from scorekeeper.errors import RuleViolation
from scorekeeper.games import quinto
from scorekeeper.games.quinto import cards as quinto_cards
from scorekeeper.games.quinto import score as quinto_score
from scorekeeper.games.quinto.cards import check_calls, quints_in, rank_key, trick_winner

RULES = quinto.RULES
DEFAULTS = RULES.resolve_options()


def options(**changes):
    return RULES.resolve_options(changes)


def deal(quints=(), plain=None, last="A", cachette=(), before=None, **changes):
    """A deal recorded after it: ``quints`` as (trick_no, winner, codes); the plain tricks fill 12."""
    quint_tricks = [{"trick_no": no, "winner": team, "quints": list(codes)} for no, team, codes in quints]
    if plain is None:
        plain = {"A": 12 - len(quint_tricks) - 5, "B": 5}
    declarations = {"dealer": "N", "quint_tricks": quint_tricks, "plain_tricks_won": plain,
                    "last_trick_winner": last, "cachette": list(cachette), **changes}
    if before is not None:
        declarations["totals_before"] = before
    return declarations


def answer(declarations, **changes):
    return RULES.score_deal(declarations, options(**changes)).answer


def refused(declarations, **changes) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        RULES.score_deal(declarations, options(**changes))
    return err.value


# -- RULES §5.1: one global rank; the highest card wins -------------------------------------------

def test_the_global_rank_is_suit_first_then_ace_down_to_two_and_the_joker_last():
    ranked = sorted(DECK_53, key=rank_key, reverse=True)
    assert [str(card) for card in ranked[:3]] == ["AH", "KH", "QH"]
    assert [str(card) for card in ranked[12:15]] == ["2H", "AD", "KD"]
    assert [str(card) for card in ranked[-3:]] == ["3S", "2S", "JOKER"]
    assert len({rank_key(card) for card in DECK_53}) == 53


@pytest.mark.parametrize(("trick", "winner"), [
    pytest.param("KS 2C AS 3S", 1, id="RULES §5.1: a higher suit wins, whatever was led"),
    pytest.param("2D AC KC QC", 0, id="RULES §5.1: diamonds above clubs"),
    pytest.param("AS KS QS JS", 0, id="RULES §5.1: same suit: the ace"),
    pytest.param("JOKER 2S 3S 4S", 3, id="RULES §5.1: the joker is the lowest card"),
    pytest.param("2H AD AC AS", 0, id="RULES §5.1: the 2 of hearts beats every diamond"),
])
def test_the_highest_card_wins_the_trick(trick, winner):
    assert trick_winner(parse_cards(trick)) == winner


def test_the_joker_alone_wins_nothing():
    assert trick_winner(parse_cards("JOKER")) is None


# -- RULES §5.3: quints ---------------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "found"), [
    pytest.param("5H 7C", [("5♥", 20)], id="RULES §5.3: the 5 of hearts, 20"),
    pytest.param("AD 4D", [("A♦ 4♦", 15)], id="RULES §5.3: A + 4 of diamonds, 15"),
    pytest.param("2C 3C", [("2♣ 3♣", 10)], id="RULES §5.3: 2 + 3 of clubs, 10"),
    pytest.param("5S", [("5♠", 5)], id="RULES §5.3: the 5 of spades, 5"),
    pytest.param("JOKER", [("JOKER", 25)], id="RULES §5.3: the joker (quint royal), 25"),
    pytest.param("AH 4H 2H 3H", [("A♥ 4♥", 20), ("2♥ 3♥", 20)], id="RULES §5.3: A 4 2 3 of one suit: two quints"),
    pytest.param("AD 4H", [], id="RULES §5.3: a pair of different suits is nothing"),
    pytest.param("AD 2D", [], id="RULES §5.3: A and 2 make no quint"),
    pytest.param("5C JOKER AC 4C", [("JOKER", 25), ("5♣", 10), ("A♣ 4♣", 10)], id="RULES §5.3: three in a trick"),
])
def test_quints_are_found_in_a_tricks_cards(cards, found):
    assert [(quint.label, quint.value) for quint in quints_in(parse_cards(cards))] == found


def test_all_quints_together_are_175():
    assert quinto_cards.ALL_QUINTS == 175  # RULES §5.3: 25 + 3 × (20 + 15 + 10 + 5)
    assert sum(quint.value for quint in quints_in(DECK_53)) == 175
    assert len(quinto_cards.QUINT_CARDS) == 21


# -- RULES §5.2, §7 item 28: doubling -------------------------------------------------------------

@pytest.mark.parametrize(("calls", "valid", "multiplier", "position"), [
    pytest.param("pass pass pass pass", True, "none", None, id="RULES §5.2: all pass, 5 a trick"),
    pytest.param("double pass pass pass", True, "double", None, id="RULES §5.2: a double, 10 a trick"),
    pytest.param("pass double redouble pass", True, "redouble", None, id="RULES §5.2: an opponent redoubles"),
    pytest.param("double pass pass redouble", True, "redouble", None, id="RULES §5.2: the 4th answers the 1st"),
    pytest.param("pass double quaddouble pass", True, "redouble", None, id="RULES §5.5: quaddouble is a redouble"),
    pytest.param("double pass redouble pass", False, "double", 3, id="RULES §5.2: never over one's partner"),
    pytest.param("redouble pass pass pass", False, "none", 1, id="RULES §5.2: a redouble needs a double"),
    pytest.param("double double pass pass", False, "double", 2, id="RULES §7 item 28: a second double is invalid"),
    pytest.param("double redouble redouble pass", False, "redouble", 3, id="RULES §5.2: one redouble"),
    pytest.param("pass double pass pass redouble", False, "double", 5,
                 id="RULES §7 item 28: once around; who spoke before the double cannot redouble"),
])
def test_doubling_calls(calls, valid, multiplier, position):
    verdict = check_calls(quinto_cards.read_calls(calls))
    assert (verdict.valid, verdict.multiplier, verdict.position) == (valid, multiplier, position)
    assert (verdict.problem is None) == valid


# -- RULES §5.4: scoring a deal -------------------------------------------------------------------

def test_a_plain_deal_scores_13_trick_values():
    got = answer(deal(plain={"A": 7, "B": 5}, last="B"))
    assert got["tricks_counted"] == {"A": 7, "B": 6}  # RULES §5.3: the cachette is one more trick
    assert got["trick_points"] == {"A": 35, "B": 30}
    assert got["deal_score"] == got["totals"] == {"A": 35, "B": 30}
    assert not got["finished"] and got["winner"] is None and not got["ended_during_play"]


@pytest.mark.parametrize(("multiplier", "value", "trick_points"), [
    pytest.param("none", 5, 65, id="RULES §5.4: 65 in all"),
    pytest.param("double", 10, 130, id="RULES §5.4: doubled, 130 in all"),
    pytest.param("redouble", 20, 260, id="RULES §5.4: redoubled, 260 in all"),
])
def test_doubling_multiplies_trick_points_but_never_quints(multiplier, value, trick_points):
    got = answer(deal([(3, "A", ["5H"]), (8, "B", ["JOKER"])], multiplier=multiplier))
    assert got["trick_value"] == value
    assert sum(got["trick_points"].values()) == trick_points
    assert got["quints"] == {"A": 20, "B": 25}  # RULES §5.2: quints are never multiplied


def test_the_explanation_reads_trick_by_trick_and_adds_up():
    scored = RULES.score_deal(deal([(2, "A", ["5H"]), (5, "B", ["AD", "4D", "5D"])], plain={"A": 6},
                                   cachette=["JOKER"], calls=["pass", "double", "redouble", "pass"]), DEFAULTS)
    assert [line.render() for line in scored.lines] == [
        "S doubled and W redoubled (×4): a trick is worth 20",
        "Trick 2 to N–S: 5♥ (20) = 20; 0 + 20 = 20",
        "Trick 5 to E–W: 5♦ (15) + A♦ 4♦ (15) = 30; 0 + 30 = 30",
        "The cachette to N–S with the last trick: JOKER (25) = 25; 20 + 25 = 45",
        "Tricks: N–S 8, E–W 5, the cachette counting as one more for N–S, who won the last trick",
        "N–S: 8 tricks × 20 = 160; 45 + 160 = 205",
        "E–W: 5 tricks × 20 = 100; 30 + 100 = 130",
        "N–S 205, E–W 130: nobody has reached 250, the game goes on",
        "Score: N–S 205, E–W 130",
    ]
    assert scored.summary.render() == "Redoubled — quints N–S 45, E–W 30"
    assert scored.made is None and dict(scored.score) == {"A": 205, "B": 130}


def test_the_redouble_is_named_as_the_table_names_it():
    scored = RULES.score_deal(deal(multiplier="redouble"), options(redouble_name="quaddouble"))
    assert scored.lines[0].render() == "Quaddoubled (×4): a trick is worth 20"
    assert scored.summary.render().startswith("Quaddoubled")
    assert scored.score == RULES.score_deal(deal(multiplier="redouble"), DEFAULTS).score


def test_a_team_reaching_250_through_quints_wins_at_once():
    got = answer(deal([(4, "B", ["JOKER"]), (9, "A", ["5H"])], plain={"A": 3, "B": 3}, last=None,
                      before={"A": 230, "B": 200}))
    assert got["totals"] == {"A": 250, "B": 225}  # RULES §5.4: the deal stops at trick 9
    assert got["deal_score"] == {"A": 20, "B": 25} and got["trick_points"] == {"A": 0, "B": 0}
    assert got["finished"] and got["winner"] == "A"
    assert got["ended_during_play"] and got["ended_after_trick"] == 9


def test_the_cachettes_quints_come_before_trick_points():
    """RULES §7 item 15: E–W reach 250 with the cachette and win, though N–S would pass them with
    their trick points."""
    got = answer(deal(plain={"A": 11, "B": 1}, last="B", cachette=["5S"], before={"A": 240, "B": 245}))
    assert got["winner"] == "B" and got["ended_after_trick"] == "cachette"
    assert got["totals"] == {"A": 240, "B": 250} and got["trick_points"] == {"A": 0, "B": 0}


@pytest.mark.parametrize(("before", "plain", "tie", "expected"), [
    pytest.param({"A": 240, "B": 100}, {"A": 2, "B": 10}, "another_deal", ("A", False, False, 255),
                 id="RULES §5.4: one team reaches 250 after trick points"),
    pytest.param({"A": 240, "B": 245}, {"A": 4, "B": 8}, "another_deal", ("B", False, False, 265),
                 id="RULES §5.4: both reach 250: the higher wins"),
    pytest.param({"A": 230, "B": 235}, {"A": 6, "B": 6}, "another_deal", (None, False, True, 265),
                 id="RULES §5.4: equal past 250: another deal"),
    pytest.param({"A": 230, "B": 235}, {"A": 6, "B": 6}, "draw", (None, True, False, 265),
                 id="RULES §7 item 27: option tie_at_250 draw"),
    pytest.param({"A": 100, "B": 100}, {"A": 6, "B": 6}, "another_deal", (None, False, False, 135),
                 id="RULES §5.4: nobody at 250: the game goes on"),
])
def test_the_game_after_trick_points(before, plain, tie, expected):
    got = answer(deal(plain=plain, last="A", before=before), tie_at_250=tie)
    assert (got["winner"], got["draw"], got["another_deal"], got["totals"]["A"]) == expected
    assert got["finished"] == (expected[0] is not None or expected[1])
    assert not got["ended_during_play"] and got["ended_after_trick"] is None


def test_the_extra_deal_ends_at_the_first_quint():
    """RULES §7 item 27: after a tie at 250 or more, the first team ahead wins."""
    got = answer(deal([(2, "B", ["2S", "3S"])], plain={"A": 1, "B": 0}, last=None, before={"A": 265, "B": 265}))
    assert got["extra_deal"] and got["winner"] == "B" and got["ended_after_trick"] == 2
    assert got["totals"] == {"A": 265, "B": 270}


def test_the_extra_deal_without_quints_is_decided_by_trick_points():
    got = answer(deal(plain={"A": 5, "B": 7}, last="A", before={"A": 265, "B": 265}))
    assert got["winner"] == "B" and got["totals"] == {"A": 295, "B": 300}


@pytest.mark.parametrize(("before", "tie"), [
    pytest.param({"A": 250, "B": 100}, "another_deal", id="RULES §5.4: a team at 250 has won"),
    pytest.param({"A": 260, "B": 260}, "draw", id="RULES §7 item 27: a tie past 250 is a draw with the option"),
])
def test_a_deal_after_the_game_is_over_is_refused(before, tie):
    assert refused(deal(before=before), tie_at_250=tie).field == "totals_before"


# -- games and the rubber on the sheet (RULES §5.4) ------------------------------------------------

WIN_A = deal([(1, "A", ["JOKER"]), (2, "A", ["5H"]), (3, "A", ["AH", "4H"]), (4, "A", ["2H", "3H"])],
              plain={"A": 8, "B": 0}, multiplier="redouble")  # 85 quints + 13 × 20 = 345 to N–S, 0 to E–W
WIN_B = deal([(1, "B", ["JOKER"]), (2, "B", ["5H"]), (3, "B", ["AH", "4H"]), (4, "B", ["2H", "3H"])],
             plain={"A": 0, "B": 8}, last="B", multiplier="redouble")
QUIET = deal(plain={"A": 6, "B": 6}, last="B")  # 30 to N–S, 35 to E–W


def test_the_sheet_carries_the_game_totals_and_stops_a_game_during_play():
    sheet = RULES.score_sheet([QUIET, QUIET, QUIET, deal([(5, "A", ["AD", "4D"]), (7, "B", ["5S"])])], DEFAULTS)
    assert [dict(row.game_totals) for row in sheet.rows[:3]] == [
        {"A": 30, "B": 35}, {"A": 60, "B": 70}, {"A": 90, "B": 105}]
    assert sheet.rows[3].declarations["totals_before"] == {"A": 90, "B": 105}
    assert sheet.rows[3].scored.answer["quints"] == {"A": 15, "B": 5}
    assert sheet.rows[3].scored.answer["totals"] == {"A": 140, "B": 140}
    assert sheet.game == 1 and dict(sheet.game_totals) == {"A": 140, "B": 140}


def test_a_game_won_during_play_refuses_the_tricks_after_it_on_the_sheet():
    near = deal(plain={"A": 11, "B": 1}, last="A", multiplier="redouble")  # 240 to N–S, 20 to E–W
    late = deal([(2, "A", ["5S"]), (3, "A", ["5C"]), (9, "B", ["5H"])])
    after_near = RULES.score_sheet([near], DEFAULTS)
    for place in (RULES.score_in_place, RULES.add_in_place):  # a new deal's page adds it strictly
        err = pytest.raises(RuleViolation, place, after_near, late, DEFAULTS).value
        assert err.field == "quint_tricks" and "a trick after the game was already won" in str(err)
    err = pytest.raises(RuleViolation, RULES.score_in_place, after_near, deal([(2, "A", ["5S"]), (3, "A", ["5C"])]),
                        DEFAULTS).value
    assert err.field == "plain_tricks_won" and "a trick after the game was already won" in str(err)
    stopped = deal([(2, "A", ["5S"]), (3, "A", ["5C"])], plain={"A": 0, "B": 1}, last=None)
    sheet = RULES.score_sheet([near, stopped], DEFAULTS)
    assert RULES.add_in_place(after_near, stopped, DEFAULTS) == sheet
    assert sheet.rows[1].scored.answer["ended_after_trick"] == 3
    assert sheet.rows[1].game_result.winner == "A" and sheet.game == 2


def test_an_edited_history_is_still_shown_with_what_was_left_out():
    near = deal(plain={"A": 11, "B": 1}, last="A", multiplier="redouble")
    late = deal([(2, "A", ["5S"]), (3, "A", ["5C"])])
    sheet = RULES.score_sheet([near, late, QUIET], DEFAULTS)
    row = sheet.rows[1].scored
    assert row.answer["mismatch"] == "after_win" and row.answer["totals"]["A"] == 255
    assert "not counted" in row.lines[-2].render()


def test_a_rubber_is_two_games_won_with_a_bonus_of_100():
    sheet = RULES.score_sheet([WIN_A, WIN_B, WIN_A, QUIET], DEFAULTS)
    assert [row.game for row in sheet.rows] == [1, 2, 3, 4]
    assert [dict(row.games_won) for row in sheet.rows] == [
        {"A": 1, "B": 0}, {"A": 1, "B": 1}, {"A": 2, "B": 1}, {"A": 2, "B": 1}]
    assert sheet.result.winner == "A" and not sheet.result.draw
    assert dict(sheet.rubber_scores) == {"A": 345 + 0 + 345 + 100, "B": 0 + 345 + 0}
    assert [line.render() for line in sheet.result.lines] == [
        "Game 1: N–S 345, E–W 0; N–S win", "Game 2: N–S 0, E–W 345; E–W win", "Game 3: N–S 345, E–W 0; N–S win",
        "N–S win the rubber, 2 games to 1", "N–S: 345 + 0 + 345 + 100 rubber bonus = 790",
        "E–W: 0 + 345 + 0 = 345"]
    # the fourth deal comes after the end of the match (the rubber was won at the third): not counted
    assert sheet.counted == 3 and sheet.result.deal == 3
    assert dict(sheet.totals) == dict(sheet.rows[-1].totals) == {"A": 345 + 0 + 345, "B": 0 + 345 + 0}
    assert sheet.rows[0].game_result.lines[0].render() == "N–S 345, E–W 0: N–S reach 250 and win the game"


@pytest.mark.parametrize("split", range(7))
def test_a_sheet_extended_by_later_deals_is_the_sheet_of_them_all(split):
    """The sheet of the first deals, extended by the rest, is the whole sheet: the game in
    progress, its totals, the games and the rubber (won at the fourth deal, shown after) carry on."""
    tie = deal(plain={"A": 6, "B": 6}, last="A", multiplier="redouble")
    deals = [WIN_A, tie, WIN_B, WIN_A, QUIET, WIN_B]
    whole = RULES.score_sheet(deals, DEFAULTS)
    assert whole.result.winner == "A" and whole.games_won == {"A": 2, "B": 1}
    assert RULES.extend_sheet(RULES.score_sheet(deals[:split], DEFAULTS), deals[split:], DEFAULTS) == whole


def test_a_tie_on_the_sheet_plays_an_extra_deal_and_a_draw_starts_a_new_game():
    tie = deal(plain={"A": 6, "B": 6}, last="A", multiplier="redouble")  # 140 to N–S, 120 to E–W
    catch_up = deal(plain={"A": 6, "B": 6}, last="B", multiplier="redouble")  # 120 to N–S, 140 to E–W
    sheet = RULES.score_sheet([tie, catch_up, QUIET], DEFAULTS)
    assert sheet.rows[1].scored.answer["another_deal"] and sheet.rows[2].declarations["totals_before"] == {
        "A": 260, "B": 260}
    assert sheet.rows[2].scored.answer["extra_deal"] and sheet.rows[2].game_result.winner == "B"
    drawn = RULES.score_sheet([tie, catch_up, QUIET], options(tie_at_250="draw"))
    assert drawn.rows[1].game_result.draw and drawn.rows[2].game == 2
    assert drawn.rows[2].declarations["totals_before"] == {"A": 0, "B": 0}


def test_the_sheet_says_where_each_game_ends_and_where_the_rubber_stands():
    """RULES §5.4: the row that ends a game says so with the games won; a tie calls for another
    deal; while the rubber goes on, the sheet gives the game in progress and the games won."""
    tie = deal(plain={"A": 6, "B": 6}, last="A", multiplier="redouble")
    catch_up = deal(plain={"A": 6, "B": 6}, last="B", multiplier="redouble")
    sheet = RULES.score_sheet([tie, catch_up, QUIET], DEFAULTS)
    assert [[line.render() for line in row.notes] for row in sheet.rows] == [
        [], ["Equal at 260: another deal decides the game"],
        ["Game 1: N–S 290, E–W 295; E–W win", "Games won: N–S 0, E–W 1"]]
    assert [line.render() for line in sheet.standing] == [
        "Game 2 so far: N–S 0, E–W 0", "Games won: N–S 0, E–W 1"]


def test_match_result_is_a_games_end_from_its_totals():
    assert RULES.match_result({"A": 255, "B": 100}, DEFAULTS).winner == "A"
    assert RULES.match_result({"A": 200, "B": 100}, DEFAULTS) is None
    assert RULES.match_result({"A": 260, "B": 260}, DEFAULTS) is None
    assert RULES.match_result({"A": 260, "B": 260}, options(tie_at_250="draw")).draw


def test_rubber_scores_follow_the_rules():
    state = quinto_score.rubber((quinto_score.GameOver(1, "B", {"A": 120, "B": 250}),))
    assert state.winner is None and dict(state.games_won) == {"A": 0, "B": 1}
    assert dict(state.scores) == {"A": 120, "B": 250}


# -- options (RULES §5.5) ------------------------------------------------------------------------

def test_every_option_of_rules_5_with_its_default():
    assert DEFAULTS == {"joker_lead_rule": True, "tie_at_250": "another_deal", "cachette_dealt_first": False,
                        "redouble_name": "redouble"}
    assert {option.key for option in RULES.options if not option.scoring} == {
        "joker_lead_rule", "cachette_dealt_first", "redouble_name"}
    for option in RULES.options:
        assert "RULES" not in option.help + option.label and "seed" not in option.help.lower()


@pytest.mark.parametrize(("raw", "field"), [
    pytest.param({"tie_at_250": "replay"}, "options.tie_at_250", id="RULES §5.5: tie_at_250 choices"),
    pytest.param({"redouble_name": "surcontre"}, "options.redouble_name", id="RULES §5.5: redouble_name choices"),
    pytest.param({"joker_lead_rule": "sometimes"}, "options.joker_lead_rule", id="RULES §5.5: a yes/no option"),
])
def test_bad_options_are_named(raw, field):
    with pytest.raises(RuleViolation) as err:
        RULES.resolve_options(raw)
    assert err.value.field == field


def test_seats_teams_and_the_registry_to_come():
    assert RULES.key == "quinto" and RULES.sides == ("A", "B")
    assert [RULES.side_of(seat) for seat in "NESW"] == ["A", "B", "A", "B"]
    assert RULES.side_label("A") == "N–S" and RULES.next_dealer("W", DEFAULTS) == "N"
    assert RULES.deal_points(RULES.score_deal(WIN_A, DEFAULTS)) == {"A": 85, "B": 0}


def test_the_cachette_is_its_five_cards_and_the_engine_finds_its_quints():
    """RULES.md §6: cachette is its five cards; the quints are found in them (§5.3: 2 + 3 of clubs, 10)."""
    scored = RULES.score_deal(deal([(2, "A", ["5H"])], plain={"A": 6}, cachette=["2C", "3C", "KS", "9D", "7H"]),
                              DEFAULTS)
    assert scored.answer["quints"] == {"A": 20 + 10, "B": 0}
    assert "The cachette to N–S with the last trick: 2♣ 3♣ (10) = 10; 20 + 10 = 30" in \
        [line.render() for line in scored.lines]
    stored = RULES.read_deal(deal([(2, "A", ["5H"])], plain={"A": 6}, cachette=["KS", "3C", "9D", "2C", "7H"]),
                             DEFAULTS)
    assert sorted(stored["cachette"]) == ["2C", "3C"]  # the record keeps the quint cards


def test_a_trick_whose_quint_cards_make_no_quint_is_a_plain_trick():
    """RULES.md §6: quint_tricks may hold tricks with quint cards that make no quint (§5.3: A and 3 of
    diamonds add to 4, and quints pair only inside one trick); such a trick counts as a trick won."""
    declared = deal([(2, "A", ["5H"])], plain={"A": 5, "B": 5})
    declared["quint_tricks"].append({"trick_no": 7, "winner": "A", "cards": ["AD", "3D", "KS", "9C"]})
    scored = RULES.score_deal(declared, DEFAULTS)
    plain = RULES.score_deal(deal([(2, "A", ["5H"])], plain={"A": 6, "B": 5}), DEFAULTS)
    assert dict(scored.score) == dict(plain.score) and scored.answer["tricks_counted"] == {"A": 8, "B": 5}
    assert "Trick 7 to N–S: its quint cards make no quint (a plain trick)" in [line.render() for line in scored.lines]
    stored = RULES.read_deal(declared, DEFAULTS)  # as the pages show it again: a plain trick of N–S
    assert (stored["quint_tricks"], stored["plain_tricks_won"]) == \
        ([{"trick_no": 2, "winner": "A", "quints": ["5H"]}], {"A": 6, "B": 5})
