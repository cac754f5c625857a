"""What the sign-off tests of the pages and of the API set up alike (issue 21 §3): a cup whose
results both sides confirm, another without the option, a table's phone that opened its link and
records deals, and what the standings count."""

from __future__ import annotations

import pytest

from scorekeeper.web.tournaments import load_state
from tests.web.test_tournaments import DEAL, phone


@pytest.fixture
def cup(organiser) -> int:
    """A Contrée tournament of four pairs whose results both sides confirm, round 1 drawn."""
    ids = organiser.players()
    tournament_id = organiser.tournament(confirm_results="y")
    for first, second in zip(ids[::2], ids[1::2], strict=True):
        assert organiser.enter(tournament_id, first, second).status_code == 302
    organiser.draw(tournament_id)
    return tournament_id


def plain_cup(organiser) -> int:
    """A tournament of two pairs without the option (results count at once), round 1 drawn."""
    plain = organiser.tournament()
    ids = organiser.players(("Ivo", "Jo", "Kim", "Lea"))
    organiser.enter(plain, ids[0], ids[1]), organiser.enter(plain, ids[2], ids[3])
    organiser.draw(plain)
    return plain


class TablePhone:
    """A table's phone that opened the table's link: it records deals through the API, sending
    ``headers`` (none: the page session the link opened)."""

    headers: dict[str, str] = {}

    def __init__(self, app, link: str) -> None:
        self.app = app
        self.client, self.match_id = phone(app, link)

    def play(self, deals: int = 2) -> None:
        for _ in range(deals):
            response = self.client.post(f"/api/v1/matches/{self.match_id}/deals", json=DEAL, headers=self.headers)
            assert response.status_code == 201

    def players(self) -> dict[str, str]:
        """Who sits where, as the match says."""
        return self.client.get(f"/api/v1/matches/{self.match_id}", headers=self.headers).json["players"]


def counted(app, tournament_id: int) -> list:
    """The tables' results as the standings count them (None: not counted)."""
    with app.test_request_context():
        state = load_state(tournament_id)
        return [view.outcome for view in state.tables[1]]


def played(app, tournament_id: int) -> int:
    """Tables counted in the standings, as each entry has played them."""
    with app.test_request_context():
        return sum(standing.played for standing in load_state(tournament_id).standings)
