"""Pandoeren referee helpers (RULES.md §4.2-§4.5): legal play, trick winner, roem, bids, calling.

Each answers plain, JSON-ready data (RULES.md §6 names) and the lines a referee reads out.
``pandoeren`` exposes them as the ``referee_<kind>`` questions of its rules object.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import SUIT_ORDER, Card, Rank, Suit, format_cards, parse_cards
from ...errors import N_, RuleViolation
from .. import jass
from ..base import Options, Ruling, Say, take
from ..jass_tricks import JassRules
from ..referee import Deal, count, labels, playable, trick_ruling
from .contracts import PandoerContract, Partner, bid_key, compare_bids, parse_contract
from .deal import CALLABLE, SEATS, SUITS, TRICKS, read_table_roem
from .roem import (
    HAND_SIZE,
    LAST_TRICK,
    PANDOEREN_ORDERS,
    STUK,
    find_roem,
    has_stuk,
    judge_roem,
    roem_name,
    roem_value,
)
from .score import agreed_result

TRICK_SIZE = 4  # RULES §4.5: one card from each of the four players
PICKED_UP = HAND_SIZE + 1  # RULES §4.1: the declarer holds 9 cards before her discard
SHOWN_MAX = 40  # characters of a refused value quoted back in a message


def _cards(value: object, field: str, most: int) -> tuple[Card, ...]:
    if not isinstance(value, str | list | tuple):
        raise RuleViolation(N_("expected a list of card codes; got “%(value)s”"), field=field,
                            value=str(value)[:SHOWN_MAX])
    cards = parse_cards(value, field=field, deck=PANDOEREN_ORDERS.deck)
    if len(cards) > most:
        raise RuleViolation(N_("%(name)s holds at most %(most)d cards here; got %(count)d"), field=field,
                            name=field, most=most, count=len(cards))
    return cards


def _suit(value: object, field: str = "trump") -> Suit:
    if not isinstance(value, str) or value not in SUITS:
        raise RuleViolation(N_("The trump must be one of %(allowed)s; got “%(value)s”"), field=field,
                            allowed=", ".join(SUITS), value=str(value)[:SHOWN_MAX])
    return Suit(value)


def play_mode(trump: object, contract: object) -> tuple[Suit | None, jass.Contract]:
    """The trump and the jass contract kind of a play question: a trump suit, or a contract
    played without trumps (Zwabber, Solo-Zwabber: RULES.md §4.5 "no trumps")."""
    if contract is not None and not parse_contract(contract).trumps:
        if trump is not None and trump != "":
            raise RuleViolation(N_("%(contract)s is played without trumps: leave the trump empty"), field="trump",
                                contract=parse_contract(contract).name)
        return None, jass.Contract.SANS_ATOUT
    if trump is None or trump == "":
        raise RuleViolation(N_("Which suit is trump? (Or name a contract played without trumps.)"), field="trump")
    return _suit(trump), jass.Contract.SUIT


def legal_play(hand: object, trick_so_far: object, trump: object, contract: object) -> Ruling:
    """The cards the next player may play (RULES.md §4.5): follow or trump, no undertrumping
    while another card is legal, the jas never forced and always allowed; without trumps,
    follow suit."""
    suit, mode = play_mode(trump, contract)
    cards = _cards(hand, "hand", HAND_SIZE)
    played = _cards(trick_so_far or [], "trick_so_far", TRICK_SIZE - 1)
    reasons = jass.explain_plays(cards, played, suit, contract=mode, style=jass.PANDOEREN_PLAY,
                                 orders=PANDOEREN_ORDERS)
    jas = Card(Rank.JACK, suit) if suit is not None else None
    notes = ([Say(N_("The %(card)s (the jas) is never forced and always allowed"), {"card": jas.label})]
             if jas in cards and len(cards) > 1 and played else [])
    return Ruling(*playable(cards, reasons, *notes))


def trick_winner(trick: object, trump: object, contract: object) -> Ruling:
    """Who wins the trick so far (RULES.md §4.5): the highest trump, else the highest card of
    the suit led, in Pandoeren's order (RULES.md §4.1: the ten below the queen)."""
    suit, mode = play_mode(trump, contract)
    cards = _cards(trick, "trick", TRICK_SIZE)
    if not cards:
        raise RuleViolation(N_("the trick is empty"), field="trick")
    ruling = trick_ruling(cards, suit, mode, orders=PANDOEREN_ORDERS)
    card = cards[ruling.answer["winner_index"]]
    if any(other.rank is Rank.TEN and other.suit == card.suit and other != card for other in cards):
        note = Say(N_("In Pandoeren the ten ranks below the queen (and, in plain suits, below the jack)"))
        return Ruling(ruling.answer, (*ruling.lines, note))
    return ruling


