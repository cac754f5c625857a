"""May I play this?: every card of the hand is either legal or refused with the rule that refuses
it (RULES.md §1.9, §2.6, §3.5, §4.5, §5.5)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import games
from scorekeeper.cards import DECK_32, DECK_33, DECK_53
from scorekeeper.games import quinto

PLAYERS = {"belote": 4, "contree": 4, "klaberjass": 2, "pandoeren": 4, "quinto": 4}


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(sorted(PLAYERS)), data=st.data())
def test_each_card_is_legal_or_refused_with_a_reason(game, data):
    rules = quinto.RULES if game == "quinto" else games.RULES[game]
    deck = DECK_53 if game == "quinto" else DECK_33 if game == "pandoeren" else DECK_32
    cards = data.draw(st.permutations(sorted((str(card) for card in deck), key=str)))
    size = data.draw(st.integers(min_value=1, max_value=8))
    played = data.draw(st.integers(min_value=0, max_value=PLAYERS[game] - 1))
    query = {"hand": cards[:size], "trick_so_far": cards[size:size + played]}
    if game != "quinto":
        query["trump"] = data.draw(st.sampled_from("SHDC"))
    ruling = rules.referee("legal_play", query, rules.resolve_options(rules.play_options))
    legal, refused = set(ruling.answer["legal"]), ruling.answer["refused"]
    assert legal and not legal & set(refused)
    assert legal | set(refused) == set(query["hand"])
    assert all(reason.render() in [line.render() for line in ruling.lines] for reason in refused.values())
