"""Playing a Quinto deal out on paper (RULES.md §5.4, §7 items 15 and 27).

:func:`play` walks the record in trick order: each quint trick adds its quints to the team
that won it; the cachette's quints follow the 12th trick (item 15); the moment a team reaches
250 through quints it wins the game and the deal stops (in the extra deal after a tie, the
moment a team is ahead: item 27). A deal played out then adds its trick points: 13 trick
values, 5 each (× 2 doubled, × 4 redoubled), the cachette counting as one trick for the winner
of the last; then one team at 250 or more wins, both: the higher, equal: another deal (or a
draw, option ``tie_at_250``).

Three modes: ``strict`` refuses a record that goes on after the game was won or stops before
it was; ``live`` lets a deal in play be short of 12 tricks and answers its running state;
``sheet`` scores what a sheet holds after an earlier deal was edited, saying what it left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...errors import N_, RuleViolation
from ..base import Options, Say
from .cards import (
    MULTIPLIERS,
    TEAM_LABELS,
    TEAMS,
    TRICK_VALUE,
    TRICKS,
    check_calls,
    describe,
    other_team,
    play_order_after,
)
from .deal import CACHETTE, Deal, QuintTrick

TARGET = 250  # RULES §5.4: a game is 250 points
STRICT, LIVE, SHEET = "strict", "live", "sheet"
TIE_AT_250 = ("another_deal", "draw")  # RULES §5.5 option tie_at_250, §7 item 27

_DOUBLING = {  # (multiplier, option redouble_name) -> how the deal was played
    ("none", "redouble"): N_("No double: a trick is worth %(value)d"),
    ("none", "quaddouble"): N_("No double: a trick is worth %(value)d"),
    ("double", "redouble"): N_("Doubled (×2): a trick is worth %(value)d"),
    ("double", "quaddouble"): N_("Doubled (×2): a trick is worth %(value)d"),
    ("redouble", "redouble"): N_("Redoubled (×4): a trick is worth %(value)d"),
    ("redouble", "quaddouble"): N_("Quaddoubled (×4): a trick is worth %(value)d"),
}
_CALLED = {
    ("none", "redouble"): N_("Everyone passed: a trick is worth %(value)d"),
    ("none", "quaddouble"): N_("Everyone passed: a trick is worth %(value)d"),
    ("double", "redouble"): N_("%(doubler)s doubled (×2): a trick is worth %(value)d"),
    ("double", "quaddouble"): N_("%(doubler)s doubled (×2): a trick is worth %(value)d"),
    ("redouble", "redouble"): N_("%(doubler)s doubled and %(redoubler)s redoubled (×4): a trick is worth "
                                 "%(value)d"),
    ("redouble", "quaddouble"): N_("%(doubler)s doubled and %(redoubler)s quaddoubled (×4): a trick is worth "
                                   "%(value)d"),
}
_SUMMARY_DOUBLING = {
    ("none", "redouble"): N_("No double"), ("none", "quaddouble"): N_("No double"),
    ("double", "redouble"): N_("Doubled"), ("double", "quaddouble"): N_("Doubled"),
    ("redouble", "redouble"): N_("Redoubled"), ("redouble", "quaddouble"): N_("Quaddoubled"),
}
CALL_POSITION = N_("the player of call %(position)d")
BEFORE = N_("Game totals before the deal: %(team_a)s %(total_a)d, %(team_b)s %(total_b)d")
EXTRA_DEAL = N_("Equal at %(total)d past %(target)d: in this extra deal the first team ahead wins the game")
QUINTS = N_("Trick %(trick)d to %(team)s: %(quints)s = %(points)d; %(before)d + %(points)d = %(total)d")
CACHETTE_QUINTS = N_("The cachette to %(team)s with the last trick: %(quints)s = %(points)d; %(before)d + "
                     "%(points)d = %(total)d")
NO_QUINTS = N_("No quint in this deal")
NO_QUINT_IN_TRICK = N_("Trick %(trick)d to %(team)s: its quint cards make no quint (a plain trick)")
WON_AT_TRICK = N_("%(team)s reach %(total)d with the quints of trick %(trick)d and win the game at once: the deal "
                  "stops, no trick points")
WON_AT_CACHETTE = N_("%(team)s reach %(total)d with the cachette's quints and win the game at once: no trick "
                     "points")
AHEAD_AT_TRICK = N_("%(team)s are ahead, %(total)d to %(other_total)d, with the quints of trick %(trick)d: the "
                    "extra deal ends and they win the game")
AHEAD_AT_CACHETTE = N_("%(team)s are ahead, %(total)d to %(other_total)d, with the cachette's quints: the extra "
                       "deal ends and they win the game")
TRICKS_COUNTED = N_("Tricks: %(team_a)s %(tricks_a)d, %(team_b)s %(tricks_b)d, the cachette counting as one more "
                    "for %(last)s, who won the last trick")
TRICKS_SO_FAR = N_("Tricks recorded: %(team_a)s %(tricks_a)d, %(team_b)s %(tricks_b)d")
TRICK_POINTS = N_("%(team)s: %(tricks)d tricks × %(value)d = %(points)d; %(before)d + %(points)d = %(total)d")
ONE_REACHES = N_("%(team_a)s %(total_a)d, %(team_b)s %(total_b)d: %(winner)s reach %(target)d and win the game")
BOTH_REACH = N_("%(team_a)s %(total_a)d, %(team_b)s %(total_b)d: both reach %(target)d and %(winner)s win with "
                "more")
AHEAD_AFTER = N_("%(team_a)s %(total_a)d, %(team_b)s %(total_b)d: %(winner)s are ahead after the extra deal and "
                 "win the game")
TIE_ANOTHER = N_("%(team_a)s %(total_a)d, %(team_b)s %(total_b)d: equal past %(target)d, so another deal is "
                 "played; the first team ahead wins")
TIE_DRAW = N_("%(team_a)s %(total_a)d, %(team_b)s %(total_b)d: equal past %(target)d, the game is a draw")
GOES_ON = N_("%(team_a)s %(total_a)d, %(team_b)s %(total_b)d: nobody has reached %(target)d, the game goes on")
IN_PLAY = N_("%(team_a)s %(total_a)d, %(team_b)s %(total_b)d after %(count)d of %(tricks)d tricks; trick points "
             "are added when the deal is over")
FINAL = N_("Score: %(team_a)s %(score_a)d, %(team_b)s %(score_b)d")
AFTER_WIN_NOTE = N_("This record goes on after the game was won: what follows trick %(trick)s is not counted (was "
                    "an earlier deal changed?)")
UNFINISHED_NOTE = N_("Only %(count)d of the %(tricks)d tricks are recorded and nobody reached %(target)d: the "
                     "recorded tricks are counted as they are (was an earlier deal changed?)")
_SUMMARY = {
    "goes_on": N_("%(doubling)s — quints %(team_a)s %(quints_a)d, %(team_b)s %(quints_b)d"),
    "at_trick": N_("%(doubling)s — %(winner)s win the game at trick %(trick)s"),
    "at_cachette": N_("%(doubling)s — %(winner)s win the game with the cachette"),
    "after": N_("%(doubling)s — %(winner)s win the game"),
    "tie": N_("%(doubling)s — equal at %(total)d: another deal"),
    "draw": N_("%(doubling)s — equal at %(total)d: a draw"),
}


@dataclass(frozen=True, slots=True)
class Played:
    """A deal played out on paper: the RULES.md §6 answer, the explanation and the summary."""

    score: Mapping[str, int]
    answer: Mapping[str, Any]
    lines: tuple[Say, ...]
    summary: Say
    verdict: Say | None  # the line that ended the game, if this deal did


def over_before(totals: Mapping[str, int], tie_at_250: str) -> bool:
    """Were these game totals already the end of a game (RULES §5.4)?"""
    a, b = totals["A"], totals["B"]
    return max(a, b) >= TARGET and (a != b or tie_at_250 == "draw")


def labels(totals: Mapping[str, int], prefix: str = "total") -> dict[str, object]:
    """``team_a``, ``<prefix>_a``, ``team_b``, ``<prefix>_b``: both teams named with a number."""
    return {"team_a": TEAM_LABELS["A"], f"{prefix}_a": totals["A"], "team_b": TEAM_LABELS["B"],
            f"{prefix}_b": totals["B"]}


def _doubling(deal: Deal, name: str) -> Say:
    value = TRICK_VALUE * MULTIPLIERS[deal.multiplier]
    if deal.calls is None:
        return Say(_DOUBLING[deal.multiplier, name], {"value": value})
    seats = play_order_after(deal.dealer) if deal.dealer else None

    def who(call: str) -> object:
        position = next((i for i, made in enumerate(deal.calls or (), start=1) if made == call), 0)
        return seats[position - 1] if seats else Say(CALL_POSITION, {"position": position})

    return Say(_CALLED[check_calls(deal.calls).multiplier, name],
               {"value": value, "doubler": who("double"), "redoubler": who("redouble")})


def _after_win(live: bool, stop: int, trick: int) -> RuleViolation:
    field = "cachette" if trick == CACHETTE else "tricks" if live else "quint_tricks"
    return RuleViolation(N_("Trick %(trick)s is a trick after the game was already won at trick %(won)s: the deal "
                            "stops there"), field=field, trick="cachette" if trick == CACHETTE else trick,
                         won="cachette" if stop == CACHETTE else stop)


def _end(totals: Mapping[str, int], extra: bool, tie_at_250: str) -> tuple[str | None, bool, bool, str]:
    """After trick points (RULES §5.4, §7 item 27): winner, draw, another deal, and the template."""
    a, b = totals["A"], totals["B"]
    if extra and a != b:
        return ("A" if a > b else "B"), False, False, AHEAD_AFTER
    if max(a, b) < TARGET:
        return None, False, False, GOES_ON
    if a == b:
        return (None, True, False, TIE_DRAW) if tie_at_250 == "draw" and not extra else (None, False, True,
                                                                                          TIE_ANOTHER)
    winner = "A" if a > b else "B"
    return winner, False, False, BOTH_REACH if min(a, b) >= TARGET else ONE_REACHES


def _opening(deal: Deal, options: Options) -> tuple[dict[str, int], bool, list[Say]]:
    """The game's totals before the deal, whether it is the extra deal after a tie (§7 item 27),
    and the lines that say how the deal was doubled and where the game stood."""
    before = dict(deal.totals_before) if deal.totals_before is not None else dict.fromkeys(TEAMS, 0)
    if over_before(before, str(options["tie_at_250"])):
        raise RuleViolation(N_("The game was already over before this deal (%(team_a)s %(total_a)d, %(team_b)s "
                               "%(total_b)d): a new game starts at 0"), field="totals_before", **labels(before))
    extra = before["A"] == before["B"] >= TARGET
    lines = [_doubling(deal, str(options["redouble_name"]))]
    if deal.totals_before is not None:
        lines.append(Say(EXTRA_DEAL, {"total": before["A"], "target": TARGET}) if extra else
                     Say(BEFORE, labels(before)))
    return before, extra, lines


def _events(deal: Deal) -> list[QuintTrick]:
    """The quint tricks in play order, then the cachette with the last trick (§7 item 15)."""
    events = list(deal.quint_tricks)
    if deal.cachette and deal.last_trick_winner is not None:
        events.append(QuintTrick(CACHETTE, deal.last_trick_winner, deal.cachette))
    return events


def play(deal: Deal, options: Options, mode: str = STRICT) -> Played:
    """Score the record in trick order (see the module's docstring for ``mode``)."""
    tie_rule, name = str(options["tie_at_250"]), str(options["redouble_name"])
    before, extra, lines = _opening(deal, options)
    value = TRICK_VALUE * MULTIPLIERS[deal.multiplier]
    totals, quints = dict(before), dict.fromkeys(TEAMS, 0)
    events = _events(deal)
    stop: int | None = None
    winner: str | None = None
    verdict: Say | None = None
    for trick in events:
        if stop is not None:
            if mode != SHEET:
                raise _after_win(deal.live, stop, trick.trick_no)
            break
        team, points = trick.winner, trick.points
        if not trick.quints:
            lines.append(Say(NO_QUINT_IN_TRICK, {"team": TEAM_LABELS[team], "trick": trick.trick_no}))
            continue
        params = {"team": TEAM_LABELS[team], "trick": trick.trick_no, "quints": describe(trick.quints),
                  "points": points, "before": totals[team], "total": totals[team] + points}
        totals[team] += points
        quints[team] += points
        lines.append(Say(CACHETTE_QUINTS if trick.trick_no == CACHETTE else QUINTS, params))
        if totals[team] != totals[other_team(team)] if extra else totals[team] >= TARGET:
            stop, winner = trick.trick_no, team
            at_cachette = trick.trick_no == CACHETTE
            template = ((AHEAD_AT_CACHETTE if at_cachette else AHEAD_AT_TRICK) if extra else
                        (WON_AT_CACHETTE if at_cachette else WON_AT_TRICK))
            verdict = Say(template, {**params, "other_total": totals[other_team(team)]})
            lines.append(verdict)
    if not any(trick.quints for trick in events):
        lines.append(Say(NO_QUINTS))
    mismatch = None
    counted = dict.fromkeys(TEAMS, 0)
    trick_points = dict.fromkeys(TEAMS, 0)
    complete, draw, another = True, False, False
    if stop is not None:
        recorded_after = stop != CACHETTE and (deal.recorded > stop or stop < deal.last_quint_trick
                                               or (stop == TRICKS and bool(deal.cachette)))
        if recorded_after and mode != SHEET:
            field = "tricks" if deal.live else "plain_tricks_won"
            raise RuleViolation(N_("%(count)d tricks are recorded, but the game was won at trick %(won)d: a trick "
                                   "after the game was already won cannot be counted"), field=field,
                                count=deal.recorded, won=stop)
        if recorded_after:
            mismatch = "after_win"
            lines.append(Say(AFTER_WIN_NOTE, {"trick": stop}))
        end_key = "at_cachette" if stop == CACHETTE else "at_trick"
    else:
        short = deal.recorded < TRICKS
        if short and mode == STRICT:
            raise RuleViolation(N_("Only %(count)d of the %(tricks)d tricks are recorded and nobody reached "
                                   "%(target)d by then: record every trick (a deal stops early only at the quint "
                                   "that wins the game)"), field="tricks" if deal.live else "plain_tricks_won",
                                count=deal.recorded, tricks=TRICKS, target=TARGET)
        if short and mode == LIVE:
            complete = False
            lines.append(Say(IN_PLAY, {**labels(totals), "count": deal.recorded, "tricks": TRICKS}))
            end_key = "goes_on"
        else:
            if short:
                mismatch = "unfinished"
                lines.append(Say(UNFINISHED_NOTE, {"count": deal.recorded, "tricks": TRICKS, "target": TARGET}))
            for team in TEAMS:
                counted[team] = (deal.plain[team] + sum(trick.winner == team for trick in deal.quint_tricks)
                                 + (deal.last_trick_winner == team))
            last = deal.last_trick_winner
            lines.append(Say(TRICKS_COUNTED, {**labels(counted, "tricks"), "last": TEAM_LABELS[last]}) if last
                         else Say(TRICKS_SO_FAR, labels(counted, "tricks")))
            for team in TEAMS:
                trick_points[team] = counted[team] * value
                lines.append(Say(TRICK_POINTS, {"team": TEAM_LABELS[team], "tricks": counted[team], "value": value,
                                                "points": trick_points[team], "before": totals[team],
                                                "total": totals[team] + trick_points[team]}))
                totals[team] += trick_points[team]
            winner, draw, another, end = game_over(totals, tie_rule, extra=extra)
            lines.append(end)
            verdict = end if winner or draw else None
            end_key = "after" if winner else "draw" if draw else "tie" if another else "goes_on"
    score = {team: totals[team] - before[team] for team in TEAMS}
    lines.append(Say(FINAL, labels(score, "score")))
    ended = stop is not None
    answer = {
        "multiplier": deal.multiplier, "trick_value": value, "totals_before": before,
        "quints": quints, "tricks_counted": counted, "trick_points": trick_points, "deal_score": score,
        "totals": dict(totals), "finished": winner is not None or draw, "winner": winner, "draw": draw,
        "ended_during_play": ended, "ended_after_trick": ("cachette" if stop == CACHETTE else stop) if ended else None,
        "another_deal": another, "extra_deal": extra, "complete": complete, "mismatch": mismatch,
    }
    summary = Say(_SUMMARY[end_key], {
        "doubling": Say(_SUMMARY_DOUBLING[deal.multiplier, name]), **labels(quints, "quints"),
        "winner": TEAM_LABELS[winner] if winner else "", "trick": stop if stop is not None else 0,
        "total": totals["A"]})
    return Played(MappingProxyType(score), answer, tuple(lines), summary, verdict)


REVOKED_QUINTS = N_("%(team)s revoked: their quints of this deal do not count (%(quints)s)")
REVOKED_NOTHING = N_("%(team)s revoked: nothing for this deal, no trick points and no quints (RULES §8)")
REVOKE_TRICKS = N_("%(team)s score every trick value of the deal: %(tricks)d × %(value)d = %(points)d; %(before)d + "
                   "%(points)d = %(total)d")


def revoke(deal: Deal, at_fault: str, options: Options) -> Played:
    """A deal with a revoke by the team ``at_fault`` (RULES.md §8): that team scores nothing for
    the deal; the other scores its own quints and every trick value of the deal (12 tricks and the
    cachette), whoever won them. The game's end is then read from its totals as after trick points
    (RULES.md §5.4), the quints ending nothing during play: the revoke is scored once the deal is over."""
    before, extra, lines = _opening(deal, options)
    other, value = other_team(at_fault), TRICK_VALUE * MULTIPLIERS[deal.multiplier]
    events = _events(deal)
    totals, quints = dict(before), dict.fromkeys(TEAMS, 0)
    for trick in (trick for trick in events if trick.winner == other and trick.quints):
        params = {"team": TEAM_LABELS[other], "trick": trick.trick_no, "quints": describe(trick.quints),
                  "points": trick.points, "before": totals[other], "total": totals[other] + trick.points}
        lines.append(Say(CACHETTE_QUINTS if trick.trick_no == CACHETTE else QUINTS, params))
        totals[other] += trick.points
        quints[other] += trick.points
    struck = [quint for trick in events if trick.winner == at_fault for quint in trick.quints]
    if struck:
        lines.append(Say(REVOKED_QUINTS, {"team": TEAM_LABELS[at_fault], "quints": describe(struck)}))
    counted = {other: TRICKS + 1, at_fault: 0}
    trick_points = {other: counted[other] * value, at_fault: 0}
    lines.append(Say(REVOKE_TRICKS, {"team": TEAM_LABELS[other], "tricks": counted[other], "value": value,
                                     "points": trick_points[other], "before": totals[other],
                                     "total": totals[other] + trick_points[other]}))
    totals[other] += trick_points[other]
    lines.append(Say(REVOKED_NOTHING, {"team": TEAM_LABELS[at_fault]}))
    winner, draw, another, end = game_over(totals, str(options["tie_at_250"]), extra=extra)
    score = {team: totals[team] - before[team] for team in TEAMS}
    lines += [end, Say(FINAL, labels(score, "score"))]
    answer = {
        "multiplier": deal.multiplier, "trick_value": value, "totals_before": before, "quints": quints,
        "tricks_counted": counted, "trick_points": trick_points, "deal_score": score, "totals": dict(totals),
        "finished": winner is not None or draw, "winner": winner, "draw": draw, "ended_during_play": False,
        "ended_after_trick": None, "another_deal": another, "extra_deal": extra, "complete": True, "mismatch": None,
    }
    return Played(MappingProxyType(score), answer, tuple(lines), Say(REVOKED_NOTHING, {"team": TEAM_LABELS[at_fault]}),
                  end if winner or draw else None)


# -- the rubber (RULES §5.4) -------------------------------------------------------------------------

RUBBER_GAMES = 2  # RULES §5.4: the first team to win 2 games wins the rubber
RUBBER_BONUS = 100  # RULES §5.4: the rubber winner adds 100
GAME_WON = N_("Game %(game)d: %(team_a)s %(total_a)d, %(team_b)s %(total_b)d; %(winner)s win")
GAME_DRAWN = N_("Game %(game)d: %(team_a)s %(total_a)d, %(team_b)s %(total_b)d; a draw")
RUBBER_WON = N_("%(winner)s win the rubber, %(won)d games to %(lost)d")
RUBBER_GOES_ON = N_("Games won: %(team_a)s %(games_a)d, %(team_b)s %(games_b)d; the rubber goes on until a team has "
                    "won %(games)d")
RUBBER_SCORE = N_("%(team)s: %(games)s = %(total)d")
RUBBER_SCORE_BONUS = N_("%(team)s: %(games)s + %(bonus)d rubber bonus = %(total)d")


@dataclass(frozen=True, slots=True)
class GameOver:
    """A finished game of the rubber: its number, its winner (None: a draw) and final totals."""

    number: int
    winner: str | None
    totals: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Rubber:
    """Where the rubber stands: games won, each team's rubber score (the bonus included once
    won), the winner (None while it goes on) and the lines that say so."""

    games_won: Mapping[str, int]
    scores: Mapping[str, int]
    winner: str | None
    lines: tuple[Say, ...]


def rubber(games: tuple[GameOver, ...]) -> Rubber:
    """RULES §5.4: the first team to win 2 games wins the rubber; a team's rubber score is the
    sum of its final totals in the games of the rubber, the winner adding 100.

    >>> state = rubber((GameOver(1, "A", {"A": 262, "B": 180}), GameOver(2, "A", {"A": 255, "B": 240})))
    >>> state.winner, dict(state.scores), state.lines[-2].render()
    ('A', {'A': 617, 'B': 420}, 'N–S: 262 + 255 + 100 rubber bonus = 617')
    """
    won = dict.fromkeys(TEAMS, 0)
    lines = []
    for game in games:
        params = {"game": game.number, **labels(game.totals),
                  "winner": TEAM_LABELS[game.winner] if game.winner else ""}
        lines.append(Say(GAME_WON if game.winner else GAME_DRAWN, params))
        if game.winner:
            won[game.winner] += 1
    winner = next((team for team in TEAMS if won[team] >= RUBBER_GAMES), None)
    scores = {team: sum(game.totals[team] for game in games) + RUBBER_BONUS * (team == winner) for team in TEAMS}
    if winner is None:
        lines.append(Say(RUBBER_GOES_ON, {**labels(won, "games"), "games": RUBBER_GAMES}))
    else:
        lines.append(Say(RUBBER_WON, {"winner": TEAM_LABELS[winner], "won": won[winner],
                                      "lost": won[other_team(winner)]}))
    for team in TEAMS:
        parts = " + ".join(str(game.totals[team]) for game in games) or "0"
        lines.append(Say(RUBBER_SCORE_BONUS if team == winner else RUBBER_SCORE,
                         {"team": TEAM_LABELS[team], "games": parts, "bonus": RUBBER_BONUS, "total": scores[team]}))
    return Rubber(MappingProxyType(won), MappingProxyType(scores), winner, tuple(lines))


def game_over(totals: Mapping[str, int], tie_at_250: str, *, extra: bool = False) \
        -> tuple[str | None, bool, bool, Say]:
    """A game's end from its totals after trick points (RULES §5.4): winner, draw, another deal, why."""
    winner, draw, another, template = _end(totals, extra, tie_at_250)
    return winner, draw, another, Say(template, {**labels(totals), "target": TARGET,
                                                 "winner": TEAM_LABELS[winner] if winner else ""})
