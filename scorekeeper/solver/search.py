"""The search behind :mod:`scorekeeper.solver`: cards as bits, alpha-beta with memory.

A :class:`Kernel` is a game's rules compiled for one trump and contract: every card is a bit
of an int, a hand is an int, and the follow rules are a few mask operations. The
:class:`Engine` searches one position with fail-soft alpha-beta over single cards; at each
trick boundary a transposition table keeps the bounds already proved for (hands, leader).
Its value is what the claimant side wins *from here*: tricks (1 each) or card points (with
the last-trick bonus), so a stored bound never depends on the history.

A game may build its own fast kernel (the Jass games': :func:`scorekeeper.games.jass_tricks.jass_kernel`);
any other game works through :func:`generic_kernel`, which asks the game's own rules adapter and
remembers the answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import Card, Suit, display_key

Legal = Callable[[int, list[int], int, bool, int], int]  # hand, trick, winning card, partner winning, seat
Beats = Callable[[int, int, list[int]], bool]  # card, winning card, trick before it


@dataclass(frozen=True, slots=True)
class Kernel:
    """One game's rules on bits. ``twins_tricks[c]``/``twins_points[c]``: the cards just above
    ``c`` in its suit that may stand for it (same suit role; for points, same value too)."""

    players: int
    partners: bool
    bit_of: dict[Card, int]
    card_of: tuple[Card | None, ...]
    legal: Legal
    beats: Beats
    trick_points: Callable[[Sequence[int]], int]
    pts: tuple[int, ...]
    rank: tuple[int, ...]
    above: tuple[int, ...]
    twins_tricks: tuple[int, ...]
    twins_points: tuple[int, ...]
    trump_bits: int
    bonus: int
    suits: tuple[int, ...]  # the bits of each suit (empty: unknown to the solver)
    suit_of: tuple[int, ...]  # index in ``suits`` of each bit
    width: int = 0  # bits per suit
    exact_cards: bool = True  # a card matters by name, not only by rank, value and ``named`` (unknown cards)
    ruff_while_following: bool = False  # Pandoeren: a trump may be played instead of following suit
    additive: bool = True  # a trick is worth the sum of pts; else ask trick_points
    runs: tuple[tuple[int, int], ...] = ()  # (first bit, width): runs of cards ranked in a row, in
    # which the cards gone from play may be closed up for the tricks (the Jass suits' when width is 8)
    points_runs: tuple[tuple[int, int], ...] = ()  # (first bit, width): runs of cards ranked in a row and
    # alike in worth and role (Quinto's king to 6 of each suit), closed up in a points search too; every
    # other card is kept by name
    named: int = 0  # cards with a rule of their own that stay their suit's top card (Pandoeren's jas, the top
    # trump): a closed-up position's key says which of them are still in play
    global_rank: bool = False  # a card beats every lower bit whatever its suit (Quinto), so a seat's
    # k highest cards win at least k tricks less the other side's cards above the k-th
    most: Callable[[int], int] | None = None  # points that do not add up (Quinto): the most the cards
    # left (bits) can be worth to both sides together, the last trick's bonus included
    trick_floor: int = 0  # points: the least a trick is worth to the side that wins it
    quints: tuple[tuple[int, int], ...] = ()  # points (Quinto): (cards, worth) of each group of cards worth
    # points only when all of them fall in one trick, to the side that wins it (a single card: alone); where
    # given, a trick is worth ``trick_floor`` and its quints (``trick_points`` the same, on bits)
    top_suits: tuple[int, ...] = ()  # tricks (Quinto): the suits whose highest card still in play beats every
    # other card, the highest first: the searcher asks, from ``one_trick_from`` tricks left on, whether a side
    # surely takes a trick in the game of the first of them still in play (_Searcher.one_more; four seats at most)
    joker: int = 0  # that game's wild card (bits): never forced, always allowed
    joker_leads: bool = False  # the joker led, the next card's suit is the one to follow
    one_trick_from: int = 0  # asked from this many tricks left on (below, the searcher never calls it)

    def mask(self, cards: frozenset[Card] | Sequence[Card]) -> int:
        """The bits of some cards."""
        bits = 0
        for card in cards:
            bits |= 1 << self.bit_of[card]
        return bits

    def cards(self, mask: int) -> list[Card]:
        """The cards of a mask, lowest bit first."""
        found = []
        while mask:
            low = mask & -mask
            mask ^= low
            card = self.card_of[low.bit_length() - 1]
            if card is not None:
                found.append(card)
        return found


def generic_kernel(rules: object, deck: frozenset[Card], trump: Suit | None, contract: object,
                   seats: Sequence[str], partners: bool, bonus: int,
                   order: Callable[[Card], object] = display_key) -> Kernel:
    """Any rules adapter (see the solver's module docstring), its answers remembered; the cards
    take their bits in ``order``, lowest first.

    No card may stand for another here: the solver cannot know which cards are alike.
    """
    cards = sorted(deck, key=order)
    bit_of = {card: bit for bit, card in enumerate(cards)}
    legal_memo: dict[tuple[int, tuple[int, ...], bool, int], int] = {}
    winner_memo: dict[tuple[int, ...], int] = {}
    points_memo: dict[tuple[int, ...], int] = {}
    ask = {"trump": trump, "contract": contract}

    def legal(hand: int, trick: list[int], best: int, partner_winning: bool, seat: int) -> int:
        key = (hand, tuple(trick), partner_winning, seat)
        found = legal_memo.get(key)
        if found is None:
            held = frozenset(cards[bit] for bit in range(len(cards)) if hand >> bit & 1)
            found = legal_memo[key] = _mask(bit_of, rules.legal(  # type: ignore[attr-defined]
                held, [cards[bit] for bit in trick], seats[seat], partner_winning, **ask))
        return found

    def beats(card: int, best: int, trick: list[int]) -> bool:
        key = (*trick, card)
        found = winner_memo.get(key)
        if found is None:
            found = winner_memo[key] = rules.winner([cards[bit] for bit in key], **ask)  # type: ignore[attr-defined]
        return found == len(trick)

    def trick_points(trick: Sequence[int]) -> int:
        key = tuple(sorted(trick))
        found = points_memo.get(key)
        if found is None:
            found = points_memo[key] = rules.points([cards[bit] for bit in key], **ask)  # type: ignore[attr-defined]
        return found

    size = len(cards)
    pts = tuple(rules.points([card], **ask) for card in cards)  # type: ignore[attr-defined]
    return Kernel(len(seats), partners, bit_of, tuple(cards), legal, beats, trick_points, pts,
                  (0,) * size, (0,) * size, (0,) * size, (0,) * size, 0, bonus, (), (0,) * size, additive=False)


def _mask(bit_of: dict[Card, int], cards: object) -> int:
    bits = 0
    for card in cards:  # type: ignore[attr-defined]
        bits |= 1 << bit_of[card]
    return bits


def _compress_table() -> list[int]:
    """``COMPRESS[left << 8 | held]``: the bits of ``held`` renumbered among those of ``left``
    (a suit of at most 8 cards with the cards gone from play closed up)."""
    table = [0] * (1 << 16)
    for left in range(256):
        places = [bit for bit in range(8) if left >> bit & 1]
        for subset in range(1 << len(places)):
            held = sum(1 << places[at] for at in range(len(places)) if subset >> at & 1)
            table[left << 8 | held] = subset
    return table


COMPRESS = _compress_table()
