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
from tests.games.test_pandoeren_form import deals as pandoeren_deals

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
    """Quinto's sheet carries each game's totals: no RULES §8 line; Pandoeren has no revoke rule here."""
    with pytest.raises(RuleViolation, match="kind must be one of deal$"):
        QUINTO.read_line({"kind": "misdeal", "dealer": "N"}, QUINTO.resolve_options())
    with pytest.raises(RuleViolation, match="kind must be one of deal, misdeal, penalty"):
        PANDOEREN.read_line({"kind": "revoke", "at_fault": "N"}, PANDOEREN.resolve_options())


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


def lines(deals: st.SearchStrategy, sides: tuple[str, ...], seats: tuple[str, ...], revoke: bool) -> st.SearchStrategy:
    """Any mix of deals, misdeals, penalties and (where the game has them) revokes."""
    kinds = [deals,
             st.builds(lambda dealer: {"kind": "misdeal", "dealer": dealer}, st.sampled_from(seats)),
             st.builds(lambda side, points: {"kind": "penalty", "side": side, "points": points, "reason": "r"},
                       st.sampled_from(sides), st.integers(1, 1000) | st.integers(-1000, -1))]
    if revoke:
        kinds.append(st.builds(lambda deal, side: {**deal, "kind": "revoke", "at_fault": side},
                               deals, st.sampled_from(sides)))
    return st.lists(st.one_of(*kinds), max_size=12)


GAMES = st.sampled_from([
    (CONTREE, {"target": 1000}, contree_deals(), True),
    (BELOTE, {"litige": True}, belote_deals(), True),
    (PANDOEREN, {}, pandoeren_deals(), False),
])


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_totals_are_the_sum_of_the_counted_lines_whatever_their_kinds(data):
    """RULES §8: every line is added to the running total where it stands; the match ends at the
    first line at which the end rule is met (one definition, the engine's)."""
    rules, options, deals, revoke = data.draw(GAMES)
    table = rules.table(rules.resolve_options(options))
    sheet = rules.score_sheet(data.draw(lines(deals, table.sides, table.seats, revoke)), options)
    counted = sheet.rows[:sheet.counted]
    assert dict(sheet.totals) == {side: sum(row.scored.score[side] for row in counted) for side in table.sides}
    running = dict.fromkeys(table.sides, 0)
    for at, row in enumerate(counted, start=1):
        running = {side: running[side] + row.scored.score[side] for side in table.sides}
        assert dict(row.totals) == running
        ended = rules.end_of_match(running, at, rules.resolve_options(options))
        assert (ended is not None) == (at == sheet.counted and sheet.result is not None)


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