def melds(hand: object, trump: object) -> Ruling:
    """Every roem of a hand of 8 or 9 cards, with its points (RULES.md §4.2), and stuk with a trump."""
    cards = _cards(hand, "hand", PICKED_UP)
    if len(cards) < HAND_SIZE:
        raise RuleViolation(N_("A hand holds %(size)d cards (the declarer %(picked)d before her discard); got "
                               "%(count)d"), field="hand", size=HAND_SIZE, picked=PICKED_UP, count=len(cards))
    suit = None if trump is None or trump == "" else _suit(trump)
    found = find_roem(cards)
    lines = [Say(N_("%(roem)s: %(points)d"), {"roem": roem_name(meld), "points": roem_value(meld)})
             for meld in found]
    total = sum(roem_value(meld) for meld in found)
    if not found:
        lines.append(Say(N_("No roem in this hand")))
    shared = sorted({card for meld in found for other in found if other is not meld for card in meld.cards & other.cards},
                    key=str)
    if shared:
        lines.append(Say(N_("A card may count in a sequence and a four at once: %(cards)s"),
                         {"cards": labels(shared)}))
    stuk = has_stuk(cards, suit) if suit is not None else None
    if stuk:
        lines.append(Say(N_("King and queen of trumps: stuk, %(stuk)d, never denied"), {"stuk": STUK}))
    answer = {"roem": [{"cards": format_cards(meld.cards).split(), "points": roem_value(meld)} for meld in found],
              "roem_points": total, "stuk": stuk}
    return Ruling(answer, tuple(lines))


def meld_compare(roem: object, declarer: object, partner: object, bidders: object) -> Ruling:
    """Does the declarer's side's roem count (RULES.md §4.2)? ``bidders`` are the seats that
    made a non-pass bid; only they may deny."""
    if declarer not in SEATS:
        raise RuleViolation(N_("declarer must be one of %(allowed)s"), field="declarer", allowed=", ".join(SEATS))
    if partner is not None and (partner not in SEATS or partner == declarer):
        raise RuleViolation(N_("partner must be another seat than the declarer, or empty"), field="partner")
    if bidders is None:
        bidders = []
    if not isinstance(bidders, list | tuple) or any(seat not in SEATS for seat in bidders):
        raise RuleViolation(N_("bidders must be a list of seats"), field="bidders")
    table = read_table_roem(roem)
    verdict = judge_roem(table, declarer=str(declarer), partner=partner if isinstance(partner, str) else None,
                         bidders=[*bidders, declarer])
    answer = {"valid": verdict.valid, "roem_points": verdict.points,
              "best": format_cards(verdict.best.cards).split() if verdict.best else None,
              "denier": verdict.denier.seat if verdict.denier else None}
    return Ruling(answer, verdict.lines)


def _contract(value: object, field: str) -> PandoerContract:
    return parse_contract(value, field=field)


def bid_compare(first: object, second: object, bids_so_far: object) -> Ruling:
    """RULES.md §4.3 bidding order: is ``first`` higher than ``second``, or than every bid so far?"""
    new = _contract(first, "first")
    if (second is None) == (bids_so_far is None):
        raise RuleViolation(N_("Ask about one other bid (second) or the bids so far (bids_so_far)"), field="second")
    if second is not None:
        against = _contract(second, "second")
        order = compare_bids(new, against)
        higher = new if order > 0 else against if order < 0 else None
        lines = (_order_line(new, against),)
        return Ruling({"higher": higher.name if higher else None, "first_is_higher": order > 0}, lines)
    if not isinstance(bids_so_far, list | tuple):
        raise RuleViolation(N_("bids_so_far must be a list of contracts"), field="bids_so_far")
    earlier = [_contract(value, "bids_so_far") for value in bids_so_far]
    if not earlier:
        return Ruling({"first_is_higher": True, "highest_so_far": None},
                      (Say(N_("%(bid)s is the first bid: any contract may open"), {"bid": new.name}),))
    highest = max(earlier, key=bid_key)
    allowed = compare_bids(new, highest) > 0
    return Ruling({"first_is_higher": allowed, "highest_so_far": highest.name}, (_order_line(new, highest),))


