"""Fail-soft alpha-beta over single cards, with the bounds proved so far remembered.

The value of a state is what the claimant side wins from there on: one per trick in
``tricks`` mode, card points plus the last-trick bonus in ``points`` mode. The claimant side
maximises it, every other side minimises it. Every trick boundary keeps the lower and upper
bounds proved so far and the best lead found, by (hands, leader), closed up by rank in ``tricks``
mode (in ``points`` mode only the runs of cards alike in worth that a kernel names: Quinto's king
to 6), and where the highest card wins whatever its suit, with the runs' cards that never win dealt
anew; in ``points`` mode with two tricks left (cards that add up) every line is played out and the
exact value kept. So the null-window questions of :meth:`Engine.at_least` and the tests of
:meth:`Engine.exact` share their work. States inside a trick keep nothing: measured, a table of
them cost more than it saved.

Pruning: two cards of one hand that touch in their suit (no card still in play ranks between
them) and count the same are interchangeable, so only the higher is searched; at a trick
boundary each side's sure tricks bound the value before any search: the trumps of one hand that
the other side's higher trumps cannot all beat, and the leader's cashable top cards. In
``points`` mode the tricks table settles a position where it holds, for the position's shape,
that one side takes every trick left (then every point) or none. Quinto's points (no fixed total)
high in the tree read the tricks table's bounds held for the position, and ask the tricks search
for the tricks a floor would need.

Positions of one shape (``points``): two positions whose hands are the same once the cards gone
from play are closed up (the same holder for each rank that is left, suit by suit) play alike,
move for move, and differ only in what the cards are worth. So each position searched is kept by
its shape too, and bounds every later one of that shape, give or take the points its cards
differ by (:meth:`_Searcher.distance`): with 3 to 5 tricks left, four to twenty positions
share a shape, and most of them lie far from the window asked. (Kupferschmid and Helmert's
"quasi-symmetry reduction" for Skat.)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from types import FunctionType

import cython

from .search import COMPRESS, Kernel

# Compiled (setup.py), the searchers are a class of C (:class:`_Searcher`): C functions that take
# and keep C integers, the hands and the kernel's tables C arrays (a position searched for about
# half the instructions); plain Python reads the declarations as nothing. A card's bit is made by
# shifting ONE: a C ``1 << card`` would be an int of 32 bits. The C functions with no Python in
# them are declared ``exceptval(check=False)``: nothing to raise, so no look at Python's error
# state after each call.
BITS = cython.typedef(cython.longlong)  # cards as bits (53 at most)
U64 = cython.typedef(cython.ulonglong)  # bits counted (_count, _top)
SMALL = cython.typedef(cython.int)  # a card's bit number, a seat, a place in the trick
FLAG = cython.typedef(cython.bint)
VALUE = cython.typedef(cython.int)  # what a side wins (points or tricks), and the window's bounds
# The searchers' constants are C ones (cython.declare): a plain module name would be a Python int looked
# up and multiplied as one at every position.
ONE = cython.declare(BITS, 1)
SEATS = cython.declare(SMALL, 8)  # the searcher's C arrays: more seats than any game has (8 in _Searcher)
CARDS = cython.declare(SMALL, 64)  # and as many cards as the bits of BITS (64)
MOVES = 1056  # the moves (leads too) of the positions of one line, at most (written as 1056 in _Searcher)
BIG = cython.declare(VALUE, 1 << 20)  # above any value: bound of non-additive games
ALL_ROUNDS = cython.declare(SMALL, 64)  # more rounds than any suit has
GALLOP = 2  # the first step away from a guessed value, in points or tricks
SHAPE_KEEPS = 8  # points: positions remembered per shape (a Python int: the tests set it to 0)
SPREAD = cython.declare(VALUE, 1 << 12)  # more than every card's points: _Searcher.distance packs two sums
TRICKS_ASKED_FROM = cython.declare(SMALL, 6)  # Quinto's points: from this many tricks left, ask the tricks
# search for a floor (measured on full deals 3, 15 and 19: from 7 55,825 positions' calls, 6 50,664, 5 47,396;
# never 156,175; the ten-trick deals' within 1% of 7's; with the held bounds read from 4, solverqp25: 6 44,014
# calls against 5's 43,783 but 5-6% less CPU, deal 15 a fifth less; the ten-trick deals +2% calls, 2-14% less CPU)
TRICKS_HELD_FROM = cython.declare(SMALL, 4)  # and from this many, read the tricks table's bounds held already
NOTHING = cython.declare(SMALL, 0)  # what was led in a trick of the top suit's game (_Searcher.top_trick)
TOP = cython.declare(SMALL, 1)
OTHER = cython.declare(SMALL, 2)
JOKER_LED = cython.declare(SMALL, 3)
ANY = cython.declare(SMALL, 4)
QUINTS = 16  # the searcher's C arrays of the kernel's quints (written as 16 in _Searcher)
KEY_WORDS = cython.declare(SMALL, 16)  # a position's key: its words at most (Table)
KEY_ROOM = cython.declare(SMALL, 2 * KEY_WORDS)  # each trick boundary's keys, by tricks left: the table's,
# then the shape's


class OutOfTime(Exception):
    """The caller's budget ran out before the search ended."""


