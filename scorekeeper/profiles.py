"""Rule profiles: named presets of a game's house rules ("Thursday club: Contrée to 2000, announces").

A profile keeps only the rules it changes from the game's rules as written (its *departures*): the
defaults are never copied, so each game's rules as written are a profile of no departures, built in
and read-only. Its options are checked by the game's own :meth:`GameRules.resolve_options`, the
check a match's options go through, so a profile never holds options a match would refuse. A match
or tournament started from a profile takes its options resolved, frozen there like any other: a
later change of the profile changes no match. Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .errors import N_, RuleViolation
from .text import clean

NAME_MAX = 80
RULES_AS_WRITTEN = N_("Rules as written")
"""The built-in profile every game offers: its options' defaults (docs/options.md)."""


class _Option(Protocol):
    key: str
    follows: tuple[str, ...]


class _Rules(Protocol):
    options: tuple[_Option, ...]

    def resolve_options(self, raw: Mapping[str, object] | None = None) -> dict[str, Any]: ...


def read_name(value: object, field: str = "name") -> str:
    """A profile's name: text, not empty once trimmed, at most NAME_MAX characters.

    >>> read_name("  Thursday club ")
    'Thursday club'
    >>> read_name("   ")
    Traceback (most recent call last):
    ...
    scorekeeper.errors.RuleViolation: Give the profile a name.
    """
    if not isinstance(value, str):
        raise RuleViolation(N_("%(name)s must be text"), field=field, name=field)
    name = clean(value, field, most=NAME_MAX).strip()
    if not name:
        raise RuleViolation(N_("Give the profile a name."), field=field)
    return name


def departures(rules: _Rules, raw: Mapping[str, object] | None) -> dict[str, Any]:
    """The rules that ``raw`` (options as a match or the API gives them) changes from the rules
    as written: the smallest set that resolves to the same options. An option that follows others
    (Belote's target: 3000 once sans atout is allowed) is kept only where it does not follow them.

    :raise RuleViolation: options the game refuses (the field names the option)

    >>> from scorekeeper.games import get_rules
    >>> belote = get_rules("belote")
    >>> departures(belote, {"sans_atout": True, "target": 3000, "litige": False})
    {'sans_atout': True}
    >>> departures(belote, {"sans_atout": True, "target": 1000})
    {'sans_atout': True, 'target': 1000}
    """
    resolved = rules.resolve_options(raw)
    written = rules.resolve_options()
    following = {option.key for option in rules.options if option.follows}
    changed = {key: value for key, value in resolved.items() if key not in following and value != written[key]}
    kept = rules.resolve_options(changed)
    changed |= {key: resolved[key] for key in following if kept[key] != resolved[key]}
    return changed


def applied(rules: _Rules, profile: Mapping[str, object], explicit: Mapping[str, object] | None) -> dict[str, Any]:
    """A match's options from a profile's departures and the options given with it: those given
    override the profile's, key by key; the rest is the rules as written.

    :raise RuleViolation: options the game refuses together or one by one
    """
    return rules.resolve_options({**profile, **(explicit or {})})


def form_values(rules: _Rules, profile: Mapping[str, object]) -> dict[str, Any]:
    """Each option's value as the house rules' fields show it once the profile is chosen: an
    option that follows others is left empty unless the profile sets it (it keeps following
    them)."""
    resolved = rules.resolve_options(profile)
    return {option.key: "" if option.follows and option.key not in profile else resolved[option.key]
            for option in rules.options}
