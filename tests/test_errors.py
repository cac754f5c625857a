"""Every refusal message is filled in: no template placeholder reaches the user."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("url", "body"), [
    ("/api/v1/matches", {"game": "contree", "players": {}, "colour": "red"}),
    ("/api/v1/matches", {"game": "contree", "players": {"N": "a", "E": "b", "S": "c", "W": "d"}, "title": 3}),
    ("/api/v1/contree/referee/legal_play", {"hand": ["7H"], "trump": "H", "colour": 1}),
    ("/api/v1/contree/referee/legal_play", {"trump": "H"}),
    ("/api/v1/contree/referee/game_end", {"totals_before": {"A": 1}, "deal_score": {"A": 1, "B": 2}}),
    ("/api/v1/contree/score", {"bid": 100}),
    ("/api/v1/contree/score", {"options": {"target": "x"}}),
])
def test_messages_have_no_unfilled_placeholders(client, url, body):
    message = client.post(url, json=body).json["error"]["message"]
    assert "%(" not in message and message
