"""Every registered game through the same API doors: score, a referee question, a refusal."""

from __future__ import annotations

import re

import pytest

from scorekeeper import games
from scorekeeper.errors import RuleViolation

SCORE = {
    # RULES §1.3/§1.6: N's cinquante beats E's tierce; E–W 100 < 112: dedans, N–S 212.
    "belote": ({"dealer": "N", "taker": "E", "contract": "suit", "trump": "H", "trick_points": {"B": 90},
                "last_trick": "B", "melds": [{"seat": "E", "cards": "tierce KH"},
                                             {"seat": "N", "cards": ["AS", "KS", "QS", "JS"]}]},
               {"A": 212, "B": 0}),
    # RULES §2.3: 92 + 10 + 20 = 122 -> 120 + 100 = 220.
    "contree": ({"bidder": "E", "bid": 100, "trump": "H", "card_points": {"B": 92}, "last_trick": "B",
                 "belote": "B"}, {"A": 60, "B": 220}),
    # RULES §3.3: 80 + 10 + 20 + 20 = 130 > 40.
    "klaberjass": ({"dealer": "P2", "maker": "P1", "trump": "H", "card_points": {"P1": 80, "P2": 40},
                    "last_trick": "P1", "sequences": [{"seat": "P1", "cards": "AS KS QS"}], "bella": "P1"},
                   {"P1": 130, "P2": 40}),
    # RULES §4.3/§4.4: Misère made by E alone: +3.
    "pandoeren": ({"dealer": "N", "declarer": "E", "contract": "Misère", "trump": "S", "made": True},
                  {"N": 0, "E": 3, "S": 0, "W": 0}),
    # RULES §5.3/§5.4: 230 + the 5 of hearts (20) = 250 at trick 2: the game is won, the deal stops.
    "quinto": ({"dealer": "N", "totals_before": {"A": 230, "B": 100},
                "quint_tricks": [{"trick_no": 2, "winner": "A", "quints": ["5H"]}]}, {"A": 20, "B": 0}),
}

REFEREE = {
    "belote": ("trick_winner", {"trick": ["QS", "9S", "7H"], "trump": "H", "contract": "suit"}, {"winner_index": 2, "winning_card": "7H"}),
    "contree": ("trick_winner", {"trick": ["QS", "9S", "7H"], "trump": "H"}, {"winner_index": 2, "winning_card": "7H"}),
    "klaberjass": ("trick_winner", {"trick": ["KS", "7H"], "trump": "H"}, {"winner_index": 1}),
    "pandoeren": ("bid_compare", {"first": "Misère", "second": "150"}, {"first_is_higher": False, "higher": "150"}),
    # RULES §5.1: hearts outrank the other suits, whatever was led; the joker never wins.
    "quinto": ("trick_winner", {"trick": ["5S", "2H", "JOKER", "KD"]}, {"winner_index": 1}),
}

BAD = {
    "belote": ({**SCORE["belote"][0], "trump": "X"}, "trump"),
    "contree": ({**SCORE["contree"][0], "bid": 95}, "bid"),
    "klaberjass": ({**SCORE["klaberjass"][0], "maker": "P3"}, "maker"),
    "pandoeren": ({**SCORE["pandoeren"][0], "contract": "125"}, "contract"),
    # RULES §5.3: A + 4 of different suits are no quint.
    "quinto": ({**SCORE["quinto"][0], "quint_tricks": [{"trick_no": 2, "winner": "A", "quints": ["AH", "4D"]}]},
               "quint_tricks"),
}


def test_every_game_is_covered_here():
    assert set(SCORE) == set(REFEREE) == set(BAD) == set(games.RULES)


@pytest.mark.parametrize("game", sorted(SCORE))
def test_score(client, game):
    deal, expected = SCORE[game]
    answer = client.post(f"/api/v1/{game}/score", json=deal)
    assert answer.status_code == 200, answer.json
    assert answer.json["score"] == expected
    assert answer.json["explanation"] and answer.json["summary"]


@pytest.mark.parametrize("game", sorted(REFEREE))
def test_a_referee_question(client, game):
    kind, query, expected = REFEREE[game]
    answer = client.post(f"/api/v1/{game}/referee/{kind}", json=query)
    assert answer.status_code == 200, answer.json
    assert expected.items() <= answer.json.items()
    assert answer.json["explanation"]


@pytest.mark.parametrize("game", sorted(BAD))
def test_a_refusal_names_its_field(client, game):
    deal, field = BAD[game]
    answer = client.post(f"/api/v1/{game}/score", json=deal)
    assert answer.status_code == 400
    assert answer.json["error"]["field"] == field


