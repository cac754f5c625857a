"""Scoring one deal of classic Belote (RULES.md §1.3-§1.6 for four players, §1.10 for three).

:func:`score` takes a deal checked by ``belote.deal.read_declarations`` and answers the
RULES.md §6 fields with an explanation whose every line adds up, as a referee reads it out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ...cards import SUIT_SYMBOLS, Suit
from ...errors import N_
from .. import jass
from ..base import Say, ScoredDeal
from ..melds import Meld, compare_melds
from .deal import SEATS, TRICKS, Seating, label, seating

LAST_TRICK = jass.LAST_TRICK  # RULES §1.5: 10 for the last trick ("dix de der")
CAPOT_BONUS = 100  # RULES §1.5: a capot team gets 100 instead of 10 for the last trick
CAPOT_88 = 88  # RULES §1.5 option capot_88: 88 on top of the normal 10
BELOTE = jass.BELOTE  # RULES §1.4: K + Q of trumps, 20 each
MULTIPLIERS = MappingProxyType({jass.Contract.SUIT: 1, jass.Contract.SANS_ATOUT: 2,
                                jass.Contract.TOUT_ATOUT: 3})  # RULES §1.6: mult (§7 item 19 for three)

# -- the words of an explanation -----------------------------------------------------------------

TAKES = {
    "seat": N_("%(taker)s (%(team)s) takes %(contract)s"),
    "team": N_("%(team)s take %(contract)s"),
    "alone": N_("%(taker)s takes %(contract)s"),
}
CONTRACT_NAMES = {
    jass.Contract.SANS_ATOUT: N_("sans atout: every score ×%(multiplier)d"),
    jass.Contract.TOUT_ATOUT: N_("tout atout: every score ×%(multiplier)d"),
}
SUMMARIES = {
    (jass.Contract.SUIT, "seat"): N_("%(suit)s — %(taker)s takes"),
    (jass.Contract.SUIT, "team"): N_("%(suit)s — %(team)s take"),
    (jass.Contract.SANS_ATOUT, "seat"): N_("Sans atout — %(taker)s takes (×%(multiplier)d)"),
    (jass.Contract.SANS_ATOUT, "team"): N_("Sans atout — %(team)s take (×%(multiplier)d)"),
    (jass.Contract.TOUT_ATOUT, "seat"): N_("Tout atout — %(taker)s takes (×%(multiplier)d)"),
    (jass.Contract.TOUT_ATOUT, "team"): N_("Tout atout — %(team)s take (×%(multiplier)d)"),
}
LITIGE_SUMMARY = N_("%(contract)s, litige")
PLUS = N_("%(first)s + %(second)s")
CARDS = N_("%(points)d card points")
LAST = N_("%(points)d last trick")
CAPOT = N_("%(points)d capot")
MELDS = N_("%(points)d melds")
BELOTES = N_("%(points)d belote")
ALL_CARDS = N_("%(points)d for all the cards")
ONE_PART = N_("%(side)s: %(parts)s")
SUM = N_("%(side)s: %(parts)s = %(total)d")
NOTHING = N_("%(side)s: %(total)d")
TIMES = N_("%(side)s: %(before)d × %(multiplier)d = %(total)d")
TAKE_ALL = N_("%(side)s take everything: %(parts)s = %(total)d")
KEEP_BELOTE = N_("%(side)s keep their belote: %(total)d")
KEEPS_BELOTE = N_("%(side)s keeps the belote: %(total)d")  # one player (three at the table)
RECEIVE = N_("%(side)s receive %(pending)d points held from the litige: %(before)d + %(pending)d = %(total)d")
FINAL = N_("Score: %(scores)s")


def _plus(parts: Sequence[Say]) -> Say:
    """``a + b + c`` as one Say, so that each part stays translatable."""
    said = parts[0]
    for part in parts[1:]:
        said = Say(PLUS, {"first": said, "second": part})
    return said


@dataclass(slots=True)
class _Tally:
    """One side's score built step by step, each step a line whose arithmetic adds up."""

    side: str
    total: int = 0
    lines: list[Say] = field(default_factory=list)

    def step(self, template: str, total: int, **params: Any) -> _Tally:
        self.lines.append(Say(template, {"side": label(self.side), "before": self.total, "total": total,
                                         **params}))
        self.total = total
        return self

    def parts(self, template: str, parts: Sequence[Say]) -> _Tally:
        """Start from a sum of named parts (cards, melds, belote)."""
        total = sum(int(part.params["points"]) for part in parts)
        return self.step(template, total, parts=_plus(parts))

    def times(self, multiplier: int) -> _Tally:
        return self.step(TIMES, self.total * multiplier, multiplier=multiplier) if multiplier > 1 else self

    def done(self) -> _Tally:
        return self if self.lines else self.step(NOTHING, self.total)


