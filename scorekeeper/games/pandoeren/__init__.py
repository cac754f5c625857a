"""Pandoeren (RULES.md §4): contracts, roem, deal scoring, running totals, referee helpers.

Four players, each for himself: the sides are the seats and the sheet is one running column
per player. A deal is scored from what the table declares (RULES.md §6, checked in
``pandoeren.deal``); the contracts and the bidding order live in ``pandoeren.contracts``,
roem in ``pandoeren.roem``, the scoring in ``pandoeren.score``, the form in
``pandoeren.form`` and the referee's answers in ``pandoeren.referee``.

Decisions on points the rules leave open (besides RULES.md §7 items 12, 13, 14, 18, 26):

* There is no match end (item 14) unless the table agrees on a number of deals (option
  ``agreed_deals``, a house agreement): then the highest total wins, equal highest a draw.
* Pandoer + n is decided by the tricks and the roem, so it takes no card points; its ``made``
  declaration (when the tricks are not listed) says whether the two won all eight tricks, and
  the engine adds the roem condition.
* With ``kereltje_own_jack = "forbidden"`` a Kereltje whose declarer holds or discarded the
  trump jack is refused (the declarations cannot tell whether she had it before the pickup).
* A seat's roem is what its hand of eight cards shows: at most eight cards, a run never split.
  A run of nine (A to 6 of hearts, only in the declarer's hand before her discard) counts as 8.
* Stuk announced by an opponent is accepted and scores nothing (opponents never score roem).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import DECK_33
from ...errors import N_, RuleViolation
from .. import irregular
from ..base import LEADER_LABEL, MISDEAL_PASSES_DEAL, DealField, GameRules, MatchResult, Option, Options, Ruling, Say, ScoredDeal, take
from ..referee import FirstLead, claim as judge_claim
from . import form, referee
from .contracts import Kind, PandoerContract, bid_key, compare_bids, parse_contract
from .deal import KEYS, SEATS, read_declarations
from .roem import HAND_SIZE, PANDOEREN_ORDERS, compare_roem, find_roem, judge_roem, roem_strength, roem_value
from .score import agreed_result, revoke, score

__all__ = ["KEYS", "PANDOEREN_ORDERS", "RULES", "Kind", "PandoerContract", "PandoerenRules", "bid_key",
           "compare_bids", "compare_roem", "find_roem", "judge_roem", "parse_contract", "roem_strength",
           "roem_value"]

AGREED_DEALS_MAX = 1000  # our bound for option agreed_deals (0 = no end, RULES §7 item 14)

OPTIONS = (
    Option("piccolo_any_one_trick", False, N_("Piccolo: any one trick"),
           N_("Piccolo and Piccolo Ouvert are made when the declarer wins exactly one trick, whichever it is "
              "(off: it must be the first)")),
    Option("kereltje_own_jack", "solo", N_("Kereltje with one's own trump jack"),
           N_("The declarer who holds the trump jack plays Kereltje alone (solo), or may not bid it (forbidden)"),
           choices=("solo", "forbidden"), choice_labels=(N_("Solo"), N_("Forbidden"))),
    Option("agreed_deals", 0, N_("Agreed number of deals"),
           N_("A house agreement, not a rule of the game: after this many deals the highest total wins "
              "(equal highest: a draw); 0 keeps running totals with no end"),
           minimum=0, maximum=AGREED_DEALS_MAX),
    Option("revoke_extra_penalty", True, N_("A revoke costs the offender once more"),
           N_("After a revoke the player at fault alone also loses the contract's value once more; off: the "
              "revoke only decides the contract")),
    MISDEAL_PASSES_DEAL,
)


class PandoerenRules(GameRules):
    """Pandoeren for four players, each for himself (RULES.md §4)."""

    key = "pandoeren"
    irregular_kinds = (irregular.MISDEAL, irregular.REVOKE, irregular.PENALTY)
    revoke_help = N_("Declare the contract and the player at fault: a revoke by the declarer's side fails the "
                     "contract, by an opponent makes it, and the offender alone loses its value once more unless the "
                     "house rules say otherwise (RULES §8).")
    taker_key = "declarer"
    form = form
    name = N_("Pandoeren")
    seats = SEATS
    sides = SEATS
    options = OPTIONS
    referee_kinds = ("legal_play", "trick_winner", "melds", "meld_compare", "count", "claim", "bid_compare",
                     "partner_call", "running_totals", "game_end")

    def read_deal(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The canonical declarations: every key of RULES.md §6 present, derived ones filled."""
        return dict(read_declarations(declarations, self.resolve_options(options)).declared)

    def score_deal(self, declarations: Mapping[str, Any], options: Options) -> ScoredDeal:
        """Score one deal (RULES.md §4.3, §4.4 and its options), checking it first."""
        resolved = self.resolve_options(options)
        return score(read_declarations(declarations, resolved), resolved)

    def revoke_fields(self, options: Options) -> tuple[DealField, ...]:
        """The player at fault and the contract with its side: the revoke decides the rest (RULES.md §8)."""
        return form.revoke_fields(self.resolve_options(options))

    def read_revoke(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The contract and its side, canonical; what play decides is refused (RULES.md §8)."""
        return dict(read_declarations(declarations, self.resolve_options(options), played=False).declared)

    def revoke_from_form(self, values: Mapping[str, str], options: Options) -> dict[str, Any]:
        """A revoke's contract and side from its form (RuleViolation names the form field)."""
        return form.declarations_from_form(values, self.resolve_options(options), played=False)

    def form_from_revoke(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """A stored revoke's contract and side as form values."""
        resolved = self.resolve_options(options)
        return form.form_from_declarations(self.read_revoke(declarations, resolved), resolved)

    def score_revoke(self, declarations: Mapping[str, Any], at_fault: str,
                     options: Options) -> tuple[dict[str, int], list[Say]]:
        """RULES.md §8: failed by the declarer's side, made by an opponent; the offender once more."""
        resolved = self.resolve_options(options)
        return revoke(read_declarations(declarations, resolved, played=False), at_fault, resolved)

    def match_result(self, totals: Mapping[str, int], options: Options) -> MatchResult | None:
        """None: the totals alone never end a match (RULES.md §4.4, §7 item 14); with option
        ``agreed_deals`` the sheet ends it after that many deals (see :meth:`sheet_result`)."""
        return None

    def sheet_result(self, totals: Mapping[str, int], played: int, options: Options) -> MatchResult | None:
        """With ``agreed_deals`` the result after that many deals (see :meth:`match_result`)."""
        return agreed_result(totals, played, options)

    # -- the referee ---------------------------------------------------------------------

    def referee_legal_play(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §4.5: ``hand``, ``trick_so_far`` (first = led), ``trump`` or a ``contract``."""
        asked = take(query, ("hand",), ("trick_so_far", "trump", "contract"))
        return referee.legal_play(asked["hand"], asked["trick_so_far"], asked["trump"],
                                             asked["contract"])

    deck_choices = form.deck_choices(DECK_33)
    pile_fields = ("team_points",)

    def count_fields(self, options: Options) -> tuple[DealField, ...]:
        """The shared inputs and the discard (RULES.md §4.1: 141 less the discard, + 5)."""
        return (*super().count_fields(options),
                DealField("discard", "cards", N_("Discard"), "count", required=False, choices=self.deck_choices,
                          help=N_("The declarer's discard: with it, the others' points too")))

    def melds_fields(self, options: Options) -> tuple[DealField, ...]:
        """Each seat's roem, and who may deny it (RULES.md §4.2): declarer, partner, the bidders."""
        roem = tuple(spec for spec in super().melds_fields(options) if spec.name.startswith("melds_"))
        return (*roem,
                DealField("declarer", "seat", N_("Declarer"), "melds", default=SEATS[0]),
                DealField("partner", "seat", N_("Partner"), "melds", required=False),
                DealField("bidders", "seats", N_("The other bidders"), "melds", required=False,
                          help=N_("Who made a bid other than pass: only they may deny the roem")))

    def melds_query(self, values: Mapping[str, str], options: Options) -> dict[str, Any]:
        """RULES.md §6: ``roem`` per seat, ``declarer``, ``partner``, ``bidders`` (a list of seats)."""
        query = super().melds_query(values, options)
        query["roem"] = query.pop("melds")
        query["bidders"] = values.get("bidders", "").split()
        return query

    def referee_claim(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """Does a claim hold with every hand shown (RULES.md §4.5 play, the solver's search)? The
        claimant plays with the ``partner`` the contract gave (none: alone) against the others;
        ``trump`` or a ``contract`` played without trumps (Zwabber, Solo-Zwabber)."""

        def table(asked: Mapping[str, Any]) -> tuple[Any, Any, Mapping[str, str]]:
            claimant, partner = asked["claimant"], asked["partner"]
            if claimant not in SEATS:
                raise RuleViolation(N_("The claimant must be one of %(seats)s"), field="claimant",
                                    seats=", ".join(SEATS))
            if partner is not None and (partner not in SEATS or partner == claimant):
                raise RuleViolation(N_("The partner must be another of %(seats)s, or none"), field="partner",
                                    seats=", ".join(SEATS))
            # the trump is read by the position after the hands (pandoeren_rules): the page's order
            sides = {seat: "claim" if seat in (claimant, partner) else "defence" for seat in SEATS}
            return asked["trump"], asked["contract"], sides

        asked, said = FIRST_LEAD.leader(query, SEATS)
        ruling = judge_claim(asked, referee.pandoeren_rules(), SEATS, extra=("contract", "partner"), table=table)
        return Ruling(ruling.answer, (said, *ruling.lines)) if said else ruling

    def leader_fields(self, seats: tuple[str, ...]) -> tuple[DealField, ...]:
        """Who leads, or the declarer, who leads the first trick in every contract (RULES.md §7 item 31)."""
        return (DealField("leader", "seat", LEADER_LABEL, "claim", required=False, default="",
                          help=N_("Empty at the first trick: the declarer leads")),
                DealField("declarer", "seat", N_("Declarer"), "claim", required=False))

    def claim_fields(self, options: Options) -> tuple[DealField, ...]:
        """The shared inputs, the claimant's partner this deal, and a contract without trumps."""
        return (*super().claim_fields(options),
                DealField("partner", "seat", N_("The claimant's partner"), "claim", required=False,
                          help=N_("Whom the contract made the claimant's partner; none when playing alone")),
                DealField("contract", "choice", N_("Contract"), "claim", required=False, default="",
                          choices=(("", N_("With trumps")), ("Zwabber", N_("Zwabber, no trumps")))))

    def referee_count(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §4.1: the points of a ``pile`` (with the ``discard``: the other side's)."""
        return referee.count_pile(query)

    def referee_trick_winner(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §4.5: who wins ``trick`` (first = led) under ``trump`` or a ``contract``."""
        asked = take(query, ("trick",), ("trump", "contract"))
        return referee.trick_winner(asked["trick"], asked["trump"], asked["contract"])

    def referee_melds(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §4.2: every roem of ``hand`` (8 or 9 cards); stuk too with a ``trump``."""
        asked = take(query, ("hand",), ("trump",))
        return referee.melds(asked["hand"], asked["trump"])

    def referee_meld_compare(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §4.2: does the side's ``roem`` (per seat) count against the ``bidders``?"""
        asked = take(query, ("roem", "declarer"), ("partner", "bidders"))
        return referee.meld_compare(asked["roem"], asked["declarer"], asked["partner"],
                                               asked["bidders"])

    def referee_bid_compare(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §4.3: is ``first`` higher than ``second``, or than every one of ``bids_so_far``?"""
        asked = take(query, ("first",), ("second", "bids_so_far"))
        return referee.bid_compare(asked["first"], asked["second"], asked["bids_so_far"])

    def referee_partner_call(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §4.3: what the declarer with ``hand`` (and ``discard``) must call; checks
        ``called``; a ``contract`` (with its ``trump`` for Kereltje) may say there is none."""
        asked = take(query, ("hand",), ("discard", "called", "contract", "trump"))
        return referee.partner_call(asked["hand"], asked["discard"], asked["called"],
                                               asked["contract"], asked["trump"], self.resolve_options(options))

    def referee_running_totals(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §4.4: each player's total after every one of ``deal_scores``, from ``totals_before``."""
        asked = take(query, ("deal_scores",), ("totals_before",))
        return referee.running_totals(asked["deal_scores"], asked["totals_before"], self.resolve_options(options))

    def referee_game_end(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """Totals after a deal (``totals_before`` + ``deal_score``); with ``agreed_deals``, give
        ``deals_played`` (this deal included) to learn whether the match is over."""
        resolved = self.resolve_options(options)
        asked = take(query, ("totals_before", "deal_score"), ("deals_played",))
        played = asked["deals_played"]
        ruling = super().referee_game_end({key: asked[key] for key in ("totals_before", "deal_score")}, resolved)
        if played is None:
            return ruling
        if isinstance(played, bool) or not isinstance(played, int) or played < 0:
            raise RuleViolation(N_("deals_played must be a whole number of deals"), field="deals_played")
        result = agreed_result(ruling.answer["totals"], played, resolved)
        if result is None:
            return Ruling(ruling.answer, (Say(N_("The match goes on: no agreed end is reached")),))
        answer = {**ruling.answer, "finished": True, "winner": result.winner, "draw": result.draw}
        return Ruling(answer, result.lines)


FIRST_LEAD = FirstLead("declarer", str, HAND_SIZE,
                       N_("Who leads? Pick the leader, or the declarer, who leads the first trick"),
                       N_("%(seat)s, the declarer, leads the first trick"))
"""RULES.md §7 item 31: the declarer leads the first trick in every contract."""

RULES = PandoerenRules()
"""The one instance the registry will list."""
