"""Pandoeren contracts (RULES.md §4.3): the table as data, the bid order, the text parser.

A :class:`PandoerContract` is a kind and, for number contracts and Pandoer + n, its number.
Its value, partner, trumps and objective come from the table :data:`KINDS`; the bidding order
is the strict total order of :func:`bid_key`. Contract names are proper names and are not
translated: ``"150"``, ``"Piccolo"``, ``"Misère Ouvert"``, ``"Pandoer+40"``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from ...errors import N_, RuleViolation
from ..base import Say

NUMBER_MIN, NUMBER_STEP = 120, 10  # RULES §4.3: numbers from 120 in tens, no upper limit
PLUS_MIN, PLUS_STEP = 20, 20  # RULES §4.3: Pandoer + 20, + 40, ... in twenties, no upper limit
NUMBER_VALUES = ((120, 1), (150, 2), (170, 3), (200, 4))
"""RULES §4.3: from each of these numbers on, a number contract is worth this much (120-140: 1,
150-160: 2, 170-190: 3, 200 and more: 4)."""
SHOWN_MAX = 40  # characters of a refused value quoted back in a message


class Kind(StrEnum):
    """The rows of the RULES.md §4.3 table; the value is the form's ``contract_kind``."""

    NUMBER = "number"
    PICCOLO = "piccolo"
    MISERE = "misere"
    KERELTJE = "kereltje"
    ZWABBER = "zwabber"
    SOLO_ZWABBER = "solo_zwabber"
    PICCOLO_OUVERT = "piccolo_ouvert"
    MISERE_OUVERT = "misere_ouvert"
    STIL_PRAATJE = "stil_praatje"
    PANDOER = "pandoer"
    PANDOER_PLUS = "pandoer_plus"
    PRAATJE = "praatje"
    PRIVE = "prive"


class Partner(StrEnum):
    """Who plays with the declarer (RULES.md §4.3 "partner" column)."""

    CALLED = "called"  # the holder of the called ace (king, queen)
    JAS = "jas"  # Kereltje: the holder of the trump jack
    ALONE = "alone"


class Goal(StrEnum):
    """What the declarer's side must do (RULES.md §4.3 "objective" column)."""

    POINTS = "points"  # reach the number
    FIRST_TRICK_ONLY = "first_trick_only"  # Piccolo: the first trick and no other
    NO_TRICK = "no_trick"  # Misère, Praatje: lose every trick
    ALL_TRICKS = "all_tricks"  # the declarer's side wins all 8 (Pandoer + n: and the roem)
    ZWABBER = "zwabber"  # all 8, and the declarer personally wins tricks 1-4


@dataclass(frozen=True, slots=True)
class KindInfo:
    """One row of the RULES.md §4.3 table. ``value`` is None for numbers (see NUMBER_VALUES)."""

    name: str
    value: int | None
    partner: Partner
    trumps: bool
    goal: Goal
    objective: str  # N_-marked; %(declarer)s (and %(partner)s with a partner), %(number)d


_REACH = N_("%(declarer)s and %(partner)s must reach %(number)d with card points, last trick, roem and stuk")
_LOSE_ALL = N_("%(declarer)s must win no trick")
_ALL_TWO = N_("%(declarer)s and %(partner)s must win all 8 tricks")
_ALL_ALONE = N_("%(declarer)s must win all 8 tricks alone")
KINDS = MappingProxyType({
    Kind.NUMBER: KindInfo("", None, Partner.CALLED, True, Goal.POINTS, _REACH),
    Kind.PICCOLO: KindInfo("Piccolo", 3, Partner.ALONE, True, Goal.FIRST_TRICK_ONLY,
                           N_("%(declarer)s must win the first trick and no other")),
    Kind.MISERE: KindInfo("Misère", 3, Partner.ALONE, True, Goal.NO_TRICK, _LOSE_ALL),
    Kind.KERELTJE: KindInfo("Kereltje", 2, Partner.JAS, True, Goal.ALL_TRICKS, _ALL_TWO),
    Kind.ZWABBER: KindInfo("Zwabber", 2, Partner.CALLED, False, Goal.ZWABBER,
                           N_("Without trumps, %(declarer)s and %(partner)s must win all 8 tricks and "
                              "%(declarer)s herself tricks 1 to 4")),
    Kind.SOLO_ZWABBER: KindInfo("Solo-Zwabber", 5, Partner.ALONE, False, Goal.ALL_TRICKS,
                                N_("Without trumps, %(declarer)s must win all 8 tricks alone")),
    Kind.PICCOLO_OUVERT: KindInfo("Piccolo Ouvert", 6, Partner.ALONE, True, Goal.FIRST_TRICK_ONLY,
                                  N_("%(declarer)s must win the first trick and no other, her hand "
                                     "shown from trick 2")),
    Kind.MISERE_OUVERT: KindInfo("Misère Ouvert", 6, Partner.ALONE, True, Goal.NO_TRICK,
                                 N_("%(declarer)s must win no trick, her hand shown from trick 2")),
    Kind.STIL_PRAATJE: KindInfo("Stil Praatje", 9, Partner.ALONE, True, Goal.NO_TRICK,
                                N_("%(declarer)s must win no trick, her hand shown as she leads to the "
                                   "first trick")),
    Kind.PANDOER: KindInfo("Pandoer", 5, Partner.CALLED, True, Goal.ALL_TRICKS, _ALL_TWO),
    Kind.PANDOER_PLUS: KindInfo("Pandoer", 5, Partner.CALLED, True, Goal.ALL_TRICKS,
                                N_("%(declarer)s and %(partner)s must win all 8 tricks and score at least "
                                   "%(number)d in valid roem and stuk")),
    Kind.PRAATJE: KindInfo("Praatje", 9, Partner.ALONE, True, Goal.NO_TRICK,
                           N_("%(declarer)s must win no trick, every hand shown from the first lead, the "
                              "defenders may talk")),
    Kind.PRIVE: KindInfo("Privé", 10, Partner.ALONE, True, Goal.ALL_TRICKS, _ALL_ALONE),
})
"""RULES.md §4.3, row by row (the value, partner, trumps and objective columns)."""

