"""Does the claim hold? in Quinto (RULES.md §5.1 the highest card wins whatever was led, §5.3
quints and the cachette, §5.4 trick values, §5.5 legal play): the solver against a plain
exhaustive minimax on small random positions, and positions worked out by hand."""

from __future__ import annotations

import importlib.util
import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import DECK_53, Card, display_key
from scorekeeper.errors import RuleViolation
from scorekeeper.games import get_rules
from scorekeeper.games.quinto.cards import legal_cards
from scorekeeper.games.quinto.tricks import QuintoTrickRules
from scorekeeper.solver import Position, best_points, best_tricks, solve
from scorekeeper.solver.engine import Engine, Table

NESW = ("N", "E", "S", "W")
SIDES = {"N": "A", "S": "A", "E": "B", "W": "B"}


def minimax(position: Position, claimant: str | None, points: bool) -> int:
    """Plain exhaustive minimax over the adapter's own answers (legal, winner, points); with no
    ``claimant``, the most both sides together take in any line of play."""
    rules, seats = position.rules, position.play_order

    @cache
    def value(hands, leader: int, trick) -> int:
        if not trick and not hands[leader]:
            return 0
        at = (leader + len(trick)) % 4
        options = []
        for card in rules.legal(hands[at], trick, seats[at], False, trump=None, contract=position.contract):
            after = hands[:at] + (hands[at] - {card},) + hands[at + 1:]
            played = trick + (card,)
            if len(played) < 4:
                options.append(value(after, leader, played))
                continue
            winner = (leader + rules.winner(played, trump=None, contract=position.contract)) % 4
            worth = rules.points(played, trump=None, contract=position.contract) + \
                (0 if any(after) else rules.last_trick_bonus) if points else 1
            options.append((worth if claimant in (None, SIDES[seats[winner]]) else 0) + value(after, winner, ()))
        return max(options) if claimant in (None, SIDES[seats[at]]) else min(options)

    return value(tuple(position.hands[seat] for seat in seats), seats.index(position.leader), position.trick_so_far)


def random_position(rng: random.Random, tricks: int, *, rich: bool = True) -> Position:
    """``tricks`` cards a seat, maybe a cachette, a part of a trick played; dealt from the
    quint cards and 8 others (``rich``) or from the whole deck."""
    if rich:
        quint = [card for card in DECK_53 if card.suit is None or card.rank.value in ("A", "2", "3", "4", "5")]
        deck = sorted(quint, key=display_key) + sorted(set(DECK_53) - set(quint), key=display_key)[:8]
    else:
        deck = sorted(DECK_53, key=display_key)
    rng.shuffle(deck)
    hands = {seat: set(deck[at * tricks:(at + 1) * tricks]) for at, seat in enumerate(NESW)}
    cachette = frozenset(deck[4 * tricks:4 * tricks + rng.choice((0, 2, 5))])
    rules = QuintoTrickRules(multiplier=rng.choice(("none", "double", "redouble")),
                             joker_lead_rule=rng.random() < 0.7, cachette=cachette)
    leader = rng.choice(NESW)
    trick: list = []
    for at in range(rng.randrange(4)):
        seat = NESW[(NESW.index(leader) + at) % 4]
        card = rng.choice(sorted(legal_cards(hands[seat], trick, rules.joker_lead_rule), key=display_key))
        hands[seat].remove(card)
        trick.append(card)
    return Position(rules=rules, play_order=NESW, hands={s: frozenset(c) for s, c in hands.items()}, leader=leader,
                    trick_so_far=tuple(trick))


def at_trick_start(position: Position) -> Position:
    """The same position taken back to its trick's start: the cards of the trick so far back in their hands."""
    hands = dict(position.hands)
    for at, card in enumerate(position.trick_so_far):
        seat = NESW[(NESW.index(position.leader) + at) % 4]
        hands[seat] = hands[seat] | {card}
    return Position(rules=position.rules, play_order=NESW, hands=hands, leader=position.leader)


