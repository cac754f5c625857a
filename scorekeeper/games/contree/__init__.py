"""Belote Contrée (RULES.md §2): house rules, deal scoring, game end, referee helpers.

A deal is scored from what the table declares (RULES.md §6, checked in
``contree.deal``); the form that asks it lives in ``contree.form``; the referee helpers
(weak-hand redeal, legal play, trick winner) in ``contree.referee``.

Decisions on points the rules leave open (besides RULES.md §7 items 7-9, 16, 23, 24):

* ``alternate_scoring`` and ``contre_fixed_scoring`` both say what a contract scores, so a
  match may not have both (refused in :meth:`ContreeRules.resolve_options`).
* A made capot bid while the defenders won the meld comparison: the defenders keep their
  counted melds, unmultiplied like their belote (RULES.md §7 item 23: no team loses its
  announces to a capot in Contrée).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ...cards import SUIT_SYMBOLS
from ...errors import N_, RuleViolation
from .. import belote, irregular, jass
from ..base import (MISDEAL_PASSES_DEAL, Explanation, GameRules, MatchResult, Option, Options, Ruling, Say,
                    ScoredDeal, take)
from ..belote import referee as belote_referee
from ..melds import Meld, compare_melds
from ..referee import claim as judge_claim
from . import form, referee
from .deal import (CARD_POINTS_TOTAL, OTHER_TEAM, SEATS, TEAM_LABELS, TEAM_OF, TEAMS, TRICKS,
                   read_declarations, team_with_every_trick)
from .referee import trick_winner

__all__ = ["RULES", "ContreeRules", "Ruling", "legal_play", "redeal_check", "round10", "trick_winner"]

LAST_TRICK = jass.LAST_TRICK  # RULES §2.1: 10 for the last trick ("dix de der")
BELOTE = jass.BELOTE  # RULES §2.1: K + Q of trumps in one hand
FAILED_CONTRACT = 160  # RULES §2.3: the defenders of a failed contract score 160 + bid
CAPOT = 250  # RULES §2.3: a capot bid and its play count 250 each (made: 500; failed: 160 + 250)
UNBID_CAPOT = 250  # RULES §7 item 30, option unbid_capot_250: every trick on a number bid counts 250
MULTIPLIERS = MappingProxyType({"none": 1, "contre": 2, "surcontre": 4})  # RULES §2.3: m
ROUND_TO, ROUND_UP_FROM = 10, 5  # RULES §0: round10, units 5-9 round up
TARGET, TARGET_MIN, TARGET_MAX = 3000, 100, 100_000  # RULES §2.4 target (bounds: ours)


def round10(points: int) -> int:
    """Nearest ten, units 5-9 up (RULES.md §0).

    >>> round10(84), round10(85), round10(86), round10(162), round10(182), round10(2), round10(5)
    (80, 90, 90, 160, 180, 0, 10)
    """
    return (points + ROUND_UP_FROM) // ROUND_TO * ROUND_TO


OPTIONS = (
    Option("target", TARGET, N_("Target"), N_("The first team to reach this total wins; both past it: the higher total wins"),
           minimum=TARGET_MIN, maximum=TARGET_MAX),
    Option("belote_to_defenders_on_failure", True, N_("Belote to the defenders on failure"),
           N_("A failed contract gives any belote to the defenders; off: it stays with its holder")),
    Option("alternate_scoring", False, N_("Alternate scoring"),
           N_("Made: the bidders score the bid (capot 250), the defenders 0; failed: the reverse")),
    Option("require_more_than_opponents", False, N_("Bidders must outscore the defenders"),
           N_("A contract is made only if the bidders also have more points than the defenders")),
    Option("contre_fixed_scoring", False, N_("Fixed contre scoring"),
           N_("Contrée: the winners score (160 + bid) × 2 or × 4, the losers only their belote")),
    Option("unbid_capot_250", False, N_("Unbid capot counts 250"),
           N_("A team that takes every trick on a number bid counts 250 for its cards and last trick, not 162")),
    Option("announces", False, N_("Announces"),
           N_("Sequences and fours of classic Belote count; the best team's melds add to its points")),
    Option("forced_undertrump", True, N_("Forced undertrump"),
           N_("Void when an opponent has trumped: you must trump even if you cannot overtrump"),
           scoring=False),
    Option("deal_pattern", "3-2-3", N_("Deal pattern"), N_("How the cards are dealt; no effect on the score"),
           choices=("3-2-3", "3-3-2", "2-3-3"), scoring=False),
    Option("weak_hand_redeal", True, N_("Weak-hand redeal"),
           N_("A player whose hand counts 10 or less as plain cards may ask for a redeal"), scoring=False),
    Option("bidding_conventions", "none", N_("Bidding conventions"),
           N_("Conventional meanings of opening bids (the usual scheme or “aux as”); for information, no effect on the score"),
           choices=("none", "standard", "aux_as"), scoring=False,
           choice_labels=(N_("None"), N_("The usual scheme"), N_("Aux as"))),
    MISDEAL_PASSES_DEAL,
)

_CONTRACT = {
    (False, "none"): N_("%(team)s bid %(bid)d %(suit)s"),
    (False, "contre"): N_("%(team)s bid %(bid)d %(suit)s, contrée (×%(multiplier)d)"),
    (False, "surcontre"): N_("%(team)s bid %(bid)d %(suit)s, surcontrée (×%(multiplier)d)"),
    (True, "none"): N_("%(team)s bid capot %(suit)s"),
    (True, "contre"): N_("%(team)s bid capot %(suit)s, contrée (×%(multiplier)d)"),
    (True, "surcontre"): N_("%(team)s bid capot %(suit)s, surcontrée (×%(multiplier)d)"),
}
_SUMMARY = {
    (False, "none"): N_("%(bid)d %(suit)s — %(team)s"),
    (False, "contre"): N_("%(bid)d %(suit)s — %(team)s, contrée"),
    (False, "surcontre"): N_("%(bid)d %(suit)s — %(team)s, surcontrée"),
    (True, "none"): N_("Capot %(suit)s — %(team)s"),
    (True, "contre"): N_("Capot %(suit)s — %(team)s, contrée"),
    (True, "surcontre"): N_("Capot %(suit)s — %(team)s, surcontrée"),
}
_POINTS = {  # (last trick, belote, announces) -> the team's points line (RULES §2.3 points(X))
    (False, False, False): N_("%(team)s points: %(cards)d cards"),
    (True, False, False): N_("%(team)s points: %(cards)d cards + %(last)d last trick = %(points)d"),
    (False, True, False): N_("%(team)s points: %(cards)d cards + %(belote)d belote = %(points)d"),
    (True, True, False): N_("%(team)s points: %(cards)d cards + %(last)d last trick + %(belote)d belote "
                            "= %(points)d"),
    (False, False, True): N_("%(team)s points: %(cards)d cards + %(melds)d announces = %(points)d"),
    (True, False, True): N_("%(team)s points: %(cards)d cards + %(last)d last trick + %(melds)d announces "
                            "= %(points)d"),
    (False, True, True): N_("%(team)s points: %(cards)d cards + %(belote)d belote + %(melds)d announces "
                            "= %(points)d"),
    (True, True, True): N_("%(team)s points: %(cards)d cards + %(last)d last trick + %(belote)d belote "
                           "+ %(melds)d announces = %(points)d"),
}
NOTHING = N_("%(team)s: %(total)d")
ROUNDED = N_("%(team)s: %(points)d rounds to %(total)d")
PLUS_BID = N_("%(team)s: %(before)d + %(bid)d bid = %(total)d")
FAILED_BASE = N_("%(team)s: %(base)d for the failed contract + %(bid)d bid = %(total)d")
FAILED_CAPOT = N_("%(team)s: %(base)d for the failed contract + %(bid)d for the capot bid = %(total)d")
MADE_CAPOT = N_("%(team)s: %(bid)d capot bid + %(bid)d capot play = %(total)d")
REVOKE_BASE = N_("%(team)s: %(base)d + %(bid)d bid = %(total)d, the defenders having revoked")
FIXED_BASE = N_("%(team)s: %(base)d + %(bid)d bid = %(total)d (fixed contre scoring)")
ALTERNATE = N_("%(team)s: the bid, %(total)d (alternate scoring)")
PLUS_BELOTE = N_("%(team)s: %(before)d + %(belote)d belote = %(total)d")
PLUS_MELDS = N_("%(team)s: %(before)d + %(melds)d announces = %(total)d")
TIMES = N_("%(team)s: %(before)d × %(multiplier)d = %(total)d")
FINAL = N_("Score: %(team_a)s %(score_a)d, %(team_b)s %(score_b)d")
# The verdict's lines (module constants: every deal scored says one)
CAPOT_MADE = N_("%(team)s took all %(tricks)d tricks: capot made")
CAPOT_SHORT = N_("%(team)s took %(won)d of the %(tricks)d tricks: capot failed")
CAPOT_FAILED = N_("%(team)s did not take every trick: capot failed")
NO_CAPOT_BONUS = N_("%(team)s took every trick: a capot that was not bid earns no bonus")
UNDER_BID = N_("%(points)d < %(bid)d: contract failed")
NOT_MORE = N_("%(points)d ≥ %(bid)d but not more than the defenders' %(other)d: contract failed")
MADE_AND_MORE = N_("%(points)d ≥ %(bid)d and more than the defenders' %(other)d: contract made")
MADE = N_("%(points)d ≥ %(bid)d: contract made")


_Step = tuple[str, Mapping[str, Any]]  # a line as its template and parameters, its Say written when read


@dataclass(slots=True)
class _Tally:
    """Both teams' scores built step by step. Each step is kept as its numbers (team, template, total
    before, total after, the step's own figures): the lines whose arithmetic adds up are written from
    them only when the explanation is read (:meth:`lines`)."""

    bidders: str
    defenders: str
    totals: dict[str, int]  # A then B (the teams' order in every answer)
    steps: list[tuple[str, str, int, int, dict[str, int]]]

    def step(self, team: str, template: str, total: int, **params: int) -> _Tally:
        self.steps.append((team, template, self.totals[team], total, params))
        self.totals[team] = total
        return self

    def rounded(self, team: str, points: int) -> _Tally:
        """Round to the nearest ten (RULES.md §0), saying "rounds to" only when it changes."""
        total = round10(points)
        return self.step(team, ROUNDED if total != points else NOTHING, total, points=points)

    def plus(self, team: str, template: str, name: str, amount: int) -> _Tally:
        """Add ``amount`` (belote, melds) with a line, if there is anything to add."""
        return self.step(team, template, self.totals[team] + amount, **{name: amount}) if amount else self

    def times(self, team: str, multiplier: int) -> _Tally:
        """Apply contre (×2) or surcontre (×4), with a line when it changes anything."""
        return self.step(team, TIMES, self.totals[team] * multiplier, multiplier=multiplier) \
            if multiplier > 1 else self

    def lines(self) -> list[Say]:
        """The steps' lines, the bidders' then the defenders'; a team that scored nothing still gets
        its line."""
        lines = []
        for team in (self.bidders, self.defenders):
            total = self.totals[team]
            steps = [step for step in self.steps if step[0] == team] or [(team, NOTHING, total, total, {})]
            lines += [Say(template, {"team": TEAM_LABELS[team], "before": before, "total": after, **params})
                      for _, template, before, after, params in steps]
        return lines


@dataclass(slots=True)
class _Deal(_Tally):
    """A checked deal being scored: its tally (:class:`_Tally`) with what every scoring formula needs
    (RULES.md §2.3 names); read only but for the tally (not frozen, and one object with its tally, not
    three: made at every deal scored)."""

    declared: Mapping[str, Any]
    bid: int  # the number; a capot bid counts CAPOT
    m: int
    points: Mapping[str, int]
    belote: Mapping[str, int]
    melds: Mapping[str, int]
    made: bool


def _announces(deal: Mapping[str, Any],
               melds: tuple[Meld, ...]) -> tuple[dict[str, int], str | None, tuple[Say, ...]]:
    """Counted melds per team, the team that won the comparison, and the comparison's reason (its
    sides named by their letters: :func:`_meld_lines` writes them for the explanation; ``melds`` not
    empty: :func:`_score` asks only then)."""
    counted = dict.fromkeys(TEAMS, 0)
    # Without a dealer the melds are one team's (``read_declarations``, which checked them): any
    # order will do.
    verdict = compare_melds(melds, trump=deal["trump"], contract=jass.Contract.SUIT,
                            play_order=tuple(deal["play_order"] or SEATS), side_of=TEAM_OF.__getitem__,
                            checked=True)
    counted.update({team: verdict.counted.get(team, 0) for team in TEAMS})
    return counted, verdict.winner_side, verdict.reason


def _meld_lines(reason: tuple[Say, ...]) -> list[Say]:
    """The melds' comparison as the explanation says it: each side named by its seats (N–S)."""
    return [Say(say.template, {**say.params, "side": TEAM_LABELS[say.params["side"]]})
            if say.params.get("side") in TEAM_LABELS else say for say in reason]


