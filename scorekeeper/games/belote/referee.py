"""Classic Belote referee helpers (RULES.md §1.2, §1.3, §1.9, §1.10): legal play, trick
winner, meld detection and meld comparison.

Each answers plain, JSON-ready data (RULES.md §6 names) and the lines a referee reads out.
``belote`` exposes them with the match's options resolved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...cards import DECK_32, Rank, format_cards
from ...errors import N_, RuleViolation
from .. import jass
from ..base import Options, Ruling, Say, take
from ..jass_tricks import JassRules
from ..melds import Meld, MeldKind, find_melds, meld_value
from ..referee import Deal, count, hand_cards, playable, trick_cards, trick_ruling
from .deal import HAND, SEATS, read_contract, read_melds, read_trump, seating
from .score import BELOTE, CAPOT_88, CAPOT_BONUS, LAST_TRICK, meld_verdict

SEQUENCE_NAMES = {3: N_("tierce %(cards)s"), 4: N_("cinquante %(cards)s"), 5: N_("cent %(cards)s")}
LONG_RUN = N_("cent %(cards)s (a run of %(length)d counts as one run of 5)")
FOUR_NAMES = {Rank.JACK: N_("four jacks"), Rank.NINE: N_("four nines"), Rank.ACE: N_("four aces"),
              Rank.TEN: N_("four tens"), Rank.KING: N_("four kings"), Rank.QUEEN: N_("four queens"),
              Rank.EIGHT: N_("four eights"), Rank.SEVEN: N_("four sevens")}


def meld_name(meld: Meld) -> Say:
    """How a referee names a meld: "tierce A♥ K♥ Q♥", "four jacks" (RULES §1.2).

    >>> from scorekeeper.games.melds import meld_from_cards
    >>> meld_name(meld_from_cards("JS JH JD JC")).render(), meld_name(meld_from_cards("AD KD QD")).render()
    ('four jacks', 'tierce A♦ K♦ Q♦')
    """
    if meld.kind is MeldKind.FOUR:
        return Say(FOUR_NAMES[meld.top])
    if meld.length > max(SEQUENCE_NAMES):
        return Say(LONG_RUN, {"cards": meld.label, "length": meld.length})
    return Say(SEQUENCE_NAMES[meld.length], {"cards": meld.label})


def legal_play(hand: object, trick_so_far: object, trump: object, contract: object,
               partner_winning: object, options: Options) -> Ruling:
    """The cards the next player may play (RULES §1.9; three players §1.10; option
    must_undertrump_partner). ``trick_so_far`` is in play order, first = led."""
    table = seating(options)
    kind = read_contract(contract, options)
    suit = read_trump(trump, kind)
    cards = hand_cards(hand, HAND)
    played = trick_cards(trick_so_far or [], "trick_so_far", table.players - 1)
    if partner_winning is not None and not isinstance(partner_winning, bool):
        raise RuleViolation(N_("partner_winning must be true or false"), field="partner_winning")
    style = jass.BELOTE_PLAY if table.players == len(SEATS) else jass.BELOTE_THREE_PLAY
    style = style.with_options({"must_undertrump_partner": options["must_undertrump_partner"]})
    reasons = jass.explain_plays(cards, played, suit, contract=kind, partner_winning=partner_winning,
                                 style=style)
    answer, lines = playable(cards, reasons)
    if table.players == len(SEATS):
        answer["partner_winning"] = (len(played) >= 2
                                     and jass.trick_winner(played, suit, kind) == len(played) - 2)
    return Ruling(answer, lines)


def trick_winner(trick: object, trump: object, contract: object, options: Options) -> Ruling:
    """Who wins the trick so far (RULES §1.9 last bullet): the highest trump if any, else the
    highest card of the suit led (tout atout: in trump order). ``winner`` indexes ``trick``."""
    table = seating(options)
    kind = read_contract(contract, options)
    suit = read_trump(trump, kind)
    cards = trick_cards(trick, "trick", table.players)
    if not cards:
        raise RuleViolation(N_("the trick is empty"), field="trick")
    return trick_ruling(cards, suit, kind)


def melds_in_hand(hand: object, trump: object, contract: object, options: Options) -> Ruling:
    """The melds a hand may declare (RULES §1.2; options meld_card_reuse, sa_four_values,
    no_melds) and its belotes (§1.4)."""
    kind = read_contract(contract, options)
    suit = read_trump(trump, kind) if kind is not jass.Contract.SUIT or trump is not None else None
    cards = hand_cards(hand, HAND)
    fours = str(options["sa_four_values"])
    found = find_melds(cards, reuse=bool(options["meld_card_reuse"]), sa_four_values=fours, contract=kind,
                       trump=suit)
    known = suit is not None or kind is not jass.Contract.SUIT
    belotes = jass.belote_count(cards, suit, kind) if known else 0
    lines: list[Say] = []
    if options["no_melds"]:
        found = ()
        lines.append(Say(N_("No melds in this match: only the belote counts")))
    melds = [{"cards": format_cards(meld.cards).split(), "value": meld_value(meld, kind, fours)}
             for meld in found]
    for meld, shown in zip(found, melds, strict=True):
        lines.append(Say(N_("%(meld)s: %(value)d"), {"meld": meld_name(meld), "value": shown["value"]}))
    if not found and not options["no_melds"]:
        lines.append(Say(N_("No meld in this hand")))
    if belotes:
        lines.append(Say(N_("Belote: K and Q of trumps, %(points)d when announced as they are played")
                         if belotes == 1 else
                         N_("%(count)d belotes (K and Q of one suit), %(points)d each when announced as they "
                            "are played"), {"points": BELOTE, "count": belotes}))
    points = sum(int(meld["value"]) for meld in melds)
    return Ruling({"melds": melds, "meld_points": points, "belote": belotes > 0, "belotes": belotes}, tuple(lines))


def meld_compare(melds: object, trump: object, contract: object, dealer: object, play_order: object,
                 options: Options) -> Ruling:
    """Which side scores its melds (RULES §1.3): the single best meld wins all its side's melds;
    equal melds go to the first in ``play_order`` (from ``dealer``)."""
    table = seating(options)
    kind = read_contract(contract, options)
    suit = read_trump(trump, kind)
    found = read_melds(melds, table, reuse=bool(options["meld_card_reuse"]))
    if dealer is not None and (not isinstance(dealer, str) or dealer not in table.seats):
        raise RuleViolation(N_("The dealer must be one of %(allowed)s; got “%(value)s”"), field="dealer",
                            allowed=", ".join(table.seats), value=str(dealer)[:40])
    order = _order(play_order, dealer, table.seats, [table.play_order_after(seat) for seat in table.seats])
    if order is None and len({table.side_of(str(meld.seat)) for meld in found}) > 1:
        raise RuleViolation(N_("Give the dealer: the seat order may be needed to compare the melds"),
                            field="dealer")
    counted, winner, lines = meld_verdict(found, table, suit, kind, order, options)
    return Ruling({"meld_winner": winner, "counted_melds": counted, "play_order": order},
                  tuple(lines or [Say(N_("nobody declared a meld"))]))


def _order(play_order: object, dealer: object, seats: Sequence[str],
           rotations: list[list[str]]) -> list[str] | None:
    if play_order is None:
        return rotations[seats.index(dealer)] if isinstance(dealer, str) else None
    order = list(play_order) if isinstance(play_order, list | tuple) else None
    if order not in rotations:
        raise RuleViolation(N_("play_order must be the seats in playing order, e.g. %(example)s; "
                               "got “%(value)s”"), field="play_order", example=" ".join(rotations[-1]),
                            value=str(play_order)[:40])
    if isinstance(dealer, str) and order != rotations[seats.index(dealer)]:
        raise RuleViolation(N_("play_order must start on the dealer's left: %(dealer)s deals"),
                            field="play_order", dealer=dealer)
    return order


def count_pile(query: Mapping[str, Any], options: Options) -> Ruling:
    """Count this pile (RULES §1.1: 162, sans atout 130, tout atout 258; §1.5 capot: 100 instead of
    10, or 10 + 88 with option capot_88; §1.10 three players: 24 cards in tricks, the 8 out of play
    given as ``out_of_play``)."""
    table = seating(options)
    four = table.players == len(SEATS)
    asked = take(query, ("pile",), ("last_trick", "trump", "contract", *(() if four else ("out_of_play",))))
    kind = read_contract(asked["contract"], options)
    suit = read_trump(asked["trump"], kind)
    if four:
        deal = Deal(table.players, HAND, capot=LAST_TRICK + CAPOT_88 if options["capot_88"] else CAPOT_BONUS)
    else:
        deal = Deal(table.players, HAND, unplayed="out_of_play",
                    unplayed_size=len(DECK_32) - table.players * HAND,
                    unplayed_label=N_("the turned-up card and the undealt cards"))
    return count(asked, deal, suit, kind)


def belote_rules(*, players: int = 4, must_undertrump_partner: bool = False) -> JassRules:
    """Belote (RULES.md §1.9; three players §1.10): suit, sans atout or tout atout."""
    style = jass.BELOTE_PLAY if players == 4 else jass.BELOTE_THREE_PLAY
    return JassRules(replace(style, must_undertrump_partner=must_undertrump_partner))
