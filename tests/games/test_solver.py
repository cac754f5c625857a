"""The double-dummy solver (issue "Does the claim hold?"): against a plain exhaustive minimax on
thousands of small positions, defeating lines replayed under jass.legal_plays, validation by
field, and hand-made positions with known answers."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import DECK_32, DECK_33, Card, Rank, Suit, display_key, parse_cards
from scorekeeper.errors import RuleViolation
from scorekeeper.games import jass
from scorekeeper.games.jass import CardOrders, Contract, RankTable
from scorekeeper.games.belote.referee import belote_rules
from scorekeeper.games.contree.referee import contree_rules
from scorekeeper.games.jass_tricks import JassRules
from scorekeeper.games.klaberjass.referee import klaberjass_rules
from scorekeeper.solver import Position, Trick, TrickRules, best_points, best_tricks, solve

A, K, Q, J, T, N9, N8, N7, N6 = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                                 Rank.SEVEN, Rank.SIX)
PANDOEREN_ORDERS = CardOrders(  # RULES §4.1: the ten below the queen (plain: below the jack)
    trump=RankTable(((J, 20), (N9, 14), (A, 11), (K, 3), (Q, 2), (T, 10), (N8, 0), (N7, 0), (N6, 0))),
    plain=RankTable(((A, 11), (K, 3), (Q, 2), (J, 1), (T, 10), (N9, 0), (N8, 0), (N7, 0), (N6, 0))),
    meld_order=(A, K, Q, J, T, N9, N8, N7, N6), four_values=(), deck=DECK_33)
NESW = ("N", "E", "S", "W")


class AskTheAdapter(JassRules):
    """The same rules without the bitmask kernel: the solver's generic path (Quinto's)."""

    def kernel(self, trump, contract, seats):
        return TrickRules.kernel(self, trump, contract, seats)


GAMES = [  # (rules, seats, contracts)
    (contree_rules(), NESW, (Contract.SUIT,)),
    (contree_rules(forced_undertrump=False), NESW, (Contract.SUIT,)),
    (belote_rules(), NESW, tuple(Contract)),
    (belote_rules(must_undertrump_partner=True), NESW, (Contract.SUIT,)),
    (belote_rules(players=3), ("P1", "P2", "P3"), (Contract.SUIT, Contract.TOUT_ATOUT)),
    (klaberjass_rules(), ("P1", "P2"), (Contract.SUIT,)),
    (JassRules(jass.PANDOEREN_PLAY, PANDOEREN_ORDERS, 5), NESW, (Contract.SUIT, Contract.SANS_ATOUT)),
    (AskTheAdapter(jass.CONTREE_PLAY), NESW, (Contract.SUIT,)),
]
PANDOEREN_SIDES = {"N": "taker", "E": "others", "S": "others", "W": "others"}  # a solo contract


def random_position(rng: random.Random, rules: JassRules, seats, contracts, tricks: int) -> Position:
    """Deal ``tricks`` cards a seat, then play a random legal part of the first trick."""
    contract = rng.choice(contracts)
    trump = rng.choice(list(Suit)) if contract is Contract.SUIT else None
    deck = sorted(rules.orders.deck, key=display_key)
    rng.shuffle(deck)
    hands = {seat: set(deck[at * tricks:(at + 1) * tricks]) for at, seat in enumerate(seats)}
    leader = rng.choice(seats)
    trick: list[Card] = []
    for at in range(rng.randrange(len(seats))):
        seat = seats[(seats.index(leader) + at) % len(seats)]
        card = rng.choice(sorted(jass.legal_plays(hands[seat], trick, trump, contract=contract, style=rules.style,
                                                  orders=rules.orders), key=display_key))
        hands[seat].remove(card)
        trick.append(card)
    sides = PANDOEREN_SIDES if rules.orders is PANDOEREN_ORDERS else {}
    return Position(rules=rules, play_order=seats, hands={seat: frozenset(cards) for seat, cards in hands.items()},
                    leader=leader, trick_so_far=tuple(trick), trump=trump, contract=contract, sides=sides)


@cache
def legal(hand, trick, trump, contract, style, orders) -> frozenset[Card]:
    return jass.legal_plays(hand, trick, trump, contract=contract, style=style, orders=orders)


@cache
def winner_and_points(trick, trump, contract, orders) -> tuple[int, int]:
    return (jass.trick_winner(trick, trump, contract, orders=orders),
            jass.cards_points(trick, trump, contract, orders=orders))


def minimax(position: Position, claimant: str, points: bool) -> int:
    """Plain exhaustive minimax, straight from jass.legal_plays, trick_winner and cards_points."""
    rules, seats, sides = position.rules, position.play_order, position.sides
    trump, contract = position.trump, position.contract

    @cache
    def value(hands: tuple[frozenset[Card], ...], leader: int, trick: tuple[Card, ...]) -> int:
        if not trick and not hands[leader]:
            return 0
        at = (leader + len(trick)) % len(seats)
        options = []
        for card in legal(hands[at], trick, trump, contract, rules.style, rules.orders):
            after = hands[:at] + (hands[at] - {card},) + hands[at + 1:]
            played = trick + (card,)
            if len(played) < len(seats):
                options.append(value(after, leader, played))
                continue
            best, worth = winner_and_points(played, trump, contract, rules.orders)
            winner = (leader + best) % len(seats)
            worth = worth + (0 if any(after) else rules.last_trick_bonus) if points else 1
            options.append((worth if sides[seats[winner]] == claimant else 0) + value(after, winner, ()))
        return max(options) if sides[seats[at]] == claimant else min(options)

    return value(tuple(position.hands[seat] for seat in seats), seats.index(position.leader),
                 position.trick_so_far)


def replay(position: Position, claimant: str, line: tuple[Trick, ...]) -> tuple[int, int]:
    """Play a line under jass.legal_plays: (tricks, points) the claimant wins; fails on any illegal card."""
    rules, seats = position.rules, position.play_order
    hands = {seat: set(cards) for seat, cards in position.hands.items()}
    trick, leader, tricks, points = list(position.trick_so_far), position.leader, 0, 0
    first = len(trick)
    for number, shown in enumerate(line):
        assert [seat for seat, _ in shown.plays] == [seats[(seats.index(leader) + at) % len(seats)]
                                                     for at in range(len(seats))]
        for seat, card in shown.plays[first if number == 0 else 0:]:
            assert card in jass.legal_plays(hands[seat], trick, position.trump, contract=position.contract,
                                            style=rules.style, orders=rules.orders), (seat, card, trick)
            hands[seat].remove(card)
            trick.append(card)
        winner = seats[(seats.index(leader) + jass.trick_winner(trick, position.trump, position.contract,
                                                                 orders=rules.orders)) % len(seats)]
        worth = jass.cards_points(trick, position.trump, position.contract, orders=rules.orders)
        worth += 0 if any(hands.values()) else rules.last_trick_bonus
        assert (winner, worth) == (shown.winner, shown.points)
        if position.sides[winner] == claimant:
            tricks, points = tricks + 1, points + worth
        trick, leader = [], winner
    assert not any(hands.values())
    return tricks, points


# -- the solver agrees with exhaustive minimax -------------------------------------------------

@pytest.mark.parametrize(("rules", "seats", "contracts"), GAMES, ids=lambda value: getattr(value, "style", None)
                         and f"{value.style.players}p-{type(value).__name__}")
def test_the_solver_agrees_with_exhaustive_minimax(rules, seats, contracts):
    """RULES §1.9, §2.6, §3.5, §4.5: best tricks, best points and every "at least" answer."""
    rng = random.Random(f"solver-{rules}-{seats}")
    count = 150 if isinstance(rules, AskTheAdapter) else 400 if len(seats) == 4 else 500
    for case in range(count):
        tricks = 4 if case % (30 if len(seats) == 4 else 6) == 0 else rng.choice((1, 2, 2, 3, 3, 3))
        position = random_position(rng, rules, seats, contracts, tricks=tricks)
        claimant = position.sides[rng.choice(seats)]
        tricks, points = minimax(position, claimant, False), minimax(position, claimant, True)
        assert best_tricks(position, claimant) == tricks, (case, position)
        assert best_points(position, claimant) == points, (case, position)
        for claim in ("all", rng.randrange(position.tricks_left + 1)):
            target = position.tricks_left if claim == "all" else claim
            assert solve(position, claimant, claim).holds == (tricks >= target), (case, claim, position)
        target = rng.randrange(points + 15) if rng.random() < 0.5 else points + rng.choice((0, 1))
        answer = solve(position, claimant, {"points": min(target, _total(position))})
        assert answer.holds == (points >= min(target, _total(position))), (case, target, position)


@settings(max_examples=400, deadline=None)
@given(game=st.integers(0, len(GAMES) - 1), tricks=st.integers(1, 4), seat=st.integers(0, 3),
       rng=st.randoms(use_true_random=False))
def test_any_small_position_is_solved_as_minimax_solves_it(game, tricks, seat, rng):
    """RULES §1.9, §2.6, §3.5, §4.5, drawn by hypothesis: on any position of 4 tricks or fewer,
    in any of the games, each side's best tricks and best points are exhaustive minimax's."""
    rules, seats, contracts = GAMES[game]
    position = random_position(rng, rules, seats, contracts, tricks=tricks)
    claimant = position.sides[seats[seat % len(seats)]]
    assert best_tricks(position, claimant) == minimax(position, claimant, False), position
    assert best_points(position, claimant) == minimax(position, claimant, True), position


@settings(max_examples=300, deadline=None)
@given(game=st.integers(0, len(GAMES) - 1), tricks=st.integers(1, 3), seat=st.integers(0, 3),
       rng=st.randoms(use_true_random=False))
def test_the_last_tricks_go_to_the_top_trump_or_the_top_card_of_the_suit_led(game, tricks, seat, rng):
    """RULES §1.9, §2.6, §3.5, §4.5 (trick winner: the highest trump, else the highest card of the suit
    led; the last trick's bonus to its winner), drawn by hypothesis: with one to three tricks left, the
    first of them under way or not, each side's best tricks and best points are exhaustive minimax's
    (the points search plays the last two tricks out, leaving out by alpha-beta the lines that cannot
    change their value, and reads the last trick's winner and worth from its cards at once)."""
    rules, seats, contracts = GAMES[game]
    position = random_position(rng, rules, seats, contracts, tricks=tricks)
    claimant = position.sides[seats[seat % len(seats)]]
    assert best_tricks(position, claimant) == minimax(position, claimant, False), position
    assert best_points(position, claimant) == minimax(position, claimant, True), position


def test_the_best_points_do_not_depend_on_where_the_search_starts():
    """The points search may start from a guess (the best tricks' share of the points); from
    any guess, at the ends of the range or far off, it finds the same value as minimax."""
    from scorekeeper.solver import _engine

    rng = random.Random("solver-guess")
    for case in range(120):
        rules, seats, contracts = GAMES[case % len(GAMES)]
        position = random_position(rng, rules, seats, contracts, tricks=rng.choice((1, 2, 3, 4)))
        claimant = position.sides[rng.choice(seats)]
        points = minimax(position, claimant, True)
        for guess in (0, 1, points, points + 1, _total(position), rng.randrange(_total(position) + 1), 10**6):
            engine = _engine(position, claimant, points=True)
            assert engine.exact(guess) == points, (case, guess, position)


def test_positions_of_one_shape_bound_each_other_and_change_no_value(monkeypatch):
    """Positions whose hands are the same once the cards gone are closed up play alike and
    differ only in what their cards are worth, so the points search lets each bound the others
    (with 3 tricks left or more): on 5- and 6-trick positions, where many share a shape, it finds
    the best points that a search keeping no shapes finds, card points and last trick alike."""
    from scorekeeper.solver import engine

    rng = random.Random("solver-shapes")
    for case in range(70):
        rules, seats, contracts = GAMES[case % (len(GAMES) - 1)]  # not the rules adapter: no suits known
        position = random_position(rng, rules, seats, contracts, tricks=rng.choice((5, 6)))
        claimant = position.sides[rng.choice(seats)]
        shapes_kept = best_points(position, claimant)
        monkeypatch.setattr(engine, "SHAPE_KEEPS", 0)
        assert best_points(position, claimant) == shapes_kept, (case, position)
        monkeypatch.undo()


@settings(max_examples=150, deadline=None)
@given(contract=st.sampled_from((Contract.SUIT, Contract.SANS_ATOUT)), trump=st.sampled_from(list(Suit)),
       seat=st.integers(0, 3), rng=st.randoms(use_true_random=False))
def test_pandoerens_positions_of_one_shape_are_worth_alike_give_or_take_points(contract, trump, seat, rng):
    """RULES §4.1, §4.5: Pandoeren's suits have nine places (the 6 of hearts), the search's shapes
    too. Two positions of one shape (each suit's cards in play renamed to as many others, in the
    same order, the jas kept where it is: §4.5 gives it a rule of its own) are worth to a side what
    the one is worth, less at most the points by which its cards are worth less rank for rank, and
    plus at most those by which they are worth more: the bounds the search takes from a shape."""
    rules = JassRules(jass.PANDOEREN_PLAY, PANDOEREN_ORDERS, 5)
    trump = trump if contract is Contract.SUIT else None
    jas = Card(J, trump) if trump is not None else None
    deck = sorted(DECK_33, key=display_key)
    rng.shuffle(deck)
    hands = {name: frozenset(deck[at * 3:at * 3 + 3]) for at, name in enumerate(NESW)}
    position = Position(rules=rules, play_order=NESW, hands=hands, leader=rng.choice(NESW), trump=trump,
                        contract=contract, sides=PANDOEREN_SIDES)

    def table(card: Card) -> RankTable:
        return PANDOEREN_ORDERS.trump if card.suit == trump else PANDOEREN_ORDERS.plain

    def strength(card: Card) -> int:
        return table(card).strength(card.rank)

    renamed: dict[Card, Card] = {}
    down = up = 0
    for suit in Suit:
        in_play = sorted((card for card in deck[:12] if card.suit == suit), key=strength)
        kept = [jas] if jas in in_play else []
        others = [card for card in DECK_33 if card.suit == suit and card != jas]
        chosen = sorted(rng.sample(others, len(in_play) - len(kept)) + kept, key=strength)
        for mine, theirs in zip(in_play, chosen):
            renamed[mine] = theirs
            difference = table(theirs).points(theirs.rank) - table(mine).points(mine.rank)
            down, up = down + max(-difference, 0), up + max(difference, 0)
    alike = Position(rules=rules, play_order=NESW, leader=position.leader, trump=trump, contract=contract,
                     sides=PANDOEREN_SIDES, hands={name: frozenset(renamed[card] for card in cards)
                                                   for name, cards in hands.items()})
    claimant = PANDOEREN_SIDES[NESW[seat]]
    value, other = minimax(position, claimant, True), minimax(alike, claimant, True)
    assert value - down <= other <= value + up, (position, alike)
    assert best_points(alike, claimant) == other


def _total(position: Position) -> int:
    rules = position.rules
    cards = [*position.trick_so_far, *(card for hand in position.hands.values() for card in hand)]
    return rules.points(cards, trump=position.trump, contract=position.contract) + rules.last_trick_bonus


# -- defeating lines are legal and defeat --------------------------------------------------

def test_every_defeating_line_is_legal_and_defeats_the_claim():
    rng = random.Random("lines")
    checked = 0
    for case in range(400):
        rules, seats, contracts = GAMES[case % len(GAMES)]
        position = random_position(rng, rules, seats, contracts, tricks=rng.choice((2, 3, 4, 5)))
        claimant = position.sides[rng.choice(seats)]
        points = rng.random() < 0.4
        claim = {"points": rng.randrange(_total(position) + 1)} if points else rng.choice(
            ("all", rng.randrange(position.tricks_left + 1)))
        answer = solve(position, claimant, claim)
        if answer.holds:
            assert answer.line == ()
            continue
        checked += 1
        tricks, scored = replay(position, claimant, answer.line)
        if points:
            assert scored < claim["points"]
        else:
            assert tricks < (position.tricks_left if claim == "all" else claim)
        assert answer.lines and all(say.render() for say in answer.lines)
    assert checked > 100


def test_exact_answers_name_both_sides():
    position = _deal("AS KS", "7H 8D", "7S 8S", "9S 10S", trump="H")
    answer = solve(position, "N", "all", exact=True)  # a seat stands for its side
    assert answer.claimant == "A" and not answer.holds
    assert answer.best_tricks == {"A": 0, "B": 2}
    assert answer.best_points == {"A": 0, "B": 35}  # A♠ 11 + 10♠ 10, then K♠ 4 + last trick 10
    ruling = answer.answer()
    assert ruling["line"][0] == {"cards": [["N", "AS"], ["E", "7H"], ["S", "8S"], ["W", "10S"]],
                                        "winner": "E", "points": 21}
    assert ruling["best_tricks"] == {"A": 0, "B": 2}


# -- hand-made positions --------------------------------------------------------------------

def _deal(north, east, south, west, *, trump="H", leader="N", rules=None, trick=(), contract="suit"):
    return Position(rules=rules or contree_rules(), play_order=NESW, leader=leader, trump=trump,
                    contract=contract, trick_so_far=tuple(parse_cards(trick)) if trick else (),
                    hands={"N": north, "E": east, "S": south, "W": west})


def test_the_top_trumps_hold_every_trick():
    """RULES §2.6: trumps are led and each must follow or overtrump; N's top trumps win all."""
    position = _deal("JH 9H AH 10H", "7S 8S 9S 10S", "7D 8D 9D 10D", "7C 8C 9C 10C")
    answer = solve(position, "A", "all")
    assert answer.holds and answer.line == ()
    assert answer.lines[0].render() == "N–S take every trick left (4) whatever the defence"
    assert best_points(position, "A") == 20 + 14 + 11 + 10 + 3 * 10 + 10


def test_a_trick_in_progress_counts_for_its_winner():
    """E has led the 7♠; N-S still take both tricks with the top trumps, the 7♠ included."""
    position = _deal("JH 9H", "8S", "AS KS", "7D 8D", leader="E", trick="7S")
    assert solve(position, "A", "all").holds
    assert solve(position, "A", {"points": 20 + 14 + 11 + 4 + 10}).holds
    assert best_points(position, "A") == 59 and best_points(position, "B") == 0


def test_klaberjass_two_hands():
    """RULES §3.5: P2 void in spades must trump: the claim of both tricks fails."""
    position = Position(rules=klaberjass_rules(), play_order=("P1", "P2"), leader="P1", trump="H",
                        hands={"P1": "AS KS", "P2": "7H 8D"})
    answer = solve(position, "P1", "all")
    assert not answer.holds
    assert [trick.winner for trick in answer.line] == ["P2", "P2"]
    # one player, not a pair: the explanation says "loses", "takes"
    assert [line.render() for line in answer.lines[:2]] == [
        "The claim fails: P1 is not sure of every trick left",
        "P2 ruffs the first round of ♠ with the 7♥: P1 loses a trick"]
    assert solve(position, "P2", 1).lines[0].render() == \
        "P2 takes at least 1 of the 2 tricks left whatever the defence"


def test_sans_atout_has_no_ruff():
    """RULES §1.1 sans atout: E's hearts are plain; the spades win."""
    position = _deal("AS KS", "7H 8H", "QS JS", "9H 10H", contract="sans_atout", trump=None, rules=belote_rules())
    assert solve(position, "A", "all").holds


# -- validation ---------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "field"), [
    pytest.param({"hands": {"N": "AS", "E": "AS", "S": "7D", "W": "7C"}}, "hands", id="a card in two hands"),
    pytest.param({"hands": {"N": "AS KS", "E": "7H", "S": "7D", "W": "7C"}}, "hands", id="unequal hands"),
    pytest.param({"hands": {"N": "AS", "E": "7H", "S": "7D", "X": "7C"}}, "hands", id="an unknown seat"),
    pytest.param({"hands": {"N": "AS", "E": "7H", "S": "7D"}}, "hands", id="a missing hand"),
    pytest.param({"hands": {"N": "AS", "E": "7H", "S": "7D", "W": "6C"}}, "hands", id="not a card of the game"),
    pytest.param({"hands": {"N": "", "E": "", "S": "", "W": ""}}, "hands", id="every hand empty"),
    pytest.param({"hands": {"N": "", "E": "", "S": "", "W": ""}, "trump": None}, "hands",
                 id="every hand empty, no trump either: the hands are named first"),
    pytest.param({"trick_so_far": ("AS",)}, "trick_so_far", id="a card in the hand and the trick"),
    pytest.param({"trick_so_far": ("QS", "JS", "10S", "9S")}, "trick_so_far", id="more cards than players"),
    pytest.param({"leader": "X"}, "leader", id="an unknown leader"),
    pytest.param({"trump": "X"}, "trump", id="not a suit"),
    pytest.param({"trump": None}, "trump", id="a suit contract without trump"),
    pytest.param({"contract": "misère"}, "contract", id="not a contract"),
    pytest.param({"play_order": ("N", "E", "S")}, "play_order", id="too few seats"),
    pytest.param({"sides": {"N": "A"}}, "sides", id="sides incomplete"),
])
def test_a_bad_position_names_its_field(change, field):
    raw = {"rules": contree_rules(), "play_order": NESW, "leader": "N", "trump": "H",
           "hands": {"N": "AS", "E": "7H", "S": "7D", "W": "7C"}}
    with pytest.raises(RuleViolation) as err:
        Position(**{**raw, **change})
    assert err.value.field == field


