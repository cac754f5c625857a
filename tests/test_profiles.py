"""Rule profiles, pure and stored (scorekeeper/profiles.py, store/profiles.py): a profile keeps the rules
it changes from the rules as written, which resolve to the very options it was made from; its name is
unique in its game; its options are checked as a match's."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import games, profiles, store
from scorekeeper.errors import RuleViolation


def option_values(option) -> st.SearchStrategy:
    if option.kind == "bool":
        return st.booleans()
    if option.kind == "choice":
        return st.sampled_from(option.choices)
    return st.integers(option.minimum if option.minimum is not None else 0,
                       option.maximum if option.maximum is not None else 10_000)


@st.composite
def options_of_a_game(draw):
    """A game and some of its options, each a value its check accepts (together they may be refused)."""
    rules = draw(st.sampled_from(list(games.RULES.values())))
    chosen = draw(st.lists(st.sampled_from(rules.options), unique_by=lambda o: o.key, max_size=len(rules.options)))
    return rules, {option.key: draw(option_values(option)) for option in chosen}


@settings(max_examples=200, deadline=None, derandomize=True)
@given(options_of_a_game())
def test_a_profile_s_departures_resolve_to_the_options_it_was_made_from(game_and_options):
    rules, raw = game_and_options
    try:
        resolved = rules.resolve_options(raw)
    except RuleViolation:  # (a combination the game refuses: a profile refuses it the same way)
        with pytest.raises(RuleViolation):
            profiles.departures(rules, raw)
        return
    kept = profiles.departures(rules, raw)
    assert rules.resolve_options(kept) == resolved  # a match started from it gets the same rules
    assert profiles.departures(rules, kept) == kept  # and nothing more is dropped the second time
    written, following = rules.resolve_options(), {option.key for option in rules.options if option.follows}
    assert all(value != written[key] for key, value in kept.items() if key not in following)  # no default copied


def test_the_rules_as_written_are_a_profile_of_no_departures():
    for rules in games.RULES.values():
        assert profiles.departures(rules, rules.resolve_options()) == {}
        assert profiles.form_values(rules, {}) == {
            option.key: "" if option.follows else option.default for option in rules.options}


def test_options_given_with_a_profile_override_its_own_key_by_key():
    belote = games.get_rules("belote")
    # RULES.md §7 item 5: an unset target follows sans atout (3000), a set one stays
    assert profiles.applied(belote, {"sans_atout": True}, {"litige": True})["target"] == 3000
    assert profiles.applied(belote, {"sans_atout": True, "target": 1500}, {"sans_atout": False})["target"] == 1500
    with pytest.raises(RuleViolation) as refused:
        profiles.applied(games.get_rules("contree"), {"alternate_scoring": True}, {"contre_fixed_scoring": True})
    assert refused.value.field == "options.contre_fixed_scoring"


@pytest.mark.parametrize(("name", "message"), [
    ("", "Give the profile a name."), ("  \t ", "name holds a character that cannot be shown (a control "
                                       "character or half of a pair)"),
    ("x" * 81, "name has at most 80 characters"), (None, "name must be text")])
def test_a_name_refused_says_why_and_names_its_field(name, message):
    with pytest.raises(RuleViolation) as refused:
        profiles.read_name(name)
    assert (refused.value.field, str(refused.value)) == ("name", message)


@pytest.fixture
def db(app):
    with app.app_context():
        yield store.get_db()


def test_stored_profiles_are_unique_in_their_game_and_listed_by_name(db):
    first = store.add_profile(db, game="contree", name="Thursday club", options={"target": 2000})
    store.add_profile(db, game="contree", name="Ábaco", options={})
    store.add_profile(db, game="belote", name="Thursday club", options={"litige": True})
    with pytest.raises(RuleViolation) as refused:
        store.add_profile(db, game="contree", name="THURSDAY   club", options={})
    assert refused.value.field == "name"
    assert [p.name for p in store.list_profiles(db, "contree")] == ["Ábaco", "Thursday club"]
    store.update_profile(db, first, name="Thursday club", options={"target": 1500})  # its own name: kept
    assert store.get_profile(db, first).options == {"target": 1500}
    with pytest.raises(RuleViolation):
        store.update_profile(db, first, name="ábaco", options={})
    store.delete_profile(db, first)
    for missing in (first, 0, -1, 2**63, 2**80):
        with pytest.raises(store.NotFound):
            store.get_profile(db, missing)
