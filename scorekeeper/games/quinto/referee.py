"""Quinto referee questions (RULES.md §5.1, §5.2, §5.4, §5.5): plain JSON-ready answers
(RULES.md §6 names) and the lines a referee reads out.

``trick_winner`` (the highest card wins, whatever was led), ``legal_play`` (follow suit; the
joker always; the joker-lead rule), ``doubling`` (is a sequence of calls valid, and what does
it make a trick worth), ``rubber`` (finished games -> the rubber), ``game_end`` (totals before
a deal and the deal -> the game's end) and ``live_deal`` (the running state of a deal in play).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...cards import JOKER, SUIT_SYMBOLS, Card, format_cards
from ...errors import N_, RuleViolation
from ..base import Options, Ruling, Say, take
from . import cards as quinto_cards
from .cards import (
    ALL_QUINTS,
    CACHETTE_SIZE,
    HAND_SIZE,
    MULTIPLIERS,
    SEATS,
    TEAM_LABELS,
    TEAM_OF,
    TEAMS,
    TRICK_SIZE,
    TRICK_VALUE,
    TRICKS,
    check_calls,
    describe,
    led_suit,
    legal_cards,
    play_order_after,
    quints_in,
    read_calls,
    read_cards,
    shown,
)
from .deal import MAX_TOTAL, read_declarations
from .score import LIVE, RUBBER_BONUS, STRICT, TARGET, GameOver, game_over, labels, over_before, play, rubber

CALL_WORDS = {"pass": N_("pass"), "double": N_("double"), "redouble": N_("redouble")}
QUADDOUBLE = N_("quaddouble")


def _labels(cards: Iterable[Card]) -> str:
    return format_cards(cards, symbols=True)


def trick_winner(trick: object, leader: object = None) -> Ruling:
    """RULES §5.1: the highest card in the trick wins, whatever was led; the joker never does.
    ``winner`` is the index in ``trick`` (0 = led); with ``leader`` (the seat that led) also the
    winning ``seat`` and ``team``."""
    cards = read_cards(trick, field="trick", most=TRICK_SIZE, params={})
    if not cards:
        raise RuleViolation(N_("Give the cards of the trick in play order, the card led first"), field="trick")
    if leader is not None and (not isinstance(leader, str) or leader not in SEATS):
        raise RuleViolation(N_("The leader must be one of %(seats)s; got “%(value)s”"), field="leader",
                            seats=", ".join(SEATS), value=shown(leader))
    index = quinto_cards.trick_winner(cards)
    if index is None:
        return Ruling({"winner_index": None, "winning_card": None, "seat": None, "team": None},
                      (Say(N_("Only the joker is on the table, and the joker never wins: the next card will")),))
    card = cards[index]
    params = {"card": card.label, "position": index + 1}
    lines = [Say(N_("The %(card)s (card %(position)d) wins: the highest card in the trick; suits rank ♥ ♦ ♣ ♠, "
                    "then A down to 2"), params)]
    led = next(c for c in cards if c != JOKER) if cards[0] == JOKER else cards[0]
    if card.suit != led.suit:
        lines.append(Say(N_("A higher suit than the suit led wins as a trump would: %(suit)s over %(led)s"),
                         {"suit": SUIT_SYMBOLS[card.suit], "led": SUIT_SYMBOLS[led.suit]}))
    if JOKER in cards:
        lines.append(Say(N_("The joker is the lowest card: it never wins a trick")))
    seat = None if leader is None else play_order_after(SEATS[SEATS.index(leader) - 1])[index]
    return Ruling({"winner_index": index, "winning_card": str(card), "seat": seat, "team": TEAM_OF[seat] if seat else None},
                  tuple(lines))


def legal_play(hand: object, trick_so_far: object, joker_lead_rule: bool) -> Ruling:
    """RULES §5.5: follow the suit led if you can, else any card; the joker may always be played;
    after a joker lead the next card sets the suit (option ``joker_lead_rule``; without it every
    player may play any card after a joker lead, §7 item 27)."""
    cards = read_cards(hand, field="hand", most=HAND_SIZE, params={})
    if not cards:
        raise RuleViolation(N_("Give the cards of the hand"), field="hand")
    played = read_cards(trick_so_far, field="trick_so_far", most=TRICK_SIZE - 1, params={})
    shared = [card for card in played if card in cards]
    if shared:
        raise RuleViolation(N_("%(card)s cannot be both in the hand and on the table"), field="trick_so_far",
                            card=shared[0].label)
    suit = led_suit(played, joker_lead_rule)
    legal = [card for card in cards if card in legal_cards(cards, played, joker_lead_rule)]
    why = None
    if not played:
        why = Say(N_("You lead: any card may be played"))
    elif played[0] == JOKER and not joker_lead_rule:
        why = Say(N_("The joker was led: without the joker-lead rule, any card may be played"))
    elif played[0] == JOKER and len(played) == 1:
        why = Say(N_("The joker was led: play any card, and its suit becomes the suit led"))
    lines: list[Say] = []
    refused: dict[str, Say] = {}
    if suit is not None:
        params = {"suit": SUIT_SYMBOLS[suit], "card": played[1].label if played[0] == JOKER else ""}
        if played[0] == JOKER:
            lines.append(Say(N_("The joker was led and the %(card)s set the suit: %(suit)s"), params))
        if any(card.suit == suit for card in cards):
            follow = Say(N_("%(suit)s was led and you hold %(suit)s: you must follow suit"), params)
            refused = {str(card): follow for card in cards if card not in legal}
            lines.append(follow)
            if JOKER in cards:
                lines.append(Say(N_("The joker may always be played")))
        else:
            lines.append(Say(N_("%(suit)s was led and you hold none: any card may be played"), params))
    first = (Say(N_("Any card may be played: %(cards)s"), {"cards": _labels(legal)}) if len(legal) == len(cards)
             else Say(N_("Playable: %(cards)s"), {"cards": _labels(legal)}))
    lines = [first, *([why] if why else []), *lines]
    return Ruling({"legal": [str(card) for card in legal], "refused": refused,
                   "led_suit": None if suit is None else suit.value},
                  tuple(lines))


def doubling(calls: object, dealer: object, redouble_name: str) -> Ruling:
    """RULES §5.2, §7 item 28: ``calls`` from the dealer's left -> valid?, the multiplier, and why."""
    said = read_calls(calls)
    if dealer is not None and (not isinstance(dealer, str) or dealer not in SEATS):
        raise RuleViolation(N_("The dealer must be one of %(seats)s; got “%(value)s”"), field="dealer",
                            seats=", ".join(SEATS), value=shown(dealer))
    verdict = check_calls(said)
    order = play_order_after(dealer) if dealer else None
    lines = []
    for position, call in enumerate(said[:len(SEATS)], start=1):
        word = Say(QUADDOUBLE if call == "redouble" and redouble_name == "quaddouble" else CALL_WORDS[call])
        if order:
            lines.append(Say(N_("%(seat)s (%(team)s): %(call)s"), {"seat": order[position - 1], "call": word,
                                                                    "team": TEAM_LABELS[TEAM_OF[order[position - 1]]]}))
        else:
            lines.append(Say(N_("Call %(position)d: %(call)s"), {"position": position, "call": word}))
    value = TRICK_VALUE * MULTIPLIERS[verdict.multiplier]
    complete = len(said) == len(SEATS)
    if verdict.problem is not None:
        lines.append(verdict.problem)
    elif complete:
        lines.append(Say(N_("The round is complete: a trick is worth %(value)d (quints are never multiplied)"),
                         {"value": value}))
    else:
        lines.append(Say(N_("So far a trick is worth %(value)d; %(left)d players still to call"),
                         {"value": value, "left": len(SEATS) - len(said)}))
    return Ruling({"valid": verdict.valid, "complete": complete and verdict.valid, "multiplier": verdict.multiplier,
                   "trick_value": value, "invalid_call": verdict.position}, tuple(lines))