def test_hands_are_counted_after_the_cards_played_to_the_trick():
    """E led and S played: E and S hold one card fewer than W and N."""
    position = _deal("AS KS", "7H", "8D", "9C 10C", leader="E", trick="7D 9D")
    assert position.to_play == "W" and position.tricks_left == 2
    with pytest.raises(RuleViolation) as err:
        _deal("AS KS", "7H 8H", "8D", "9C 10C", leader="E", trick="7D 9D")
    assert err.value.field == "hands"


@pytest.mark.parametrize(("claimant", "claim", "field"), [
    pytest.param("C", "all", "claimant", id="not a side"),
    pytest.param("A", 3, "claim", id="more tricks than are left"),
    pytest.param("A", -1, "claim", id="negative tricks"),
    pytest.param("A", True, "claim", id="a boolean is no number"),
    pytest.param("A", "most", "claim", id="not a claim"),
    pytest.param("A", {"points": 500}, "claim", id="more points than are left"),
    pytest.param("A", {"tricks": 2}, "claim", id="an unknown claim"),
])
def test_a_bad_claim_names_its_field(claimant, claim, field):
    position = _deal("AS KS", "7H 8D", "7S 8S", "9S 10S")
    with pytest.raises(RuleViolation) as err:
        solve(position, claimant, claim)
    assert err.value.field == field