def _verdict(deal: Mapping[str, Any], points: Mapping[str, int],
             options: Options) -> tuple[bool, list[_Step]]:
    """Made or failed (RULES.md §2.3; option require_more_than_opponents §2.4), and why (the lines'
    steps: written as lines only when the explanation is read)."""
    bidders = deal["bidder_team"]
    defenders = OTHER_TEAM[bidders]
    label = TEAM_LABELS[bidders]
    tricks = deal["tricks_won"]
    if deal["capot_bid"]:
        if tricks and tricks[bidders] == TRICKS:
            return True, [(CAPOT_MADE, {"team": label, "tricks": TRICKS})]
        if tricks:
            return False, [(CAPOT_SHORT, {"team": label, "won": tricks[bidders], "tricks": TRICKS})]
        return False, [(CAPOT_FAILED, {"team": label})]
    lines = []
    if tricks and tricks[bidders] == TRICKS and not options["unbid_capot_250"]:
        lines.append((NO_CAPOT_BONUS, {"team": label}))
    own, other, bid = points[bidders], points[defenders], deal["bid"]
    params = {"points": own, "bid": bid, "other": other}
    if own < bid:
        return False, [*lines, (UNDER_BID, params)]
    if options["require_more_than_opponents"]:
        if own <= other:
            return False, [*lines, (NOT_MORE, params)]
        return True, [*lines, (MADE_AND_MORE, params)]
    return True, [*lines, (MADE, params)]


