"""Referee helpers every jass-family game shares: reading hands and tricks, the lines of a
legal-play answer and the trick-winner ruling (RULES.md §1.9, §2.6, §3.5, §4.5).

Each game keeps its own messages where they differ; these carry the common ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import DECK_32, SUIT_SYMBOLS, Card, Suit, format_cards, parse_cards, sort_cards
from .. import solver
from ..errors import N_, RuleViolation
from . import jass
from .base import Ruling, Say, take
from .declare import shown


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
    led (tout atout: in trump order). ``winner_index`` is the index in ``cards`` (0 = led)."""
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
    return Ruling({"winner_index": index, "winning_card": str(card)}, (why,))


def claim(query: Mapping[str, object], rules: object, play_order: Sequence[str], *,
          with_contract: bool = False, extra: tuple[str, ...] = (),
          table: Callable[[Mapping[str, Any]], tuple[Any, Any, Mapping[str, str]]] | None = None) -> Ruling:
    """Does the claim hold? (every hand shown; the solver plays both sides perfectly).

    ``hands`` (seat -> remaining cards), ``leader`` (who led the current trick, or leads),
    ``trick_so_far``, ``claimant`` (a seat or side), ``claim`` (``"all"``, a number of
    tricks, or ``{"points": N}``), ``trump`` (and ``contract`` where the game has several),
    and ``exact`` (also give the best tricks and points of each side; slower). A game whose
    sides change with the deal reads its ``extra`` fields with ``table``: the asked fields ->
    (trump, contract, seat -> side).
    """
    optional = ("trick_so_far", "trump", "exact", *extra) + (("contract",) if with_contract else ())
    asked = take(query, ("hands", "leader", "claimant", "claim"), optional)
    exact = asked["exact"]
    if exact is not None and not isinstance(exact, bool):
        raise RuleViolation(N_("exact must be true or false"), field="exact")
    trump, contract, sides = table(asked) if table else (asked["trump"],
                                                        asked.get("contract") or jass.Contract.SUIT, {})
    position = solver.Position(rules=rules, play_order=tuple(play_order), hands=asked["hands"],
                               leader=asked["leader"], trick_so_far=asked["trick_so_far"] or (),
                               trump=trump, contract=contract, sides=sides)
    solution = solver.solve(position, asked["claimant"], asked["claim"], exact=bool(exact))
    return Ruling(solution.answer(), solution.lines)


@dataclass(frozen=True, slots=True)
class FirstLead:
    """Who leads a deal's first trick by a game's rules (RULES.md §7 items 31, 32): the seat the
    claim names with ``key`` (the dealer, the declarer) gives it, ``leader_of`` that seat; ``missing``
    asks for one of the two, ``said`` tells who leads (``%(seat)s``, ``%(named)s``)."""

    key: str
    leader_of: Callable[[str], str]
    hand_size: int
    missing: str
    said: str

    def leader(self, query: Mapping[str, Any], seats: Sequence[str]) -> tuple[dict[str, Any], Say | None]:
        """The claim's query with its ``leader`` (``key`` taken out): as given, else the first
        trick's by the rules, if no trick is over yet; with the line that says so."""
        asked = {name: value for name, value in query.items() if name != self.key}
        named = query.get(self.key)
        if named not in (None, "") and named not in seats:
            raise RuleViolation(N_("“%(seat)s” is not a seat at this table"), field=self.key, seat=shown(named))
        if asked.get("leader") not in (None, ""):
            return asked, None
        hands = query.get("hands")
        if not isinstance(hands, Mapping):  # refused with the position, as any other claim's
            return asked, None
        held = sum(len(parse_cards(cards, field="hands")) for cards in hands.values()) + \
            len(parse_cards(query.get("trick_so_far") or (), field="trick_so_far"))
        if not held:  # the position asks for the hands first
            return {**asked, "leader": seats[0]}, None
        if named in (None, ""):
            raise RuleViolation(self.missing, field="leader")
        if held < self.hand_size * len(seats):
            raise RuleViolation(N_("A trick is over already: pick who led this one"), field="leader")
        leader = self.leader_of(str(named))
        return {**asked, "leader": leader}, Say(self.said, {"seat": leader, "named": named})


@dataclass(frozen=True, slots=True)
class Deal:
    """How a game's cards go into tricks, for counting a pile (RULES.md §1.1, §1.10, §2.1, §3.1,
    §4.1): players per trick, tricks per deal, the last-trick bonus, the card tables, and the
    query field naming the cards that are in no trick (the stock, the discard), their number and
    how a referee names them."""

    players: int
    tricks: int
    last_trick: int = jass.LAST_TRICK
    orders: jass.CardOrders = jass.JASS_ORDERS
    unplayed: str = ""
    unplayed_size: int = 0
    unplayed_label: str = ""
    capot: int | None = None  # the bonus instead of the last trick's for a side that took every trick


def _flag(value: object, field: str) -> bool:
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str) and value.lower() in ("y", "yes", "true", "on", "1", "n", "no", "false", "off", "0", ""):
        return value.lower() in ("y", "yes", "true", "on", "1")
    raise RuleViolation(N_("%(name)s must be true or false"), field=field, name=field)