# -- the bitmask kernel is jass.legal_plays ------------------------------------------------

@pytest.mark.parametrize(("rules", "seats", "contracts"), GAMES[:-1], ids=lambda value: getattr(value, "style", None)
                         and f"{value.style.players}p")
def test_the_kernel_allows_what_jass_legal_plays_allows(rules, seats, contracts):
    rng = random.Random(f"kernel-{rules}")
    deck = sorted(rules.orders.deck, key=display_key)
    for _ in range(600):
        contract = rng.choice(contracts)
        trump = rng.choice(list(Suit)) if contract is Contract.SUIT else None
        kernel = rules.kernel(trump, contract, seats)
        cards = rng.sample(deck, rng.randrange(1, 9) + len(seats) - 1)
        trick, hand = cards[:rng.randrange(len(seats))], frozenset(cards[len(seats) - 1:])
        expected = jass.legal_plays(hand, trick, trump, contract=contract, style=rules.style, orders=rules.orders)
        best = trick[jass.trick_winner(trick, trump, contract, orders=rules.orders)] if trick else None
        partner = (rules.style.partners and len(trick) >= 2 and best == trick[-2])
        bits = [kernel.bit_of[card] for card in trick]
        found = kernel.legal(kernel.mask(hand), bits, kernel.bit_of[best] if best else -1, partner, 0)
        assert frozenset(kernel.cards(found)) == expected, (hand, trick, trump, contract)