def test_the_solver_agrees_with_exhaustive_minimax_on_small_positions():
    """RULES §5.1, §5.3, §5.4, §5.5: best tricks, best points and the "at least" answers."""
    rng = random.Random("quinto-claims")
    for case in range(120):
        position = random_position(rng, tricks=3 if case % 10 == 0 else rng.choice((1, 2, 2)))
        claimant = rng.choice(("A", "B"))
        tricks, points = minimax(position, claimant, False), minimax(position, claimant, True)
        assert best_tricks(position, claimant) == tricks, (case, position)
        assert best_points(position, claimant) == points, (case, position)
        assert solve(position, claimant, "all").holds == (tricks == position.tricks_left), (case, position)
        target = rng.randrange(points + 30)
        assert solve(position, claimant, {"points": target}).holds == (points >= target), (case, target, position)


@settings(max_examples=150, deadline=None)
@given(tricks=st.integers(1, 3), claimant=st.sampled_from(("A", "B")), rich=st.booleans(),
       rng=st.randoms(use_true_random=False))
def test_any_small_position_is_solved_as_minimax_solves_it(tricks, claimant, rich, rng):
    """RULES §5.1, §5.3, §5.4, §5.5, drawn by hypothesis: on any position of 3 tricks or fewer,
    dealt from the quint cards or the whole deck, the search's best tricks, best points and
    "all tricks?" (its sure-trick bounds and cards searched once included) are exhaustive minimax's."""
    position = random_position(rng, tricks=tricks, rich=rich)
    tricks_won = minimax(position, claimant, False)
    assert best_tricks(position, claimant) == tricks_won, position
    assert best_points(position, claimant) == minimax(position, claimant, True), position
    assert solve(position, claimant, "all").holds == (tricks_won == position.tricks_left), position


@settings(max_examples=150, deadline=None)
@given(tricks=st.integers(2, 3), claimant=st.sampled_from(("A", "B")), rich=st.booleans(),
       rng=st.randoms(use_true_random=False))
def test_the_last_two_tricks_are_played_out_as_minimax_plays_them(tricks, claimant, rich, rng):
    """RULES §5.1 (the highest card wins, so the last trick goes to the highest card left), §5.3
    (quints scored with the trick, the cachette with the last), §5.5 (follow suit, the joker free, the
    joker led): from a trick's start 2 or 3 tricks from the end, where the search plays the last two
    tricks out line by line (no bound, the value kept exact), its best points and its "at least" answers are
    exhaustive minimax's."""
    position = at_trick_start(random_position(rng, tricks=tricks, rich=rich))
    points = minimax(position, claimant, True)
    assert best_points(position, claimant) == points, position
    for target in (points, points + 1):
        assert solve(position, claimant, {"points": target}).holds == (target <= points), (target, position)


def test_cards_that_win_the_same_tricks_are_searched_once_and_change_no_answer():
    """RULES §5.1, §5.3: two cards of one suit in one hand, with no card still in play between
    them, win the same tricks, and the same points unless one is a quint's card; the search
    tries only the higher. Dealt from the whole deck (the king to the 6 touch often), 3 and 4
    tricks: the answers are minimax's."""
    rng = random.Random("quinto-alike")
    for case in range(40):
        position = random_position(rng, tricks=rng.choice((3, 4)), rich=False)
        claimant = rng.choice(("A", "B"))
        assert best_tricks(position, claimant) == minimax(position, claimant, False), (case, position)
        assert best_points(position, claimant) == minimax(position, claimant, True), (case, position)


