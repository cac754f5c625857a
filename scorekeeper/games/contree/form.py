"""The Contrée deal-entry form: one phone screen, in the bidders' terms.

The form asks "the bidding team's points" and "who took the last trick: bidders or
defenders", which is how the table says it; these functions turn that into the RULES.md §6
declarations and back. A value the form cannot even read is refused here, naming the
*form* field; everything else is left to ``read_deal``, whose fields share the form's names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import format_cards
from ...errors import N_, RuleViolation
from ..base import DealField, Options
from ..declare import form_number, form_pick, form_text, ticked
from ..melds import parse_melds
from .deal import BID_STEP, CARD_POINTS_TOTAL, MIN_BID, OTHER_TEAM, SEATS, TEAM_OF, TRICKS, check_bid

CAPOT = "capot"
USUAL_BIDS_TOP = 160  # the bids offered to tap (80 to 160); a higher one is typed (RULES §7 item 29)
BIDDERS, DEFENDERS = "bidders", "defenders"

MELD_SEPARATOR = ";"
MELD_FIELDS = {seat: f"melds_{seat}" for seat in SEATS}
MELD_LABELS = {"N": N_("Melds of N"), "E": N_("Melds of E"), "S": N_("Melds of S"), "W": N_("Melds of W")}

_WHO = ((BIDDERS, N_("Bidding team")), (DEFENDERS, N_("Defenders")))


def deal_fields(options: Options) -> tuple[DealField, ...]:
    """The inputs of one deal: contract, result and (with announces) each seat's melds."""
    bids = tuple((str(bid), str(bid)) for bid in range(MIN_BID, USUAL_BIDS_TOP + 1, BID_STEP))
    fields = [
        DealField("dealer", "seat", N_("Dealer"), "contract", required=False),
        DealField("bidder", "seat", N_("Bidder"), "contract"),
        DealField("bid", "choice", N_("Bid"), "contract", choices=(*bids, (CAPOT, N_("Capot")))),
        DealField("higher_bid", "int", N_("Higher bid"), "contract", required=False,
                  help=N_("A bid above 160, typed (170, 180…): it counts instead of the bid tapped above"),
                  minimum=MIN_BID),
        DealField("trump", "suit", N_("Trump"), "contract"),
        DealField("contre", "bool", N_("Contrée"), "contract", required=False, default=False,
                  help=N_("An opponent of the bidder doubled (×2)")),
        DealField("surcontre", "bool", N_("Surcontrée"), "contract", required=False, default=False,
                  help=N_("The bidders redoubled after the contre (×4)"), when_field="contre", when_values=("y",)),
        DealField("bidder_points", "int", N_("Bidding team's card points"), "result",
                  help=N_("As counted in their tricks, without the 10 for the last trick; none to type for a "
                          "capot"),
                  minimum=0, maximum=CARD_POINTS_TOTAL),
        DealField("defender_points", "int", N_("Defenders' card points"), "result", required=False,
                  help=N_("Optional: checked against the bidders' points (together 152)"),
                  minimum=0, maximum=CARD_POINTS_TOTAL),
        DealField("last_trick", "choice", N_("Last trick"), "result", choices=_WHO),
        DealField("capot", "bool", N_("The bidding team took every trick"), "result", required=False,
                  default=False, help=N_("Capot: all 8 tricks, so all 152 card points and the last trick")),
        DealField("belote", "choice", N_("Belote"), "result", required=False, default="",
                  choices=(("", ""), *_WHO), help=N_("The team holding K and Q of trumps, if announced")),
    ]
    if options.get("announces"):
        fields += [DealField(MELD_FIELDS[seat], "cards", MELD_LABELS[seat], "announces", required=False,
                             help=N_("Card codes such as AH KH QH; separate two melds with ;"),
                             grouped="meld")
                   for seat in SEATS]
    return tuple(fields)


def _team_of_choice(values: Mapping[str, Any], name: str, bidders: str, message: str) -> str | None:
    text = form_pick(values, name, (BIDDERS, DEFENDERS), message)
    if text is None:
        return None
    return bidders if text == BIDDERS else OTHER_TEAM[bidders]