def _unbid_capot(deal: Mapping[str, Any], capot_team: str | None, points: Mapping[str, int],
                 options: Options) -> tuple[Mapping[str, int], list[_Step]]:
    """Option unbid_capot_250 (RULES.md §7 item 30): a team that took every trick on a number bid
    counts 250 instead of 162 for its cards and last trick. The points, and the step of the line that
    says so."""
    if capot_team is None or deal["capot_bid"] or not options["unbid_capot_250"]:
        return points, []
    usual = CARD_POINTS_TOTAL + LAST_TRICK
    total = points[capot_team] + UNBID_CAPOT - usual
    step = (N_("%(team)s took every trick: %(capot)d instead of %(usual)d for the cards and the last trick "
               "(unbid capot): %(before)d + %(bonus)d = %(points)d"),
            {"team": TEAM_LABELS[capot_team], "capot": UNBID_CAPOT, "usual": usual,
             "before": points[capot_team], "bonus": UNBID_CAPOT - usual, "points": total})
    return {**points, capot_team: total}, [step]


def _standard(deal: _Deal, options: Options) -> None:
    """RULES.md §2.3, with belote_to_defenders_on_failure and announces of §2.4 (§7 items 8, 23, 24)."""
    b, d = deal.bidders, deal.defenders
    capot = deal.declared["capot_bid"]
    if deal.made and capot:
        deal.step(b, MADE_CAPOT, CAPOT + CAPOT, bid=CAPOT).plus(b, PLUS_BELOTE, "belote", deal.belote[b])
        deal.plus(b, PLUS_MELDS, "melds", deal.melds[b]).times(b, deal.m)
        deal.plus(d, PLUS_BELOTE, "belote", deal.belote[d]).plus(d, PLUS_MELDS, "melds", deal.melds[d])
    elif deal.made:
        deal.rounded(b, deal.points[b])
        deal.step(b, PLUS_BID, deal.totals[b] + deal.bid, bid=deal.bid).times(b, deal.m)
        deal.rounded(d, deal.points[d])
    else:
        base = FAILED_CAPOT if capot else FAILED_BASE
        deal.step(d, base, FAILED_CONTRACT + deal.bid, base=FAILED_CONTRACT, bid=deal.bid)
        to_defenders = options["belote_to_defenders_on_failure"]
        deal.plus(d, PLUS_BELOTE, "belote", sum(deal.belote.values()) if to_defenders else 0)
        deal.plus(d, PLUS_MELDS, "melds", sum(deal.melds.values())).times(d, deal.m)
        if not to_defenders:
            deal.plus(d, PLUS_BELOTE, "belote", deal.belote[d])
            deal.plus(b, PLUS_BELOTE, "belote", deal.belote[b])


