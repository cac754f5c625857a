"""Quinto deal declarations (RULES.md §5, §6): two ways in, one canonical form, every check.

A deal is declared in one of two ways:

* **after the deal** (RULES.md §6, the canonical stored form): ``quint_tricks`` (the tricks
  that held quint cards, each ``{"trick_no", "winner", "quints"}`` or with its ``cards``, a trick whose
  quint cards make no quint counting as a plain trick), ``plain_tricks_won`` (the other tricks, per
  team), ``last_trick_winner`` and ``cachette`` (its five cards, the quints found in them);
* **live**: ``tricks``, every trick in play order as ``{"winner", "quints"}`` (an empty or
  missing ``quints`` for a trick without any), and ``cachette`` as ``{"quints": [...]}``.

Either way a trick (or the cachette) may give ``cards`` (all its cards) instead of, or with,
``quints``: the quints are then found in them, and only their cards are kept. Both share ``dealer``, ``calls`` (once around
from the dealer's left) or ``multiplier``, and ``totals_before`` (the game's totals before the
deal; the sheet supplies them, so a recorded deal leaves them out).

:func:`read_declarations` checks what does not depend on the totals (shapes, cards, quints,
calls, trick counts) and returns a :class:`Deal`; whether the game was won during play, and
so where the record must stop, is checked by ``quinto.score.play``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...cards import Card
from ...errors import N_, RuleViolation
from .cards import (
    CACHETTE_SIZE,
    MULTIPLIERS,
    SEATS,
    TEAMS,
    TRICK_SIZE,
    TRICKS,
    Quint,
    check_calls,
    codes,
    quints_of_cards,
    read_calls,
    read_quints,
    same_quints,
    shown,
)

KEYS = ("dealer", "calls", "multiplier", "totals_before", "quint_tricks", "plain_tricks_won", "last_trick_winner",
        "cachette")
"""Every declaration of a deal recorded after it (RULES.md §6); the canonical dict has all of them."""
LIVE_KEYS = ("dealer", "calls", "multiplier", "totals_before", "tricks", "cachette")
"""The declarations of a deal recorded live, trick by trick."""
AFTER_ONLY = ("quint_tricks", "plain_tricks_won", "last_trick_winner")
CACHETTE = TRICKS + 1  # RULES §5.3: the cachette counts as one more trick, taken after the 12th
MAX_TOTAL = 100_000  # bound on totals_before (ours)


@dataclass(frozen=True, slots=True)
class QuintTrick:
    """A trick that held quints (or the cachette, ``trick_no`` 13), and the team that won it."""

    trick_no: int
    winner: str
    quints: tuple[Quint, ...]

    @property
    def points(self) -> int:
        return sum(quint.value for quint in self.quints)


@dataclass(frozen=True, slots=True)
class Deal:
    """Checked declarations. ``plain`` counts the tricks without quints (both teams filled in);
    ``recorded`` is how many of the 12 tricks the record accounts for: 12 for a deal played
    out; fewer for one that stopped when the game was won (or, live, is still being played)."""

    dealer: str | None
    calls: tuple[str, ...] | None
    multiplier: str
    totals_before: Mapping[str, int] | None
    quint_tricks: tuple[QuintTrick, ...]
    plain: Mapping[str, int]
    last_trick_winner: str | None
    cachette: tuple[Quint, ...]
    live: bool

    @property
    def recorded(self) -> int:
        return len(self.quint_tricks) + sum(self.plain.values())

    @property
    def tricks_won(self) -> dict[str, int]:
        """The tricks each team has won so far (the cachette is no trick)."""
        return {team: self.plain[team] + sum(trick.winner == team and trick.trick_no <= TRICKS
                                             for trick in self.quint_tricks) for team in TEAMS}

    @property
    def last_quint_trick(self) -> int:
        return max((trick.trick_no for trick in self.quint_tricks), default=0)


def _whole(value: object) -> int | None:
    """An int from JSON (not a bool, not a float, not text); None if it is not one."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _team(value: object, field: str, message: str, **params: object) -> str:
    if not isinstance(value, str) or value not in TEAMS:
        raise RuleViolation(message, field=field, value=shown(value), **params)
    return value


