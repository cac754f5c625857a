"""Every game of the registry through the same checks (the GameRules contract of games/base.py)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import games
from scorekeeper.cards import Suit
from scorekeeper.errors import RuleViolation
from scorekeeper.games.base import GameRules, Resolved

ALL = tuple(games.RULES.values())
POSITIONAL = re.compile(r"%[^(%]")  # %s, %d: translators could not reorder them


def each_game(test):
    return pytest.mark.parametrize("rules", ALL, ids=lambda rules: rules.key)(test)


@each_game
def test_the_registry_is_keyed_by_game(rules: GameRules):
    assert games.RULES[rules.key] is rules is games.get_rules(rules.key)
    assert rules.name and rules.seats and rules.sides


@each_game
def test_options_resolve_to_their_defaults(rules: GameRules):
    defaults = {option.key: option.default for option in rules.options}
    assert rules.resolve_options() == rules.resolve_options({}) == defaults
    assert rules.resolve_options(defaults) == defaults


def option_values(rules: GameRules) -> st.SearchStrategy[dict[str, object]]:
    """Some of the game's options, each with a value of its kind (together they may be refused)."""
    def one(option) -> st.SearchStrategy[object]:
        if option.kind == "choice":
            return st.sampled_from(option.choices)
        if option.kind == "bool":
            return st.booleans()
        return st.integers(option.minimum if option.minimum is not None else -10,
                           option.maximum if option.maximum is not None else 10_000)
    return st.fixed_dictionaries({}, optional={option.key: one(option) for option in rules.options})


@each_game
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_resolved_options_resolve_to_themselves(rules: GameRules, data):
    """A sheet resolves its options once and hands them to every deal (``Resolved``: copied, not
    checked again): that is only right if resolving resolved options gives them back unchanged."""
    try:
        resolved = rules.resolve_options(data.draw(option_values(rules)))
    except RuleViolation:  # options that exclude each other
        return
    assert rules.resolve_options(resolved) == resolved
    again = rules.resolve_options(Resolved(rules, resolved))
    assert again == resolved and type(again) is dict and again is not resolved


@each_game
def test_every_option_explains_itself(rules: GameRules):
    for option in rules.options:
        assert option.label and option.help, option.key
        assert option.parse(option.default) == option.default
        assert not POSITIONAL.search(option.label + option.help)


@each_game
def test_an_unknown_option_is_refused_by_name(rules: GameRules):
    with pytest.raises(RuleViolation) as err:
        rules.resolve_options({"no_such_rule": True})
    assert err.value.field == "options.no_such_rule"


@each_game
def test_an_empty_deal_is_refused_with_its_field(rules: GameRules):
    with pytest.raises(RuleViolation) as err:
        rules.read_deal({}, rules.resolve_options())
    assert err.value.field


@each_game
def test_seats_sides_and_dealers(rules: GameRules):
    for preset in rules.starts():
        options = rules.resolve_options(preset.options)
        table = rules.table(options)
        assert {rules.side_of(seat) for seat in table.seats} == set(table.sides)
        assert all(rules.side_label(side) for side in table.sides)
        dealer, seen = table.seats[0], []
        for _ in table.seats:
            seen.append(dealer)
            dealer = rules.next_dealer(dealer, options)
        assert sorted(seen) == sorted(table.seats) and dealer == table.seats[0]


def form_values(rules: GameRules, options) -> st.SearchStrategy[dict[str, object]]:
    """What a phone could send for the game's form: the required fields and some optional ones."""
    def one(spec) -> st.SearchStrategy[object]:
        if spec.kind == "seat":
            return st.sampled_from(rules.seats)
        if spec.kind == "team":
            return st.sampled_from(rules.sides)
        if spec.kind == "suit":
            return st.sampled_from([suit.value for suit in Suit])
        if spec.kind == "choice":
            return st.sampled_from([value for value, _ in spec.choices])
        if spec.kind == "bool":
            return st.sampled_from(["y", "on"])
        if spec.kind == "int":
            low = 0 if spec.minimum is None else spec.minimum
            high = low + 200 if spec.maximum is None else spec.maximum
            numbers = st.integers(low, high).map(str)
            return st.one_of(numbers, numbers, numbers, st.sampled_from(["", "x", "-1"]))
        return st.just("")  # card fields: left empty (each game tests its own)
    specs = rules.deal_fields(options)
    return st.fixed_dictionaries({spec.name: one(spec) for spec in specs if spec.required},
                                 optional={spec.name: one(spec) for spec in specs if not spec.required})