class Engine:
    """One position under search. ``hands`` (seat index -> bits) are in play order;
    ``claimant[i]`` tells whether seat ``i`` plays for the claimant side. ``tricks_table`` holds
    the tricks bounds proved (the tricks search's own table, or the one a points search asks
    whether a side takes every trick): engines of one position and side may share it."""

    def __init__(self, kernel: Kernel, hands: list[int], claimant: list[bool], leader: int, trick: list[int],
                 *, points: bool, keep_going: Callable[[], bool] | None = None,
                 tricks_table: Table | None = None) -> None:
        self.kernel, self.points, self.claimant = kernel, points, claimant
        self.hands = list(hands)
        self.trick: list[int] = []
        self.leader = leader
        self.tricks_table = Table() if tricks_table is None else tricks_table
        self._searcher = _Searcher(kernel, self.hands, claimant, points, keep_going, self.tricks_table)
        for bit in trick:
            self.play(bit)

    # -- the state at the root ---------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_play(self) -> int:
        """Seat index of the next card."""
        return (self.leader + len(self.trick)) % self.players

    def winning(self) -> tuple[int, int]:
        """(seat index, card bit) winning the current trick; the trick must not be empty."""
        best_at, beats = 0, self.kernel.beats
        for at in range(1, len(self.trick)):
            if beats(self.trick[at], self.trick[best_at], self.trick[:at]):
                best_at = at
        return (self.leader + best_at) % self.players, self.trick[best_at]

    def remaining(self) -> int:
        """Every card still in play: in a hand or in the current trick."""
        bits = 0
        for hand in self.hands:
            bits |= hand
        for bit in self.trick:
            bits |= 1 << bit
        return bits

    def tricks_left(self) -> int:
        """Tricks still to be won, the current one included."""
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    def total(self) -> int:
        """The most the claimant could win from here (the whole remaining value)."""
        if not self.points:
            return self.tricks_left()
        if not self.kernel.additive:
            return BIG
        rem = self.remaining()
        pts = self.kernel.pts
        return sum(pts[bit] for bit in range(len(pts)) if rem >> bit & 1) + (self.kernel.bonus if rem else 0)

    def legal(self) -> int:
        """Legal cards of the next player, as bits."""
        seat = self.to_play
        if not self.trick:
            return self.hands[seat]
        win_seat, win_bit = self.winning()
        partner = self.players == 4 and self.kernel.partners and win_seat == (seat + 2) % 4
        return self.kernel.legal(self.hands[seat], self.trick, win_bit, partner, seat)

    def play(self, bit: int) -> tuple[int, int] | None:
        """Play a card at the root; when it ends the trick, (winner seat index, value won)."""
        seat = self.to_play
        self.hands[seat] &= ~(1 << bit)
        self.trick.append(bit)
        if len(self.trick) < self.players:
            return None
        winner, _ = self.winning()
        kernel = self.kernel
        value = (kernel.trick_points(self.trick) if self.points else 1)
        if self.points and not any(self.hands):
            value += kernel.bonus
        self.trick.clear()
        self.leader = winner
        return winner, value

    def snapshot(self) -> tuple[list[int], list[int], int]:
        """The root state, for :meth:`restore`."""
        return list(self.hands), list(self.trick), self.leader

    def restore(self, state: tuple[list[int], list[int], int]) -> None:
        """Go back to a :meth:`snapshot`."""
        self.hands[:], self.trick[:], self.leader = state[0], state[1], state[2]

    # -- questions ---------------------------------------------------------------------------

    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft value of the root within (alpha, beta)."""
        return _in_a_chunk_of_its_own(self._search, alpha, beta)

    def _search(self, alpha: int, beta: int) -> int:
        rem = self.remaining()
        if not rem:
            return 0
        total = self.total()
        self._searcher.load(self.hands)
        if not self.trick:
            return self._searcher.boundary(self.leader, rem, total, alpha, beta)
        win_seat, win_bit = self.winning()
        tmask = 0
        for bit in self.trick:
            tmask |= 1 << bit
        taken = sum(self.kernel.pts[bit] for bit in self.trick) if self.points else 0
        base = self._searcher.trick(self.trick, self.tricks_left())
        return self._searcher.node(base, len(self.trick), self.to_play, win_seat, win_bit, taken, rem, tmask, total,
                                   alpha, beta)

    def at_least(self, target: int) -> bool:
        """Can the claimant side win ``target`` or more from here?"""
        return self.search(target - 1, target) >= target

    def exact(self, guess: int | None = None) -> int:
        """The value with best play from both sides, by null-window tests (each fail-soft
        answer may close more of the range still open than the test asked).

        Without a ``guess`` each test bisects the range. With one, the first test is at the
        guess and the next ones step away from it the way the answers point, the step doubling,
        until one answer turns back; then bisection. Tests near the value cost the most, so a
        good guess saves the far ones.
        """
        most = self.kernel.most if self.points else None  # points that do not add up: their bound
        lower, upper = 0, self.total() if most is None else most(self.remaining())
        step = None if guess is None else GALLOP
        probe = (lower + upper + 1) // 2 if guess is None else min(max(guess, 1), upper)
        rising = None
        while lower < upper:
            value = self.search(probe - 1, probe)
            if step is not None and rising is not None and rising != (value >= probe):
                step = None  # the value is bracketed
            rising = value >= probe
            if rising:
                lower = value
            else:
                upper = value
            if step is None:
                probe = (lower + upper + 1) // 2
            else:
                probe = min(max(lower + step if rising else upper - step + 1, lower + 1), upper)
                step *= 2
        return lower


def _roomy(words: int) -> Callable[[Callable[[int, int], int], int, int], int]:
    """``call(search, alpha, beta)``: ``search(alpha, beta)`` run from a frame ``words`` words larger
    than it needs (unused local variables).

    CPython 3.11 keeps frames on a stack of 16-KiB chunks and frees a chunk as soon as the frame
    at its base returns, so a recursion that goes back and forth across the end of a chunk maps and
    unmaps one at every crossing: 86,000 to 217,000 mmap/munmap pairs in one points search of a
    Contrée deal, and up to 3x its time, depending on where the callers' frames put the crossing.
    A frame of 3,100 words never fits in what is left of a chunk, so it starts one of its own
    (64 KiB, sized to it), and the whole search (about 17 KiB of frames for 8 tricks, 28 KiB for
    Quinto's 12) stays inside it, whoever calls.

    Compiled by Cython (setup.py), the searchers keep no Python frames: ``call`` is then returned
    as it is.
    """
    def call(search: Callable[[int, int], int], alpha: int, beta: int) -> int:
        return search(alpha, beta)

    if not isinstance(call, FunctionType):
        return call
    code = call.__code__
    names = code.co_varnames + tuple(f"_unused{at}" for at in range(words))
    return FunctionType(code.replace(co_varnames=names, co_nlocals=len(names)), {})  # type: ignore[return-value]


_in_a_chunk_of_its_own = _roomy(3100)


# Compiled, ``x.bit_count()`` and ``x.bit_length()`` on a C integer make it a Python int and call its
# method: the searchers count bits with these C functions instead (plain Python: the methods).


@cython.cfunc
@cython.inline
@cython.cdivision(True)
@cython.returns(SMALL)
@cython.annotation_typing(False)
@cython.locals(bits=U64, every=U64)
def _count(bits: int) -> int:
    """``bits.bit_count()`` (bits >= 0). The masks are every bit divided by 3, 5, 17 and 255 (0x55..55,
    0x33..33, 0x0F..0F, 0x01..01), C constants the compiler works out (a literal this large would be a
    Python int to Cython, a module constant a C variable): so GCC knows the count for what it is, and
    makes it one ``popcnt`` where the processor has one (setup.py's ``POPCNT``)."""
    if not cython.compiled:
        return bits.bit_count()
    every = ~cython.cast(U64, 0)
    bits -= bits >> 1 & every // 3
    bits = (bits & every // 5) + (bits >> 2 & every // 5)
    bits = (bits + (bits >> 4)) & every // 17
    return bits * (every // 255) >> 56 & 255


@cython.cfunc
@cython.inline
@cython.returns(SMALL)
@cython.annotation_typing(False)
@cython.locals(bits=U64)
def _top(bits: int) -> int:
    """``bits.bit_length() - 1``, the highest bit's number (bits > 0); compiled, one ``bsr`` (engine.pxd)."""
    if not cython.compiled:
        return bits.bit_length() - 1
    return 63 - _leading_zeros(bits)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.returns(SMALL)
@cython.annotation_typing(False)
@cython.locals(hand=BITS, other=BITS, low=BITS, floor=SMALL, held=SMALL, over=SMALL)
def _sure_tricks(hand: int, other: int) -> int:
    """The tricks ``hand`` surely takes where only a higher card of ``other`` (none of its cards) takes a
    trick from it, each card in one trick: the most, over its cards, of its cards as high or higher less
    the cards of ``other`` higher, or 0. The hand's cards walked from its lowest up, the cards of ``other``
    above each counted (one ``popcnt``: not a step for each of them), until no card left can raise it."""
    held, floor = _count(hand), 0
    while held > floor:
        low = hand & -hand
        hand ^= low
        over = _count(other & -(low << 1))
        floor = held - over if held - over > floor else floor
        held -= 1
    return floor


CLOSED_UP = array("B", COMPRESS)  # (COMPRESS's numbers as bytes: the searchers read them as a C array)


def _rises() -> array:
    """``RISES[byte]``: the most that a side's count of cards rises, less the other side's, over the top 1 to 8 of
    8 cards in a row, the highest first (bit 7), a bit 1 where it is the side's (_Searcher.sure_tricks)."""
    rises = array("b")
    for byte in range(256):
        run, most = 0, -8
        for bit in range(7, -1, -1):
            run += 1 if byte >> bit & 1 else -1
            most = run if run > most else most
        rises.append(most)
    return rises


RISES = _rises()


# A table's slot is found by the key's words mixed (a multiply and a shift a word, 64 bits wrapping: C's
# integers compiled, plain Python's masked by WORD, so both find the same slots).
MIX = cython.declare(U64, 0x9E3779B97F4A7C15)
WORD = cython.declare(U64, 0xFFFFFFFFFFFFFFFF)
FIRST_SLOTS = 1 << 10  # a new table's slots (doubled each time it is half full)
LINE_WORDS = cython.declare(SMALL, 8)  # the words of a 64-byte cache line (a table's slots start on one)
LOW_HALF = cython.declare(U64, 0xFFFFFFFF)  # a table's lower bound, in the low half of its bounds' word
TAGGED = cython.declare(cython.uchar, 128)  # a full slot's tag: this bit, and 7 bits of its key's hash
LEAD_BITS = cython.declare(U64, 127)  # a slot's best lead plus one, below its key's hash (Table.store)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.returns(U64)
@cython.annotation_typing(False)
@cython.locals(keys=U64[::1], at=cython.Py_ssize_t, words=SMALL, word=SMALL, mixed=U64)
def _mixed(keys: array, at: int, words: int) -> int:
    """The ``words`` words of ``keys`` from ``at`` mixed into one."""
    mixed = 0
    for word in range(words):
        mixed = (mixed ^ keys[at + word]) * MIX
        if not cython.compiled:  # (compiled, it wraps by itself: WORD is a C variable to GCC, and masking by
            mixed &= WORD  # it cost an instruction a word)
        mixed ^= mixed >> 29
    return mixed


def _zeros(code: str, count: int) -> array:
    """An array of ``count`` zeros of the type ``code``: one zero repeated, each byte written once (a
    zeroed ``bytes`` copied into an array wrote each twice, on twice the pages: measured, 3.3% of a
    Pandoeren points search's instructions went to the tables' new arrays so)."""
    return array(code, [0]) * count


@cython.final
@cython.cclass
class Table:
    """The bounds proved at trick boundaries, by position: (lower, upper, best lead or -1). Open addressing over C
    arrays (plain Python: arrays of the same numbers): each slot's words in a row, the key whole (``words`` words,
    given by the first searcher to use the table, so two positions never share an entry), the bounds (the lower in
    the low 32 bits, the upper above: neither is ever negative) and the best lead plus one (its key's hash above it:
    :meth:`grow` hashes no key); and each slot's tag apart, a byte: 0 where it is empty, else 7 bits of its key's
    hash, so a look-up compares a key only where the tags are the same. The tables outgrow the processor's caches
    (Quinto's "6 tricks?" from a full deal: a million slots, 64 MB): the tags (1 MB) are read in the cache, and a
    slot's key and bounds are one line from memory (the slots start on a 64-byte line: a Quinto tricks key's 6 words
    and 2 fill one), where a key, its full flag, its bounds and its lead were each read in an array of their own,
    and a key compared at each full slot probed. It doubles each time it is half full and replaces nothing, so it
    keeps what a dict of the positions would. The searchers of one position and side may share one (the tricks
    bounds: ``Engine.tricks_table``)."""

    words: SMALL
    stride: SMALL  # a slot's words: the key's, the bounds' and the lead's (and hash's)
    size: cython.Py_ssize_t  # entries kept
    mask: cython.Py_ssize_t  # slots - 1
    first: cython.Py_ssize_t  # slot 0's first word (on a 64-byte line)
    slots: U64[::1]  # slot s from first + s * stride on: its key, its bounds, its lead
    tags: cython.uchar[::1]  # slot s's tag: 0 empty, else 128 and the top 7 bits of its key's hash

    def __init__(self) -> None:
        self.words = 0

    @cython.ccall
    @cython.annotation_typing(False)
    @cython.locals(words=SMALL)
    def fit(self, words: int) -> None:
        """Keys of ``words`` words (a shared table: every searcher's the same)."""
        if self.words == 0:
            self.words, self.stride = words, words + 2
            self.empty(FIRST_SLOTS)
        elif self.words != words:
            raise ValueError(f"a table of keys of {self.words} words asked for keys of {words}")

    @cython.cfunc
    @cython.annotation_typing(False)
    @cython.locals(slots=cython.Py_ssize_t)
    def empty(self, slots: int) -> None:
        """``slots`` empty slots, and no entry."""
        self.size, self.mask = 0, slots - 1
        self.slots = _zeros("Q", slots * self.stride + LINE_WORDS)
        self.tags = _zeros("B", slots)
        self.first = 0
        if cython.compiled:  # (the words before the first 64-byte line left unused)
            self.first = -(cython.cast(cython.size_t, cython.address(self.slots[0])) // 8) & LINE_WORDS - 1

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)
    @cython.returns(FLAG)
    @cython.annotation_typing(False)
    @cython.locals(slot=cython.Py_ssize_t)
    def held(self, slot: int) -> bool:
        """Does ``slot`` hold an entry?"""
        return self.tags[slot] != 0

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(slot=cython.Py_ssize_t)
    def low(self, slot: int) -> int:
        """The lower bound kept at ``slot``."""
        return self.slots[self.first + slot * self.stride + self.words] & LOW_HALF

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(slot=cython.Py_ssize_t)
    def high(self, slot: int) -> int:
        """The upper bound kept at ``slot``."""
        return self.slots[self.first + slot * self.stride + self.words] >> 32

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)
    @cython.returns(SMALL)
    @cython.annotation_typing(False)
    @cython.locals(slot=cython.Py_ssize_t)
    def lead(self, slot: int) -> int:
        """The best lead kept at ``slot``, or -1."""
        return (self.slots[self.first + slot * self.stride + self.words + 1] & LEAD_BITS) - 1

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)
    @cython.returns(cython.Py_ssize_t)
    @cython.annotation_typing(False)
    @cython.locals(key=U64[::1], at=cython.Py_ssize_t, slot=cython.Py_ssize_t, base=cython.Py_ssize_t,
                   words=SMALL, word=SMALL, mixed=U64, tag=cython.uchar)
    def slot(self, key: array, at: int) -> int:
        """Where the key of ``key[at:at + words]`` is kept, or the empty slot where it would go (the keys
        compared only where the tags are the same)."""
        words = self.words
        mixed = _mixed(key, at, words)
        slot, tag = mixed & self.mask, TAGGED | mixed >> 57
        while self.tags[slot]:
            if self.tags[slot] != tag:
                slot = (slot + 1) & self.mask
                continue
            base = self.first + slot * self.stride
            for word in range(words):
                if self.slots[base + word] != key[at + word]:
                    break
            else:
                return slot
            slot = (slot + 1) & self.mask
        return slot

    @cython.cfunc
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.annotation_typing(False)
    @cython.locals(key=U64[::1], at=cython.Py_ssize_t, lo=VALUE, hi=VALUE, lead=SMALL, slot=cython.Py_ssize_t)
    def put(self, key: array, at: int, lo: int, hi: int, lead: int) -> None:
        """Keep (lo, hi, lead) for the key of ``key[at:at + words]``."""
        self.store(self.slot(key, at), key, at, lo, hi, lead)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.returns(cython.Py_ssize_t)
    @cython.annotation_typing(False)
    @cython.locals(slot=cython.Py_ssize_t, mask=cython.Py_ssize_t, held=FLAG, key=U64[::1], at=cython.Py_ssize_t)
    def still(self, slot: int, mask: int, held: bool, key: array, at: int) -> int:
        """The slot of the key of ``key[at:at + words]``, :meth:`slot` having answered ``slot`` (``held``: full)
        when the table's mask was ``mask``: the same while the table has not grown and the slot is as it was
        (an entry is never moved nor taken out, so the empty slot found is still the first one of its key's
        probes, and the key found is still there); otherwise looked for again."""
        if self.mask != mask or self.held(slot) != held:
            return self.slot(key, at)
        return slot

    @cython.cfunc
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)
    @cython.annotation_typing(False)
    @cython.locals(slot=cython.Py_ssize_t, key=U64[::1], at=cython.Py_ssize_t, lo=VALUE, hi=VALUE, lead=SMALL,
                   base=cython.Py_ssize_t, word=SMALL, mixed=U64)
    def store(self, slot: int, key: array, at: int, lo: int, hi: int, lead: int) -> None:
        """Keep (lo, hi, lead) for the key of ``key[at:at + words]`` at ``slot``, :meth:`slot`'s answer for it."""
        base = self.first + slot * self.stride
        if not self.held(slot):
            for word in range(self.words):
                self.slots[base + word] = key[at + word]
            mixed = _mixed(key, at, self.words)
            self.tags[slot] = TAGGED | mixed >> 57
            self.slots[base + self.words + 1] = mixed << 7 & WORD  # (its hash, for grow)
            self.size += 1
        self.slots[base + self.words] = cython.cast(U64, hi) << 32 | lo
        self.slots[base + self.words + 1] = self.slots[base + self.words + 1] & ~LEAD_BITS | lead + 1
        if 2 * self.size > self.mask:
            self.grow()

    @cython.cfunc
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)
    @cython.annotation_typing(False)
    @cython.locals(slots=U64[::1], tags=cython.uchar[::1], first=cython.Py_ssize_t, count=cython.Py_ssize_t,
                   slot=cython.Py_ssize_t, to=cython.Py_ssize_t, base=cython.Py_ssize_t, stride=SMALL, word=SMALL)
    def grow(self) -> None:
        """Twice the slots, every entry moved to the first empty slot from its key's (as :meth:`put` would
        put it: the keys all differ, so none is compared)."""
        slots, tags, first, count, stride = self.slots, self.tags, self.first, self.mask + 1, self.stride
        self.empty(2 * count)
        for slot in range(count):
            if tags[slot]:
                base = first + slot * stride
                to = slots[base + self.words + 1] >> 7 & self.mask
                while self.held(to):
                    to = (to + 1) & self.mask
                for word in range(stride):
                    self.slots[self.first + to * stride + word] = slots[base + word]
                self.tags[to] = tags[slot]
                self.size += 1


