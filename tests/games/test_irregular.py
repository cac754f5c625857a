"""Irregularities (RULES.md §8): a misdeal, a revoke and a penalty as lines of the sheet, scored by
the engine and counted like any deal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import games
from scorekeeper.errors import RuleViolation
from scorekeeper.statistics import SeatedDeal, player_statistics
from tests.games.test_belote_deal import deals as belote_deals
from tests.games.test_contree import deals as contree_deals
from scorekeeper.games import irregular
from scorekeeper.games.pandoeren import deal as pandoeren_deal
from tests.games.test_pandoeren_form import deals as pandoeren_deals
from tests.games.test_quinto_entry import played as quinto_played

BELOTE, CONTREE, KLABERJASS = games.get_rules("belote"), games.get_rules("contree"), games.get_rules("klaberjass")
PANDOEREN, QUINTO = games.get_rules("pandoeren"), games.get_rules("quinto")
# Contrée: N–S bid 100 ♥ and take 98 card points and the last trick (made: 210); E–W hold the belote.
CONTREE_DEAL = {"dealer": "W", "bidder": "N", "bid": 100, "trump": "H", "contre": "none",
                "card_points": {"A": 98}, "last_trick": "A", "belote": "B"}
# Belote: N takes ♥; N–S 81 card points and the last trick; N–S hold the belote.
BELOTE_DEAL = {"dealer": "W", "taker": "N", "trump": "H", "trick_points": {"A": 81}, "last_trick": "A",
               "belote": "A"}
KLABERJASS_DEAL = {"dealer": "P2", "maker": "P1", "trump": "H", "card_points": {"P1": 70, "P2": 40},
                   "last_trick": "P1", "bella": "P2"}


def scored(rules, line, **options):
    return rules.score_line(line, rules.resolve_options(options))


def words(result) -> list[str]:
    return [line.render() for line in result.lines]


def test_a_misdeal_scores_nothing_and_the_same_dealer_deals_again():
    """RULES §8: the deal is cancelled with no score; by default the same dealer deals again."""
    misdeal = {"kind": "misdeal", "dealer": "E"}
    result = scored(CONTREE, misdeal)
    assert dict(result.score) == {"A": 0, "B": 0} and result.made is None
    assert words(result) == ["Misdeal: the deal is cancelled, no score (RULES §8)", "E deals again"]
    assert result.summary.render() == "Misdeal by E"
    options = CONTREE.resolve_options()
    assert CONTREE.dealer_of_next([CONTREE_DEAL, misdeal], "N", options) == "E"
    assert CONTREE.dealer_of_next([misdeal, CONTREE_DEAL], "N", options) == "N"  # after W's deal


def test_a_penalty_is_added_where_it_stands_and_never_multiplied():
    """RULES §8: a signed number of points to one side, with a reason, added to the running total
    where it stands on the sheet, never multiplied."""
    surcontre = {**CONTREE_DEAL, "contre": "surcontre"}
    sheet = CONTREE.score_sheet([surcontre, {"kind": "penalty", "side": "A", "points": -50, "reason": "Slow play"},
                                 {"kind": "penalty", "side": "B", "points": 30, "reason": "Renounce claimed"}], {})
    first = dict(sheet.rows[0].totals)
    assert [dict(row.scored.score) for row in sheet.rows[1:]] == [{"A": -50, "B": 0}, {"A": 0, "B": 30}]
    assert dict(sheet.totals) == {"A": first["A"] - 50, "B": first["B"] + 30}
    assert words(sheet.rows[1].scored)[0] == "Penalty: 50 points off N–S: Slow play"
    assert sheet.rows[2].scored.summary.render() == "Penalty: 30 points to E–W: Renounce claimed"


def test_a_penalty_can_end_the_match_at_its_line():
    """RULES §2.5 and §8: the penalty counts in the running total, so it can take a side to the
    target; the match ends at that line and later ones are after the end."""
    sheet = CONTREE.score_sheet([CONTREE_DEAL, {"kind": "penalty", "side": "A", "points": 400, "reason": "Award"},
                                 CONTREE_DEAL], {"target": 500})
    assert sheet.counted == 2 and sheet.result.winner == "A"


@pytest.mark.parametrize(("line", "field"), [
    pytest.param({"kind": "penalty", "side": "C", "points": 5, "reason": "x"}, "side", id="RULES §8: a side of the game"),
    pytest.param({"kind": "penalty", "side": "A", "points": 0, "reason": "x"}, "points", id="RULES §8: no 0 penalty"),
    pytest.param({"kind": "penalty", "side": "A", "points": 1001, "reason": "x"}, "points", id="typing slip"),
    pytest.param({"kind": "penalty", "side": "A", "points": "5", "reason": "x"}, "points", id="a number"),
    pytest.param({"kind": "penalty", "side": "A", "points": 5, "reason": "  "}, "reason",
                 id="RULES §8: with a reason in words"),
    pytest.param({"kind": "misdeal"}, "dealer", id="RULES §8: a misdeal names its dealer"),
    pytest.param({"kind": "misdeal", "dealer": "N", "score": 3}, "score", id="nothing else"),
    pytest.param({"kind": "revoke", **CONTREE_DEAL}, "at_fault", id="RULES §8: a revoke names the side at fault"),
    pytest.param({"kind": "foul", "dealer": "N"}, "kind", id="four kinds"),
])
def test_a_line_that_does_not_read_is_refused_naming_its_field(line, field):
    with pytest.raises(RuleViolation) as err:
        CONTREE.read_line(line, CONTREE.resolve_options())
    assert err.value.field == field


def test_a_game_refuses_the_kinds_it_does_not_record():
    """Quinto's sheet carries each game's totals: of RULES §8's lines it records the revoke alone."""
    with pytest.raises(RuleViolation, match="kind must be one of deal, revoke$"):
        QUINTO.read_line({"kind": "misdeal", "dealer": "N"}, QUINTO.resolve_options())