# -- melds -----------------------------------------------------------------------------------------

def relabel(said: Sequence[Say]) -> list[Say]:
    """Lines from :func:`compare_melds` with sides shown as ``N–S``/``E–W``."""
    return [Say(say.template, {**say.params, "side": label(str(say.params["side"]))})
            if "side" in say.params else say for say in said]


def meld_verdict(melds: Sequence[Meld], table: Seating, trump: str | None, contract: jass.Contract,
                 play_order: Sequence[str] | None, options: Mapping[str, Any]
                 ) -> tuple[dict[str, int], str | None, list[Say]]:
    """RULES §1.3: counted melds per side, the side that scores them, and why."""
    counted = dict.fromkeys(table.sides, 0)
    if not melds:
        return counted, None, []
    # Without a play order the melds are one side's (``read_declarations``): any order will do.
    verdict = compare_melds(melds, trump=trump, contract=contract,
                            play_order=tuple(play_order or table.seats), side_of=table.side_of,
                            sa_four_values=str(options["sa_four_values"]),
                            reuse=bool(options["meld_card_reuse"]))
    counted.update({side: verdict.counted.get(side, 0) for side in table.sides})
    return counted, verdict.winner_side, relabel(verdict.reason)


# -- one deal --------------------------------------------------------------------------------------

def _contract_lines(deal: Mapping[str, Any], table: Seating, contract: jass.Contract,
                    mult: int) -> tuple[Say, Say]:
    """The opening line and the summary for the sheet."""
    taker, team = deal["taker"], deal["taker_team"]
    who = "alone" if table.players != len(SEATS) else "seat" if taker else "team"
    name: object = (SUIT_SYMBOLS[Suit(deal["trump"])] if contract is jass.Contract.SUIT
                    else Say(CONTRACT_NAMES[contract], {"multiplier": mult}))
    params = {"taker": taker or "", "team": label(team), "contract": name, "multiplier": mult,
              "suit": SUIT_SYMBOLS[Suit(deal["trump"])] if deal["trump"] else ""}
    summary = Say(SUMMARIES[contract, "team" if who == "team" else "seat"], params)
    return Say(TAKES[who], params), summary


def _verdict(table: Seating, taker: str, decide: Mapping[str, int], litige: bool,
             excluding: bool) -> tuple[bool | None, list[Say]]:
    """Made (strictly more than every other side), failed, or a litige (RULES §1.6, §1.10)."""
    lines = [Say(N_("Only card points decide: melds and belote are left out of the test"))] \
        if excluding else []
    rival = max(table.others(taker), key=lambda side: decide[side])
    params = {"taker": label(taker), "points": decide[taker], "other": label(rival),
              "other_points": decide[rival]}
    if decide[taker] > decide[rival]:
        return True, [*lines, Say(N_("%(taker)s %(points)d > %(other)s %(other_points)d: the takers make it")
                                  if table.players == len(SEATS) else
                                  N_("%(taker)s %(points)d > %(other)s %(other_points)d, the best of the "
                                     "others: the taker makes it"), params)]
    if decide[taker] == decide[rival] and litige:
        return None, [*lines, Say(N_("%(taker)s %(points)d = %(other)s %(other_points)d: litige — the "
                                     "takers' points wait for the winner of the next deal"), params)]
    if decide[taker] == decide[rival]:
        return False, [*lines, Say(N_("%(taker)s %(points)d = %(other)s %(other_points)d: a tie fails — "
                                      "dedans"), params)]
    return False, [*lines, Say(N_("%(taker)s %(points)d < %(other)s %(other_points)d: dedans, the contract "
                                  "fails"), params)]


