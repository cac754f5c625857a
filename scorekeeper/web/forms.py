"""Flask-WTF forms, built from what the game's rules ask (no per-game code here).

WTForms draws the inputs and carries the CSRF token; the rules engine validates the
values and names the field at fault, which :meth:`EngineForm.attach` shows under it.
"""

from __future__ import annotations

import functools
import json
import re
import uuid
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from babel import support
from flask_babel import gettext, lazy_gettext as _l, pgettext
from flask_wtf import FlaskForm
from flask_wtf.csrf import _FlaskFormCSRF
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    PasswordField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.i18n import messages_path
from wtforms.validators import DataRequired, Length, NumberRange
from wtforms.widgets import CheckboxInput, ListWidget

from ..cards import DECK_32, SUIT_SYMBOLS, Suit, sort_cards
from ..errors import RuleViolation, Say
from ..games.base import MISSING, DealField, GameRules, Option, Table, asked
from ..prizes import CATEGORY_MAX, GIFT_MAX
from ..profiles import NAME_MAX as PROFILE_NAME_MAX
from ..store import DISPUTE_MAX, Match
from ..text import LICENCE_MAX, NAME_MAX, NOTES_MAX, TITLE_MAX
from .languages import language
from .sheets import form_token
from .widgets import QuickSelect


class _ReusedToken(_FlaskFormCSRF):
    """Flask-WTF's CSRF check of a form, its token for the page the one this session was given in
    the last minute (:func:`.sheets.form_token`): a form sent and saved draws no token at all, and
    signing one for each form drawn was a tenth of a deal POST."""

    def generate_csrf_token(self, csrf_token_field: Field) -> str:
        return form_token()


class Form(FlaskForm):
    """Every form of the app: WTForms' own messages in the reader's language, their catalogue
    read once per language and process (Flask-WTF reads the file again for every request), and
    looked up only when a message is said."""

    class Meta:
        csrf_class = _ReusedToken

        def get_translations(self, form: FlaskForm) -> _ReaderCatalogue:
            return _ReaderCatalogue()


@functools.lru_cache(maxsize=8)
def _wtforms_catalogue(locale: str) -> support.Translations:
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class _ReaderCatalogue:
    """A form's WTForms catalogue in the reader's language, found when a field first says a message
    or a label of its own (a form sent right says none)."""

    def __init__(self) -> None:
        self._found: support.Translations | None = None

    def _catalogue(self) -> support.Translations:
        if self._found is None:
            self._found = _wtforms_catalogue(language())
        return self._found

    def gettext(self, string: str) -> str:
        return self._catalogue().gettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalogue().ngettext(singular, plural, n)


def refused(err: RuleViolation) -> str:
    """What the rules refused, in the reader's language (the one way an error becomes words)."""
    return gettext(err.template, **err.params)


class EngineForm(Form):
    """A form whose values the rules engine checks."""

    engine_fields: tuple[str, ...] = ()
    field_specs: tuple[DealField, ...] = ()
    controlling: frozenset[str] = frozenset()  # the fields that others are asked with (a contract)

    def attach(self, err: RuleViolation) -> None:
        """Show the engine's message under the field it names (or above the form)."""
        name = (err.field or "").removeprefix("options.")
        field = self._fields.get(name) or self._fields.get(f"opt_{name}")
        message = refused(err)
        if field is not None and err.template == MISSING:  # "hand is missing" names the API's key
            message = gettext("Pick one to get the answer.") if field.type == "RadioField" else \
                gettext("Fill this in to get the answer.")
        if field is not None:
            field.errors = [*field.errors, message]
        else:
            self.form_errors.append(message)

    def engine_values(self) -> dict[str, Any]:
        """The submitted values of the engine's fields, as typed."""
        return {name: self._fields[name].data for name in self.engine_fields}

    def unasked(self) -> frozenset[str]:
        """The fields not asked with the values shown (another contract's inputs): drawn hidden,
        their values kept but not read."""
        return _unasked(self.field_specs, self.engine_values())