# Pandoeren: N plays 150 ♥ (worth 2) with S, who holds the called A♠.
PANDOEREN_150 = {"dealer": "W", "contract": "150", "declarer": "N", "partner": "S", "trump": "H", "called_card": "AS"}


@pytest.mark.parametrize(("at_fault", "options", "expected"), [
    pytest.param("N", {}, {"N": -4, "E": 0, "S": -2, "W": 0},
                 id="RULES §8 Pandoeren: the declarer revoked: failed (§4.4 -2 each), and -2 more for N alone"),
    pytest.param("S", {}, {"N": -2, "E": 0, "S": -4, "W": 0},
                 id="RULES §8 Pandoeren: the partner revoked: failed, and -2 more for the partner alone"),
    pytest.param("E", {}, {"N": 2, "E": -2, "S": 2, "W": 0},
                 id="RULES §8 Pandoeren: an opponent revoked: made (+2 each), and -2 for the opponent alone"),
    pytest.param("E", {"revoke_extra_penalty": False}, {"N": 2, "E": 0, "S": 2, "W": 0},
                 id="RULES §8 Pandoeren: option revoke_extra_penalty off: the revoke only decides the contract"),
    pytest.param("N", {"revoke_extra_penalty": False}, {"N": -2, "E": 0, "S": -2, "W": 0},
                 id="RULES §8 Pandoeren: option off, the declarer revoked: failed alone"),
])
def test_a_revoke_in_pandoeren(at_fault, options, expected):
    result = scored(PANDOEREN, {**PANDOEREN_150, "kind": "revoke", "at_fault": at_fault}, **options)
    assert dict(result.score) == expected
    assert words(result)[1] == "N plays 150 ♥ with S, who holds the called A♠"


