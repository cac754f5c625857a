"""Contrée referee helpers (RULES.md §2.2, §2.6): weak-hand redeal, legal play, trick winner.

Each answers plain, JSON-ready data (RULES.md §6 names) and the lines a referee reads out.
``contree`` exposes them with the match's options resolved.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...cards import Card
from ...errors import N_, RuleViolation
from .. import jass
from ..base import Options, Ruling, Say, take
from ..jass_tricks import JassRules
from ..referee import Deal, count, hand_cards, labels, playable, trick_cards, trick_ruling

HAND_SIZE = 8  # RULES §2.2: 32 cards, 8 to each of the four players
TRICK_SIZE = 4  # RULES §2.6: one card from each player
WEAK_HAND = 10  # RULES §2.2: 10 or fewer points, all cards valued as plain cards


def redeal_check(hand: str | Sequence[str | Card], options: Options) -> Ruling:
    """May this hand ask for a redeal? RULES.md §2.2: 10 points or fewer with every card
    valued as a plain-suit card (A 11, 10 10, K 4, Q 3, J 2); the dealer does not change."""
    cards = hand_cards(hand, HAND_SIZE)
    if len(cards) != HAND_SIZE:
        raise RuleViolation(N_("A hand holds %(size)d cards; got %(count)d"), field="hand",
                            size=HAND_SIZE, count=len(cards))
    points = jass.cards_points(cards, None, jass.Contract.SANS_ATOUT)
    params = {"cards": labels(cards), "points": points, "limit": WEAK_HAND}
    count = Say(N_("%(cards)s count %(points)d as plain cards"), params)
    if not options["weak_hand_redeal"]:
        return Ruling({"redeal_allowed": False, "hand_points": points},
                             (count, Say(N_("Weak-hand redeals are off in this match"))))
    if points <= WEAK_HAND:
        allowed = Say(N_("%(points)d ≤ %(limit)d: the player may ask for a redeal; the same dealer deals "
                         "again"), params)
        return Ruling({"redeal_allowed": True, "hand_points": points}, (count, allowed))
    return Ruling({"redeal_allowed": False, "hand_points": points},
                         (count, Say(N_("%(points)d > %(limit)d: no redeal"), params)))


def legal_play(hand: str | Sequence[str | Card], trick_so_far: str | Sequence[str | Card], trump: str,
               partner_winning: bool | None, options: Options) -> Ruling:
    """The cards the next player may play (RULES.md §2.6; option forced_undertrump §2.4).

    ``trick_so_far`` is in play order, first = led; ``partner_winning`` (None: read from
    the trick) is checked against it.
    """
    cards = hand_cards(hand, HAND_SIZE)
    played = trick_cards(trick_so_far, "trick_so_far", TRICK_SIZE - 1)
    if partner_winning is not None and not isinstance(partner_winning, bool):
        raise RuleViolation(N_("partner_winning must be true or false"), field="partner_winning")
    style = jass.CONTREE_PLAY.with_options({"forced_undertrump": options["forced_undertrump"]})
    reasons = jass.explain_plays(cards, played, trump, contract=jass.Contract.SUIT,
                                 partner_winning=partner_winning, style=style)
    answer, lines = playable(cards, reasons)
    winning = len(played) >= 2 and jass.trick_winner(played, trump) == len(played) - 2
    return Ruling({**answer, "partner_winning": winning}, lines)


def trick_winner(trick: str | Sequence[str | Card], trump: str) -> Ruling:
    """Who wins the trick so far (RULES.md §2.6 with §1.9): the highest trump if any, else
    the highest card of the suit led. ``winner`` is the index in ``trick`` (0 = led)."""
    cards = trick_cards(trick, "trick", TRICK_SIZE)
    return trick_ruling(cards, trump)


def count_pile(query: Mapping[str, Any]) -> Ruling:
    """Count this pile (RULES.md §2.1: 152 card points + 10 for the last trick = 162; §2.3: an
    unbid capot has no bonus)."""
    asked = take(query, ("pile", "trump"), ("last_trick",))
    return count(asked, Deal(TRICK_SIZE, HAND_SIZE), jass.read_trump(asked["trump"], jass.Contract.SUIT))


def contree_rules(*, forced_undertrump: bool = True) -> JassRules:
    """Belote Contrée (RULES.md §2.6; option ``forced_undertrump`` §2.4)."""
    return JassRules(replace(jass.CONTREE_PLAY, forced_undertrump=forced_undertrump))
