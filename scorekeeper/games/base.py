"""The face every game shows to the web, the API, the PDF and the tests.

Everything here is plain data: frozen dataclasses, tuples and mappings. A game module
defines a :class:`GameRules` subclass; the registry in ``games/__init__.py`` lists them.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ..errors import N_, RuleViolation, Say  # noqa: F401  (Say: re-exported, the engine's explanation line)
from . import irregular

Options = Mapping[str, Any]
"""Resolved house rules of a match: every option key of the game, with its value."""


@dataclass(frozen=True, slots=True)
class Option:
    """A house rule: its key, default and a one-line explanation.

    ``choices`` makes it a pick-one option (the codes the API and the database keep);
    ``choice_labels``, if given, names each choice for people, in the same order.
    ``minimum``/``maximum`` bound an int one.
    ``scoring`` is False for procedural options that the engine only records.
    ``follows`` names the options an unset value follows (Belote's target: 3000 once sans atout
    is allowed): a form leaves it empty unless someone sets it.
    """

    key: str
    default: bool | int | str
    label: str
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    scoring: bool = True
    choice_labels: tuple[str, ...] = ()
    follows: tuple[str, ...] = ()

    def choice_label(self, choice: str) -> str:
        """The English label of a choice (a msgid to translate), or the code if it has none."""
        labels = dict(zip(self.choices, self.choice_labels, strict=True)) if self.choice_labels else {}
        return labels.get(choice, choice)

    @property
    def kind(self) -> str:
        """``bool``, ``int`` or ``choice``."""
        if self.choices:
            return "choice"
        return "bool" if isinstance(self.default, bool) else "int"

    def parse(self, value: object) -> bool | int | str:
        """Check one value (JSON or form text) against the option; RuleViolation if bad."""
        where = f"options.{self.key}"
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            # (a ticked box of the forms sends "y")
            if isinstance(value, str) and value.lower() in ("true", "on", "1", "yes", "y",
                                                            "false", "off", "0", "no", "n", ""):
                return value.lower() in ("true", "on", "1", "yes", "y")
            raise RuleViolation(N_("%(option)s must be true or false"), field=where, option=self.key)
        if self.kind == "choice":
            if value not in self.choices:
                raise RuleViolation(
                    N_("%(option)s must be one of %(choices)s; got “%(value)s”"),
                    field=where, option=self.key, choices=", ".join(self.choices), value=value,
                )
            return str(value)
        number = _as_int(value, where, self.key)
        if self.minimum is not None and number < self.minimum:
            raise RuleViolation(N_("%(option)s must be at least %(minimum)d; got %(value)d"),
                                field=where, option=self.key, minimum=self.minimum, value=number)
        if self.maximum is not None and number > self.maximum:
            raise RuleViolation(N_("%(option)s must be at most %(maximum)d; got %(value)d"),
                                field=where, option=self.key, maximum=self.maximum, value=number)
        return number


MISDEAL_PASSES_DEAL = Option(
    "misdeal_passes_deal", False, N_("A misdeal passes the deal"),
    N_("After a misdeal the next dealer deals; off: the same dealer deals again"), scoring=False)
"""RULES.md §8's option, for every game that records a misdeal (:attr:`GameRules.irregular_kinds`)."""


def _as_int(value: object, where: str, name: str) -> int:
    if isinstance(value, bool):
        raise RuleViolation(N_("%(name)s must be a whole number"), field=where, name=name)
    if isinstance(value, int):
        return value
    digits = value.strip().removeprefix("-") if isinstance(value, str) else ""
    if digits.isascii() and digits.isdigit():  # "²" is a digit to Python but not a number
        return int(value.strip())
    raise RuleViolation(N_("%(name)s must be a whole number; got “%(value)s”"),
                        field=where, name=name, value=value)


@dataclass(frozen=True, slots=True)
class DealField:
    """One input of the deal-entry form, as the game wants it asked.

    ``kind`` tells the web how to draw it: ``seat`` (a player of the match), ``team``,
    ``suit``, ``choice`` (``choices`` are ``(value, N_-label)`` pairs), ``int``, ``bool``,
    ``cards`` (free text of card codes; ``choices`` may name the deck), ``seats`` (a
    sequence of seats, such as who won each trick) or ``text`` (a line of words). ``group`` gathers fields into one fieldset.
    ``grouped`` tells how a ``cards`` field's cards go together: "" (one set of cards: a hand, a
    pile), ``meld`` or ``trick`` (several, separated by ";": the cards tapped are added as one
    meld, or one trick) or ``numbered`` (typed with a trick number: no card picker).
    The form's values go back to :meth:`GameRules.declarations_from_form`.
    """

    name: str
    kind: str
    label: str
    group: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    required: bool = True
    default: object = None
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    grouped: str = ""
    when_field: str = ""
    when_values: tuple[str, ...] = ()