def test_the_search_plays_by_the_adapters_rules():
    """RULES §5.1, §5.5: the search's cards in bits follow suit, let the joker in and name the
    trick's winner as the adapter does, whatever was led (the joker too)."""
    rng = random.Random("quinto-kernel")
    for case in range(300):
        rules = QuintoTrickRules(joker_lead_rule=rng.random() < 0.5)
        kernel = rules.kernel(None, None, NESW)
        deck = sorted(DECK_53, key=display_key)
        rng.shuffle(deck)
        hand, trick = frozenset(deck[:rng.randrange(1, 13)]), deck[13:13 + rng.randrange(4)]
        bits = [kernel.bit_of[card] for card in trick]
        best = max(bits, default=0)
        assert kernel.legal(kernel.mask(hand), bits, best, False, 0) == kernel.mask(
            rules.legal(hand, trick, "N", False, trump=None, contract=None)), (case, hand, trick)
        if trick:
            winner = 0
            for at in range(1, len(bits)):
                if kernel.beats(bits[at], bits[winner], bits[:at]):
                    winner = at
            assert winner == rules.winner(trick, trump=None, contract=None), (case, trick)


def test_a_defeating_line_is_played_by_the_rules():
    rng = random.Random("quinto-lines")
    checked = 0
    for _ in range(60):
        position = random_position(rng, tricks=2)
        answer = solve(position, "A", "all")
        if answer.holds:
            continue
        hands = {seat: set(cards) for seat, cards in position.hands.items()}
        trick = list(position.trick_so_far)
        for number, shown in enumerate(answer.line):
            for seat, card in shown.plays[len(position.trick_so_far) if number == 0 else 0:]:
                assert card in legal_cards(hands[seat], trick, position.rules.joker_lead_rule)
                hands[seat].remove(card)
                trick.append(card)
            trick = []
        checked += 1
    assert checked > 10


QUINTO = get_rules("quinto")


def claim(**query):
    return QUINTO.referee("claim", {"leader": "N", "claimant": "N", "exact": True, **query}, {}).answer


def test_a_higher_suit_beats_the_suit_led_and_the_joker_wins_nothing():
    """RULES §5.1: ♥ > ♦ > ♣ > ♠ whatever was led; N's A♠ falls to E's 2♦ (no obligation to keep suits)."""
    answer = claim(hands={"N": "AS", "E": "2D", "S": "KS", "W": "JOKER"}, claim="all")
    assert answer["holds"] is False
    assert answer["line"][0]["winner"] == "E"
    # The joker (25) goes to E–W with the trick: 5 + 25, and the last trick takes the cachette's 5
    assert answer["best_points"] == {"A": 0, "B": 35}


def test_the_cachette_goes_with_the_last_trick_and_a_split_pair_is_worth_nothing():
    """RULES §5.3: the cachette's quints (5♥: 20) score with the last trick; A♦ and 4♦ in two
    different tricks are no quint; redoubled, a trick is worth 20 (§5.4)."""
    answer = claim(hands={"N": "AH AD", "E": "2S 3S", "S": "KS 4D", "W": "7C 8C"}, claim={"points": 80},
                   multiplier="redouble", cachette="5H 9C")
    # N–S take both tricks: 20 + 20 (trick values) + the cachette's 20 and 5♥ 20; E's 2♠ 3♠ (5) in a
    # trick N–S win: 85. A♦ and 4♦ are in different tricks only if N–S split them.
    assert answer["holds"] is True and answer["best_points"]["A"] >= 80


@pytest.mark.parametrize(("query", "field"), [
    ({"cachette": "AH"}, "cachette"),
    ({"multiplier": "quadruple"}, "multiplier"),
    ({"trump": "H"}, "trump"),
    ({"hands": {"N": "AH", "E": "AH", "S": "KS", "W": "7C"}}, "hands"),
])
def test_impossible_claims_are_refused_by_field(query, field):
    with pytest.raises(RuleViolation) as refused:
        claim(**{"hands": {"N": "AH", "E": "2S", "S": "KS", "W": "7C"}, "claim": "all", **query})
    assert refused.value.field == field


