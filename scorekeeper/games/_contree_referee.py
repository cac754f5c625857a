"""Contrée referee helpers (RULES.md §2.2, §2.6): weak-hand redeal, legal play, trick winner.

Each answers plain, JSON-ready data (RULES.md §6 names) and the lines a referee reads out.
``contree`` exposes them with the match's options resolved.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import DECK_32, SUIT_SYMBOLS, Card, Suit, format_cards, parse_cards
from ..errors import N_, RuleViolation
from . import jass
from .base import Options, Ruling, Say

HAND_SIZE = 8  # RULES §2.2: 32 cards, 8 to each of the four players
TRICK_SIZE = 4  # RULES §2.6: one card from each player
WEAK_HAND = 10  # RULES §2.2: 10 or fewer points, all cards valued as plain cards


def _hand(hand: str | Sequence[str | Card], field: str = "hand") -> tuple[Card, ...]:
    cards = parse_cards(hand, field=field, deck=DECK_32)
    if len(cards) > HAND_SIZE:
        raise RuleViolation(N_("A hand holds at most %(size)d cards; got %(count)d"),
                            field=field, size=HAND_SIZE, count=len(cards))
    return cards


def _labels(cards: Iterable[Card]) -> str:
    return format_cards(cards, symbols=True)


def redeal_check(hand: str | Sequence[str | Card], options: Options) -> Ruling:
    """May this hand ask for a redeal? RULES.md §2.2: 10 points or fewer with every card
    valued as a plain-suit card (A 11, 10 10, K 4, Q 3, J 2); the dealer does not change."""
    cards = _hand(hand)
    if len(cards) != HAND_SIZE:
        raise RuleViolation(N_("A hand holds %(size)d cards; got %(count)d"), field="hand",
                            size=HAND_SIZE, count=len(cards))
    points = jass.cards_points(cards, None, jass.Contract.SANS_ATOUT)
    params = {"cards": _labels(cards), "points": points, "limit": WEAK_HAND}
    count = Say(N_("%(cards)s count %(points)d as plain cards"), params)
    if not options["weak_hand_redeal"]:
        return Ruling({"allowed": False, "points": points},
                             (count, Say(N_("Weak-hand redeals are off in this match"))))
    if points <= WEAK_HAND:
        allowed = Say(N_("%(points)d ≤ %(limit)d: the player may ask for a redeal; the same dealer deals "
                         "again"), params)
        return Ruling({"allowed": True, "points": points}, (count, allowed))
    return Ruling({"allowed": False, "points": points},
                         (count, Say(N_("%(points)d > %(limit)d: no redeal"), params)))


def _trick(trick: str | Sequence[str | Card], field: str, most: int) -> tuple[Card, ...]:
    cards = parse_cards(trick, field=field, deck=DECK_32)
    if len(cards) > most:
        raise RuleViolation(N_("A trick holds at most %(most)d cards here; got %(count)d"),
                            field=field, most=most, count=len(cards))
    return cards


def legal_play(hand: str | Sequence[str | Card], trick_so_far: str | Sequence[str | Card], trump: str,
               partner_winning: bool | None, options: Options) -> Ruling:
    """The cards the next player may play (RULES.md §2.6; option forced_undertrump §2.4).

    ``trick_so_far`` is in play order, first = led; ``partner_winning`` (None: read from
    the trick) is checked against it.
    """
    cards = _hand(hand)
    played = _trick(trick_so_far, "trick_so_far", TRICK_SIZE - 1)
    if partner_winning is not None and not isinstance(partner_winning, bool):
        raise RuleViolation(N_("partner_winning must be true or false"), field="partner_winning")
    style = jass.CONTREE_PLAY.with_options({"forced_undertrump": options["forced_undertrump"]})
    reasons = jass.explain_plays(cards, played, trump, contract=jass.Contract.SUIT,
                                 partner_winning=partner_winning, style=style)
    legal = [card for card, reason in reasons.items() if reason is None]
    lines = [Say(N_("Any card may be played: %(cards)s"), {"cards": _labels(legal)})
             if len(legal) == len(cards) else Say(N_("Playable: %(cards)s"), {"cards": _labels(legal)})]
    for reason in reasons.values():
        if reason is not None and reason not in lines:
            lines.append(reason)
    winning = len(played) >= 2 and jass.trick_winner(played, trump) == len(played) - 2
    return Ruling({"legal": [str(card) for card in legal], "partner_winning": winning}, tuple(lines))


def trick_winner(trick: str | Sequence[str | Card], trump: str) -> Ruling:
    """Who wins the trick so far (RULES.md §2.6 with §1.9): the highest trump if any, else
    the highest card of the suit led. ``winner`` is the index in ``trick`` (0 = led)."""
    cards = _trick(trick, "trick", TRICK_SIZE)
    index = jass.trick_winner(cards, trump)
    card = cards[index]
    params = {"card": card.label, "position": index + 1, "suit": SUIT_SYMBOLS[Suit(str(cards[0].suit))]}
    if card.suit == trump and cards[0].suit != trump:
        why = Say(N_("The %(card)s (card %(position)d) wins: the highest trump"), params)
    else:
        why = Say(N_("The %(card)s (card %(position)d) wins: the highest %(suit)s, the suit led"), params)
    return Ruling({"winner": index, "card": str(card)}, (why,))
