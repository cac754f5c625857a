"""Belote Contrée deal declarations (RULES.md §6): the vocabulary and its checks.

:func:`read_declarations` turns what the table declared (JSON data) into the canonical
dict that is stored; ``contree.ContreeRules.read_deal`` calls it. Every refusal is a
:class:`RuleViolation` naming the declaration at fault, whatever junk was sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...cards import Suit
from ...errors import N_, RuleViolation
from .. import jass
from ..declare import pick, shown, whole
from ..melds import Meld, check_melds_consistent, display_order, meld_from_cards, parse_melds

SEATS = ("N", "E", "S", "W")  # RULES §0; also the playing order (clockwise from N)
TEAMS = ("A", "B")  # RULES §0: A = N + S, B = E + W
TEAM_OF = {"N": "A", "S": "A", "E": "B", "W": "B"}  # RULES §0
TEAM_LABELS = {"A": "N–S", "B": "E–W"}
OTHER_TEAM = {"A": "B", "B": "A"}  # the partnership that is not this one (a table, not a call: read at every deal)
SUITS = tuple(suit.value for suit in Suit)  # RULES §0: S H D C
CARD_POINTS_TOTAL = 152  # RULES §2.1: the card points of a deal, without the last trick
TRICKS = 8  # RULES §2.3: a capot is all 8 tricks
MIN_BID, BID_STEP = 80, 10  # RULES §2.2, §7 item 29: any multiple of ten from 80, no upper cap
BID_SLIP = 500  # RULES §7 item 29: a number bid above 500 is refused as a typing slip
CONTRES = ("none", "contre", "surcontre")  # RULES §6
KEYS = ("dealer", "bidder", "bidder_team", "bid", "capot_bid", "trump", "contre", "card_points",
        "last_trick", "tricks_won", "belote", "melds", "play_order")
"""Every declaration of a Contrée deal (RULES.md §6); the canonical dict has all of them."""
_KNOWN = frozenset(KEYS)
# What a pick-one declaration's refusal says (module constants: the read of every deal passes them)
NOT_A_DEALER = N_("The dealer must be one of %(allowed)s; got “%(value)s”")
NOT_A_BIDDER = N_("The bidder must be one of %(allowed)s; got “%(value)s”")
NOT_A_BIDDER_TEAM = N_("bidder_team must be A (N–S) or B (E–W); got “%(value)s”")
NOT_A_TRUMP = N_("The trump must be one of %(allowed)s; got “%(value)s”")
NO_TRUMP = N_("Which suit was trump?")
NOT_A_LAST_TRICK = N_("last_trick must be the team that took it: A or B; got “%(value)s”")
NO_LAST_TRICK = N_("Which team took the last trick?")
NOT_A_BELOTE = N_("belote must be A, B or empty; got “%(value)s”")


def team_with_every_trick(tricks: Mapping[str, int] | None) -> str | None:
    """The team that took all the tricks (a capot), if the tricks were counted."""
    if tricks:
        for team in TEAMS:
            if tricks[team] == TRICKS:
                return team
    return None


def play_order_after(dealer: str) -> list[str]:
    """The seats in playing order from the dealer's left, the dealer last (RULES §0).

    >>> play_order_after("S")
    ['W', 'N', 'E', 'S']
    """
    return list(_ORDER_AFTER[dealer])


_ORDER_AFTER = {dealer: tuple(SEATS[(i + 1 + step) % len(SEATS)] for step in range(len(SEATS)))
                for i, dealer in enumerate(SEATS)}
_ROTATION_AFTER = {dealer: list(order) for dealer, order in _ORDER_AFTER.items()}
_ROTATIONS = list(_ROTATION_AFTER.values())


_PER_TEAM_MESSAGES = {
    "card_points": (
        N_("card_points must be given per team, e.g. {\"A\": 80}; got “%(value)s”"),
        N_("card points must be between 0 and %(total)d; got “%(value)s”"),
        N_("The card points of both teams must add up to %(total)d; got %(a)d + %(b)d"),
    ),
    "tricks_won": (
        N_("tricks_won must be given per team, e.g. {\"A\": 8, \"B\": 0}; got “%(value)s”"),
        N_("tricks won must be between 0 and %(total)d; got “%(value)s”"),
        N_("The tricks of both teams must add up to %(total)d; got %(a)d + %(b)d"),
    ),
}


def _per_team(raw: Mapping[str, Any], key: str, total: int) -> dict[str, int] | None:
    """``{"A": n, "B": n}`` with one or both teams given; the missing one is ``total`` - the other."""
    value = raw.get(key)
    if value is None:
        return None
    not_per_team, out_of_range, not_adding_up = _PER_TEAM_MESSAGES[key]
    if type(value) is not dict and not isinstance(value, Mapping) or not value:  # (a dict: no ABC check)
        raise RuleViolation(not_per_team, field=key, value=shown(value))
    for team, number in value.items():
        if team not in TEAMS:
            raise RuleViolation(N_("“%(team)s” is not a team: use A (N–S) or B (E–W)"),
                                field=key, team=shown(team))
        count = number if type(number) is int else whole(number)  # (an int: no call)
        if count is None or not 0 <= count <= total:
            raise RuleViolation(out_of_range, field=key, total=total, value=shown(number))
    # each number given is a whole number in range, taken as it is (whole() gives an int back itself)
    a, b = value.get("A"), value.get("B")
    if a is None:
        a = total - b
    elif b is None:
        b = total - a
    if a + b != total:
        raise RuleViolation(not_adding_up, field=key, total=total, a=a, b=b)
    return {"A": a, "B": b}


def _bid(raw: Mapping[str, Any]) -> tuple[int | None, bool]:
    """The bid number (None for capot) and whether it is a capot bid (RULES §2.2)."""
    capot = raw.get("capot_bid", False)
    if capot is None:
        capot = False
    if not isinstance(capot, bool):
        raise RuleViolation(N_("capot_bid must be true or false; got “%(value)s”"),
                            field="capot_bid", value=shown(capot))
    bid = raw.get("bid")
    if capot:
        if bid is not None:
            raise RuleViolation(N_("A capot bid has no number: leave bid empty"), field="bid")
        return None, True
    if bid is None:
        raise RuleViolation(N_("What was the bid? A multiple of ten from %(low)d, or capot"),
                            field="bid", low=MIN_BID)
    return check_bid(bid if type(bid) is int else whole(bid), bid, field="bid"), False  # (an int: no call)


def check_bid(number: int | None, value: object, *, field: str) -> int:
    """A number bid (RULES.md §2.2, §7 item 29): any multiple of ten from 80 (a bid the points
    cannot reach simply fails); above 500 it is taken for a typing slip and refused.

    :raise RuleViolation: naming ``field``, quoting ``value`` as it was given (kept short: :func:`shown`,
        written only for a refusal)
    """
    if number is None or number < MIN_BID or number % BID_STEP:
        raise RuleViolation(N_("The bid must be a multiple of ten from %(low)d; got “%(value)s”"),
                            field=field, low=MIN_BID, value=shown(value))
    if number > BID_SLIP:
        raise RuleViolation(N_("A bid of %(value)s? No bid goes above %(most)d: check for a typing slip"),
                            field=field, most=BID_SLIP, value=shown(value))
    return number


def _bidder(raw: Mapping[str, Any]) -> tuple[str | None, str]:
    """The bidder's seat (if given) and team; both given must agree."""
    seat = pick(raw, "bidder", SEATS, NOT_A_BIDDER)
    team = pick(raw, "bidder_team", TEAMS, NOT_A_BIDDER_TEAM)
    if seat is None and team is None:
        raise RuleViolation(N_("Who bid? Give the bidder's seat (or the bidding team)"), field="bidder")
    if seat is not None and team is not None and TEAM_OF[seat] != team:
        raise RuleViolation(N_("%(seat)s does not play for %(team)s"), field="bidder",
                            seat=seat, team=TEAM_LABELS[team])
    return seat, team or TEAM_OF[str(seat)]


