"""Quinto deal entry (RULES.md §5, §6): the two ways to record a deal, the checks, the form, properties."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.cards import DECK_53, display_key
from scorekeeper.errors import RuleViolation
from scorekeeper.games import quinto
from scorekeeper.games.quinto import deal as quinto_deal
from scorekeeper.games.quinto import form as quinto_form
from scorekeeper.games.quinto import score as quinto_score
from scorekeeper.games.quinto.cards import ALL_QUINTS, codes, quints_in

RULES = quinto.RULES
DEFAULTS = RULES.resolve_options()
TEAMS = ("A", "B")


def after(quints=(), plain=None, last="A", cachette=(), **changes):
    """Recorded after the deal; ``quints`` as (trick_no, winner, codes); plain tricks fill up to 12."""
    quint_tricks = [{"trick_no": no, "winner": team, "quints": list(cards)} for no, team, cards in quints]
    plain = {"A": 12 - len(quint_tricks) - 5, "B": 5} if plain is None else plain
    return {"dealer": "N", "quint_tricks": quint_tricks, "plain_tricks_won": plain, "last_trick_winner": last,
            "cachette": list(cachette), **changes}


def live(winners="ABABABABABAB", quints=None, cachette=None, **changes):
    """Recorded trick by trick: one winner per trick, ``quints`` by trick number."""
    quints = quints or {}
    tricks = [{"winner": team, "quints": list(quints.get(no, []))} for no, team in enumerate(winners, start=1)]
    declarations = {"dealer": "N", "tricks": tricks, **changes}
    if cachette is not None:
        declarations["cachette"] = {"quints": list(cachette)}
    return declarations


def refused(declarations, **changes) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        RULES.score_deal(declarations, RULES.resolve_options(changes))
    return err.value


# -- the checks, each naming its field ------------------------------------------------------------

@pytest.mark.parametrize(("declarations", "field"), [
    pytest.param(live("AB" * 6 + "A"), "tricks", id="RULES §5.1: more than 12 tricks plus the cachette (live)"),
    pytest.param(after(plain={"A": 8, "B": 5}), "plain_tricks_won", id="RULES §5.1: more than 12 tricks (after)"),
    pytest.param(after([(13, "A", ["5H"])]), "quint_tricks", id="RULES §5.1: trick 13 is the cachette"),
    pytest.param(after([(3, "A", ["AD", "4H"])]), "quint_tricks", id="RULES §5.3: A + 4 of different suits"),
    pytest.param(after([(3, "A", ["AD"]), (5, "A", ["4D"])]), "quint_tricks",
                 id="RULES §5.3: a pair split across tricks is nothing"),
    pytest.param(after([(3, "A", ["JOKER"]), (5, "B", ["JOKER"])]), "quint_tricks", id="RULES §5.1: one joker"),
    pytest.param(after([(3, "A", ["JOKER", "JOKER"])]), "quint_tricks", id="RULES §5.1: one joker in a trick"),
    pytest.param(after([(3, "A", ["5H"])], cachette=["5H"]), "cachette", id="RULES §5.1: a card used twice"),
    pytest.param(after([(3, "A", ["7H"])]), "quint_tricks", id="RULES §5.3: 7H is not a quint card"),
    pytest.param(after([(3, "A", ["5H", "5D", "5C", "5S", "JOKER"])]), "quint_tricks",
                 id="RULES §5.1: a trick holds 4 cards"),
    pytest.param(after([(3, "A", ["5H"]), (3, "B", ["5D"])]), "quint_tricks", id="RULES §6: one trick, one winner"),
    pytest.param(after([(3, "N", ["5H"])]), "quint_tricks", id="RULES §6: a quint trick's winner is A or B"),
    pytest.param(live("ABABABABABAC"), "tricks", id="RULES §6: a trick's winner is A or B (live)"),
    pytest.param(after(last="X"), "last_trick_winner", id="RULES §6: last_trick_winner is A or B"),
    pytest.param(after(last=None), "last_trick_winner", id="RULES §5.3: the cachette goes with the last trick"),
    pytest.param(after(plain={"A": 0, "B": 11}, quints=[(4, "A", ["5C"])]), "last_trick_winner",
                 id="RULES §5.3: the last trick's winner won a trick"),
    pytest.param(after([(12, "B", ["5C"])]), "last_trick_winner", id="RULES §6: trick 12 says who won it"),
    pytest.param(after(calls=["double", "pass", "redouble", "pass"]), "calls",
                 id="RULES §5.2: a redouble over a partner"),
    pytest.param(after(calls=["double", "double", "pass", "pass"]), "calls",
                 id="RULES §7 item 28: a second double"),
    pytest.param(after(calls=["pass", "double", "pass"]), "calls", id="RULES §5.2: once around, 4 calls"),
    pytest.param(after(calls="pass double pass pass", multiplier="redouble"), "multiplier",
                 id="RULES §5.2: calls and multiplier agree"),
    pytest.param(after(multiplier="triple"), "multiplier", id="RULES §6: multiplier none/double/redouble"),
    pytest.param(after(totals_before={"A": 10}), "totals_before", id="RULES §6: totals_before for both teams"),
    pytest.param(after(dealer="X"), "dealer", id="RULES §0: the dealer is a seat"),
    pytest.param(after(score=3), "score", id="RULES §6: unknown declarations are refused by name"),
    pytest.param({**live(), "plain_tricks_won": {"A": 3}}, "plain_tricks_won",
                 id="RULES §6: live or after the deal, not both"),
    pytest.param(after(plain=None, quints=[(3, "A", ["5H"])], last=None) | {"plain_tricks_won": None}, "plain_tricks_won",
                 id="RULES §5.4: a deal stops early only at the quint that wins the game"),
    pytest.param(after(plain={"A": 3, "B": 2}, quints=[(3, "A", ["5H"])], last=None), "plain_tricks_won",
                 id="RULES §5.4: a deal that stopped at trick 3 holds 3 tricks"),
    pytest.param(after(plain={"A": 1, "B": 1}, quints=[(3, "A", ["5H"])], last=None, cachette=["5S"]),
                 "plain_tricks_won", id="RULES §5.3: the cachette is taken with the 12th trick"),
    pytest.param(after(plain={"A": 1, "B": 1}, quints=[(3, "A", ["5H"])], last="A"), "last_trick_winner",
                 id="RULES §5.4: a deal that stopped had no last trick"),
    pytest.param(after([(3, "A", ["5H"])], totals_before={"A": 240, "B": 0}), "plain_tricks_won",
                 id="RULES §5.4: a trick after the game was already won (plain tricks)"),
    pytest.param(after([(3, "A", ["5H"]), (6, "B", ["5S"])], totals_before={"A": 240, "B": 0}), "quint_tricks",
                 id="RULES §5.4: a trick after the game was already won (a quint trick)"),
    pytest.param(after([(12, "A", ["5H"])], cachette=["5S"], totals_before={"A": 240, "B": 0}), "cachette",
                 id="RULES §7 item 15: the cachette comes after the 12th trick"),
    pytest.param(live("ABA", {3: ["5H"]}, totals_before={"A": 240, "B": 0}) | {"tricks": [
        {"winner": "B"}, {"winner": "A", "quints": ["5H"]}, {"winner": "A"}]}, "tricks",
        id="RULES §5.4: a trick after the game was already won (live)"),
    pytest.param(live("ABAB"), "tricks", id="RULES §5.4: a live deal is recorded to its end"),
    pytest.param(after([(4, "A", ["5D"])], plain={"A": 1, "B": 2}, last=None, totals_before={"A": 100, "B": 0}),
                 "plain_tricks_won", id="RULES §5.4: a deal that stopped without a winner"),
    pytest.param(after([(4, "A", ["5H"])]) | {"quint_tricks": [{"trick_no": 4, "winner": "A", "quints": ["5H"],
                                                                "cards": ["5H", "2C", "3C", "KS"]}]},
                 "quint_tricks", id="RULES §5.3: the cards hold 2♣ 3♣ too"),
])
def test_bad_declarations_name_their_field(declarations, field):
    assert refused(declarations).field == field


def test_the_refusals_say_what_is_wrong():
    assert str(refused(after([(3, "A", ["AD", "4H"])]))) == \
        "A♦ and 4♥ are of different suits: no quint (a pair must be of one suit)"
    assert str(refused(after([(3, "A", ["AD"]), (5, "A", ["4D"])]))) == \
        "A♦ makes a quint only with 4♦ in the same trick; a pair split across tricks is nothing"
    assert "a card is played only once" in str(refused(after([(3, "A", ["JOKER"]), (5, "B", ["JOKER"])])))
    assert "never the partner" in str(refused(after(calls=["double", "pass", "redouble", "pass"])))
    err = refused(after([(3, "A", ["5H"]), (6, "B", ["5S"])], totals_before={"A": 240, "B": 0}))
    assert str(err) == "Trick 6 is a trick after the game was already won at trick 3: the deal stops there"
    with pytest.raises(RuleViolation) as err:
        RULES.declarations_from_form({"dealer": "N"}, DEFAULTS)  # the deal form sent empty
    assert (err.value.field, str(err.value)) == ("tricks_A", "No trick is recorded yet: give the tricks each team "
                                                 "won, and each quint with the number of its trick (12 tricks in all)")


def test_read_deal_is_canonical_and_stable():
    canonical = RULES.read_deal(live("AAAAAAABBBBB", {2: ["4d", "ad"], 9: ["JOKER"]}, cachette=["3c", "2c"],
                                     calls="pass double redouble pass"), DEFAULTS)
    assert canonical == {
        "dealer": "N", "calls": ["pass", "double", "redouble", "pass"], "multiplier": "redouble",
        "totals_before": None,
        "quint_tricks": [{"trick_no": 2, "winner": "A", "quints": ["AD", "4D"]},
                         {"trick_no": 9, "winner": "B", "quints": ["JOKER"]}],
        "plain_tricks_won": {"A": 6, "B": 4}, "last_trick_winner": "B", "cachette": ["3C", "2C"]}
    assert RULES.read_deal(canonical, DEFAULTS) == canonical
    assert RULES.read_deal(after(plain={"B": 5}), DEFAULTS)["plain_tricks_won"] == {"A": 7, "B": 5}


def test_a_stopped_deal_is_read_without_totals_and_scored_with_them():
    stopped = after([(2, "A", ["JOKER"]), (5, "A", ["5H"])], plain={"A": 1, "B": 2}, last=None)
    canonical = RULES.read_deal(stopped, DEFAULTS)
    assert canonical["last_trick_winner"] is None and canonical["plain_tricks_won"] == {"A": 1, "B": 2}
    assert refused(stopped).field == "plain_tricks_won"  # from 0 to 0 nobody reaches 250 with 45
    got = RULES.score_deal({**stopped, "totals_before": {"A": 210, "B": 120}}, DEFAULTS).answer
    assert got["winner"] == "A" and got["ended_after_trick"] == 5 and got["deal_score"] == {"A": 45, "B": 0}


# -- live mode: a deal in play ---------------------------------------------------------------------

def test_a_deal_in_play_reports_its_running_state():
    ruling = RULES.live_state(live("BAB", {2: ["5H"], 3: ["2S", "3S"]}, totals_before={"A": 100, "B": 90}),
                              DEFAULTS)
    got = ruling.answer
    assert got["tricks_played"] == 3 and not got["complete"] and not got["finished"]
    assert got["totals"] == {"A": 120, "B": 95} and got["trick_points"] == {"A": 0, "B": 0}
    assert ruling.lines[-2].render() == \
        "N–S 120, E–W 95 after 3 of 12 tricks; trick points are added when the deal is over"
    won = RULES.live_state(live("BA", {2: ["5H"]}, totals_before={"A": 240, "B": 90}), DEFAULTS).answer
    assert won["finished"] and won["winner"] == "A" and won["ended_after_trick"] == 2 and won["complete"]


def test_a_deal_in_play_refuses_a_trick_after_the_win_and_an_early_cachette():
    with pytest.raises(RuleViolation) as err:
        RULES.live_state(live("AA", {1: ["5H"], 2: ["5S"]}, totals_before={"A": 240, "B": 90}), DEFAULTS)
    assert err.value.field == "tricks"
    with pytest.raises(RuleViolation) as err:
        RULES.live_state(live("AA", cachette=["5S"]), DEFAULTS)
    assert err.value.field == "cachette"


def test_a_full_live_deal_is_scored_like_any_deal():
    full = live("AAAAAAABBBBB", {4: ["5D"]}, cachette=["JOKER"])
    assert RULES.live_state(full, DEFAULTS).answer == {**RULES.score_deal(full, DEFAULTS).answer,
                                                        "tricks_played": 12, "tricks_won": {"A": 7, "B": 5}}


# -- properties ------------------------------------------------------------------------------------

MULTIPLIER = {"none": 1, "double": 2, "redouble": 4}


def reference(tricks, cachette, winners, multiplier, before):
    """RULES §5.4 in a few lines: (where the game was won, its winner, the totals)."""
    totals, extra = dict(before), before["A"] == before["B"] >= 250

    def won(team):
        return totals["A"] != totals["B"] if extra else totals[team] >= 250

    for number, (cards, team) in enumerate(zip(tricks, winners, strict=True), start=1):
        totals[team] += sum(quint.value for quint in quints_in(cards))
        if quints_in(cards) and won(team):
            return number, team, totals
    totals[winners[-1]] += sum(quint.value for quint in quints_in(cachette))
    if quints_in(cachette) and won(winners[-1]):
        return "cachette", winners[-1], totals
    counted = Counter(winners) + Counter(winners[-1])
    return None, None, {team: totals[team] + counted[team] * 5 * MULTIPLIER[multiplier] for team in TEAMS}


BEFORE = st.fixed_dictionaries({"A": st.integers(0, 249), "B": st.integers(0, 249)}) | st.sampled_from(
    [{"A": 0, "B": 0}, {"A": 240, "B": 245}, {"A": 265, "B": 265}, {"A": 249, "B": 249}])


@st.composite
def played(draw):
    """A whole deal, card by card, and both records of it, cut where the game was won."""
    cards = draw(st.permutations(sorted(DECK_53, key=display_key)))
    tricks, cachette = [cards[4 * i:4 * i + 4] for i in range(12)], cards[48:]
    winners = draw(st.lists(st.sampled_from(TEAMS), min_size=12, max_size=12))
    multiplier, before = draw(st.sampled_from(sorted(MULTIPLIER))), draw(BEFORE)
    stop, winner, totals = reference(tricks, cachette, winners, multiplier, before)
    count = stop if isinstance(stop, int) else 12
    head = {"dealer": "E", "multiplier": multiplier, "totals_before": before}
    live_deal = {**head, "tricks": [{"winner": team, "quints": codes(quints_in(trick))}
                                    for trick, team in zip(tricks[:count], winners, strict=False)]}
    by_cards = {**head, "tricks": [{"winner": team, "cards": [str(card) for card in trick]}
                                   for trick, team in zip(tricks[:count], winners, strict=False)]}
    plain = Counter(team for trick, team in zip(tricks[:count], winners, strict=False) if not quints_in(trick))
    after_deal = {**head, "quint_tricks": [{"trick_no": no, "winner": team, "quints": codes(quints_in(trick))}
                                           for no, (trick, team) in enumerate(zip(tricks, winners, strict=True), 1)
                                           if no <= count and quints_in(trick)],
                  "plain_tricks_won": {team: plain[team] for team in TEAMS},
                  "last_trick_winner": winners[-1] if count == 12 else None}
    if stop is None or stop == "cachette":
        live_deal["cachette"] = {"quints": codes(quints_in(cachette))}
        by_cards["cachette"] = {"cards": [str(card) for card in cachette]}
        after_deal["cachette"] = codes(quints_in(cachette))
    return live_deal, by_cards, after_deal, (stop, winner, totals)


@settings(max_examples=300, deadline=None)
@given(deal=played(), tie=st.sampled_from(quinto_score.TIE_AT_250))
def test_live_and_after_the_deal_entry_give_the_same_result(deal, tie):
    live_deal, by_cards, after_deal, (stop, winner, totals) = deal
    before = after_deal["totals_before"]
    assume(tie != "draw" or before["A"] != before["B"] or before["A"] < 250)  # RULES §7 item 27: a drawn game
    opts = RULES.resolve_options({"tie_at_250": tie})
    scored = RULES.score_deal(after_deal, opts)
    assert RULES.score_deal(live_deal, opts) == scored == RULES.score_deal(by_cards, opts)
    assert RULES.read_deal(live_deal, opts) == RULES.read_deal(after_deal, opts) == RULES.read_deal(by_cards, opts)
    assert scored.answer["totals"] == totals and scored.answer["ended_after_trick"] == stop
    if stop is not None:
        assert scored.answer["winner"] == winner and scored.answer["ended_during_play"]


@settings(max_examples=300, deadline=None)
@given(deal=played())
def test_quints_never_exceed_175_and_a_deal_played_out_has_13_trick_values(deal):
    *_, after_deal, _ = deal
    got = RULES.score_deal(after_deal, DEFAULTS).answer
    assert sum(got["quints"].values()) <= ALL_QUINTS
    if not got["ended_during_play"]:
        assert sum(got["tricks_counted"].values()) == 13
        assert sum(got["trick_points"].values()) == 13 * got["trick_value"]
    else:
        assert got["trick_points"] == {"A": 0, "B": 0}
    assert {team: got["quints"][team] + got["trick_points"][team] for team in TEAMS} == got["deal_score"]


@settings(max_examples=200, deadline=None)
@given(deal=played())
def test_the_explanation_adds_up(deal):
    *_, after_deal, _ = deal
    scored = RULES.score_deal(after_deal, DEFAULTS)
    steps = [line.params for line in scored.lines if line.template in (
        quinto_score.QUINTS, quinto_score.CACHETTE_QUINTS, quinto_score.TRICK_POINTS)]
    totals = dict(after_deal["totals_before"])
    for step in steps:
        team = "A" if step["team"] == "N–S" else "B"
        assert step["before"] == totals[team] and step["before"] + step["points"] == step["total"]
        totals[team] = step["total"]
    assert totals == scored.answer["totals"]
    assert scored.lines[-1].params["score_a"] == scored.score["A"]
    for line in (scored.summary, *scored.lines):
        assert line.render() and "%" not in line.render()


# -- junk ------------------------------------------------------------------------------------------

JSON = st.recursive(st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=True)
                    | st.text(max_size=5) | st.sampled_from(["A", "B", "N", "5H", "AD 4D", "JOKER", "double"]),
                    lambda inner: (st.lists(inner, max_size=4)
                                   | st.dictionaries(st.text(max_size=4) | st.sampled_from(
                                       ["A", "B", "winner", "quints", "cards", "trick_no"]), inner, max_size=4)),
                    max_leaves=12)
KEYS = sorted(set(quinto_deal.KEYS) | set(quinto_deal.LIVE_KEYS))


@settings(max_examples=400, deadline=None)
@given(junk=st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=3), JSON, max_size=8) | JSON)
def test_junk_only_ever_raises_rule_violation(junk):
    for attempt in (RULES.score_deal, RULES.read_deal, RULES.live_state):
        try:
            attempt(junk, DEFAULTS)
        except RuleViolation as err:
            assert err.field is None or isinstance(err.field, str)


@settings(max_examples=400, deadline=None)
@given(key=st.sampled_from(KEYS), value=JSON, entry=st.booleans())
def test_one_junk_value_in_a_good_deal_is_named_or_accepted(key, value, entry):
    good = live(quints={3: ["5H"]}, cachette=["5S"]) if key == "tricks" else after([(3, "A", ["5H"])])
    if entry and key in ("tricks", "quint_tricks"):
        value = [*good[key][:-1], value]
    try:
        RULES.score_deal({**good, key: value}, DEFAULTS)
    except RuleViolation as err:
        assert err.field


@settings(max_examples=300, deadline=None)
@given(values=st.dictionaries(st.sampled_from([spec.name for spec in RULES.deal_fields(DEFAULTS)]),
                              st.text(max_size=12) | st.sampled_from(["3: 5H", "1 AD 4D; 2: JOKER", "12", "A"]),
                              max_size=12))
def test_form_junk_is_refused_on_a_form_field(values):
    names = {spec.name for spec in RULES.deal_fields(DEFAULTS)}
    try:
        RULES.declarations_from_form(values, DEFAULTS)
    except RuleViolation as err:
        assert err.field in names


# -- the form --------------------------------------------------------------------------------------

FORM = {"dealer": "W", "multiplier": "double", "call_1": "pass", "call_2": "double", "call_3": "pass",
        "call_4": "pass", "quints_A": "3: 5H; 10: AD 4D", "quints_B": "7: JOKER", "tricks_A": "7", "tricks_B": "5",
        "last_trick_winner": "B", "cachette": "2c 3c"}


def test_the_form_asks_one_screen():
    fields = {spec.name: spec for spec in RULES.deal_fields(DEFAULTS)}
    assert list(fields) == ["dealer", "multiplier", "call_1", "call_2", "call_3", "call_4", "quints_A", "quints_B",
                            "tricks_A", "tricks_B", "last_trick_winner", "cachette"]
    assert [name for name, spec in fields.items() if spec.required] == ["dealer", "multiplier"]
    assert fields["tricks_A"].maximum == 12 and fields["quints_A"].kind == "cards"
    quad = {spec.name: spec for spec in RULES.deal_fields(RULES.resolve_options({"redouble_name": "quaddouble"}))}
    assert dict(quad["multiplier"].choices)["redouble"] == "Quaddoubled (×4)"


def test_the_form_scores_like_the_table():
    declarations = RULES.declarations_from_form(FORM, DEFAULTS)
    assert declarations["quint_tricks"] == [{"trick_no": 3, "winner": "A", "quints": ["5H"]},
                                            {"trick_no": 7, "winner": "B", "quints": ["JOKER"]},
                                            {"trick_no": 10, "winner": "A", "quints": ["AD", "4D"]}]
    assert declarations["plain_tricks_won"] == {"A": 5, "B": 4}
    got = RULES.score_deal(declarations, DEFAULTS).answer
    assert got["quints"] == {"A": 35, "B": 35} and got["trick_points"] == {"A": 70, "B": 60}


@pytest.mark.parametrize(("changes", "field"), [
    pytest.param({"dealer": ""}, "dealer", id="the dealer"),
    pytest.param({"quints_B": "JOKER"}, "quints_B", id="each trick starts with its number"),
    pytest.param({"quints_B": "13: JOKER"}, "quints_B", id="RULES §5.1: 12 tricks"),
    pytest.param({"quints_B": "7:"}, "quints_B", id="a trick number without cards"),
    pytest.param({"quints_B": "7: AS 4C"}, "quints_B", id="RULES §5.3: A + 4 of different suits"),
    pytest.param({"quints_B": "7: 5H"}, "quints_B", id="RULES §5.1: 5H is already in trick 3"),
    pytest.param({"quints_B": "3: JOKER"}, "quints_B", id="RULES §6: trick 3 is N–S's"),
    pytest.param({"tricks_A": "9"}, "tricks_A", id="RULES §5.1: 12 tricks in all"),
    pytest.param({"tricks_A": "1"}, "tricks_A", id="N–S won 2 quint tricks"),
    pytest.param({"tricks_B": "x"}, "tricks_B", id="a number of tricks"),
    pytest.param({"call_4": "redouble"}, "call_4", id="RULES §5.2: a redouble over the partner"),
    pytest.param({"call_3": "redouble"}, "multiplier", id="RULES §5.2: the calls give the doubling"),
    pytest.param({"call_4": ""}, "call_4", id="all four calls or none"),
    pytest.param({"multiplier": "redouble"}, "multiplier", id="RULES §5.2: the calls give the doubling"),
    pytest.param({"cachette": "JOKER"}, "cachette", id="RULES §5.1: the joker is in trick 7"),
    pytest.param({"tricks_A": "", "tricks_B": ""}, "tricks_A",
                 id="RULES §5.4: tricks are needed unless the game was won in play"),
])
def test_form_errors_name_the_form_field(changes, field):
    with pytest.raises(RuleViolation) as err:
        RULES.declarations_from_form({**FORM, **changes}, DEFAULTS)
    assert err.value.field == field


@pytest.mark.parametrize("declarations", [
    pytest.param(after([(3, "A", ["5H"]), (10, "A", ["AD", "4D"])], calls=["pass"] * 4), id="played out"),
    pytest.param(after([(2, "A", ["JOKER"]), (5, "A", ["5H"])], plain={"A": 1, "B": 2}, last=None),
                 id="RULES §5.4: stopped during play"),
    pytest.param(after([(12, "B", ["2H", "3H"])], last="B", cachette=["JOKER", "5S"], multiplier="redouble"),
                 id="RULES §5.3: the last trick holds quints"),
])
def test_the_form_round_trips(declarations):
    canonical = RULES.read_deal(declarations, DEFAULTS)
    shown = RULES.form_from_declarations(canonical, DEFAULTS)
    assert RULES.declarations_from_form(shown, DEFAULTS) == canonical


def test_an_api_deal_edited_on_the_form_keeps_what_the_form_shows():
    canonical = RULES.read_deal(after([(3, "A", ["5H"])], totals_before={"A": 10, "B": 20}), DEFAULTS)
    shown = quinto_form.form_from_declarations(canonical, DEFAULTS)
    assert shown["quints_A"] == "3: 5H" and shown["tricks_A"] == "7" and "totals_before" not in shown
    assert RULES.declarations_from_form(shown, DEFAULTS) == {**canonical, "totals_before": None}