def _alternate(deal: _Deal) -> None:
    """Option alternate_scoring (RULES.md §2.4, §7 items 9, 23): the winners score bid × m."""
    winners = deal.bidders if deal.made else deal.defenders
    deal.step(winners, ALTERNATE, deal.bid).times(winners, deal.m)


def _fixed(deal: _Deal) -> None:
    """Option contre_fixed_scoring (RULES.md §2.4): the winners (160 + bid) × m, belotes kept."""
    winners, losers = (deal.bidders, deal.defenders) if deal.made else (deal.defenders, deal.bidders)
    deal.step(winners, FIXED_BASE, FAILED_CONTRACT + deal.bid, base=FAILED_CONTRACT, bid=deal.bid)
    deal.times(winners, deal.m).plus(winners, PLUS_BELOTE, "belote", deal.belote[winners])
    deal.plus(losers, PLUS_BELOTE, "belote", deal.belote[losers])


def _tally(deal: _Deal, options: Options) -> None:
    """The deal's tally under the match's scoring (RULES.md §2.3, §2.4)."""
    if options["alternate_scoring"]:
        _alternate(deal)
    elif options["contre_fixed_scoring"] and deal.m > 1:
        _fixed(deal)
    else:
        _standard(deal, options)


def _explain(deal: _Deal, head: Mapping[str, Any], meld_reason: tuple[Say, ...], last: Mapping[str, int],
             points: Mapping[str, int], verdict: list[_Step]) -> tuple[Say, ...]:
    """A deal's explanation (:func:`_score`), written when first read: the contract, the melds'
    comparison, each team's points (its cards, ``last`` trick, belote and counted melds: ``points``,
    before an unbid capot), an unbid capot's line and the verdict's (``verdict``, their steps), the
    tally's steps and the score."""
    declared = deal.declared
    lines = [Say(_CONTRACT[declared["capot_bid"], declared["contre"]], head), *_meld_lines(meld_reason)]
    cards, belote, counted = declared["card_points"], deal.belote, deal.melds
    for team in (deal.bidders, deal.defenders):
        flags = (bool(last[team]), bool(belote[team]), bool(counted[team]))
        lines.append(Say(_POINTS[flags], {"team": TEAM_LABELS[team], "cards": cards[team],
                                          "last": last[team], "belote": belote[team],
                                          "melds": counted[team], "points": points[team]}))
    score = deal.totals
    lines += [*(Say(template, params) for template, params in verdict), *deal.lines(),
              Say(FINAL, {"team_a": TEAM_LABELS["A"], "score_a": score["A"],
                          "team_b": TEAM_LABELS["B"], "score_b": score["B"]})]
    return tuple(lines)