class _Cards:
    """Every card declared so far in the deal, and where: a card is played only once."""

    def __init__(self) -> None:
        self.where: dict[Card, str] = {}

    def add(self, cards: Sequence[Card], where: str, field: str, params: Mapping[str, object]) -> None:
        for card in cards:
            if card in self.where:
                raise RuleViolation(N_("%(card)s is declared in %(other)s and again in %(here)s: a card is "
                                       "played only once"), field=field, card=card.label, other=self.where[card],
                                    here=where, **params)
            self.where[card] = where


def _trick_quints(entry: Mapping[str, Any], *, field: str, most: int, where: str, seen: _Cards,
                  params: Mapping[str, object]) -> tuple[Quint, ...]:
    """The quints of one trick (or the cachette): from ``quints``, from ``cards``, or both agreeing."""
    declared = None if entry.get("quints") is None else read_quints(entry["quints"], field=field, most=most,
                                                                     params=params)
    if entry.get("cards") is None:
        quints = declared or ()
        seen.add([card for quint in quints for card in quint.cards], where, field, params)
        return quints
    found, cards = quints_of_cards(entry["cards"], field=field, most=most, params=params)
    if declared is not None:
        same_quints(declared, found, field=field, params=params)
    seen.add(cards, where, field, params)
    return found