def test_a_revoke_in_a_solo_contract_touches_the_declarer_and_the_offender_only():
    """RULES §8 Pandoeren with §4.4's solo contracts: only the declarer adds or subtracts; the
    offender alone loses the value once more (Misère is worth 3)."""
    misere = {"contract": "Misère", "declarer": "W", "trump": "S", "kind": "revoke"}
    made = scored(PANDOEREN, {**misere, "at_fault": "N"})
    assert dict(made.score) == {"N": -3, "E": 0, "S": 0, "W": 3}
    assert words(made)[2:] == ["N, an opponent, revoked: Misère is made whatever the play (RULES §8): W +3",
                               "N alone also loses the contract's value once more: 0 − 3 = -3",
                               "Score: N -3, E 0, S 0, W +3"]
    assert dict(scored(PANDOEREN, {**misere, "at_fault": "W"}).score) == {"N": 0, "E": 0, "S": 0, "W": -6}


@pytest.mark.parametrize("played", [{"team_card_points": 80, "last_trick_team": "declarer"},
                                    {"made": True}, {"roem": {"S": "AH KH QH"}}, {"stuk": "N"}])
def test_a_pandoeren_revoke_gives_no_outcome_of_play(played):
    """RULES §8: the revoke decides the contract whatever the play: what play decided is refused, named."""
    with pytest.raises(RuleViolation, match="A revoke decides 150 whatever the play") as err:
        PANDOEREN.read_line({**PANDOEREN_150, **played, "kind": "revoke", "at_fault": "E"},
                            PANDOEREN.resolve_options())
    assert err.value.field in (*played, "roem.S")


QUINTO_DEAL = {"dealer": "W", "multiplier": "double", "plain_tricks_won": {"A": 5, "B": 5}, "last_trick_winner": "B",
               "quint_tricks": [{"trick_no": 3, "winner": "A", "quints": ["5H"]},
                                {"trick_no": 7, "winner": "B", "quints": ["AD", "4D"]}], "cachette": ["JOKER"]}


def test_a_revoke_in_quinto_gives_the_other_side_its_quints_and_every_trick_value():
    """RULES §8 Quinto: the side at fault nothing for the deal (its 5♥ struck); the other side its own
    quints (A♦ 4♦ 15, the joker in the cachette 25) and every trick value: 13 × 10 doubled."""
    result = scored(QUINTO, {**QUINTO_DEAL, "kind": "revoke", "at_fault": "A"})
    assert dict(result.score) == {"A": 0, "B": 15 + 25 + 130}
    assert "N–S revoked: their quints of this deal do not count (5♥ (20))" in words(result)
    assert "E–W score every trick value of the deal: 13 × 10 = 130; 40 + 130 = 170" in words(result)
    assert dict(scored(QUINTO, {**QUINTO_DEAL, "kind": "revoke", "at_fault": "B"}).score) == {"A": 150, "B": 0}


def test_a_quinto_revoke_counts_in_its_game_and_can_win_it():
    """RULES §8 and §5.4: the revoke's points go to the game in progress; past 250 the other side wins
    the game, and the next deal starts game 2 at 0 (the rubber's score keeps every deal)."""
    plain = {**QUINTO_DEAL, "quint_tricks": [], "cachette": [], "plain_tricks_won": {"A": 6, "B": 6}}
    sheet = QUINTO.score_sheet([plain, {**QUINTO_DEAL, "kind": "revoke", "at_fault": "A"}, plain], {})
    first, revoked, after = sheet.rows
    assert dict(first.game_totals) == {"A": 60, "B": 70}
    assert dict(revoked.game_totals) == {"A": 60, "B": 240}  # 70 + 170: short of 250
    assert revoked.game == 1 and revoked.game_result is None
    sheet = QUINTO.score_sheet([plain, plain, {**QUINTO_DEAL, "kind": "revoke", "at_fault": "A"}, plain], {})
    assert dict(sheet.rows[2].game_totals) == {"A": 120, "B": 310} and sheet.rows[2].game_result.winner == "B"
    assert sheet.rows[3].game == 2 and dict(sheet.rows[3].game_totals) == {"A": 60, "B": 70}
    assert dict(sheet.totals) == {"A": 180, "B": 380} and sheet.games_won == {"A": 0, "B": 1}