def _play_order(raw: Mapping[str, Any], dealer: str | None) -> list[str] | None:
    """The playing order (RULES §0): given, or derived from the dealer, or unknown."""
    value = raw.get("play_order")
    if value is None:
        return play_order_after(dealer) if dealer else None
    if type(value) is list and dealer is not None and value == _ROTATION_AFTER[dealer]:  # as stored
        return list(value)
    order = list(value) if isinstance(value, list | tuple) else None
    if order not in _ROTATIONS:
        raise RuleViolation(N_("play_order must be the four seats in playing order, e.g. E S W N; "
                               "got “%(value)s”"), field="play_order", value=shown(value))
    if dealer is not None and order != play_order_after(dealer):
        raise RuleViolation(N_("play_order must start on the dealer's left: %(dealer)s deals"),
                            field="play_order", dealer=dealer)
    return order


def _melds(value: object, *, announces: bool,
           play_order: list[str] | None) -> tuple[list[dict[str, Any]], tuple[Meld, ...]]:
    """The melds as declared (``value``: some were, :func:`read_declarations` asks only then),
    canonical, and parsed; refused unless announces are on."""
    if not announces:
        raise RuleViolation(N_("This match is played without announces: there are no melds to record"),
                            field="melds")
    if not isinstance(value, list):
        raise RuleViolation(N_("melds must be a list of {\"seat\": ..., \"cards\": [...]}"), field="melds")
    melds: list[Meld] = []
    for entry in value:
        if not isinstance(entry, Mapping) or set(entry) != {"seat", "cards"}:
            raise RuleViolation(N_("Each meld is {\"seat\": ..., \"cards\": [...]}; got “%(value)s”"),
                                field="melds", value=shown(entry))
        seat = entry["seat"]
        if seat not in SEATS:
            raise RuleViolation(N_("A meld's seat must be one of %(allowed)s; got “%(value)s”"),
                                field="melds", allowed=", ".join(SEATS), value=shown(seat))
        cards = entry["cards"]
        if not isinstance(cards, str | list):
            raise RuleViolation(N_("A meld's cards must be a list of card codes; got “%(value)s”"),
                                field="melds", value=shown(cards))
        if isinstance(cards, str):  # "AH KH QH" or several melds: "AH KH QH; JS JH JD JC"
            melds.extend(parse_melds(cards, seat=seat, field="melds"))
        else:  # one meld as a list of card codes
            melds.append(meld_from_cards(cards, seat=seat, field="melds"))
    melds.sort(key=lambda meld: (SEATS.index(str(meld.seat)), display_order(meld)))
    check_melds_consistent(melds, field="melds")
    if play_order is None and len({TEAM_OF[str(meld.seat)] for meld in melds}) > 1:
        raise RuleViolation(N_("Give the dealer: the seat order may be needed to compare the melds"),
                            field="dealer")
    canonical = [{"seat": meld.seat, "cards": list(meld.codes)} for meld in melds]
    return canonical, tuple(melds)


