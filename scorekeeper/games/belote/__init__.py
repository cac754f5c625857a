"""Classic Belote (RULES.md §1): house rules, deal scoring, the sheet, game end, referee.

Four players in two partnerships (A = N + S, B = E + W) or three each for himself
(P1 P2 P3, option ``players``). A deal is scored from what the table declares (RULES.md §6,
checked in ``belote.deal``; melds may be typed as names, ``belote.text``); the scoring is
``belote.score``; the form ``belote.form``; the referee helpers ``belote.referee``.

Decisions on points the rules leave open (besides RULES.md §7 items 1-6, 17, 19-22):

* ``target`` is 1000, or 3000 when sans atout or tout atout is allowed (§7 item 5), unless
  the match sets it: :meth:`BeloteRules.resolve_options` fills it only when it is not given.
* A litige needs two teams ("the team that wins the next deal"): with three players a tie
  for first place stays a failure, and ``litige`` has no effect.
* In a match the points held by a litige are carried by :meth:`BeloteRules.score_sheet`;
  a stored deal's own ``litige_pending`` is then replaced by the carried amount.
* Three players and ``belote_kept_when_dedans``: a failed taker keeps his belote (× mult).
* Capot with three players: one player took all 8 tricks; both others lose their melds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ...errors import N_
from .. import irregular, jass
from ..base import (
    MISDEAL_PASSES_DEAL,
    DealField,
    GameRules,
    MatchResult,
    Option,
    Options,
    Preset,
    Ruling,
    Say,
    ScoredDeal,
    SheetRow,
    Table,
    take,
    with_litige_held,
)
from ..melds import SA_FOUR_VALUE_CHOICES, SA_FOUR_VALUE_LABELS
from ..referee import claim as judge_claim
from . import form, referee
from .deal import SEATS, TEAMS, THREE_SEATS, label, read_declarations, seating
from .form import CONTRACT_CHOICES
from .score import revoke, score
from .text import parse_meld_text

__all__ = ["RULES", "BeloteRules", "legal_play", "meld_compare", "melds", "parse_meld_text", "trick_winner"]

TARGET = 1000  # RULES §1.7
TARGET_WITH_SA_TA = 3000  # RULES §1.7, §7 item 5: when sans atout or tout atout is allowed
TARGET_MIN, TARGET_MAX = 100, 100_000  # our bounds

OPTIONS = (
    Option("target", TARGET, N_("Target"),
           N_("The first to reach this total wins; both past it: the higher total. Unless set, 1000, or 3000 "
              "when sans atout or tout atout is allowed"), minimum=TARGET_MIN, maximum=TARGET_MAX,
           follows=("sans_atout", "tout_atout")),
    Option("players", 4, N_("Players"),
           N_("4: two partnerships, N–S against E–W; 3: each plays for himself with 8 cards"),
           minimum=3, maximum=4),
    Option("litige", False, N_("Litige"),
           N_("An exact tie: the defenders score theirs and the takers' points go to whoever wins the next "
              "deal (four players)")),
    Option("belote_kept_when_dedans", False, N_("Belote kept when the takers fail"),
           N_("When the takers fail, each belote stays with the side that announced it")),
    Option("compare_excluding_melds", False, N_("Made on card points alone"),
           N_("Whether the takers make it is decided on card points only; melds and belote still score")),
    Option("no_melds", False, N_("No melds"),
           N_("Tournament rule: no melds except the belote; melds typed in are ignored")),
    Option("capot_88", False, N_("Capot worth 88"),
           N_("A capot earns 88 on top of the 10 for the last trick (250 in all) instead of 100 in its place "
              "(252)")),
    Option("sans_atout", False, N_("Sans atout"), N_("The no-trump contract may be bid; it scores double")),
    Option("tout_atout", False, N_("Tout atout"), N_("The all-trumps contract may be bid; it scores triple")),
    Option("sans_atout_only_after_suit_bid", False, N_("Sans atout only over a suit bid"),
           N_("Sans atout may be bid only after someone has bid a suit; no effect on the score"),
           scoring=False),
    Option("sa_four_values", "standard", N_("Fours in sans atout"),
           N_("Standard values, or Parlett's: aces 200, tens 150, kings, queens and jacks 100, nines "
              "nothing"),
           choices=SA_FOUR_VALUE_CHOICES, choice_labels=SA_FOUR_VALUE_LABELS),
    Option("meld_card_reuse", True, N_("A card in two melds"),
           N_("A card may count in a four and a sequence at once; off: in one meld only, the best split is "
              "taken")),
    Option("must_undertrump_partner", False, N_("Undertrump your partner"),
           N_("Void in the suit led while your partner wins with a trump you cannot beat: you must still "
              "trump"),
           scoring=False),
    Option("king_first_for_belote", False, N_("King first for the belote"),
           N_("The king must be played before the queen to claim the belote; the app only records the "
              "belote"),
           scoring=False),
    Option("anticlockwise", False, N_("Anticlockwise"),
           N_("Play and the deal pass to the right; this also decides who is first between equal melds"),
           scoring=False),
    Option("declare_before_play", False, N_("Declare before play"),
           N_("Melds are declared before the first card is played; no effect on the score"), scoring=False),
    Option("dealer_chooses_3_2_or_2_3", False, N_("Dealer chooses 3-2 or 2-3"),
           N_("The dealer may deal 3 then 2 cards or 2 then 3; no effect on the score"), scoring=False),
    Option("no_shuffle", False, N_("No shuffle"),
           N_("The cards are only cut between deals, not shuffled; no effect on the score"), scoring=False),
    Option("revoke_belote_to_opponents", False, N_("A revoking side's belote to the others"),
           N_("After a revoke, the belote of the side at fault goes to the other side; off: it stays with its "
              "holder (four players)")),
    MISDEAL_PASSES_DEAL,
)


class BeloteRules(GameRules):
    """Classic Belote for four players in two partnerships, or three (RULES.md §1)."""

    key = "belote"
    irregular_kinds = (irregular.MISDEAL, irregular.REVOKE, irregular.PENALTY)
    independent_deals = False  # a litige carries points to the next deal
    taker_key = "taker"
    form = form
    play_options = MappingProxyType({"sans_atout": True, "tout_atout": True})
    pile_fields = ("taker_points", "defender_points", *(f"points_{seat}" for seat in THREE_SEATS))
    name = N_("Belote")
    seats = SEATS
    sides = TEAMS
    options = OPTIONS
    referee_kinds = ("legal_play", "trick_winner", "melds", "meld_compare", "count", "claim", "game_end")
    presets = (Preset(N_("Belote"), {}), Preset(N_("Belote for three"), {"players": 3}))

    def resolve_options(self, raw: Mapping[str, object] | None = None) -> dict[str, Any]:
        """Every option with its value; an unset target is 3000 when sans atout or tout atout
        is allowed, else 1000 (RULES.md §1.7, §7 item 5)."""
        options = super().resolve_options(raw)
        if not raw or "target" not in raw:
            more = options["sans_atout"] or options["tout_atout"]
            options["target"] = TARGET_WITH_SA_TA if more else TARGET
        return options

    def table(self, options: Options) -> Table:
        """N E S W in teams A and B, or P1 P2 P3 each for himself (option ``players``)."""
        table = seating(self.resolve_options(options))
        return Table(table.seats, table.sides)

    def deal_points(self, scored: ScoredDeal) -> Mapping[str, int]:
        """The totals compared: ``team_totals``, or with three players ``player_totals`` (RULES.md §6)."""
        return scored.answer.get("team_totals") or scored.answer.get("player_totals") or {}

    def side_of(self, seat: str) -> str:
        """N and S play for A, E and W for B (RULES.md §0); three players: the seat itself."""
        return seating({"players": 4, "anticlockwise": False}).side_of(seat)

    def side_label(self, side: str) -> str:
        """``N–S``, ``E–W``, or the seat (three players)."""
        return label(side)

    def next_dealer(self, dealer: str, options: Options) -> str:
        """The player on the dealer's left, or right with ``anticlockwise`` (RULES.md §0)."""
        return seating(self.resolve_options(options)).play_order_after(dealer)[0]

    def read_deal(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The canonical declarations: every key present, derived values filled in."""
        deal, _ = read_declarations(declarations, self.resolve_options(options))
        return deal

    def score_deal(self, declarations: Mapping[str, Any], options: Options) -> ScoredDeal:
        """Score one deal (RULES.md §1.3-§1.6, §1.10 and every option), checking it first."""
        resolved = self.resolve_options(options)
        deal, found = read_declarations(declarations, resolved)
        return score(deal, found, resolved)

    def score_revoke(self, declarations: Mapping[str, Any], at_fault: str,
                     options: Options) -> tuple[dict[str, int], list[Say]]:
        """RULES.md §8: the side at fault 0, the other everything (three players: their own points)."""
        resolved = self.resolve_options(options)
        deal, found = read_declarations(declarations, resolved)
        return revoke(deal, found, at_fault, resolved)

    def carried(self, declarations: Mapping[str, Any], rows: Sequence[SheetRow], options: Options) -> Mapping[str, Any]:
        """With ``litige`` the points held by a tie go to the side that wins the next deal,
        accumulating over consecutive ties (RULES.md §1.6): the last row's held points are
        carried into the deal's ``litige_pending``."""
        if not (options["litige"] and options["players"] == len(SEATS)):
            return declarations
        return with_litige_held(declarations, rows)

    def match_result(self, totals: Mapping[str, int], options: Options) -> MatchResult | None:
        """RULES.md §1.7: the game ends once someone is at or past the target; the highest total
        wins, equal highest totals are a draw (three players: the same among the three)."""
        resolved = self.resolve_options(options)
        target, sides = resolved["target"], self.table(resolved).sides
        points = {side: int(totals.get(side, 0)) for side in sides}
        best = max(points.values())
        if best < target:
            return None
        leaders = [side for side in sides if points[side] == best]
        params = {"target": target, "best": best,
                  "totals": ", ".join(f"{label(side)} {points[side]}" for side in sides),
                  "leaders": " & ".join(label(side) for side in leaders), "winner": label(leaders[0])}
        if len(leaders) > 1:
            draw = Say(N_("%(totals)s: %(leaders)s are level on %(best)d, at or past the target of "
                          "%(target)d: a draw"), params)
            return MatchResult(None, True, (draw,))
        over = sum(value >= target for value in points.values())
        template = (N_("%(totals)s: more than one side reached the target of %(target)d; %(winner)s wins "
                       "with the highest total") if over > 1 else
                    N_("%(totals)s: %(winner)s reaches the target of %(target)d and wins"))
        return MatchResult(leaders[0], False, (Say(template, params),))

    # -- the referee ---------------------------------------------------------------------

    def referee_legal_play(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §1.9: ``hand``, ``trick_so_far`` (first = led), ``trump``, ``contract``,
        ``partner_winning``."""
        asked = take(query, ("hand",), ("trick_so_far", "trump", "contract", "partner_winning"))
        return referee.legal_play(asked["hand"], asked["trick_so_far"], asked["trump"],
                                          asked["contract"], asked["partner_winning"],
                                          self.resolve_options(options))

    def referee_trick_winner(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §1.9: who wins ``trick`` (first = led) under ``trump`` / ``contract``."""
        asked = take(query, ("trick",), ("trump", "contract"))
        return referee.trick_winner(asked["trick"], asked["trump"], asked["contract"],
                                            self.resolve_options(options))

    def referee_melds(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §1.2: the melds and belotes in a ``hand`` (``trump``, ``contract`` optional)."""
        asked = take(query, ("hand",), ("trump", "contract"))
        return referee.melds_in_hand(asked["hand"], asked["trump"], asked["contract"],
                                             self.resolve_options(options))

    def referee_count(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §1.1, §1.5, §1.10: the points of a ``pile`` under ``trump`` / ``contract``."""
        return referee.count_pile(query, self.resolve_options(options))

    def play_fields(self, options: Options) -> tuple[DealField, ...]:
        """The shared inputs, and the contract: sans atout and tout atout change what may be played."""
        return (*super().play_fields(options), _contract_field("play"))

    def count_fields(self, options: Options) -> tuple[DealField, ...]:
        """The shared inputs, the contract, and with three players the cards out of play (RULES.md §1.10)."""
        pile, *shared = super().count_fields(options)
        if seating(self.resolve_options(options)).players == len(SEATS):
            return (pile, *shared, _contract_field("count"))
        return (replace(pile, help=N_("Tap or type the cards of its tricks, three to a trick, e.g. JH 9H AS")),
                *shared, _contract_field("count"),
                DealField("out_of_play", "cards", N_("Cards out of play"), "count", required=False,
                          help=N_("The turned-up card and the 7 undealt: with them, the others' points too")))

    def claim_fields(self, options: Options) -> tuple[DealField, ...]:
        """The shared inputs and the contract."""
        return (*super().claim_fields(options), _contract_field("claim"))

    def melds_fields(self, options: Options) -> tuple[DealField, ...]:
        """The shared inputs and the contract (sans atout and tout atout value fours differently)."""
        return (*super().melds_fields(options), _contract_field("melds"))

    def referee_claim(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """Does a claim hold with every hand shown (RULES.md §1.9 play, the solver's search)?"""

        resolved = self.resolve_options(options)
        table = seating(resolved)
        rules = referee.belote_rules(players=int(resolved["players"]),
                             must_undertrump_partner=bool(resolved["must_undertrump_partner"]))
        return judge_claim(query, rules, table.play_order_after(table.seats[-1]), with_contract=True)

    def referee_meld_compare(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §1.3: which side scores its ``melds`` (``dealer`` or ``play_order`` for ties)."""
        asked = take(query, ("melds",), ("trump", "contract", "dealer", "play_order"))
        return referee.meld_compare(asked["melds"], asked["trump"], asked["contract"],
                                            asked["dealer"], asked["play_order"],
                                            self.resolve_options(options))


def _contract_field(group: str) -> DealField:
    """The contract of a referee question: a trump suit, sans atout or tout atout (RULES.md §1.1)."""
    return DealField("contract", "choice", N_("Contract"), group, default=jass.Contract.SUIT.value,
                     choices=tuple((kind.value, CONTRACT_CHOICES[kind]) for kind in jass.Contract))


RULES = BeloteRules()
"""The one instance the registry lists."""


def legal_play(hand: str | Sequence[str], trick_so_far: str | Sequence[str], trump: str | None,
               contract: str = "suit", partner_winning: bool | None = None,
               options: Mapping[str, object] | None = None) -> Ruling:
    """The cards the next player may play (RULES.md §1.9).

    >>> legal_play("JH 7H AS", "9H 8H", "H", partner_winning=True).answer["legal"]
    ['JH']
    >>> legal_play("8H 9S", "AS JH", "H", partner_winning=False).answer["legal"]
    ['9S']
    """
    return RULES.referee("legal_play", {"hand": hand, "trick_so_far": trick_so_far, "trump": trump,
                                        "contract": contract, "partner_winning": partner_winning},
                         RULES.resolve_options(options))


def trick_winner(trick: str | Sequence[str], trump: str | None, contract: str = "suit",
                 options: Mapping[str, object] | None = None) -> Ruling:
    """Who wins the trick (RULES.md §1.9): ``winner`` is the index in ``trick``.

    >>> trick_winner("AS 7H 10S JS", "H").answer
    {'winner_index': 1, 'winning_card': '7H'}
    """
    return RULES.referee("trick_winner", {"trick": trick, "trump": trump, "contract": contract},
                         RULES.resolve_options(options))


def melds(hand: str | Sequence[str], trump: str | None = None, contract: str = "suit",
          options: Mapping[str, object] | None = None) -> Ruling:
    """The melds in a hand (RULES.md §1.2) and its belotes (§1.4).

    >>> for line in melds("JS JH JD JC AH KH QH 7S", "H").lines:
    ...     print(line.render())
    four jacks: 200
    cinquante A♥ K♥ Q♥ J♥: 50
    Belote: K and Q of trumps, 20 when announced as they are played
    """
    return RULES.referee("melds", {"hand": hand, "trump": trump, "contract": contract},
                         RULES.resolve_options(options))


def meld_compare(declared: object, trump: str | None, contract: str = "suit", dealer: str | None = None,
                 options: Mapping[str, object] | None = None) -> Ruling:
    """Which side scores its melds (RULES.md §1.3).

    >>> for line in meld_compare({"N": "four 9", "E": "cent AD"}, "S", dealer="W").lines:
    ...     print(line.render())
    the four 9♠ 9♥ 9♦ 9♣ (150) beats the sequence A♦ K♦ Q♦ J♦ 10♦: a four beats any sequence
    N–S scores all its melds: 150
    """
    return RULES.referee("meld_compare", {"melds": declared, "trump": trump, "contract": contract,
                                          "dealer": dealer}, RULES.resolve_options(options))