def test_a_quinto_revoke_stands_past_a_quint_that_reached_250():
    """RULES §8 over §5.4 (the seed ends the game at the quint that reaches 250): the side at fault
    scores no quint of the deal, so its quints end nothing; the record is scored whole."""
    late = {**QUINTO_DEAL, "totals_before": {"A": 240, "B": 0}, "kind": "revoke", "at_fault": "A"}
    result = scored(QUINTO, late)
    assert dict(result.score) == {"A": 0, "B": 170}
    with pytest.raises(RuleViolation):  # as a deal the record goes on after N–S won at trick 3
        QUINTO.score_deal({key: value for key, value in late.items() if key not in ("kind", "at_fault")},
                          QUINTO.resolve_options())


def test_the_belote_of_a_revoking_side_goes_over_with_the_option():
    """RULES §8 Belote, option revoke_belote_to_opponents: the belote of the side at fault goes to the
    other side (by default it stays with its holder)."""
    line = {**BELOTE_DEAL, "kind": "revoke", "at_fault": "A"}
    assert dict(scored(BELOTE, line, revoke_belote_to_opponents=True).score) == {"A": 0, "B": 182}
    assert "E–W take everything: 162 for all the cards + 20 belote = 182" in \
        words(scored(BELOTE, line, revoke_belote_to_opponents=True))


@pytest.mark.parametrize(("at_fault", "options", "expected"), [
    pytest.param("A", {}, {"A": 0, "B": 160 + 100 + 20},
                 id="RULES §8 Contrée: bidders at fault: a failed contract (§2.3), belote included"),
    pytest.param("B", {}, {"A": 260, "B": 20}, id="RULES §8 Contrée: defenders at fault: (160 + bid) x m, 20 belote"),
    pytest.param("B", {"contre": "contre"}, {"A": 520, "B": 20}, id="RULES §8 Contrée: x m, belote unmultiplied"),
    pytest.param("B", {"bid": None, "capot_bid": True, "card_points": {"A": 100}},
                 {"A": 500, "B": 20}, id="RULES §8 Contrée: capot bid 500 x m"),
])
def test_a_revoke_in_contree(at_fault, options, expected):
    line = {**CONTREE_DEAL, **options, "kind": "revoke", "at_fault": at_fault}
    result = scored(CONTREE, line)
    assert dict(result.score) == expected
    assert words(result)[0] == f"Revoke by {'N–S' if at_fault == 'A' else 'E–W'}: the deal is scored against them (RULES §8)"


def test_a_revoke_in_belote_gives_the_other_side_everything_multiplied():
    """RULES §8 Belote: the side at fault 0 (its belote stays with it), the other the deal's whole
    total plus every counted meld, multiplied as the contract is."""
    line = {**BELOTE_DEAL, "kind": "revoke", "at_fault": "A"}
    assert dict(scored(BELOTE, line).score) == {"A": 20, "B": 162}
    melds = {"melds": [{"seat": "E", "cards": ["AS", "KS", "QS"]}]}  # a tierce: 20
    sans_atout = {**BELOTE_DEAL, "contract": "sans_atout", "trump": None, "belote": None,
                  "trick_points": {"A": 60}, **melds}
    assert dict(scored(BELOTE, {**sans_atout, "kind": "revoke", "at_fault": "A"}, sans_atout=True).score) == \
        {"A": 0, "B": (130 + 20) * 2}


def test_a_revoke_at_three_leaves_the_others_their_own_points():
    """RULES §8 Belote for three: the player at fault 0, the others their own points."""
    deal = {"dealer": "P3", "taker": "P1", "trump": "H", "trick_points": {"P1": 30, "P2": 60, "P3": 52},
            "last_trick": "P2"}
    assert dict(scored(BELOTE, {**deal, "kind": "revoke", "at_fault": "P1"}, players=3).score) == \
        {"P1": 0, "P2": 70, "P3": 52}