@cython.final
@cython.cclass
class Shapes:
    """The positions searched, by shape (points: :attr:`_Searcher.alike`): for each shape, the last
    ``keeps`` positions' cards left and bounds (lower, upper) (``SHAPE_KEEPS`` when it is made). A
    :class:`Table` finds each shape's group of entries (its number as the lower bound, how many were
    ever kept as the upper), kept in C arrays beside it (plain Python: arrays of the same numbers), each
    group a ring: the next one replaces the oldest."""

    index: Table
    keeps: SMALL
    groups: cython.Py_ssize_t  # groups made
    rems: BITS[::1]  # group g's positions from g * keeps on
    lows: VALUE[::1]
    highs: VALUE[::1]

    def __init__(self, words: int) -> None:
        self.index = Table()
        self.index.fit(words)
        self.keeps = SHAPE_KEEPS
        self.empty(FIRST_SLOTS)

    @cython.cfunc
    @cython.annotation_typing(False)
    @cython.locals(groups=cython.Py_ssize_t)
    def empty(self, groups: int) -> None:
        """Room for ``groups`` groups, and none made."""
        self.groups = 0
        self.rems = _zeros("q", self.keeps * groups)
        self.lows = _zeros("i", self.keeps * groups)
        self.highs = _zeros("i", self.keeps * groups)

    @cython.cfunc
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.annotation_typing(False)
    @cython.locals(rems=BITS[::1], lows=VALUE[::1], highs=VALUE[::1], entry=cython.Py_ssize_t,
                   groups=cython.Py_ssize_t)
    def grow(self) -> None:
        """Room for twice the groups, those made kept."""
        rems, lows, highs, groups = self.rems, self.lows, self.highs, self.groups
        self.empty(2 * groups)
        self.groups = groups
        for entry in range(groups * self.keeps):
            self.rems[entry], self.lows[entry], self.highs[entry] = rems[entry], lows[entry], highs[entry]

    @cython.cfunc
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.annotation_typing(False)
    @cython.locals(slot=cython.Py_ssize_t, key=U64[::1], at=cython.Py_ssize_t, rem=BITS, lo=VALUE, hi=VALUE,
                   group=cython.Py_ssize_t, kept=VALUE, entry=cython.Py_ssize_t)
    def add(self, slot: int, key: array, at: int, rem: int, lo: int, hi: int) -> None:
        """Keep the position of ``rem`` and its bounds for the shape of ``key[at:at + words]``, ``slot`` the
        index's slot for it (:meth:`Table.slot`)."""
        if not self.keeps:
            return
        if self.index.held(slot):
            group, kept = self.index.low(slot), self.index.high(slot)
        else:
            if self.groups * self.keeps == len(self.rems):
                self.grow()
            group, kept = self.groups, 0
            self.groups += 1
        entry = group * self.keeps + kept % self.keeps
        self.rems[entry], self.lows[entry], self.highs[entry] = rem, lo, hi
        self.index.store(slot, key, at, group, kept + 1, -1)


@cython.final
@cython.cclass
class Follow:
    """A game's follow rule on bits, as the kernels of the Jass family and Quinto give it
    (:attr:`Kernel.legal <scorekeeper.solver.search.Kernel>`): called with the ``Legal``
    arguments, or, compiled, by the searchers as a C function on C integers (:meth:`moves`).

    ``suit[c]``: the cards to follow when ``c`` is led (0: none, anything goes). ``trumps``: the
    trump suit's bits (0: none). ``free``: cards never forced and always allowed (Pandoeren's jas,
    Quinto's joker). ``wild``: a card that, led, leaves the suit to the next card (Quinto's joker
    under the joker-lead rule; -1: none). ``head``: with a trump suit, a trump led must be headed
    where it can (RULES.md §1.9); without, the led suit must (tout atout). The other flags are the
    Jass :class:`~scorekeeper.games.jass.PlayStyle`'s for a void hand and for partner's trick."""

    suit: BITS[64]  # (CARDS)
    trumps: BITS
    free: BITS
    wild: SMALL
    head: FLAG
    guard: FLAG
    under_partner: FLAG
    forced_under: FLAG
    must_trump: FLAG
    trump_or_follow: FLAG
    no_under: FLAG

    def __init__(self, suit: list[int], trumps: int = 0, free: int = 0, wild: int = -1, *, head: bool = False,
                 guard: bool = False, under_partner: bool = False, forced_under: bool = False,
                 must_trump: bool = False, trump_or_follow: bool = False, no_under: bool = False) -> None:
        if not cython.compiled:  # (compiled, a C array)
            self.suit = [0] * CARDS
        if len(suit) > CARDS:
            raise ValueError(f"the search takes {CARDS} cards at most")
        for card, bits in enumerate(suit):
            self.suit[card] = bits
        self.trumps, self.free, self.wild = trumps, free, wild
        self.head, self.guard, self.under_partner, self.forced_under = head, guard, under_partner, forced_under
        self.must_trump, self.trump_or_follow, self.no_under = must_trump, trump_or_follow, no_under

    def __call__(self, hand: int, trick: list[int], best: int, partner_winning: bool, seat: int) -> int:
        return self.moves(hand, trick[0] if trick else -1, trick[1] if len(trick) > 1 else -1, len(trick), best,
                          partner_winning)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.returns(BITS)
    @cython.annotation_typing(False)
    @cython.locals(hand=BITS, lead=SMALL, second=SMALL, count=SMALL, best=SMALL, partner_winning=FLAG, free=BITS)
    def moves(self, hand: int, lead: int, second: int, count: int, best: int, partner_winning: bool) -> int:
        """The legal cards of ``hand`` after ``count`` cards, ``lead`` (and ``second``) the first
        ones, ``best`` the card winning the trick."""
        if not count:
            return hand
        if lead == self.wild:
            if count == 1:
                return hand
            lead = second
        free = hand & self.free
        if free and free != hand:
            return self.core(hand ^ free, lead, best, partner_winning) | free
        return self.core(hand, lead, best, partner_winning)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.returns(BITS)
    @cython.annotation_typing(False)
    @cython.locals(hand=BITS, lead=SMALL, best=SMALL, partner_winning=FLAG, led=BITS, trumps=BITS, follow=BITS,
                   higher=BITS, allowed=BITS, lower=BITS, trumped=FLAG)
    def core(self, hand: int, lead: int, best: int, partner_winning: bool) -> int:
        """jass.explain_plays case by case, on masks (no trump suit: follow, and head if asked)."""
        led, follow = self.suit[lead], hand & self.suit[lead]
        if not self.trumps:
            if not follow:
                return hand
            if self.head:
                higher = follow & ~((ONE << best + 1) - 1)
                if higher:
                    return higher
            return follow
        trumps = hand & self.trumps
        trumped = (ONE << best & self.trumps) != 0  # the best card is a trump iff the trick holds one
        higher = trumps & ~((ONE << best + 1) - 1) if trumped else trumps
        if led == self.trumps:
            if trumps:
                return higher if self.head and higher else trumps
            return hand
        if follow:
            allowed = follow | trumps if self.trump_or_follow else follow
        elif not trumps:
            return hand
        elif partner_winning:
            if trumped and higher and self.guard:
                allowed = (hand & ~self.trumps) | higher
            elif trumped and not higher and self.under_partner:
                allowed = trumps
            else:
                allowed = hand
        elif not self.must_trump:
            allowed = hand
        elif not trumped:
            allowed = trumps
        elif higher:
            allowed = higher
        elif self.forced_under:
            allowed = trumps
        else:
            allowed = hand
        if self.no_under and trumped:
            lower = trumps & ~higher
            if allowed & ~lower:
                allowed &= ~lower
        return allowed


