"""Klaberjass sequences and referee helpers (RULES.md §3.2, §3.5).

:func:`compare_sequences` decides who scores sequences (through
:func:`~scorekeeper.games.melds.compare_sequences_klaberjass`) and says why in the words a
table uses: "P1's 50 to the ace beats P2's 50 to the king". The referee questions (legal
play, trick winner, sequences in a hand, comparing sequences) answer plain, JSON-ready data
(RULES.md §6 names) and the lines a referee reads out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ...cards import DECK_32, NATURAL_ORDER, SUIT_SYMBOLS, Card, Rank, Suit, format_cards, parse_cards
from ...errors import N_, RuleViolation
from .. import jass
from ..base import Ruling, Say, take
from ..jass_tricks import JassRules
from ..melds import Meld, MeldKind, compare_sequences_klaberjass, find_melds, klaberjass_sequence_value
from ..referee import Deal, count, labels, playable, trick_ruling
from .deal import HAND_SIZE, SEATS, SUITS, TRICK_SIZE, TRICKS, read_sequences, sort_sequences

RANK_NAMES = MappingProxyType({
    Rank.ACE: N_("ace"), Rank.KING: N_("king"), Rank.QUEEN: N_("queen"), Rank.JACK: N_("jack"),
    Rank.TEN: N_("ten"), Rank.NINE: N_("nine"), Rank.EIGHT: N_("eight"), Rank.SEVEN: N_("seven"),
})
"""A run is named by its value and top card: "the 50 to the ace"."""

DECLARES = N_("%(player)s declares %(sequences)s")
LEFT_OUT = N_("%(player)s took no trick: their sequences do not count (bella still does)")
NONE_DECLARED = N_("No sequences were declared")
NONE_LEFT = N_("No sequence is left to compare")
ONLY = N_("Only %(player)s has a sequence; the best is the %(value)d to the %(top)s")
STEPS = (
    N_("%(player)s's %(value)d to the %(top)s beats %(other)s's %(other_value)d to the %(other_top)s: "
       "a %(value)d beats a %(other_value)d"),
    N_("%(player)s's %(length)d-card 50 to the %(top)s beats %(other)s's %(other_length)d-card 50 to the "
       "%(other_top)s: the longer sequence wins"),
    N_("%(player)s's %(value)d to the %(top)s beats %(other)s's %(other_value)d to the %(other_top)s: "
       "the higher top card wins"),
    N_("%(player)s's %(value)d to the %(top)s in trumps (%(suit)s) beats %(other)s's %(other_value)d to "
       "the %(other_top)s: the trump sequence wins"),
)
"""Why one best run beats the other, one template per step of RULES.md §3.2."""
EQUAL = N_("%(player)s's %(value)d to the %(top)s and %(other)s's %(other_value)d to the %(other_top)s are "
           "equal and neither is in trumps: neither player scores sequences")
SCORES_ONE = N_("%(player)s scores the sequence: %(points)d")
SCORES_ALL = N_("%(player)s scores all of their sequences: %(values)s = %(points)d")


@dataclass(frozen=True, slots=True)
class SequenceVerdict:
    """Who scores sequences (``winner`` None: nobody), the points ``counted`` per player, the
    winning ``best`` run and the lines that say why."""

    winner: str | None
    best: Meld | None
    counted: Mapping[str, int]
    lines: tuple[Say, ...]


def strength(meld: Meld, trump: str, by_length: bool) -> tuple[int, int, int, int]:
    """The RULES.md §3.2 order, higher is stronger: value class (50 > 20); with option
    ``sequence_compare_by_length`` the longer run; the top card; a trump run."""
    return (klaberjass_sequence_value(meld), meld.length if by_length else 0,
            len(NATURAL_ORDER) - NATURAL_ORDER.index(meld.top), int(meld.suit == trump))


def _named(meld: Meld, player: str, prefix: str = "") -> dict[str, object]:
    """The parameters that name a player's run: ``player``, ``value``, ``top`` (a rank name),
    ``length``; with ``prefix="other_"``: ``other``, ``other_value``, ..."""
    return {"other" if prefix else "player": player, f"{prefix}value": klaberjass_sequence_value(meld),
            f"{prefix}top": Say(RANK_NAMES[meld.top]), f"{prefix}length": meld.length}


def _declared(melds: Sequence[Meld], seat: str) -> Say:
    runs = ", ".join(f"{meld.label} ({klaberjass_sequence_value(meld)})"
                     for meld in melds if meld.seat == seat)
    return Say(DECLARES, {"player": seat, "sequences": runs})


def compare_sequences(melds: Sequence[Meld], *, trump: str, by_length: bool,
                      left_out: str | None = None) -> SequenceVerdict:
    """RULES.md §3.2 and option ``no_tricks_no_melds`` (§7 item 25): the runs of ``left_out``
    (a player who took no trick) leave the comparison; of the others, the player with the best
    run scores all of his, the other none; equal best runs: nobody scores.

    >>> runs = read_sequences([{"seat": "P1", "cards": "AH KH QH JH"},
    ...                        {"seat": "P2", "cards": "KS QS JS 10S"}])
    >>> verdict = compare_sequences(runs, trump="D", by_length=False)
    >>> verdict.winner, dict(verdict.counted), verdict.lines[-2].render()
    ('P1', {'P1': 50, 'P2': 0}, "P1's 50 to the ace beats P2's 50 to the king: the higher top card wins")
    """
    lines = [_declared(melds, seat) for seat in SEATS if any(meld.seat == seat for meld in melds)]
    if not melds:
        lines.append(Say(NONE_DECLARED))
    if left_out is not None and any(meld.seat == left_out for meld in melds):
        lines.append(Say(LEFT_OUT, {"player": left_out}))
    kept = [meld for meld in melds if meld.seat != left_out]
    verdict = compare_sequences_klaberjass(kept, trump=trump, players=SEATS, by_length=by_length)
    counted = MappingProxyType({seat: verdict.counted.get(seat, 0) for seat in SEATS})
    bests = {seat: max(runs, key=lambda meld: strength(meld, trump, by_length))
             for seat in SEATS if (runs := sort_sequences([meld for meld in kept if meld.seat == seat]))}
    if not bests:
        return SequenceVerdict(None, None, counted, (*lines, Say(NONE_LEFT)) if melds else tuple(lines))
    if len(bests) == 1:
        (seat, best), = bests.items()
        lines.append(Say(ONLY, _named(best, seat)))
    else:
        ranked = sorted(SEATS, key=lambda seat: strength(bests[seat], trump, by_length), reverse=True)
        if verdict.winner_side is not None:
            ranked = [verdict.winner_side, *(seat for seat in SEATS if seat != verdict.winner_side)]
        first, second = (bests[seat] for seat in ranked)
        names = {**_named(first, ranked[0]), **_named(second, ranked[1], "other_"),
                 "suit": SUIT_SYMBOLS[Suit(trump)]}
        mine, theirs = strength(first, trump, by_length), strength(second, trump, by_length)
        lines.append(Say(EQUAL, names) if verdict.winner_side is None else
                     next(Say(template, names) for template, a, b in zip(STEPS, mine, theirs, strict=True)
                          if a != b))
    if verdict.winner_side is not None:
        seat = verdict.winner_side
        values = [klaberjass_sequence_value(meld) for meld in kept if meld.seat == seat]
        params = {"player": seat, "points": counted[seat], "values": " + ".join(map(str, values))}
        lines.append(Say(SCORES_ALL if len(values) > 1 else SCORES_ONE, params))
    return SequenceVerdict(verdict.winner_side, verdict.best, counted, tuple(lines))


# -- referee questions -----------------------------------------------------------------------------

def _cards(value: object, field: str, most: int, what: str) -> tuple[Card, ...]:
    if not isinstance(value, str | list):
        raise RuleViolation(N_("%(name)s must be card codes such as “AH KH QH”; got “%(value)s”"),
                            field=field, name=field, value=str(value)[:40])
    cards = parse_cards(value, field=field, deck=DECK_32)
    if len(cards) > most:
        raise RuleViolation(what, field=field, most=most, count=len(cards))
    return cards


def _hand(value: object) -> tuple[Card, ...]:
    return _cards(value, "hand", HAND_SIZE, N_("A hand holds at most %(most)d cards; got %(count)d"))


def _trump(value: object, field: str = "trump") -> str:
    if not isinstance(value, str) or value not in SUITS:
        raise RuleViolation(N_("The trump must be one of %(allowed)s; got “%(value)s”"), field=field,
                            allowed=", ".join(SUITS), value=str(value)[:40])
    return value


def legal_play(hand: object, trick_so_far: object, trump: object) -> Ruling:
    """The cards the next player may play (RULES.md §3.5): on a trump lead a higher trump if
    you can, else any trump; on a plain lead follow suit, else trump if you can, else any card."""
    cards = _hand(hand)
    played = _cards(trick_so_far, "trick_so_far", TRICK_SIZE - 1,
                    N_("With two players a trick holds at most %(most)d card before yours; got %(count)d"))
    reasons = jass.explain_plays(cards, played, _trump(trump), contract=jass.Contract.SUIT,
                                 style=jass.KLABERJASS_PLAY)
    return Ruling(*playable(cards, reasons))


def trick_winner(trick: object, trump: object) -> Ruling:
    """Who wins the trick so far (RULES.md §3.5, as in Belote): the higher trump if any, else
    the higher card of the suit led. ``winner`` is the index in ``trick`` (0 = led)."""
    cards = _cards(trick, "trick", TRICK_SIZE,
                   N_("With two players a trick holds %(most)d cards; got %(count)d"))
    suit = _trump(trump)
    return trick_ruling(cards, suit)


def sequences_in_hand(hand: object, trump: object, by_length: bool) -> Ruling:
    """The runs a hand can declare (RULES.md §3.2: 3 cards 20, 4 or more 50), strongest
    first; a four of a kind is no meld in Klaberjass; with ``trump``, whether it holds bella."""
    cards = _hand(hand)
    suit = None if trump is None else _trump(trump)
    found = find_melds(cards)
    runs = sorted((meld for meld in found if meld.kind is MeldKind.SEQUENCE), reverse=True,
                  key=lambda meld: strength(meld, suit or "", by_length))
    points = sum(klaberjass_sequence_value(meld) for meld in runs)
    lines = [Say(N_("%(cards)s: the %(value)d to the %(top)s"),
                 {"cards": meld.label, "value": klaberjass_sequence_value(meld),
                  "top": Say(RANK_NAMES[meld.top])})
             for meld in runs] or [Say(N_("No sequence in this hand"))]
    if len(runs) > 1:
        lines.append(Say(N_("If the best of them wins the comparison, all count: %(points)d"),
                         {"points": points}))
    lines += [Say(N_("%(cards)s is not a meld: there are no fours in Klaberjass"), {"cards": meld.label})
              for meld in found if meld.kind is MeldKind.FOUR]
    bella = None if suit is None else jass.belote_cards(suit) <= frozenset(cards)
    if bella:
        lines.append(Say(N_("%(cards)s of trumps: bella, 20 when the second is played"),
                         {"cards": labels(jass.belote_cards(str(suit)))}))
    answer = {"sequences": [{"cards": format_cards(meld.cards).split(),
                             "value": klaberjass_sequence_value(meld)} for meld in runs],
              "sequence_points": points, "bella": bella}
    return Ruling(answer, tuple(lines))


def meld_compare(sequences: object, trump: object, by_length: bool) -> Ruling:
    """Who scores sequences (RULES.md §3.2), from each player's runs as declared (§6)."""
    suit = _trump(trump)
    melds = read_sequences(sequences)
    verdict = compare_sequences(melds, trump=suit, by_length=by_length)
    answer = {"sequence_winner": verdict.winner, "counted_sequences": dict(verdict.counted),
              "best": None if verdict.best is None else format_cards(verdict.best.cards).split()}
    return Ruling(answer, verdict.lines)


def count_pile(query: Mapping[str, object]) -> Ruling:
    """Count this pile (RULES.md §3.1: 18 cards in 9 tricks of 2, the 14 of the ``stock`` in
    none, so the deal's total is 152 less the stock's points, + 10 for the last trick, §3.2)."""
    asked = take(query, ("pile", "trump"), ("last_trick", "stock"))
    deal = Deal(TRICK_SIZE, TRICKS, unplayed="stock", unplayed_size=len(DECK_32) - TRICK_SIZE * TRICKS,
                unplayed_label=N_("the stock"))
    return count(asked, deal, Suit(_trump(asked["trump"])))


def klaberjass_rules() -> JassRules:
    """Klaberjass, two players (RULES.md §3.5)."""
    return JassRules(jass.KLABERJASS_PLAY)
