"""Quinto (RULES.md §5): house rules, deal scoring, games and the rubber, referee questions.

Four players in two partnerships, A = N + S and B = E + W. A deal is declared after it (the
canonical, stored form: ``quint_tricks``, ``plain_tricks_won``, ``last_trick_winner``,
``cachette``) or live, trick by trick (``tricks``); both are read in ``quinto.deal`` and
scored by ``quinto.score.play``; the form is ``quinto.form``; the card model, quints and
doubling calls are ``quinto.cards``; the referee questions ``quinto.referee``.

Decisions on points the rules leave open (besides RULES.md §7 items 15, 27 and 28):

* The canonical (stored) form is the one recorded after the deal (RULES.md §6); a live
  record is stored in it too (the order of the plain tricks does not count), and a trick
  given with all its cards keeps only its quint cards.
* A deal's score depends on the game's totals before it (the game can end during play), so
  :meth:`QuintoRules.extend_sheet` carries them into each deal's ``totals_before``, replacing
  any declared value (the form asks none). The sheet's ``totals`` are the sums of the deal
  scores, which is each team's rubber score before the bonus; each row also says which game
  of the rubber it belongs to, that game's totals and the games won (:class:`QuintoRow`).
* Without ``totals_before`` a record may be 12 tricks, or stop at its last quint trick (the
  game was won there: both teams' plain tricks given, or neither); whether it really stopped
  there is checked once the totals are known. ``plain_tricks_won`` for one team only means
  the other won the rest of the 12.
* A game won during play counts no trick points, so its ``tricks_counted`` are 0 and 0.
* A record that goes on after the game was won, or stops before it was, is refused where a
  deal is recorded or edited (:meth:`QuintoRules.score_in_place`); on the stored sheet (the
  history was edited since) it is scored as far as it goes, with a line that says what was
  left out, so a sheet is always shown.
* ``tie_at_250 = "draw"``: a drawn game counts for neither team in the rubber; its totals
  still add to both rubber scores.
* ``joker_lead_rule`` only changes legal play, so it is not a scoring option.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from ...cards import DECK_53, parse_cards, sort_cards
from ...errors import N_, RuleViolation
from ..base import (
    LEADER_LABEL,
    DealField,
    GameRules,
    MatchResult,
    Option,
    Options,
    Ruling,
    Say,
    ScoredDeal,
    Sheet,
    SheetRow,
    ended_at,
    result_after_deals,
    take,
)
from .. import irregular
from ..referee import FirstLead, claim as judge_claim
from . import form, referee
from .cards import CACHETTE_SIZE, HAND_SIZE, MULTIPLIERS, SEATS, TEAM_LABELS, TEAM_OF, TEAMS, play_order_after, \
    read_cards
from .deal import canonical, read_declarations
from .score import GAME_DRAWN, GAME_WON, SHEET, STRICT, TIE_AT_250, GameOver, game_over, labels, play, revoke, rubber

__all__ = ["RULES", "QuintoRow", "QuintoRules", "QuintoSheet"]

OPTIONS = (
    Option("joker_lead_rule", True, N_("Joker lead"),
           N_("When the joker is led, the next card played sets the suit to follow; off: any card may be played"),
           scoring=False),
    Option("tie_at_250", "another_deal", N_("Equal totals past 250"),
           N_("Both teams past 250 with equal totals: play another deal, or call the game a draw"),
           choices=TIE_AT_250, choice_labels=(N_("Play another deal"), N_("Draw"))),
    Option("cachette_dealt_first", False, N_("Cachette dealt first"),
           N_("The 5 cards of the cachette are set aside before the hands are dealt; no effect on the score"),
           scoring=False),
    Option("redouble_name", "redouble", N_("Name of the redouble"),
           N_("What the table calls the redouble: redouble or quaddouble, as in the original; no effect on the score"),
           choices=("redouble", "quaddouble"), scoring=False,
           choice_labels=(N_("Redouble"), N_("Quaddouble"))),
)


GAMES_WON = N_("Games won: %(team_a)s %(games_a)d, %(team_b)s %(games_b)d")
GAME_SO_FAR = N_("Game %(game)d so far: %(team_a)s %(total_a)d, %(team_b)s %(total_b)d")
ANOTHER_DEAL = N_("Equal at %(total)d: another deal decides the game")


@dataclass(slots=True)
class QuintoRow(SheetRow):
    """A deal on the sheet, with where it stands: the ``game`` of the rubber it belongs to
    (1, 2, ...), that game's totals after it, the games won after it, and the game's result
    when this deal ended it. ``totals`` are the running sums of the deal scores."""

    game: int
    game_totals: Mapping[str, int]
    games_won: Mapping[str, int]
    game_result: MatchResult | None

    @property
    def notes(self) -> tuple[Say, ...]:
        """The game this deal ended, or the extra deal it calls for (RULES.md §5.4)."""
        if self.game_result is not None:
            return (Say(GAME_DRAWN if self.game_result.draw else GAME_WON, {
                "game": self.game, **labels(self.game_totals),
                "winner": TEAM_LABELS[self.game_result.winner] if self.game_result.winner else ""}),
                    Say(GAMES_WON, labels(self.games_won, "games")))
        if self.scored.answer.get("another_deal"):
            return (Say(ANOTHER_DEAL, {"total": self.game_totals["A"]}),)
        return ()


@dataclass(frozen=True, slots=True)
class QuintoSheet(Sheet):
    """The sheet, with the game in progress (its number and totals), the finished games, the
    games won and the rubber scores (the 100 bonus included once the rubber is won); games
    after the rubber was won (the history was edited) are listed but leave those alone."""

    game: int
    game_totals: Mapping[str, int]
    games: tuple[GameOver, ...]
    games_won: Mapping[str, int]
    rubber_scores: Mapping[str, int]

    @property
    def standing(self) -> tuple[Say, ...]:
        """The game in progress and the games won so far (RULES.md §5.4)."""
        return (Say(GAME_SO_FAR, {"game": self.game, **labels(self.game_totals)}),
                Say(GAMES_WON, labels(self.games_won, "games")))


class QuintoRules(GameRules):
    """Quinto for four players in two partnerships (RULES.md §5)."""

    key = "quinto"
    irregular_kinds = (irregular.REVOKE,)  # RULES §8, scored in its game (see _score)
    revoke_help = N_("Declare the deal as it was played and the side at fault: that side scores nothing for the "
                     "deal, the other its own quints and every trick value, in the game in progress (RULES §8).")
    name = N_("Quinto")
    seats = SEATS
    sides = TEAMS
    options = OPTIONS
    points_field = "quints"
    referee_kinds = ("trick_winner", "legal_play", "doubling", "rubber", "game_end", "live_deal", "count", "claim")
    deck_choices = tuple((str(card), card.label) for card in sort_cards(DECK_53))

    def side_of(self, seat: str) -> str:
        """N and S play for A, E and W for B (RULES.md §5.1)."""
        return TEAM_OF[seat]

    def side_label(self, side: str) -> str:
        """``N–S`` or ``E–W``."""
        return TEAM_LABELS[side]

    def deal_fields(self, options: Options) -> tuple[DealField, ...]:
        """One phone screen, filled in after the deal (see ``quinto.form``)."""
        return form.deal_fields(self.resolve_options(options))

    def declarations_from_form(self, values: Mapping[str, str], options: Options) -> dict[str, Any]:
        """The form's values as RULES.md §6 declarations (RuleViolation names the form field)."""
        return form.declarations_from_form(values, self.resolve_options(options))

    def form_from_declarations(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """Stored declarations as form values, for editing the deal."""
        return form.form_from_declarations(self.read_deal(declarations, options), options)

    def on_the_form(self, err: RuleViolation) -> RuleViolation:
        """The refusal under the form field that holds the declaration at fault."""
        return form.on_the_form(err)

    def read_deal(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The canonical declarations (recorded after the deal, every key present), from either
        way of declaring it; with ``totals_before``, the record must stop where the game was won."""
        resolved = self.resolve_options(options)
        deal = read_declarations(declarations)
        if deal.totals_before is not None:
            play(deal, resolved, STRICT)
        return canonical(deal)

    def score_deal(self, declarations: Mapping[str, Any], options: Options) -> ScoredDeal:
        """Score one deal (RULES.md §5.4) from the game's ``totals_before`` (0 to 0 when absent).

        >>> deal = {"quint_tricks": [{"trick_no": 3, "winner": "A", "quints": ["5H"]}],
        ...         "plain_tricks_won": {"A": 6, "B": 5}, "last_trick_winner": "B"}
        >>> scored = RULES.score_deal(deal, RULES.resolve_options())
        >>> dict(scored.score), scored.lines[-2].render()
        ({'A': 55, 'B': 30}, 'N–S 55, E–W 30: nobody has reached 250, the game goes on')
        """
        return self._score(declarations, self.resolve_options(options), STRICT)[0]

    def _score(self, declarations: Mapping[str, Any], options: Options, mode: str) -> tuple[ScoredDeal, Say | None]:
        if isinstance(declarations, Mapping) and irregular.kind_of(declarations) == irregular.REVOKE:
            return self._revoke(declarations, options)
        played = play(read_declarations(declarations), options, mode)
        return ScoredDeal(made=None, score=played.score, lines=played.lines, answer=played.answer,
                          summary=played.summary), played.verdict

    def revoke_fields(self, options: Options) -> tuple[DealField, ...]:
        """The side at fault, the deal as played: Quinto asks only to follow suit (RULES.md §5.5)."""
        at_fault, *deal = super().revoke_fields(options)
        return (replace(at_fault, help=N_("The side that did not follow suit when it could (the joker may always "
                                          "be played)")), *deal)

    def read_revoke(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The deal as played, canonical: where the game stood decides nothing (RULES.md §8 scores it
        whole, so a record past a quint that reached 250 stands)."""
        return canonical(read_declarations(declarations))

    def revoke_from_live(self, live: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The revoke form's values for the deal being played live (read as each trick was)."""
        return form.revoke_from_live(live, self.resolve_options(options))

    def score_revoke(self, declarations: Mapping[str, Any], at_fault: str,
                     options: Options) -> tuple[dict[str, int], list[Say]]:
        """RULES.md §8: the team at fault nothing; the other its own quints and every trick value."""
        played = revoke(read_declarations(declarations), at_fault, self.resolve_options(options))
        return dict(played.score), list(played.lines)

    def _revoke(self, line: Mapping[str, Any], options: Options) -> tuple[ScoredDeal, Say | None]:
        """A revoke line as the sheet scores it: the §8 line (:meth:`score_line`) with the game's
        answer fields (totals, finished, winner...) and the line that ends the game, if it does."""
        scored = self.score_line(line, options)
        read = self.read_line(line, options)
        played = revoke(read_declarations({key: value for key, value in read.items()
                                           if key not in ("kind", "at_fault")}), read["at_fault"], options)
        return ScoredDeal(None, scored.score, scored.lines, {**played.answer, **scored.answer},
                          scored.summary), played.verdict

    def live_state(self, declarations: Mapping[str, Any], options: Options) -> Ruling:
        """A deal in play, given live (``tricks`` so far): the running totals and whether the game
        was won; the same as the referee question ``live_deal``."""
        return referee.live_deal(declarations, self.resolve_options(options))

    # -- live mode: a deal recorded trick by trick (see ``quinto.form``) --------------------

    def live_fields(self, options: Options) -> tuple[DealField, ...]:
        """The inputs that start a deal in live mode: the dealer and the doubling."""
        return form.live_fields(self.resolve_options(options))

    def trick_fields(self, trick_no: int) -> tuple[DealField, ...]:
        """The inputs of trick ``trick_no`` in live mode (the 12th brings the cachette)."""
        return form.trick_fields(trick_no)

    def live_from_form(self, values: Mapping[str, str]) -> dict[str, Any]:
        """A live deal's starting declarations (``tricks`` empty); RuleViolation names the form field."""
        return form.live_from_form(values)

    def trick_from_form(self, values: Mapping[str, str], live: Mapping[str, Any]) -> dict[str, Any]:
        """The live declarations with the trick of the form added; RuleViolation names the form field."""
        return form.trick_from_form(values, live)

    def score_in_place(self, earlier: Sheet, declarations: Mapping[str, Any], options: Options) -> ScoredDeal:
        """The deal scored from the totals of the game it belongs to (the ``earlier`` sheet's game in
        progress), strictly: a record that goes on after the game was won, or stops before it was,
        is refused (RULES.md §5.4)."""
        game_totals = earlier.game_totals  # type: ignore[attr-defined]  # a QuintoSheet: see extend_sheet
        return self._score({**declarations, "totals_before": dict(game_totals)}, self.resolve_options(options),
                           STRICT)[0]

    def extend_sheet(self, sheet: Sheet | None, deals: Sequence[Mapping[str, Any]], options: Options, *,
                     deal_limit: int = 0) -> QuintoSheet:
        """The running sheet: each deal scored from its game's totals (carried into its
        ``totals_before``); a game that ends starts the next at 0; the first team to win 2 games
        wins the rubber (the sheet's ``result``; a tournament's ``deal_limit`` reached first ends it
        too), later rows are still shown, after the end (see :class:`Sheet`). A stored history is
        always shown: a deal that no longer fits its place (an earlier one was edited) is scored as
        far as it goes, with a line saying what was left out (see :meth:`score_in_place`)."""
        return self._extend(sheet, deals, self.resolve_options(options), deal_limit, SHEET)

    def add_in_place(self, earlier: Sheet | None, declarations: Mapping[str, Any], options: Options, *,
                     deal_limit: int = 0) -> QuintoSheet:
        """The sheet with a new deal scored strictly where it stands, as :meth:`score_in_place`
        scores it: a record that goes on after the game was won, or stops before it was, is refused."""
        return self._extend(earlier, [declarations], self.resolve_options(options), deal_limit, STRICT)

    def _extend(self, sheet: Sheet | None, deals: Sequence[Mapping[str, Any]], resolved: Options,
                deal_limit: int, mode: str) -> QuintoSheet:
        if isinstance(sheet, QuintoSheet):
            totals, game, game_totals = dict(sheet.totals), sheet.game, dict(sheet.game_totals)
            games, rows, result = list(sheet.games), list(sheet.rows), sheet.result
        else:
            totals, game, game_totals = dict.fromkeys(TEAMS, 0), 1, dict.fromkeys(TEAMS, 0)
            games, rows, result = [], [], None
        for declarations in deals:
            carried = {**declarations, "totals_before": dict(game_totals)} if isinstance(declarations, Mapping) \
                else declarations
            scored, verdict = self._score(carried, resolved, mode)
            if result is None:
                for team in TEAMS:
                    totals[team] += scored.score[team]
            answer = scored.answer
            game_totals = dict(answer["totals"])
            ended = None
            if answer["finished"]:
                over = GameOver(game, answer["winner"], MappingProxyType(dict(game_totals)))
                games.append(over)
                ended = MatchResult(over.winner, answer["draw"], (verdict,) if verdict else ())
                state = rubber(tuple(games))
                if result is None and state.winner is not None:
                    result = MatchResult(state.winner, False, state.lines, len(rows) + 1)
            rows.append(QuintoRow(carried, scored, MappingProxyType(dict(totals)), game,
                                  MappingProxyType(dict(game_totals)), rubber(tuple(games)).games_won, ended))
            if ended is not None:
                game, game_totals = game + 1, dict.fromkeys(TEAMS, 0)
            result = result or ended_at(result_after_deals(totals, len(rows), deal_limit, self.side_label), len(rows))
        counted = result.deal if result else len(rows)
        state = rubber(tuple(games[:sum(row.game_result is not None for row in rows[:counted])]))  # type: ignore[attr-defined]
        return QuintoSheet(tuple(rows), MappingProxyType(dict(totals)), result, game,
                           MappingProxyType(dict(game_totals)), tuple(games), state.games_won, state.scores,
                           played=len(rows))  # (each of its lines is played out: a deal or a revoke)

    def match_result(self, totals: Mapping[str, int], options: Options) -> MatchResult | None:
        """A *game's* result from its totals after a deal played out (RULES.md §5.4): one team
        at 250 or more wins, both: the higher, equal: another deal (option ``tie_at_250``
        "draw": a draw). The rubber needs the whole sheet: see :meth:`extend_sheet`."""
        resolved = self.resolve_options(options)
        winner, draw, _, why = game_over({team: totals.get(team, 0) for team in TEAMS}, resolved["tie_at_250"])
        return MatchResult(winner, draw, (why,)) if winner is not None or draw else None

    # -- the referee -----------------------------------------------------------------------

    def referee_trick_winner(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §5.1: who wins ``trick`` (first = led); with ``leader``, also the seat and team."""
        asked = take(query, ("trick",), ("leader",))
        return referee.trick_winner(asked["trick"], asked["leader"])

    def referee_legal_play(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §5.5: ``hand``, ``trick_so_far`` (first = led); option joker_lead_rule."""
        asked = take(query, ("hand",), ("trick_so_far",))
        resolved = self.resolve_options(options)
        return referee.legal_play(asked["hand"], asked["trick_so_far"] or [],
                                          bool(resolved["joker_lead_rule"]))

    def play_fields(self, options: Options) -> tuple[DealField, ...]:
        """The hand and the trick so far: Quinto has no trump (RULES.md §5.1, §5.5)."""
        return tuple(spec for spec in super().play_fields(options) if spec.name != "trump")

    def count_fields(self, options: Options) -> tuple[DealField, ...]:
        """The tricks a team took (one per “;”), the cachette if it took the last trick, the multiplier."""
        return (
            DealField("tricks", "cards", N_("The tricks the team took"), "count", choices=self.deck_choices,
                      help=N_("Tap each trick's 4 cards and add it; tricks separated by “;”"),
                      grouped="trick"),
            DealField("cachette", "cards", N_("The cachette"), "count", required=False, choices=self.deck_choices,
                      help=N_("Only if the team took the last trick")),
            form.doubling(self.resolve_options(options), "count"),
        )

    def referee_claim(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """Does a claim hold with every hand shown (RULES.md §5.5 play, §5.3 quints, §5.4 trick
        values; the solver's search)? Besides the shared fields: the deal's ``multiplier`` (none,
        double, redouble) and the ``cachette``'s cards, which go with the last trick."""
        from .tricks import QuintoTrickRules

        rest, said = FIRST_LEAD.leader({key: value for key, value in query.items()
                                        if key not in ("multiplier", "cachette")}, SEATS)
        multiplier = query.get("multiplier") or "none"
        if multiplier not in MULTIPLIERS:
            raise RuleViolation(N_("multiplier must be one of %(allowed)s"), field="multiplier",
                                allowed=", ".join(MULTIPLIERS))
        cachette = read_cards(query.get("cachette") or [], field="cachette", most=CACHETTE_SIZE, params={})
        hands = query.get("hands")
        held = {card for cards in hands.values() for card in parse_cards(cards, field="hands", deck=DECK_53)} \
            if isinstance(hands, Mapping) else set()
        shared = [card for card in cachette if card in held]
        if shared:
            raise RuleViolation(N_("%(card)s cannot be both in a hand and in the cachette"), field="cachette",
                                card=shared[0].label)
        rules = QuintoTrickRules(multiplier=multiplier, joker_lead_rule=bool(self.resolve_options(options)[
            "joker_lead_rule"]), cachette=frozenset(cachette))
        ruling = judge_claim(rest, rules, SEATS)
        return Ruling(ruling.answer, (said, *ruling.lines)) if said else ruling

    def leader_fields(self, seats: tuple[str, ...]) -> tuple[DealField, ...]:
        """Who leads, or the dealer: the player at the dealer's left leads the first trick (RULES.md §7
        item 32)."""
        return (DealField("leader", "seat", LEADER_LABEL, "claim", required=False, default="",
                          help=N_("Empty at the first trick: the player at the dealer's left leads")),
                DealField("dealer", "seat", N_("Dealer"), "claim", required=False))

    def claim_fields(self, options: Options) -> tuple[DealField, ...]:
        """The shared inputs without a trump (Quinto has none), the doubling and the cachette."""
        return (*(spec for spec in super().claim_fields(options) if spec.name != "trump"),
                form.doubling(self.resolve_options(options), "claim"),
                DealField("cachette", "cards", N_("The cachette"), "claim", required=False, choices=self.deck_choices,
                          help=N_("Its 5 cards go with the last trick: its quints and one more trick value")))

    def referee_count(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §5.3, §5.4: the quints and trick points of a team's ``tricks`` (and ``cachette``)."""
        return referee.count_pile(query)

    def referee_doubling(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §5.2: ``calls`` from the dealer's left (``dealer`` names the seats): valid?,
        ``multiplier``, ``trick_value``."""
        asked = take(query, ("calls",), ("dealer",))
        resolved = self.resolve_options(options)
        return referee.doubling(asked["calls"], asked["dealer"], str(resolved["redouble_name"]))

    def referee_rubber(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §5.4: finished ``games`` (each ``{"totals": ...}``) -> the rubber."""
        asked = take(query, ("games",))
        return referee.rubber_from_games(asked["games"], str(self.resolve_options(options)["tie_at_250"]))

    def referee_game_end(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """RULES.md §5.4: ``totals_before`` with the ``deal`` (or its ``deal_score``)."""
        asked = take(query, ("totals_before",), ("deal", "deal_score"))
        return referee.game_end(asked, self.resolve_options(options))

    def referee_live_deal(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """A deal in play, trick by trick: the running state (see :meth:`live_state`)."""
        return self.live_state(query, options)


FIRST_LEAD = FirstLead("dealer", lambda dealer: play_order_after(dealer)[0], HAND_SIZE,
                       N_("Who leads? Pick the leader, or the dealer: the player at the dealer's left leads the "
                          "first trick"),
                       N_("%(seat)s, at the left of %(named)s who dealt, leads the first trick"))
"""RULES.md §7 item 32: the player at the dealer's left leads the first trick."""

RULES = QuintoRules()
"""The one instance the registry will list."""
