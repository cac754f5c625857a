"""The classic Belote deal form (RULES.md §6 through the table's words): fields, errors, round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleViolation
from scorekeeper.games import belote

from .test_conformance import accepted, form_values

RULES = belote.RULES


def options(**changes):
    return RULES.resolve_options(changes)


def from_form(values, **opts):
    resolved = options(**opts)
    return RULES.score_deal(RULES.declarations_from_form(values, resolved), resolved)


MADE = {"dealer": "N", "taker": "E", "trump": "H", "taker_points": "92", "last_trick": "takers",
        "belote": "takers"}  # E–W: 92 + 10 + 20 = 122 against 60
THREE = {"dealer": "P1", "taker": "P2", "trump": "S", "points_P1": "30", "points_P2": "60", "points_P3": "30",
         "last_trick": "P2"}


def names(**opts):
    return [(f.name, f.kind, f.group) for f in RULES.deal_fields(options(**opts))]


def test_the_form_asks_one_screen():
    assert names() == [("dealer", "seat", "contract"), ("taker", "seat", "contract"),
                       ("trump", "suit", "contract"),
                       ("taker_points", "int", "result"), ("defender_points", "int", "result"),
                       ("last_trick", "choice", "result"), ("capot", "choice", "result"),
                       ("belote", "choice", "result"), ("melds_N", "cards", "melds"),
                       ("melds_E", "cards", "melds"),
                       ("melds_S", "cards", "melds"), ("melds_W", "cards", "melds")]
    assert [name for name, _, _ in names(no_melds=True)][-1] == "belote"
    both = {name: kind for name, kind, _ in names(sans_atout=True, tout_atout=True)}
    assert both["contract"] == "choice" and "belotes_taker" in both and "belotes_defenders" in both
    contract = next(f for f in RULES.deal_fields(options(sans_atout=True)) if f.name == "contract")
    assert [value for value, _ in contract.choices] == ["suit", "sans_atout"]
    trump = next(f for f in RULES.deal_fields(options(sans_atout=True)) if f.name == "trump")
    assert trump.when_field == "contract" and "sans_atout" not in trump.when_values  # no trump to ask
    assert [name for name, _, _ in names(players=3)] == [
        "dealer", "taker", "trump", "points_P1", "points_P2", "points_P3", "last_trick", "capot", "belote",
        "melds_P1", "melds_P2", "melds_P3"]
    assert [name for name, _, _ in names(players=3, tout_atout=True)][10:13] == ["belotes_P1", "belotes_P2",
                                                                                 "belotes_P3"]


@pytest.mark.parametrize(("values", "opts", "expected"), [
    pytest.param(MADE, {}, {"A": 60, "B": 122}, id="RULES §1.6: E–W 92 + 10 + 20 = 122 against 60"),
    pytest.param({**MADE, "defender_points": "60", "melds_N": "four 9"}, {}, {"A": 332, "B": 0},
                 id="RULES §1.3: N–S four nines make E–W fail: 162 + 150 + 20"),
    pytest.param({**MADE, "taker_points": "", "capot": "takers", "last_trick": ""}, {}, {"A": 0, "B": 272},
                 id="RULES §1.5: capot from the form: 252 + belote"),
    pytest.param({**MADE, "taker_points": "0", "capot": "defenders", "last_trick": "defenders"}, {},
                 {"A": 272, "B": 0}, id="RULES §1.5: the defenders' capot"),
    pytest.param({**MADE, "contract": "sans_atout", "taker_points": "70", "belote": ""}, {"sans_atout": True},
                 {"A": 100, "B": 160}, id="RULES §1.6: sans atout from the form, the trump dropped"),
    pytest.param({**MADE, "contract": "tout_atout", "taker_points": "130", "belote": "", "belotes_taker": "2",
                  "belotes_defenders": ""}, {"tout_atout": True}, {"A": 354, "B": 540},
                 id="RULES §1.4: tout atout belotes from the form"),
    pytest.param(THREE, {"players": 3}, {"P1": 30, "P2": 70, "P3": 30}, id="RULES §1.10: three players"),
    pytest.param({**THREE, "capot": "P2", "points_P1": "", "points_P2": "110", "points_P3": ""},
                 {"players": 3},
                 {"P1": 0, "P2": 210, "P3": 0}, id="RULES §1.5, §1.10: one player's capot"),
    pytest.param({**THREE, "belote": "P3", "melds_P3": "tierce KD"}, {"players": 3},
                 {"P1": 30, "P2": 0, "P3": 70}, id="RULES §1.10: P3's belote and tierce beat the taker"),
])
def test_the_form_scores_like_the_table(values, opts, expected):
    assert dict(from_form(values, **opts).score) == expected


@pytest.mark.parametrize(("values", "opts", "field"), [
    pytest.param({**MADE, "taker_points": "200"}, {}, "taker_points", id="RULES §1.1: over 152"),
    pytest.param({**MADE, "taker_points": "ninety"}, {}, "taker_points", id="not a number"),
    pytest.param({**MADE, "taker_points": ""}, {}, "taker_points", id="left empty"),
    pytest.param({**MADE, "defender_points": "70"}, {}, "defender_points",
                 id="RULES §1.1: not adding up to 152"),
    pytest.param({k: v for k, v in MADE.items() if k != "trump"}, {}, "trump", id="RULES §6: no trump"),
    pytest.param({k: v for k, v in MADE.items() if k != "taker"}, {}, "taker", id="RULES §6: no taker"),
    pytest.param({k: v for k, v in MADE.items() if k != "last_trick"}, {}, "last_trick", id="no last trick"),
    pytest.param({**MADE, "last_trick": "nobody"}, {}, "last_trick", id="last trick to nobody"),
    pytest.param({**MADE, "belote": "both"}, {}, "belote", id="belote to nobody"),
    pytest.param({**MADE, "capot": "y"}, {}, "capot", id="capot is a side"),
    pytest.param({**MADE, "capot": "takers"}, {}, "taker_points",
                 id="RULES §1.5: a capot has all 152 points"),
    pytest.param({**MADE, "capot": "takers", "taker_points": "152", "last_trick": "defenders"}, {},
                 "last_trick",
                 id="RULES §1.5: a capot has the last trick"),
    pytest.param({**MADE, "dealer": "X"}, {}, "dealer", id="RULES §0: no seat X"),
    pytest.param({**MADE, "melds_S": "AH KH JH"}, {}, "melds_S", id="RULES §1.2: not a sequence"),
    pytest.param({**MADE, "melds_W": "tierce XX"}, {}, "melds_W", id="RULES §1.2: not a card"),
    pytest.param({**MADE, "melds_S": "four 8"}, {}, "melds_S", id="RULES §1.2: four eights"),
    pytest.param({**MADE, "melds_N": "KH QH JH", "belote": "takers"}, {}, "belote",
                 id="RULES §1.4: N shows the belote's K and Q, E–W claim it"),
    pytest.param({**MADE, "melds_S": "AS KS QS", "melds_W": "KS QS JS"}, {}, "melds_S",
                 id="RULES §1.2: a card in two hands"),
    pytest.param({**MADE, "dealer": "", "melds_S": "AS KS QS", "melds_W": "AD KD QD"}, {}, "dealer",
                 id="RULES §0: the seat order for the melds"),
    pytest.param({**MADE, "contract": "sans_atout"}, {"sans_atout": True}, "belote",
                 id="RULES §1.4: no belote in sans atout"),
    pytest.param({**MADE, "contract": "grand"}, {"sans_atout": True}, "contract", id="no such contract"),
    pytest.param({**MADE, "belotes_taker": "1"}, {"tout_atout": True}, "belotes_taker",
                 id="RULES §1.4: belotes counted only in tout atout"),
    pytest.param({**MADE, "contract": "tout_atout", "belote": "", "belotes_taker": "3",
                  "belotes_defenders": "2"},
                 {"tout_atout": True}, "belotes_taker", id="RULES §1.4: at most four belotes"),
    pytest.param({**MADE, "contract": "tout_atout", "belotes_taker": "1"}, {"tout_atout": True}, "belote",
                 id="RULES §6: belote and belotes at once"),
    pytest.param({**MADE, "contract": "tout_atout", "taker_points": "250"}, {"tout_atout": True},
                 "taker_points", id="RULES §1.1: 248 card points in tout atout"),
    pytest.param({**MADE, "contract": "sans_atout", "belote": "", "taker_points": "130"},
                 {"sans_atout": True},
                 "taker_points", id="RULES §1.1: 120 card points in sans atout"),
    pytest.param({**THREE, "points_P1": "90"}, {"players": 3}, "points_P2",
                 id="RULES §1.10: more points than 152 in play"),
    pytest.param({**THREE, "points_P3": ""}, {"players": 3}, "points_P3",
                 id="RULES §1.10: P3's points missing"),
    pytest.param({**THREE, "capot": "P2", "points_P2": ""}, {"players": 3}, "points_P2",
                 id="RULES §1.10: the capot player's points are needed"),
    pytest.param({**THREE, "capot": "P1"}, {"players": 3}, "points_P2",
                 id="RULES §1.5: P1 took every trick, so P2 has no card points"),
    pytest.param({**THREE, "last_trick": "P4"}, {"players": 3}, "last_trick", id="RULES §1.10: no P4"),
])
def test_form_errors_name_the_form_field(values, opts, field):
    with pytest.raises(RuleViolation) as err:
        from_form(values, **opts)
    assert err.value.field == field


def test_the_form_round_trips_typed_melds():
    values = {**MADE, "belote": "", "melds_N": "as ks qs; four 9", "melds_W": "cinquante KD"}
    declarations = RULES.read_deal(RULES.declarations_from_form(values, options()), options())
    assert declarations["melds"] == [{"seat": "N", "cards": ["AS", "KS", "QS"]},
                                     {"seat": "N", "cards": ["9S", "9H", "9D", "9C"]},
                                     {"seat": "W", "cards": ["KD", "QD", "JD", "10D"]}]
    form = RULES.form_from_declarations(declarations, options())
    assert form["melds_N"] == "AS KS QS ; 9S 9H 9D 9C" and form["melds_E"] == ""
    assert RULES.read_deal(RULES.declarations_from_form(form, options()), options()) == declarations


def test_an_edited_deal_shows_its_values_again():
    form = RULES.form_from_declarations(RULES.declarations_from_form(MADE, options()), options())
    assert form == {"dealer": "N", "taker": "E", "trump": "H", "taker_points": "92", "defender_points": "",
                    "last_trick": "takers", "capot": "", "belote": "takers", "melds_N": "", "melds_E": "",
                    "melds_S": "", "melds_W": ""}
    three_players = options(players=3)
    three = RULES.form_from_declarations(RULES.declarations_from_form(THREE, three_players), three_players)
    assert three == {**THREE, "capot": "", "belote": "", "melds_P1": "", "melds_P2": "", "melds_P3": ""}


OPTION_SETS = [
    pytest.param({"sans_atout": True, "tout_atout": True}, id="sans atout and tout atout"),
    pytest.param({"players": 3}, id="three players"),
    pytest.param({"players": 3, "sans_atout": True, "tout_atout": True}, id="three players, all contracts"),
    pytest.param({"no_melds": True, "litige": True, "anticlockwise": True},
                 id="no melds, litige, anticlockwise"),
]


@pytest.mark.parametrize("raw", OPTION_SETS)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_every_form_round_trips_and_its_errors_name_form_fields(raw, data):
    """The conformance round trip (tests/games/test_conformance.py) under other options."""
    resolved = options(**raw)
    declarations = accepted(RULES, data.draw(form_values(RULES, resolved)), resolved)
    if declarations is None:
        return
    shown = RULES.form_from_declarations(declarations, resolved)
    assert set(shown) <= {spec.name for spec in RULES.deal_fields(resolved)}
    assert RULES.read_deal(RULES.declarations_from_form(shown, resolved), resolved) == declarations
    scored = RULES.score_deal(declarations, resolved)
    assert all(points >= 0 for points in scored.score.values())
