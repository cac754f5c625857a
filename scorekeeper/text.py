"""Where every text typed or sent enters: the forms, the JSON API and the tournament import.

Text is normalised (Unicode NFC: an accent typed on one phone equals the same accent typed
on another), and refused, naming its field, when it holds what no page can show: a lone half
of a surrogate pair (a JSON ``"\\ud800"``: stored, it broke every page that shows it) or a
control character (tabs and line breaks are kept where a text has lines). The lengths are
the forms' own, so the API and the import take no longer text than a page does; what a JSON
body may hold is bounded too (nesting depth, the size of a number). Pure: no Flask.
"""

from __future__ import annotations

import json
import math
import unicodedata
from typing import Any

from .errors import N_, RuleViolation

NAME_MAX = 40  # a player's name
TITLE_MAX = 80  # a match's title, a tournament's name
LICENCE_MAX = 30  # a federation's licence number
NOTES_MAX = 2000  # a match's notes
TEXT_MAX = NOTES_MAX  # any other text: a card list, a field of a deal
JSON_DEPTH_MAX = 16  # objects and lists inside each other (a tournament record needs 8)
INTEGER_MAX = 2**63 - 1  # SQLite's INTEGER: no count, version or id is larger
LINE_BREAKS = frozenset("\t\n\r")


def clean(value: str, field: str, *, most: int = TEXT_MAX, lines: bool = False) -> str:
    """``value`` normalised (NFC); RuleViolation naming ``field`` if it is longer than ``most``
    characters or holds a lone surrogate or a control character (``lines``: tabs and line
    breaks allowed).

    >>> clean("Ame\\u0301lie", "name")
    'Amélie'
    >>> clean("\\ud800", "players.N")
    Traceback (most recent call last):
    ...
    scorekeeper.errors.RuleViolation: players.N holds a character that cannot be shown (a control character or half of a pair)
    """
    if not (value.isascii() and value.isprintable()):  # (printable ASCII, most of what is sent: nothing to check)
        for char in value:
            if unicodedata.category(char) in ("Cc", "Cs") and not (lines and char in LINE_BREAKS):
                raise RuleViolation(N_("%(name)s holds a character that cannot be shown (a control character or "
                                       "half of a pair)"), field=field, name=field)
        value = unicodedata.normalize("NFC", value)
    if len(value) > most:
        raise RuleViolation(N_("%(name)s has at most %(max)d characters"), field=field, name=field, max=most)
    return value


class _Number:
    """A number in JSON too large to be read: kept aside so that its field can be named."""


def loads(data: bytes | str, whole: str = "body") -> Any:
    """A JSON document, every string in it :func:`clean` (at most TEXT_MAX characters).

    :param whole: what the document is called where no field can be named
    :raise ValueError: not JSON (nor UTF-8)
    :raise RuleViolation: naming the field at fault (``players.N``, ``rounds[0].tables``)
    """
    try:
        value = json.loads(data, parse_int=_integer, parse_constant=_constant)
    except RecursionError:  # (past a thousand levels: the parser itself gives up)
        raise _too_deep(whole) from None
    return clean_json(value, whole)


def _too_deep(name: str) -> RuleViolation:
    return RuleViolation(N_("%(name)s is nested too deep (at most %(depth)d levels)"), field=name, name=name,
                         depth=JSON_DEPTH_MAX)


def _integer(digits: str) -> int | _Number:
    return int(digits) if len(digits.lstrip("-")) <= len(str(INTEGER_MAX)) else _Number()


def _constant(name: str) -> _Number:
    return _Number()  # NaN, Infinity


def clean_json(value: Any, name: str, depth: int = 0) -> Any:
    """A parsed JSON value (called ``name``: a field, or the whole document at ``depth`` 0) with
    every string (keys too) :func:`clean`; RuleViolation naming the field of a string that is
    refused, a number beyond INTEGER_MAX or an infinite one, or a value nested deeper than
    JSON_DEPTH_MAX."""
    if isinstance(value, str):
        return clean(value, name, lines=True)
    if isinstance(value, _Number) or (isinstance(value, int) and abs(value) > INTEGER_MAX) or \
            (isinstance(value, float) and not math.isfinite(value)):
        raise RuleViolation(N_("%(name)s is too large a number"), field=name, name=name)
    if not isinstance(value, dict | list):
        return value
    if depth >= JSON_DEPTH_MAX:
        raise _too_deep(name)
    if isinstance(value, list):
        return [clean_json(item, f"{name}[{at}]", depth + 1) for at, item in enumerate(value)]
    cleaned = {}
    for key, item in value.items():
        key = clean(key, name, most=NAME_MAX)  # (a key refused is named by where it stands)
        cleaned[key] = clean_json(item, f"{name}.{key}" if depth else key, depth + 1)
    return cleaned


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert_cell(value: object) -> object:
    """A value as a spreadsheet cell of a CSV file: a text a spreadsheet would read as a formula
    (``=HYPERLINK(...)``, ``+1``, ``@SUM``; a tab or a carriage return first) gets a ``'`` in front,
    which spreadsheets show as text; numbers are left as they are.

    >>> inert_cell("=1+1"), inert_cell("Ann"), inert_cell(-20)
    ("'=1+1", 'Ann', -20)
    """
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value
