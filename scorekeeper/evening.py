"""The evening's rules, pure (no Flask, no database; DESIGN.md principle 8): the club's roster
(how names sort, when two names are the same player's, reading a pasted list of players) and
the door (when an entry may join, who is drawn in a round, how a late entry's missed rounds
count, when a round may be drawn). The pairings themselves are :mod:`scorekeeper.pairings`.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from .errors import N_, RuleViolation
from .text import LICENCE_MAX, NAME_MAX

MOST_PASTED = 500  # players in one pasted list


@functools.cache
def _collator():  # type: ignore[no-untyped-def]
    import pyuca  # the Unicode Collation Algorithm's default table (1 s to load: once a process)

    return pyuca.Collator()


def name_key(name: str) -> tuple[tuple[int, ...], str]:
    """How names sort for the club: accented letters with their letter ("Élodie" before "Henri"),
    case second (the Unicode Collation Algorithm), the name itself to settle the rest.

    >>> sorted(["Henri", "Élodie", "emma", "Zoé", "Ödön", "edgar"], key=name_key)
    ['edgar', 'Élodie', 'emma', 'Henri', 'Ödön', 'Zoé']
    """
    return tuple(_collator().sort_key(name)), name


def same_name(one: str, other: str) -> bool:
    """Whether two names are written alike but for case and Unicode form (a duplicate's sign).

    >>> same_name("Élodie Durand", "élodie  durand"), same_name("Elodie", "Élodie")
    (True, False)
    """
    def folded(name: str) -> str:
        return " ".join(unicodedata.normalize("NFC", name).casefold().split())
    return folded(one) == folded(other)


SEPARATOR = re.compile(r"\t|;|,")


def read_player_list(text: str) -> list[tuple[str, str]]:
    """A pasted list of players: one a line, the name and optionally the licence number after a
    tab, a semicolon or a comma (a spreadsheet's column copied, or a CSV file's lines); blank
    lines skipped, and a first line ``name;licence`` taken as a heading.

    >>> read_player_list("Name;Licence\\nÉlodie Durand;12345\\n\\n  Henri Martin  \\n")
    [('Élodie Durand', '12345'), ('Henri Martin', '')]

    :raise RuleViolation: (field ``players``) a line too long or with more than two columns,
        a list with no name, or more than :data:`MOST_PASTED` lines
    """
    rows: list[tuple[str, str]] = []
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and [cell.strip().casefold() for cell in SEPARATOR.split(lines[0])][0] in ("name", "nom", "naam", "名前"):
        lines = lines[1:]
    if len(lines) > MOST_PASTED:
        raise RuleViolation(N_("At most %(most)d players at once; got %(count)d lines"), field="players",
                            most=MOST_PASTED, count=len(lines))
    for number, line in enumerate(lines, start=1):
        cells = [cell.strip() for cell in SEPARATOR.split(line)]
        if len(cells) > 2 or not cells[0]:
            raise RuleViolation(N_("Line %(line)d: give a name, and a licence number after a semicolon if there "
                                   "is one; got “%(text)s”"), field="players", line=number, text=line.strip()[:80])
        name, licence = cells[0], cells[1] if len(cells) == 2 else ""
        if len(name) > NAME_MAX or len(licence) > LICENCE_MAX:
            raise RuleViolation(N_("Line %(line)d: a name has at most %(name)d characters and a licence number "
                                   "%(licence)d"), field="players", line=number, name=NAME_MAX, licence=LICENCE_MAX)
        rows.append((name, licence))
    if not rows:
        raise RuleViolation(N_("Paste at least one name, one a line"), field="players")
    return rows


def new_names(rows: Sequence[tuple[str, str]], known: Sequence[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The rows to add and the names left out: one already a player's, or twice in the list.

    >>> new_names([("Ann", ""), ("Ben", "7"), ("ann", "")], ["BEN"])
    ([('Ann', '')], ['Ben', 'ann'])
    """
    added: list[tuple[str, str]] = []
    skipped: list[str] = []
    for name, licence in rows:
        if any(same_name(name, other) for other in [*known, *(row[0] for row in added)]):
            skipped.append(name)
        else:
            added.append((name, licence))
    return added, skipped


# -- the door: late entries and withdrawals ------------------------------------------------------

LATE_ROUNDS = {
    "zero": N_("A late entry's missed rounds count nothing"),
    "bye": N_("A late entry's missed rounds count as byes (a win, no points)"),
}
"""How a late entry's missed rounds count in the standings (a tournament's choice)."""


class Entered(Protocol):
    """An entry as the door sees it: the first round it is drawn in, and the rounds drawn when it
    withdrew (None: still playing)."""

    id: int
    joins: int
    withdrawn: int | None


def may_join(rounds_drawn: int, rounds_planned: int) -> int:
    """The round a new entry joins from: the next one to draw, while there is one.

    >>> may_join(0, 3), may_join(2, 3)
    (1, 3)

    :raise RuleViolation: every round is drawn
    """
    if rounds_drawn >= rounds_planned:
        raise RuleViolation(N_("All %(rounds)d rounds are drawn: no entry can join now"), field="players",
                            rounds=rounds_planned)
    return rounds_drawn + 1


def drawn_in(entries: Iterable[Entered], number: int) -> list[int]:
    """The entries drawn in round ``number``: those that have joined and not withdrawn, in
    registration order."""
    return [e.id for e in entries if e.joins <= number and e.withdrawn is None]


def missed_byes(entries: Iterable[Entered], rule: str) -> list[int]:
    """The byes the standings credit for late entries' missed rounds under ``rule`` (a key of
    :data:`LATE_ROUNDS`): one per round missed with ``bye``, none with ``zero``."""
    return [e.id for e in entries for _ in range(e.joins - 1)] if rule == "bye" else []


def check_drawable(number: int, *, drawn: int, planned: int, last_finished: bool, playing: int, need: int) -> None:
    """May round ``number`` be drawn now? ``drawn`` rounds are drawn of ``planned``, the last of
    them finished or not, and ``playing`` entries would be drawn, ``need`` at least.

    :raise RuleViolation: (field ``round``) why not, said to the organiser
    """
    if drawn >= number:
        raise RuleViolation(N_("Round %(round)d is drawn already"), field="round", round=number)
    if number > planned:
        raise RuleViolation(N_("All %(rounds)d rounds are played"), field="round", rounds=planned)
    if drawn and not last_finished:
        raise RuleViolation(N_("Round %(round)d is not finished: every table must reach its result first"),
                            field="round", round=drawn)
    if playing < need:
        raise RuleViolation(N_("At least %(count)d entries are needed to draw a round"), field="round", count=need)


def apart_entries(entries: Mapping[int, Sequence[int]], players: Iterable[tuple[int, int]]) -> frozenset[frozenset[int]]:
    """The entries the draw keeps apart: two entries holding two players kept apart.

    >>> sorted(map(sorted, apart_entries({1: [10, 11], 2: [12, 13], 3: [14, 15]}, [(11, 14), (10, 99)])))
    [[1, 3]]
    """
    of = {player: entry for entry, members in entries.items() for player in members}
    return frozenset(frozenset((of[a], of[b])) for a, b in players if a in of and b in of and of[a] != of[b])
