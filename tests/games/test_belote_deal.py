"""Classic Belote declarations (RULES.md §6): every refusal names its field; properties of scoring."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleViolation
from scorekeeper.games import belote
from scorekeeper.games.belote.deal import KEYS

from .test_belote import deal, options, three

RULES = belote.RULES
DEFAULTS = RULES.resolve_options()
SEATS = ("N", "E", "S", "W")


def refused(declarations, **changes) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        RULES.read_deal(declarations, options(**changes))
    return err.value


SA, TA, THREE = {"sans_atout": True}, {"tout_atout": True}, {"players": 3}


@pytest.mark.parametrize(("declarations", "opts", "field"), [
    pytest.param({}, {}, "taker", id="RULES §6: an empty deal names its first field"),
    pytest.param([], {}, None, id="RULES §6: a deal is an object"),
    pytest.param(deal(colour="red"), {}, "colour", id="RULES §6: unknown key"),
    pytest.param(deal(players=3), {}, "players", id="RULES §6: players must match the match"),
    pytest.param(deal(players="4"), {}, "players", id="RULES §6: players as text"),
    pytest.param(deal(taker="X"), {}, "taker", id="RULES §0: no seat X"),
    pytest.param(deal(taker=None), {}, "taker", id="RULES §6: nobody took"),
    pytest.param(deal(taker="N", taker_team="B"), {}, "taker", id="RULES §0: N plays for A"),
    pytest.param(deal(taker=None, taker_team="C"), {}, "taker_team", id="RULES §0: no team C"),
    pytest.param(deal(contract="sans_atout", trump=None), {}, "contract",
                 id="RULES §1.6 sans_atout off: no sans-atout contract"),
    pytest.param(deal(contract="tout_atout", trump=None), SA, "contract",
                 id="RULES §1.6 tout_atout off: no tout-atout contract"),
    pytest.param(deal(contract="grand"), {}, "contract", id="RULES §6: suit, sans_atout or tout_atout"),
    pytest.param(deal(contract=["suit"]), {}, "contract", id="RULES §6: contract as a list"),
    pytest.param(deal(trump=None), {}, "trump", id="RULES §6: a suit contract needs its trump"),
    pytest.param(deal(trump="X"), {}, "trump", id="RULES §0: no suit X"),
    pytest.param(deal(trump={"H": 1}), {}, "trump", id="RULES §0: a trump as an object"),
    pytest.param(deal(contract="sans_atout"), SA, "trump", id="RULES §1.1: sans atout has no trump"),
    pytest.param(deal(trick_points={"A": 160}), {}, "trick_points", id="RULES §1.1: over 152"),
    pytest.param(deal(trick_points={"A": -1}), {}, "trick_points", id="RULES §1.1: negative"),
    pytest.param(deal(trick_points={"A": 80, "B": 80}), {}, "trick_points",
                 id="RULES §1.1: not adding up to 152"),
    pytest.param(deal(contract="sans_atout", trump=None, trick_points={"A": 130}), SA, "trick_points",
                 id="RULES §1.1: sans atout has 120 card points"),
    pytest.param(deal(trick_points={"C": 80}), {}, "trick_points", id="RULES §0: no team C"),
    pytest.param(deal(trick_points={}), {}, "trick_points", id="RULES §6: empty"),
    pytest.param(deal(trick_points=[81, 71]), {}, "trick_points", id="RULES §6: a list"),
    pytest.param(deal(trick_points={"A": "81"}), {}, "trick_points", id="RULES §6: text"),
    pytest.param(deal(trick_points={"A": 81.0}), {}, "trick_points", id="RULES §6: a float"),
    pytest.param(deal(trick_points=None), {}, "trick_points", id="RULES §6: missing"),
    pytest.param(deal(last_trick=None), {}, "last_trick", id="RULES §1.5: who took the last trick?"),
    pytest.param(deal(last_trick="N"), {}, "last_trick", id="RULES §6: the last trick goes to a team"),
    pytest.param(deal(tricks_won={"A": 9}), {}, "tricks_won", id="RULES §1.5: 9 tricks"),
    pytest.param(deal(tricks_won={"A": 4, "B": 3}), {}, "tricks_won", id="RULES §1.5: not adding up to 8"),
    pytest.param(deal(tricks_won={"B": 8}), {}, "trick_points", id="RULES §1.5: no trick, yet card points"),
    pytest.param(deal(tricks_won={"B": 8}, trick_points={"A": 0}), {}, "last_trick",
                 id="RULES §1.5: no trick, yet the last trick"),
    pytest.param(deal(tricks_won={"A": 8}, trick_points=None, last_trick="B"), {}, "last_trick",
                 id="RULES §1.5: a capot team took the last trick"),
    pytest.param(deal(belote="C"), {}, "belote", id="RULES §6: belote to no team"),
    pytest.param(deal(belote=True), {}, "belote", id="RULES §6: belote as a boolean"),
    pytest.param(deal(contract="sans_atout", trump=None, belote="A"), SA, "belote",
                 id="RULES §1.4: no belote in sans atout"),
    pytest.param(deal(belotes={"A": 1}), {}, "belotes", id="RULES §1.4: belotes per side only in tout atout"),
    pytest.param(deal(contract="tout_atout", trump=None, belotes={"A": 3, "B": 2}), TA, "belotes",
                 id="RULES §1.4: at most four belotes in tout atout"),
    pytest.param(deal(contract="tout_atout", trump=None, belotes={"A": 5}), TA, "belotes",
                 id="RULES §1.4: five belotes for one team"),
    pytest.param(deal(contract="tout_atout", trump=None, belotes={"A": 1}, belote="A"), TA, "belote",
                 id="RULES §6: tout atout counts belotes, not belote"),
    pytest.param(deal(melds=[{"seat": "E", "cards": ["KH", "QH", "JH"]}], belote="A"), {}, "belote",
                 id="RULES §1.4: the belote's K and Q are in a meld of the other team"),
    pytest.param(deal(melds=[{"seat": "N", "cards": ["KH", "KD", "KC", "KS"]},
                             {"seat": "S", "cards": ["QH", "QD", "QC", "QS"]}], belote="A"), {}, "belote",
                 id="RULES §1.4: the belote is K and Q in one hand, not two"),
    pytest.param(deal(contract="tout_atout", trump=None, belotes={"A": 4},
                      melds=[{"seat": "E", "cards": ["KS", "QS", "JS"]}]), TA, "belotes",
                 id="RULES §1.4: four belotes, but E holds K and Q of spades"),
    pytest.param(deal(dealer="X"), {}, "dealer", id="RULES §0: no seat X deals"),
    pytest.param(deal(play_order=["N", "S", "E", "W"]), {}, "play_order", id="RULES §0: not a seat order"),
    pytest.param(deal(play_order=["E", "S", "W", "N"]), {}, "play_order", id="RULES §0: W deals, so N leads"),
    pytest.param(deal(play_order=["S", "E", "N", "W"]), {}, "play_order",
                 id="RULES §1.6 anticlockwise off: that order is anticlockwise"),
    pytest.param(deal(melds=[{"seat": "N", "cards": ["AH", "KH", "JH"]}]), {}, "melds",
                 id="RULES §1.2: not a sequence"),
    pytest.param(deal(melds=[{"seat": "N", "cards": ["8H", "8S", "8D", "8C"]}]), {}, "melds",
                 id="RULES §1.2: four eights are not a meld"),
    pytest.param(deal(melds=[{"seat": "N", "cards": "four 7"}]), {}, "melds",
                 id="RULES §1.2: four sevens are not a meld (typed)"),
    pytest.param(deal(melds=[{"seat": "X", "cards": ["AS", "KS", "QS"]}]), {}, "melds",
                 id="RULES §0: a meld of no seat"),
    pytest.param(deal(melds=["AS KS QS"]), {}, "melds", id="RULES §6: a meld without its seat"),
    pytest.param(deal(melds="AS KS QS"), {}, "melds", id="RULES §6: melds as text"),
    pytest.param(deal(melds=[{"seat": "N", "cards": 3}]), {}, "melds", id="RULES §6: cards as a number"),
    pytest.param(deal(melds=[{"seat": "N", "cards": ["AS", "KS", "QS"]},
                             {"seat": "E", "cards": ["KS", "QS", "JS"]}]),
                 {}, "melds", id="RULES §1.2: one card in two hands"),
    pytest.param(deal(melds={"N": "AS KS QS JS 10S; four 9; AD KD QD"}), {}, "melds",
                 id="RULES §1.10: a hand holds 8 cards"),
    pytest.param(deal(melds={"N": "KS KH KD KC; KH QH JH"}), {"meld_card_reuse": False}, "melds",
                 id="RULES §1.6 meld_card_reuse off: a card in one meld only"),
    pytest.param(deal(dealer=None, melds={"N": "AS KS QS", "E": "AD KD QD"}), {}, "dealer",
                 id="RULES §0: both teams' melds need the seat order"),
    pytest.param(deal(litige_pending=81), {}, "litige_pending", id="RULES §1.6 litige off: nothing is held"),
    pytest.param(deal(litige_pending=-5), {"litige": True}, "litige_pending",
                 id="RULES §1.6: negative points held"),
    pytest.param(deal(litige_pending="81"), {"litige": True}, "litige_pending", id="RULES §6: text"),
    # three players (RULES §1.10)
    pytest.param(three(taker="N"), THREE, "taker", id="RULES §1.10: P1 P2 P3 only"),
    pytest.param(three(taker=None, taker_team="P2"), THREE, "taker", id="RULES §1.10: the taker's seat"),
    pytest.param(three(trick_points={"P1": 60, "P2": 60, "P3": 60}), THREE, "trick_points",
                 id="RULES §1.10: more than 152 card points in play"),
    pytest.param(three(trick_points={"P1": 10, "P2": 20, "P3": 20}), THREE, "trick_points",
                 id="RULES §1.10: 8 cards out hold at most 98 points, so at least 54 are in play"),
    pytest.param(three(trick_points={"P1": 60, "P2": 60}), THREE, "trick_points",
                 id="RULES §1.10: every player's card points"),
    pytest.param(three(trick_points={"A": 60}), THREE, "trick_points", id="RULES §1.10: no teams"),
    pytest.param(three(last_trick="A"), THREE, "last_trick",
                 id="RULES §1.10: the last trick goes to a player"),
    pytest.param(three(tricks_won={"P1": 5}), THREE, "tricks_won",
                 id="RULES §1.10: 5 tricks of 8, two unknown"),
    pytest.param(three(litige_pending=20), {**THREE, "litige": True}, "litige_pending",
                 id="RULES §1.10: no litige with three players"),
    pytest.param(three(belote="A"), THREE, "belote", id="RULES §1.10: a player holds the belote"),
    pytest.param(deal(players=4), THREE, "players",
                 id="RULES §1.10: a four-player deal in a three-player match"),
    pytest.param(deal(), THREE, "taker", id="RULES §1.10: N does not sit at a three-player table"),
])
def test_bad_declarations_name_their_field(declarations, opts, field):
    assert refused(declarations, **opts).field == field


def test_read_deal_is_canonical_and_stable():
    canonical = RULES.read_deal(deal(trick_points={"B": 71}, taker=None, taker_team="A",
                                     melds={"S": "tierce KH; four 9", "N": ["AS", "KS", "QS"]}), DEFAULTS)
    assert canonical == {
        "players": 4, "dealer": "W", "taker": None, "taker_team": "A", "contract": "suit", "trump": "H",
        "trick_points": {"A": 81, "B": 71}, "last_trick": "A", "tricks_won": None, "belote": None,
        "belotes": None,
        "melds": [{"seat": "N", "cards": ["AS", "KS", "QS"]},
                  {"seat": "S", "cards": ["9S", "9H", "9D", "9C"]},
                  {"seat": "S", "cards": ["KH", "QH", "JH"]}],
        "litige_pending": 0, "play_order": ["N", "E", "S", "W"]}
    assert RULES.read_deal(canonical, DEFAULTS) == canonical


def test_derived_values():
    capot = RULES.read_deal(deal(trick_points=None, last_trick=None, tricks_won={"B": 8}), DEFAULTS)
    assert (capot["trick_points"], capot["last_trick"], capot["tricks_won"]) == ({"A": 0, "B": 152}, "B",
                                                                                  {"A": 0, "B": 8})
    tout = RULES.read_deal(deal(contract="tout_atout", trump=None, trick_points={"A": 100}, belote="B"),
                           options(tout_atout=True))
    assert (tout["trick_points"], tout["belote"], tout["belotes"]) == \
        ({"A": 100, "B": 148}, None, {"A": 0, "B": 1})
    backwards = RULES.read_deal(deal(dealer="S"), options(anticlockwise=True))
    assert backwards["play_order"] == ["E", "N", "W", "S"]
    alone = RULES.read_deal(three(tricks_won={"P2": 8}, trick_points={"P2": 110}, last_trick=None),
                            options(players=3))
    assert alone["trick_points"] == {"P1": 0, "P2": 110, "P3": 0} and alone["taker_team"] == "P2"
    assert alone["tricks_won"] == {"P1": 0, "P2": 8, "P3": 0} and alone["last_trick"] == "P2"
    assert alone["play_order"] == ["P2", "P3", "P1"]


# -- junk ---------------------------------------------------------------------------------------

KEY_TEXT = st.text(max_size=4) | st.sampled_from(["A", "B", "N", "P2", "seat", "cards"])
WORDS = st.sampled_from(["A", "B", "N", "P1", "H", "AH", "suit", "tout_atout", "four J", "tierce KH",
                         "sans_atout"])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=True)
                    | st.text(max_size=5) | WORDS,
                    lambda inner: (st.lists(inner, max_size=4)
                                   | st.dictionaries(KEY_TEXT, inner, max_size=4)),
                    max_leaves=12)
OPTION_SETS = st.fixed_dictionaries({
    "players": st.sampled_from([3, 4]), "sans_atout": st.booleans(), "tout_atout": st.booleans(),
    "litige": st.booleans(), "no_melds": st.booleans(), "meld_card_reuse": st.booleans(),
})


@settings(max_examples=300, deadline=None)
@given(junk=st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=3), JSON, max_size=8) | JSON,
       opts=OPTION_SETS)
def test_junk_only_ever_raises_rule_violation(junk, opts):
    try:
        RULES.score_deal(junk, options(**opts))
    except RuleViolation as err:
        assert err.field is None or isinstance(err.field, str)


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(KEYS), value=JSON, opts=OPTION_SETS)
def test_one_junk_value_in_a_good_deal_is_named_or_accepted(key, value, opts):
    good = three() if opts["players"] == 3 else deal()
    try:
        RULES.score_deal({**good, key: value}, options(**opts))
    except RuleViolation as err:
        assert err.field


# -- properties ------------------------------------------------------------------------------------

MELD_POOL = [{"seat": "N", "cards": ["AH", "KH", "QH"]}, {"seat": "E", "cards": ["9S", "9H", "9D", "9C"]},
             {"seat": "S", "cards": ["10C", "JC", "QC", "KC"]}, {"seat": "W", "cards": ["AS", "KS", "QS"]},
             {"seat": "S", "cards": ["AD", "KD", "QD"]}]


@st.composite
def deals(draw, *, contracts=("suit",)):
    """Any valid four-player deal under RULES §1, §6 (melds from the pool)."""
    contract = draw(st.sampled_from(contracts))
    total = {"suit": 152, "sans_atout": 120, "tout_atout": 248}[contract]
    taker = draw(st.sampled_from(SEATS))
    team = "A" if taker in "NS" else "B"
    tricks = draw(st.none() | st.integers(0, 8))
    points = 0 if tricks == 0 else total if tricks == 8 else draw(st.integers(0, total))
    other = "B" if team == "A" else "A"
    last = team if tricks == 8 else other if tricks == 0 else draw(st.sampled_from("AB"))
    chosen = draw(st.lists(st.sampled_from(range(len(MELD_POOL))), unique=True, max_size=5))
    declared = {"dealer": draw(st.sampled_from(SEATS)), "taker": taker, "contract": contract,
                "trump": draw(st.sampled_from("SHDC")) if contract == "suit" else None,
                "trick_points": {team: points}, "last_trick": last,
                "tricks_won": None if tricks is None else {team: tricks},
                "melds": [MELD_POOL[i] for i in chosen]}
    if contract == "suit":
        declared["belote"] = draw(st.sampled_from([None, "A", "B"]))
        if declared["belote"]:  # the belote's K and Q may not sit in a meld
            trump = {"K" + declared["trump"], "Q" + declared["trump"]}
            declared["melds"] = [m for m in declared["melds"] if not trump & set(m["cards"])]
    elif contract == "tout_atout":
        declared["belotes"] = {"A": draw(st.integers(0, 1)), "B": draw(st.integers(0, 1))}
        declared["melds"] = [m for m in declared["melds"] if m["seat"] not in ("N", "W", "S")]
    return declared


ALL_OPTIONS = st.fixed_dictionaries({
    "litige": st.booleans(), "belote_kept_when_dedans": st.booleans(),
    "compare_excluding_melds": st.booleans(), "no_melds": st.booleans(), "capot_88": st.booleans(),
    "sa_four_values": st.sampled_from(["standard", "parlett"]),
    "sans_atout": st.just(True), "tout_atout": st.just(True),
})


@settings(max_examples=300, deadline=None)
@given(declarations=deals(contracts=("suit", "sans_atout", "tout_atout")), opts=ALL_OPTIONS,
       pending=st.sampled_from([0, 81]))
def test_scores_are_never_negative_and_every_point_is_accounted_for(declarations, opts, pending):
    """In four-player Belote nothing is lost or created (RULES §1.6): the two scores, plus what a
    litige holds back, are (card total + counted melds + belotes) × mult, whoever made it."""
    resolved = options(**opts)
    if not opts["litige"]:
        pending = 0
    scored = RULES.score_deal({**declarations, "litige_pending": pending}, resolved)
    answer = scored.answer
    assert all(points >= 0 for points in scored.score.values())
    everything = sum(answer["team_totals"].values()) * answer["multiplier"]
    assert sum(scored.score.values()) + answer["litige_pending"] - pending == everything
    if scored.made is False and not opts["belote_kept_when_dedans"]:
        assert scored.score[answer["taker_team"]] == 0
    final = scored.lines[-1].render()
    assert final == f"Score: N–S {scored.score['A']}, E–W {scored.score['B']}"


@settings(max_examples=200, deadline=None)
@given(declarations=deals())
def test_a_suit_deal_without_capot_shares_162_plus_melds_and_belote(declarations):
    """RULES §1.6: made or failed, the two scores add up to 162 + the counted melds + belote."""
    scored = RULES.score_deal(declarations, DEFAULTS)
    if scored.answer["capot"] is None:
        belote = 20 if declarations.get("belote") else 0
        assert sum(scored.score.values()) == 162 + sum(scored.answer["counted_melds"].values()) + belote


@settings(max_examples=150, deadline=None)
@given(declarations=deals(), order=st.randoms())
def test_the_order_melds_are_listed_never_changes_the_score(declarations, order):
    shuffled = list(declarations["melds"])
    order.shuffle(shuffled)
    seats = {meld["seat"] for meld in declarations["melds"]}
    typed = {seat: " ; ".join(" ".join(meld["cards"]) for meld in declarations["melds"]
                              if meld["seat"] == seat) for seat in seats}
    for other in ({**declarations, "melds": shuffled}, {**declarations, "melds": typed}):
        assert RULES.score_deal(other, DEFAULTS) == RULES.score_deal(declarations, DEFAULTS)
        assert RULES.read_deal(other, DEFAULTS) == RULES.read_deal(declarations, DEFAULTS)


@settings(max_examples=100, deadline=None)
@given(declarations=deals(contracts=("suit", "sans_atout", "tout_atout")))
def test_scoring_the_canonical_deal_changes_nothing(declarations):
    resolved = options(sans_atout=True, tout_atout=True)
    canonical = RULES.read_deal(declarations, resolved)
    assert RULES.score_deal(canonical, resolved) == RULES.score_deal(declarations, resolved)
    both = canonical["trick_points"]
    for one in ({"A": both["A"]}, {"B": both["B"]}):
        assert RULES.score_deal({**declarations, "trick_points": one}, resolved) == \
            RULES.score_deal(declarations, resolved)


@st.composite
def three_player_deals(draw):
    """Any valid three-player deal (RULES §1.10): 54 to 152 card points in play."""
    points = draw(st.lists(st.integers(0, 80), min_size=3, max_size=3).filter(lambda p: 54 <= sum(p) <= 152))
    return {"players": 3, "dealer": draw(st.sampled_from(["P1", "P2", "P3"])),
            "taker": draw(st.sampled_from(["P1", "P2", "P3"])), "trump": draw(st.sampled_from("SHDC")),
            "trick_points": dict(zip(("P1", "P2", "P3"), points, strict=True)),
            "last_trick": draw(st.sampled_from(["P1", "P2", "P3"])),
            "belote": draw(st.sampled_from([None, "P1", "P2", "P3"]))}


@settings(max_examples=150, deadline=None)
@given(declarations=three_player_deals())
def test_three_players_score_their_own_totals_except_a_failed_taker(declarations):
    """RULES §1.10, §7 item 6."""
    scored = RULES.score_deal(declarations, options(players=3))
    totals, taker = scored.answer["player_totals"], declarations["taker"]
    assert scored.made == all(totals[taker] > totals[other] for other in totals if other != taker)
    for seat, points in scored.score.items():
        assert points == (0 if seat == taker and not scored.made else totals[seat])