def score(deal: Mapping[str, Any], melds: tuple[Meld, ...], options: Mapping[str, Any]) -> ScoredDeal:
    """Score a deal checked by ``read_declarations`` (RULES §1.3-§1.6, §1.10 and every option)."""
    table = seating(options)
    four = table.players == len(SEATS)
    contract = jass.Contract(deal["contract"])
    mult = MULTIPLIERS[contract]
    taker = deal["taker_team"]
    tricks = deal["tricks_won"]
    capot = next((side for side in table.sides if tricks and tricks[side] == TRICKS), None)
    opening, summary = _contract_lines(deal, table, contract, mult)
    lines = [opening]
    if options["no_melds"]:
        if melds:
            lines.append(Say(N_("No melds in this match: the melds declared are ignored (belote still "
                                "counts)")))
        melds = ()
    if capot is not None:
        lines.append(Say(N_("%(side)s took every trick: capot"), {"side": label(capot)}))
        void = [meld for meld in melds if table.side_of(str(meld.seat)) != capot]
        if void:
            lines.append(Say(N_("Whoever took no trick loses its melds: %(melds)s count nothing"),
                             {"melds": ", ".join(meld.label for meld in void)}))
        melds = tuple(meld for meld in melds if table.side_of(str(meld.seat)) == capot)
    counted, meld_winner, meld_lines = meld_verdict(melds, table, deal["trump"], contract, deal["play_order"],
                                                    options)
    lines += meld_lines
    belotes = deal["belotes"] or {side: int(deal["belote"] == side) for side in table.sides}
    belote = {side: BELOTE * belotes[side] for side in table.sides}
    cards: dict[str, int] = {}
    totals: dict[str, int] = {}
    card_parts: dict[str, list[Say]] = {}
    for side in table.sides:
        parts = [Say(CARDS, {"points": deal["trick_points"][side]})]
        if side == capot:
            if options["capot_88"]:
                parts += [Say(LAST, {"points": LAST_TRICK}), Say(CAPOT, {"points": CAPOT_88})]
            else:
                parts.append(Say(CAPOT, {"points": CAPOT_BONUS}))
        elif side == deal["last_trick"]:
            parts.append(Say(LAST, {"points": LAST_TRICK}))
        cards[side] = sum(int(part.params["points"]) for part in parts)
        card_parts[side] = parts
        extras = [Say(MELDS, {"points": counted[side]})] if counted[side] else []
        extras += [Say(BELOTES, {"points": belote[side]})] if belote[side] else []
        tally = _Tally(side).parts(SUM if len(parts) + len(extras) > 1 else ONE_PART, parts + extras)
        totals[side] = tally.total
        lines += tally.lines
    decide = cards if options["compare_excluding_melds"] else totals
    made, verdict_lines = _verdict(table, taker, decide, bool(options["litige"]) and four,
                                   bool(options["compare_excluding_melds"]))
    lines += verdict_lines
    tallies = {side: _Tally(side) for side in table.sides}
    pending_in, pending_out = int(deal["litige_pending"]), 0
    if made:
        for side in table.sides:
            tallies[side].step(NOTHING, totals[side]).times(mult)
    elif made is None:  # litige: the defenders score their own, the takers' total waits (§7 item 21)
        for side in table.others(taker):
            tallies[side].step(NOTHING, totals[side]).times(mult)
        pending_out = pending_in + totals[taker] * mult
        held = {"side": label(taker), "held": totals[taker] * mult, "earlier": pending_in,
                "pending": pending_out}
        tallies[taker].lines.append(Say(N_("%(side)s: 0 now; %(held)d held for the winner of the next deal "
                                           "(%(held)d + %(earlier)d from the earlier litige = %(pending)d)")
                                        if pending_in else
                                        N_("%(side)s: 0 now; %(held)d held for the winner of the next deal"),
                                        held))
    elif four:
        defenders = table.others(taker)[0]
        kept = options["belote_kept_when_dedans"]
        parts = [Say(ALL_CARDS, {"points": sum(cards.values())})]
        parts += [Say(MELDS, {"points": sum(counted.values())})] if any(counted.values()) else []
        given = sum(belote.values()) - (belote[taker] if kept else 0)
        parts += [Say(BELOTES, {"points": given})] if given else []
        tallies[defenders].parts(TAKE_ALL, parts).times(mult)
        if kept and belote[taker]:
            tallies[taker].step(KEEP_BELOTE, belote[taker]).times(mult)
    else:  # three players: the taker 0, the others their own totals (§7 item 6)
        for side in table.others(taker):
            tallies[side].step(NOTHING, totals[side]).times(mult)
        if options["belote_kept_when_dedans"] and belote[taker]:
            tallies[taker].step(KEEPS_BELOTE, belote[taker]).times(mult)
    if pending_in and made is not None:
        winner = taker if made else table.others(taker)[0]
        tally = tallies[winner]
        tally.step(RECEIVE, tally.total + pending_in, pending=pending_in)
    result = {side: tallies[side].done().total for side in table.sides}
    for side in table.sides:
        lines += tallies[side].lines
    lines.append(Say(FINAL, {"scores": ", ".join(f"{label(side)} {result[side]}" for side in table.sides)}))
    answer = {
        "made": made, "litige": made is None, "capot": capot, "meld_winner": meld_winner,
        "counted_melds": dict(counted), table.totals_field: dict(totals), "score": dict(result),
        "litige_pending": pending_out, table.taker_field: taker, "multiplier": mult,
    }
    if made is None:
        summary = Say(LITIGE_SUMMARY, {"contract": summary})
    return ScoredDeal(made=made, score=result, lines=tuple(lines), answer=answer, summary=summary)