def test_a_revoke_in_klaberjass_is_bete_whatever_the_points():
    """RULES §8 Klaberjass: the player at fault is bête; the other scores 162 plus all counted
    sequences and bella of both."""
    result = scored(KLABERJASS, {**KLABERJASS_DEAL, "kind": "revoke", "at_fault": "P1"})
    assert dict(result.score) == {"P1": 0, "P2": 182}
    assert "P1 revoked: bête" in words(result)[1]


def test_a_litige_stays_held_across_a_penalty_and_a_misdeal():
    """RULES §1.6 and §8: the points a litige holds go to the winner of the next deal played out."""
    tie = {**BELOTE_DEAL, "trick_points": {"A": 71}, "belote": None}  # N–S 71 + 10 = E–W 81
    sheet = BELOTE.score_sheet([tie,
                                {"kind": "misdeal", "dealer": "N"},
                                {"kind": "penalty", "side": "B", "points": -10, "reason": "x"}], {"litige": True})
    held = sheet.rows[0].scored.answer["litige_pending"]
    assert held and [row.scored.answer["litige_pending"] for row in sheet.rows[1:]] == [held, held]


def lines(rules, deals: st.SearchStrategy, sides: tuple[str, ...], seats: tuple[str, ...],
          revoked=dict) -> st.SearchStrategy:
    """Any mix of deals and of the misdeals, penalties and revokes (a deal as ``revoked`` leaves
    it) the game records."""
    kinds = {"deal": deals,
             "misdeal": st.builds(lambda dealer: {"kind": "misdeal", "dealer": dealer}, st.sampled_from(seats)),
             "penalty": st.builds(lambda side, points: {"kind": "penalty", "side": side, "points": points,
                                                        "reason": "r"},
                                  st.sampled_from(sides), st.integers(1, 1000) | st.integers(-1000, -1)),
             "revoke": st.builds(lambda deal, side: {**revoked(deal), "kind": "revoke", "at_fault": side},
                                 deals, st.sampled_from(sides))}
    return st.lists(st.one_of(*(kinds[kind] for kind in ("deal", *rules.irregular_kinds))), max_size=12)


def contract_only(deal: dict) -> dict:
    """A Pandoeren deal as a revoke gives it: the contract and its side (RULES §8)."""
    return {key: value for key, value in deal.items() if key not in pandoeren_deal.OUTCOME}


GAMES = st.sampled_from([
    (CONTREE, {"target": 1000}, contree_deals(), dict),
    (BELOTE, {"litige": True}, belote_deals(), dict),
    (PANDOEREN, {"agreed_deals": 8}, pandoeren_deals(), contract_only),
])


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_totals_are_the_sum_of_the_counted_lines_whatever_their_kinds(data):
    """RULES §8: every line is added to the running total where it stands; the match ends at the
    first line at which the end rule is met (one definition, the engine's)."""
    rules, options, deals, revoked = data.draw(GAMES)
    table = rules.table(rules.resolve_options(options))
    sheet = rules.score_sheet(data.draw(lines(rules, deals, table.sides, table.seats, revoked)), options)
    counted = sheet.rows[:sheet.counted]
    assert dict(sheet.totals) == {side: sum(row.scored.score[side] for row in counted) for side in table.sides}
    running, deals_played = dict.fromkeys(table.sides, 0), 0
    for at, row in enumerate(counted, start=1):
        running = {side: running[side] + row.scored.score[side] for side in table.sides}
        deals_played += irregular.played(row.declarations)  # RULES §8: a misdeal or a penalty is no deal played
        assert dict(row.totals) == running
        ended = rules.end_of_match(running, deals_played, rules.resolve_options(options), line=at)
        assert (ended is not None) == (at == sheet.counted and sheet.result is not None)


