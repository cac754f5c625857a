"""Referee helpers every jass-family game shares: reading hands and tricks, the lines of a
legal-play answer and the trick-winner ruling (RULES.md §1.9, §2.6, §3.5, §4.5).

Each game keeps its own messages where they differ; these carry the common ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..cards import DECK_32, SUIT_SYMBOLS, Card, Suit, format_cards, parse_cards
from ..errors import N_, RuleViolation
from . import jass
from .base import Ruling, Say, take


def labels(cards: Iterable[Card]) -> str:
    """Cards as a referee reads them out: ``A♥ K♥``."""
    return format_cards(cards, symbols=True)


def hand_cards(hand: object, size: int, field: str = "hand") -> tuple[Card, ...]:
    """A hand of the 32-card deck, at most ``size`` cards."""
    cards = parse_cards(hand, field=field, deck=DECK_32)  # type: ignore[arg-type]
    if len(cards) > size:
        raise RuleViolation(N_("A hand holds at most %(size)d cards; got %(count)d"),
                            field=field, size=size, count=len(cards))
    return cards


def trick_cards(trick: object, field: str, most: int) -> tuple[Card, ...]:
    """A trick (or part of one) of the 32-card deck, at most ``most`` cards."""
    cards = parse_cards(trick, field=field, deck=DECK_32)  # type: ignore[arg-type]
    if len(cards) > most:
        raise RuleViolation(N_("A trick holds at most %(most)d cards here; got %(count)d"),
                            field=field, most=most, count=len(cards))
    return cards


def playable(cards: Sequence[Card], reasons: Mapping[Card, Say | None],
             *notes: Say) -> tuple[dict[str, Any], tuple[Say, ...]]:
    """The legal-play answer of ``jass.explain_plays`` reasons: ``legal`` (the cards that may be
    played) and ``refused`` (each other card with the rule that refuses it), and the lines that
    say so: which cards may be played, then ``notes``, then each distinct reason a card may not."""
    legal = [card for card, reason in reasons.items() if reason is None]
    refused = {str(card): reason for card, reason in reasons.items() if reason is not None}
    lines = [Say(N_("Any card may be played: %(cards)s"), {"cards": labels(legal)})
             if len(legal) == len(cards) else Say(N_("Playable: %(cards)s"), {"cards": labels(legal)})]
    lines += notes
    for reason in refused.values():
        if reason not in lines:
            lines.append(reason)
    return {"legal": [str(card) for card in legal], "refused": refused}, tuple(lines)


def trick_ruling(cards: Sequence[Card], trump: Suit | str | None,
                 contract: jass.Contract = jass.Contract.SUIT, *,
                 orders: jass.CardOrders = jass.JASS_ORDERS) -> Ruling:
    """Who wins the trick so far: the highest trump if any, else the highest card of the suit
    led (tout atout: in trump order). ``winner`` is the index in ``cards`` (0 = led)."""
    index = jass.trick_winner(cards, trump, contract, orders=orders)
    card = cards[index]
    params = {"card": card.label, "position": index + 1, "suit": SUIT_SYMBOLS[Suit(str(cards[0].suit))]}
    if (contract is jass.Contract.SUIT and trump is not None
            and card.suit == trump and cards[0].suit != trump):
        why = Say(N_("The %(card)s (card %(position)d) wins: the highest trump"), params)
    elif contract is jass.Contract.TOUT_ATOUT:
        why = Say(N_("The %(card)s (card %(position)d) wins: the highest %(suit)s, the suit led, in trump "
                     "order J 9 A 10 K Q 8 7"), params)
    else:
        why = Say(N_("The %(card)s (card %(position)d) wins: the highest %(suit)s, the suit led"), params)
    return Ruling({"winner": index, "card": str(card)}, (why,))


def claim(query: Mapping[str, object], rules: object, play_order: Sequence[str], *,
          with_contract: bool = False) -> Ruling:
    """Does the claim hold? (every hand shown; the solver plays both sides perfectly).

    ``hands`` (seat -> remaining cards), ``leader`` (who led the current trick, or leads),
    ``trick_so_far``, ``claimant`` (a seat or side), ``claim`` (``"all"``, a number of
    tricks, or ``{"points": N}``), ``trump`` (and ``contract`` where the game has several),
    and ``exact`` (also give the best tricks and points of each side; slower).
    """
    from . import solver  # the search is only loaded when a claim is asked

    optional = ("trick_so_far", "trump", "exact") + (("contract",) if with_contract else ())
    asked = take(query, ("hands", "leader", "claimant", "claim"), optional)
    exact = asked["exact"]
    if exact is not None and not isinstance(exact, bool):
        raise RuleViolation(N_("exact must be true or false"), field="exact")
    position = solver.Position(rules=rules, play_order=tuple(play_order), hands=asked["hands"],
                               leader=asked["leader"], trick_so_far=asked["trick_so_far"] or (),
                               trump=asked["trump"],
                               contract=asked.get("contract") or jass.Contract.SUIT)
    return solver.solve(position, asked["claimant"], asked["claim"], exact=bool(exact)).ruling()