def _order_line(new: PandoerContract, other: PandoerContract) -> Say:
    params = {"bid": new.name, "other": other.name}
    order = compare_bids(new, other)
    if order == 0:
        return Say(N_("%(bid)s and %(other)s are the same contract: a later bid must be higher"), params)
    same_row = bid_key(new)[0] == bid_key(other)[0]
    if order > 0:
        return Say(N_("%(bid)s is higher than %(other)s: a higher number in the same row") if same_row else
                   N_("%(bid)s is higher than %(other)s: it comes later in the bidding order"), params)
    return Say(N_("%(bid)s is lower than %(other)s: a lower number in the same row") if same_row else
               N_("%(bid)s is lower than %(other)s: it comes earlier in the bidding order"), params)


def partner_call(hand: object, discard: object, called_card: object, contract: object, trump: object,
                 options: Options) -> Ruling:
    """Which card the declarer must call (RULES.md §4.3): an ace she neither holds nor
    discarded; with all four aces a king; with all four kings too a queen. Kereltje: the
    trump jack's holder; a solo contract calls nobody."""
    cards = _cards(hand, "hand", PICKED_UP)
    away = _cards(discard or [], "discard", 1)
    held = set(cards) | set(away)
    if len(held) > PICKED_UP:
        raise RuleViolation(N_("The declarer holds %(most)d cards with her discard; got %(count)d"), field="hand",
                            most=PICKED_UP, count=len(held))
    called = _cards(called_card or [], "called", 1)
    wanted = _contract(contract, "contract") if contract is not None else None
    if wanted is not None and wanted.partner is not Partner.CALLED:
        return _no_call(wanted, held, away, trump, called, options)
    rank = next(rank for rank in CALLABLE if sum(card.rank is rank for card in held) < len(SUIT_ORDER))
    callable_cards = [Card(rank, suit) for suit in SUIT_ORDER if Card(rank, suit) not in held]
    names: dict[str, Any] = {"rank": str(rank), "cards": labels(callable_cards)}
    lines = [Say({Rank.ACE: N_("Call an ace she neither holds nor discarded: %(cards)s"),
                  Rank.KING: N_("She holds or discarded all four aces: call a king, %(cards)s"),
                  Rank.QUEEN: N_("She holds or discarded all four aces and kings: call a queen, %(cards)s")}[rank],
                 names)]
    allowed = None
    if called:
        card = called[0]
        allowed = card in callable_cards
        names["card"] = card.label
        if card in away:
            lines.append(Say(N_("The %(card)s was discarded: it may not be called"), names))
        elif card in held:
            lines.append(Say(N_("She holds the %(card)s: it may not be called"), names))
        elif not allowed:
            lines.append(Say(N_("The %(card)s may not be called: she must call a card of rank %(rank)s"), names))
        else:
            lines.append(Say(N_("The %(card)s may be called: its holder is the partner"), names))
    answer = {"must_call_rank": str(rank), "callable": [str(card) for card in callable_cards], "valid": allowed}
    return Ruling(answer, tuple(lines))


def _no_call(contract: PandoerContract, held: set[Card], away: Sequence[Card], trump: object,
             called: Sequence[Card], options: Options) -> Ruling:
    """Kereltje's partner is the trump jack's holder; a solo contract has none (RULES.md §4.3)."""
    lines: list[Say] = []
    allowed = False if called else None
    params: dict[str, Any] = {"contract": contract.name}
    if called:
        lines.append(Say(N_("%(contract)s calls no card"), params))
    if contract.partner is Partner.ALONE:
        lines.append(Say(N_("%(contract)s is played alone: no partner"), params))
        return Ruling({"must_call_rank": None, "callable": [], "valid": allowed}, tuple(lines))
    jas = Card(Rank.JACK, _suit(trump))
    params["card"] = jas.label
    if jas not in held:
        lines.append(Say(N_("In %(contract)s the holder of the %(card)s is the partner"), params))
    elif options["kereltje_own_jack"] == "forbidden":
        lines.append(Say(N_("By the house rule, the holder of the %(card)s may not bid %(contract)s"), params))
    else:
        how = N_("She discarded the %(card)s: she plays alone") if jas in away else \
            N_("She holds the %(card)s: she plays alone")
        lines.append(Say(how, params))
    return Ruling({"must_call_rank": None, "callable": [], "valid": allowed}, tuple(lines))


