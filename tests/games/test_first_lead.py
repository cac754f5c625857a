"""Who leads the first trick where a claim names no leader (RULES.md §7 item 31: the declarer in
Pandoeren; item 32: the player at the dealer's left in Quinto)."""

from __future__ import annotations

import pytest

from scorekeeper.cards import DECK_33, DECK_53, display_key
from scorekeeper.errors import RuleViolation
from scorekeeper.games import get_rules


def full_deal(deck, hand: int) -> dict[str, str]:
    """Every hand before the first trick, dealt round from the sorted deck."""
    cards = sorted(deck, key=display_key)
    return {seat: " ".join(str(card) for card in cards[at::4][:hand]) for at, seat in enumerate("NESW")}


GAMES = {  # game -> (every hand before the first trick, the claim's other fields)
    "pandoeren": (full_deal(DECK_33, 8), {"trump": "H"}),
    "quinto": (full_deal(DECK_53, 12), {}),
}


@pytest.mark.parametrize(("game", "named", "leader", "said"), [
    pytest.param("pandoeren", {"declarer": "E"}, "E", "E, the declarer, leads the first trick",
                 id="RULES §7 item 31: the declarer leads the first trick"),
    pytest.param("quinto", {"dealer": "W"}, "N", "N, at the left of W who dealt, leads the first trick",
                 id="RULES §7 item 32: the player at the dealer's left leads the first trick"),
])
def test_with_no_leader_named_the_rules_say_who_leads(game, named, leader, said):
    rules = get_rules(game)
    hands, other = GAMES[game]
    query = {"hands": hands, "claimant": leader, "claim": 1, **other}
    ruling = rules.referee("claim", {**query, **named}, rules.resolve_options())
    assert ruling.lines[0].render() == said
    assert ruling.answer == rules.referee("claim", {**query, "leader": leader}, rules.resolve_options()).answer


@pytest.mark.parametrize(("game", "query", "field"), [
    pytest.param("pandoeren", {}, "leader", id="RULES §7 item 31: neither the leader nor the declarer"),
    pytest.param("pandoeren", {"declarer": "Z"}, "declarer", id="RULES §0: no seat Z"),
    pytest.param("pandoeren", {"hands": {"N": "JH 9H", "E": "AS KS", "S": "7D 8D", "W": "AC KC"}, "declarer": "N"},
                 "leader", id="RULES §7 item 31: the declarer leads only the first trick"),
    pytest.param("quinto", {}, "leader", id="RULES §7 item 32: neither the leader nor the dealer"),
    pytest.param("quinto", {"dealer": "X"}, "dealer", id="RULES §0: no seat X deals"),
    pytest.param("quinto", {"hands": {"N": "AS", "E": "2D", "S": "KS", "W": "JOKER"}, "dealer": "W"}, "leader",
                 id="RULES §7 item 32: the dealer tells only the first trick's leader"),
])
def test_a_claim_without_its_leader_is_refused_by_field(game, query, field):
    rules = get_rules(game)
    hands, other = GAMES[game]
    with pytest.raises(RuleViolation) as err:
        rules.referee("claim", {"hands": hands, "claimant": "N", "claim": "all", **other, **query},
                      rules.resolve_options())
    assert err.value.field == field