def _entry(value: object, allowed: tuple[str, ...], field: str, message: str, **params: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not set(value) <= set(allowed):
        raise RuleViolation(message, field=field, value=shown(value), **params)
    return value


def _after(raw: Mapping[str, Any], seen: _Cards) -> tuple[list[QuintTrick], dict[str, int | None]]:
    """``quint_tricks`` and ``plain_tricks_won``, as declared after the deal."""
    value = raw.get("quint_tricks")
    if value is None:
        value = []
    if not isinstance(value, list):
        raise RuleViolation(N_("quint_tricks must be a list of {\"trick_no\", \"winner\", \"quints\"}; got "
                               "“%(value)s”"), field="quint_tricks", value=shown(value))
    tricks: dict[int, QuintTrick] = {}
    for item in value:
        entry = _entry(item, ("trick_no", "winner", "quints", "cards"), "quint_tricks",
                       N_("Each quint trick is {\"trick_no\": 1-12, \"winner\": \"A\" or \"B\", \"quints\": "
                          "[...]}; got “%(value)s”"))
        number = _whole(entry.get("trick_no"))
        if number is None or not 1 <= number <= TRICKS:
            raise RuleViolation(N_("A quint trick's trick_no must be a number from 1 to %(tricks)d; got "
                                   "“%(value)s”"), field="quint_tricks", tricks=TRICKS,
                                value=shown(entry.get("trick_no")))
        winner = _team(entry.get("winner"), "quint_tricks", N_("The winner of trick %(trick)d must be A (N–S) or "
                                                               "B (E–W); got “%(value)s”"), trick=number)
        params = {"trick": number, "team": winner}
        if number in tricks:
            raise RuleViolation(N_("Trick %(trick)d is declared twice"), field="quint_tricks", **params)
        quints = _trick_quints(entry, field="quint_tricks", most=TRICK_SIZE, where=f"#{number}", seen=seen,
                               params=params)
        tricks[number] = QuintTrick(number, winner, quints)  # its quint cards may make none: a plain trick
    return [tricks[number] for number in sorted(tricks)], _plain(raw.get("plain_tricks_won"))


def _plain(value: object) -> dict[str, int | None]:
    """``{"A": n, "B": n}``: one team may be left out (worked out later), or both (a deal that stopped)."""
    if value is None:
        return dict.fromkeys(TEAMS)
    if not isinstance(value, Mapping) or not value:
        raise RuleViolation(N_("plain_tricks_won must be given per team, e.g. {\"A\": 5, \"B\": 4}; got "
                               "“%(value)s”"), field="plain_tricks_won", value=shown(value))
    given: dict[str, int | None] = dict.fromkeys(TEAMS)
    for team, number in value.items():
        _team(team, "plain_tricks_won", N_("“%(value)s” is not a team: use A (N–S) or B (E–W)"))
        count = _whole(number)
        if count is None or not 0 <= count <= TRICKS:
            raise RuleViolation(N_("Tricks won must be a number from 0 to %(tricks)d; got “%(value)s”"),
                                field="plain_tricks_won", tricks=TRICKS, value=shown(number), team=team)
        given[team] = count
    return given


def _live(raw: Mapping[str, Any], seen: _Cards) -> tuple[list[QuintTrick], dict[str, int | None], str | None]:
    """``tricks`` in play order: the quint tricks, the plain tricks per team, the 12th trick's winner."""
    value = raw["tricks"]
    if not isinstance(value, list):
        raise RuleViolation(N_("tricks must be a list of {\"winner\", \"quints\"} in play order; got “%(value)s”"),
                            field="tricks", value=shown(value))
    if len(value) > TRICKS:
        raise RuleViolation(N_("%(count)d tricks is more than %(tricks)d: a deal has %(tricks)d tricks plus the "
                               "cachette"), field="tricks", count=len(value), tricks=TRICKS)
    quint_tricks, plain, winner = [], dict.fromkeys(TEAMS, 0), None
    for number, item in enumerate(value, start=1):
        entry = _entry(item, ("winner", "quints", "cards"), "tricks",
                       N_("Trick %(trick)d must be {\"winner\": \"A\" or \"B\", \"quints\": [...]}; got "
                          "“%(value)s”"), trick=number)
        winner = _team(entry.get("winner"), "tricks", N_("The winner of trick %(trick)d must be A (N–S) or B (E–W); "
                                                         "got “%(value)s”"), trick=number)
        quints = _trick_quints(entry, field="tricks", most=TRICK_SIZE, where=f"#{number}", seen=seen,
                               params={"trick": number, "team": winner})
        if quints:
            quint_tricks.append(QuintTrick(number, winner, quints))
        else:
            plain[winner] += 1
    return quint_tricks, {team: plain[team] for team in TEAMS}, winner if len(value) == TRICKS else None


def _cachette(raw: Mapping[str, Any], seen: _Cards) -> tuple[Quint, ...]:
    """The cachette's quints, found in its cards (RULES.md §6): a list (or text) of its five cards
    (or of its quint cards only), or ``{"quints": ..., "cards": ...}``."""
    value = raw.get("cachette")
    if value is None:
        return ()
    entry = value if isinstance(value, Mapping) else {"cards": value}
    entry = _entry(entry, ("quints", "cards"), "cachette",
                   N_("cachette must be its cards, e.g. [\"5S\", \"9C\", \"KD\", \"2H\", \"7S\"], or {\"quints\": [...]}; "
                      "got “%(value)s”"))
    return _trick_quints(entry, field="cachette", most=CACHETTE_SIZE, where="the cachette", seen=seen, params={})


def _doubling(raw: Mapping[str, Any]) -> tuple[tuple[str, ...] | None, str]:
    """The calls (if given, exactly once around) and the multiplier; both given must agree."""
    multiplier = raw.get("multiplier")
    if multiplier is not None and (not isinstance(multiplier, str) or multiplier not in MULTIPLIERS):
        raise RuleViolation(N_("multiplier must be none, double or redouble; got “%(value)s”"), field="multiplier",
                            value=shown(multiplier))
    if raw.get("calls") is None:
        return None, multiplier or "none"
    calls = read_calls(raw["calls"])
    if len(calls) != len(SEATS):
        raise RuleViolation(N_("The calls go once around the table: give %(count)d, from the dealer's left; got "
                               "%(given)d"), field="calls", count=len(SEATS), given=len(calls))
    verdict = check_calls(calls)
    if verdict.problem is not None:
        raise RuleViolation(verdict.problem.template, field="calls", **verdict.problem.params)
    if multiplier is not None and multiplier != verdict.multiplier:
        raise RuleViolation(N_("The calls give %(calls)s, not %(multiplier)s"), field="multiplier",
                            calls=verdict.multiplier, multiplier=multiplier)
    return calls, verdict.multiplier


def _totals_before(raw: Mapping[str, Any]) -> dict[str, int] | None:
    value = raw.get("totals_before")
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != set(TEAMS):
        raise RuleViolation(N_("totals_before must give both teams' game totals, e.g. {\"A\": 120, \"B\": 95}; "
                               "got “%(value)s”"), field="totals_before", value=shown(value))
    totals = {team: _whole(value[team]) for team in TEAMS}
    for team, total in totals.items():
        if total is None or not 0 <= total <= MAX_TOTAL:
            raise RuleViolation(N_("A game total must be a whole number from 0 to %(most)d; got “%(value)s”"),
                                field="totals_before", most=MAX_TOTAL, value=shown(value[team]), team=team)
    return {team: int(totals[team] or 0) for team in TEAMS}


def _shape(quint_tricks: Sequence[QuintTrick], plain: dict[str, int | None], last: str | None,
           cachette: Sequence[Quint], *, live: bool) -> tuple[dict[str, int], str | None]:
    """Fill in the plain tricks; check the record is 12 tricks (played out) or stops at a quint
    trick (the game was won there); check the last trick's winner (RULES §5.3: the cachette's)."""
    field = "tricks" if live else "plain_tricks_won"
    quints = len(quint_tricks)
    if (plain["A"] is None) != (plain["B"] is None):
        team = "A" if plain["A"] is None else "B"
        given = plain[TEAMS[1 - TEAMS.index(team)]] or 0
        plain[team] = TRICKS - quints - given
        if plain[team] < 0:
            raise RuleViolation(N_("%(quints)d quint tricks and %(given)d plain tricks are more than %(tricks)d"),
                                field=field, quints=quints, given=given, tricks=TRICKS, team=team)
    counts = {team: plain[team] or 0 for team in TEAMS}
    recorded = quints + sum(counts.values())
    last_no = max((trick.trick_no for trick in quint_tricks), default=0)
    winners = {trick.trick_no: trick.winner for trick in quint_tricks}
    if recorded > TRICKS:
        raise RuleViolation(N_("%(count)d tricks is more than %(tricks)d: a deal has %(tricks)d tricks plus the "
                               "cachette"), field=field, count=recorded, tricks=TRICKS)
    if recorded == TRICKS:
        if TRICKS in winners:
            if last is not None and last != winners[TRICKS]:
                raise RuleViolation(N_("Trick %(trick)d, the last, was won by %(team)s, not %(other)s"),
                                    field="last_trick_winner", trick=TRICKS, team=winners[TRICKS], other=last)
            return counts, winners[TRICKS]
        if last is None:
            raise RuleViolation(N_("Who won the last trick? The cachette goes with it"), field="last_trick_winner")
        if counts[last] == 0:
            raise RuleViolation(N_("%(team)s won no trick without quints, and trick %(trick)d held none: they cannot "
                                   "have won it"), field="last_trick_winner", team=last, trick=TRICKS)
        return counts, last
    if not recorded and not live:
        raise RuleViolation(N_("No trick is recorded yet: give the tricks each team won, and each quint with the "
                               "number of its trick (%(tricks)d tricks in all)"), field=field, tricks=TRICKS)
    if not quint_tricks or (live and last_no != recorded):
        raise RuleViolation(N_("Only %(count)d of the %(tricks)d tricks are recorded: give every trick (a deal "
                               "stops early only at the quint that wins the game)"), field=field, count=recorded,
                            tricks=TRICKS)
    if cachette:
        raise RuleViolation(N_("The cachette is taken with the 12th trick, but only %(count)d tricks are recorded: "
                               "give every trick"), field=field, count=recorded)
    if recorded > last_no:
        raise RuleViolation(N_("%(count)d tricks are recorded but the last quint trick is trick %(trick)d: a deal "
                               "that stopped there holds at most %(trick)d tricks, a deal played out %(tricks)d"),
                            field=field, count=recorded, trick=last_no, tricks=TRICKS)
    stopped_last = winners.get(TRICKS)
    if last is not None and last != stopped_last:
        raise RuleViolation(N_("The deal stopped at trick %(trick)d: there was no last trick to win"),
                            field="last_trick_winner", trick=last_no)
    return counts, stopped_last


def read_declarations(raw: object, *, in_play: bool = False) -> Deal:
    """Check a deal's declarations (either way of recording it) as far as they do not depend on
    the game's totals. ``in_play``: a live record may still be short of 12 tricks (live mode).

    :raise RuleViolation: naming the declaration at fault
    """
    if not isinstance(raw, Mapping):
        raise RuleViolation(N_("A deal must be a JSON object of declarations (see docs/api.md)"))
    live = "tricks" in raw
    allowed = LIVE_KEYS if live else KEYS
    for key in raw:
        if key not in allowed:
            if live and key in AFTER_ONLY:
                raise RuleViolation(N_("Give the tricks live (tricks) or after the deal (quint_tricks, "
                                       "plain_tricks_won, last_trick_winner), not both"), field=shown(key))
            raise RuleViolation(N_("“%(key)s” is not a declaration of a Quinto deal"), field=shown(key),
                                key=shown(key))
    dealer = raw.get("dealer")
    if dealer is not None and (not isinstance(dealer, str) or dealer not in SEATS):
        raise RuleViolation(N_("The dealer must be one of %(seats)s; got “%(value)s”"), field="dealer",
                            seats=", ".join(SEATS), value=shown(dealer))
    calls, multiplier = _doubling(raw)
    totals_before = _totals_before(raw)
    seen = _Cards()
    if live:
        quint_tricks, plain, last = _live(raw, seen)
    else:
        quint_tricks, plain = _after(raw, seen)
        last = None if raw.get("last_trick_winner") is None else _team(
            raw["last_trick_winner"], "last_trick_winner", N_("last_trick_winner must be A (N–S) or B (E–W); got "
                                                              "“%(value)s”"))
    cachette = _cachette(raw, seen)
    if in_play and live and len(quint_tricks) + sum(plain[team] or 0 for team in TEAMS) < TRICKS:
        if cachette:
            raise RuleViolation(N_("The cachette goes with the last trick, which is not played yet"),
                                field="cachette")
        counts = {team: plain[team] or 0 for team in TEAMS}
    else:
        counts, last = _shape(quint_tricks, plain, last, cachette, live=live)
    return Deal(dealer, calls, multiplier, None if totals_before is None else MappingProxyType(totals_before),
                tuple(quint_tricks), MappingProxyType(counts), last, cachette, live)


def canonical(deal: Deal) -> dict[str, Any]:
    """The stored form (RULES.md §6, recorded after the deal): every key present, cards in display order."""
    return {
        "dealer": deal.dealer,
        "calls": None if deal.calls is None else list(deal.calls),
        "multiplier": deal.multiplier,
        "totals_before": None if deal.totals_before is None else dict(deal.totals_before),
        "quint_tricks": [{"trick_no": trick.trick_no, "winner": trick.winner, "quints": codes(trick.quints)}
                         for trick in deal.quint_tricks if trick.quints],
        # a trick whose quint cards made no quint is a plain trick of its winner
        "plain_tricks_won": {team: deal.plain[team] + sum(trick.winner == team and not trick.quints
                                                          for trick in deal.quint_tricks) for team in TEAMS},
        "last_trick_winner": deal.last_trick_winner,
        "cachette": codes(deal.cachette),
    }