def test_a_rules_adapter_must_say_how_to_play():
    with pytest.raises(TypeError):
        TrickRules()  # type: ignore[abstract]


def test_full_deals_are_solved():
    """A whole Contrée deal: the answers agree with each other (speed is bench/solver_bench.py's)."""
    rng = random.Random(7)
    deck = sorted(DECK_32, key=display_key)
    rng.shuffle(deck)
    position = _deal(*(" ".join(map(str, deck[at * 8:(at + 1) * 8])) for at in range(4)), trump="S")
    tricks = best_tricks(position, "A")
    assert solve(position, "A", tricks).holds
    assert solve(position, "B", 8 - tricks).holds
    if tricks < 8:
        assert not solve(position, "A", tricks + 1).holds


BENCH_DEALS_CHECKED = 4  # per case: the bench itself (bench/solver_bench.py) compares all 200


def test_the_bench_deals_are_answered_as_recorded():
    """Issue #27: speeding the search up changes no answer. The bench's seeded deals (every game,
    every question, from the start of full deals) are answered as the answers recorded in
    bench/solver_answers.json (`solver_bench.py --record`): the first deals of every case here."""
    from bench import solver_bench

    stored = solver_bench.stored_answers()
    for name, positions, ask, _, _, slow in solver_bench.cases():
        assert len(stored[name]) == len(positions), name
        checked = 1 if slow else BENCH_DEALS_CHECKED  # a slow case's deals take seconds each: its first only
        for at, position in enumerate(positions[:checked]):
            if stored[name][at] is not None:  # (None: the deal ran out of its budget when recorded)
                assert ask(position) == stored[name][at], (name, at)


