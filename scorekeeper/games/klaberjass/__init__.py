"""Klaberjass (RULES.md §3): house rules, deal scoring, game end, referee questions.

Two players, ``P1`` and ``P2``, who are also the scoring sides. The dealer is "younger", the
other "elder"; the deal alternates; elder leads the first trick. A deal is scored from what
the table declares (RULES.md §6, checked in ``klaberjass.deal``); the form that asks it
lives in ``klaberjass.form``; sequences and the referee questions in ``klaberjass.referee``.

Decisions on points the rules leave open (besides RULES.md §7 items 10, 11 and 25):

* Only 18 cards are played, so the card points of both players together are at most 146
  (the best 18 cards), not 152; with ``tricks_won``, a player's points fit his tricks.
* ``tie_litige``: the maker's total is held and goes to the winner of the next deal: the
  maker if he wins it, the opponent on a bête; another tie adds the new maker's total to
  what is held. In a match :meth:`KlaberjassRules.score_sheet` carries it from deal to deal
  (the declared ``litige_pending`` is then replaced); points still held when the match
  ends go to nobody.
* ``no_tricks_no_melds`` without ``tricks_won``: a player with no card points who did not
  take the last trick is counted as having taken no trick, and the explanation says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ...cards import SUIT_SYMBOLS, Suit
from ...errors import N_
from .. import irregular, jass
from ..base import (
    MISDEAL_PASSES_DEAL,
    DealField,
    GameRules,
    MatchResult,
    Option,
    Options,
    Ruling,
    Say,
    ScoredDeal,
    SheetRow,
    take,
    with_litige_held,
)
from ..melds import Meld
from ..referee import claim as judge_claim
from . import form, referee
from .deal import SEATS, other_seat, read_declarations, trickless
from .referee import compare_sequences

__all__ = ["RULES", "KlaberjassRules"]

LAST_TRICK = jass.LAST_TRICK  # RULES §3.2: 10 for the last trick
BELLA = jass.BELOTE  # RULES §3.2: K + Q of trumps in one hand, 20
TARGET, TARGET_MIN, TARGET_MAX = 500, 100, 100_000  # RULES §3.3 target (bounds: ours)
MAKER_WINS, TIE, MAKER_LOSES = "maker_wins", "tie", "maker_loses"  # RULES §6 answer ``result``
TIE_AT_TARGET = ("continue", "draw")  # RULES §3.3 option tie_at_target, §7 item 11

OPTIONS = (
    Option("target", TARGET, N_("Target"),
           N_("A player who reaches this total ends the game; the higher total wins"),
           minimum=TARGET_MIN, maximum=TARGET_MAX),
    Option("sequence_compare_by_length", False, N_("Longer sequence wins"),
           N_("Between two sequences worth 50, the longer one wins before the top cards are compared")),
    Option("tie_litige", False, N_("Tie held for the next deal"),
           N_("On a tie the maker's total is held and goes to whoever wins the next deal")),
    Option("no_tricks_no_melds", False, N_("No trick, no sequences"),
           N_("A player who wins no trick scores no sequences; bella still counts")),
    Option("tie_at_target", "continue", N_("Equal totals past the target"),
           N_("Both players past the target with equal totals: play another deal, or call it a draw"),
           choices=TIE_AT_TARGET, choice_labels=(N_("Play another deal"), N_("Draw"))),
    MISDEAL_PASSES_DEAL,
)

MAKES = N_("%(dealer)s deals (younger), %(elder)s leads the first trick (elder); %(maker)s makes %(suit)s "
           "trumps")
MAKES_ALONE = N_("%(maker)s makes %(suit)s trumps")
TURNED = N_("%(suit)s was turned up")
TURNED_EXCHANGED = N_("%(suit)s was turned up and the trump 7 was exchanged for the turned card (no points)")
HELD_BEFORE = N_("%(pending)d points held from an earlier tie go to the winner of this deal")
INFERRED = N_("%(player)s has no card points and did not take the last trick: counted as having taken "
              "no trick")
_TOTAL = {  # (last trick, sequences, bella) -> the player's total line (RULES §3.3 total(P))
    (False, False, False): N_("%(player)s: %(cards)d card points"),
    (True, False, False): N_("%(player)s: %(cards)d card points + %(last)d last trick = %(total)d"),
    (False, True, False): N_("%(player)s: %(cards)d card points + %(sequences)d sequences = %(total)d"),
    (True, True, False): N_("%(player)s: %(cards)d card points + %(last)d last trick + %(sequences)d "
                            "sequences = %(total)d"),
    (False, False, True): N_("%(player)s: %(cards)d card points + %(bella)d bella = %(total)d"),
    (True, False, True): N_("%(player)s: %(cards)d card points + %(last)d last trick + %(bella)d bella "
                            "= %(total)d"),
    (False, True, True): N_("%(player)s: %(cards)d card points + %(sequences)d sequences + %(bella)d bella "
                            "= %(total)d"),
    (True, True, True): N_("%(player)s: %(cards)d card points + %(last)d last trick + %(sequences)d "
                           "sequences + %(bella)d bella = %(total)d"),
}
_VERDICT = {
    (MAKER_WINS, False): N_("%(maker)s %(maker_total)d > %(opponent)s %(opponent_total)d: the maker wins; "
                            "each player scores their own total"),
    (TIE, False): N_("%(maker)s %(maker_total)d = %(opponent)s %(opponent_total)d: a tie; the maker scores "
                     "0, %(opponent)s their own total"),
    (TIE, True): N_("%(maker)s %(maker_total)d = %(opponent)s %(opponent_total)d: a tie; %(opponent)s "
                    "scores their own total and the maker's %(maker_total)d are held for the winner of the "
                    "next deal"),
    (MAKER_LOSES, False): N_("%(maker)s %(maker_total)d < %(opponent)s %(opponent_total)d: bête! The maker "
                             "scores 0 and %(opponent)s scores both totals"),
}
_SUMMARY = {
    (MAKER_WINS, False): N_("%(suit)s — %(maker)s makes"),
    (TIE, False): N_("%(suit)s — %(maker)s makes, tie"),
    (TIE, True): N_("%(suit)s — %(maker)s makes, tie (held)"),
    (MAKER_LOSES, False): N_("%(suit)s — %(maker)s makes, bête"),
}
OWN = N_("%(player)s scores %(total)d")
ZERO = N_("%(player)s scores 0")
BOTH = N_("%(player)s scores %(own)d + %(other)d = %(total)d")
OWN_PENDING = N_("%(player)s scores %(own)d + %(pending)d held from the tie = %(total)d")
BOTH_PENDING = N_("%(player)s scores %(own)d + %(other)d + %(pending)d held from the tie = %(total)d")
NOW_HELD = N_("Held for the winner of the next deal: %(pending)d")
STILL_HELD = N_("Held for the winner of the next deal: %(before)d + %(held)d = %(pending)d")
FINAL = N_("Score: %(p1)s %(score_p1)d, %(p2)s %(score_p2)d")
REVOKE_WHOLE = 162  # RULES §8: the player who did not revoke scores 162 plus every sequence and bella
REVOKED = N_("%(player)s revoked: bête whatever the points; %(other)s scores %(whole)d + %(sequences)d "
             "sequences + %(bella)d bella = %(total)d")


def _result(totals: Mapping[str, int], maker: str) -> str:
    """RULES.md §3.3: the maker's total against the opponent's."""
    mine, theirs = totals[maker], totals[other_seat(maker)]
    return MAKER_WINS if mine > theirs else TIE if mine == theirs else MAKER_LOSES


def _score_lines(result: str, totals: Mapping[str, int], maker: str, pending: int,
                 held: bool) -> tuple[dict[str, int], list[Say]]:
    """What each player writes (RULES.md §3.3, option tie_litige), one line per player."""
    opponent = other_seat(maker)
    mine, theirs = totals[maker], totals[opponent]
    if result == MAKER_WINS:
        score = {maker: mine + pending, opponent: theirs}
        first = Say(OWN_PENDING if pending else OWN,
                    {"player": maker, "own": mine, "pending": pending, "total": score[maker]})
        second = Say(OWN, {"player": opponent, "total": theirs})
    elif result == TIE:
        score = {maker: 0, opponent: theirs}
        first = Say(ZERO, {"player": maker, "total": 0})
        second = Say(OWN, {"player": opponent, "total": theirs})
    else:
        score = {maker: 0, opponent: theirs + mine + pending}
        first = Say(ZERO, {"player": maker, "total": 0})
        second = Say(BOTH_PENDING if pending else BOTH, {"player": opponent, "own": theirs, "other": mine,
                                                         "pending": pending, "total": score[opponent]})
    lines = [first, second]
    if held:
        params = {"before": pending, "held": mine, "pending": pending + mine}
        lines.append(Say(STILL_HELD if pending else NOW_HELD, params))
    return score, lines


def _score(deal: Mapping[str, Any], melds: Sequence[Meld], options: Options) -> ScoredDeal:
    """Score a deal checked by ``read_declarations`` (RULES.md §3.2, §3.3 and every option)."""
    maker, trump = deal["maker"], deal["trump"]
    opponent = other_seat(maker)
    suit = SUIT_SYMBOLS[Suit(trump)]
    dealer = deal["dealer"]
    lines = [Say(MAKES, {"dealer": dealer, "elder": other_seat(dealer), "maker": maker, "suit": suit}) if dealer
             else Say(MAKES_ALONE, {"maker": maker, "suit": suit})]
    if deal["turned_suit"]:
        lines.append(Say(TURNED_EXCHANGED if deal["trump_7_exchanged"] else TURNED,
                         {"suit": SUIT_SYMBOLS[Suit(deal["turned_suit"])]}))
    pending = deal["litige_pending"]
    if pending:
        lines.append(Say(HELD_BEFORE, {"pending": pending}))
    left_out, inferred = trickless(deal) if options["no_tricks_no_melds"] else (None, False)
    if left_out and inferred and any(meld.seat == left_out for meld in melds):
        lines.append(Say(INFERRED, {"player": left_out}))
    verdict = compare_sequences(melds, trump=trump, by_length=bool(options["sequence_compare_by_length"]),
                                left_out=left_out)
    lines += verdict.lines
    totals = {}
    for seat in (maker, opponent):
        parts = {"cards": deal["card_points"][seat], "last": LAST_TRICK * (deal["last_trick"] == seat),
                 "sequences": verdict.counted[seat], "bella": BELLA * (deal["bella"] == seat)}
        totals[seat] = sum(parts.values())
        flags = (bool(parts["last"]), bool(parts["sequences"]), bool(parts["bella"]))
        lines.append(Say(_TOTAL[flags], {"player": seat, **parts, "total": totals[seat]}))
    result = _result(totals, maker)
    held = result == TIE and bool(options["tie_litige"])
    names = {"maker": maker, "opponent": opponent, "maker_total": totals[maker],
             "opponent_total": totals[opponent], "suit": suit}
    lines.append(Say(_VERDICT[result, held], names))
    score, score_lines = _score_lines(result, totals, maker, pending, held)
    final = {"p1": "P1", "score_p1": score["P1"], "p2": "P2", "score_p2": score["P2"]}
    lines += [*score_lines, Say(FINAL, final)]
    answer = {"result": result, "maker": maker, "sequence_winner": verdict.winner,
              "counted_sequences": dict(verdict.counted), "totals": {seat: totals[seat] for seat in SEATS},
              "score": {seat: score[seat] for seat in SEATS},
              "litige_pending": pending + totals[maker] if held else 0}
    return ScoredDeal(made=result == MAKER_WINS,
                      score=MappingProxyType({seat: score[seat] for seat in SEATS}), lines=tuple(lines),
                      answer=answer, summary=Say(_SUMMARY[result, held], names))


def _revoke(deal: Mapping[str, Any], melds: Sequence[Meld], at_fault: str,
            options: Options) -> tuple[dict[str, int], list[Say]]:
    """RULES.md §8: the player at fault is bête; the other scores 162 plus all counted sequences
    and bella of both."""
    played = _score({**deal, "litige_pending": 0}, melds, options)
    other = other_seat(at_fault)
    sequences = sum(played.answer["counted_sequences"].values())
    bella = BELLA if deal["bella"] else 0
    total = REVOKE_WHOLE + sequences + bella
    score = {seat: total if seat == other else 0 for seat in SEATS}
    return score, [Say(REVOKED, {"player": at_fault, "other": other, "whole": REVOKE_WHOLE,
                                 "sequences": sequences, "bella": bella, "total": total}),
                   Say(FINAL, {"p1": "P1", "score_p1": score["P1"], "p2": "P2", "score_p2": score["P2"]})]


class KlaberjassRules(GameRules):
    """Klaberjass for two players (RULES.md §3)."""

    key = "klaberjass"
    irregular_kinds = (irregular.MISDEAL, irregular.REVOKE, irregular.PENALTY)
    independent_deals = False  # a litige carries points to the next deal
    taker_key = "maker"
    form = form
    points_field = "totals"
    name = N_("Klaberjass")
    seats = SEATS
    sides = SEATS
    options = OPTIONS
    referee_kinds = ("legal_play", "trick_winner", "melds", "meld_compare", "count", "claim", "game_end")
    pile_fields = tuple(form.POINT_FIELDS.values())

    def read_deal(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The canonical declarations: every key present, sequences sorted."""
        tie_litige = bool(self.resolve_options(options)["tie_litige"])
        deal, _ = read_declarations(declarations, tie_litige=tie_litige)
        return deal

    def score_deal(self, declarations: Mapping[str, Any], options: Options) -> ScoredDeal:
        """Score one deal (RULES.md §3.3 and the options), checking it first."""
        resolved = self.resolve_options(options)
        deal, melds = read_declarations(declarations, tie_litige=bool(resolved["tie_litige"]))
        return _score(deal, melds, resolved)

    def score_revoke(self, declarations: Mapping[str, Any], at_fault: str,
                     options: Options) -> tuple[dict[str, int], list[Say]]:
        """RULES.md §8: bête for the player at fault."""
        resolved = self.resolve_options(options)
        deal, melds = read_declarations(declarations, tie_litige=bool(resolved["tie_litige"]))
        return _revoke(deal, melds, at_fault, resolved)

    def carried(self, declarations: Mapping[str, Any], rows: Sequence[SheetRow], options: Options) -> Mapping[str, Any]:
        """With ``tie_litige`` the points held after a tie are carried into the next deal's
        ``litige_pending`` (any declared value is replaced by the carried one)."""
        return with_litige_held(declarations, rows)

    def match_result(self, totals: Mapping[str, int], options: Options) -> MatchResult | None:
        """RULES.md §3.4: a player at or over the target ends the game and the higher total
        wins; both over it with equal totals: another deal (option tie_at_target "draw": a draw)."""
        resolved = self.resolve_options(options)
        target = resolved["target"]
        p1, p2 = totals.get("P1", 0), totals.get("P2", 0)
        if max(p1, p2) < target:
            return None
        params: dict[str, Any] = {"target": target, "p1": "P1", "total_p1": p1, "p2": "P2", "total_p2": p2}
        if p1 == p2:
            if resolved["tie_at_target"] != "draw":
                return None
            draw = Say(N_("Both players reach the target of %(target)d with %(total_p1)d: a draw"), params)
            return MatchResult(None, True, (draw,))
        params["winner"] = "P1" if p1 > p2 else "P2"
        template = (N_("%(p1)s %(total_p1)d, %(p2)s %(total_p2)d: both reach the target of %(target)d and "
                       "%(winner)s wins with more") if min(p1, p2) >= target else
                    N_("%(p1)s %(total_p1)d, %(p2)s %(total_p2)d: %(winner)s reaches the target of "
                       "%(target)d and wins"))
        return MatchResult(params["winner"], False, (Say(template, params),))

    def referee_game_end(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """Totals after a deal and whether the match is over; equal totals past the target
        under ``tie_at_target = "continue"`` are told as such (another deal is played)."""
        ruling = super().referee_game_end(query, options)
        totals = ruling.answer["totals"]
        target = self.resolve_options(options)["target"]
        if ruling.answer["finished"] or totals["P1"] != totals["P2"] or totals["P1"] < target:
            return ruling
        return Ruling(ruling.answer, (Say(N_("Both players reach the target of %(target)d with %(total)d: no "
                                             "winner yet, another deal is played"),
                                          {"target": target, "total": totals["P1"]}),))

    def referee_claim(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """Does a claim hold with both hands shown (RULES.md §3.5 play, the solver's search)?"""

        return judge_claim(query, referee.klaberjass_rules(), self.seats)

    def count_fields(self, options: Options) -> tuple[DealField, ...]:
        """The shared inputs and the stock (RULES.md §3.1: 14 cards in no trick)."""
        return (*super().count_fields(options),
                DealField("stock", "cards", N_("The stock"), "count", required=False,
                          help=N_("The 14 cards nobody played: with them, the other player's points too")))

    def melds_fields(self, options: Options) -> tuple[DealField, ...]:
        """Each player's sequences and the trump (no dealer: equal runs score for nobody, §3.2)."""
        return tuple(spec for spec in super().melds_fields(options) if spec.name != "dealer")

    def melds_query(self, values: Mapping[str, str], options: Options) -> dict[str, Any]:
        """RULES.md §6: ``sequences`` as a list of ``{seat, cards}``."""
        query = super().melds_query(values, options)
        query["sequences"] = [{"seat": seat, "cards": cards} for seat, cards in query.pop("melds").items()]
        return query

    def referee_count(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §3.1: the points of a player's ``pile`` under ``trump`` (with the ``stock``:
        the other player's)."""
        return referee.count_pile(query)

    def referee_legal_play(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §3.5: ``hand``, ``trick_so_far`` (the card led, if any), ``trump``."""
        asked = take(query, ("hand", "trump"), ("trick_so_far",))
        return referee.legal_play(asked["hand"], asked["trick_so_far"] or [], asked["trump"])

    def referee_trick_winner(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §3.5: who wins ``trick`` (first = led) under ``trump``."""
        asked = take(query, ("trick", "trump"))
        return referee.trick_winner(asked["trick"], asked["trump"])

    def referee_melds(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §3.2: the sequences in ``hand`` (with ``trump``: trump runs first, bella)."""
        asked = take(query, ("hand",), ("trump",))
        by_length = bool(self.resolve_options(options)["sequence_compare_by_length"])
        return referee.sequences_in_hand(asked["hand"], asked["trump"], by_length)

    def referee_meld_compare(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §3.2: who scores ``sequences`` (§6 list of runs) under ``trump``, and why."""
        asked = take(query, ("sequences", "trump"))
        by_length = bool(self.resolve_options(options)["sequence_compare_by_length"])
        return referee.meld_compare(asked["sequences"], asked["trump"], by_length)


RULES = KlaberjassRules()
"""The one instance the registry lists."""

