"""Speed of the double-dummy solver (scorekeeper.solver) on seeded random deals.

Run ``.venv/bin/python bench/solver_bench.py [--deals N]``: it prints a table, and
:func:`measure` returns the rows (``name``, ``value``, ``unit``, ``target``, ``met``) for
another bench runner. Every case plays the same reproducible deals (seeded per case), and
every answer is compared with the one recorded in ``solver_answers.json``: a search made
faster must answer as before (``--record`` records them again, for a new case or deal;
tests/games/test_solver.py checks the first deals of every case against the same file).

Cases:

* Contrée, "does the side to play take every trick left?" from any position: a random
  deal, 0-31 cards already played at random (legally), so full 8-trick deals are included;
* the same question from the start of the deal only;
* Contrée, the tightest claim that holds from the start: "N-S take their best number of
  tricks" (worked out beforehand, not timed), which must be proved against every defence;
* Contrée, best-play card points of N-S from the start (8 tricks, 162 in play);
* Klaberjass, best-play card points of P1 from the start (9 tricks, 18 cards in play);
* Belote (any contract: a suit, sans atout, tout atout), Klaberjass and Pandoeren (a trump suit;
  the claimant plays with the partner the contract gave, or alone) from the start of a full deal:
  "all tricks?", the tightest claim that holds (best tricks) and best card points, so every
  Jass-family game is asked every question from the start;
* Quinto, with its cachette known: "all tricks?" and N-S's best points (trick values and
  quints) with 6 tricks left, and "all tricks?" from the start of a full 12-trick deal (20
  deals only: a few take minutes each; a deal is stopped after 60 s and counted at 60 s);
  on the same 20 full deals, "N-S take 6 tricks?" (half of them: near the value, where a
  tricks search costs the most) and N-S's best points, each stopped after the server's 10 s
  (counted at 10 s, its answer not recorded).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.cards import DECK_32, Card, Suit, display_key
from scorekeeper.errors import RuleViolation
from scorekeeper.games import jass
from scorekeeper.games.belote.referee import belote_rules
from scorekeeper.games.contree.referee import contree_rules
from scorekeeper.games.jass_tricks import JassRules
from scorekeeper.games.klaberjass.referee import klaberjass_rules
from scorekeeper.games.pandoeren.referee import pandoeren_rules
from scorekeeper.solver import Position, best_points, best_tricks, engine, solve, within
from scorekeeper.web.referee import SEARCH_SECONDS

DEALS = 200
QUINTO_FULL_DEALS = 20  # a few full Quinto deals take minutes each: the case is bounded
QUINTO_FULL_BUDGET = 60.0  # seconds a full Quinto deal may take (one of the 20 never ends)
QUINTO_HALF = 6  # the tricks N-S claim in a full Quinto deal
PANDOEREN_SLOW_DEALS = 20  # Pandoeren's best tricks and points from the start take seconds a deal
SERVER_BUDGET = float(SEARCH_SECONDS)  # the slow cases' deals are each stopped where the server stops a claim
P99_TARGET = 0.5  # issue #27: every case's 99th percentile, in seconds
SLOWEST_TARGET = 3.0  # and the slowest single question of all the cases
NESW = ("N", "E", "S", "W")
ANSWERS = Path(__file__).with_name("solver_answers.json")  # every case's answers, deal by deal (--record)


def contree_position(rng: random.Random, played: int) -> Position:
    """A Contrée deal with ``played`` cards already played at random, legally."""
    rules, trump = contree_rules(), rng.choice(list(Suit))
    deck = sorted(DECK_32, key=display_key)
    rng.shuffle(deck)
    hands = {seat: set(deck[at * 8:(at + 1) * 8]) for at, seat in enumerate(NESW)}
    leader, trick = rng.choice(NESW), []
    for _ in range(played):
        seat = NESW[(NESW.index(leader) + len(trick)) % 4]
        card = rng.choice(sorted(jass.legal_plays(hands[seat], trick, trump, style=rules.style), key=display_key))
        hands[seat].remove(card)
        trick.append(card)
        if len(trick) == 4:
            leader, trick = NESW[(NESW.index(leader) + jass.trick_winner(trick, trump)) % 4], []
    return Position(rules=rules, play_order=NESW, hands={seat: frozenset(cards) for seat, cards in hands.items()},
                    leader=leader, trick_so_far=tuple(trick), trump=trump)


def klaberjass_position(rng: random.Random) -> Position:
    """Nine cards each from the 32 (14 stay in the stock), elder P1 leads (RULES.md §3.1)."""
    deck = sorted(DECK_32, key=display_key)
    rng.shuffle(deck)
    hands: dict[str, frozenset[Card]] = {"P1": frozenset(deck[:9]), "P2": frozenset(deck[9:18])}
    return Position(rules=klaberjass_rules(), play_order=("P1", "P2"), hands=hands, leader="P1",
                    trump=rng.choice(list(Suit)))


def four_hands(rng: random.Random, rules: JassRules, contracts: tuple[jass.Contract | None, ...],
               sides: Callable[[random.Random], dict[str, str]] = lambda rng: {}) -> Position:
    """A full deal of a four-seat Jass game under one of ``contracts`` (None: the game's contract
    with a trump, Pandoeren's; a random trump where the contract has one), 8 cards each, a random
    leader; ``sides`` picks the deal's sides."""
    contract = rng.choice(contracts)
    trump = rng.choice(list(Suit)) if contract in (None, jass.Contract.SUIT) else None
    deck = sorted(rules.deck, key=display_key)
    rng.shuffle(deck)
    hands = {seat: frozenset(deck[at * 8:(at + 1) * 8]) for at, seat in enumerate(NESW)}
    return Position(rules=rules, play_order=NESW, hands=hands, leader=rng.choice(NESW), trump=trump,
                    contract=contract, sides=sides(rng))


def pandoeren_sides(rng: random.Random) -> dict[str, str]:
    """The claimant and the partner the contract gave, or none (RULES.md §4.1: sides per deal)."""
    claimant = rng.choice(NESW)
    partner = rng.choice([None, *(seat for seat in NESW if seat != claimant)])
    return {seat: "claim" if seat in (claimant, partner) else "defence" for seat in NESW}


def quinto_position(rng: random.Random, tricks: int) -> Position:
    """A Quinto deal of ``tricks`` tricks left (12 from the start), the cachette known (RULES.md §5.1)."""
    from scorekeeper.cards import DECK_53
    from scorekeeper.games.quinto.tricks import QuintoTrickRules

    deck = sorted(DECK_53, key=display_key)
    rng.shuffle(deck)
    hands = {seat: frozenset(deck[at * tricks:(at + 1) * tricks]) for at, seat in enumerate(NESW)}
    rules = QuintoTrickRules(cachette=frozenset(deck[4 * tricks:4 * tricks + 5]))
    return Position(rules=rules, play_order=NESW, hands=hands, leader=rng.choice(NESW))


class Tightest:
    """Does ``claimant`` take its best number of tricks, the tightest claim that holds (to be
    proved against every defence)? The best is worked out beforehand (:meth:`prepare`, not timed)."""

    def __init__(self, claimant: str) -> None:
        self.claimant, self.best = claimant, dict[int, int]()

    def prepare(self, positions: list[Position]) -> None:
        self.best.update((id(position), best_tricks(position, self.claimant)) for position in positions
                         if id(position) not in self.best)

    def __call__(self, position: Position) -> object:
        self.prepare([position])
        return solve(position, self.claimant, self.best[id(position)]).holds


def _timed(positions: list[Position], ask: Callable[[Position], object],
           budget: float | None = None) -> tuple[list[float], int, list[object]]:
    """Each position's time and answer, and how many ran out of the ``budget`` (seconds each;
    counted at the budget, as the server counts them: it refuses by field once its own budget
    is spent; their answer None)."""
    times, unfinished, answers = [], 0, []
    if isinstance(ask, Tightest):
        ask.prepare(positions)
    for position in positions:
        start = time.perf_counter()
        if budget is None:
            answers.append(ask(position))
        else:
            try:
                with within(lambda start=start: time.perf_counter() - start < budget):
                    answers.append(ask(position))
            except RuleViolation:
                unfinished += 1
                answers.append(None)
        times.append(time.perf_counter() - start)
    return times, unfinished, answers


def _p99(times: list[float]) -> float:
    return statistics.quantiles(times, n=100, method="inclusive")[98] if len(times) > 1 else times[0]


Case = tuple[str, list[Position], Callable[[Position], object], float, float | None, bool]
"""(name, the deals' positions, the question asked of each, the p99 target, a budget per deal or None,
slow: its deals take seconds each, so the suite compares only its first deal's answer)."""


def cases(deals: int = DEALS) -> list[Case]:
    """Every case on its ``deals`` seeded deals; each question answers a value (holds, or points)."""
    any_rng, start_rng, tight_rng, points_rng, klaberjass_rng, quinto_rng = (
        random.Random(f"solver-bench-{case}") for case in ("any", "start", "tight", "points", "klaberjass", "quinto"))
    anywhere = [contree_position(any_rng, any_rng.randrange(32)) for _ in range(deals)]
    starts = [contree_position(start_rng, 0) for _ in range(deals)]
    tight = [contree_position(tight_rng, 0) for _ in range(deals)]
    point_starts = [contree_position(points_rng, 0) for _ in range(deals)]
    klaberjass = [klaberjass_position(klaberjass_rng) for _ in range(deals)]
    quinto_six = [quinto_position(quinto_rng, 6) for _ in range(deals)]
    quinto_full = [quinto_position(quinto_rng, 12) for _ in range(min(deals, QUINTO_FULL_DEALS))]
    belote = [four_hands(random.Random(f"solver-bench-belote-{at}"), belote_rules(), tuple(jass.Contract))
              for at in range(deals)]
    pandoeren = [four_hands(random.Random(f"solver-bench-pandoeren-{at}"), pandoeren_rules(), (None,),
                            pandoeren_sides) for at in range(deals)]
    slow = pandoeren[:PANDOEREN_SLOW_DEALS]
    # (game, the deals of each question, the side asked its best, as named, whether its best is slow)
    games = (("Belote", (belote,) * 3, "A", "N-S", False), ("Klaberjass", (klaberjass,) * 3, "P1", "P1", False),
             ("Pandoeren", (pandoeren, slow, slow), "claim", "the claimant's side", True))

    def all_tricks(position: Position) -> object:
        return solve(position, position.sides[position.to_play], "all").holds

    return [
        ("Contrée: all tricks?, any position", anywhere, all_tricks, P99_TARGET, None, False),
        ("Contrée: all tricks?, from the start", starts, all_tricks, P99_TARGET, None, False),
        ("Contrée: N-S best tricks (holds), from the start", tight, Tightest("A"), P99_TARGET, None, False),
        ("Contrée: best card points, from the start", point_starts, lambda p: best_points(p, "A"), P99_TARGET, None,
         False),
        ("Klaberjass: best card points, from the start", klaberjass, lambda p: best_points(p, "P1"), P99_TARGET,
         None, False),
        *((f"{game}: {question}, from the start", positions, ask, P99_TARGET, SERVER_BUDGET if slow else None, slow)
          for game, deals_of, claimant, named, slow_best in games
          for positions, (question, ask, slow) in zip(deals_of, (
              ("all tricks?", all_tricks, False), (f"{named} best tricks (holds)", Tightest(claimant), slow_best),
              ("best card points", lambda p, claimant=claimant: best_points(p, claimant), slow_best)))
          if (game, question) != ("Klaberjass", "best card points")),  # the case above
        ("Quinto: all tricks?, 6 tricks left", quinto_six, all_tricks, P99_TARGET, None, False),
        ("Quinto: best points, 6 tricks left", quinto_six, lambda p: best_points(p, "A"), P99_TARGET, None, False),
        ("Quinto: all tricks?, a full 12-trick deal", quinto_full, all_tricks, P99_TARGET, QUINTO_FULL_BUDGET, False),
        ("Quinto: N-S 6 tricks?, a full 12-trick deal", quinto_full,
         lambda p: solve(p, "A", QUINTO_HALF).holds, P99_TARGET, SERVER_BUDGET, True),
        ("Quinto: best points, a full 12-trick deal", quinto_full, lambda p: best_points(p, "A"), P99_TARGET,
         SERVER_BUDGET, True),
    ]


def stored_answers() -> dict[str, list[object]]:
    """The answers recorded for every case's deals (``--record``), by case name; None where a
    deal ran out of its budget when they were recorded."""
    return json.loads(ANSWERS.read_text(encoding="utf-8")) if ANSWERS.exists() else {}


def measure(deals: int = DEALS, out: Callable[[str], None] = print, *,
            record: bool = False, only: str | None = None) -> list[dict[str, object]]:
    """Run every case (``only``: the cases whose name holds it) on ``deals`` seeded deals; print a
    table; return the rows. Every answer is compared with the one recorded for the bench's 200
    deals (a change fails loudly, recording or not); ``record`` records the answers of a new case
    or deal (the 200 deals only), keeping the recorded one where a deal ran out of its budget."""
    rows: list[dict[str, object]] = []
    slowest = 0.0
    out("the search: " + ("compiled by Cython (setup.py)" if engine.__file__.endswith(".so") else
                          "plain Python (not compiled: see setup.py)"))
    out(f"{'case':62} {'deals':>5} {'median s':>9} {'p99 s':>8} {'max s':>8} {'target p99':>10}  met")
    stored, answered = stored_answers(), {}
    for name, positions, ask, target, budget, _ in cases(deals):
        if only is not None and only not in name:
            continue
        times, unfinished, answers = _timed(positions, ask, budget)
        known = stored.get(name, []) if deals == DEALS else []  # fewer deals: Quinto's full ones differ
        # (a deal stopped this time keeps the answer recorded before)
        answered[name] = [known[at] if now is None and at < len(known) else now for at, now in enumerate(answers)]
        changed = [at for at, (now, then) in enumerate(zip(answers, known))
                   if now is not None and then is not None and now != then]
        if changed:
            raise AssertionError(f"{name}: the answers of deals {changed} changed")
        median, p99 = statistics.median(times), _p99(times)
        slowest = max(slowest, *times)
        met = None if target is None else p99 < target
        rows.append({"name": f"solver: {name}, median", "value": round(median, 4), "unit": "s", "target": None,
                     "met": None})
        rows.append({"name": f"solver: {name}, p99", "value": round(p99, 4), "unit": "s", "target": target,
                     "met": met})
        if unfinished:
            rows.append({"name": f"solver: {name}, over {budget:.0f} s (stopped)", "value": unfinished,
                         "unit": "deals", "target": None, "met": None})
        out(f"{name:62} {len(times):5d} {median:9.3f} {p99:8.3f} {max(times):8.3f} "
            f"{'-' if target is None else f'< {target}':>10}  {'-' if met is None else 'yes' if met else 'NO'}"
            + (f"  ({unfinished} stopped at {budget:.0f} s)" if unfinished else ""))
    rows.append({"name": "solver: the slowest single question of every case", "value": round(slowest, 4),
                 "unit": "s", "target": SLOWEST_TARGET, "met": slowest < SLOWEST_TARGET})
    out(f"the slowest single question: {slowest:.3f} s (target < {SLOWEST_TARGET} s)")
    if record and deals == DEALS:
        answered = {name: answered.get(name, stored.get(name)) for name, *_ in cases(0)}
        lines = (f"{json.dumps(name, ensure_ascii=False)}: {json.dumps(answers)}" for name, answers in answered.items()
                 if answers is not None)
        ANSWERS.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
        out(f"answers recorded in {ANSWERS}")
    return rows


if __name__ == "__main__":
    count = int(sys.argv[sys.argv.index("--deals") + 1]) if "--deals" in sys.argv else DEALS
    measure(count, record="--record" in sys.argv,
            only=sys.argv[sys.argv.index("--case") + 1] if "--case" in sys.argv else None)