@pytest.mark.parametrize("claim", ["all", {"points": 40}])
def test_a_claim_settled_in_time_is_answered_when_each_sides_best_would_take_too_long(monkeypatch, claim):
    """The server gives a claim a budget: when it runs out after the claim is settled, in the
    best play asked for besides (``exact``), the claim is still answered, and the referee's
    last line says the best play would take too long."""
    from scorekeeper import solver as module
    from scorekeeper.solver import BEST_TOO_LONG, within

    rng = random.Random(7)
    deck = sorted(DECK_32, key=display_key)
    rng.shuffle(deck)
    position = _deal(*(" ".join(map(str, deck[at * 8:(at + 1) * 8])) for at in range(4)), trump="S")
    settled = []
    real_explain = module.explain

    def explained(*args):  # the claim is settled once it is explained: the budget ends there
        settled.append(True)
        return real_explain(*args)

    monkeypatch.setattr(module, "explain", explained)
    with within(lambda: not settled):
        answer = solve(position, "A", claim, exact=True)
    assert answer.holds == solve(position, "A", claim).holds
    assert answer.best_points is None
    assert answer.lines[-1].template in BEST_TOO_LONG
    assert "best_points" not in answer.answer()


# -- compiled or not, one search -------------------------------------------------------------

def answers_of_random_positions() -> list[list[int]]:
    """Best tricks and best points of 24 seeded positions of every game (3 to 5 tricks)."""
    rng, answers = random.Random("plain"), []
    for case in range(24):
        rules, seats, contracts = GAMES[case % len(GAMES)]
        position = random_position(rng, rules, seats, contracts, tricks=rng.choice((3, 4, 5)))
        claimant = position.sides[seats[case % len(seats)]]
        answers.append([best_tricks(position, claimant), best_points(position, claimant)])
    return answers


