"""Melds as the table says them (RULES.md §1.2): card codes or names such as "tierce KH".

:func:`parse_meld_text` is pure: it turns one player's typed melds into card groups, each
still to be checked as a meld by :func:`~scorekeeper.games.melds.meld_from_cards`. The
stored form is always the card lists; names are only a way of typing them.
"""

from __future__ import annotations

import re

from ...cards import SUIT_ORDER, Card, Rank
from ...errors import N_, RuleViolation
from .. import jass

SEQUENCE_NAMES = {"tierce": 3, "quarte": 4, "cinquante": 4, "fifty": 4, "quinte": 5, "cent": 5, "hundred": 5}
"""A sequence named by its length, headed by the card that follows (RULES.md §1.2)."""
FOUR_NAMES = frozenset({"four", "carré", "carre", "square"})
"""A four of a kind, named by the rank that follows ("four J", "carré de valets")."""
RANK_WORDS = {
    "aces": Rank.ACE, "as": Rank.ACE, "kings": Rank.KING, "rois": Rank.KING, "queens": Rank.QUEEN,
    "dames": Rank.QUEEN, "jacks": Rank.JACK, "valets": Rank.JACK, "tens": Rank.TEN, "dix": Rank.TEN,
    "nines": Rank.NINE, "neuf": Rank.NINE, "eights": Rank.EIGHT, "huit": Rank.EIGHT,
    "sevens": Rank.SEVEN, "sept": Rank.SEVEN,
}
FILLERS = frozenset({"of", "de", "des", "to", "the", "au", "à", "at"})
"""Small words the table may say between a meld's name and its card or rank."""
SEPARATORS = re.compile(r"[;\n+&]+|\band\b|\bet\b", re.IGNORECASE)
"""Between two melds: ``;``, a new line, ``+``, ``&``, "and"/"et"."""
SHORT_FOUR = re.compile(r"^4(?:X)?(A|K|Q|J|10|T|9|8|7)S?$", re.IGNORECASE)
"""``4J``, ``4x10``, ``4Js``: a four by its rank in one word."""
SHOWN_MAX = 20  # characters of a refused word quoted back


def _rank(word: str) -> Rank | None:
    """A rank from ``J``, ``Js``, ``10``, ``T``, ``jacks``, ``valets`` (None if it is none)."""
    text = word.strip().lower()
    if text in RANK_WORDS:
        return RANK_WORDS[text]
    text = text.upper()
    for candidate in (text, text[:-1] if text.endswith("S") else None):
        if candidate == "T":
            return Rank.TEN
        if candidate and candidate in jass.JASS_ORDERS.meld_order:
            return Rank(candidate)
    return None


def _card(word: str, field: str | None) -> Card:
    try:
        return Card.parse(word, field=field)
    except RuleViolation:
        raise RuleViolation(N_("“%(word)s” is neither a card nor the name of a meld"), field=field,
                            word=word[:SHOWN_MAX]) from None


def _run(count: int, head: Card, name: str, field: str | None) -> tuple[Card, ...]:
    """``count`` cards of ``head``'s suit from ``head`` down, in natural order A K Q J 10 9 8 7."""
    order = jass.JASS_ORDERS.meld_order
    start = order.index(head.rank) if head.rank in order else len(order)
    if start + count > len(order):
        raise RuleViolation(N_("There is no %(name)s headed by the %(card)s: the sequence would go below "
                               "the 7"), field=field, name=name, card=head.label)
    return tuple(Card(rank, head.suit) for rank in order[start:start + count])


def _four(rank: Rank) -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for suit in SUIT_ORDER)


def _one_group(text: str, field: str | None) -> list[tuple[Card, ...]]:
    """The melds of one piece of text between separators (names may follow card codes)."""
    words = [word for word in re.split(r"[\s,]+", text) if word]
    melds: list[tuple[Card, ...]] = []
    codes: list[Card] = []

    def flush() -> None:
        if codes:
            melds.append(tuple(codes))
            codes.clear()

    position = 0

    def following(name: str) -> str:
        nonlocal position
        while position < len(words) and words[position].lower() in FILLERS:
            position += 1
        if position >= len(words):
            raise RuleViolation(N_("“%(name)s” needs what follows it, e.g. tierce KH or four J"),
                                field=field, name=name[:SHOWN_MAX])
        position += 1
        return words[position - 1]

    while position < len(words):
        word = words[position]
        position += 1
        lower = word.lower()
        short = SHORT_FOUR.match(word)
        if lower in SEQUENCE_NAMES:
            flush()
            melds.append(_run(SEQUENCE_NAMES[lower], _card(following(word), field), lower, field))
        elif lower in FOUR_NAMES or lower == "4":
            flush()
            what = following(word)
            rank = _rank(what)
            if rank is None:
                raise RuleViolation(N_("“%(word)s” is not a rank: say four J, four 9, four A…"),
                                    field=field, word=what[:SHOWN_MAX])
            melds.append(_four(rank))
        elif short and (rank := _rank(short.group(1))) is not None:
            flush()
            melds.append(_four(rank))
        else:
            card = _card(word, field)
            if card in codes:
                raise RuleViolation(N_("%(card)s is listed twice"), field=field, card=str(card))
            codes.append(card)
    flush()
    return melds


def parse_meld_text(text: str, *, field: str | None = None) -> tuple[tuple[Card, ...], ...]:
    """One player's melds as typed: card codes, or meld names with their top card or rank.

    Melds are separated by ``;``, a new line, ``+`` or "and"; a name also starts a new
    meld. ``tierce``/``quarte``/``cinquante``/``quinte``/``cent`` + the top card give a run
    of 3/4/4/5/5 cards going down (natural order A K Q J 10 9 8 7); ``four``/``carré``
    + a rank, or ``4J``, give a four. Whether each group is a real meld is checked later.

    >>> from scorekeeper.cards import format_cards
    >>> [format_cards(cards) for cards in parse_meld_text("AH KH QH; JS JH JD JC")]
    ['AH KH QH', 'JS JH JD JC']
    >>> [format_cards(cards) for cards in parse_meld_text("tierce KH + cent AD")]
    ['KH QH JH', 'AD KD QD JD 10D']
    >>> [format_cards(cards) for cards in parse_meld_text("cinquante AS four J")]
    ['AS KS QS JS', 'JS JH JD JC']
    >>> [format_cards(cards) for cards in parse_meld_text("carré de valets and 4x9 and 4 tens")]
    ['JS JH JD JC', '9S 9H 9D 9C', '10S 10H 10D 10C']
    >>> parse_meld_text("  ")
    ()
    >>> parse_meld_text("tierce 8H")
    Traceback (most recent call last):
    ...
    scorekeeper.errors.RuleViolation: There is no tierce headed by the 8♥: the sequence would go below the 7
    """
    if not isinstance(text, str):
        raise RuleViolation(N_("Type the melds as card codes or names, e.g. AH KH QH or tierce KH"),
                            field=field)
    groups: list[tuple[Card, ...]] = []
    for part in SEPARATORS.split(text):
        groups.extend(_one_group(part, field))
    return tuple(groups)