@cython.final
@cython.cclass
class _Searcher:
    """The mutually recursive searchers of one engine (:meth:`boundary` at a trick's start,
    :meth:`node` inside a trick), with everything they read kept as attributes; compiled
    (setup.py), a class of C: its methods are C functions and take C integers, and the
    attributes are read by offset. ``keep_going`` (the caller's budget) is asked at the first
    position opened and every 64th after, and :class:`OutOfTime` raised when it says no.
    ``tricks_table`` keeps the tricks searcher's bounds (a points searcher's own table is new)."""

    hands: BITS[8]  # (SEATS; the engine's, copied at each search: load())
    played: SMALL[520]  # the cards of each trick under search, trick k's (tricks left) from k * SEATS on
    follow: Follow  # the kernel's follow rule on bits (None: a Python callable's)
    stack: BITS[1056]  # each position's moves in order (leads too), the deeper ones above (2 * 32 * 33 / 2: two seats)
    top: SMALL  # where the next position's moves go on the stack
    maxi: FLAG[8]
    points: FLAG
    keep_going: object
    searched: cython.int
    n: SMALL
    last: SMALL
    legal: object
    beats: object
    trick_points: object
    most: object
    one_trick: FLAG  # tricks (Quinto): does a side surely take one? (:meth:`one_more`)
    one_trick_from: SMALL  # (tricks left)
    top_suits: BITS[8]  # (SEATS) the kernel's ``top_suits``, the highest first
    top_suit_count: SMALL
    joker: BITS
    joker_leads: FLAG  # the joker led, the next card's suit is followed (the kernel's)
    tops: BITS[8]  # (SEATS) the top suit's game under search: each seat's cards of the top suit,
    others: SMALL[8]  # how many other cards but the joker,
    joker_seat: SMALL  # and the joker's holder (-1: none)
    one_known: dict  # its answers at a trick's start, by the key :meth:`top_start` packs
    pts: VALUE[64]  # (CARDS)
    rank: SMALL[64]
    history: BITS[64]  # (CARDS) Quinto: how often each card's lead cut a position off, weighed by tricks left
    killers: FLAG  # the Jass games' points: the claimant side's lead that last cut a position off tried first
    killer: SMALL[64]  # (CARDS) that lead, by tricks left (-1: none)
    above: BITS[64]
    twins: BITS[64]
    suit_of: SMALL[64]
    suit_bits: BITS[64]  # (CARDS) each card's suit, its cards (no suits: 0)
    suits: BITS[8]  # (SEATS: Quinto's five and the Jass suits fit) each suit's bits
    suit_count: SMALL  # (0: the suits unknown to the solver)
    additive: FLAG
    simple: FLAG
    ranked_bits: FLAG
    ranked: FLAG
    low_alike: FLAG  # the highest card winning, the follow rule blind to rank: low cards alike (normal_key)
    ruff_anyway: FLAG
    squeeze: FLAG
    quasi: FLAG
    trumps: BITS
    named: BITS
    bonus: cython.int
    trick_floor: cython.int
    quints: SMALL  # points (Quinto): how many groups of cards worth points together (the kernel's quints)
    quint_bits: BITS[16]  # (QUINTS) their cards, the dearest first
    quint_worth: VALUE[16]  # and their worth
    after: SMALL[8]
    partner_of: SMALL[8]
    run_count: SMALL  # runs of cards ranked in a row whose cards gone from play close up (normal_key)
    run_first: SMALL[16]  # (KEY_WORDS) each run's first bit
    run_width: SMALL[16]  # and its width
    run_of: SMALL[64]  # (CARDS) each run's cards, its number
    run_twins: FLAG  # every card's twins the cards above it in its run, and every card in a run (node)
    compress: cython.uchar[:]  # CLOSED_UP
    rises: cython.schar[:]  # RISES
    tt: Table
    key: U64[::1]  # the keys of the trick boundaries under search: KEY_ROOM words by tricks left
    last_cards: BITS[2080]  # normal_key's cards left, those dealt anew and the hands they were of, at the
    # place of the key written (KEY_ROOM * (CARDS + 1), 2 * 16 * 65: a key's KEY_WORDS places hold SEATS + 2)
    words: SMALL  # the words of the table's key
    alike: Shapes  # (points, where positions of one shape bound each other: quasi)
    run_bits: BITS
    fixed: BITS
    stretches: SMALL
    stretch_from: SMALL[32]  # the cards kept by name, stretch by stretch between the runs: from which bit,
    stretch_bits: BITS[32]  # which bits (shifted down), to which bit of the key's word (:meth:`by_name`)
    stretch_to: SMALL[32]
    by_tricks: _Searcher
    counts: _Searcher

    def __init__(self, kernel: Kernel, hands: list[int], maxi: list[bool], points: bool,
                 keep_going: Callable[[], bool] | None,
                 tricks_table: Table) -> None:
        if not cython.compiled:  # (compiled, C arrays)
            self.hands, self.maxi, self.after, self.partner_of = [0] * SEATS, [False] * SEATS, [0] * SEATS, [0] * SEATS
            self.suits, self.top_suits, self.tops, self.others = [0] * SEATS, [0] * SEATS, [0] * SEATS, [0] * SEATS
            self.pts, self.rank, self.above, self.twins, self.suit_of, self.suit_bits, self.history, self.killer = (
                [0] * CARDS for _ in range(8))
            self.played = [0] * (CARDS + 1) * SEATS
            self.stack = [0] * MOVES
            self.stretch_from, self.stretch_bits, self.stretch_to = [0] * 32, [0] * 32, [0] * 32
            self.quint_bits, self.quint_worth = [0] * QUINTS, [0] * QUINTS
            self.run_first, self.run_width, self.run_of = [0] * KEY_WORDS, [0] * KEY_WORDS, [0] * CARDS
            self.last_cards = [0] * (KEY_ROOM * (CARDS + 1))
        n = self.n = len(hands)
        if n > SEATS or len(kernel.pts) > CARDS or len(kernel.quints) > QUINTS:
            raise ValueError(f"the search takes {SEATS} seats, {CARDS} cards and {QUINTS} quints at most")
        twins = kernel.twins_points if points else kernel.twins_tricks
        for seat in range(n):
            self.maxi[seat] = maxi[seat]
            self.after[seat] = (seat + 1) % n
            self.partner_of[seat] = (seat + 2) % 4 if n == 4 and kernel.partners else -1
        for card in range(len(kernel.pts)):
            self.pts[card], self.rank[card], self.above[card] = kernel.pts[card], kernel.rank[card], kernel.above[card]
            self.twins[card], self.suit_of[card] = twins[card], kernel.suit_of[card]
            self.suit_bits[card] = kernel.suits[kernel.suit_of[card]] if kernel.suits else 0
        self.points, self.keep_going = points, keep_going
        self.searched = 0
        for card in range(CARDS):
            self.killer[card] = -1
        self.last = n - 1
        self.legal, self.beats = kernel.legal, kernel.beats
        self.follow = kernel.legal if isinstance(kernel.legal, Follow) else None
        self.trick_points, self.additive = kernel.trick_points, kernel.additive
        self.trumps, self.suit_count = kernel.trump_bits, len(kernel.suits)
        if self.suit_count > SEATS:
            raise ValueError(f"the search takes {SEATS} suits at most")
        for at in range(self.suit_count):
            self.suits[at] = kernel.suits[at]
        self.bonus = kernel.bonus if points else 0
        self.simple = bool(kernel.suits)  # Jass: a card beats the best one by rank in its suit, or as a trump
        self.ranked_bits = kernel.global_rank  # the higher bit wins the trick, whatever its suit (Quinto)
        self.killers = points and not kernel.global_rank
        self.ranked = kernel.global_rank and not points  # each side's fewest tricks by rank alone (ranked_floors)
        self.most = kernel.most if points else None  # points that do not add up: the most the cards left are worth
        self.trick_floor = kernel.trick_floor  # and the least a trick won is worth
        self.quints = len(kernel.quints) if points else 0
        dearest = sorted(((worth, cards) for cards, worth in kernel.quints), reverse=True)
        for at, (worth, cards) in enumerate(dearest):
            self.quint_bits[at], self.quint_worth[at] = cards, worth
        self.one_trick = not points and bool(kernel.top_suits)  # tricks: does a side surely take one?
        self.one_trick_from = kernel.one_trick_from
        if len(kernel.top_suits) > SEATS or kernel.top_suits and n > 4:
            raise ValueError(f"the top suit's game takes {SEATS} suits and four seats at most")
        self.top_suit_count, self.joker, self.joker_leads = len(kernel.top_suits), kernel.joker, kernel.joker_leads
        self.one_known = {}
        for at in range(self.top_suit_count):
            self.top_suits[at] = kernel.top_suits[at]
        self.ruff_anyway = kernel.ruff_while_following
        self.named = kernel.named
        self.key = _zeros("Q", KEY_ROOM * (CARDS + 1))
        # runs of cards ranked in a row whose cards gone from play close up: the Jass suits, or the kernel's
        # (for points, its points_runs where it gives them); (first bit, width)
        closes = points and bool(kernel.points_runs)
        blocks = kernel.points_runs if closes else \
            [(8 * block, 8) for block in range(len(kernel.suits))] if kernel.width == 8 else kernel.runs
        if len(blocks) >= KEY_WORDS or any(width > 16 for _, width in blocks):
            raise ValueError(f"a position's key takes {KEY_WORDS} words at most, a run 16 places")
        self.run_count, self.compress, self.rises = len(blocks), CLOSED_UP, RISES
        self.run_bits = 0  # every card of the runs
        run_cards = [0] * len(kernel.pts)  # (the cards of each card's run)
        for at, (first, width) in enumerate(blocks):
            self.run_first[at], self.run_width[at] = first, width
            for card in range(first, first + width):
                self.run_of[card], run_cards[card] = at, (1 << width) - 1 << first
            self.run_bits |= (1 << width) - 1 << first
        self.squeeze = bool(blocks) and (closes or not kernel.exact_cards and not points)
        self.run_twins = self.run_bits == (ONE << len(kernel.pts)) - 1 and all(
            twins[card] == kernel.above[card] == run_cards[card] & ~((2 << card) - 1)
            for card in range(len(kernel.pts)))
        self.fixed = ((ONE << len(kernel.pts)) - 1) & ~self.run_bits if closes else 0  # the cards kept by name
        self.stretches = 0
        fixed, place = self.fixed, 0
        while fixed:  # (each stretch of bits in a row)
            first = (fixed & -fixed).bit_length() - 1
            width = ((fixed >> first) + 1 & ~(fixed >> first)).bit_length() - 1
            self.stretch_from[self.stretches], self.stretch_to[self.stretches] = first, place
            self.stretch_bits[self.stretches] = (1 << width) - 1
            self.stretches += 1
            place += width
            fixed &= ~((1 << first + width) - 1)
        shape_words = self.normal_key(0, 0, 0, False)  # (the same for every position)
        if shape_words > KEY_WORDS:
            raise ValueError(f"a position's key takes {KEY_WORDS} words at most")
        self.words = shape_words if self.squeeze else self.exact_key(0, 0)
        # (normal_key's low cards dealt anew: each run of two cards or more lies in one suit of the follow
        # rule, none of its cards wild)
        self.low_alike = self.ranked_bits and self.squeeze and self.follow is not None and not self.follow.trumps \
            and not self.follow.head
        for first, width in blocks:
            run = (1 << width) - 1 << first
            if self.low_alike and width > 1 and (run & ~(self.follow.suit[first] & ~self.follow.free)
                                                 or self.follow.wild >= 0 and run >> self.follow.wild & 1):
                self.low_alike = False
        self.tt = Table() if points else tricks_table
        self.tt.fit(self.words)
        # points: a side that takes every trick left (or none) takes every point (or none); the tricks
        # searcher's closed-up table (shared by every call) tells where it holds that bound, and its best lead
        self.by_tricks = _Searcher(kernel, hands, maxi, False, keep_going, tricks_table) \
            if points and kernel.additive else None
        # points that do not add up (Quinto): the tricks searcher asked how many tricks a side surely takes
        self.counts = _Searcher(kernel, hands, maxi, False, keep_going, tricks_table) \
            if points and kernel.most is not None else None
        # points: positions of one shape (the same hands once the cards gone from play are closed up)
        # are worth the same to within the points their cards differ by, so each bounds the others
        self.quasi = points and kernel.additive and kernel.width > 0 and not kernel.exact_cards
        self.alike = Shapes(shape_words) if self.quasi else None

    @cython.ccall
    def load(self, hands: list[int]) -> None:
        """Take the hands to search from (seat index -> bits)."""
        seat: SMALL
        for seat in range(self.n):
            self.hands[seat] = hands[seat]
        self.top = 0  # (a search stopped by the clock left its nodes' moves there)

    @cython.ccall
    @cython.returns(SMALL)
    @cython.annotation_typing(False)
    @cython.locals(count=SMALL, base=SMALL, at=SMALL)
    def trick(self, cards: list[int], count: int) -> int:
        """Take the cards of the trick under way, ``count`` tricks left with it; where its cards
        are kept (``base`` for :meth:`node`)."""
        base = count * SEATS
        for at in range(len(cards)):
            self.played[base + at] = cards[at]
        return base

    @cython.cfunc
    @cython.annotation_typing(False)
    @cython.locals(base=SMALL, count=SMALL, at=SMALL)
    def cards_of(self, base: int, count: int) -> list[int]:
        """The first ``count`` cards of the trick kept from ``base``, for the kernel's Python callables."""
        return [self.played[base + at] for at in range(count)]

    @cython.cfunc
    @cython.exceptval(-1)  # (a Python follow rule's error; no look at Python's error state after each call)
    @cython.returns(BITS)
    @cython.annotation_typing(False)
    @cython.locals(base=SMALL, pos=SMALL, seat=SMALL, win_seat=SMALL, win_bit=SMALL, hand=BITS, partner=FLAG)
    def moves(self, base: int, pos: int, seat: int, win_seat: int, win_bit: int) -> int:
        """The legal cards of ``seat``, ``pos`` cards of the trick kept from ``base`` played."""
        hand, partner = self.hands[seat], win_seat == self.partner_of[seat]
        if self.follow is not None:
            return self.follow.moves(hand, self.played[base], self.played[base + 1], pos, win_bit, partner)
        return self.legal(hand, self.cards_of(base, pos), win_bit, partner, seat)

    @cython.cfunc
    @cython.exceptval(-1)  # (as moves: a Python kernel's beats)
    @cython.returns(FLAG)
    @cython.annotation_typing(False)
    @cython.locals(card=SMALL, best=SMALL, base=SMALL, pos=SMALL)
    def takes(self, card: int, best: int, base: int, pos: int) -> bool:
        """Does ``card`` beat ``best``, the best of the ``pos`` cards of the trick kept from ``base``?"""
        if self.simple:  # (Jass: by rank in its suit, or as a trump)
            return card > best if self.suit_of[card] == self.suit_of[best] else (ONE << card & self.trumps) != 0
        if self.ranked_bits:  # (the higher bit)
            return card > best
        return self.beats(card, best, self.cards_of(base, pos))

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.returns(SMALL)
    @cython.annotation_typing(False)
    @cython.locals(leader=SMALL, at=cython.Py_ssize_t, seat=SMALL)
    def exact_key(self, leader: int, at: int) -> int:
        """The position's key, every card by name: the hands and the leader, written at ``key[at:]``;
        its words."""
        for seat in range(self.n):
            self.key[at + seat] = self.hands[seat]
        self.key[at + self.n] = leader
        return self.n + 1

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(mine=BITS, other=BITS, low=BITS, high=BITS, here=VALUE, there=VALUE, down=VALUE, up=VALUE)
    def distance(self, mine: int, other: int) -> int:
        """``down * SPREAD + up``: how many points the cards left here (``mine``) are worth less
        (``down``), and more (``up``), than those of ``other``, a position of the same shape, rank for
        rank. The side's best here is then at least its best there less ``down``, and at most its
        best there plus ``up`` (play as there: each card it takes is worth what its counterpart was,
        give or take). Both hold as many cards of each run, so the k-th lowest card of one is the
        k-th lowest of the other, run for run: the two are walked lowest card first, together, until the
        cards left are the same in both (a run the same in both pairs each card with itself: worth 0)."""
        mine &= self.run_bits
        other &= self.run_bits
        down = up = 0
        while mine != other:  # (the cards left the same in both from here on: worth the same, pair for pair)
            low, high = mine & -mine, other & -other
            mine ^= low
            other ^= high
            here, there = self.pts[self.bit(low)], self.pts[self.bit(high)]
            if there > here:
                down += there - here
            else:
                up += here - there
        return down * SPREAD + up

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)
    @cython.returns(SMALL)
    @cython.annotation_typing(False)
    @cython.locals(leader=SMALL, rem=BITS, at=cython.Py_ssize_t, dealt=FLAG, shift=SMALL, width=SMALL,
                   left=BITS, piece=BITS, low=SMALL, first_row=SMALL, second_row=SMALL, place=SMALL,
                   held=BITS, seat=SMALL, word=BITS, used=SMALL, plane=SMALL, run=SMALL,
                   start=cython.Py_ssize_t, changed=BITS, lowest=BITS, dead=BITS, below=BITS, placed=SMALL,
                   share=SMALL)
    def normal_key(self, leader: int, rem: int, at: int, dealt: bool) -> int:
        """The position's shape, the cards gone from play closed up: what each hand holds as
        ranks among the cards left in each suit, or run (the tricks table's key; in points mode,
        where cards differ in worth, the key of the positions of one shape), written at ``key[at:]``;
        its words. COMPRESS closes a run up 8 places at a time, from its lowest card left on: two
        look-ups a hand for a run of up to 16 places (one where the cards left span 8 places or fewer).

        ``dealt`` (:attr:`low_alike`): the key of a position alike, the low cards dealt anew. Where the
        highest card wins whatever its suit, a card below every card of some other hand never wins a
        trick: that hand plays above it in every trick. Those are the cards below the highest of the
        hands' lowest cards (its hand holds none of them), for good, as the hands' lowest cards only
        rise. Where the follow rule reads suits only, such cards of a suit may change hands, each hand
        keeping as many of them: every trick goes as before, so the position is worth the same tricks,
        and the same points where only the runs' cards are dealt anew (Quinto's points: the king to
        the 6, worth nothing alone and in no quint). The key is that of the position where, run by run,
        the first seat holds the lowest of them, the next seat the next ones, and so on. They are the
        lowest cards left of their run, its lowest ranks once closed up: each hand's lowest ranks are
        written as its count of them from where the seats before it stopped.

        A run's word depends on its own cards alone (and those dealt anew): where neither the cards
        left of a run, nor any hand's cards of it, nor those dealt anew have changed since the key last
        written at ``at`` (a trick before, most often: a trick's cards touch a run or two of Quinto's
        five), its word is the one written then, still there (only this writes a run's word at ``at``)."""
        start = at
        changed = rem ^ self.last_cards[start]
        self.last_cards[start] = rem
        lowest = 0
        for seat in range(self.n):
            held = self.hands[seat]
            changed |= held ^ self.last_cards[start + 2 + seat]
            self.last_cards[start + 2 + seat] = held
            if dealt and (held & -held) > lowest:
                lowest = held & -held
        dead = rem & (lowest - 1) & self.run_bits if dealt else 0
        changed |= dead ^ self.last_cards[start + 1]
        self.last_cards[start + 1] = dead
        self.key[at] = (rem & self.named) << 3 | leader  # (a named card is its suit's top card left while in play)
        at += 1
        changed &= self.run_bits
        while changed:  # (the runs changed only: the others' words as written then)
            run = self.run_of[self.bit(changed & -changed)]
            shift, width = self.run_first[run], self.run_width[run]
            changed &= ~((ONE << width) - 1 << shift)
            left = rem >> shift & (ONE << width) - 1
            piece = _count(left)
            below = (ONE << _count(dead >> shift & (ONE << width) - 1)) - 1  # (the ranks dealt anew)
            placed = 0
            if left and not (cython.compiled and PEXT) and width > 8:
                # (COMPRESS: the cards left from their lowest on: one look-up where they span 8 places)
                low = self.bit(left & -left)
                left >>= low
                shift += low
            first_row, second_row = (left & 255) << 8, (left >> 8) << 8  # (COMPRESS's rows, 8 places each)
            place = _count(left & 255)
            for seat in range(self.n - 1):
                if cython.compiled and PEXT:  # (one pext a hand: engine.pxd)
                    held = _pext(self.hands[seat] >> shift, left)
                else:
                    held = self.hands[seat] >> shift & left
                    held = self.compress[first_row | held & 255] | \
                        (self.compress[second_row | held >> 8] << place if second_row else 0)
                if below:  # (its count of the ranks dealt anew, from where the seats before it stopped)
                    share = _count(held & below)
                    held = held & ~below | ((ONE << share) - 1) << placed
                    placed += share
                piece = piece << width | held
            self.key[at + run] = piece
        at += self.run_count
        if self.fixed:  # (the cards of no run, by name: which are left, and the bits of each one's holder)
            width = _count(self.fixed)
            word, used = self.by_name(rem), width
            for plane in range(_top(self.n - 1) + 1):
                held = 0
                for seat in range(self.n):
                    if seat >> plane & 1:
                        held |= self.hands[seat]
                if used + width > 63:
                    self.key[at] = word
                    at += 1
                    word = used = 0
                word |= self.by_name(held) << used
                used += width
            self.key[at] = word
            at += 1
        return at - start

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.returns(BITS)
    @cython.annotation_typing(False)
    @cython.locals(bits=BITS, found=BITS, at=SMALL)
    def by_name(self, bits: int) -> int:
        """The cards of ``bits`` kept by name (``fixed``), the runs' cards taken out between them:
        as few bits as they are cards (Quinto's 21), so a position's key holds them all in one word."""
        found = 0
        for at in range(self.stretches):
            found |= (bits >> self.stretch_from[at] & self.stretch_bits[at]) << self.stretch_to[at]
        return found

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.initializedcheck(False)
    @cython.returns(SMALL)
    @cython.annotation_typing(False)
    @cython.locals(hand=BITS, other=BITS, both=BITS, order=U64, run=SMALL, floor=SMALL, byte=SMALL)
    def sure_tricks(self, hand: int, other: int) -> int:
        """:func:`_sure_tricks` (the most, over the hand's cards, of its cards as high or higher less the cards of
        ``other`` higher, or 0), compiled with BMI2 in one ``pext`` and a step a byte: the two sides' cards in a
        row, the hand's a bit 1 (``pext`` of its bits among both), the highest at bit 63; from the top, a step
        for each 8 of them, the count so far plus the most it rises inside the byte (RISES); the zeros below
        the hand's last card only lower it. Without BMI2 and in plain Python, the hand's cards walked."""
        if not (cython.compiled and PEXT):
            return _sure_tricks(hand, other)
        if not hand:
            return 0
        both = hand | other
        order = _pext(hand, both) << 64 - _count(both)
        run = floor = 0
        while order:
            byte = order >> 56
            if run + self.rises[byte] > floor:
                floor = run + self.rises[byte]
            run += 2 * _count(byte) - 8
            order <<= 8
        return floor

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(leader=SMALL, rem=BITS, trumps=BITS, hand=BITS, mine=FLAG, gain=VALUE, suit=BITS, held=BITS,
                   left=BITS, safe=SMALL, seat=SMALL, other=BITS, top=SMALL, ruff_anyway=FLAG, points=FLAG, at=SMALL)
    def quick(self, leader: int, rem: int) -> int:
        """What the leader's side surely wins by cashing the leader's top cards, suit after
        suit: as many rounds of a plain suit as every other player holding trumps must follow
        (a partner who may discard instead of ruffing excepted), so nobody ruffs and the
        leader keeps the lead."""
        trumps, ruff_anyway, points = self.trumps, self.ruff_anyway, self.points
        hand, mine = self.hands[leader], self.maxi[leader]
        gain = 0
        for at in range(self.suit_count):
            suit = self.suits[at]
            left = rem & suit
            if not left or not hand >> _top(left) & 1:  # (the suit's top card another's: nothing to cash)
                continue
            held = hand & suit
            safe = ALL_ROUNDS
            if not suit & trumps:
                for seat in range(self.n):
                    other = self.hands[seat]
                    if seat == leader or not other & trumps:
                        continue
                    if self.maxi[seat] != mine and ruff_anyway:
                        safe = 0
                        break
                    elif (seat != self.partner_of[leader] or other & trumps == other) and _count(other & suit) < safe:
                        safe = _count(other & suit)
            while left and safe:
                top = _top(left)
                if not held >> top & 1:
                    break
                gain += self.pts[top] if points else 1
                left ^= ONE << top
                safe -= 1
        return gain

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(rem=BITS, hand=BITS, mine=BITS, theirs=BITS, other=BITS, card=SMALL, seat=SMALL, held=SMALL,
                   over=SMALL, worth=VALUE, gain=VALUE, most=VALUE, least=VALUE, value=VALUE, floor=VALUE,
                   sure_mine=VALUE, sure_theirs=VALUE)
    def trump_floors(self, rem: int) -> int:
        """``mine * SPREAD + theirs`` (no Python tuple): what each side surely wins with its trumps (the
        claimant's, the other's), whoever leads and whoever may trump while able to follow: a hand's k
        highest trumps lie in k tricks, only a higher trump takes a trick from a trump, and each of the
        other side's trumps above the k-th lies in one trick; so at least k less those trumps of the k
        tricks are won, each worth at least its trump (the side's best hand counted: two hands' tricks
        may be the same); ``rem``: the cards in the hands, at a trick's start."""
        mine = self.side_cards() & self.trumps
        theirs = rem & self.trumps & ~mine
        sure_mine = sure_theirs = 0
        for seat in range(self.n):
            hand = self.hands[seat] & self.trumps
            if not hand:  # (no trump: no trick surely won with one)
                continue
            other = theirs if self.maxi[seat] else mine
            held = gain = most = floor = 0
            least = BIG
            if not self.points:  # (a trick each)
                floor = self.sure_tricks(hand, other)
            else:
                while hand:
                    card = _top(hand)
                    hand ^= ONE << card
                    held += 1
                    worth = self.pts[card]
                    gain += worth
                    most = worth if worth > most else most
                    least = worth if worth < least else least
                    over = _count(other >> card + 1)  # the other side's trumps above this one
                    if held > over:  # (the won tricks' trumps: all but the dearest ``over``, or the cheapest each)
                        value = gain - over * most
                        value = value if value > (held - over) * least else (held - over) * least
                        floor = value if value > floor else floor
            if self.maxi[seat]:
                sure_mine = floor if floor > sure_mine else sure_mine
            else:
                sure_theirs = floor if floor > sure_theirs else sure_theirs
        return sure_mine * SPREAD + sure_theirs

    @cython.cfunc
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(rem=BITS, tricks=SMALL, other_tricks=SMALL, mine=BITS, theirs=BITS, kept_mine=BITS,
                   kept_theirs=BITS, cards=BITS, used=BITS, other_used=BITS, seat=SMALL, other=SMALL, holder=SMALL,
                   at=SMALL, won=VALUE, lost=VALUE, worth=VALUE, top=SMALL, suit=BITS, last=SMALL, keeper=SMALL,
                   joker=BITS, keep=FLAG)
    def quint_bounds(self, rem: int, tricks: int, other_tricks: int, keep: bool) -> int:
        """``won * SPREAD + lost``: of the points of the quints still whole (``rem``, a trick's start), those
        the claimant's side surely wins (``won``) and those it surely does not (``lost``), where the highest
        card wins whatever its suit, the claimant's side takes ``tricks`` tricks at most and the other side
        ``other_tricks``; the last trick's bonus counted with them, where one side surely takes it: the
        other side takes no trick; or a hand whose lowest card is above every card of the other side wins
        the last trick with its last card; or the highest card's holder keeps it to the last trick, able to
        follow its suit without it as often as the others hold cards to lead it (the joker always allowed).
        The joker, never forced, is kept to that last trick by its holder on that side (another seat than
        the one keeping the highest card). Those two keeping rules count only where ``keep`` says so: a hand
        keeping a card may not play as the tricks counted need (tricks proved by a search, not by rank).

        A card above every card of the other side is its side's for good: the trick it falls in holds no
        higher card. So a pair with such a card never goes to the other side, nor a pair whose two cards
        one hand holds (they never meet in a trick). And each hand plays into at most ``tricks`` of the
        claimant's tricks: charge each quint to one of its holders (a pair to either), and a hand's quints
        beyond its ``tricks`` dearest are not won. A quint of one card always goes to one side or the
        other: to the claimant's unless the other side wins it, as it may only within each hand's
        ``other_tricks`` dearest of them, and never one above all the claimant's cards."""
        mine = theirs = used = other_used = 0  # (used: the quints charged to each hand, 4 bits a seat)
        for seat in range(self.n):
            if self.maxi[seat]:
                mine |= self.hands[seat]
            else:
                theirs |= self.hands[seat]
        kept_mine = mine & ~((ONE << _top(theirs) + 1) - 1) if theirs else mine
        kept_theirs = theirs & ~((ONE << _top(mine) + 1) - 1) if mine else theirs
        last = 1 if not other_tricks else -1 if not tricks else 0  # (the side surely taking the last trick:
        keeper = -1  # 1 the claimant's, -1 the other; keeper: the seat that keeps the highest card for it)
        top = _top(rem)
        for seat in range(self.n):
            if self.hands[seat] >> top & 1:
                break
        suit = self.follow.suit[top] if self.follow is not None else 0
        if keep and not last and suit and _count(rem & suit & ~self.hands[seat]) < \
                _count(self.hands[seat] & suit) + (1 if self.hands[seat] & self.follow.free else 0):
            last, keeper = 1 if self.maxi[seat] else -1, seat
        for seat in range(self.n):
            if self.hands[seat] & (kept_mine | kept_theirs) == self.hands[seat]:
                last, keeper = 1 if self.maxi[seat] else -1, -1
        won = self.bonus if last > 0 else 0
        lost = self.bonus if last < 0 else 0
        joker = rem & self.follow.free if self.follow is not None else 0
        if keep and joker and last:  # (never forced, the joker is kept to the last trick by its holder)
            for seat in range(self.n):
                if self.hands[seat] & joker:
                    break
            if seat != keeper and self.maxi[seat] == (last > 0):
                if last > 0:
                    kept_mine |= joker
                else:
                    kept_theirs |= joker
        for at in range(self.quints):  # (the dearest first: each hand's first ``tricks`` are its dearest)
            cards, worth = self.quint_bits[at], self.quint_worth[at]
            if rem & cards != cards:
                continue
            seat = other = -1
            for holder in range(self.n):
                if self.hands[holder] & cards:
                    if seat < 0:
                        seat = holder
                    else:
                        other = holder
            if not cards & (cards - 1):  # (a card alone)
                if cards & kept_mine or (other_used >> 4 * seat & 15) >= other_tricks:
                    won += worth
                else:
                    other_used += ONE << 4 * seat
            if cards & kept_theirs or other < 0 and cards & (cards - 1):  # (a pair in one hand)
                lost += worth
            elif (used >> 4 * seat & 15) >= tricks or other >= 0 and (used >> 4 * other & 15) >= tricks:
                lost += worth  # (charged to a hand whose dearer quints fill its tricks)
            else:
                used += ONE << 4 * seat
        return won * SPREAD + lost

    @cython.locals(mine=BITS, theirs=BITS, seat=SMALL, floor=SMALL, sure_mine=SMALL, sure_theirs=SMALL)
    @cython.cfunc
    def ranked_floors(self) -> tuple[int, int]:
        """The fewest tricks each side takes (the claimant's, the other's) where the highest card
        wins whatever its suit: a seat's k highest cards lie in k tricks, and the other side
        wins one of them only with a card above the k-th, each card in one trick."""
        mine = theirs = 0
        for seat in range(self.n):
            if self.maxi[seat]:
                mine |= self.hands[seat]
            else:
                theirs |= self.hands[seat]
        sure_mine = sure_theirs = 0
        for seat in range(self.n):
            floor = self.sure_tricks(self.hands[seat], theirs if self.maxi[seat] else mine)
            if self.maxi[seat]:
                sure_mine = floor if floor > sure_mine else sure_mine
            else:
                sure_theirs = floor if floor > sure_theirs else sure_theirs
        return sure_mine, sure_theirs

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.annotation_typing(False)
    @cython.locals(leader=SMALL, hand=BITS, rem=BITS, trumps=BITS, mine=FLAG, ruffers=BITS, seat=SMALL, suit=BITS,
                   moves=BITS, low=BITS, card=SMALL, up=BITS, top=BITS, score=SMALL, ranked_bits=FLAG, tie=SMALL,
                   end=SMALL, at=SMALL, defending=FLAG, last=SMALL)
    @cython.returns(SMALL)
    def lead_order(self, leader: int, hand: int, rem: int) -> int:
        """Leads likely to be best first: cash a sure winner nobody can ruff, reach partner's
        winner, draw trumps, cash a winner that may be ruffed; then low cards. (Drawing trumps
        first measured 20% slower in points searches, 8% in tricks searches.) The four-seat Jass
        games' defenders (the side that does not maximise) lead a winner that may be ruffed no
        sooner than a low card, and a low card into a suit whose top card the opponent who plays
        last holds (its tenace) last of all. Within each of these, Quinto's leads that cut off most
        so far come first (:meth:`cut_by`; the other games' stay 0).
        Written on the stack from ``top`` as :meth:`node`'s moves are (the card in the low 6 bits);
        returns where they end."""
        trumps, ranked_bits = self.trumps, self.ranked_bits
        end = self.top
        mine = self.maxi[leader]
        ruffers = 0  # suits some opponent can ruff
        if trumps:
            for seat in range(self.n):
                if self.maxi[seat] != mine and self.hands[seat] & trumps:
                    for at in range(self.suit_count):
                        suit = self.suits[at]
                        if self.ruff_anyway or not self.hands[seat] & suit:  # (Pandoeren: even while following)
                            ruffers |= suit
        defending = not mine and not ranked_bits and self.n > 2  # (the four-seat Jass games' defenders)
        last = leader  # (the seat that plays last to this trick)
        for at in range(self.n - 1):
            last = self.after[last]
        moves = hand
        while moves:
            low = moves & -moves
            moves ^= low
            card = self.bit(low)
            up = rem & self.above[card]
            if up & -up & hand & self.twins[card]:
                continue
            suit = self.suit_bits[card]
            if not up:  # our top card of the suit
                score = 4 if low & trumps else 6 if not ruffers & suit else 3
                if ranked_bits and not rem >> card + 1:  # (Quinto: the highest card left takes its trick)
                    score = 6
                elif defending and score == 3:  # (the defenders: no sooner than a low card)
                    score = 1
            else:
                score = 1 if defending else 0
                top = rem & suit
                if top:
                    top = ONE << _top(top)
                    for seat in range(self.n):
                        if self.hands[seat] & top:
                            break
                    if self.maxi[seat] == mine and not ruffers & suit and not (hand & suit) & (low - 1):
                        score = 5  # low to partner's winner
                    elif defending and seat == last and self.maxi[seat] != mine:
                        score = 0  # (the defenders: not into the tenace of the opponent who plays last)
            # (ties, the same score and rank in their suits: Quinto's lower card first, the cheaper lead)
            tie = 63 - card if ranked_bits else card
            self.push(self.top, end, (((score << 24 | self.history[card]) << 5 | 31 - self.rank[card]) << 6 | tie) << 6
                      | card)
            end += 1
        return end

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.annotation_typing(False)
    @cython.returns(cython.void)
    @cython.locals(top=SMALL, end=SMALL, item=BITS, at=SMALL)
    def push(self, top: int, end: int, item: int) -> None:
        """Put ``item`` in its place among the moves ``stack[top:end]``, the greatest first."""
        at = end
        while at > top and self.stack[at - 1] < item:
            self.stack[at] = self.stack[at - 1]
            at -= 1
        self.stack[at] = item

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.returns(SMALL)
    @cython.annotation_typing(False)
    @cython.locals(low=U64)
    def bit(self, low: int) -> int:
        """The number of the one bit of ``low``: the bits below it counted (one ``popcnt`` compiled for this
        processor, no look-up)."""
        return _count(low - 1)

    # The searchers write ``x if x > y else y`` rather than max(): no call in the hot loop.

    @cython.ccall
    @cython.exceptval(-1, check=True)  # (a value is never -1: Python's error state asked only on -1)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)  # (the C types are the locals' below)
    @cython.locals(hand=BITS, rem=BITS, item=BITS, card=SMALL, count=SMALL, leader=SMALL, seat=SMALL,
                   maximise=FLAG, total=VALUE, alpha=VALUE, beta=VALUE, lo=VALUE, hi=VALUE, first=SMALL,
                   a=VALUE, b=VALUE, low_edge=VALUE, high_edge=VALUE, best=VALUE, best_card=SMALL, value=VALUE,
                   gain=VALUE, sure_mine=VALUE, sure_theirs=VALUE, floors=VALUE, other=BITS,
                   other_lo=VALUE, other_hi=VALUE, down=VALUE, up=VALUE, key_at=cython.Py_ssize_t,
                   slot=cython.Py_ssize_t, slots=cython.Py_ssize_t, known=FLAG, places=cython.Py_ssize_t, held=FLAG,
                   shaped=FLAG, place=cython.Py_ssize_t, group=cython.Py_ssize_t, entry=cython.Py_ssize_t,
                   kept=cython.Py_ssize_t, seeds=Table, seed=cython.Py_ssize_t, alike=Shapes, start=SMALL,
                   end=SMALL, at=SMALL, held_tricks=VALUE)
    def boundary(self, leader: int, rem: int, total: int, alpha: int, beta: int) -> int:
        points = self.points
        if total <= alpha and not points:  # even every trick left would not reach the window (points:
            return total  # measured, the table's tighter bound saves more than the early answer)
        hand = self.hands[leader]
        if not hand & (hand - 1):  # one card each: the last trick plays itself
            return self.last_trick(leader, rem, total)
        count = _count(hand)  # tricks left
        key_at = count * KEY_ROOM  # (this boundary's key; its shape's from key_at + KEY_WORDS)
        slot = self.key_slot(leader, rem, key_at)
        slots = self.tt.mask  # (the slot holds while the table has not grown: Table.still)
        known = self.tt.held(slot)
        if not known and count == 2 and (self.quints or points and self.additive):  # (points: the last two
            # tricks played out, the value exact and kept; Quinto's are not a sum of its cards' points)
            if self.quints:
                value = self.quint_two(count * SEATS, 0, leader, 0, 0, rem, 0, self.side_cards())
            else:
                value = self.two_tricks(count * SEATS, 0, leader, total, rem, self.side_cards())
            self.tt.store(slot, self.key, key_at, value, value, -1)
            return value
        if not known:
            lo, hi, first = 0, total, -1
            if rem & self.trumps and self.most is None:  # (Quinto's points: the quints' window below instead,
                floors = self.trump_floors(rem)  # measured: -7% instructions for 0.5% more positions; mine * SPREAD
                # + theirs)
                lo = floors // SPREAD
                hi = total - floors % SPREAD
            if self.suit_count and lo < beta and hi > alpha:
                gain = self.quick(leader, rem)
                if self.maxi[leader]:
                    lo = gain if gain > lo else lo
                elif total - gain < hi:
                    hi = total - gain
            if self.ranked and rem & ~self.trumps and lo < beta and hi > alpha:  # (every card left a trump, as
                sure_mine, sure_theirs = self.ranked_floors()  # in Quinto: the trumps' floors above, the same)
                lo = sure_mine if sure_mine > lo else lo
                hi = total - sure_theirs if total - sure_theirs < hi else hi
            # (one side needs every trick left: does the other surely take one? Asked from the kernel's
            # ``one_trick_from`` tricks left on, tested here: no Python call below it)
            if self.one_trick and count >= self.one_trick_from and lo < beta and hi > alpha:
                if hi == total and alpha >= total - 1 and self.one_more(leader, False):
                    hi = total - 1
                elif lo == 0 and beta <= 1 and self.one_more(leader, True):
                    lo = 1
            if self.most is not None and lo < beta and hi > alpha:  # (points: each trick won is worth a
                # floor, and the quints and the last trick's bonus surely won or surely not count)
                sure_mine, sure_theirs = self.ranked_floors() if self.ranked_bits else (0, 0)
                down = self.quint_window(rem, count, sure_mine, sure_theirs, True)
                up = down % SPREAD
                down //= SPREAD
                lo = down if down > lo else lo
                hi = up if up < hi else hi
                held_tricks = -1
                if self.counts is not None and lo < beta and hi > alpha and count >= TRICKS_HELD_FROM:
                    held_tricks = self.held_tricks(leader, rem, count)
                if held_tricks >= 0 and (held_tricks // SPREAD > sure_mine or
                                         count - held_tricks % SPREAD > sure_theirs):
                    # (the tricks table's bounds: the tricks each side takes as it plays for them, so no card
                    # counted on to be kept; the questions below asked only beyond them)
                    sure_mine = held_tricks // SPREAD if held_tricks // SPREAD > sure_mine else sure_mine
                    if count - held_tricks % SPREAD > sure_theirs:
                        sure_theirs = count - held_tricks % SPREAD
                    down = self.quint_window(rem, count, sure_mine, sure_theirs, False)
                    up = down % SPREAD
                    down //= SPREAD
                    lo = down if down > lo else lo
                    hi = up if up < hi else hi
                if self.counts is not None and lo < beta and hi > alpha and count >= TRICKS_ASKED_FROM:
                    gain = self.asked_floor(leader, rem, count, sure_mine, sure_theirs, beta)
                    lo = gain if gain > lo else lo
        else:
            lo, hi, first = self.tt.low(slot), self.tt.high(slot), self.tt.lead(slot)
        shaped = False  # (this position's shape written, and looked up)
        seed = -1  # (the tricks table's slot for this position's shape, once looked up)
        if self.quasi and lo < beta and hi > alpha and count >= 3:
            self.normal_key(leader, rem, key_at + KEY_WORDS, False)
            shaped, alike = True, self.alike
            place = alike.index.slot(self.key, key_at + KEY_WORDS)
            places, held = alike.index.mask, alike.index.held(place)
            group = alike.index.low(place) * alike.keeps if held else 0
            kept = alike.index.high(place) if held else 0  # (kept ever: the last ``keeps``)
            for entry in range(group, group + (kept if kept < alike.keeps else alike.keeps)):
                other, other_lo, other_hi = alike.rems[entry], alike.lows[entry], alike.highs[entry]
                if other_lo <= lo and other_hi >= hi:  # (moved by what the cards differ by, its bounds are
                    continue  # looser still)
                down = self.distance(rem, other)
                up = down % SPREAD
                down //= SPREAD
                if other_lo - down > lo:
                    lo = other_lo - down
                if other_hi + up < hi:
                    hi = other_hi + up
            if self.by_tricks is not None:  # (the tricks table is keyed by shape too: a side proved to take
                seeds = self.by_tricks.tt  # every trick left takes every point, and one proved to take none, none)
                seed = seeds.slot(self.key, key_at + KEY_WORDS)
                if seeds.held(seed) and seeds.high(seed) == 0:
                    hi = 0
                elif seeds.held(seed) and seeds.low(seed) >= count:
                    lo = total
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if self.keep_going is not None:
            self.searched += 1
            if self.searched & 63 == 1 and not self.keep_going():
                raise OutOfTime
        a = low_edge = alpha if alpha > lo else lo
        b = high_edge = beta if beta < hi else hi
        start = self.top  # (the leads, best first, in stack[start:end])
        end = self.lead_order(leader, hand, rem)
        if first < 0 and self.by_tricks is not None:  # (points: the tricks search's best lead here, if it knows one)
            seeds = self.by_tricks.tt
            if seed < 0:
                self.normal_key(leader, rem, key_at + KEY_WORDS, False)
                seed = seeds.slot(self.key, key_at + KEY_WORDS)
            if seeds.held(seed):
                first = seeds.lead(seed)
        maximise = self.maxi[leader]
        if maximise and self.killers:  # (the table's lead first, this one after it)
            self.to_front(start, end, hand, self.killer[count])
        self.to_front(start, end, hand, first)
        self.top = end
        best = -1 if maximise else BIG
        best_card = -1
        seat = self.after[leader]
        for at in range(start, end):
            card = self.stack[at] & 63
            self.hands[leader] = hand ^ (ONE << card)
            self.played[count * SEATS] = card
            value = self.node(count * SEATS, 1, seat, leader, card, self.pts[card], rem, ONE << card, total, a, b)
            if maximise:
                if value > best:
                    best, best_card = value, card
                    if value > a:
                        a = value
                        if a >= b:
                            break
            elif value < best:
                best, best_card = value, card
                if value < b:
                    b = value
                    if a >= b:
                        break
        if a >= b and self.ranked_bits:
            self.cut_by(best_card, count)
        elif a >= b and maximise and self.killers:
            self.killer[count] = best_card
        self.hands[leader] = hand
        self.top = start
        if best <= low_edge:
            hi = best if best < hi else hi
        elif best >= high_edge:
            lo = best if best > lo else lo
        else:
            lo = hi = best
        self.tt.store(self.tt.still(slot, slots, known, self.key, key_at), self.key, key_at, lo, hi, best_card)
        if shaped:
            place = alike.index.still(place, places, held, self.key, key_at + KEY_WORDS)
            alike.add(place, self.key, key_at + KEY_WORDS, rem, lo, hi)
        return best

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.returns(cython.Py_ssize_t)
    @cython.annotation_typing(False)
    @cython.locals(leader=SMALL, rem=BITS, key_at=cython.Py_ssize_t)
    def key_slot(self, leader: int, rem: int, key_at: int) -> int:
        """Write the key of the trick's start (``leader`` to lead, ``rem`` in the hands) at ``key[key_at:]``, and
        answer its slot in the table (:meth:`Table.slot`)."""
        if self.squeeze:
            self.normal_key(leader, rem, key_at, self.low_alike)
        else:
            self.exact_key(leader, key_at)
        return self.tt.slot(self.key, key_at)

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(leader=SMALL, rem=BITS, count=SMALL, seat=SMALL, slot=cython.Py_ssize_t, tt=Table)
    def held_tricks(self, leader: int, rem: int, count: int) -> int:
        """Quinto's points: the tricks search's (``counts``) bounds held for this trick's start (``count`` tricks
        left), ``lower * SPREAD + upper`` (the claimant's side's tricks), or -1 where the tricks table holds
        none: read before any question is asked, what earlier questions proved for the position."""
        tt = self.counts.tt
        for seat in range(self.n):
            self.counts.hands[seat] = self.hands[seat]
        slot = self.counts.key_slot(leader, rem, count * KEY_ROOM)
        if not tt.held(slot):
            return -1
        return tt.low(slot) * SPREAD + tt.high(slot)

    @cython.cfunc
    @cython.exceptval(-1, check=True)  # (never -1: Python's error state asked only on -1, as ``most`` may raise)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(rem=BITS, count=SMALL, mine=SMALL, theirs=SMALL, keep=FLAG, down=VALUE, up=VALUE)
    def quint_window(self, rem: int, count: int, mine: int, theirs: int, keep: bool) -> int:
        """Quinto's points, ``lower * SPREAD + upper`` (no Python tuple: measured, its two ints and the tuple
        cost 2.5% of a points search's instructions), at a trick's start where the claimant's side surely takes ``mine``
        tricks and the other side ``theirs``: a trick value each, and the quints and the last trick's bonus
        surely won or surely not (:meth:`quint_bounds`; ``keep``: a hand may be counted on to keep a card to
        the last trick, as it may where the tricks are counted by rank alone)."""
        down = self.quint_bounds(rem, count - theirs, count - mine, keep)
        up = down % SPREAD
        down //= SPREAD
        if self.quints:  # (the kernel's ``most`` on bits: a trick's least worth a trick, the bonus and the whole quints)
            return (mine * self.trick_floor + down) * SPREAD + \
                self.worth(rem) + (count - 1 - theirs) * self.trick_floor + self.bonus - up
        return (mine * self.trick_floor + down) * SPREAD + self.most(rem) - theirs * self.trick_floor - up

    @cython.cfunc
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(leader=SMALL, rem=BITS, count=SMALL, mine=SMALL, theirs=SMALL, beta=VALUE, tricks=SMALL,
                   value=SMALL, down=VALUE, up=VALUE, seat=SMALL)
    def asked_floor(self, leader: int, rem: int, count: int, mine: int, theirs: int, beta: int) -> int:
        """Quinto's points: a lower bound of the claimant's side from the tricks search (``counts``, the
        tricks table shared), where one can reach ``beta`` (else -1): the fewest tricks whose bound
        (:meth:`quint_window`) reaches it, asked as one null-window tricks question (by rank alone, or by
        the tricks table's bounds already held, the claimant's side takes ``mine``, the other side
        ``theirs``: none is asked beyond them). The tricks are sure only as the side plays for them, so no
        hand is counted on to keep a card to the last trick with them."""
        for tricks in range(mine + 1, count - theirs + 1):
            if self.quint_window(rem, count, tricks, theirs, False) // SPREAD >= beta:
                self.counts.load([self.hands[seat] for seat in range(self.n)])
                value = self.counts.boundary(leader, rem, count, tricks - 1, tricks)
                if value < tricks:
                    return -1
                return self.quint_window(rem, count, value, theirs, False) // SPREAD
        return -1

    @cython.cfunc
    @cython.annotation_typing(False)
    @cython.locals(card=SMALL, count=SMALL, at=SMALL)
    def cut_by(self, card: int, count: int) -> None:
        """A lead of ``card`` cut off a position of ``count`` tricks left: the history heuristic's
        weight, 2 to the ``count``, kept within 24 bits (every weight halved)."""
        self.history[card] += ONE << count
        if self.history[card] >> 23:
            for at in range(CARDS):
                self.history[at] >>= 1

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.returns(cython.void)
    @cython.annotation_typing(False)
    @cython.locals(start=SMALL, end=SMALL, hand=BITS, card=SMALL, at=SMALL, item=BITS)
    def to_front(self, start: int, end: int, hand: int, card: int) -> None:
        """Move the lead of ``card`` (if the hand holds it: -1 none) to the front of ``stack[start:end]``,
        the others' order kept."""
        if card < 0 or not hand >> card & 1:
            return
        at = start
        while at < end and self.stack[at] & 63 != card:
            at += 1
        if at < end:
            item = self.stack[at]
            while at > start:
                self.stack[at] = self.stack[at - 1]
                at -= 1
            self.stack[start] = item

    @cython.cfunc
    @cython.returns(FLAG)
    @cython.annotation_typing(False)
    @cython.locals(leader=SMALL, claimant=FLAG, seat=SMALL, side=SMALL, held=BITS, suit=BITS, at=SMALL, mine=FLAG)
    def one_more(self, leader: int, claimant: bool) -> bool:
        """Does the claimant's side (``claimant``) or the other surely take a trick from this trick's
        start? Answered on the game of the top suit still in play (:meth:`top_start`): each seat's cards of
        that suit, how many other cards it holds, and the joker's holder."""
        side, held, mine, suit = 0, 0, False, 0
        for seat in range(self.n):
            held |= self.hands[seat]
            if self.maxi[seat] == claimant:
                side |= 1 << seat
        for at in range(self.top_suit_count):
            if held & self.top_suits[at]:
                suit = self.top_suits[at]
                break
        self.joker_seat = -1
        for seat in range(self.n):
            self.tops[seat] = self.hands[seat] & suit
            self.others[seat] = _count(self.hands[seat] & ~self.joker & ~suit)
            if self.hands[seat] & self.joker:
                self.joker_seat = seat
            if side >> seat & 1 and self.tops[seat]:
                mine = True
        if not mine:
            return False  # (the other side wins every trick of that game)
        return self.top_start(side, leader)

    @cython.cfunc
    @cython.returns(FLAG)
    @cython.annotation_typing(False)
    @cython.locals(side=SMALL, leader=SMALL, held=BITS, cards=BITS, low=BITS, key=U64, seat=SMALL, found=object)
    def top_start(self, side: int, leader: int) -> bool:
        """Does ``side`` (seat bits; the defenders) surely take a trick from a trick's start of the top
        suit's game (``tops``, ``others``, ``joker_seat``)? A game the claimants (the other seats) cannot
        do worse in than in Quinto, so a yes holds in Quinto itself.

        Only the top suit still in play is kept; every other card is one of the seat's ``others``, and the
        joker its holder's. A card of the top suit beats every other card (RULES.md §5.1), so a trick
        holding one goes to the highest of them; a trick without one goes to the claimants, who then
        choose which of them leads. The claimants play any card, except that they follow the top suit
        when it is led (the joker always allowed, §5.5); the defenders follow the top suit when it is
        led, as in Quinto, and otherwise play a card of it only when they hold nothing else (the joker
        counts as something else). Every move a defender makes here is legal in Quinto, every claimant
        move of Quinto is one here, and the claimants win every trick they win in Quinto: so if the
        defenders win a trick here against any play, some defence of Quinto's wins one against any
        play too. The answers are kept by a key of C integers: the top suit's cards closed up (only
        their order counts, §5.1), each its holder's two bits, then how many other cards each seat
        holds, the joker's holder, the side and the leader."""
        held = 0
        for seat in range(self.n):
            held |= self.tops[seat]
        key, cards = 1, held  # (the 1 above the cards' holders: where they start)
        while cards:
            low = cards & -cards
            cards ^= low
            for seat in range(self.n):
                if self.tops[seat] & low:
                    break
            key = key << 2 | seat
        for seat in range(self.n):
            key = key << 4 | self.others[seat]
        if key == 1 << 4 * self.n and self.joker_seat < 0:
            return False  # (no card left)
        key = ((key << 3 | self.joker_seat + 1) << 4 | side) << 2 | leader
        found = self.one_known.get(key)
        if found is None:
            found = self.one_known[key] = self.top_trick(side, leader, 0, NOTHING, -1, -1)
        return found

    @cython.cfunc
    @cython.returns(FLAG)
    @cython.annotation_typing(False)
    @cython.locals(side=SMALL, leader=SMALL, played=SMALL, led=SMALL, best=SMALL, winner=SMALL, seat=SMALL,
                   defends=FLAG, top=BITS, other=SMALL, wild=FLAG, following=FLAG, left=BITS, cards=BITS,
                   card=BITS, above=BITS, bit=SMALL, taken=FLAG, at=SMALL)
    def top_trick(self, side: int, leader: int, played: int, led: int, best: int, winner: int) -> bool:
        """:meth:`top_start` with ``played`` cards of the trick played, ``led`` what was led (``NOTHING``,
        ``TOP``, ``OTHER``, ``JOKER_LED``, ``ANY``), ``best`` the highest card of the top suit in it (-1:
        none yet) and ``winner`` its seat."""
        if played == self.n:
            if best >= 0:
                return bool(side >> winner & 1) or self.top_start(side, winner)
            for seat in range(self.n):  # (the claimants choose who leads)
                if not side >> seat & 1 and not self.top_start(side, seat):
                    return False
            return True
        seat = (leader + played) % self.n
        defends = side >> seat & 1
        top, other, wild = self.tops[seat], self.others[seat], self.joker_seat == seat
        following = led == TOP and top != 0  # (the top suit followed, or the joker played)
        if following or not (defends and (other > 0 or wild)):
            left = 0
            for at in range(self.n):
                left |= self.tops[at]
            cards = top
            while cards:  # (of two cards with no card left between them, one: they win the same tricks)
                card = cards & -cards
                cards ^= card
                above = left & ~((card << 1) - 1)
                if above & -above & top:
                    continue
                bit = _top(card)
                self.tops[seat] = top ^ card
                taken = self.top_trick(side, leader, played + 1, TOP if led == NOTHING or led == JOKER_LED else led,
                                       bit if bit > best else best, seat if bit > best else winner)
                self.tops[seat] = top
                if taken == defends:
                    return taken
        if not following and other > 0:
            self.others[seat] = other - 1
            taken = self.top_trick(side, leader, played + 1, OTHER if led == NOTHING or led == JOKER_LED else led,
                                   best, winner)
            self.others[seat] = other
            if taken == defends:
                return taken
        if wild:  # (the joker led: the next card's suit is the one to follow, §5.5)
            self.joker_seat = -1
            taken = self.top_trick(side, leader, played + 1,
                                   (JOKER_LED if self.joker_leads else ANY) if led == NOTHING else
                                   OTHER if led == JOKER_LED else led, best, winner)
            self.joker_seat = seat
            if taken == defends:
                return taken
        return not defends

    @cython.cfunc
    @cython.exceptval(-1, check=True)  # (a value is never -1: Python's error state asked only on -1)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)  # (the C types are the locals' below)
    @cython.locals(base=SMALL, pos=SMALL, seat=SMALL, total=VALUE, left=BITS, mine=BITS, alpha=VALUE, beta=VALUE,
                   taken=VALUE, win_seat=SMALL, win_bit=SMALL, hand=BITS, moves=BITS, low=BITS, card=SMALL,
                   now_seat=SMALL, now_bit=SMALL, maximise=FLAG, best=VALUE, value=VALUE, won=VALUE)
    def two_tricks(self, base: int, pos: int, seat: int, total: int, left: int, mine: int, alpha: int = -1,
                   beta: int = BIG, taken: int = 0, win_seat: int = 0, win_bit: int = 0) -> int:
        """Card points with two tricks left, worth ``total`` (their cards and the last trick's bonus), from
        ``seat`` on in the first (``pos`` cards of it kept from ``base`` played, worth ``taken``; ``left`` the
        cards in play but those, ``mine`` the claimant side's cards), within (``alpha``, ``beta``): asked with
        the whole range (the default), so the value is exact and a later visit never searches again; inside,
        alpha-beta leaves out the lines that cannot change it. Worth it for the many windows of a points
        search of cards that add up; a single tricks question, or Quinto's trick values, cut off sooner by
        the window asked. The last trick is worth the rest (``total`` less the first's points)."""
        hand = self.hands[seat]
        moves = self.moves(base, pos, seat, win_seat, win_bit) if pos else hand
        maximise = self.maxi[seat]
        best = -1 if maximise else BIG
        while moves:
            low = moves & -moves
            moves ^= low
            card = self.bit(low)
            if not pos or self.takes(card, win_bit, base, pos):
                now_seat, now_bit = seat, card
            else:
                now_seat, now_bit = win_seat, win_bit
            self.hands[seat] = hand ^ low
            self.played[base + pos] = card
            won = taken + self.pts[card]
            if pos < self.last:
                value = self.two_tricks(base, pos + 1, self.after[seat], total, left ^ low, mine, alpha, beta, won,
                                        now_seat, now_bit)
            else:
                value = won if self.maxi[now_seat] else 0
                if self.simple:
                    value += total - won if self.last_won(left ^ low, mine, now_seat) else 0
                else:
                    value += self.last_trick(now_seat, left ^ low, total - won)
            self.hands[seat] = hand
            if value > best if maximise else value < best:
                best = value
                if maximise:
                    alpha = value if value > alpha else alpha
                else:
                    beta = value if value < beta else beta
                if alpha >= beta:
                    break
        return best

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.returns(BITS)
    @cython.annotation_typing(False)
    @cython.locals(seat=SMALL, mine=BITS)
    def side_cards(self) -> int:
        """The claimant side's cards."""
        mine = 0
        for seat in range(self.n):
            if self.maxi[seat]:
                mine |= self.hands[seat]
        return mine

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    @cython.returns(FLAG)
    @cython.annotation_typing(False)
    @cython.locals(cards=BITS, mine=BITS, leader=SMALL, win=BITS)
    def last_won(self, cards: int, mine: int, leader: int) -> bool:
        """Does the claimant's side (``mine``: its cards) win the last trick, of ``cards``, ``leader`` leading,
        where the Jass suits are known (:attr:`simple`)? The highest trump wins, else the highest card of the
        suit led (RULES.md §1.9, §4.5), read from the four cards at once: a suit's higher bit is the higher
        card, so the side holding the highest bit of ``win`` holds the greater part of it."""
        win = cards & self.trumps
        if not win:
            win = cards & self.suit_bits[self.bit(self.hands[leader])]
        return (win & mine) > (win & ~mine)

    @cython.cfunc
    @cython.exceptval(-1, check=True)  # (a value is never -1: Python's error state asked only on -1)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)  # (the C types are the locals' below)
    @cython.locals(leader=SMALL, rem=BITS, total=VALUE, seat=SMALL, win_seat=SMALL, win_bit=SMALL, card=SMALL,
                   pos=SMALL, won=VALUE, cards=BITS)
    def last_trick(self, leader: int, rem: int, total: int) -> int:
        """The last trick, each hand holding one card (``rem``), worth ``total`` where cards add up (its cards'
        points and the bonus; a trick in a tricks search). The Jass suits' winner is read from the four cards
        at once (:meth:`last_won`); the other kernels' trick is played card by card."""
        if self.simple and self.additive:
            return total if self.last_won(rem, self.side_cards(), leader) else 0
        seat, win_seat = leader, leader
        win_bit = self.bit(self.hands[leader])
        self.played[SEATS] = win_bit  # (the last trick's cards: one trick left)
        won = self.pts[win_bit]
        cards = ONE << win_bit
        for pos in range(1, self.n):
            seat = self.after[seat]
            card = self.bit(self.hands[seat])
            if self.takes(card, win_bit, SEATS, pos):
                win_seat, win_bit = seat, card
            self.played[SEATS + pos] = card
            won += self.pts[card]
            cards |= ONE << card
        if not self.maxi[win_seat]:
            return 0
        if not self.points:
            return 1
        if not self.additive:
            won = self.worth(cards) if self.quints else self.trick_points(self.cards_of(SEATS, self.n))
        return won + self.bonus

    @cython.cfunc
    @cython.exceptval(-1)  # (as moves: a Python follow rule's error)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(base=SMALL, pos=SMALL, seat=SMALL, win_seat=SMALL, win_bit=SMALL, rem=BITS, tmask=BITS, mine=BITS,
                   hand=BITS, moves=BITS, low=BITS, card=SMALL, now_seat=SMALL, now_bit=SMALL, maximise=FLAG,
                   best=VALUE, value=VALUE, left=BITS)
    def quint_two(self, base: int, pos: int, seat: int, win_seat: int, win_bit: int, rem: int, tmask: int,
                  mine: int) -> int:
        """Quinto's points with two tricks left, exact: ``seat`` to play the ``pos``-th card of the first trick
        (its cards kept from ``base``, ``tmask`` their bits; ``rem`` the cards in play at its start, ``mine`` the
        claimant side's then). The highest card wins each trick (RULES.md §5.1), so the last trick, one card
        each, goes to the side holding the highest card left, worth its quints, a trick value and the cachette
        (the bonus): no bound and no card-by-card last trick, only the first trick's legal lines; the value
        exact, so the table keeps it (measured: played out again at each visit instead, 19% more instructions)."""
        hand = self.hands[seat]
        moves = self.moves(base, pos, seat, win_seat, win_bit) if pos else hand
        maximise = self.maxi[seat]
        best = -1 if maximise else BIG
        while moves:
            low = moves & -moves
            moves ^= low
            card = self.bit(low)
            if not pos or card > win_bit:
                now_seat, now_bit = seat, card
            else:
                now_seat, now_bit = win_seat, win_bit
            if pos < self.last:
                self.hands[seat] = hand ^ low
                self.played[base + pos] = card
                value = self.quint_two(base, pos + 1, self.after[seat], now_seat, now_bit, rem, tmask | low, mine)
                self.hands[seat] = hand
            else:
                left = rem & ~(tmask | low)
                value = self.worth(tmask | low) if self.maxi[now_seat] else 0
                if left & mine > left & ~mine:  # (the highest bit of the last trick the claimant side's)
                    value += self.worth(left) + self.bonus
            if value > best if maximise else value < best:
                best = value
        return best

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)
    @cython.locals(cards=BITS, worth=VALUE, at=SMALL)
    def worth(self, cards: int) -> int:
        """What a trick of ``cards`` is worth where the kernel gives its quints: the least a trick is
        worth and every quint all of whose cards it holds (the kernel's ``trick_points``, on bits, with no
        call into Python: measured, that call was a sixth of a Quinto points search's time)."""
        worth = self.trick_floor
        for at in range(self.quints):
            if cards & self.quint_bits[at] == self.quint_bits[at]:
                worth += self.quint_worth[at]
        return worth

    @cython.ccall
    @cython.exceptval(-1, check=True)  # (a value is never -1: Python's error state asked only on -1)
    @cython.returns(VALUE)
    @cython.annotation_typing(False)  # (the C types are the locals' below)
    @cython.locals(base=SMALL, hand=BITS, moves=BITS, low=BITS, up=BITS, order=BITS, item=BITS, rem=BITS,
                   tmask=BITS, left=BITS, card=SMALL, pos=SMALL, seat=SMALL, win_bit=SMALL, win_seat=SMALL,
                   maximise=FLAG, ours=FLAG, now_seat=SMALL, now_bit=SMALL, taken=VALUE, total=VALUE, alpha=VALUE,
                   beta=VALUE, won=VALUE, rest=VALUE, value=VALUE, best=VALUE, last=SMALL, additive=FLAG, bonus=VALUE,
                   points=FLAG, ranked_bits=FLAG, tie=SMALL, top=SMALL, end=SMALL, at=SMALL, safe=FLAG,
                   beaten=BITS, follows=FLAG, kept=BITS, run=SMALL, cards=BITS, held=BITS)
    def node(self, base: int, pos: int, seat: int, win_seat: int, win_bit: int, taken: int, rem: int, tmask: int,
             total: int, alpha: int, beta: int) -> int:
        """Fail-soft value with ``pos`` cards of the trick played (kept from ``base``), ``seat`` to play."""
        last, additive, bonus, points = self.last, self.additive, self.bonus, self.points
        ranked_bits = self.ranked_bits
        hand = self.hands[seat]
        if alpha < 0:
            alpha = 0
        if beta > total:
            beta = total
        moves = self.moves(base, pos, seat, win_seat, win_bit)
        ours = self.maxi[seat] == self.maxi[win_seat]
        safe = True  # (points: no later opponent in this trick can beat our side's winning card)
        if points and ours and pos < last and self.simple:  # (the Jass suits; Quinto unchanged)
            beaten = self.above[win_bit] if ONE << win_bit & self.trumps else self.above[win_bit] | self.trumps
            now_seat = seat
            for at in range(last - pos):
                now_seat = self.after[now_seat]
                if self.maxi[now_seat] != self.maxi[seat] and self.hands[now_seat] & beaten:
                    safe = False
        # (Pandoeren: the hand holds the plain suit led, so a trump played here is a ruff while following)
        follows = self.ruff_anyway and (ONE << self.played[base] & self.trumps) == 0 and \
            (hand & self.suit_bits[self.played[base]]) != 0
        top = end = self.top  # (the moves, best first, in stack[top:end])
        # (Quinto's tricks, where the higher bit wins: the order of the items below without them, by two masks: the
        # cards that do not win and the winners, each the lowest first, ours the ones that do not win first and
        # theirs the winners; measured: the rank in the suit put a low heart, the top suit's, before a spade above it)
        if ranked_bits and not points:
            kept = 0
            if cython.compiled and PEXT and self.run_twins:  # (run by run: engine.pxd)
                kept = moves
                while moves:  # (the cards whose next card left in their run is the hand's: ranks in a row)
                    run = self.run_of[self.bit(moves & -moves)]
                    cards = rem & ((ONE << self.run_width[run]) - 1 << self.run_first[run])
                    moves &= ~cards
                    held = _pext(hand, cards)
                    kept &= ~_pdep(held & held >> 1, cards)
            while moves:
                low = moves & -moves
                moves ^= low
                up = rem & self.above[self.bit(low)]
                if not up & -up & hand & self.twins[self.bit(low)]:
                    kept |= low
            beaten = kept & -(ONE << win_bit + 1)  # (the winners: above the trick's best)
            for order in range(2):
                moves = beaten if (order == 0) != ours else kept & ~beaten
                while moves:
                    low = moves & -moves
                    moves ^= low
                    self.stack[end] = (ONE << 12 if low & beaten else 0) | self.bit(low)  # (bit 12: it wins)
                    end += 1
        while moves:
            low = moves & -moves
            moves ^= low
            card = self.bit(low)
            up = rem & self.above[card]
            if up & -up & hand & self.twins[card]:
                continue
            if self.takes(card, win_bit, base, pos):
                if ours:
                    order = 2 << 10 | 15 - self.rank[card]
                else:  # (a ruff while following after the cards that win by following)
                    order = (5 if follows and ONE << card & self.trumps else 6) << 10 | \
                        (self.pts[card] << 4 if points and pos == last else 0 if ranked_bits else 15 - self.rank[card])
                order |= 1
            elif ours and points and safe:
                order = 4 << 10 | self.pts[card] << 5 | self.rank[card] << 1
            elif ours and points:  # (a later opponent may still take it: our cheapest card first)
                order = 4 << 10 | 1022 - (self.pts[card] << 5) - (self.rank[card] << 1)
            elif ours:
                order = 4 << 10 | 1022 - (self.rank[card] << 1)
            else:  # (Pandoeren: a defender second to a plain suit plays low first, a partner may ruff)
                order = (7 if self.ruff_anyway and pos == 1 and not self.maxi[seat] and
                         not ONE << self.played[base] & self.trumps else 2) << 10 | \
                    1022 - (self.pts[card] << 5 if points else 0) - (self.rank[card] << 1)
            # (Quinto's points, where the higher bit wins: the ties by the bit, the lowest first, but for its side's
            # winners)
            tie = 63 - card if ranked_bits and (not ours or not order & 1) else card
            self.push(top, end, (order << 6 | tie) << 6 | card)
            end += 1
        self.top = end
        maximise = self.maxi[seat]
        best = -1 if maximise else BIG
        for at in range(top, end):
            item = self.stack[at]
            card = item & 63
            self.hands[seat] = hand ^ (ONE << card)
            self.played[base + pos] = card
            if item >> 12 & 1:  # (it takes the trick)
                now_seat, now_bit = seat, card
            else:
                now_seat, now_bit = win_seat, win_bit
            if pos == last:
                left = rem & ~(tmask | ONE << card)
                if points:
                    won = taken + self.pts[card] if additive else self.worth(tmask | ONE << card) if self.quints \
                        else self.trick_points(self.cards_of(base, pos + 1))
                    rest = total - won if additive else total
                    if not left:
                        won += bonus
                else:
                    won, rest = 1, total - 1
                if not self.maxi[now_seat]:
                    won = 0
                if left:
                    value = won + self.boundary(now_seat, left, rest, alpha - won, beta - won)
                else:
                    value = won
            else:
                value = self.node(base, pos + 1, self.after[seat], now_seat, now_bit, taken + self.pts[card], rem,
                                  tmask | ONE << card, total, alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif value < best:
                best = value
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        self.hands[seat] = hand
        self.top = top
        return best