def _score(declared: Mapping[str, Any], melds: tuple[Meld, ...], options: Options, *,
           revoked: bool = False) -> ScoredDeal:
    """Score a deal checked by ``read_declarations`` (RULES.md §2.3, every option of §2.4);
    ``revoked``: the bidders revoked, the contract fails whatever the points (RULES.md §8)."""
    bidders = declared["bidder_team"]
    counted, meld_winner, meld_reason = _announces(declared, melds) if melds else ({"A": 0, "B": 0}, None, ())
    # Each team's figures, A then B (the teams' order in every answer), written out: made at every
    # deal scored, two comprehensions over TEAMS cost as much as the rest of these lines.
    holder, took_last, cards = declared["belote"], declared["last_trick"], declared["card_points"]
    belote = {"A": BELOTE * (holder == "A"), "B": BELOTE * (holder == "B")}
    last = {"A": LAST_TRICK * (took_last == "A"), "B": LAST_TRICK * (took_last == "B")}
    before_capot = {"A": cards["A"] + last["A"] + belote["A"] + counted["A"],
                    "B": cards["B"] + last["B"] + belote["B"] + counted["B"]}
    capot_team = team_with_every_trick(declared["tricks_won"])
    points, unbid = _unbid_capot(declared, capot_team, before_capot, options)
    made, verdict = (False, [(N_("The bidders revoked: the contract fails"), {})]) if revoked \
        else _verdict(declared, points, options)
    m = MULTIPLIERS[declared["contre"]]
    capot_bid = declared["capot_bid"]
    # (the totals start A then B, the teams' order in every answer)
    deal = _Deal(bidders, OTHER_TEAM[bidders], {"A": 0, "B": 0}, [], declared,
                 CAPOT if capot_bid else declared["bid"], m, points, belote, counted, made)
    _tally(deal, options)
    suit = SUIT_SYMBOLS[declared["trump"]]  # (a suit's code is its Suit: a StrEnum)
    head = {"team": TEAM_LABELS[bidders], "bid": deal.bid, "suit": suit, "multiplier": m}

    # (the figures themselves, not copies: made here for this deal alone, and read only like the answer)
    answer = {"made": made, "points": points, "score": deal.totals, "capot": capot_team,
              "meld_winner": meld_winner, "counted_melds": counted, "bidder_team": bidders, "multiplier": m}
    # (a function and its arguments, not a closure: a closure over fifteen names made every read of
    # them in here slower)
    explanation = Explanation(_explain, deal, head, meld_reason, last, before_capot, [*unbid, *verdict])
    # (its fields by position: a class called with keywords gathers them into a dict first)
    return ScoredDeal(made, deal.totals, explanation, answer, Say(_SUMMARY[capot_bid, declared["contre"]], head))