def _under(trump: Suit | None, contract: jass.Contract) -> Say:
    if contract is jass.Contract.SANS_ATOUT:
        return Say(N_("without trumps"))
    if contract is jass.Contract.TOUT_ATOUT:
        return Say(N_("in tout atout"))
    return Say(N_("with %(suit)s trumps"), {"suit": SUIT_SYMBOLS[Suit(str(trump))]})


def count(query: Mapping[str, Any], deal: Deal, trump: Suit | None,
          contract: jass.Contract = jass.Contract.SUIT) -> Ruling:
    """Count this pile: the card points of the cards a side took under the deal's trump, the
    last-trick bonus, the other side's by difference and the check against the deal's total
    (RULES.md §1.1 162 / 130 / 258, §2.1 162, §3.1 152 less the stock + 10, §4.1 141 less the
    discard + 5). ``pile`` (the cards taken, whole tricks), ``last_trick`` (did the side take
    it), and ``deal.unplayed`` (the cards in no trick) where the game has them.
    """
    in_play = deal.players * deal.tricks
    cards = parse_cards(query["pile"], field="pile", deck=deal.orders.deck)
    if len(cards) > in_play:
        raise RuleViolation(N_("The tricks of a deal hold %(most)d cards; the pile has %(count)d"),
                            field="pile", most=in_play, count=len(cards))
    if len(cards) % deal.players:
        raise RuleViolation(N_("A pile is whole tricks of %(players)d cards; %(count)d cards is not"),
                            field="pile", players=deal.players, count=len(cards))
    last = _flag(query.get("last_trick"), "last_trick")
    if last and not cards:
        raise RuleViolation(N_("An empty pile cannot hold the last trick"), field="last_trick")
    if len(cards) == in_play and not last:
        raise RuleViolation(N_("This pile holds every trick, so the last one too"), field="last_trick")
    unplayed: tuple[Card, ...] | None = None
    if deal.unplayed and query.get(deal.unplayed) not in (None, "", []):
        unplayed = parse_cards(query[deal.unplayed], field=deal.unplayed, deck=deal.orders.deck)
        if len(unplayed) != deal.unplayed_size:
            raise RuleViolation(N_("%(size)d cards are out of play; got %(count)d"), field=deal.unplayed,
                                size=deal.unplayed_size, count=len(unplayed))
        both = [card for card in unplayed if card in cards]
        if both:
            raise RuleViolation(N_("%(card)s cannot be both in the pile and out of play"), field=deal.unplayed,
                                card=both[0].label)

    def points(card: Card) -> int:
        return jass.card_points(card, trump, contract, orders=deal.orders)

    card_points = sum(points(card) for card in cards)
    capot = len(cards) == in_play and deal.capot is not None
    bonus = deal.capot if capot and deal.capot is not None else deal.last_trick if last else 0
    full = bonus if capot else deal.last_trick  # every bonus of the deal
    under = _under(trump, contract)
    counting = [f"{card.label} {points(card)}" for card in sort_cards(cards) if points(card)]
    lines = [Say(N_("Tricks: %(tricks)d. Cards %(under)s: %(cards)s = %(points)d card points"),
                 {"tricks": len(cards) // deal.players, "under": under, "cards": ", ".join(counting) or "0",
                  "points": card_points})]
    lines.append(Say(N_("Capot, every trick: +%(bonus)d instead of %(last)d for the last trick"),
                     {"bonus": bonus, "last": deal.last_trick}) if capot else
                 Say(N_("The last trick: +%(bonus)d"), {"bonus": bonus}) if last else
                 Say(N_("Not the last trick: no bonus")))
    lines.append(Say(N_("The pile counts %(points)d"), {"points": card_points + bonus}))
    answer: dict[str, Any] = {"card_points": card_points, "last_trick": bonus, "points": card_points + bonus,
                              "tricks": len(cards) // deal.players, "deal_card_points": None,
                              "deal_total": None, "others": None}
    if deal.unplayed and unplayed is None:
        lines.append(Say(N_("Give %(name)s to count the other side by difference"),
                         {"name": Say(deal.unplayed_label)}))
        return Ruling(answer, tuple(lines))
    deck_points = sum(points(card) for card in deal.orders.deck)
    out = sum(points(card) for card in unplayed or ())
    deal_cards = deck_points - out
    others = {"card_points": deal_cards - card_points, "last_trick": full - bonus}
    others["points"] = others["card_points"] + others["last_trick"]
    answer |= {"deal_card_points": deal_cards, "deal_total": deal_cards + full, "others": others}
    if unplayed is not None:
        lines.append(Say(N_("The deal's cards count %(deck)d %(under)s, less %(out)d in %(name)s (%(cards)s): "
                            "%(total)d"), {"deck": deck_points, "under": under, "out": out, "name": Say(deal.unplayed_label),
                                           "cards": labels(unplayed), "total": deal_cards}))
    lines.append(Say(N_("The others: %(total)d − %(points)d = %(others)d card points, %(bonus)d for the last "
                        "trick: %(sum)d"), {"total": deal_cards, "points": card_points,
                                            "others": others["card_points"], "bonus": others["last_trick"],
                                            "sum": others["points"]}))
    lines.append(Say(N_("Check: %(mine)d + %(others)d = %(total)d, the deal's total with its bonus"),
                     {"mine": card_points + bonus, "others": others["points"], "total": deal_cards + full}))
    return Ruling(answer, tuple(lines))