def _game(entry: object, number: int, tie_at_250: str) -> GameOver:
    if not isinstance(entry, Mapping) or not set(entry) <= {"totals", "winner"} or "totals" not in entry:
        raise RuleViolation(N_("Game %(game)d must be {\"totals\": {\"A\": n, \"B\": n}} with an optional "
                               "\"winner\"; got “%(value)s”"), field="games", game=number, value=shown(entry))
    raw = entry["totals"]
    if not isinstance(raw, Mapping) or set(raw) != set(TEAMS) or not all(
            isinstance(raw[team], int) and not isinstance(raw[team], bool) and 0 <= raw[team] <= MAX_TOTAL
            for team in TEAMS):
        raise RuleViolation(N_("Game %(game)d: totals must give both teams' final totals, e.g. {\"A\": 262, "
                               "\"B\": 180}"), field="games", game=number)
    totals = {team: int(raw[team]) for team in TEAMS}
    if not over_before(totals, tie_at_250):
        raise RuleViolation(N_("Game %(game)d is not over at %(team_a)s %(total_a)d, %(team_b)s %(total_b)d"),
                            field="games", game=number, **labels(totals))
    winner = None if totals["A"] == totals["B"] else "A" if totals["A"] > totals["B"] else "B"
    if "winner" in entry and entry["winner"] != winner:
        raise RuleViolation(N_("Game %(game)d: with %(team_a)s %(total_a)d and %(team_b)s %(total_b)d the winner is "
                               "%(expected)s, not “%(value)s”"), field="games", game=number, **labels(totals),
                            expected=winner or "null", value=shown(entry["winner"]))
    return GameOver(number, winner, totals)