def _check_belote_against_melds(belote: str, trump: str, melds: Sequence[Meld]) -> None:
    """The belote's K and Q of trumps are in one hand of the team that claims it (a belote and melds
    declared: :func:`read_declarations` asks only then)."""
    belote_cards = jass.belote_cards(trump)  # (a set's common part: no card hashed again in Python)
    holders = {card: meld.seat for meld in melds for card in meld.cards & belote_cards}
    for card, seat in holders.items():
        if TEAM_OF[seat] != belote:
            raise RuleViolation(N_("%(team)s cannot hold the belote: %(card)s is in a meld of %(seat)s"),
                                field="belote", team=TEAM_LABELS[belote], card=str(card), seat=seat)
    if len(set(holders.values())) > 1:
        raise RuleViolation(N_("The belote is the K and Q of trumps in one hand, but %(seats)s both "
                               "declared one of them"), field="belote",
                            seats=" & ".join(sorted(set(holders.values()))))


def read_declarations(raw: object, *, announces: bool) -> tuple[dict[str, Any], tuple[Meld, ...]]:
    """Check a deal's declarations; return them canonical, with the melds parsed.

    :raise RuleViolation: naming the declaration at fault
    """
    if type(raw) is not dict and not isinstance(raw, Mapping):  # (a dict: no ABC check)
        raise RuleViolation(N_("A deal must be a JSON object of declarations (see docs/api.md)"))
    if not _KNOWN.issuperset(raw):
        key = next(key for key in raw if key not in _KNOWN)
        raise RuleViolation(N_("“%(key)s” is not a declaration of a Contrée deal"),
                            field=shown(key), key=shown(key))
    dealer = pick(raw, "dealer", SEATS, NOT_A_DEALER)
    bidder, team = _bidder(raw)
    bid, capot_bid = _bid(raw)
    trump = pick(raw, "trump", SUITS, NOT_A_TRUMP, required=NO_TRUMP)
    contre = raw.get("contre")
    if contre is None:
        contre = "none"
    if contre not in CONTRES:
        raise RuleViolation(N_("contre must be one of %(allowed)s; got “%(value)s”"),
                            field="contre", allowed=", ".join(CONTRES), value=shown(contre))
    tricks = _per_team(raw, "tricks_won", TRICKS)
    capot_team = team_with_every_trick(tricks)
    card_points = _per_team(raw, "card_points", CARD_POINTS_TOTAL)
    if card_points is None and capot_team:
        card_points = {t: CARD_POINTS_TOTAL * (t == capot_team) for t in TEAMS}
    if card_points is None:
        raise RuleViolation(N_("Give the card points (without the last trick) of at least one team"),
                            field="card_points")
    last_trick = pick(raw, "last_trick", TEAMS, NOT_A_LAST_TRICK,
                       required=None if capot_team else NO_LAST_TRICK)
    last_trick = last_trick or capot_team
    belote = pick(raw, "belote", TEAMS, NOT_A_BELOTE)
    if tricks:
        for side in TEAMS:
            if tricks[side] == 0 and card_points[side]:
                raise RuleViolation(N_("%(team)s took no trick, so they cannot have %(points)d card points"),
                                    field="card_points", team=TEAM_LABELS[side], points=card_points[side])
            if tricks[side] == 0 and last_trick == side:
                raise RuleViolation(N_("%(team)s took no trick, so they cannot have taken the last one"),
                                    field="last_trick", team=TEAM_LABELS[side])
    defenders = OTHER_TEAM[team]
    if capot_bid and tricks is None and not card_points[defenders] and last_trick == team:
        raise RuleViolation(N_("A capot bid: say how many tricks each team took (did the bidders take "
                               "all %(tricks)d?)"), field="tricks_won", tricks=TRICKS)
    play_order = _play_order(raw, dealer)
    declared_melds = raw.get("melds")
    canonical_melds, melds = ([], ()) if declared_melds is None or declared_melds == [] \
        else _melds(declared_melds, announces=announces, play_order=play_order)  # (most deals have none: no call)
    if belote is not None and melds:  # (most deals have no melds: nothing to check, no call)
        _check_belote_against_melds(belote, str(trump), melds)
    deal = {"dealer": dealer, "bidder": bidder, "bidder_team": team, "bid": bid, "capot_bid": capot_bid,
            "trump": trump, "contre": contre, "card_points": card_points, "last_trick": last_trick,
            "tricks_won": tricks, "belote": belote, "melds": canonical_melds, "play_order": play_order}
    return deal, melds