def _revoke(declared: Mapping[str, Any], melds: tuple[Meld, ...], at_fault: str,
            options: Options) -> tuple[dict[str, int], list[Say]]:
    """RULES.md §8: bidders at fault, a failed contract (§2.3 with the options); defenders at
    fault, the bidders score (160 + bid) x m (a capot bid 500 x m) and the defenders 0, each side
    adding 20, unmultiplied, for a belote it holds."""
    bidders = declared["bidder_team"]
    if at_fault == bidders:
        scored = _score(declared, melds, options, revoked=True)
        return dict(scored.score), list(scored.lines[1:])
    m = MULTIPLIERS[declared["contre"]]
    tally = _Tally(bidders, at_fault, {"A": 0, "B": 0}, [])
    if declared["capot_bid"]:
        tally.step(bidders, MADE_CAPOT, CAPOT + CAPOT, bid=CAPOT)
    else:
        tally.step(bidders, REVOKE_BASE, FAILED_CONTRACT + declared["bid"], base=FAILED_CONTRACT,
                   bid=declared["bid"])
    tally.times(bidders, m).plus(bidders, PLUS_BELOTE, "belote", BELOTE * (declared["belote"] == bidders))
    tally.plus(at_fault, PLUS_BELOTE, "belote", BELOTE * (declared["belote"] == at_fault))
    result = {bidders: tally.totals[bidders], at_fault: tally.totals[at_fault]}  # (the bidders' first)
    return result, [*tally.lines(), Say(FINAL, {"team_a": TEAM_LABELS["A"], "score_a": result["A"],
                                                     "team_b": TEAM_LABELS["B"], "score_b": result["B"]})]


