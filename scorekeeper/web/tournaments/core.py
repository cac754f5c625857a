"""The state of a tournament as every page derives it from the tables' sheets: its entries,
rounds, tables and standings, and where each player sits."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, current_app

from ... import evening, games, pairings, store
from ...errors import N_, RuleViolation
from ...games.base import GameRules, MatchResult
from ..sheets import LruCache, side_names, stored_sheets

bp = Blueprint("tournaments", __name__)


def formats(rules: GameRules, options: Mapping[str, Any]) -> list[str]:
    """The formats the game's table allows: side against side needs two sides; rotating
    partners need four seats."""
    table = rules.table(options)
    found = []
    if len(table.sides) == 2 and len(table.seats) in (2, 4):
        found.append("pairs")
    if len(table.seats) == 4:
        found.append("individual")
    return found


def startable_games() -> list[GameRules]:
    """The games a tournament can be played of: those whose table, under the rules as written,
    allows a format."""
    return [rules for rules in games.RULES.values() if formats(rules, rules.resolve_options())]


def check_tournament(rules: GameRules, options: Mapping[str, Any], format: str, deals: int) -> None:
    """May a tournament of ``rules`` be played so (its house rules resolved)?

    :raise RuleViolation: the format needs another table, or the game has no end and no number of deals
    """
    if format not in formats(rules, options):
        raise RuleViolation(N_("This format needs four players at a table"), field="format")
    if not deals and options.get("agreed_deals") == 0:  # RULES.md §7 item 14: no end
        raise RuleViolation(N_("%(game)s has no end of its own: give the number of deals a round"),
                            field="deals", game=rules.name)


def seats_per_entry(tournament: store.Tournament, rules: GameRules) -> int:
    """Players in one entry: a pair (two of four seats), a single player otherwise."""
    seats = rules.table(tournament.options).seats
    return len(seats) // 2 if tournament.format == "pairs" else 1


def seating(tournament: store.Tournament, rules: GameRules, sides: Sequence[Sequence[int]],
            entries: Mapping[int, store.Entry]) -> dict[str, int]:
    """Seat -> player id for a table's sides: a pair sits N+S or E+W (one player each side at a
    two-seat table); individual partners sit across (the first side N+S)."""
    seats = rules.table(tournament.options).seats
    if tournament.format == "pairs":
        players = [p for side in sides for p in entries[side[0]].players]
        order = (seats[0], seats[2], seats[1], seats[3]) if len(seats) == 4 else seats
    else:
        (a, c), (b, d) = sides
        players = [entries[e].players[0] for e in (a, c, b, d)]
        order = (seats[0], seats[2], seats[1], seats[3])
    return dict(zip(order, players, strict=True))


def names_of(seated: Mapping[str, int], players: Mapping[int, store.Player]) -> dict[str, str]:
    return {seat: players[player_id].name for seat, player_id in seated.items()}


@dataclass(slots=True)
class TableView:
    """A table as the organiser and the standings see it (derived by :func:`load_state` and never changed after;
    not frozen: a frozen dataclass sets each field through ``object.__setattr__``, ~12k instructions more a
    changed table at each look of the desk or the wall, desk25)."""

    table: store.TableRow
    match: store.Match
    deals: int
    result: MatchResult | None
    outcome: pairings.Result | None  # the result as the standings count it (None: not finished, or not confirmed)
    signoff: store.SignoffState | None = None  # where results are confirmed by both sides: those standing
    signoff_status: str = ""  # and what they say (store.SignoffState.status)
    closed: store.Closure | None = None  # the organiser closed it before its end (store/rounds.py)
    totals: Mapping[str, int] | None = None  # its sides' totals as its sheet stands (a closed table's: when closed)
    key: Hashable = None  # what it is derived from (load_state): its tournament, roster and table's stamp
    # (store.table_stamps), so a part drawn from it alone may be kept under it

    @property
    def done(self) -> bool:
        """Finished, or closed by the organiser."""
        return self.result is not None or self.closed is not None

    def seated(self, rules: GameRules) -> list[tuple[str, str]]:
        """Where each side of the table sits, with its players, as its match seats them:
        ``("N–S", "Ann & Ben")``."""
        table = rules.table(self.match.options)
        names = side_names(rules, table, self.match.players)
        return [(rules.side_label(side), names[side]) for side in table.sides]


@dataclass(frozen=True, slots=True)
class State:
    """Everything derived about a tournament: its entries, rounds, tables and standings."""

    tournament: store.Tournament
    rules: GameRules
    entries: dict[int, store.Entry]
    players: dict[int, store.Player]
    rounds: list[store.RoundRow]
    tables: dict[int, list[TableView]]  # round number -> its tables
    standings: list[pairings.Standing]
    roster_key: Hashable = None  # what its tournament, entries, club's players and rounds were read
    # from (load_state: the tournament as stored, the roster's stamp by its serial), so a part drawn
    # from those alone may be kept under it
    standings_key: Hashable = None  # what its standings were ranked from (load_state: the roster and the
    # results, by the serial of the standings kept for them), so a part drawn from those may be kept under it
    seats: dict[int, tuple[Mapping[str, str], tuple[tuple[str, str], ...]]] = field(
        default_factory=dict, compare=False, repr=False)  # its tables' sides as seated, by table id, with the
    # players they were seated from, as its looks under its roster asked for them (:meth:`seated`, Found.seats)

    def entry_name(self, entry_id: int) -> str:
        return " & ".join(self.players[p].name for p in self.entries[entry_id].players)

    def names(self, entry_ids: Sequence[int], separator: str = " & ") -> str:
        """Several entries by name: a side of partners, or those sitting out."""
        return separator.join(self.entry_name(e) for e in entry_ids)

    def round_finished(self, number: int) -> bool:
        """Every table of the round has a result that counts (confirmed, where it must be, or closed by
        the organiser, whose decision needs no sign-off)."""
        return all(view.outcome is not None for view in self.tables.get(number, []))

    def to_confirm(self) -> list[tuple[int, TableView]]:
        """The finished tables whose result does not count yet (round number, table), disputed first."""
        waiting = [(number, view) for number, views in self.tables.items() for view in views
                   if view.result is not None and view.outcome is None]
        return sorted(waiting, key=lambda item: item[1].signoff_status != "disputed")

    def seated(self, view: TableView) -> tuple[tuple[str, str], ...]:
        """Where each side of ``view``'s table sits, with its players (:meth:`TableView.seated`), kept per
        what it is made of: the roster (the tournament, its options and the database among it), the table,
        its match and its players' names, which a deal changes none of (a view, whose key a deal changes,
        is derived again at each). Asked again for the same table while its match's players are the same
        object (the desk draws a changed table's row and its close-the-round choice; the next look under the
        same roster, a deal keeping its match's players as read, :func:`..store.get_matches`), this state
        answers as it did: a look-up in ``SEATS`` a changed table was ~7.5k instructions (desk24d)."""
        players = view.match.players
        kept = self.seats.get(view.table.id)
        if kept is not None and kept[0] is players:
            return kept[1]
        seated = SEATS.get((self.roster_key, view.table.id, view.match.id, tuple(players.items())),
                           lambda: tuple(view.seated(self.rules)))
        self.seats[view.table.id] = (players, seated)
        return seated

    def round_begun(self, number: int) -> bool:
        return any(view.deals for view in self.tables.get(number, []))

    @property
    def finished(self) -> bool:
        return len(self.rounds) >= self.tournament.rounds and self.round_finished(len(self.rounds))


def _outcome(state_rules: GameRules, tournament: store.Tournament, seated: Mapping[str, int],
             entry_of: Mapping[int, int], totals: Mapping[str, int], result: MatchResult | None,
             closed: store.Closure | None) -> pairings.Result | None:
    """A finished or closed table as the standings count it: each game side's entries and points
    (a closed table: its totals as they stood, won as the organiser said or by the higher total)."""
    table = state_rules.table(tournament.options)
    sides = [tuple(dict.fromkeys(entry_of[seated[seat]] for seat in table.seats
                                 if state_rules.side_of(seat) == side)) for side in table.sides]
    points = tuple(totals[side] for side in table.sides)
    if result is not None:
        winner = None if result.winner is None else list(table.sides).index(result.winner)
    elif closed is not None:
        winner = evening.standing_winner(points) if closed.winner is None else \
            None if closed.winner == store.DRAW else closed.winner
    else:
        return None
    return pairings.Result(tuple(sides), points, winner)


@dataclass(frozen=True, slots=True)
class Roster:
    """A tournament's entries, the club's players and its rounds as read for one roster stamp
    (``serial`` names it in the tables' keys)."""

    serial: int
    entries: dict[int, store.Entry]
    players: dict[int, store.Player]
    entry_of: dict[int, int]  # player id -> entry id
    rounds: list[store.RoundRow]


@dataclass(frozen=True, slots=True)
class Found:
    """A tournament's tables as a look found them under one roster (:func:`load_state`): their stamps
    as read, their views by table id, and those by round; and their sides as seated (:meth:`State.seated`),
    shared by the looks under that roster."""

    stamps: dict[int, str]
    views: dict[int, TableView]
    tables: dict[int, list[TableView]]
    seats: dict[int, tuple[Mapping[str, str], tuple[tuple[str, str], ...]]]


ROSTERS = LruCache(size=64)  # per database, tournament and roster stamp, per worker process
LOOKS = LruCache(size=64)  # each tournament's tables as its last look found them (Found, in a list of
# one), per its database, the tournament as stored and its roster, per worker process
SEATS = LruCache(size=8192)  # each table's sides as seated (State.seated), per worker process
STANDINGS = LruCache(size=8)  # the standings per the tournament, roster and results they rank (2,000 objects
# each for a final's collector to scan), with their serial, per worker process
_serials = itertools.count(1)  # the rosters' and the standings' serials


def _roster(db: Any, tournament_id: int) -> Roster:
    entries = {e.id: e for e in store.list_entries(db, tournament_id)}
    return Roster(next(_serials), entries, {p.id: p for p in store.list_players(db)},
                  {p: e.id for e in entries.values() for p in e.players}, store.list_rounds(db, tournament_id))


def _views(db: Any, tournament: store.Tournament, rules: GameRules, roster: Roster,
           tables: Sequence[store.TableRow], key: Callable[[store.TableRow], Hashable],
           ) -> dict[int, TableView]:
    """The tables as derived from their matches' sheets, closings and sign-offs (table id -> view),
    each under its ``key``: a table going on whose progress its latest deal's writer kept under the
    match's stamp (:func:`store.progress_of`) from that, its sheet not scored (a table only the other
    worker has served)."""
    closures = store.list_closures(db, [table.id for table in tables])
    matches = store.get_matches(db, [table.match_id for table in tables])
    signoffs = store.signoff_states(db, list(matches)) if tournament.confirm_results else {}
    going = [matches[table.match_id] for table in tables if table.id not in closures]
    progress = store.progress_of(db, going) if going else {}
    sheets = iter(stored_sheets(db, rules, [  # a closed table counts the deals recorded when it was closed
        (matches[table.match_id], closures[table.id].deals if table.id in closures else None)
        for table in tables if table.match_id not in progress]))
    views = {}
    for table in tables:
        match = matches[table.match_id]
        if match.id in progress:
            (deals, totals), result = progress[match.id], None
        else:
            sheet = next(sheets)
            deals, totals, result = sheet.deals, sheet.sheet.totals, sheet.sheet.result
        closed = closures.get(table.id)
        signoff = signoffs.get(match.id)
        sides = rules.table(match.options).sides
        counts = closed is not None or signoff is None or signoff.counts(sides)
        done = result is not None or closed is not None  # (a table in play: no outcome, not seated)
        outcome = _outcome(rules, tournament, seating(tournament, rules, table.sides, roster.entries),
                           roster.entry_of, totals, result, closed) if done and counts else None
        views[table.id] = TableView(table, match, deals, result, outcome, signoff,
                                    signoff.status(sides) if signoff else "", closed, totals, key(table))
    return views


def _found(db: Any, tournament: store.Tournament, rules: GameRules, roster: Roster, at: tuple[Hashable, ...],
           stamps: dict[int, str], seen: Found | None,
           last: list[Found | None]) -> Found:
    """The tables' views under their ``stamps`` (:func:`store.table_stamps`), each under its key (the
    roster ``at`` and its stamp): a table whose stamp is the last look's (``seen``, the desk's or the
    wall's) has the view that look found, the others are derived (:func:`_views`); kept as ``last``'s.
    (Views kept per their key besides, looked up for each changed table, were found only where the last
    look was not their look's: two look-ups a changed table, ~5M instructions of a final's desk after 200
    changed tables, desk24.)"""
    every = [table for round_row in roster.rounds for table in round_row.tables]

    def key(table: store.TableRow) -> tuple[Hashable, ...]:
        return (*at, table.id, stamps.get(table.id))

    same = {} if seen is None else \
        {table_id: seen.views[table_id] for table_id, _stamp in stamps.items() & seen.stamps.items()}
    missing = [table for table in every if table.id not in same]
    found = {**same, **_views(db, tournament, rules, roster, missing, key)} if missing else same
    tables: dict[int, list[TableView]] = {}
    for table in every:
        tables.setdefault(table.round_number, []).append(found[table.id])
    last[0] = Found(stamps, found, tables, {} if seen is None else seen.seats)
    return last[0]


def load_state(tournament_id: int) -> State:
    """The tournament and all that follows from its tables' sheets (404 if there is none).

    Derived once per worker for what it reads (a cache, never the truth: DESIGN.md principle 1):
    the roster (entries, players, rounds and tables) per its stamp, each table per its match's
    version and stamp, closing and sign-offs (:func:`store.table_stamps`), the standings per the results
    they rank (shared by the looks that find them: read, never changed); a deal derives its own table
    again. The tables as the last look found them are kept per the roster (:class:`Found`): a look whose
    stamps are that look's takes its tables as they were (shared likewise), else only the tables whose
    stamp changed are derived (500 look-ups a look were 4.8M instructions of a final's desk, desk23)."""
    db = store.get_db()
    try:
        tournament = store.get_tournament(db, tournament_id)
    except store.NotFound:
        abort(404)
    rules = games.get_rules(tournament.game)
    at = (current_app.config["DATABASE"], tournament_id)
    roster = ROSTERS.get((*at, store.roster_stamp(db, tournament_id)), lambda: _roster(db, tournament_id))
    at = (*at, repr(tournament), roster.serial)
    stamps = store.table_stamps(db, tournament_id)
    last = LOOKS.get(at, lambda: [None])
    seen: Found | None = last[0]
    if seen is None or seen.stamps != stamps:
        seen = _found(db, tournament, rules, roster, at, stamps, seen, last)
    # (else no table changed since the last look: its views as they were, not looked up again)
    tables = seen.tables
    results = tuple(view.outcome for views in tables.values() for view in views if view.outcome is not None)
    byes = [entry for r in roster.rounds for entry in r.byes] + \
        evening.missed_byes(roster.entries.values(), tournament.late_rounds)
    serial, standings = STANDINGS.get(  # (the byes follow from the roster: a deal ending no table keeps them)
        (*at, results), lambda: (next(_serials), pairings.standings(roster.entries, results, byes, tournament.ranking)))
    return State(tournament, rules, roster.entries, roster.players, roster.rounds, tables, standings, at,
                 ("standings", serial), seen.seats)