@settings(max_examples=150, deadline=None)
@given(tricks=st.integers(1, 3), rich=st.booleans(), rng=st.randoms(use_true_random=False))
def test_the_points_bound_is_never_below_what_a_line_of_play_takes(tricks, rich, rng):
    """RULES §5.3, §5.4: the search's bound on the points left (a trick value a trick, the cachette,
    every quint whose cards are all in play) is at least what both sides together take in any
    line of play, so a position it cuts can never be worth more; and every trick is worth at least
    its trick value, the floor the search counts for each trick a side surely wins."""
    position = random_position(rng, tricks=tricks, rich=rich)
    kernel = position.rules.kernel(None, None, NESW)
    left = kernel.mask(frozenset().union(*position.hands.values(), position.trick_so_far))
    assert minimax(position, None, True) <= kernel.most(left), position
    assert kernel.trick_floor == position.rules.trick_value
    assert kernel.most(0) == 0


@settings(max_examples=200, deadline=None)
@given(tricks_left=st.integers(2, 3), rich=st.booleans(), rng=st.randoms(use_true_random=False))
def test_a_trick_the_top_suit_game_gives_a_side_is_one_it_surely_takes(tricks_left, rich, rng):
    """RULES §5.1, §5.5: the search's follow-suit bound. Where the top suit's game (the claimants
    play any card but follow the top suit when it is led; the defenders follow it too and hold it
    back otherwise) gives the defenders a trick, exhaustive minimax gives them one as well: the
    claimants cannot take every trick left. Asked at any trick's start, whatever the number of
    tricks left (the search asks it from the kernel's ``one_trick_from`` on)."""
    position = at_trick_start(random_position(rng, tricks=tricks_left, rich=rich))
    kernel = position.rules.kernel(None, None, NESW)
    bits = [kernel.mask(position.hands[seat]) for seat in NESW]
    module = engine_as_python()
    for claimant in ("A", "B"):
        searcher = module._Searcher(kernel, bits, [SIDES[seat] == claimant for seat in NESW], False, None,
                                    module.Table())
        if searcher.one_more(NESW.index(position.leader), False):  # (the defence's trick)
            assert minimax(position, claimant, False) < tricks_left, position


@cache
def kept_top_suit_game(lead_rule: bool) -> tuple[object, object]:
    """A Quinto kernel and one plain-Python tricks searcher of it, N-S claiming, kept from test to test (the
    answers it keeps, too)."""
    kernel = QuintoTrickRules(joker_lead_rule=lead_rule).kernel(None, None, NESW)
    module = engine_as_python()
    return kernel, module._Searcher(kernel, [0] * 4, [True, False, True, False], False, None, module.Table())


@settings(max_examples=300, deadline=None)
@given(tricks=st.integers(2, 5), rng=st.randoms(use_true_random=False))
def test_the_top_suit_games_answer_is_kept_by_its_cards_order_alone(tricks, rng):
    """RULES §5.1: the higher card wins, so in the top suit's game only the order of the top suit's cards in
    play counts, not their ranks. The searcher keeps its answers by a key of that order, the holders, how
    many other cards each seat holds and the joker's: one searcher asked a position, then the same
    position with the top suit's cards renamed to others of that suit in the same order (the searcher
    kept from example to example), answers as that game played out with nothing kept does on each, for
    either side."""
    deck = sorted(DECK_53, key=display_key)
    rng.shuffle(deck)
    lead_rule, claimant = rng.random() < 0.7, (True, False, True, False)
    kernel, kept = kept_top_suit_game(lead_rule)
    bits = [kernel.mask(deck[at * tricks:(at + 1) * tricks]) for at in range(4)]
    top = next(suit for suit in kernel.top_suits if suit & sum(bits))
    held = [bit for bit in range(53) if (top & sum(bits)) >> bit & 1]
    renamed = sorted(rng.sample([bit for bit in range(53) if top >> bit & 1], len(held)))
    moved = [sum(1 << new for old, new in zip(held, renamed) if hand >> old & 1) | hand & ~top for hand in bits]
    module = engine_as_python()

    class Unkept(module._Searcher):
        def top_start(self, side: int, leader: int) -> bool:  # (every trick start played out)
            if not any(self.tops[:4]) and not any(self.others[:4]) and self.joker_seat < 0:
                return False
            return self.top_trick(side, leader, 0, module.NOTHING, -1, -1)

    leader = rng.randrange(4)
    for hands in (bits, moved):
        unkept = Unkept(kernel, hands, claimant, False, None, module.Table())
        kept.load(hands)
        unkept.load(hands)
        for side in (True, False):
            assert kept.one_more(leader, side) == unkept.one_more(leader, side), (hands, side, leader)