def declarations_from_form(values: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The RULES.md §6 declarations of a filled form (not yet checked by ``read_deal``).

    :raise RuleViolation: naming the form field when a value cannot be read at all
    """
    bidder = form_text(values, "bidder")
    if bidder not in SEATS:
        raise RuleViolation(N_("Pick the bidder"), field="bidder")
    team = TEAM_OF[bidder]
    higher = form_number(values, "higher_bid", N_("Type the higher bid as a number, such as 170; got "
                                                  "“%(value)s”"))
    bid_text = str(check_bid(higher, higher, field="higher_bid")) if higher is not None \
        else form_text(values, "bid")
    if not bid_text:
        raise RuleViolation(N_("Pick the bid, or type a higher one"), field="bid")
    if bid_text != CAPOT and not (bid_text.isascii() and bid_text.isdigit()):
        raise RuleViolation(N_("The bid must be a multiple of ten from %(low)d, or capot"), field="bid",
                            low=MIN_BID)
    contre, surcontre = ticked(values, "contre"), ticked(values, "surcontre")
    if surcontre and not contre:
        raise RuleViolation(N_("A surcontre answers a contre: tick contrée too"), field="surcontre")
    points = form_number(values, "bidder_points", N_("The bidding team's card points must be a number from "
                                                      "0 to %(total)d; got “%(value)s”"),
                         at_most=CARD_POINTS_TOTAL, total=CARD_POINTS_TOTAL)
    capot = ticked(values, "capot")
    if points is None and capot:  # every trick: every card point, nothing to count
        points = CARD_POINTS_TOTAL
    if points is None:
        raise RuleViolation(N_("Type the bidding team's card points (0 to %(total)d)"), field="bidder_points",
                            total=CARD_POINTS_TOTAL)
    defender_points = form_number(values, "defender_points",
                                  N_("The defenders' card points must be a number from 0 to %(total)d; "
                                     "got “%(value)s”"),
                                  at_most=CARD_POINTS_TOTAL, total=CARD_POINTS_TOTAL)
    if defender_points is not None and points + defender_points != CARD_POINTS_TOTAL:
        raise RuleViolation(N_("%(bidders)d + %(defenders)d is not %(total)d: check both teams' card points"),
                            field="defender_points", bidders=points, defenders=defender_points,
                            total=CARD_POINTS_TOTAL)
    last_trick = _team_of_choice(values, "last_trick", team, N_("Say who took the last trick: the bidding "
                                                                "team or the defenders"))
    if last_trick is None and not capot:
        raise RuleViolation(N_("Who took the last trick?"), field="last_trick")
    if capot and points != CARD_POINTS_TOTAL:
        raise RuleViolation(N_("A capot takes every trick, so the bidding team's card points are %(total)d"),
                            field="bidder_points", total=CARD_POINTS_TOTAL)
    if bid_text == CAPOT and not capot and points == CARD_POINTS_TOTAL and last_trick == team:
        raise RuleViolation(N_("The bidders have every card point and the last trick: tick capot if they "
                               "took every trick"), field="capot")
    declarations: dict[str, Any] = {
        "dealer": form_text(values, "dealer") or None,
        "bidder": bidder,
        "bid": None if bid_text == CAPOT else int(bid_text),
        "capot_bid": bid_text == CAPOT,
        "trump": form_text(values, "trump") or None,
        "contre": "surcontre" if surcontre else "contre" if contre else "none",
        "card_points": {team: points},
        "last_trick": last_trick or team,
        "tricks_won": {team: TRICKS, OTHER_TEAM[team]: 0} if capot else None,
        "belote": _team_of_choice(values, "belote", team, N_("Say who held the belote: the bidding team, the "
                                                            "defenders or nobody")),
    }
    if options.get("announces"):
        declarations["melds"] = [{"seat": seat, "cards": format_cards(meld.cards).split()}
                                 for seat in SEATS
                                 for meld in parse_melds(form_text(values, MELD_FIELDS[seat]), seat=seat,
                                                              field=MELD_FIELDS[seat])]
    return declarations


def form_from_declarations(deal: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The form values that show canonical declarations again (for editing a deal).

    The form speaks of one bidder's seat, a capot or not, and no trick counts: a deal
    recorded through the API with only ``bidder_team``, or with ``tricks_won`` other than a
    capot, comes back without them (the table fills the bidder in again).
    """
    team = deal["bidder_team"]

    def who(value: str | None) -> str:
        return "" if value is None else BIDDERS if value == team else DEFENDERS

    tricks = deal.get("tricks_won")
    values: dict[str, Any] = {
        "dealer": deal.get("dealer") or "",
        "bidder": deal.get("bidder") or "",
        "bid": CAPOT if deal["capot_bid"] else str(deal["bid"]) if deal["bid"] <= USUAL_BIDS_TOP else "",
        "higher_bid": str(deal["bid"]) if not deal["capot_bid"] and deal["bid"] > USUAL_BIDS_TOP else "",
        "trump": deal["trump"],
        "contre": deal["contre"] in ("contre", "surcontre"),
        "surcontre": deal["contre"] == "surcontre",
        "bidder_points": str(deal["card_points"][team]),
        "defender_points": "",
        "last_trick": who(deal["last_trick"]),
        "capot": bool(tricks) and tricks[team] == TRICKS,
        "belote": who(deal.get("belote")),
    }
    if options.get("announces"):
        for seat in SEATS:
            values[MELD_FIELDS[seat]] = f" {MELD_SEPARATOR} ".join(
                " ".join(meld["cards"]) for meld in deal.get("melds") or () if meld["seat"] == seat)
    return values