def revoke(deal: Mapping[str, Any], melds: tuple[Meld, ...], at_fault: str,
           options: Mapping[str, Any]) -> tuple[dict[str, int], list[Say]]:
    """A deal checked by ``read_declarations`` with a revoke by ``at_fault`` (RULES.md §8): four
    players, the side at fault 0 and the other the deal's whole total plus every counted meld,
    multiplied as the contract is, each belote with its holder (option ``revoke_belote_to_opponents``:
    the offenders' belote goes to the other side too); three players, the player at fault 0 and the
    others their own points as if the deal were played out (the option changes nothing there)."""
    table = seating(options)
    played = score({**deal, "litige_pending": 0}, melds, options)
    mult = int(played.answer["multiplier"])
    tallies = {side: _Tally(side) for side in table.sides}
    if table.players == len(SEATS):
        other = table.others(at_fault)[0]
        belotes = deal["belotes"] or {side: int(deal["belote"] == side) for side in table.sides}
        counted = sum(played.answer["counted_melds"].values())
        parts = [Say(ALL_CARDS, {"points": sum(deal["trick_points"].values()) + LAST_TRICK})]
        parts += [Say(MELDS, {"points": counted})] if counted else []
        given = options["revoke_belote_to_opponents"]  # §8's option: the offenders' belote goes over
        taken = belotes[other] + belotes[at_fault] * given
        parts += [Say(BELOTES, {"points": BELOTE * taken})] if taken else []
        tallies[other].parts(TAKE_ALL, parts).times(mult)
        if belotes[at_fault] and not given:
            tallies[at_fault].step(KEEP_BELOTE, BELOTE * belotes[at_fault]).times(mult)
    else:
        for side in table.others(at_fault):
            tallies[side].step(NOTHING, played.answer[table.totals_field][side]).times(mult)
    result = {side: tallies[side].done().total for side in table.sides}
    lines = [line for side in table.sides for line in tallies[side].lines]
    lines.append(Say(FINAL, {"scores": ", ".join(f"{label(side)} {result[side]}" for side in table.sides)}))
    return result, lines