def rubber_from_games(games: object, tie_at_250: str) -> Ruling:
    """RULES §5.4: finished ``games`` in order -> the rubber's winner, games won, scores, bonus."""
    if not isinstance(games, list):
        raise RuleViolation(N_("games must be a list of finished games in order"), field="games")
    read: list[GameOver] = []
    for number, entry in enumerate(games, start=1):
        if read and rubber(tuple(read)).winner is not None:
            raise RuleViolation(N_("Game %(game)d comes after the rubber was already won"), field="games",
                                game=number)
        read.append(_game(entry, number, tie_at_250))
    state = rubber(tuple(read))
    return Ruling({"finished": state.winner is not None, "rubber_winner": state.winner,
                   "games_won": dict(state.games_won), "rubber_score": dict(state.scores) if state.winner else None,
                   "bonus": RUBBER_BONUS if state.winner else 0}, state.lines)


def game_end(query: Mapping[str, Any], options: Options) -> Ruling:
    """RULES §5.4: ``totals_before`` and either the ``deal`` (declarations: quints stop the game
    the moment a team reaches 250) or its ``deal_score`` -> ``totals``, ``finished``, ``winner``."""
    deal, score = query.get("deal"), query.get("deal_score")
    if (deal is None) == (score is None):
        raise RuleViolation(N_("Give the deal's declarations (deal) or its score (deal_score), one of them"),
                            field="deal")
    if deal is not None:
        if not isinstance(deal, Mapping):
            raise RuleViolation(N_("deal must be the declarations of the deal"), field="deal")
        checked = read_declarations({**deal, "totals_before": query["totals_before"]})
        played = play(checked, options, STRICT)
        answer = {key: played.answer[key] for key in ("totals", "finished", "winner", "draw", "another_deal",
                                                      "ended_during_play", "ended_after_trick", "deal_score")}
        return Ruling(answer, played.lines)
    before = _per_team(query["totals_before"], "totals_before")
    if over_before(before, str(options["tie_at_250"])):
        raise RuleViolation(N_("The game was already over before this deal: a new game starts at 0"),
                            field="totals_before")
    gained = _per_team(score, "deal_score")
    totals = {team: before[team] + gained[team] for team in TEAMS}
    extra = before["A"] == before["B"] >= TARGET
    winner, draw, another, why = game_over(totals, str(options["tie_at_250"]), extra=extra)
    return Ruling({"totals": totals, "finished": winner is not None or draw, "winner": winner, "draw": draw,
                   "another_deal": another}, (why,))


def _per_team(value: object, field: str) -> dict[str, int]:
    if not isinstance(value, Mapping) or set(value) != set(TEAMS) or not all(
            isinstance(value[team], int) and not isinstance(value[team], bool) and 0 <= value[team] <= MAX_TOTAL
            for team in TEAMS):
        raise RuleViolation(N_("%(name)s needs a whole number from 0 to %(most)d for A and for B"), field=field,
                            name=field, most=MAX_TOTAL)
    return {team: int(value[team]) for team in TEAMS}


def live_deal(query: Mapping[str, Any], options: Options) -> Ruling:
    """A deal in play, recorded trick by trick (``tricks``, the ``cachette`` once the 12th is won):
    the running totals, and whether (and when) the game was won."""
    if not isinstance(query, Mapping) or "tricks" not in query:
        raise RuleViolation(N_("Give the tricks played so far, in play order: [{\"winner\": \"A\", \"quints\": "
                               "[\"5H\"]}, ...]"), field="tricks")
    deal = read_declarations(query, in_play=True)
    played = play(deal, options, LIVE)
    return Ruling({**played.answer, "tricks_played": deal.recorded, "tricks_won": deal.tricks_won},
                  played.lines)