PLAIN = ("K", "Q", "J", "10", "9", "8", "7", "6")  # RULES §5.1 order, highest first: the cards of no quint


@settings(max_examples=100, deadline=None)
@given(tricks=st.integers(2, 3), claimant=st.sampled_from(("A", "B")), rng=st.randoms(use_true_random=False))
def test_the_king_to_the_6_of_a_suit_play_alike_whichever_of_them_are_still_in_play(tricks, claimant, rng):
    """RULES §5.1, §5.3: the points search keeps a position by its king-to-6 cards closed up (the ones
    gone from play squeezed out, suit by suit), its quint cards and the joker by name. Dealt mostly
    from the king to the 6 of two suits, so that lines of play meet in such positions: renaming each
    suit's king-to-6 cards in play to the lowest of them, in the same order, leaves minimax's best
    points as they were, and the search's best points are minimax's."""
    deck = [card for card in DECK_53 if card.suit is not None and card.suit.value in "HC" and card.rank.value in PLAIN]
    deck += rng.sample(sorted(set(DECK_53) - set(deck), key=display_key), 4)
    rng.shuffle(deck)
    rules = QuintoTrickRules(multiplier=rng.choice(("none", "double")), joker_lead_rule=rng.random() < 0.7)
    position = Position(rules=rules, play_order=NESW, leader=rng.choice(NESW),
                        hands={seat: frozenset(deck[at * tricks:(at + 1) * tricks]) for at, seat in enumerate(NESW)})
    renamed = {}
    for suit in ("H", "C"):
        held = sorted((card for hand in position.hands.values() for card in hand
                       if card.suit is not None and card.suit.value == suit and card.rank.value in PLAIN),
                      key=lambda card: PLAIN.index(card.rank.value), reverse=True)  # (lowest first)
        renamed.update(zip(held, (Card.parse(rank + suit) for rank in reversed(PLAIN))))
    closed = Position(rules=position.rules, play_order=NESW, leader=position.leader,
                      hands={seat: frozenset(renamed.get(card, card) for card in hand)
                             for seat, hand in position.hands.items()})
    assert minimax(closed, claimant, True) == minimax(position, claimant, True), position
    assert best_points(position, claimant) == minimax(position, claimant, True), position



LOW = ("2", "3", "4", "5", "6", "7", "8")
RANKS = ("A", *PLAIN, "5", "4", "3", "2")


def dealt_anew(position: Position, below: int, rng: random.Random, ranks: tuple[str, ...] = RANKS) -> Position:
    """The position with its cards of ``ranks`` ranked below ``below`` (the kernel's bits) dealt anew
    among their holders, suit by suit, each hand keeping as many of each suit."""
    rank = position.rules.kernel(None, None, NESW).bit_of
    hands = {seat: set(hand) for seat, hand in position.hands.items()}
    for suit in {card.suit for hand in hands.values() for card in hand if card.suit is not None}:
        low = [(seat, card) for seat, hand in hands.items() for card in hand
               if card.suit == suit and rank[card] < below and card.rank.value in ranks]
        for seat, card in low:
            hands[seat].remove(card)
        for (seat, _), card in zip(low, rng.sample([card for _, card in low], len(low))):
            hands[seat].add(card)
    return Position(rules=position.rules, play_order=NESW, leader=position.leader,
                    hands={seat: frozenset(hand) for seat, hand in hands.items()})


