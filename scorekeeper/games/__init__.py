"""The games the app knows: an explicit registry, with no import side effects.

>>> sorted(RULES)
['belote', 'contree', 'klaberjass', 'pandoeren', 'quinto']
>>> get_rules("contree").name
'Belote Contrée'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..errors import N_, RuleViolation
from . import belote, contree, klaberjass, pandoeren, quinto
from .base import GameRules

RULES: Mapping[str, GameRules] = MappingProxyType(
    {r.key: r for r in (belote.RULES, contree.RULES, klaberjass.RULES, pandoeren.RULES, quinto.RULES)})
"""Every game by its key (URL segment, stored value and API value)."""


def get_rules(key: str) -> GameRules:
    """The rules of the game ``key``.

    :raise RuleViolation: (field ``game``) for a key that is no game
    """
    rules = RULES.get(key) if isinstance(key, str) else None
    if rules is None:
        raise RuleViolation(N_("“%(game)s” is not a game"), field="game", game=key)
    return rules