def asked(spec: DealField, values: Mapping[str, Any]) -> bool:
    """Whether the form asks ``spec`` once ``values`` are typed (form values: strings, ``y`` for a
    ticked box). A field asked only with some values of another is not asked, and what it holds
    not read, while that field holds another value.

    >>> asked(DealField("surcontre", "bool", "", when_field="contre", when_values=("y",)), {})
    False
    """
    if not spec.when_field:
        return True
    value = values.get(spec.when_field)
    return ("y" if value is True else "" if value in (None, False) else str(value)) in spec.when_values


@dataclass(frozen=True, slots=True)
class Table:
    """Who sits at the table and who scores under a match's options (Belote: 4 or 3 players)."""

    seats: tuple[str, ...]
    sides: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Preset:
    """A way to start the game offered on the front page ("Belote for three")."""

    label: str
    options: Mapping[str, Any] = field(default_factory=dict)


class Explanation(Sequence[Say]):
    """A deal's explanation written when it is first read: ``write(*args)`` gives its lines, once.
    It reads as the tuple of them (equal to it, the same ``repr``): a sheet scored for its totals
    alone (standings, a re-score) does not write lines that nobody reads. (The function and its
    arguments are held here, not as a ``functools.partial``: one object less at every deal scored.)"""

    __slots__ = ("_write", "_args", "_lines")

    def __init__(self, write: Callable[..., tuple[Say, ...]], *args: Any) -> None:
        self._write = write
        self._args: tuple[Any, ...] | None = args
        self._lines: tuple[Say, ...] | None = None

    @property
    def lines(self) -> tuple[Say, ...]:
        """The lines, written at the first read, and the arguments then let go (a kept sheet's rows
        held them for good). Two threads may both write them (the same lines); the writer sets the
        lines before it drops the arguments, so a reader that finds them gone finds the lines."""
        lines = self._lines
        if lines is None:
            args = self._args
            if args is None:  # written meanwhile by another thread
                return self._lines  # type: ignore[return-value]
            lines = self._lines = self._write(*args)
            self._args = None
        return lines

    def __getitem__(self, index: Any) -> Any:
        return self.lines[index]

    def __len__(self) -> int:
        return len(self.lines)

    def __iter__(self) -> Iterator[Say]:
        return iter(self.lines)

    def __eq__(self, other: object) -> bool:
        return self.lines == (other.lines if isinstance(other, Explanation) else other)

    __hash__ = None  # type: ignore[assignment]  (a tuple of Says is no more hashable: their params)

    def __repr__(self) -> str:
        return repr(self.lines)


@dataclass(slots=True)
class ScoredDeal:
    """What the engine answers for one deal.

    ``score`` is what each side writes on the sheet for this deal; ``answer`` carries the
    RULES.md §6 answer fields, JSON-ready; ``lines`` is the explanation (a tuple, or an
    :class:`Explanation` written when first read). Read only, not frozen:
    one is made for every deal of every sheet scored, and a frozen one of five fields costs
    three times as much to make (never hashable either way: its ``score`` is a mapping).
    """

    made: bool | None
    score: Mapping[str, int]
    lines: Sequence[Say]
    answer: Mapping[str, Any]
    summary: Say  # the contract in a few words, for the sheet ("100 ♥ by N, contré")


@dataclass(frozen=True, slots=True)
class Ruling:
    """A referee's answer: ``answer`` is plain JSON data (RULES.md §6 names) where a value may
    be a :class:`Say` (rendered in the reader's language: a refused card's reason); ``lines`` say why."""

    answer: Mapping[str, Any]
    lines: tuple[Say, ...]


MISSING = N_("%(name)s is missing")  # a referee query's required field (the API names its key)
LEADER_LABEL = N_("Led this trick (or leads the next)")  # the claim page's leader