class ContreeRules(GameRules):
    """Belote Contrée for four players in two partnerships (RULES.md §2)."""

    key = "contree"
    irregular_kinds = (irregular.MISDEAL, irregular.REVOKE, irregular.PENALTY)
    taker_key = "bidder"
    form = form
    name = N_("Belote Contrée")
    seats = SEATS
    sides = TEAMS
    options = OPTIONS
    play_options = MappingProxyType({"announces": True})  # the referee compares announces too
    pile_fields = ("bidder_points", "defender_points")
    referee_kinds = ("legal_play", "trick_winner", "redeal_check", "melds", "meld_compare", "count", "claim",
                     "game_end")

    def resolve_options(self, raw: Mapping[str, object] | None = None) -> dict[str, Any]:
        """Every option with its value; alternate and fixed contre scoring exclude each other."""
        options = super().resolve_options(raw)
        if options["alternate_scoring"] and options["contre_fixed_scoring"]:
            raise RuleViolation(N_("Alternate scoring and fixed contre scoring each say what a contract "
                                   "scores: choose one of them"), field="options.contre_fixed_scoring")
        return options

    def side_of(self, seat: str) -> str:
        """N and S play for A, E and W for B (RULES.md §0)."""
        return TEAM_OF[seat]

    def side_label(self, side: str) -> str:
        """``N–S`` or ``E–W``."""
        return TEAM_LABELS[side]

    def read_deal(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The canonical declarations: every key present, both teams' card points filled."""
        deal, _ = read_declarations(declarations, announces=bool(self.resolved(options)["announces"]))
        return deal

    def score_deal(self, declarations: Mapping[str, Any], options: Options) -> ScoredDeal:
        """Score one deal (RULES.md §2.3 and the options of §2.4), checking it first."""
        resolved = self.resolved(options)
        deal, melds = read_declarations(declarations, announces=bool(resolved["announces"]))
        return _score(deal, melds, resolved)

    def score_revoke(self, declarations: Mapping[str, Any], at_fault: str,
                     options: Options) -> tuple[dict[str, int], list[Say]]:
        """RULES.md §8: a failed contract, or the bidders' (160 + bid) x m."""
        resolved = self.resolved(options)
        deal, melds = read_declarations(declarations, announces=bool(resolved["announces"]))
        return _revoke(deal, melds, at_fault, resolved)

    def match_result(self, totals: Mapping[str, int], options: Options) -> MatchResult | None:
        """RULES.md §2.5: a team at or over the target wins; both: the higher; equal: a draw."""
        target = self.resolved(options)["target"]
        a, b = totals.get("A", 0), totals.get("B", 0)
        if a < target and b < target:
            return None
        params = {"target": target, "team_a": TEAM_LABELS["A"], "total_a": a, "team_b": TEAM_LABELS["B"],
                  "total_b": b}
        if a == b:
            draw = Say(N_("Both teams reach the target of %(target)d with %(total_a)d: a draw"), params)
            return MatchResult(None, True, (draw,))
        winner = "A" if a > b else "B"
        params["winner"] = TEAM_LABELS[winner]
        template = (N_("%(team_a)s %(total_a)d, %(team_b)s %(total_b)d: both reach the target of %(target)d "
                       "and %(winner)s win with more") if min(a, b) >= target else
                    N_("%(team_a)s %(total_a)d, %(team_b)s %(total_b)d: %(winner)s reach the target of "
                       "%(target)d and win"))
        return MatchResult(winner, False, (Say(template, params),))

    def referee_legal_play(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §2.6: ``hand``, ``trick_so_far`` (first = led), ``trump``, ``partner_winning``."""
        asked = take(query, ("hand", "trump"), ("trick_so_far", "partner_winning"))
        return referee.legal_play(asked["hand"], asked["trick_so_far"] or [], asked["trump"],
                                           asked["partner_winning"], options)

    def referee_trick_winner(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §2.6: who wins ``trick`` (first = led) under ``trump``."""
        asked = take(query, ("trick", "trump"))
        return trick_winner(asked["trick"], asked["trump"])

    def referee_melds(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §2.4 announces (the melds of §1.2): what a ``hand`` may announce under ``trump``."""
        asked = take(query, ("hand", "trump"))
        return belote_referee.melds_in_hand(asked["hand"], asked["trump"], jass.Contract.SUIT.value,
                                             _classic_melds(options))

    def referee_meld_compare(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §2.4 announces, compared as in §1.3: which team's ``melds`` count."""
        asked = take(query, ("melds", "trump"), ("dealer", "play_order"))
        return belote_referee.meld_compare(asked["melds"], asked["trump"], jass.Contract.SUIT.value,
                                            asked["dealer"], asked["play_order"], _classic_melds(options))

    def referee_count(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §2.1: the points of a ``pile`` under ``trump``, and the other team's."""
        return referee.count_pile(query)

    def referee_claim(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """Does a claim hold with every hand shown (RULES.md §2.6 play, the solver's search)?"""

        return judge_claim(query, referee.contree_rules(forced_undertrump=bool(options["forced_undertrump"])),
                              SEATS)

    def referee_redeal_check(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §2.2: may this ``hand`` ask for a redeal?"""
        return referee.redeal_check(take(query, ("hand",))["hand"], options)


def _classic_melds(options: Options) -> Options:
    """Announces are classic Belote's melds (RULES.md §2.4); refused when the match has none."""
    if not options["announces"]:
        raise RuleViolation(N_("This match is played without announces: there are no melds to record"),
                            field="options.announces")
    return belote.RULES.resolve_options()


RULES = ContreeRules()
"""The one instance the registry lists."""


def redeal_check(hand: str | Sequence[str], options: Mapping[str, object] | None = None) -> Ruling:
    """May this hand ask for a redeal (RULES.md §2.2, option weak_hand_redeal)?

    >>> redeal_check("QS JS 9S 8H 7H 9D 8C 7C").answer
    {'redeal_allowed': True, 'hand_points': 5}
    """
    return referee.redeal_check(hand, RULES.resolve_options(options))


def legal_play(hand: str | Sequence[str], trick_so_far: str | Sequence[str], trump: str,
               partner_winning: bool | None = None,
               options: Mapping[str, object] | None = None) -> Ruling:
    """The cards the next player may play (RULES.md §2.6, option forced_undertrump).

    >>> legal_play("7H AS 9C", "KS 10S", "H").answer["legal"]
    ['AS']
    """
    resolved = RULES.resolve_options(options)
    return referee.legal_play(hand, trick_so_far, trump, partner_winning, resolved)