ROWS: tuple[tuple[Kind, int], ...] = (
    (Kind.NUMBER, 120), (Kind.PICCOLO, 0), (Kind.MISERE, 0), (Kind.NUMBER, 150), (Kind.KERELTJE, 0),
    (Kind.ZWABBER, 0), (Kind.NUMBER, 170), (Kind.SOLO_ZWABBER, 0), (Kind.PICCOLO_OUVERT, 0),
    (Kind.NUMBER, 200), (Kind.MISERE_OUVERT, 0), (Kind.STIL_PRAATJE, 0), (Kind.PANDOER, 0),
    (Kind.PANDOER_PLUS, 0), (Kind.PRAATJE, 0), (Kind.PRIVE, 0),
)
"""RULES.md §4.3 bidding order, lowest row first; a number row starts at its number."""


@dataclass(frozen=True, slots=True)
class PandoerContract:
    """A contract: its kind and, for numbers and Pandoer + n, the number.

    >>> parse_contract("pandoer + 40").name, parse_contract("misere ouvert").value
    ('Pandoer+40', 6)
    """

    kind: Kind
    number: int | None = None

    @property
    def info(self) -> KindInfo:
        """Its row of the RULES.md §4.3 table."""
        return KINDS[self.kind]

    @property
    def value(self) -> int:
        """What the declarer (and the partner) win or lose (RULES.md §4.3, §4.4)."""
        if self.kind is Kind.NUMBER:
            return next(value for start, value in reversed(NUMBER_VALUES) if int(self.number or 0) >= start)
        return int(self.info.value or 0)

    @property
    def name(self) -> str:
        """The canonical text: ``150``, ``Misère Ouvert``, ``Pandoer+40``."""
        if self.kind is Kind.NUMBER:
            return str(self.number)
        if self.kind is Kind.PANDOER_PLUS:
            return f"Pandoer+{self.number}"
        return self.info.name

    @property
    def partner(self) -> Partner:
        """Called card, trump jack holder, or alone."""
        return self.info.partner

    @property
    def trumps(self) -> bool:
        """Played with a trump suit (all but Zwabber and Solo-Zwabber)."""
        return self.info.trumps

    @property
    def goal(self) -> Goal:
        """What the declarer's side must do."""
        return self.info.goal

    @property
    def uses_roem(self) -> bool:
        """Roem and stuk count (RULES.md §4.2: number contracts and Pandoer + n)."""
        return self.kind in (Kind.NUMBER, Kind.PANDOER_PLUS)

    def objective(self, declarer: str, partner: str | None) -> Say:
        """The objective as a referee says it: ``N and E must win all 8 tricks``."""
        params: dict[str, object] = {"declarer": declarer, "number": self.number or 0}
        if partner is not None:
            params["partner"] = partner
        template = (_ALL_ALONE if self.kind is Kind.KERELTJE and partner is None else self.info.objective)
        return Say(template, params)


def bid_key(contract: PandoerContract) -> tuple[int, int]:
    """The place of a contract in the bidding order (RULES.md §4.3): its row, then its number.

    >>> [bid_key(parse_contract(text)) for text in ("140", "Piccolo", "150", "Pandoer+40", "Privé")]
    [(0, 140), (1, 0), (3, 150), (13, 40), (15, 0)]
    """
    if contract.kind is Kind.NUMBER:
        number = int(contract.number or 0)
        row = max(i for i, (kind, start) in enumerate(ROWS) if kind is Kind.NUMBER and number >= start)
        return row, number
    row = next(i for i, (kind, _) in enumerate(ROWS) if kind is contract.kind)
    return row, int(contract.number or 0)