def take(query: Mapping[str, Any], required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """The fields of a referee query: unknown ones refused, missing required ones named."""
    for key in query:
        if key not in required and key not in optional:
            raise RuleViolation(N_("“%(name)s” is not part of this question"), field=key, name=key)
    for key in required:
        if query.get(key) is None:
            raise RuleViolation(MISSING, field=key, name=key)
    return {key: query.get(key) for key in required + optional}


def _totals(raw: object, sides: tuple[str, ...], field: str) -> dict[str, int]:
    if not isinstance(raw, Mapping) or set(raw) != set(sides):
        raise RuleViolation(N_("%(name)s needs a number for each of %(sides)s"), field=field,
                            name=field, sides=", ".join(sides))
    return {side: _as_int(raw[side], field, field) for side in sides}


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a match: a winner, or a draw (``winner`` None)."""

    winner: str | None
    draw: bool
    lines: tuple[Say, ...]
    deal: int = 0  # on a sheet: the number of the deal that ended the match (see ended_at)


def ended_at(result: MatchResult | None, deal: int) -> MatchResult | None:
    """``result`` placed on the sheet at the ``deal`` that reached it; None stays None."""
    return replace(result, deal=deal) if result else None


def highest_total(totals: Mapping[str, int]) -> tuple[int, list[str]]:
    """The highest total and the sides that have it, in ``totals``' order."""
    top = max(totals.values())
    return top, [side for side, total in totals.items() if total == top]


def result_after_deals(totals: Mapping[str, int], played: int, deals: int,
                       label: Callable[[str], str] = str) -> MatchResult | None:
    """A match of a fixed number of ``deals`` (a tournament's rounds): once they are played the
    highest total wins; equal highest totals are a draw. None while it goes on."""
    if not deals or played < deals:
        return None
    top, leaders = highest_total(totals)
    params = {"deals": deals, "total": top, "sides": ", ".join(map(label, leaders)), "side": label(leaders[0])}
    if len(leaders) > 1:
        return MatchResult(None, True, (Say(N_("The round's number of deals is reached (%(deals)d): %(sides)s "
                                               "share the highest total, %(total)d: a draw"), params),))
    return MatchResult(leaders[0], False, (Say(N_("The round's number of deals is reached (%(deals)d): %(side)s "
                                                  "has the highest total, %(total)d, and wins"), params),))


@dataclass(slots=True)
class SheetRow:
    """One deal on the running sheet, with the totals after it. Read only, not frozen: one is
    made for every deal of every sheet scored (as :class:`ScoredDeal`)."""

    declarations: Mapping[str, Any]
    scored: ScoredDeal
    totals: Mapping[str, int]

    @property
    def notes(self) -> tuple[Say, ...]:
        """Lines the sheet shows under this row, such as the end of a game of a rubber."""
        return ()


@dataclass(frozen=True, slots=True)
class Sheet:
    """The running sheet of a match: every deal, the totals and, once over, the result.

    The match ends at the first deal after which its end rule is met (:meth:`GameRules.end_of_match`);
    deals recorded after that one (the history was edited since) are rows *after the end*: scored
    and shown, never counted. ``totals`` and every row's totals are the counted deals' sums.
    ``played``: how many of the rows are deals played out (:func:`irregular.played`: a misdeal or a
    penalty is none), kept so that a deal added after them is not counted from every row again.
    """

    rows: tuple[SheetRow, ...]
    totals: Mapping[str, int]
    result: MatchResult | None
    played: int = field(kw_only=True)

    @property
    def counted(self) -> int:
        """How many rows count: up to the deal that ended the match, else all of them."""
        return self.result.deal if self.result else len(self.rows)

    @property
    def standing(self) -> tuple[Say, ...]:
        """Where a match that goes on stands besides its totals (games won in a rubber)."""
        return ()


def with_litige_held(declarations: Mapping[str, Any], rows: Sequence[SheetRow]) -> Mapping[str, Any]:
    """``declarations`` carrying the points a litige still holds after the sheet's ``rows`` (0 on a
    new sheet) as ``litige_pending``; anything but a mapping as it is (the deal's check refuses it)."""
    if not isinstance(declarations, Mapping):
        return declarations
    return {**declarations, "litige_pending": int(rows[-1].scored.answer["litige_pending"]) if rows else 0}


class Resolved(dict[str, Any]):
    """Options that ``rules`` resolved already (:meth:`GameRules.resolve_options`), as a sheet
    hands them to each of its deals: resolved again they are copied, not read and checked again
    (resolving resolved options gives them back unchanged)."""

    __slots__ = ("rules",)

    def __init__(self, rules: GameRules, options: Mapping[str, Any]) -> None:
        super().__init__(options)
        self.rules = rules


class GameRules(ABC):
    """All that the web, API, PDF and tests may know about a game.

    A game subclasses this and fills the class attributes and the abstract methods.
    ``declarations`` are always the RULES.md §6 vocabulary as plain JSON data.
    """

    key: str = ""
    name: str = ""
    seats: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()  # who scores: teams ("A", "B") or the seats themselves
    options: tuple[Option, ...] = ()
    referee_kinds: tuple[str, ...] = ("game_end",)  # each answered by a referee_<kind> method
    presets: tuple[Preset, ...] = ()  # empty: one way to start, with the defaults
    points_field: str = "points"  # the §6 answer field with each side's points before the score
    play_options: Mapping[str, Any] = MappingProxyType({})  # "May I play this?" knows every contract
    taker_key: str | None = None  # the declaration naming the seat that took the contract (statistics)
    independent_deals: bool = True  # a deal's score never depends on the deals before it (no litige)
    irregular_kinds: tuple[str, ...] = (irregular.MISDEAL, irregular.PENALTY)  # RULES §8 lines this game records
    revoke_help: str = N_("Declare the deal as it was played and the side at fault: it is scored against that "
                          "side (RULES §8).")  # what the revoke form asks, in a sentence

    def starts(self) -> tuple[Preset, ...]:
        """The ways to start a match of this game, for the front page."""
        return self.presets or (Preset(self.name),)

    def deal_points(self, scored: ScoredDeal) -> Mapping[str, int]:
        """Each side's points in a deal, before they become the score (for the printed sheet)."""
        points = scored.answer.get(self.points_field)
        return points if isinstance(points, Mapping) else {}

    def table(self, options: Options) -> Table:
        """The seats and the scoring sides under these options."""
        return Table(self.seats, self.sides)

    # -- options -------------------------------------------------------------------------

    def resolve_options(self, raw: Mapping[str, object] | None = None) -> dict[str, Any]:
        """Every option with its value: defaults filled, unknown keys and bad values refused.

        Scoring a sheet resolves the same options once per deal, so the answer for options
        made of plain values is remembered (a fresh dict each time: callers may change it), and
        options this game resolved for a sheet (:class:`Resolved`) are only copied.
        """
        if type(raw) is Resolved and raw.rules is self:
            return dict(raw)
        try:
            return dict(self._resolved(frozenset((raw or {}).items())))
        except TypeError:  # an unhashable value (a JSON list...): checked the long way, and refused
            return self._resolve(raw)

    def resolved(self, options: Mapping[str, object] | None) -> Options:
        """``options`` resolved, to be read only: a sheet's :class:`Resolved` (this game's) as it
        is, any other as :meth:`resolve_options` gives them (a deal of a sheet reads its options
        without copying them).
        """
        if type(options) is Resolved and options.rules is self:
            return options
        return self.resolve_options(options)

    @functools.lru_cache(maxsize=256)  # noqa: B019 (the rules are module-level singletons)
    def _resolved(self, items: frozenset[tuple[str, object]]) -> dict[str, Any]:
        return self._resolve(dict(items))

    def _resolve(self, raw: Mapping[str, object] | None) -> dict[str, Any]:
        raw = dict(raw or {})
        known = {option.key: option for option in self.options}
        for key in raw:
            if key not in known:
                raise RuleViolation(N_("“%(option)s” is not an option of this game"),
                                    field=f"options.{key}", option=key)
        return {key: option.parse(raw[key]) if key in raw else option.default
                for key, option in known.items()}

    # -- one deal ------------------------------------------------------------------------

    def side_of(self, seat: str) -> str:
        """The side (team or seat) a seat scores for."""
        return seat

    def side_label(self, side: str) -> str:
        """How a side is named in explanations (``N–S``); untranslated, no words."""
        return side

    def next_dealer(self, dealer: str, options: Options) -> str:
        """The dealer of the next deal."""
        seats = self.table(options).seats
        return seats[(seats.index(dealer) + 1) % len(seats)]

    def dealer_after(self, line: Mapping[str, Any], options: Options) -> str | None:
        """Who deals after this line of the sheet: after a misdeal the same dealer deals again, or
        the next one with ``misdeal_passes_deal`` (RULES.md §8); after a deal the next one; None for a
        line that names no dealer (a penalty)."""
        dealer = line.get("dealer")
        if not isinstance(dealer, str) or dealer not in self.table(options).seats:
            return None
        if irregular.kind_of(line) == irregular.MISDEAL and not options.get(MISDEAL_PASSES_DEAL.key):
            return dealer
        return self.next_dealer(dealer, options)

    def dealer_of_next(self, lines: Sequence[Mapping[str, Any]], first_dealer: str, options: Options) -> str:
        """The dealer of the deal after these lines of the sheet (the first dealer on a new sheet)."""
        return next((dealer for line in reversed(lines) if (dealer := self.dealer_after(line, options))),
                    first_dealer)

    form: Any = None
    """The game's form module: ``deal_fields``, ``declarations_from_form`` and
    ``form_from_declarations`` over resolved options (see ``contree.form``)."""

    def deal_fields(self, options: Options) -> tuple[DealField, ...]:
        """The inputs of the deal-entry form under these options."""
        fields: tuple[DealField, ...] = self.form.deal_fields(self.resolve_options(options))
        return fields

    def declarations_from_form(self, values: Mapping[str, str], options: Options) -> dict[str, Any]:
        """Turn the flat form values (names of :meth:`deal_fields`) into §6 declarations.

        :raise RuleViolation: naming the *form* field at fault
        """
        declarations: dict[str, Any] = self.form.declarations_from_form(values, self.resolve_options(options))
        return declarations

    def on_the_form(self, err: RuleViolation) -> RuleViolation:
        """A refusal naming a declaration (from scoring the deal where it stands on the sheet),
        named after the deal form's field that holds it instead."""
        return err

    def form_from_declarations(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The form values that show stored declarations again (for editing a deal)."""
        resolved = self.resolve_options(options)
        values: dict[str, Any] = self.form.form_from_declarations(self.read_deal(declarations, resolved), resolved)
        return values

    @abstractmethod
    def read_deal(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """Validate declarations; return them canonical (the form that is stored).

        :raise RuleViolation: naming the field at fault
        """

    @abstractmethod
    def score_deal(self, declarations: Mapping[str, Any], options: Options) -> ScoredDeal:
        """Score one deal (validating it first)."""

    def read_line(self, line: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """A line of the sheet checked and canonical: a deal (:meth:`read_deal`) or a RULES.md §8
        irregularity (its ``kind``)."""
        return irregular.read_line(self, line, options)

    def score_line(self, line: Mapping[str, Any], options: Options) -> ScoredDeal:
        """Score one line of the sheet: a deal, or an irregularity by RULES.md §8."""
        if (type(line) is not dict and not isinstance(line, Mapping)  # (a dict: no ABC check)
                or irregular.kind_of(line) == irregular.DEAL):
            return self.score_deal(line, options)
        return ScoredDeal(None, *irregular.score_irregular(self, line, options))

    def line_fields(self, kind: str, options: Options) -> tuple[DealField, ...]:
        """The inputs of the form recording a RULES.md §8 line of ``kind``: a misdeal's dealer; a
        penalty's side, direction, points and reason; a revoke's deal and the side at fault."""
        if kind == irregular.MISDEAL:
            return (DealField("dealer", "seat", N_("Dealer of the cancelled deal"), "misdeal"),)
        if kind == irregular.PENALTY:
            return (DealField("side", "team", N_("Side"), "penalty"),
                    DealField("direction", "choice", N_("Points"), "penalty", default="off",
                              choices=(("off", N_("taken off its total")), ("to", N_("added to its total")))),
                    DealField("points", "int", N_("How many points"), "penalty", minimum=1,
                              maximum=irregular.PENALTY_MAX),
                    DealField("reason", "text", N_("Reason"), "penalty",
                              help=N_("Read out with the sheet: “slow play”, “talking during the bidding”")))
        return self.revoke_fields(options)

    def revoke_fields(self, options: Options) -> tuple[DealField, ...]:
        """The inputs of a revoke: the side at fault and the deal as it was played (its form)."""
        return (DealField("at_fault", "team", N_("Side at fault"), "revoke",
                          help=N_("The side that failed to follow, trump or overtrump")),
                *self.deal_fields(options))

    def read_revoke(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """A revoke's deal checked and canonical: the deal as it was played (:meth:`read_deal`).

        :raise RuleViolation: naming the declaration at fault
        """
        return self.read_deal(declarations, options)

    def revoke_from_form(self, values: Mapping[str, str], options: Options) -> dict[str, Any]:
        """A revoke's deal from the form's values (names of :meth:`revoke_fields` but ``at_fault``)."""
        return self.declarations_from_form(values, options)

    def form_from_revoke(self, declarations: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The form values that show a stored revoke's deal again."""
        return self.form_from_declarations(declarations, options)

    def line_from_form(self, kind: str, values: Mapping[str, str], options: Options) -> dict[str, Any]:
        """The §8 line of a form's values (names of :meth:`line_fields`), checked by :meth:`read_line`.

        :raise RuleViolation: naming the form field at fault
        """
        if kind == irregular.MISDEAL:
            line: dict[str, Any] = {"kind": kind, "dealer": values.get("dealer")}
        elif kind == irregular.PENALTY:
            if not values.get("points"):
                raise RuleViolation(N_("Say how many points"), field="points")
            points = _as_int(values["points"], "points", "points")
            if points < 1:
                raise RuleViolation(N_("points must be a whole number from -%(most)d to %(most)d, not 0"),
                                    field="points", most=irregular.PENALTY_MAX)
            line = {"kind": kind, "side": values.get("side"), "reason": values.get("reason", ""),
                    "points": -points if values.get("direction", "off") == "off" else points}
        else:
            deal = self.revoke_from_form({key: value for key, value in values.items() if key != "at_fault"}, options)
            line = {**deal, "kind": kind, "at_fault": values.get("at_fault")}
        return self.read_line(line, options)

    def form_from_line(self, line: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The form values that show a stored §8 line again (for editing it)."""
        kind = irregular.kind_of(line)
        if kind == irregular.PENALTY:
            return {"side": line["side"], "points": str(abs(line["points"])), "reason": line["reason"],
                    "direction": "off" if line["points"] < 0 else "to"}
        if kind == irregular.REVOKE:
            deal = {key: value for key, value in line.items() if key not in ("kind", "at_fault")}
            return {**self.form_from_revoke(deal, options), "at_fault": line["at_fault"]}
        return {"dealer": line.get("dealer")}

    def score_revoke(self, declarations: Mapping[str, Any], at_fault: str,
                     options: Options) -> tuple[dict[str, int], list[Say]]:
        """The score of a deal with a revoke by the side ``at_fault`` (RULES.md §8) and the lines
        saying why; only for a game that lists ``revoke`` in :attr:`irregular_kinds`."""
        raise RuleViolation(N_("kind must be one of %(kinds)s"), field="kind",
                            kinds=", ".join((irregular.DEAL, *self.irregular_kinds)))

    # -- a match -------------------------------------------------------------------------

    @abstractmethod
    def match_result(self, totals: Mapping[str, int], options: Options) -> MatchResult | None:
        """The result once the match is over; None while it goes on."""

    def score_sheet(self, deals: Sequence[Mapping[str, Any]], options: Options, *, deal_limit: int = 0) -> Sheet:
        """Score every deal in order and keep the running totals up to the end of the match.

        Deals recorded after the match ended would be refused by the store, so a result
        reached before the last deal means the history was edited: the later rows are
        still shown, after the end, and count for nothing (see :class:`Sheet`).

        :param deal_limit: a tournament's fixed number of deals (0: the game's own end alone)
        """
        return self.extend_sheet(None, deals, options, deal_limit=deal_limit)

    def extend_sheet(self, sheet: Sheet | None, deals: Sequence[Mapping[str, Any]], options: Options, *,
                     deal_limit: int = 0) -> Sheet:
        """``sheet`` (the earlier deals' sheet under the same options; None: no deal yet) with
        ``deals`` scored after it: the same sheet as scoring all of them (see :meth:`score_sheet`)."""
        resolved = Resolved(self, self.resolve_options(options))  # resolved once for every deal
        totals = dict(sheet.totals) if sheet else dict.fromkeys(self.table(resolved).sides, 0)
        rows: list[SheetRow] = list(sheet.rows) if sheet else []
        result = sheet.result if sheet else None
        played = sheet.played if sheet else 0
        for declarations in deals:
            carried = self.carried(declarations, rows, resolved)
            scored = self.score_line(carried, resolved)
            if result is None:
                for side, points in scored.score.items():
                    totals[side] += points
            rows.append(SheetRow(carried, scored, MappingProxyType(dict(totals))))
            played += irregular.played(declarations)
            result = result or self.end_of_match(totals, played, resolved, deal_limit, line=len(rows))
        return Sheet(tuple(rows), MappingProxyType(dict(totals)), result, played=played)

    def end_of_match(self, totals: Mapping[str, int], played: int, options: Options,
                     deal_limit: int = 0, *, line: int | None = None) -> MatchResult | None:
        """Whether the match ends at deal ``played`` (these ``totals`` after it): the game's end
        rule (:meth:`sheet_result`), or a tournament's ``deal_limit`` reached; the result is placed
        at that line of the sheet (:func:`ended_at`; ``line``: where misdeals and penalties, which
        are no deal played (RULES.md §8), put it after ``played``). The one definition of where a
        match ends."""
        result = self.sheet_result(totals, played, options)
        if result is None and deal_limit:  # (asked at every deal of every sheet: no call while it goes on)
            result = result_after_deals(totals, played, deal_limit, self.side_label)
        return ended_at(result, played if line is None else line) if result else None

    def carried(self, declarations: Mapping[str, Any], rows: Sequence[SheetRow], options: Options) -> Mapping[str, Any]:
        """A deal's declarations as scored after the sheet's ``rows`` (resolved ``options``):
        themselves, or with what the earlier deals carry into it (a litige's points)."""
        return declarations

    def sheet_result(self, totals: Mapping[str, int], played: int, options: Options) -> MatchResult | None:
        """The result the sheet shows after ``played`` deals with these totals: the game's own."""
        return self.match_result(totals, options)

    def score_in_place(self, earlier: Sheet, declarations: Mapping[str, Any], options: Options) -> ScoredDeal:
        """A deal scored where it stands after the ``earlier`` sheet (the deals before it; a litige
        carries points between deals); a deal that cannot stand there is refused, naming the
        declaration.

        :raise RuleViolation: naming the declaration at fault
        """
        if self.independent_deals:
            return self.score_line(declarations, options)
        return self.add_in_place(earlier, declarations, options).rows[-1].scored

    def add_in_place(self, earlier: Sheet | None, declarations: Mapping[str, Any], options: Options, *,
                     deal_limit: int = 0) -> Sheet:
        """The ``earlier`` sheet (the deals before; None: no deal yet) with a new deal added after
        it, the deal scored once: refused as :meth:`score_in_place` refuses it, else the sheet
        :meth:`extend_sheet` gives (its last row's score is :meth:`score_in_place`'s).

        :raise RuleViolation: naming the declaration at fault
        """
        return self.extend_sheet(earlier, [declarations], options, deal_limit=deal_limit)

    # -- the referee ---------------------------------------------------------------------

    def play_fields(self, options: Options) -> tuple[DealField, ...]:
        """The inputs of the "May I play this?" page (the ``legal_play`` question)."""
        return (
            DealField("hand", "cards", N_("Your hand"), "play", choices=self.deck_choices,
                      help=N_("Tap or type the cards you hold, e.g. AH 10S 7C")),
            DealField("trick_so_far", "cards", N_("Cards already in the trick"), "play", required=False,
                      choices=self.deck_choices, help=N_("In the order they were played; the first is the card led")),
            DealField("trump", "suit", N_("Trump"), "play", required=False),
        )

    deck_choices: tuple[tuple[str, str], ...] = ()  # the card codes the pickers offer (empty: the 32 cards)
    pile_fields: tuple[str, ...] = ()  # deal-form fields that take a pile's card points ("Count this pile")

    def count_fields(self, options: Options) -> tuple[DealField, ...]:
        """The inputs of the "Count this pile" page (the ``count`` question)."""
        return (
            DealField("pile", "cards", N_("The cards the side took"), "count", choices=self.deck_choices,
                      help=N_("Tap or type the cards of its tricks, e.g. JH 9H AS 7S")),
            DealField("trump", "suit", N_("Trump"), "count", required=False),
            DealField("last_trick", "bool", N_("This side took the last trick"), "count", required=False,
                      default=False),
        )

    def claim_fields(self, options: Options) -> tuple[DealField, ...]:
        """The inputs of the "Does the claim hold?" page: every hand (labelled by its seat), the
        trick so far, who led it, who claims what, the trump."""
        seats = self.table(options).seats
        return (
            *(DealField(f"hand_{seat}", "cards", seat, "hands", required=False, choices=self.deck_choices)
              for seat in seats),
            DealField("trick_so_far", "cards", N_("Cards already in the trick"), "claim", required=False,
                      choices=self.deck_choices, help=N_("In the order they were played; the first is the card led")),
            *self.leader_fields(seats),
            DealField("claimant", "seat", N_("Claims"), "claim", default=seats[0],
                      help=N_("The claim is for this player's side")),
            DealField("claim", "choice", N_("The claim"), "claim", default="all",
                      choices=(("all", N_("Every trick left")), ("tricks", N_("At least this many tricks")),
                               ("points", N_("At least this many card points")))),
            DealField("claim_number", "int", N_("How many"), "claim", required=False,
                      help=N_("For a claim of tricks or points")),
            DealField("trump", "suit", N_("Trump"), "claim", required=False),
            DealField("exact", "bool", N_("Also the best points of each side"), "claim", required=False,
                      default=True, help=N_("Plays the position out exactly: slower from a full deal")),
        )

    def leader_fields(self, seats: tuple[str, ...]) -> tuple[DealField, ...]:
        """The claim page's "who leads" (a game whose rules say who leads the first trick also asks
        the seat that tells it, and leaves the leader empty: see :class:`referee.FirstLead`)."""
        return (DealField("leader", "seat", LEADER_LABEL, "claim", default=seats[0]),)

    def melds_fields(self, options: Options) -> tuple[DealField, ...]:
        """The inputs of the "Whose melds count?" page: each seat's melds, the trump, the dealer."""
        seats = self.table(options).seats
        return (
            *(DealField(f"melds_{seat}", "cards", seat, "melds", required=False, choices=self.deck_choices,
                        help="" if seat != seats[0] else
                        N_("Each meld's cards, melds separated by “;”: AH KH QH; JS JH JD JC"),
                        grouped="meld")
              for seat in seats),
            DealField("trump", "suit", N_("Trump"), "melds", required=False),
            DealField("dealer", "seat", N_("Dealer"), "melds", default=seats[-1],
                      help=N_("Equal melds go to the first player from the dealer's left")),
        )

    def melds_query(self, values: Mapping[str, str], options: Options) -> dict[str, Any]:
        """The ``meld_compare`` question of the melds page's values (seat -> melds as typed)."""
        seats = self.table(options).seats
        rest = {key: value for key, value in values.items() if not key.startswith("melds_")}
        return {**rest, "melds": {seat: values[f"melds_{seat}"] for seat in seats if values.get(f"melds_{seat}")}}

    def claim_query(self, values: Mapping[str, str], options: Options) -> dict[str, Any]:
        """The ``claim`` question of the claim page's values: hands per seat, the claim as
        ``"all"``, a number of tricks or ``{"points": N}``.

        :raise RuleViolation: (field ``claim_number``) a claim of tricks or points without a number
        """
        seats = self.table(options).seats
        query: dict[str, Any] = {key: value for key, value in values.items()
                                 if not key.startswith("hand_") and key not in ("claim", "claim_number", "exact")}
        query["hands"] = {seat: values.get(f"hand_{seat}", "") for seat in seats}
        query["exact"] = "exact" in values
        claim = values.get("claim", "all")
        if claim == "all":
            query["claim"] = "all"
            return query
        if claim not in ("tricks", "points"):
            raise RuleViolation(N_("A claim is of every trick, of tricks or of points"), field="claim")
        if not values.get("claim_number"):
            raise RuleViolation(N_("Say how many tricks or points are claimed"), field="claim_number")
        number = _as_int(values["claim_number"], "claim_number", "claim_number")
        query["claim"] = {"points": number} if claim == "points" else number
        return query

    def referee(self, kind: str, query: Mapping[str, Any], options: Options) -> Ruling:
        """Answer one of the RULES.md §6 referee questions this game knows."""
        if kind not in self.referee_kinds:
            raise RuleViolation(N_("“%(kind)s” is not a referee question for this game (ask one of: %(kinds)s)"),
                                field="kind", kind=kind, kinds=", ".join(self.referee_kinds))
        answer: Ruling = getattr(self, f"referee_{kind}")(query, options)
        return answer

    def referee_game_end(self, query: Mapping[str, Any], options: Options) -> Ruling:
        """Totals after a deal, and whether the match is over (``totals_before`` + ``deal_score``)."""
        asked = take(query, ("totals_before", "deal_score"))
        sides = self.table(options).sides
        before = _totals(asked["totals_before"], sides, "totals_before")
        deal = _totals(asked["deal_score"], sides, "deal_score")
        totals = {side: before[side] + deal[side] for side in sides}
        result = self.match_result(totals, options)
        answer = {"totals": totals, "finished": result is not None,
                  "winner": result.winner if result else None, "draw": bool(result and result.draw)}
        if result is None:
            return Ruling(answer, (Say(N_("Nobody has reached the end of the match yet.")),))
        return Ruling(answer, result.lines)
