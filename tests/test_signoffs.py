"""The store's sign-offs of a sheet (issue 21 §3): kept for good, each write whole or absent, and
dropped in the very transaction of any change of the sheet; the history puts them in their place."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from scorekeeper import store
from scorekeeper.errors import RuleViolation
from scorekeeper.web.changes import in_order
from tests.test_store import DEAL, db, new_match  # noqa: F401  (db: the fixture)

ORGANISER, TABLE = store.Actor("organiser"), store.Actor("table", "3")


def finished(match, deals) -> None:
    """The sheet may be signed once it holds a deal (the web asks the game's end)."""
    if not deals:
        raise RuleViolation("not finished")


def sign(db, match_id, action="confirm", **said):
    store.sign(db, match_id, action, version=None, ready=finished, by=TABLE, **said)


def test_both_sides_confirmed_count_a_dispute_does_not_a_validation_does(db):
    match_id = new_match(db)
    store.add_deal(db, match_id, DEAL)
    sign(db, match_id, side="NS", seat="N", name="A")
    assert store.signoff_state(db, match_id).status(("NS", "EW")) == "unconfirmed"
    sign(db, match_id, side="EW", seat="W", name="D")
    state = store.signoff_state(db, match_id)
    assert state.counts(("NS", "EW")) and state.status(("NS", "EW")) == "confirmed"
    sign(db, match_id, "dispute", text="deal 1 was 90")
    state = store.signoff_state(db, match_id)
    assert not state.counts(("NS", "EW")) and state.status(("NS", "EW")) == "disputed"
    store.sign(db, match_id, "validate", version=None, ready=finished, by=ORGANISER)
    state = store.signoff_state(db, match_id)
    assert state.counts(("NS", "EW")) and state.status(("NS", "EW")) == "validated"
    with pytest.raises(RuleViolation):
        sign(db, match_id, side="NS", seat="S", name="C")


def test_a_refused_signoff_writes_nothing(db):
    match_id = new_match(db)
    with pytest.raises(RuleViolation):
        sign(db, match_id, side="NS", seat="N", name="A")
    store.add_deal(db, match_id, DEAL)
    with pytest.raises(store.Conflict):
        store.sign(db, match_id, "confirm", version=1, ready=finished, side="NS")
    sign(db, match_id, side="NS", seat="N", name="A")
    with pytest.raises(RuleViolation):
        sign(db, match_id, side="NS", seat="S", name="C")
    assert [s.seat for s in store.list_signoffs(db, match_id)] == ["N"]


@pytest.mark.parametrize("change", ["add", "add as a page", "edit", "delete", "undo", "restore"])
def test_any_change_of_the_sheet_drops_the_signoffs_in_its_own_transaction(db, change):
    match_id = new_match(db)
    first, _ = store.add_deal(db, match_id, DEAL)
    second, _ = store.add_deal(db, match_id, DEAL)
    if change == "restore":
        store.delete_deal(db, match_id, second)
    sign(db, match_id, side="NS", seat="N", name="A")
    read = (store.get_match(db, match_id), store.list_deals(db, match_id))  # the page's, as drawn
    {"add": lambda: store.add_deal(db, match_id, DEAL, by=ORGANISER),
     "add as a page": lambda: store.add_deal(db, match_id, DEAL, nonce="n", guard=lambda *_: None, read=read,
                                             by=ORGANISER),
     "edit": lambda: store.update_deal(db, match_id, first, {**DEAL, "bid": 110}, by=ORGANISER),
     "delete": lambda: store.delete_deal(db, match_id, first, by=ORGANISER),
     "undo": lambda: store.undo_last_deal(db, match_id, by=ORGANISER),
     "restore": lambda: store.restore_deal(db, match_id, second, by=ORGANISER)}[change]()
    assert store.signoff_state(db, match_id) == store.SignoffState()
    last_event = store.list_events(db, match_id)[-1]
    dropped = store.list_signoffs(db, match_id)[-1]
    assert (dropped.action, dropped.by, dropped.at, dropped.after_event) == \
        ("unconfirm", ORGANISER, last_event.at, last_event.id)


def test_a_change_of_a_sheet_with_nothing_standing_drops_nothing(db):
    match_id = new_match(db)
    store.add_deal(db, match_id, DEAL)
    store.add_deal(db, match_id, DEAL)
    assert store.list_signoffs(db, match_id) == []


def test_a_change_that_fails_keeps_the_signoffs(db):
    match_id = new_match(db)
    deal_id, _ = store.add_deal(db, match_id, DEAL)
    sign(db, match_id, side="NS", seat="N", name="A")
    with pytest.raises(store.Conflict):
        store.update_deal(db, match_id, deal_id, {**DEAL, "bid": 110}, version=7)
    assert len(store.signoff_state(db, match_id).confirmed) == 1


def _event(event_id: int) -> store.Event:
    return store.Event(event_id, 1, event_id, event_id, "create", "2026-11-26T20:00:00+00:00", TABLE, None, {})


def _signoff(signoff_id: int, after: int) -> store.Signoff:
    return store.Signoff(signoff_id, 1, "confirm", "2026-11-26T20:00:00+00:00", TABLE, "NS", "N", "A", "", after)


@given(events=st.integers(0, 8), afters=st.lists(st.integers(0, 8)))
def test_the_history_puts_each_signoff_right_after_the_change_it_followed(events, afters):
    changes = [_event(i) for i in range(1, events + 1)]
    signoffs = [_signoff(i, after) for i, after in enumerate(sorted(min(a, events) for a in afters), start=1)]
    merged = in_order(changes, signoffs)
    assert [c for c in merged if isinstance(c, store.Event)] == changes
    assert [c for c in merged if isinstance(c, store.Signoff)] == signoffs
    for place, change in enumerate(merged):
        if isinstance(change, store.Signoff):
            before = [c.id for c in merged[:place] if isinstance(c, store.Event)]
            assert max(before, default=0) == change.after_event