@settings(max_examples=80, deadline=None)
@given(tricks=st.integers(3, 4), claimant=st.sampled_from(("A", "B")), rng=st.randoms(use_true_random=False))
def test_cards_below_every_card_of_another_hand_may_change_hands_and_change_no_tricks(tricks, claimant, rng):
    """RULES §5.1, §5.5: a card below every card of some other hand never wins a trick (that hand
    plays above it in every trick), so such cards of a suit may change hands, each hand keeping as
    many, and every trick goes as before: the tricks search keeps a trick's start by that key. Dealt
    mostly from the low cards of the two lowest suits: dealing those cards anew leaves minimax's
    tricks as they were; and a position whose low cards, up to any rank, were dealt anew, searched
    with the bounds proved for the first position, gets minimax's tricks."""
    deck = [card for card in DECK_53 if card.suit is not None and card.suit.value in "CS" and card.rank.value in LOW]
    deck += rng.sample(sorted(set(DECK_53) - set(deck), key=display_key), 6)
    rng.shuffle(deck)
    rules = QuintoTrickRules(joker_lead_rule=rng.random() < 0.7)
    position = Position(rules=rules, play_order=NESW, leader=rng.choice(NESW),
                        hands={seat: frozenset(deck[at * tricks:(at + 1) * tricks]) for at, seat in enumerate(NESW)})
    kernel = rules.kernel(None, None, NESW)
    floor = max(min(kernel.bit_of[card] for card in hand) for hand in position.hands.values())
    tricks_won = minimax(position, claimant, False)
    assert minimax(dealt_anew(position, floor, rng), claimant, False) == tricks_won, position

    def engine(position: Position, table: Table | None) -> Engine:
        return Engine(kernel, [kernel.mask(position.hands[seat]) for seat in NESW],
                      [SIDES[seat] == claimant for seat in NESW], NESW.index(position.leader), [], points=False,
                      tricks_table=table)

    first = engine(position, None)
    assert first.exact() == tricks_won, position
    anew = dealt_anew(position, kernel.bit_of[rng.choice(deck[:4 * tricks])] + 1, rng)
    assert engine(anew, first.tricks_table).exact() == minimax(anew, claimant, False), (position, anew)


@settings(max_examples=60, deadline=None)
@given(tricks=st.just(3), claimant=st.sampled_from(("A", "B")), rng=st.randoms(use_true_random=False))
def test_king_to_6_cards_that_never_win_may_change_hands_and_change_no_points(tricks, claimant, rng):
    """RULES §5.1, §5.3, §5.5: a card below every card of some other hand never wins a trick, and a
    king to 6 is worth nothing and in no quint, so such cards of a suit may change hands, each hand
    keeping as many, and every trick goes and scores as before: the points search keeps a trick's
    start by that key. Dealt mostly from the king to the 6 of the two lowest suits: dealing those
    cards anew leaves minimax's best points as they were; and a position whose king-to-6 cards, up
    to any rank, were dealt anew, searched after the first with the same engine (its bounds kept),
    gets minimax's best points."""
    deck = [card for card in DECK_53 if card.suit is not None and card.suit.value in "CS" and card.rank.value in PLAIN]
    deck += rng.sample(sorted(set(DECK_53) - set(deck), key=display_key), 6)
    rng.shuffle(deck)
    rules = QuintoTrickRules(multiplier=rng.choice(("none", "double")), joker_lead_rule=rng.random() < 0.7,
                             cachette=frozenset(deck[4 * tricks:4 * tricks + rng.choice((0, 2))]))
    position = Position(rules=rules, play_order=NESW, leader=rng.choice(NESW),
                        hands={seat: frozenset(deck[at * tricks:(at + 1) * tricks]) for at, seat in enumerate(NESW)})
    kernel = rules.kernel(None, None, NESW)
    floor = max(min(kernel.bit_of[card] for card in hand) for hand in position.hands.values())
    points = minimax(position, claimant, True)
    assert minimax(dealt_anew(position, floor, rng, PLAIN), claimant, True) == points, position
    engine = Engine(kernel, [kernel.mask(position.hands[seat]) for seat in NESW],
                    [SIDES[seat] == claimant for seat in NESW], NESW.index(position.leader), [], points=True)
    assert engine.exact() == points, position
    anew = dealt_anew(position, kernel.bit_of[rng.choice(deck[:4 * tricks])] + 1, rng, PLAIN)
    engine.restore(([kernel.mask(anew.hands[seat]) for seat in NESW], [], NESW.index(anew.leader)))
    assert engine.exact() == minimax(anew, claimant, True), (position, anew)