SEATS = "N, E, S, W"
PICKED = [  # every pick-one refusal (games/declare.pick): the key, what was sent (None: nothing), its message
    ("belote", "taker", "X", f"The taker must be one of {SEATS}; got “X”"),
    ("belote", "taker_team", "X", "taker_team must be one of A, B; got “X”"),
    ("belote", "last_trick", "X", "last_trick must be the side that took it, one of A, B; got “X”"),
    ("belote", "belote", "X", "belote must be one of A, B, or empty; got “X”"),
    ("belote", "dealer", "X", f"The dealer must be one of {SEATS}; got “X”"),
    ("contree", "bidder", "X", f"The bidder must be one of {SEATS}; got “X”"),
    ("contree", "bidder_team", "X", "bidder_team must be A (N–S) or B (E–W); got “X”"),
    ("contree", "dealer", "X", f"The dealer must be one of {SEATS}; got “X”"),
    ("contree", "trump", "X", "The trump must be one of S, H, D, C; got “X”"),
    ("contree", "trump", None, "Which suit was trump?"),
    ("contree", "last_trick", "X", "last_trick must be the team that took it: A or B; got “X”"),
    ("contree", "last_trick", None, "Which team took the last trick?"),
    ("contree", "belote", "X", "belote must be A, B or empty; got “X”"),
    ("klaberjass", "turned_suit", "X", "The turned suit must be one of S, H, D, C or empty; got “X”"),
    ("klaberjass", "bella", "X", "bella must be P1, P2 or empty; got “X”"),
    ("klaberjass", "dealer", "X", "The dealer must be P1 or P2; got “X”"),
    ("klaberjass", "maker", "X", "The maker must be P1 or P2; got “X”"),
    ("klaberjass", "maker", None, "Who chose trumps (the maker)?"),
    ("klaberjass", "trump", "X", "The trump must be one of S, H, D, C; got “X”"),
    ("klaberjass", "trump", None, "Which suit was trump?"),
    ("klaberjass", "last_trick", "X", "last_trick must be the player who took it: P1 or P2; got “X”"),
    ("klaberjass", "last_trick", None, "Who took the last trick?"),
    *(("pandoeren", key, "X", f"{key} must be one of {SEATS}; got “X”")
      for key in ("partner", "jas_holder", "stuk", "dealer", "declarer")),
    ("pandoeren", "declarer", None, "Who is the declarer?"),
]


@pytest.mark.parametrize(("game", "key", "sent", "message"), PICKED,
                         ids=[f"{game} {key} {sent or 'missing'}" for game, key, sent, _message in PICKED])
def test_a_pick_refusal_says_its_message_and_carries_no_other_parameter(client, game, key, sent, message):
    """The API answers the refusal as the error's message and field alone; the refusal carries the
    parameters its message uses and no other (a page or a translation sees what the message says)."""
    deal = {name: value for name, value in SCORE[game][0].items() if name != key}
    if sent is not None:
        deal[key] = sent
    answer = client.post(f"/api/v1/{game}/score", json=deal)
    assert (answer.status_code, answer.json) == (400, {"error": {"message": message, "field": key}})
    rules = games.get_rules(game)
    with pytest.raises(RuleViolation) as refused:
        rules.read_deal(deal, rules.resolve_options({}))
    assert set(refused.value.params) == set(re.findall(r"%\((\w+)\)", refused.value.template))


def test_game_end_is_asked_the_same_way_everywhere(client):
    answer = client.post("/api/v1/klaberjass/referee/game_end",
                         json={"totals_before": {"P1": 480, "P2": 300}, "deal_score": {"P1": 40, "P2": 10}})
    assert answer.json["finished"] is True and answer.json["winner"] == "P1"


@pytest.mark.parametrize(("game", "query", "holds"), [
    pytest.param("contree", {"hands": {"N": "AS KS", "E": "7H 8D", "S": "7S 8S", "W": "9S 10S"},
                             "leader": "N", "trump": "H", "claimant": "N", "claim": "all"}, False,
                 id="Contrée: E ruffs the first spade, the claim fails"),
    pytest.param("contree", {"hands": {"N": "JH 9H", "E": "7S 8D", "S": "7D 8S", "W": "9S 10S"},
                             "leader": "N", "trump": "H", "claimant": "N", "claim": "all"}, True,
                 id="Contrée: the two top trumps take both tricks"),
    pytest.param("belote", {"hands": {"N": "AS", "E": "7H", "S": "8S", "W": "9S"}, "leader": "N",
                            "trump": "H", "contract": "sans_atout", "claimant": "N", "claim": "all"}, True,
                 id="Belote sans atout: no trump, the ace holds"),
    pytest.param("klaberjass", {"hands": {"P1": "AS", "P2": "7H"}, "leader": "P1", "trump": "H",
                                "claimant": "P1", "claim": "all"}, False,
                 id="Klaberjass RULES §3.5: void, P2 must trump"),
])
def test_a_claim(client, game, query, holds):
    answer = client.post(f"/api/v1/{game}/referee/claim", json={**query, "exact": True})
    assert answer.status_code == 200, answer.json
    assert answer.json["holds"] is holds
    assert answer.json["explanation"] and "best_points" in answer.json
    if not holds:
        assert answer.json["line"]  # the defeating play, trick by trick


@pytest.mark.parametrize(("query", "field"), [
    pytest.param({"hands": {"N": "AS", "E": "AS", "S": "8S", "W": "9S"}, "leader": "N", "trump": "H",
                  "claimant": "N", "claim": "all"}, "hands", id="a card in two hands"),
    pytest.param({"hands": {"N": "AS KS", "E": "7H", "S": "8S", "W": "9S"}, "leader": "N", "trump": "H",
                  "claimant": "N", "claim": "all"}, "hands", id="hands of unequal length"),
    pytest.param({"hands": {"N": "AS", "E": "7H", "S": "8S", "W": "9S"}, "leader": "N", "trump": "H",
                  "claimant": "N", "claim": 5}, "claim", id="more tricks than are left"),
])
def test_an_impossible_claim_names_its_field(client, query, field):
    answer = client.post("/api/v1/contree/referee/claim", json=query)
    assert answer.status_code == 400 and answer.json["error"]["field"] == field
