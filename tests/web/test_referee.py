"""May I play this? The referee page for every game that answers legal_play."""

from __future__ import annotations

import re

import pytest

from scorekeeper import games
from tests.helpers import csrf_token


def ask(client, game: str, **fields: str):
    page = client.get(f"/referee/{game}/play").get_data(as_text=True)
    return client.post(f"/referee/{game}/play", data={"csrf_token": csrf_token(page), **fields})


def lit(html: str) -> list[str]:
    return re.findall(r'class="playing-card suit-\w legal">([^<]+)<', html)


def test_every_game_with_the_question_has_a_page(client):
    index = client.get("/referee/").get_data(as_text=True)
    for rules in games.RULES.values():
        if "legal_play" in rules.referee_kinds:
            assert f"/referee/{rules.key}/play" in index
            assert client.get(f"/referee/{rules.key}/play").status_code == 200


@pytest.mark.parametrize(("game", "fields", "legal", "said"), [
    pytest.param("contree", {"hand": "7H AS KS", "trick_so_far": "QS 9S", "trump": "H"}, ["A♠", "K♠"],
                 "you must follow suit", id="RULES §2.6: follow suit"),
    pytest.param("contree", {"hand": "7H JH 7C", "trick_so_far": "QS 9H", "trump": "H"}, ["J♥"],
                 "overtrump", id="RULES §2.6: overtrump the opponent's trump"),
    pytest.param("belote", {"hand": "7H AS 7C", "trick_so_far": "KS", "contract": "sans_atout"},
                 ["A♠"], "you must follow suit", id="RULES §1.9: sans atout, follow suit"),
    pytest.param("klaberjass", {"hand": "7H AD 7C", "trick_so_far": "KS", "trump": "H"}, ["7♥"],
                 "you must trump", id="RULES §3.5: void, you must trump"),
    pytest.param("pandoeren", {"hand": "JH 7S 8D", "trick_so_far": "AS", "trump": "H"}, ["7♠", "J♥"],
                 "jas", id="RULES §4.5: the jas is always allowed"),
])
def test_the_playable_cards_light_up_and_the_rule_is_said(client, game, fields, legal, said):
    response = ask(client, game, **fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 200, html
    assert sorted(lit(html)) == sorted(legal)
    assert said in html


def test_each_refused_card_is_shown_with_its_rule(client):
    """RULES §2.6: the 7♥ and 7♣ may not be played: the 9♥ must be overtrumped."""
    html = ask(client, "contree", hand="7H JH 7C", trick_so_far="QS 9H", trump="H").get_data(as_text=True)
    refusals = re.findall(r'<li><span class="playing-card suit-\w refused">([^<]+)</span> ([^<]+)</li>', html)
    assert refusals == [("7♥", "you must overtrump the 9♥"), ("7♣", "you must overtrump the 9♥")]


def test_a_card_in_the_hand_and_the_trick_is_refused_by_field(client):
    response = ask(client, "contree", hand="7H AS", trick_so_far="AS", trump="H")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="hand-error"' in html
    assert "7H AS</textarea>" in html  # what was typed stays


def test_unknown_games_have_no_page(client):
    assert client.get("/referee/poker/play").status_code == 404