@cache
def engine_as_python():
    """engine.py run as plain Python beside the compiled module: its C functions are then methods a
    test may call."""
    from scorekeeper.solver import engine as compiled
    spec = importlib.util.spec_from_file_location("scorekeeper.solver.engine_as_python",
                                                  Path(compiled.__file__).with_name("engine.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@settings(max_examples=500, deadline=None)
@given(hand=st.integers(0, (1 << 53) - 1), other=st.integers(0, (1 << 53) - 1))
def test_a_hands_sure_tricks_are_its_cards_as_high_or_higher_less_the_other_sides_above(hand, other):
    """§5.1, the highest card wins whatever was led: a hand's k highest cards lie in k tricks, and the other
    side takes one of them only with a card above the k-th, each card in one trick. So the hand surely takes,
    over its cards, the most of its cards as high or higher less the other side's higher ones (the floor
    of the tricks search, ``_sure_tricks``, on 53 cards)."""
    other &= ~hand
    floor = max([0] + [(hand >> card).bit_count() - (other >> card + 1).bit_count()
                       for card in range(53) if hand >> card & 1])
    assert engine_as_python()._sure_tricks(hand, other) == floor


@settings(max_examples=200, deadline=None)
@given(tricks=st.integers(1, 13), swaps=st.integers(0, 2), rng=st.randoms(use_true_random=False))
def test_positions_alike_once_the_cards_gone_are_closed_up_share_one_tricks_key(tricks, swaps, rng):
    """The tricks table's key is the position's shape: what each hand holds as ranks among the cards
    left in each suit (§5.1: the higher card wins, §5.5: the suit led is followed; a card gone from
    play changes neither for the cards left, so positions of one shape play alike, move for move).
    Two positions of one shape, the cards left picked anew in each suit rank for rank, have one key;
    with cards of two hands swapped, one key exactly where the shapes are still the same."""
    kernel = QuintoTrickRules().kernel(None, None, NESW)
    module = engine_as_python()
    searcher = module._Searcher(kernel, [0] * 4, [True, False, True, False], False, None, module.Table())
    runs = [list(range(first, first + width)) for first, width in kernel.runs]

    def deal(chosen: list[list[int]], holders: list[list[int]]) -> tuple[int, ...]:
        for seat in range(4):
            searcher.hands[seat] = sum(1 << bit for run, held in zip(chosen, holders)
                                       for bit, holder in zip(run, held) if holder == seat)
        words = searcher.normal_key(0, sum(1 << bit for run in chosen for bit in run), 0, False)
        return tuple(searcher.key[:words])

    cards = rng.sample([bit for run in runs for bit in run], 4 * tricks)
    seats = [seat for seat in range(4) for _ in range(tricks)]
    chosen = [sorted(bit for bit in run if bit in cards) for run in runs]
    holders = [[seats[cards.index(bit)] for bit in run] for run in chosen]
    alike = [sorted(rng.sample(run, len(held))) for run, held in zip(runs, chosen)]
    assert deal(chosen, holders) == deal(alike, holders)
    swapped = [list(held) for held in holders]
    for _ in range(swaps):  # (two cards of the same run or of two runs change hands)
        one, other = rng.choice([at for at, held in enumerate(swapped) if held]), \
            rng.choice([at for at, held in enumerate(swapped) if held])
        first, second = rng.randrange(len(swapped[one])), rng.randrange(len(swapped[other]))
        swapped[one][first], swapped[other][second] = swapped[other][second], swapped[one][first]
    assert (deal(chosen, holders) == deal(alike, swapped)) == (holders == swapped)


@settings(max_examples=200, deadline=None)
@given(tricks=st.integers(2, 13), rng=st.randoms(use_true_random=False))
def test_the_key_of_low_cards_dealt_anew_is_that_of_the_position_dealt_so(tricks, rng):
    """A card below every card of another hand never wins a trick (§5.1: the higher card wins, and
    that hand plays above it in every trick), and following suit reads only suits (§5.5): such cards
    of a suit may change hands, each hand keeping as many. The tricks key (normal_key, dealt) is that of the
    position where the first seat holds the lowest of them, suit by suit, the next seat the next ones."""
    kernel = QuintoTrickRules().kernel(None, None, NESW)
    module = engine_as_python()
    searcher = module._Searcher(kernel, [0] * 4, [True, False, True, False], False, None, module.Table())
    cards = rng.sample(range(len(kernel.card_of)), 4 * tricks)
    hands = [sum(1 << bit for bit in cards[seat * tricks:(seat + 1) * tricks]) for seat in range(4)]
    rem, leader = sum(hands), rng.randrange(4)
    searcher.hands[:4] = hands
    words = searcher.normal_key(leader, rem, 0, True)
    key = tuple(searcher.key[:words])
    lowest = max(hand & -hand for hand in hands)
    for first, width in kernel.runs:
        below = [bit for bit in range(first, first + width) if rem >> bit & 1 and 1 << bit < lowest]
        dealt = 0
        for seat in range(4):
            share = [bit for bit in below if hands[seat] >> bit & 1]
            searcher.hands[seat] = searcher.hands[seat] & ~sum(1 << bit for bit in share) | \
                sum(1 << bit for bit in below[dealt:dealt + len(share)])
            dealt += len(share)
    assert key == tuple(searcher.key[:searcher.normal_key(leader, rem, 0, False)])


@settings(max_examples=60, deadline=None)
@given(tricks=st.integers(3, 4), claimant=st.sampled_from(("A", "B")), rng=st.randoms(use_true_random=False))
def test_the_tricks_a_side_takes_as_it_plays_for_them_bound_its_points(tricks, claimant, rng):
    """RULES §5.1, §5.3, §5.4: where the claimant's side can take ``t`` tricks however the other side plays,
    it can take what ``t`` tricks surely bring (a trick value each, and the quints then surely won); where the
    other side can hold it to ``t``, it takes no more than ``t`` tricks can bring. So the window the points
    search reads from the tricks bounds its table already holds (``quint_window``, no card counted on to be
    kept to the last trick) holds exhaustive minimax's best points, with the claimant's exact tricks as
    either bound; and a points search sharing the table a tricks search filled answers minimax's points."""
    position = at_trick_start(random_position(rng, tricks=tricks))
    points, tricks_won = minimax(position, claimant, True), minimax(position, claimant, False)
    kernel = position.rules.kernel(None, None, NESW)
    hands, maxi = [kernel.mask(position.hands[seat]) for seat in NESW], [SIDES[seat] == claimant for seat in NESW]
    module = engine_as_python()
    searcher = module._Searcher(kernel, hands, maxi, True, None, module.Table())
    searcher.load(hands)
    rem, spread = sum(hands), module.SPREAD
    sure_mine, sure_theirs = searcher.ranked_floors()
    floor = searcher.quint_window(rem, tricks, max(tricks_won, sure_mine), sure_theirs, False) // spread
    ceiling = searcher.quint_window(rem, tricks, sure_mine, max(tricks - tricks_won, sure_theirs), False) % spread
    assert floor <= points <= ceiling, (floor, ceiling, position)
    leader, table = NESW.index(position.leader), Table()
    assert Engine(kernel, hands, maxi, leader, [], points=False, tricks_table=table).exact() == tricks_won
    assert Engine(kernel, hands, maxi, leader, [], points=True, tricks_table=table).exact() == points, position