PLAIN_PYTHON = """
import importlib.machinery as machinery, json, sys
folders = sys.argv[1:]
def only_sources(path):  # the folders of the compiled modules, without them
    if path not in folders:
        raise ImportError
    return machinery.FileFinder(path, (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES))
sys.path_hooks.insert(0, only_sources)
sys.path_importer_cache.clear()
from scorekeeper.games import jass_tricks
from scorekeeper.solver import engine, search
from tests.games.test_solver import answers_of_random_positions
print(json.dumps({"files": [engine.__file__, search.__file__, jass_tricks.__file__],
                  "answers": answers_of_random_positions()}))
"""


def test_the_search_answers_alike_compiled_or_as_plain_python():
    """setup.py compiles the search with Cython where it can (a C compiler and Python's headers),
    and the install goes on without where it cannot: the same modules, run as plain Python (the
    frame-chunk trick included), answer as the ones this suite runs."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from scorekeeper import games, solver

    folders = [str(Path(package.__file__).parent) for package in (solver, games)]
    root = str(Path(__file__).resolve().parents[2])
    done = subprocess.run([sys.executable, "-c", PLAIN_PYTHON, *folders], capture_output=True, text=True,
                          cwd=root, check=True)
    plain = json.loads(done.stdout)
    assert all(name.endswith(".py") for name in plain["files"]), plain["files"]
    assert plain["answers"] == answers_of_random_positions()
