"""A player's statistics per game, from the deals of the tables they sat at. Pure: no Flask,
no database; every figure is derived from the deals as declared and scored by the engine."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .games.base import GameRules, ScoredDeal
from .games.irregular import DEAL, kind_of


@dataclass(frozen=True, slots=True)
class SeatedDeal:
    """One deal of a table, seen from one seat."""

    rules: GameRules
    seat: str
    declarations: Mapping[str, Any]
    scored: ScoredDeal


@dataclass(slots=True)
class GameStatistics:
    """A player's figures in one game."""

    game: str
    deals: int = 0
    taken: int = 0  # deals the player took (bid, made trump, declared)
    made: int = 0  # of those, made
    points: int = 0  # the player's side's score over all deals
    contres: int = 0  # deals the player's side doubled the other side's contract
    contres_won: int = 0  # of those, the contract failed

    @property
    def made_percent(self) -> int | None:
        return round(100 * self.made / self.taken) if self.taken else None

    @property
    def points_per_deal(self) -> float | None:
        return round(self.points / self.deals, 1) if self.deals else None

    @property
    def contre_percent(self) -> int | None:
        return round(100 * self.contres_won / self.contres) if self.contres else None


def player_statistics(deals: Iterable[SeatedDeal]) -> list[GameStatistics]:
    """Per game (in the order first met): deals played, contracts taken and made, points per
    deal, contres by the player's side and how many beat the contract (the lines of RULES.md §8
    left out)."""
    found: dict[str, GameStatistics] = {}
    for deal in deals:
        if kind_of(deal.declarations) != DEAL:  # a misdeal, revoke or penalty (RULES.md §8) is no contract played
            continue
        rules, side = deal.rules, deal.rules.side_of(deal.seat)
        stats = found.setdefault(rules.key, GameStatistics(rules.key))
        stats.deals += 1
        stats.points += deal.scored.score.get(side, 0)
        taker = deal.declarations.get(rules.taker_key) if rules.taker_key else None
        if taker == deal.seat:
            stats.taken += 1
            stats.made += bool(deal.scored.made)
        if taker is not None and deal.declarations.get("contre", "none") != "none" \
                and rules.side_of(taker) != side:
            stats.contres += 1
            stats.contres_won += deal.scored.made is False
    return list(found.values())
