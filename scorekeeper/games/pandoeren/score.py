"""Scoring one Pandoeren deal (RULES.md §4.4) with the lines a referee reads aloud.

Made: the declarer and the partner each add the contract's value; failed: each subtracts
it; alone: only the declarer; the others' scores do not change. The lines add up: the
points line sums what the verdict compares, and the score line names every change.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ...cards import SUIT_SYMBOLS, Card, Rank, Suit
from ...errors import N_
from .. import jass
from ..base import MatchResult, Options, Say, ScoredDeal, highest_total
from .contracts import Kind, Partner
from .deal import SEATS, Deal, trick_verdict
from .roem import CARD_POINTS, LAST_TRICK, PANDOEREN_ORDERS, STUK, RoemVerdict, judge_roem

_PLAYS = MappingProxyType({  # (partner kind or "alone", trumps, called card known) -> the contract line
    ("called", True, True): N_("%(declarer)s plays %(contract)s %(suit)s with %(partner)s, who holds the "
                               "called %(card)s"),
    ("called", True, False): N_("%(declarer)s plays %(contract)s %(suit)s with %(partner)s"),
    ("called", False, True): N_("%(declarer)s plays %(contract)s without trumps with %(partner)s, who holds "
                                "the called %(card)s"),
    ("called", False, False): N_("%(declarer)s plays %(contract)s without trumps with %(partner)s"),
    ("jas", True, True): N_("%(declarer)s plays %(contract)s %(suit)s with %(partner)s, who holds the %(card)s"),
    ("held", True, True): N_("%(declarer)s plays %(contract)s %(suit)s alone: she holds the %(card)s"),
    ("discarded", True, True): N_("%(declarer)s plays %(contract)s %(suit)s alone: she discarded the %(card)s"),
    ("alone", True, False): N_("%(declarer)s plays %(contract)s %(suit)s alone"),
    ("alone", False, False): N_("%(declarer)s plays %(contract)s without trumps, alone"),
})
_SUMMARY = MappingProxyType({
    (True, True): N_("%(contract)s %(suit)s — %(side)s"),
    (True, False): N_("%(contract)s — %(side)s"),
    (False, True): N_("%(contract)s %(suit)s — %(side)s alone"),
    (False, False): N_("%(contract)s — %(side)s alone"),
})
_POINTS = MappingProxyType({  # (last trick, roem, stuk) -> the side's points (RULES §4.3 number contracts)
    (False, False, False): N_("%(side)s: %(cards)d card points"),
    (True, False, False): N_("%(side)s: %(cards)d card points + %(last)d last trick = %(points)d"),
    (False, True, False): N_("%(side)s: %(cards)d card points + %(roem)d roem = %(points)d"),
    (True, True, False): N_("%(side)s: %(cards)d card points + %(last)d last trick + %(roem)d roem = %(points)d"),
    (False, False, True): N_("%(side)s: %(cards)d card points + %(stuk)d stuk = %(points)d"),
    (True, False, True): N_("%(side)s: %(cards)d card points + %(last)d last trick + %(stuk)d stuk = %(points)d"),
    (False, True, True): N_("%(side)s: %(cards)d card points + %(roem)d roem + %(stuk)d stuk = %(points)d"),
    (True, True, True): N_("%(side)s: %(cards)d card points + %(last)d last trick + %(roem)d roem + %(stuk)d "
                           "stuk = %(points)d"),
})
_ROEM_POINTS = MappingProxyType({  # (roem, stuk) -> Pandoer + n's roem total
    (False, False): N_("%(side)s: no valid roem and no stuk, 0"),
    (True, False): N_("%(side)s: %(roem)d roem"),
    (False, True): N_("%(side)s: %(stuk)d stuk"),
    (True, True): N_("%(side)s: %(roem)d roem + %(stuk)d stuk = %(points)d"),
})
MADE = N_("%(contract)s is worth %(value)d: %(reason)s, made: %(changes)s")
FAILED = N_("%(contract)s is worth %(value)d: %(reason)s, failed: %(changes)s")


def _side(deal: Deal) -> str:
    return " + ".join(deal.side)


def _contract_line(deal: Deal) -> Say:
    declared, contract = deal.declared, deal.contract
    trump = declared["trump"]
    params: dict[str, Any] = {"declarer": declared["declarer"], "contract": contract.name,
                              "partner": declared["partner"] or "", "card": ""}
    if trump:
        params["suit"] = SUIT_SYMBOLS[Suit(trump)]
    mode = contract.partner.value
    if contract.partner is Partner.JAS:
        params["card"] = Card(Rank.JACK, Suit(trump)).label
        mode = "jas" if declared["partner"] else "discarded" if declared["discard"] == str(
            Card(Rank.JACK, Suit(trump))) else "held"
    elif declared["called_card"]:
        params["card"] = Card.parse(declared["called_card"]).label
    return Say(_PLAYS[mode, bool(trump), bool(params["card"])], params)


def _stuk_lines(deal: Deal) -> tuple[int, list[Say]]:
    stuk = deal.declared["stuk"]
    if stuk is None:
        return 0, []
    if stuk in deal.side:
        return STUK, [Say(N_("%(seat)s holds stuk: %(stuk)d, never denied"), {"seat": stuk, "stuk": STUK})]
    return 0, [Say(N_("%(seat)s holds stuk but is an opponent: opponents never score roem"), {"seat": stuk})]


def _roem(deal: Deal) -> RoemVerdict | None:
    if not any(deal.roem.values()):
        return None
    return judge_roem(deal.roem, declarer=deal.declared["declarer"], partner=deal.declared["partner"],
                      bidders=deal.declared["bidders"])


def _number(deal: Deal, verdict: RoemVerdict | None, stuk: int) -> tuple[bool, int, list[Say], Say]:
    """RULES §4.3: card points + 5 for the last trick + valid roem + stuk >= the number."""
    declared = deal.declared
    lines = []
    if declared["discard"]:
        trump = declared["trump"]
        lost = jass.card_points(declared["discard"], trump, orders=PANDOEREN_ORDERS)
        lines.append(Say(N_("%(declarer)s discarded the %(card)s (%(lost)d): the tricks hold %(available)d "
                            "card points"), {"declarer": declared["declarer"], "lost": lost,
                                             "card": Card.parse(declared["discard"]).label,
                                             "available": CARD_POINTS - lost}))
    last = LAST_TRICK * (declared["last_trick_team"] == "declarer")
    roem = verdict.points if verdict else 0
    total = declared["team_card_points"] + last + roem + stuk
    number = int(deal.contract.number or 0)
    lines.append(Say(_POINTS[bool(last), bool(roem), bool(stuk)],
                     {"side": _side(deal), "cards": declared["team_card_points"], "last": last, "roem": roem,
                      "stuk": stuk, "points": total}))
    params = {"points": total, "number": number}
    made = total >= number
    return made, total, lines, Say(N_("%(points)d ≥ %(number)d") if made else N_("%(points)d < %(number)d"), params)


def _tricks(deal: Deal, options: Options) -> Say:
    declared = deal.declared
    if declared["tricks_won_by"] is not None:
        return trick_verdict(deal.contract, declared["tricks_won_by"], declared["declarer"], declared["partner"],
                             options)[1]
    if deal.contract.kind is Kind.PANDOER_PLUS:
        return Say(N_("the table declares all 8 tricks won") if declared["made"] else
                   N_("the table declares a trick lost"))
    return Say(N_("the table declares the objective met") if declared["made"] else
               N_("the table declares the objective missed"))


def _pandoer_plus(deal: Deal, verdict: RoemVerdict | None, stuk: int,
                  options: Options) -> tuple[bool, int, list[Say], Say]:
    """RULES §4.3: all 8 tricks, and valid roem + stuk >= n."""
    roem = verdict.points if verdict else 0
    total = roem + stuk
    number = int(deal.contract.number or 0)
    line = Say(_ROEM_POINTS[bool(roem), bool(stuk)], {"side": _side(deal), "roem": roem, "stuk": stuk,
                                                      "points": total})
    if not deal.declared["made"]:
        return False, total, [line], _tricks(deal, options)
    params = {"points": total, "number": number, "tricks": _tricks(deal, options)}
    if total >= number:
        return True, total, [line], Say(N_("%(tricks)s and %(points)d ≥ %(number)d in roem and stuk"), params)
    return False, total, [line], Say(N_("%(tricks)s, but %(points)d < %(number)d in roem and stuk"), params)


def score(deal: Deal, options: Options) -> ScoredDeal:
    """Score a deal checked by ``read_declarations`` (RULES.md §4.3, §4.4 and its options)."""
    declared, contract = deal.declared, deal.contract
    lines = [_contract_line(deal), contract.objective(declared["declarer"], declared["partner"])]
    verdict = _roem(deal) if contract.uses_roem else None
    stuk, stuk_lines = _stuk_lines(deal)
    lines += [*(verdict.lines if verdict else ()), *stuk_lines]
    team_points = None
    if contract.kind is Kind.NUMBER:
        made, team_points, more, reason = _number(deal, verdict, stuk)
        lines += more
    elif contract.kind is Kind.PANDOER_PLUS:
        made, _, more, reason = _pandoer_plus(deal, verdict, stuk, options)
        lines += more
    else:
        made, reason = bool(declared["made"]), _tricks(deal, options)
    value = contract.value
    change = value if made else -value
    result = {seat: change if seat in deal.side else 0 for seat in SEATS}
    changes = ", ".join(f"{seat} {change:+d}" for seat in deal.side)
    lines.append(Say(MADE if made else FAILED, {"contract": contract.name, "value": value, "reason": reason,
                                                "changes": changes}))
    trump = declared["trump"]
    summary = Say(_SUMMARY[declared["partner"] is not None, bool(trump)],
                  {"contract": contract.name, "suit": SUIT_SYMBOLS[Suit(trump)] if trump else "",
                   "side": _side(deal)})
    answer = {
        "made": made, "contract": contract.name, "value": value, "declarer": declared["declarer"],
        "partner": declared["partner"], "team_points": team_points,
        "roem_valid": verdict.valid if verdict else None, "roem_points": verdict.points if verdict else 0,
        "stuk_points": stuk, "score": dict(result),
    }
    return ScoredDeal(made=made, score=result, lines=tuple(lines), answer=answer, summary=summary)


def agreed_result(totals: Mapping[str, int], played: int, options: Options) -> MatchResult | None:
    """Option ``agreed_deals`` (a house agreement; RULES.md §7 item 14 gives no end): after that
    many deals the highest total wins; equal highest totals are a draw. None while it goes on."""
    agreed = options["agreed_deals"]
    if not agreed or played < agreed:
        return None
    top, leaders = highest_total({seat: totals[seat] for seat in SEATS})
    params = {"deals": agreed, "total": top, "seats": ", ".join(leaders), "seat": leaders[0]}
    if len(leaders) > 1:
        return MatchResult(None, True, (Say(N_("After the agreed %(deals)d deals %(seats)s share the highest "
                                               "total, %(total)d: a draw"), params),))
    return MatchResult(leaders[0], False, (Say(N_("After the agreed %(deals)d deals %(seat)s has the highest "
                                                  "total, %(total)d, and wins"), params),))


REVOKE_DECLARERS = N_("%(seat)s, on the declarer's side, revoked: %(contract)s fails whatever the play "
                      "(RULES §8): %(changes)s")
REVOKE_OPPONENT = N_("%(seat)s, an opponent, revoked: %(contract)s is made whatever the play (RULES §8): "
                     "%(changes)s")
REVOKE_EXTRA = N_("%(seat)s alone also loses the contract's value once more: %(before)d − %(value)d = %(total)d")
REVOKE_NO_EXTRA = N_("House rule: no extra loss for the revoke, %(seat)s loses no more")
REVOKE_SCORE = N_("Score: %(changes)s")


def _changes(result: Mapping[str, int], seats: tuple[str, ...]) -> str:
    return ", ".join(f"{seat} {result[seat]:+d}" if result[seat] else f"{seat} 0" for seat in seats)


def revoke(deal: Deal, at_fault: str, options: Options) -> tuple[dict[str, int], list[Say]]:
    """A deal (its contract and side, checked by ``read_declarations`` with ``played`` False) with
    a revoke by the seat ``at_fault`` (RULES.md §8): by the declarer's side the contract fails,
    by an opponent it is made (§4.4: the declarer and the partner each add or subtract the
    contract's value); then the offender alone loses that value once more (option
    ``revoke_extra_penalty``)."""
    contract, value = deal.contract, deal.contract.value
    change = -value if at_fault in deal.side else value
    result = {seat: change if seat in deal.side else 0 for seat in SEATS}
    params = {"seat": at_fault, "contract": contract.name, "changes": _changes(result, deal.side)}
    lines = [_contract_line(deal), Say(REVOKE_DECLARERS if at_fault in deal.side else REVOKE_OPPONENT, params)]
    if options["revoke_extra_penalty"]:
        before = result[at_fault]
        result[at_fault] -= value
        lines.append(Say(REVOKE_EXTRA, {"seat": at_fault, "before": before, "value": value,
                                        "total": result[at_fault]}))
    else:
        lines.append(Say(REVOKE_NO_EXTRA, {"seat": at_fault}))
    lines.append(Say(REVOKE_SCORE, {"changes": _changes(result, SEATS)}))
    return result, lines