def after_the_deal(played: tuple) -> dict:
    """A whole Quinto deal recorded after it, the sheet giving its game's totals."""
    return {key: value for key, value in played[2].items() if key != "totals_before"}


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_quintos_totals_are_the_sum_of_the_counted_lines_and_each_game_of_its_own(data):
    """RULES §8 and §5.4: a revoke is a line of the game in progress; the rubber scores are the sums
    of the lines, each game's totals the sums since it began."""
    sheet = QUINTO.score_sheet(data.draw(lines(QUINTO, quinto_played().map(after_the_deal), ("A", "B"),
                                               ("N", "E", "S", "W"))), {})
    counted = sheet.rows[:sheet.counted]
    assert dict(sheet.totals) == {side: sum(row.scored.score[side] for row in counted) for side in "AB"}
    game = {"A": 0, "B": 0}
    for row in sheet.rows:
        game = {side: game[side] + row.scored.score[side] for side in "AB"}
        assert dict(row.game_totals) == game
        if row.game_result is not None:
            game = {"A": 0, "B": 0}


def test_a_players_statistics_count_the_deals_played_not_the_lines_of_section_8():
    """A misdeal, a penalty or a revoke is no contract taken or played (RULES §8)."""
    sheet = CONTREE.score_sheet([CONTREE_DEAL, {"kind": "misdeal", "dealer": "N"},
                                 {"kind": "penalty", "side": "A", "points": -20, "reason": "Late"},
                                 {**CONTREE_DEAL, "kind": "revoke", "at_fault": "B"}], {})
    figures, = player_statistics(SeatedDeal(CONTREE, "N", row.declarations, row.scored) for row in sheet.rows)
    assert (figures.deals, figures.taken, figures.made, figures.points) == (1, 1, 1, 210)


def test_with_misdeal_passes_deal_the_next_dealer_deals():
    """RULES §8 option misdeal_passes_deal: the deal passes to the next dealer."""
    options = PANDOEREN.resolve_options({"misdeal_passes_deal": True})
    assert PANDOEREN.dealer_of_next([{"kind": "misdeal", "dealer": "N"}], "N", options) == "E"
    assert "E deals next" in words(scored(PANDOEREN, {"kind": "misdeal", "dealer": "N"}, misdeal_passes_deal=True))


JUNK = st.recursive(st.none() | st.booleans() | st.integers(-300, 300) | st.sampled_from(
    ["N", "E", "S", "W", "A", "B", "H", "150", "Misère", "Kereltje", "AS", "5H", "JOKER", "double", "", "x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["N", "S", "A", "B", "quints",
                                                                                 "trick_no", "winner"]), inner,
                                                                max_size=3), max_leaves=6)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_revoke_sent_reads_or_is_refused_naming_a_field(data):
    """RULES §8 for Pandoeren and Quinto: whatever a client sends as a revoke is refused with a
    RuleViolation naming a field, or read and scored; nothing else escapes."""
    rules, base = data.draw(st.sampled_from([(PANDOEREN, PANDOEREN_150), (QUINTO, QUINTO_DEAL)]))
    line = {**base, "kind": "revoke", "at_fault": data.draw(st.sampled_from(["N", "E", "A", "B", "Z"]))}
    for key in data.draw(st.lists(st.sampled_from(sorted({*base, *pandoeren_deal.OUTCOME})), max_size=3)):
        line[key] = data.draw(JUNK)
    options = rules.resolve_options()
    try:
        rules.read_line(line, options)
    except RuleViolation as err:
        assert err.field
        return
    assert set(rules.score_line(line, options).score) == set(rules.table(options).sides)


def test_a_quinto_revoke_that_wins_the_second_game_wins_the_rubber():
    """RULES §8 and §5.4: the revoke's game is won like any, so E–W's second game won by a revoke wins
    the rubber (100 bonus); a line after it is after the end."""
    plain = {**QUINTO_DEAL, "quint_tricks": [], "cachette": [], "plain_tricks_won": {"A": 6, "B": 6}}
    revoke = {**QUINTO_DEAL, "kind": "revoke", "at_fault": "A"}
    sheet = QUINTO.score_sheet([plain, plain, revoke, plain, plain, revoke, plain], {})
    assert sheet.result.winner == "B" and sheet.counted == 6
    assert dict(sheet.rubber_scores) == {"A": 120 + 120, "B": 310 + 310 + 100}