def _tricks(value: object) -> list[tuple[Card, ...]]:
    """The tricks of a pile: a list of tricks (codes or text), or text with tricks separated by “;”."""
    if isinstance(value, str):
        value = [trick for trick in value.split(";") if trick.strip()]
    if not isinstance(value, list):
        raise RuleViolation(N_("tricks must be a list of tricks of 4 cards; got “%(value)s”"), field="tricks",
                            value=shown(value))
    if len(value) > TRICKS:
        raise RuleViolation(N_("A deal has %(most)d tricks; got %(count)d"), field="tricks", most=TRICKS,
                            count=len(value))
    tricks, seen = [], set()
    for number, raw in enumerate(value, start=1):
        cards = read_cards(raw, field="tricks", most=TRICK_SIZE, params={})
        if len(cards) != TRICK_SIZE:
            raise RuleViolation(N_("A trick holds %(size)d cards; trick %(number)d has %(count)d"), field="tricks",
                                size=TRICK_SIZE, number=number, count=len(cards))
        twice = next((card for card in cards if card in seen), None)
        if twice is not None:
            raise RuleViolation(N_("%(card)s is in two tricks"), field="tricks", card=twice.label)
        seen.update(cards)
        tricks.append(cards)
    return tricks


def count_pile(query: Mapping[str, Any]) -> Ruling:
    """Count this pile (RULES.md §5.3, §5.4): the quints of each trick a team took (a pair counts
    only inside one trick), the cachette with the last trick (its quints, and one more trick),
    and the trick values: 12 tricks + the cachette = 13 values of 5 (doubled 10, redoubled 20).
    All quints make 175, so the others' are the difference."""
    asked = take(query, ("tricks",), ("cachette", "multiplier"))
    tricks = _tricks(asked["tricks"])
    cachette = () if asked["cachette"] in (None, "", []) else read_cards(asked["cachette"], field="cachette",
                                                                         most=CACHETTE_SIZE, params={})
    if cachette and len(cachette) != CACHETTE_SIZE:
        raise RuleViolation(N_("The cachette holds %(size)d cards; got %(count)d"), field="cachette",
                            size=CACHETTE_SIZE, count=len(cachette))
    both = next((card for card in cachette if any(card in trick for trick in tricks)), None)
    if both is not None:
        raise RuleViolation(N_("%(card)s cannot be both in a trick and in the cachette"), field="cachette",
                            card=both.label)
    multiplier = asked["multiplier"] or "none"
    if not isinstance(multiplier, str) or multiplier not in MULTIPLIERS:
        raise RuleViolation(N_("multiplier must be one of %(allowed)s"), field="multiplier",
                            allowed=", ".join(MULTIPLIERS))
    lines: list[Say] = []
    quints = 0
    for number, cards in enumerate(tricks, start=1):
        found = quints_in(cards)
        quints += sum(quint.value for quint in found)
        if found:
            lines.append(Say(N_("Trick %(number)d: %(quints)s"), {"number": number, "quints": describe(found)}))
    if cachette:
        found = quints_in(cachette)
        quints += sum(quint.value for quint in found)
        lines.append(Say(N_("The cachette, with the last trick: %(quints)s"),
                         {"quints": describe(found) or "0"}))
    value = TRICK_VALUE * MULTIPLIERS[multiplier]
    counted = len(tricks) + (1 if cachette else 0)
    all_tricks = TRICKS + 1
    lines += [Say(N_("Quints: %(points)d"), {"points": quints}),
              Say(N_("%(tricks)d tricks (the cachette counts as one) × %(value)d = %(points)d"),
                  {"tricks": counted, "value": value, "points": counted * value}),
              Say(N_("The pile counts %(points)d"), {"points": quints + counted * value})]
    others = {"quints": ALL_QUINTS - quints, "tricks": all_tricks - counted,
              "trick_points": (all_tricks - counted) * value}
    others["points"] = others["quints"] + others["trick_points"]
    total = ALL_QUINTS + all_tricks * value
    lines += [Say(N_("The others: %(all)d − %(quints)d = %(other_quints)d in quints, %(tricks)d tricks × %(value)d: "
                     "%(points)d"), {"all": ALL_QUINTS, "quints": quints, "other_quints": others["quints"],
                                     "tricks": others["tricks"], "value": value, "points": others["points"]}),
              Say(N_("Check: %(mine)d + %(others)d = %(total)d, every quint and %(count)d trick values"),
                  {"mine": quints + counted * value, "others": others["points"], "total": total,
                   "count": all_tricks})]
    answer = {"quints": quints, "tricks_counted": counted, "trick_points": counted * value,
              "points": quints + counted * value, "deal_total": total, "others": others}
    return Ruling(answer, tuple(lines))