def _per_seat(entry: object, field: str) -> dict[str, int]:
    """A whole number for each of N, E, S, W (a deal's score, the totals before)."""
    if not isinstance(entry, Mapping) or set(entry) != set(SEATS) or any(
            isinstance(entry[seat], bool) or not isinstance(entry[seat], int) for seat in SEATS):
        raise RuleViolation(N_("%(name)s gives a whole number for each of N, E, S, W; got “%(value)s”"),
                            field=field, name=field, value=str(entry)[:SHOWN_MAX])
    return {seat: entry[seat] for seat in SEATS}


def _scores(value: object) -> list[dict[str, int]]:
    if not isinstance(value, list | tuple):
        raise RuleViolation(N_("deal_scores must be a list of deal scores, each {\"N\": 2, \"E\": 2, \"S\": 0, "
                               "\"W\": 0}"), field="deal_scores")
    return [_per_seat(entry, "deal_scores") for entry in value]


def running_totals(deal_scores: object, totals_before: object, options: Options) -> Ruling:
    """Each player's running total after every deal, from ``totals_before`` (0 each when absent)
    (RULES.md §4.4, §6, §7 item 14), and the end of the match when the table agreed on a number of
    deals (option ``agreed_deals``: the deals counted are those of ``deal_scores``)."""
    totals = dict.fromkeys(SEATS, 0) if totals_before is None else _per_seat(totals_before, "totals_before")
    running = []
    result = None
    for played, score in enumerate(_scores(deal_scores), 1):
        totals = {seat: totals[seat] + score[seat] for seat in SEATS}
        running.append(totals)
        result = result or agreed_result(totals, played, options)
    params = {seat: totals[seat] for seat in SEATS}
    lines = [Say(N_("Totals: N %(N)d, E %(E)d, S %(S)d, W %(W)d"), params)]
    lines += result.lines if result else [Say(N_("No end is agreed: the totals simply run on"))
                                          if not options["agreed_deals"] else
                                          Say(N_("%(played)d of the agreed %(deals)d deals played"),
                                              {"played": len(running), "deals": options["agreed_deals"]})]
    answer = {"totals": totals, "after_each_deal": running, "finished": result is not None,
              "winner": result.winner if result else None, "draw": bool(result and result.draw)}
    return Ruling(answer, tuple(lines))


def count_pile(query: Mapping[str, Any]) -> Ruling:
    """Count this pile (RULES.md §4.1: 141 card points less the ``discard``'s, + 5 for the last
    trick; the ten below the queen), under a ``trump`` or a ``contract`` played without trumps."""
    asked = take(query, ("pile",), ("last_trick", "trump", "contract", "discard"))
    suit, mode = play_mode(asked["trump"], asked["contract"])
    deal = Deal(TRICK_SIZE, TRICKS, LAST_TRICK, PANDOEREN_ORDERS, unplayed="discard", unplayed_size=1,
                unplayed_label=N_("the discard"))
    return count(asked, deal, suit, mode)


@dataclass(frozen=True)
class PandoerenTrickRules(JassRules):
    """Pandoeren's play (RULES.md §4.5), whose trump is read as its play questions read it: a
    suit, or none for a contract played without trumps (Zwabber, Solo-Zwabber)."""

    def read_trump(self, trump: object, contract: object) -> tuple[Suit | None, jass.Contract]:
        return play_mode(trump, contract)


def pandoeren_rules() -> PandoerenTrickRules:
    """Pandoeren, four players (RULES.md §4.5), with its card orders and last trick (§4.1)."""
    return PandoerenTrickRules(jass.PANDOEREN_PLAY, PANDOEREN_ORDERS, LAST_TRICK)