def _unasked(specs: Sequence[DealField], values: Mapping[str, Any]) -> frozenset[str]:
    return frozenset(spec.name for spec in specs if not asked(spec, values))


class Shown:
    """Text worked out as it is shown (in the reader's language: a form class is made once for every
    language), and escaped there like any text: unlike Flask-Babel's LazyString, which would pass as
    markup, and a player's name is no markup."""

    def __init__(self, make: Callable[..., str], *args: Any) -> None:
        self.make, self.args = make, args

    def __str__(self) -> str:
        return self.make(*self.args)


def seat_text(text: str) -> str:
    """A seat (``W``) or a side of two seats (``E–W``) in the reader's letters: West is O in French,
    East O and South Z in Dutch. Display only: the forms send, and the store keeps, N E S W."""
    letters = seat_letters()
    parts = text.split("–")
    return "–".join(letters[part] for part in parts) if all(part in letters for part in parts) else text


def seat_letters() -> Mapping[str, str]:
    """The seats' letters in the reader's language (:func:`.languages.language`, asked once per call)."""
    return _seat_alphabet(language())


@functools.lru_cache(maxsize=8)
def _seat_alphabet(locale: str) -> dict[str, str]:
    """The seats' letters in ``locale`` (the reader's), looked up once per language and process: a
    wall of 500 tables shows 3,000 seats."""
    return {"N": pgettext("seat", "N"), "E": pgettext("seat", "E"), "S": pgettext("seat", "S"),
            "W": pgettext("seat", "W")}


SEAT_PARAMS = frozenset({"seat", "other_seat", "seats", "side", "sides", "team", "team_a", "team_b", "declarer",
                         "partner", "holder", "taker", "maker", "dealer", "player", "winner", "opponent", "doubler",
                         "redoubler", "changes", "scores"})
"""The parameters of the engine's explanation lines that name seats or sides (``W``, ``N–S``,
``W + E``, ``W +1, E +1``)."""
_SEAT_LETTER = re.compile(r"(?<!\w)[NESW](?!\w)")


def in_seat_letters(say: Say, letters: Mapping[str, str]) -> Say:
    """An explanation line naming its seats in ``letters``, the reader's (:func:`seat_letters`: West is
    O in French...), asked once a line and not once a seat (a sheet's row names about 20 seats in its
    9 lines: asking each was a sixth of a sheet drawn whole); the API keeps N E S W."""
    return Say(say.template, {key: in_seat_letters(value, letters) if isinstance(value, Say) else
                              _SEAT_LETTER.sub(lambda found: letters[found.group()], value)
                              if key in SEAT_PARAMS and isinstance(value, str) else value
                              for key, value in say.params.items()})


def _seat_letters(seats: Sequence[str]) -> str:
    """The seats in the reader's letters, one word each (``N E S O`` in French)."""
    return " ".join(seat_text(seat) for seat in seats)


def _seat_label(seat: str, players: Mapping[str, str]) -> str:
    return f"{seat_text(seat)} · {players[seat]}" if players.get(seat) else seat_text(seat)


def _seat_choices(spec: DealField, table: Table, players: Mapping[str, str]) -> list[SelectChoice]:
    """A seat field's choices: the table's seats, each with its player's name, after a blank one
    if the field may be left out."""
    seats = [SelectChoice(seat, Shown(_seat_label, seat, players)) for seat in table.seats]
    return seats if spec.required else [SelectChoice("", "—"), *seats]


def _suit_choices() -> list[SelectChoice]:
    return [SelectChoice(suit.value, SUIT_SYMBOLS[suit]) for suit in Suit]


CHOICE_KINDS = frozenset({"seat", "team", "suit", "choice"})
"""The rules' field kinds drawn as radio buttons (:func:`_wtf_field`); the others are a box (``bool``)
or text."""


