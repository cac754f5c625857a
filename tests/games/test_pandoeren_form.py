"""The Pandoeren deal form (RULES.md §6 through one phone screen): fields, errors, round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import RuleViolation
from scorekeeper.games import base, pandoeren

RULES = pandoeren.RULES
DEFAULTS = RULES.resolve_options()
SEATS = ("N", "E", "S", "W")


def from_form(values, **opts):
    resolved = RULES.resolve_options(opts)
    return RULES.score_deal(RULES.declarations_from_form(values, resolved), resolved)


def test_the_form_asks_one_screen():
    fields = RULES.deal_fields(DEFAULTS)
    assert [(f.name, f.kind) for f in fields] == [
        ("dealer", "seat"), ("declarer", "seat"), ("contract_kind", "choice"), ("contract_number", "int"),
        ("trump", "suit"), ("called_card", "choice"), ("partner", "seat"), ("jas_holder", "seat"),
        ("discard", "cards"), ("bidders_N", "bool"), ("bidders_E", "bool"), ("bidders_S", "bool"),
        ("bidders_W", "bool"), ("result", "choice"), ("tricks", "seats"), ("team_points", "int"),
        ("last_trick", "choice"), ("stuk", "seat"), ("roem_N", "cards"), ("roem_E", "cards"),
        ("roem_S", "cards"), ("roem_W", "cards")]
    kinds = next(f for f in fields if f.name == "contract_kind")
    assert [value for value, _ in kinds.choices] == [
        "number", "piccolo", "misere", "kereltje", "zwabber", "solo_zwabber", "piccolo_ouvert", "misere_ouvert",
        "stil_praatje", "pandoer", "pandoer_plus", "praatje", "prive"]
    called = next(f for f in fields if f.name == "called_card")
    assert [value for value, _ in called.choices][:6] == ["", "AS", "AH", "AD", "AC", "KS"]
    roem = next(f for f in fields if f.name == "roem_N")
    assert "6H" in {value for value, _ in roem.choices} and len(roem.choices) == 33


@pytest.mark.parametrize(("kind", "asked"), [
    pytest.param("kereltje", {"trump", "jas_holder", "discard", "result", "tricks"},
                 id="RULES §4.3: Kereltje's partner holds the trump jack"),
    pytest.param("misere", {"trump", "result", "tricks"}, id="RULES §4.3: Misère, alone, for tricks"),
    pytest.param("solo_zwabber", {"result", "tricks"}, id="RULES §4.3: Solo-Zwabber, alone, no trumps"),
    pytest.param("zwabber", {"called_card", "partner", "discard", "result", "tricks"},
                 id="RULES §4.3: Zwabber calls a partner, no trumps"),
    pytest.param("pandoer_plus", {"contract_number", "trump", "called_card", "partner", "discard", "result",
                                  "tricks", "stuk", *(f"roem_{s}" for s in SEATS)},
                 id="RULES §4.2: Pandoer + n counts roem"),
    pytest.param("number", {"contract_number", "trump", "called_card", "partner", "discard", "team_points",
                            "last_trick", "stuk", *(f"roem_{s}" for s in SEATS)},
                 id="RULES §4.3: a number contract is decided by card points"),
])
def test_each_contract_asks_only_its_own_fields(kind, asked):
    always = {"dealer", "declarer", "contract_kind", *(f"bidders_{s}" for s in SEATS)}
    fields = RULES.deal_fields(DEFAULTS)
    assert {f.name for f in fields if base.asked(f, {"contract_kind": kind})} == always | asked


NUMBER_150 = {"dealer": "W", "declarer": "N", "contract_kind": "number", "contract_number": "150", "trump": "H",
              "called_card": "AS", "partner": "E", "team_points": "125", "last_trick": "declarer",
              "roem_N": "ah kh qh", "bidders_W": "y"}


@pytest.mark.parametrize(("values", "made", "expected"), [
    pytest.param(NUMBER_150, True, {"N": 2, "E": 2, "S": 0, "W": 0}, id="RULES §4.3: 125 + 5 + 20 roem = 150"),
    pytest.param({**NUMBER_150, "roem_W": "10S 9S 8S 7S"}, False, {"N": -2, "E": -2, "S": 0, "W": 0},
                 id="RULES §4.2: W ticked as a bidder denies the roem"),
    pytest.param({**NUMBER_150, "roem_W": "10S 9S 8S 7S", "bidders_W": ""}, True,
                 {"N": 2, "E": 2, "S": 0, "W": 0}, id="RULES §4.2: W did not bid"),
    pytest.param({"declarer": "S", "contract_kind": "misere_ouvert", "trump": "D", "result": "made"}, True,
                 {"N": 0, "E": 0, "S": 6, "W": 0}, id="RULES §4.3: Misère Ouvert made"),
    pytest.param({"declarer": "S", "contract_kind": "piccolo", "trump": "D", "tricks": "S N N E E W W N"}, True,
                 {"N": 0, "E": 0, "S": 3, "W": 0}, id="RULES §4.3: Piccolo from the tricks"),
    pytest.param({"declarer": "S", "contract_kind": "piccolo", "trump": "D", "tricks": "N S N E E W W N"},
                 False, {"N": 0, "E": 0, "S": -3, "W": 0}, id="RULES §4.3: Piccolo failed from the tricks"),
    pytest.param({"declarer": "E", "contract_kind": "kereltje", "trump": "C", "jas_holder": "W",
                  "result": "failed"}, False, {"N": 0, "E": -2, "S": 0, "W": -2}, id="RULES §4.3: Kereltje"),
    pytest.param({"declarer": "E", "contract_kind": "zwabber", "partner": "N", "called_card": "AD",
                  "tricks": "e;e;e;e;n;n;n;e"}, True, {"N": 2, "E": 2, "S": 0, "W": 0},
                 id="RULES §4.3: Zwabber from the tricks, typed loosely"),
    pytest.param({"declarer": "W", "contract_kind": "pandoer_plus", "contract_number": "40", "trump": "S",
                  "partner": "S", "result": "made", "roem_S": "QS QH QD QC"}, True,
                 {"N": 0, "E": 0, "S": 5, "W": 5}, id="RULES §4.3: Pandoer+40"),
])
def test_the_form_scores_like_the_table(values, made, expected):
    scored = from_form(values)
    assert (scored.made, dict(scored.score)) == (made, expected)


@pytest.mark.parametrize(("values", "field"), [
    pytest.param({**NUMBER_150, "contract_number": "155"}, "contract_number", id="RULES §4.3: not in tens"),
    pytest.param({**NUMBER_150, "contract_number": "110"}, "contract_number", id="RULES §4.3: under 120"),
    pytest.param({**NUMBER_150, "contract_number": ""}, "contract_number", id="a number contract's number"),
    pytest.param({**NUMBER_150, "contract_number": "1²0"}, "contract_number", id="not a plain number"),
    pytest.param({**NUMBER_150, "contract_kind": "pandoer_plus", "contract_number": "30"}, "contract_number",
                 id="RULES §4.3: Pandoer+n in twenties"),
    pytest.param({**NUMBER_150, "contract_kind": "grand"}, "contract_kind", id="no such contract"),
    pytest.param({**NUMBER_150, "contract_kind": ""}, "contract_kind", id="no contract"),
    pytest.param({**NUMBER_150, "declarer": ""}, "declarer", id="no declarer"),
    pytest.param({**NUMBER_150, "dealer": "X"}, "dealer", id="RULES §0: no seat X"),
    pytest.param({**NUMBER_150, "team_points": "142"}, "team_points", id="RULES §4.1: more than 141"),
    pytest.param({**NUMBER_150, "team_points": "132", "discard": "10S"}, "team_points",
                 id="RULES §4.1: more than 141 minus the discard"),
    pytest.param({**NUMBER_150, "team_points": "lots"}, "team_points", id="not a number"),
    pytest.param({**NUMBER_150, "team_points": ""}, "team_points", id="no card points"),
    pytest.param({**NUMBER_150, "last_trick": ""}, "last_trick", id="no last trick"),
    pytest.param({**NUMBER_150, "last_trick": "W"}, "last_trick", id="last trick to a seat"),
    pytest.param({**NUMBER_150, "roem_N": "AS KS QS"}, "called_card", id="RULES §4.3: calling her own ace"),
    pytest.param({**NUMBER_150, "roem_E": "AH KH"}, "roem_E", id="RULES §4.2: two cards are no roem"),
    pytest.param({**NUMBER_150, "roem_S": "QH JH 10H"}, "roem_S", id="RULES §4.2: the Q♥ in two hands"),
    pytest.param({**NUMBER_150, "partner": ""}, "partner", id="RULES §4.3: no partner"),
    pytest.param({**NUMBER_150, "result": "made"}, "result", id="RULES §4.3: a number contract has points"),
    pytest.param({**NUMBER_150, "result": "maybe"}, "result", id="made or failed"),
    pytest.param({**NUMBER_150, "stuk": "X"}, "stuk", id="RULES §0: stuk of no seat"),
    pytest.param({**NUMBER_150, "stuk": "S", "roem_E": "KH QD"}, "roem_E", id="not a roem"),
    pytest.param({**NUMBER_150, "discard": "AS"}, "called_card", id="RULES §4.3: the called ace discarded"),
    pytest.param({**NUMBER_150, "discard": "6S"}, "discard", id="RULES §4.1: no 6 of spades"),
    pytest.param({"declarer": "S", "contract_kind": "misere", "trump": "D"}, "result", id="neither result"),
    pytest.param({"declarer": "S", "contract_kind": "misere", "trump": "D", "tricks": "N N N"}, "tricks",
                 id="RULES §4.3: eight tricks"),
    pytest.param({"declarer": "S", "contract_kind": "misere", "trump": "D", "tricks": "N N N N N N N S",
                  "result": "made"}, "result", id="RULES §6: the result against the tricks"),
    pytest.param({"declarer": "S", "contract_kind": "misere", "trump": "D", "result": "made", "partner": "N"},
                 "partner", id="RULES §4.3: a partner on a solo contract"),
    pytest.param({"declarer": "S", "contract_kind": "misere", "trump": "D", "result": "made",
                  "contract_number": "120"}, "contract_number", id="Misère takes no number"),
    pytest.param({"declarer": "S", "contract_kind": "misere", "trump": "D", "result": "made",
                  "roem_S": "AS KS QS"}, "roem_S", id="RULES §4.2: no roem in Misère"),
    pytest.param({"declarer": "S", "contract_kind": "zwabber", "trump": "D", "result": "made", "partner": "N"},
                 "trump", id="RULES §4.3: Zwabber has no trumps"),
    pytest.param({"declarer": "S", "contract_kind": "kereltje", "trump": "D", "result": "made"}, "jas_holder",
                 id="RULES §4.3: Kereltje needs the jas holder"),
])
def test_form_errors_name_the_form_field(values, field):
    with pytest.raises(RuleViolation) as err:
        from_form(values)
    assert err.value.field == field


def test_kereltje_own_jack_forbidden_names_the_form_field():
    values = {"declarer": "S", "contract_kind": "kereltje", "trump": "D", "result": "made", "jas_holder": "S"}
    assert from_form(values).score["S"] == 2
    with pytest.raises(RuleViolation) as err:
        from_form(values, kereltje_own_jack="forbidden")
    assert err.value.field == "jas_holder"


def test_an_edited_deal_shows_its_values_again():
    declarations = RULES.declarations_from_form({**NUMBER_150, "roem_W": "10S 9S 8S", "stuk": "N"}, DEFAULTS)
    form = RULES.form_from_declarations(declarations, DEFAULTS)
    assert form == {"dealer": "W", "declarer": "N", "contract_kind": "number", "contract_number": "150",
                    "trump": "H", "called_card": "AS", "partner": "E", "jas_holder": "", "discard": "",
                    "result": "", "tricks": "", "team_points": "125", "last_trick": "declarer", "stuk": "N",
                    "roem_N": "AH KH QH", "roem_E": "", "roem_S": "", "roem_W": "10S 9S 8S",
                    "bidders_N": True, "bidders_E": False, "bidders_S": False, "bidders_W": True}


SEAT = st.sampled_from(SEATS)
ROEM = st.sampled_from(["", "AS KS QS", "QS QH QD QC", "10D 9D 8D 7D", "JS JH JD JC", "8H 7H 6H"])


@st.composite
def deals(draw):
    """Valid declarations of every contract kind, with the optional fields sometimes filled."""
    declarer = draw(SEAT)
    others = [seat for seat in SEATS if seat != declarer]
    kind = draw(st.sampled_from(["120", "150", "200", "Piccolo", "Misère", "Kereltje", "Zwabber", "Solo-Zwabber",
                                 "Piccolo Ouvert", "Misère Ouvert", "Stil Praatje", "Pandoer", "Pandoer+40",
                                 "Praatje", "Privé"]))
    contract = pandoeren.parse_contract(kind)
    deal = {"declarer": declarer, "contract": kind, "dealer": draw(st.none() | SEAT),
            "bidders": draw(st.lists(SEAT, unique=True))}
    if contract.trumps:
        deal["trump"] = draw(st.sampled_from("SHDC"))
    if contract.partner.value == "called":
        deal["partner"] = draw(st.sampled_from(others))
        deal["called_card"] = draw(st.sampled_from([None, "AC"]))
    if contract.partner.value == "jas":
        deal["jas_holder"] = draw(SEAT)
    if contract.uses_roem:
        owners = draw(st.permutations(SEATS))
        texts = draw(st.lists(ROEM, min_size=4, max_size=4, unique=True))
        roem = dict(zip(owners, texts, strict=True))
        if "QS QH QD QC" in texts and "AS KS QS" in texts:
            roem = {seat: "" if text == "AS KS QS" else text for seat, text in roem.items()}
        if "JS JH JD JC" in texts:
            roem = {seat: "" if text == "10D 9D 8D 7D" else text for seat, text in roem.items()}
        deal["roem"] = roem
        deal["called_card"] = None
        if draw(st.booleans()) and deal["trump"] == "C" and "QS QH QD QC" not in roem.values():
            deal["stuk"] = deal["partner"]
    if contract.kind.value == "number":
        deal["team_card_points"] = draw(st.integers(0, 121))
        deal["last_trick_team"] = draw(st.sampled_from(["declarer", "opponents"]))
        deal["discard"] = draw(st.sampled_from([None, "9C"]))
    elif draw(st.booleans()):
        deal["tricks_won_by"] = draw(st.lists(SEAT, min_size=8, max_size=8))
    else:
        deal["made"] = draw(st.booleans())
    return deal


@settings(max_examples=300, deadline=None)
@given(declarations=deals(), opts=st.fixed_dictionaries({"piccolo_any_one_trick": st.booleans()}))
def test_every_deal_round_trips_through_the_form(declarations, opts):
    resolved = RULES.resolve_options(opts)
    canonical = RULES.read_deal(declarations, resolved)
    form = RULES.form_from_declarations(canonical, resolved)
    assert set(form) <= {field.name for field in RULES.deal_fields(resolved)}
    assert RULES.declarations_from_form(form, resolved) == canonical
    assert RULES.score_deal(canonical, resolved) == RULES.score_deal(declarations, resolved)


@settings(max_examples=200, deadline=None)
@given(declarations=deals())
def test_the_lines_add_up_to_the_score(declarations):
    scored = RULES.score_deal(declarations, DEFAULTS)
    value = scored.answer["value"]
    assert {abs(points) for points in scored.score.values()} <= {0, value}
    side = [seat for seat in (scored.answer["declarer"], scored.answer["partner"]) if seat]
    assert [seat for seat in SEATS if scored.score[seat]] == [seat for seat in SEATS if seat in side]
    last = scored.lines[-1]
    assert last.params["value"] == value
    assert last.params["changes"] == ", ".join(f"{seat} {scored.score[seat]:+d}" for seat in side)
    if scored.answer["team_points"] is not None:
        points = next(line.params for line in scored.lines if "cards" in line.params)
        assert points["cards"] + points["last"] + points["roem"] + points["stuk"] == points["points"]
        assert points["points"] == scored.answer["team_points"]
        assert scored.made == (points["points"] >= int(scored.answer["contract"]))
    for line in (scored.summary, *scored.lines):
        assert line.render()
