"""The prize list's rule, pure (no Flask, no database; DESIGN.md principle 8): who receives which
prize of a tournament, from its final standings and the categories its players are tagged with.

A prize list holds *places* (1st, 2nd, ... in the order of the standings) and *categories*
(best newcomer, best lady, a club's own), each category awarding the best-placed player(s)
tagged with it. Prizes are not cumulative, as club and federation prize-givings commonly rule
(“les prix ne sont pas cumulables”): a player receives one prize at most. The places are given
first, then the categories in the list's order; a category skips the players who have a prize
already and goes down the standings to the next player tagged with it. In a pairs tournament a
place goes to both players of the pair, a category to the tagged player(s) of the best-placed
pair holding one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .errors import N_, RuleViolation

KINDS = ("place", "category")
CATEGORY_MAX = 40  # characters of a category's name
GIFT_MAX = 80  # characters of what a prize gives
MOST_PRIZES = 50  # prizes in one tournament's list


@dataclass(frozen=True, slots=True)
class Prize:
    """One line of the prize list: a place (``category`` empty) or a category, and what it gives."""

    kind: str
    category: str = ""
    gift: str = ""


@dataclass(frozen=True, slots=True)
class Award:
    """Who receives one prize of the list (``entry`` None: nobody may, e.g. no one is tagged)."""

    prize: Prize
    place: int | None  # a place prize's place (1 for the first), None for a category
    entry: int | None
    players: tuple[int, ...]


def folded(category: str) -> str:
    """A category as tags are matched to it: case and spacing aside.

    >>> folded("  Best  Newcomer ") == folded("best newcomer")
    True
    """
    return " ".join(category.casefold().split())


def check_prize(prize: Prize) -> Prize:
    """The prize as the list keeps it (text trimmed).

    :raise RuleViolation: an unknown kind, a category without a name, a place with one, or text too long
    """
    if prize.kind not in KINDS:
        raise RuleViolation(N_("kind must be “place” or “category”"), field="kind")
    category, gift = prize.category.strip(), prize.gift.strip()
    if prize.kind == "category" and not category:
        raise RuleViolation(N_("A category prize needs the category’s name (best newcomer, best lady…)"),
                            field="category")
    if prize.kind == "place" and category:
        raise RuleViolation(N_("A place prize has no category: choose the kind “category”"), field="category")
    if len(category) > CATEGORY_MAX:
        raise RuleViolation(N_("The category's name is at most %(most)d characters"), field="category",
                            most=CATEGORY_MAX)
    if len(gift) > GIFT_MAX:
        raise RuleViolation(N_("What the prize gives is at most %(most)d characters"), field="gift", most=GIFT_MAX)
    return Prize(prize.kind, category, gift)


def check_list(prizes: Sequence[Prize]) -> list[Prize]:
    """A whole prize list, each line checked (:func:`check_prize`).

    :raise RuleViolation: too many prizes, or a category twice
    """
    if len(prizes) > MOST_PRIZES:
        raise RuleViolation(N_("A prize list holds at most %(most)d prizes"), field="prizes", most=MOST_PRIZES)
    checked = [check_prize(prize) for prize in prizes]
    names = [folded(p.category) for p in checked if p.kind == "category"]
    twice = next((name for at, name in enumerate(names) if name in names[:at]), None)
    if twice is not None:
        raise RuleViolation(N_("The category “%(category)s” is in the list twice"), field="category",
                            category=next(p.category for p in checked if folded(p.category) == twice))
    return checked


def award(prizes: Sequence[Prize], ranked: Sequence[tuple[int, Sequence[int]]],
          tags: Mapping[int, Collection[str]]) -> list[Award]:
    """Who receives each prize, in the list's order (see the module's rule).

    :param ranked: the entries from first to last, each with its players
    :param tags: player -> the categories they are tagged with

    >>> ranked = [(10, (1,)), (11, (2,)), (12, (3,)), (13, (4,))]
    >>> tags = {1: {"newcomer"}, 3: {"Newcomer"}, 4: {"newcomer"}}
    >>> [(a.place, a.entry) for a in award([Prize("category", "newcomer"), Prize("place")], ranked, tags)]
    [(None, 12), (1, 10)]
    """
    won: set[int] = set()
    places = iter(range(1, len(prizes) + 1))
    given: dict[int, Award] = {}
    for at, prize in enumerate(prizes):
        if prize.kind == "place":
            place = next(places)
            entry, players = ranked[place - 1] if place <= len(ranked) else (None, ())
            given[at] = Award(prize, place, entry, tuple(players))
            won.update(players)
    for at, prize in enumerate(prizes):
        if prize.kind == "category":
            wanted = folded(prize.category)
            eligible = [(entry, tuple(p for p in players if p not in won
                                      and wanted in {folded(tag) for tag in tags.get(p, ())}))
                        for entry, players in ranked]
            entry, players = next(((e, ps) for e, ps in eligible if ps), (None, ()))
            given[at] = Award(prize, None, entry, players)
            won.update(players)
    return [given[at] for at in range(len(prizes))]