def compare_bids(first: PandoerContract, second: PandoerContract) -> int:
    """1 if ``first`` is the higher bid, -1 if ``second`` is, 0 for the same contract.

    >>> compare_bids(parse_contract("200"), parse_contract("Piccolo Ouvert"))
    1
    """
    a, b = bid_key(first), bid_key(second)
    return (a > b) - (a < b)


def _plain(text: str) -> str:
    """Lower case, no accents, no spaces, hyphens or underscores: ``Misère-Ouvert`` -> ``misereouvert``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return re.sub(r"[\s_\-]+", "", "".join(char for char in decomposed if not unicodedata.combining(char)))


_BY_NAME = MappingProxyType({
    **{_plain(info.name): kind for kind, info in KINDS.items() if info.name and kind is not Kind.PANDOER_PLUS},
    **{_plain(kind.value): kind for kind in Kind if kind not in (Kind.NUMBER, Kind.PANDOER_PLUS)},
})
_PLUS = re.compile(r"pandoer\+(\d+)")
_DIGITS = 9  # longer numbers are refused as unreadable (far beyond any possible score)


def _text(value: object) -> str:
    text = str(value)
    return text if len(text) <= SHOWN_MAX else text[:SHOWN_MAX - 1] + "…"


def number_contract(number: object, *, field: str = "contract") -> PandoerContract:
    """A number contract: 120, 130, ... in tens, no upper limit (RULES.md §4.3)."""
    if isinstance(number, bool) or not isinstance(number, int) or number < NUMBER_MIN or number % NUMBER_STEP:
        raise RuleViolation(N_("A number contract is %(low)d or more, in tens (120, 130, 140, …); got "
                               "“%(value)s”"), field=field, low=NUMBER_MIN, value=_text(number))
    return PandoerContract(Kind.NUMBER, number)


def pandoer_plus(number: object, *, field: str = "contract") -> PandoerContract:
    """Pandoer + n: n is 20, 40, ... in twenties, no upper limit (RULES.md §4.3)."""
    if isinstance(number, bool) or not isinstance(number, int) or number < PLUS_MIN or number % PLUS_STEP:
        raise RuleViolation(N_("Pandoer + n takes n in twenties (20, 40, 60, …); got “%(value)s”"),
                            field=field, value=_text(number))
    return PandoerContract(Kind.PANDOER_PLUS, number)


def parse_contract(value: object, *, field: str = "contract") -> PandoerContract:
    """Read a contract: ``150`` (or the number 150), ``Piccolo``, ``Misère Ouvert`` (accents, case
    and hyphens optional), ``Pandoer+40``, ``Stil Praatje``.

    :raise RuleViolation: naming ``field``, for anything that is no contract of RULES.md §4.3
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return number_contract(value, field=field)
    if not isinstance(value, str) or not value.strip():
        raise RuleViolation(N_("What was the contract? A number (120, 130, …) or a name such as Piccolo; "
                               "got “%(value)s”"), field=field, value=_text(value))
    plain = _plain(value)
    if plain.isdigit():
        if len(plain) > _DIGITS:
            raise RuleViolation(N_("“%(value)s” is too large a number for a contract"), field=field,
                                value=_text(value))
        return number_contract(int(plain), field=field)
    plus = _PLUS.fullmatch(plain)
    if plus:
        if len(plus.group(1)) > _DIGITS:
            raise RuleViolation(N_("“%(value)s” is too large a number for a contract"), field=field,
                                value=_text(value))
        return pandoer_plus(int(plus.group(1)), field=field)
    kind = _BY_NAME.get(plain)
    if kind is None:
        raise RuleViolation(N_("“%(value)s” is not a contract of Pandoeren (a number such as 150, or Piccolo, "
                               "Misère, Kereltje, Zwabber, Solo-Zwabber, Piccolo Ouvert, Misère Ouvert, "
                               "Stil Praatje, Pandoer, Pandoer+20, Praatje, Privé)"), field=field,
                            value=_text(value))
    return PandoerContract(kind)


def contract_from_kind(kind: object, number: int | None, *, field: str = "contract_kind",
                       number_field: str = "contract_number") -> PandoerContract:
    """A contract from the form's two fields: the row and, for numbers and Pandoer +, the number."""
    try:
        row = Kind(kind)
    except ValueError:
        raise RuleViolation(N_("Pick the contract"), field=field) from None
    if row is Kind.NUMBER or row is Kind.PANDOER_PLUS:
        if number is None:
            raise RuleViolation(N_("Type the number of the contract"), field=number_field)
        return (number_contract if row is Kind.NUMBER else pandoer_plus)(number, field=number_field)
    if number is not None:
        raise RuleViolation(N_("Only number contracts and Pandoer + n take a number: leave it empty for "
                               "%(contract)s"), field=number_field, contract=KINDS[row].name)
    return PandoerContract(row)