def _wtf_field(spec: DealField, rules: GameRules, table: Table) -> Field:
    """One WTForms field for one of the rules' deal fields (its seats unnamed: :func:`_schema_form`
    names them)."""
    label = _l(spec.label)
    description = _l(spec.help) if spec.help else ""
    render_kw: dict[str, Any] = {"data-kind": spec.kind}
    if spec.kind in CHOICE_KINDS:
        if spec.kind == "seat":
            choices = _seat_choices(spec, table, {})
        elif spec.kind == "suit":
            choices = _suit_choices() if spec.required else [SelectChoice("", "—"), *_suit_choices()]
        elif spec.kind == "team":
            choices = [SelectChoice(side, Shown(seat_text, rules.side_label(side))) for side in table.sides]
        else:
            choices = [SelectChoice(value, _l(text) if text else "—") for value, text in spec.choices]
        return RadioField(label, choices=choices, default=spec.default, description=description,
                          validate_choice=False, render_kw=render_kw)
    if spec.kind == "bool":
        return BooleanField(label, default=bool(spec.default), description=description, render_kw=render_kw)
    if spec.kind == "text":  # a line of words (a penalty's reason)
        render_kw |= {"maxlength": "200", "autocomplete": "off"}
        return StringField(label, default=spec.default, description=description, render_kw=render_kw)
    if spec.kind == "int":
        render_kw |= {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
        return StringField(label, default=spec.default, description=description, render_kw=render_kw)
    if spec.kind == "seats":  # a sequence of seats, one per trick: tapped in order (the buttons in the
        # reader's letters, the field's text in N E S W)
        render_kw |= {"autocomplete": "off", "autocapitalize": "characters", "data-mode": "append",
                      "data-deck": " ".join(table.seats), "data-labels": Shown(_seat_letters, table.seats)}
        return StringField(label, default=spec.default, description=description, render_kw=render_kw)
    deck = [code for code, _ in spec.choices] or [str(card) for card in sort_cards(DECK_32)]
    render_kw |= {"autocomplete": "off", "autocapitalize": "characters", "rows": 2}
    if spec.grouped != "numbered":  # (a trick's number cannot be tapped: such a field is typed)
        render_kw |= {"data-deck": " ".join(deck), "data-group": spec.grouped}
    return TextAreaField(label, default=spec.default, description=description, render_kw=render_kw)


def _schema_form(specs: tuple[DealField, ...], rules: GameRules, options: Mapping[str, Any],
                 players: Mapping[str, str], data: Mapping[str, Any] | None,
                 base: type[EngineForm] = EngineForm) -> EngineForm:
    """A form drawing the inputs the rules ask for (``specs``), in their order, its seats named by
    ``players`` (the players' names are this form's: its class is every table's)."""
    table = rules.table(options)
    form = _form_class(specs, rules, table, base)(data=data or {})
    if players:
        for spec in specs:
            if spec.kind == "seat":
                form[spec.name].choices = _seat_choices(spec, table, players)
            if spec.label in players:
                form[spec.name].label.text = Shown(_seat_label, spec.label, players)
    return form


@functools.lru_cache(maxsize=256)
def _form_class(specs: tuple[DealField, ...], rules: GameRules, table: Table,
                base: type[EngineForm]) -> type[EngineForm]:
    """The form class of some inputs at any table, made once (its labels are translated as drawn,
    its seats named by each form: one class for a final's 500 tables, not one a table)."""
    class SchemaForm(base):  # type: ignore[valid-type,misc]
        engine_fields = tuple(spec.name for spec in specs)
        field_specs = specs
        controlling = frozenset(spec.when_field for spec in specs if spec.when_field)

    for spec in specs:
        setattr(SchemaForm, spec.name, _wtf_field(spec, rules, table))
    return SchemaForm


class _DealFormBase(EngineForm):
    # (no label drawn: WTForms looked one up in the reader's catalogue at every form made)
    version = HiddenField(label="")
    nonce = HiddenField(label="")


def deal_fields(rules: GameRules, options: Mapping[str, Any]) -> tuple[DealField, ...]:
    """The rules' deal fields under a match's ``options`` (resolved: plain values), worked out once
    per game and options and process (a table asks for them at every deal)."""
    return _deal_fields(rules, frozenset(options.items()))


@functools.lru_cache(maxsize=256)
def _deal_fields(rules: GameRules, options: frozenset[tuple[str, Any]]) -> tuple[DealField, ...]:
    return rules.deal_fields(dict(options))


def deal_form(rules: GameRules, options: Mapping[str, Any], players: Mapping[str, str],
              data: Mapping[str, Any] | None = None, specs: tuple[DealField, ...] | None = None) -> EngineForm:
    """The deal-entry form for this game under the match's options.

    :param data: values to show (an existing deal, or the next dealer); a POST overrides them
    :param specs: the rules' deal fields under these options, when the caller has them already
    """
    return _schema_form(specs or deal_fields(rules, options), rules, options, players,
                        _deal_data(data), base=_DealFormBase)


def _deal_data(data: Mapping[str, Any] | None) -> dict[str, Any]:
    """What a deal form is drawn with: ``data``, and a fresh nonce unless it names one."""
    return {"nonce": uuid.uuid4().hex, **(data or {})}


_DEAL_HIDDEN = (DealField("version", "text", ""), DealField("nonce", "text", ""))
""":class:`_DealFormBase`'s own fields, as :func:`posted_deal` reads them."""


def posted_deal(specs: tuple[DealField, ...], data: Mapping[str, Any] | None,
                formdata: Mapping[str, str]) -> tuple[dict[str, str], str, str]:
    """What the deal form of ``specs`` drawn with ``data`` (:func:`deal_form`) holds once bound to
    the fields posted (``formdata``, a form sent without files: Flask-WTF's own formdata then),
    read without binding it: the engine's values (:func:`form_values`), the version and the nonce
    as text. WTForms makes 15 field objects for a deal form (a fifth of a saved deal's work),
    where a deal saved needs only this; the form is bound when a page is drawn (a refusal, a
    preview). As WTForms binds the fields :func:`_wtf_field` makes: a field sent holds its first
    value; a box is ticked when sent, but not sent empty or ``false``; another field not sent
    holds its value in ``data``, else its default (a radio button's as text)."""
    shown = _deal_data(data)
    values: dict[str, Any] = {}
    for spec in (*_DEAL_HIDDEN, *specs):
        if spec.kind == "bool":
            values[spec.name] = formdata.get(spec.name, "") not in BooleanField.false_values
        elif spec.name in formdata:
            values[spec.name] = formdata[spec.name]
        else:
            value = shown.get(spec.name, spec.default)
            values[spec.name] = str(value) if value is not None and spec.kind in CHOICE_KINDS else value
    version, nonce = (str(values.pop(spec.name) or "") for spec in _DEAL_HIDDEN)
    return _engine_text(specs, values), version, nonce


def referee_form(rules: GameRules, options: Mapping[str, Any], specs: tuple[DealField, ...],
                 data: Mapping[str, Any] | None = None) -> EngineForm:
    """A referee page's form: the inputs the rules ask for that question (``play_fields``...),
    showing ``data`` until it is sent."""
    return _schema_form(specs, rules, options, {}, data)


def fields_form(rules: GameRules, specs: tuple[DealField, ...], options: Mapping[str, Any],
                players: Mapping[str, str], data: Mapping[str, Any] | None = None) -> EngineForm:
    """A versioned form of some other inputs the rules ask for (live mode: a trick)."""
    return _schema_form(specs, rules, options, players, data, base=_DealFormBase)


class SheetsForm(Form):
    """Which matches' sheets go into the booklet (ticked on the front page). The boxes are named
    ``sheet``: a form's ``matches`` would hide the form element's own property of that name."""

    sheet = SelectMultipleField(_l("Sheets to print"), coerce=int, widget=ListWidget(prefix_label=False),
                                  option_widget=CheckboxInput(),
                                  validators=[DataRequired(_l("Tick at least one match to print"))])


def sheets_form(matches: Sequence[Match]) -> SheetsForm:
    """The booklet form offering ``matches``."""
    form = SheetsForm()
    form.sheet.choices = [(m.id, str(m.id)) for m in matches]
    return form


def form_values(form: EngineForm) -> dict[str, str]:
    """The engine's view of a submitted form: strings; unticked and unpicked left out, and so are
    the fields the form does not ask with the values sent (another contract's, kept typed)."""
    return _engine_text(form.field_specs, form.engine_values())


def _engine_text(specs: Sequence[DealField], data: Mapping[str, Any]) -> dict[str, str]:
    """The engine's view of a form's ``data`` (its fields' values as bound): :func:`form_values`."""
    values: dict[str, str] = {}
    unasked = _unasked(specs, data)
    for name, value in data.items():
        if name in unasked:
            continue
        if value is True:
            values[name] = "y"
        elif value not in (None, False, ""):
            values[name] = str(value)
    return values


def _option_field(option: Option, value: object, preset: Collection[str]) -> Field:
    """An option's input showing ``value``; one that follows others is left empty, unless the
    preset sets it, so that it keeps following them until someone types a value."""
    label, help_text = _l(option.label), _l(option.help)
    if option.follows and option.key not in preset:
        value = ""
    if option.kind == "bool":
        return BooleanField(label, default=value, description=help_text)
    if option.kind == "choice":
        return SelectField(label, choices=[SelectChoice(c, _l(option.choice_label(c))) for c in option.choices],
                           default=value,
                           description=help_text)
    return StringField(label, default=str(value), description=help_text,
                       render_kw={"inputmode": "numeric", "pattern": "[0-9]*"})


def _name_fields(form_class: type[Form], seats: Sequence[str]) -> None:
    """A name to type for each seat (``player_N``...)."""
    for seat in seats:
        setattr(form_class, f"player_{seat}", StringField(
            _l("Player %(seat)s", seat=Shown(seat_text, seat)),
            validators=[DataRequired(_l("Every seat needs a name.")), Length(max=NAME_MAX)],
            render_kw={"autocomplete": "off", "maxlength": NAME_MAX}))


class RenameForm(Form):
    """A casual match's title and its players' names, put right."""

    title = StringField(_l("Title"), validators=[Length(max=TITLE_MAX)])
    seat_keys: tuple[str, ...] = ()


def rename_form(match: Match, seats: Sequence[str]) -> RenameForm:
    """The rename form of ``match``, showing its title and names until sent."""
    class MatchRenameForm(RenameForm):
        seat_keys = tuple(f"player_{seat}" for seat in seats)

    _name_fields(MatchRenameForm, seats)
    return MatchRenameForm(data={"title": match.title, **{f"player_{seat}": match.players[seat] for seat in seats}})


def match_form(rules: GameRules, options: Mapping[str, Any], preset: Collection[str] = (),
               profiles: Sequence[SelectChoice] = ()) -> EngineForm:
    """Start a match: a title, a name per seat, the first dealer and every house rule.

    :param options: the options to show (the chosen preset's); they also fix the seats
    :param preset: the options the link set (shown even when they follow others)
    :param profiles: the rule profiles to choose from (:func:`profile_choices`)
    """
    seats = rules.table(options).seats

    class MatchForm(EngineForm):
        title = StringField(_l("Title"), validators=[Length(max=TITLE_MAX)],
                            description=_l("Optional: the evening, the table, the stakes."))
        first_dealer = RadioField(_l("First dealer"),
                                  choices=[SelectChoice(s, Shown(seat_text, s)) for s in seats],
                                  default=seats[0], validate_choice=True)
        notes = TextAreaField(_l("Notes"), validators=[Length(max=NOTES_MAX)], render_kw={"rows": 2})
        seat_keys = tuple(f"player_{seat}" for seat in seats)

    _name_fields(MatchForm, seats)
    _house_rules(MatchForm, rules, options, preset, profiles)
    return MatchForm()


def _house_rules(form_class: type[EngineForm], rules: GameRules, options: Mapping[str, Any],
                 preset: Collection[str], profiles: Sequence[SelectChoice]) -> None:
    """Every house rule's field (``opt_<key>``) showing ``options``, and the rule profiles to fill
    them from (``profile``; none: no choice). The fields of a new match, a new tournament and a profile."""
    form_class.option_keys = tuple(option.key for option in rules.options)
    form_class.following = frozenset(option.key for option in rules.options if option.follows) - set(preset)
    for option in rules.options:
        setattr(form_class, f"opt_{option.key}", _option_field(option, options[option.key], preset))
    if profiles:
        form_class.profile = SelectField(_l("Rule profile"), choices=[SelectChoice("", "—"), *profiles],
                                         validate_choice=False, render_kw={"data-profile": ""},
                                         description=_l("Fills in the house rules below; change any of them after."))


def profile_choices(profiles: Sequence[tuple[str, str, Mapping[str, Any]]]) -> list[SelectChoice]:
    """The choices of a form's rule profile: (value, name, the house rules' values it fills in)."""
    return [SelectChoice(value, name, render_kw={"data-options": json.dumps(dict(values))})
            for value, name, values in profiles]


def fill_house_rules(form: EngineForm, values: Mapping[str, Any]) -> None:
    """Show ``values`` (option key -> value, :func:`scorekeeper.profiles.form_values`) in the house
    rules' fields, whatever was sent in them."""
    for key, value in values.items():
        field = form[f"opt_{key}"]
        field.data = bool(value) if field.type == "BooleanField" else str(value)
        field.raw_data = None


class ProfileForm(EngineForm):
    """A rule profile: its name and a game's house rules."""

    name = StringField(_l("Name"), validators=[DataRequired(_l("Give the profile a name.")), Length(max=PROFILE_NAME_MAX)],
                       description=_l("Unique among this game's profiles: the club, the evening, the federation."),
                       render_kw={"autocomplete": "off", "maxlength": PROFILE_NAME_MAX})


def profile_form(rules: GameRules, options: Mapping[str, Any], preset: Collection[str] = (),
                 data: Mapping[str, Any] | None = None) -> EngineForm:
    """A rule profile of ``rules``: its name and the house rules' fields of a new match, showing
    ``options`` (``preset``: those set, shown even when they follow others) and ``data`` until sent."""
    class GameProfileForm(ProfileForm):
        pass

    _house_rules(GameProfileForm, rules, options, preset, ())
    return GameProfileForm(data=data)


def options_from(rules: GameRules, source: Mapping[str, str],
                 base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every option, as a link (``?players=3``) or a posted form (``opt_players``) names them,
    over ``base`` (else the defaults).

    They shape a form (the new match's seats, a referee page's hands). A value that does not
    read keeps what it was here and the others stand (a mistyped target must not take the third
    player's seat away); the full set is checked when the form is sent.
    """
    raw = dict(base or {})
    for option in rules.options:
        name = next((name for name in (f"opt_{option.key}", option.key) if name in source), None)
        if name is not None:
            try:
                raw[option.key] = option.parse(source[name])
            except RuleViolation:
                pass
    try:
        return rules.resolve_options(raw)
    except RuleViolation:  # options fine one by one that do not go together: the form says so when sent
        return rules.resolve_options(base)


def match_options(form: EngineForm, shown: Mapping[str, Any], preset: Collection[str]) -> dict[str, Any]:
    """The options of a match form: the preset's, and those the organiser changed.

    An option left as the form showed it is not sent. One that follows other options (Belote's
    target: 3000 once sans atout is allowed) is sent when typed, whatever its value, and follows
    them while left empty.
    """
    chosen = {}
    for key in form.option_keys:
        value = form[f"opt_{key}"].data
        text = str(value).strip()
        if key in preset or (text != "" if key in form.following else text != str(shown[key])):
            chosen[key] = value
    return chosen


FORMAT_LABELS = {"pairs": _l("Fixed pairs (or single players, side against side)"),
                 "individual": _l("Individual, partners change every round")}


def tournament_form(rules: GameRules, options: Mapping[str, Any], formats: Sequence[str],
                    rankings: Mapping[str, str], late_choices: Mapping[str, str],
                    profiles: Sequence[SelectChoice] = (), preset: Collection[str] = ()) -> EngineForm:
    """Start a tournament: its name, format, rounds, deals per round, ranking rule and the house
    rules every table plays by (``preset``, ``profiles``: as for :func:`match_form`)."""

    class TournamentForm(EngineForm):
        name = StringField(_l("Name"), validators=[DataRequired(_l("Give the tournament a name.")), Length(max=TITLE_MAX)])
        format = RadioField(_l("Format"), choices=[SelectChoice(f, FORMAT_LABELS[f]) for f in formats],
                            default=formats[0], validate_choice=True)
        rounds = IntegerField(_l("Rounds"), default=4, validators=[NumberRange(1, 20, _l("From 1 to 20 rounds."))])
        deals = IntegerField(_l("Deals per round"), default=0,
                             validators=[NumberRange(0, 100, _l("From 0 to 100 deals."))],
                             description=_l("0: each table plays to the game's target; otherwise the highest "
                                            "total after this many deals wins"))
        ranking = RadioField(_l("Ranking"), choices=[SelectChoice(k, _l(v)) for k, v in rankings.items()],
                             default=next(iter(rankings)), validate_choice=True)
        late_rounds = RadioField(_l("Late entries"), choices=[SelectChoice(k, _l(v)) for k, v in late_choices.items()],
                                 default=next(iter(late_choices)), validate_choice=True)
        confirm_results = BooleanField(_l("Results confirmed by both sides"), default=False,
                                       description=_l("At the end of a table's match, one player of each side "
                                                      "confirms the sheet on the table's phone; a table counts in "
                                                      "the standings once both sides confirmed it or you validated it"))

    _house_rules(TournamentForm, rules, options, preset, profiles)
    return TournamentForm()


class PlayerForm(Form):
    """A club player."""

    name = StringField(_l("Name"), validators=[DataRequired(_l("A player needs a name.")), Length(max=NAME_MAX)],
                       render_kw={"autocomplete": "off", "maxlength": NAME_MAX})
    licence = StringField(_l("Licence number"), validators=[Length(max=LICENCE_MAX)],
                          description=_l("Optional: the federation's number"))
    again = BooleanField(_l("Another player of the same name: add them anyway"))


def apart_form(players: Sequence[Any]) -> FlaskForm:
    """Two players a tournament's draws keep apart."""
    choices = [SelectChoice(p.id, p.name) for p in players]

    class ApartForm(Form):
        first = SelectField(_l("Keep"), coerce=int, choices=choices, widget=QuickSelect())
        second = SelectField(_l("apart from"), coerce=int, choices=choices, widget=QuickSelect())

    return ApartForm()


def replace_form(players: Sequence[Any], entered: Sequence[Any]) -> FlaskForm:
    """Replace one player of an entry by another of the club's (not entered) for the rest of
    the tournament."""

    class ReplaceForm(Form):
        leaving = SelectField(_l("Leaving"), coerce=int, choices=[SelectChoice(p.id, p.name) for p in entered])
        coming = SelectField(_l("Replaced by"), coerce=int, choices=[SelectChoice(p.id, p.name) for p in players],
                             widget=QuickSelect())

    return ReplaceForm()


class PlayerListForm(Form):
    """Many players at once, pasted."""

    players = TextAreaField(_l("Players, one a line"), validators=[DataRequired(_l("Paste at least one name."))],
                            description=_l("A name, and the licence number after a semicolon if there is one: "
                                           "a spreadsheet's column or a CSV file's lines."),
                            render_kw={"rows": 6, "autocomplete": "off"})


def merge_form(players: Sequence[Any], player_id: int) -> FlaskForm:
    """Merge a player into another of the club's."""

    class MergeForm(Form):
        target = SelectField(_l("The same person as"), coerce=int,
                             choices=[SelectChoice(p.id, f"{p.name} ({p.licence})" if p.licence else p.name)
                                      for p in players if p.id != player_id])

    return MergeForm()


class ImportForm(Form):
    """A tournament record to import."""

    record = FileField(_l("Tournament record (.json)"), validators=[FileRequired(_l("Pick the file to import."))])


class DisputeForm(Form):
    """A table's side says its sheet is wrong, in a line."""

    text = StringField(_l("What is wrong with the sheet"),
                       validators=[DataRequired(_l("Say in a line what is wrong with the sheet.")),
                                   Length(max=DISPUTE_MAX)],
                       render_kw={"maxlength": DISPUTE_MAX, "autocomplete": "off"},
                       description=_l("The organiser reads it, checks the sheet with the table and settles it"))
    version = HiddenField()


class LoginForm(Form):
    """The organiser's password."""

    password = PasswordField(_l("Organiser password"), validators=[DataRequired(_l("Type the password."))])


def entry_form(players: Sequence[Any], size: int) -> FlaskForm:
    """Register an entry: ``size`` players picked from the club's (a pair, or one player)."""

    class EntryForm(FlaskForm):
        player_keys = tuple(f"player_{n}" for n in range(1, size + 1))

    choices = [SelectChoice("", "—")] + [SelectChoice(str(p.id), p.name) for p in players]
    for n in range(1, size + 1):
        setattr(EntryForm, f"player_{n}", SelectField(
            _l("Player %(n)d", n=n) if size > 1 else _l("Player"), choices=choices,
            validators=[DataRequired(_l("Pick a player."))], widget=QuickSelect()))
    return EntryForm()


def swap_form(entries: Sequence[tuple[int, str]]) -> FlaskForm:
    """Exchange two entries' places in the round not yet begun."""
    choices = [SelectChoice(str(entry_id), name) for entry_id, name in entries]

    class SwapForm(FlaskForm):  # (the two lists start on two different entries: the first and the last)
        first = SelectField(_l("Swap"), choices=choices, validators=[DataRequired()], widget=QuickSelect())
        second = SelectField(_l("with"), choices=choices, validators=[DataRequired()],
                             default=choices[-1].value if choices else None, widget=QuickSelect())

    return SwapForm()


def match_players(form: Form) -> dict[str, str]:
    """The seat -> name mapping of a match form (names stripped)."""
    return {key.removeprefix("player_"): form[key].data.strip() for key in form.seat_keys}


class AddressForm(Form):
    """The address phones open the app by (see :mod:`.address`)."""

    public_url = StringField(_l("Public address"), validators=[Length(max=200)],
                             description=_l("What a phone on the club's network opens, e.g. "
                                            "http://192.168.1.20:8000 — every QR code and printed link "
                                            "uses it. Leave empty to use the address of the page."),
                             render_kw={"autocomplete": "off", "inputmode": "url", "maxlength": 200})


PRIZE_KINDS = {"place": _l("The next place"), "category": _l("A category")}


class PrizeForm(Form):
    """One more line of a tournament's prize list: the next place, or a category."""

    kind = RadioField(_l("Prize for"), choices=[SelectChoice(k, v) for k, v in PRIZE_KINDS.items()],
                      default="place", validate_choice=True)
    category = StringField(_l("Category"), validators=[Length(max=CATEGORY_MAX)],
                           description=_l("For a category: best newcomer, best lady, the club's own…"),
                           render_kw={"maxlength": CATEGORY_MAX})
    gift = StringField(_l("What it gives"), validators=[Length(max=GIFT_MAX)],
                       description=_l("Optional: a trophy, a voucher…"), render_kw={"maxlength": GIFT_MAX})


def tag_form(players: Sequence[Any], categories: Sequence[str]) -> FlaskForm:
    """Tag a player entered in the tournament with a category of its prize list."""

    class TagForm(Form):
        player = SelectField(_l("Player"), coerce=int, choices=[SelectChoice(p.id, p.name) for p in players],
                             widget=QuickSelect())
        category = SelectField(_l("Category"), choices=[SelectChoice(c, c) for c in categories])

    return TagForm()


class RatingsForm(Form):
    """How many tables a player plays before the club's rating list shows them."""

    min_tables = IntegerField(_l("Show ratings from this many tables"), default=0,
                              validators=[NumberRange(0, 1000, _l("From 0 to 1000 tables."))],
                              description=_l("A rating after a few tables says little: 0 shows every player."))