def accepted(rules: GameRules, values, options):
    """The canonical declarations of a form, or None when the rules refuse it (naming a form field)."""
    names = {spec.name for spec in rules.deal_fields(options)}
    try:
        return rules.read_deal(rules.declarations_from_form(values, options), options)
    except RuleViolation as err:
        assert err.field in names, f"{err.field} is not a form field: {err}"
        return None


@each_game
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_form_round_trips_and_its_errors_name_form_fields(rules: GameRules, data):
    options = rules.resolve_options()
    declarations = accepted(rules, data.draw(form_values(rules, options)), options)
    if declarations is None:
        return
    shown = rules.form_from_declarations(declarations, options)
    assert set(shown) <= {spec.name for spec in rules.deal_fields(options)}
    assert rules.read_deal(rules.declarations_from_form(shown, options), options) == declarations
    assert rules.read_deal(declarations, options) == declarations


def placed(rules: GameRules, deals, options) -> bool:
    """Does the sheet take ``deals``' last one where it stands (as the deal page checks it)?"""
    try:
        rules.score_in_place(rules.score_sheet(deals[:-1], options), deals[-1], options)
    except RuleViolation:
        return False
    return True


@each_game
@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_the_sheet_adds_up_the_deal_scores(rules: GameRules, data):
    """Each row is what its own declarations score (a game may carry the totals before it into
    them, as Quinto does), and the totals are the sums of the rows up to the end of the match
    (the first deal at which the game's end rule is met). The sheet is built as the app
    builds it: a deal is recorded only if the sheet accepts it where it stands."""
    options = rules.resolve_options()
    forms = data.draw(st.lists(form_values(rules, options), min_size=1, max_size=12))
    deals: list = []
    for declarations in (accepted(rules, values, options) for values in forms):
        if declarations is not None and placed(rules, [*deals, declarations], options):
            deals.append(declarations)
    sheet = rules.score_sheet(deals, options)
    assert [row.declarations.get("dealer") for row in sheet.rows] == [d.get("dealer") for d in deals]
    running = dict.fromkeys(rules.sides, 0)
    for number, row in enumerate(sheet.rows, start=1):
        one = rules.score_deal(row.declarations, options)
        assert row.scored == one
        if number <= sheet.counted:  # a deal after the end of the match counts for nothing
            running = {side: running[side] + one.score[side] for side in rules.sides}
        assert dict(row.totals) == running
        for line in (one.summary, *one.lines):
            assert not POSITIONAL.search(line.template)
            assert line.render()
    assert dict(sheet.totals) == running
    if deals:  # scoring a deal where it stands is scoring the sheet up to it (games without a litige skip that)
        earlier = rules.score_sheet(deals[:-1], options)
        assert rules.score_in_place(earlier, deals[-1], options) == sheet.rows[-1].scored
        assert rules.add_in_place(earlier, deals[-1], options) == sheet  # a new deal's page scores it once
    if sheet.result is not None:
        assert sheet.result.draw or sheet.result.winner in rules.sides
    split = data.draw(st.integers(0, len(deals)))  # the app extends a kept sheet by the deals after it
    assert rules.extend_sheet(rules.score_sheet(deals[:split], options), deals[split:], options) == sheet


def soon_over(rules: GameRules):
    """Options under which a match ends within a few deals: the lowest target, or 2 agreed deals
    (Quinto's games go to 250 whatever the options)."""
    keys = {option.key: option for option in rules.options}
    raw = {"target": keys["target"].minimum} if "target" in keys else {}
    return rules.resolve_options(raw | ({"agreed_deals": 2} if "agreed_deals" in keys else {}))


@each_game
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_match_ends_at_the_first_deal_that_meets_its_end_rule(rules: GameRules, data):
    """One definition of the end (RULES.md §1.7, §2.5, §3, §4.4, §5.4 by game): the result is the one
    reached at the first deal where the rule is met; the totals are those after that deal; the deals
    after it (the history was edited) are rows that count for nothing."""
    options = soon_over(rules)
    forms = data.draw(st.lists(form_values(rules, options), min_size=1, max_size=8))
    deals = [d for d in (accepted(rules, values, options) for values in forms) if d is not None]
    sheet = rules.score_sheet(deals, options)
    if sheet.result is None:
        assert sheet.counted == len(deals)
        return
    end = sheet.counted
    assert sheet.result.deal == end and 1 <= end <= len(deals)
    assert rules.score_sheet(deals[:end - 1], options).result is None
    assert rules.score_sheet(deals[:end], options).result == sheet.result
    assert dict(sheet.totals) == dict(rules.score_sheet(deals[:end], options).totals)
    assert all(dict(row.totals) == dict(sheet.totals) for row in sheet.rows[end - 1:])
