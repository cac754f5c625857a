"""A tournament as a record: exported to JSON whole (players with their licence numbers, the
house rules, entries, rounds, tables, every deal as declared and the history of every change),
read back and checked before anything is stored. Pure: no Flask, no database. Its schema,
documented: ``docs/export.schema.json``.

The record carries what the table declared, never a score: importing it on another machine
re-scores every deal with the engine, so the standings come out the same (DESIGN.md
principle 1). Tables' links are not exported; the importing machine makes new ones. Ids in the
record are the record's own (players, entries and deals numbered from 1), so the same
tournament exported from two machines gives the same record; the tournament's ``uuid`` names it
everywhere, and importing it a second time adds nothing.

Versions: 1 (no uuid, deals as bare declarations, history not read back), 2 (this one). A record
of a later version is refused: a newer Scorekeeper made it.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from . import evening, games, pairings, text
from .errors import N_, RuleViolation

FORMAT = "scorekeeper-tournament"
VERSION = 2
ACTIONS = ("create", "edit", "delete", "restore", "close")  # a table's changes (scorekeeper.store.events)
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_STAMP_MAX = 40  # a time as the store writes it (ISO 8601)


def export(uuid: str, exported: str, tournament: Mapping[str, Any], players: Sequence[Mapping[str, Any]],
           entries: Sequence[Mapping[str, Any]], rounds: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The record of a tournament: plain data, ready for ``json.dumps``; ``exported`` is the
    time of the export, the only part two exports of the same tournament do not share."""
    return {"format": FORMAT, "version": VERSION, "uuid": uuid, "exported": exported, "tournament": dict(tournament),
            "players": list(players), "entries": list(entries), "rounds": list(rounds)}


def _fail(field: str, template: str, **params: Any) -> RuleViolation:
    return RuleViolation(template, field=field, **params)


def _object(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(field, N_("%(name)s must be an object"), name=field)
    return value


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(field, N_("%(name)s must be a list"), name=field)
    return value


def _int(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(field, N_("%(name)s must be a whole number from %(low)d to %(high)d"), name=field,
                    low=low, high=high)
    return value


def _text(value: Any, field: str, most: int, *, required: bool = True) -> str:
    """A text of at most ``most`` characters (the form's limit for the same text)."""
    if not isinstance(value, str) or (required and not value.strip()):
        raise _fail(field, N_("%(name)s must be a text of at most %(max)d characters"), name=field, max=most)
    return text.clean(value, field, most=most).strip()


def _known(value: Any, known: Any) -> bool:
    """Is ``value`` one of ``known`` (a list or an object in its place is not)?"""
    return isinstance(value, Hashable) and value in known


def read(data: Any) -> dict[str, Any]:
    """Check a record and answer it canonical: every option resolved, every deal read by its
    game's rules, every reference (players of entries, entries at tables) present.

    :raise RuleViolation: naming the place at fault (``rounds[2].tables[1].deals[4].bid``)
    """
    record = _object(data, "record")
    version = record.get("version")
    if record.get("format") != FORMAT or isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _fail("format", N_("This is not a Scorekeeper tournament record (version %(version)d)"),
                    version=VERSION)
    if version > VERSION:
        raise _fail("version", N_("This record was made by a newer Scorekeeper (record version %(version)d): this "
                                  "one reads versions up to %(known)d. Update Scorekeeper, then import it again."),
                    version=version, known=VERSION)
    uuid = record.get("uuid") if version >= 2 else None
    if version >= 2 and not (isinstance(uuid, str) and _UUID.match(uuid)):
        raise _fail("uuid", N_("The record's uuid must be a UUID such as %(example)s"),
                    example="123e4567-e89b-42d3-a456-426614174000")
    head = _object(record.get("tournament"), "tournament")
    game = head.get("game")
    if not _known(game, games.RULES):
        known = ", ".join(games.RULES)
        if game is None:
            raise _fail("tournament.game", N_("The record does not say which game was played (one of %(games)s)"),
                        games=known)
        raise _fail("tournament.game", N_("“%(game)s” is not a game Scorekeeper knows (%(games)s)"),
                    game=str(game)[:20], games=known)
    rules = games.RULES[game]
    try:
        options = rules.resolve_options(_object(head.get("options", {}), "tournament.options"))
    except RuleViolation as err:
        raise _fail(f"tournament.options.{err.field or ''}".rstrip("."), err.template, **err.params) from None
    format_ = head.get("format")
    if not _known(format_, ("pairs", "individual")):
        raise _fail("tournament.format", N_("The format is pairs or individual"))
    ranking = head.get("ranking")
    if not _known(ranking, pairings.RANKINGS):
        raise _fail("tournament.ranking", N_("Unknown ranking rule"))
    tournament = {"name": _text(head.get("name"), "tournament.name", text.TITLE_MAX), "game": game, "options": options,
                  "format": format_, "rounds": _int(head.get("rounds"), "tournament.rounds", 1, 20),
                  "deals": _int(head.get("deals"), "tournament.deals", 0, 100), "ranking": ranking,
                  "seed": _int(head.get("seed"), "tournament.seed", 0, 2**31),
                  "late_rounds": head.get("late_rounds", "zero"),
                  "confirm_results": head.get("confirm_results", False)}
    if not isinstance(tournament["confirm_results"], bool):
        raise _fail("tournament.confirm_results", N_("%(name)s must be true or false"), name="confirm_results")
    if version >= 2:
        tournament["created"] = _text(head.get("created"), "tournament.created", _STAMP_MAX)
    if not _known(tournament["late_rounds"], evening.LATE_ROUNDS):
        raise _fail("tournament.late_rounds", N_("How late entries count is “zero” or “bye”"))
    players = {}
    for index, item in enumerate(_list(record.get("players"), "players")):
        where = f"players[{index}]"
        player = _object(item, where)
        player_id = _int(player.get("id"), f"{where}.id", 1, 2**62)
        players[player_id] = {"name": _text(player.get("name"), f"{where}.name", text.NAME_MAX),
                              "licence": _text(player.get("licence", ""), f"{where}.licence", text.LICENCE_MAX,
                                               required=False)}
    entries: dict[int, dict[str, Any]] = {}
    for index, item in enumerate(_list(record.get("entries"), "entries")):
        where = f"entries[{index}]"
        entry = _object(item, where)
        members = [_int(p, f"{where}.players", 1, 2**62) for p in _list(entry.get("players"), f"{where}.players")]
        if not members or any(p not in players for p in members):
            raise _fail(f"{where}.players", N_("An entry names a player the record does not hold"))
        withdrawn = entry.get("withdrawn")
        entries[_int(entry.get("id"), f"{where}.id", 1, 2**62)] = {
            "players": members, "joins": _int(entry.get("joins", 1), f"{where}.joins", 1, 20),
            "withdrawn": None if withdrawn is None else _int(withdrawn, f"{where}.withdrawn", 1, 20)}
    rounds = []
    for number, item in enumerate(_list(record.get("rounds"), "rounds"), start=1):
        where = f"rounds[{number - 1}]"
        round_ = _object(item, where)
        byes = [_entry(e, entries, f"{where}.byes") for e in _list(round_.get("byes", []), f"{where}.byes")]
        tables = [_table(t, entries, rules, options, f"{where}.tables[{i}]", version)
                  for i, t in enumerate(_list(round_.get("tables"), f"{where}.tables"))]
        rounds.append({"number": number, "byes": byes, "tables": tables})
    if len(rounds) > tournament["rounds"]:
        raise _fail("rounds", N_("The record holds more rounds than the tournament plans"))
    return {"uuid": uuid, "tournament": tournament, "players": players, "entries": entries, "rounds": rounds}


def _entry(value: Any, entries: Mapping[int, Any], field: str) -> int:
    if isinstance(value, bool) or not _known(value, entries):
        raise _fail(field, N_("A table or a bye names an entry the record does not hold"))
    return int(value)


def _table(item: Any, entries: Mapping[int, Any], rules: games.GameRules, options: Mapping[str, Any],
           where: str, version: int) -> dict[str, Any]:
    table = _object(item, where)
    sides = [[_entry(e, entries, f"{where}.sides") for e in _list(side, f"{where}.sides")]
             for side in _list(table.get("sides"), f"{where}.sides")]
    if len(sides) != 2:
        raise _fail(f"{where}.sides", N_("A table has two sides"))
    match = _object(table.get("match"), f"{where}.match")
    seats = rules.table(options).seats
    players = _object(match.get("players"), f"{where}.match.players")
    if set(players) != set(seats):
        raise _fail(f"{where}.match.players", N_("The players must sit at %(seats)s"), seats=", ".join(seats))
    deals, refs = [], []
    for index, item in enumerate(_list(match.get("deals"), f"{where}.match.deals")):
        place = f"{where}.match.deals[{index}]"
        if version >= 2:
            deal = _object(item, place)
            refs.append(_int(deal.get("deal"), f"{place}.deal", 1, 2**31))
            item, place = deal.get("declarations"), f"{place}.declarations"
        deals.append(_deal(item, rules, options, place, version))
    if len(set(refs)) != len(refs):
        raise _fail(f"{where}.match.deals", N_("Two deals of a table carry the same number"))
    first_dealer = match.get("first_dealer")
    if not _known(first_dealer, seats):
        raise _fail(f"{where}.match.first_dealer", N_("The first dealer must be one of %(seats)s"),
                    seats=", ".join(seats))
    read = {"sides": sides, "title": _text(match.get("title", ""), f"{where}.match.title", text.TITLE_MAX,
                                           required=False),
            "players": {seat: _text(players[seat], f"{where}.match.players.{seat}", text.NAME_MAX) for seat in seats},
            "first_dealer": first_dealer, "deal_limit": _int(match.get("deal_limit", 0), f"{where}.match.deal_limit",
                                                             0, 100),
            "deals": deals, "closed": _closed(table.get("closed"), len(deals), f"{where}.closed")}
    if version >= 2:
        read["refs"] = refs
        read["history"] = [_event(event, rules, options, f"{where}.match.history[{index}]")
                           for index, event in enumerate(_list(match.get("history"), f"{where}.match.history"))]
    return read


def _closed(value: Any, deals: int, where: str) -> dict[str, Any] | None:
    """A table the organiser closed (None: not closed): the reason, the deals it counts, the result
    given (a side's index, -1 a draw, None as it stood)."""
    if value is None:
        return None
    closed = _object(value, where)
    winner = closed.get("winner")
    return {"reason": _text(closed.get("reason"), f"{where}.reason", evening.CLOSE_REASON_MAX),
            "deals": _int(closed.get("deals"), f"{where}.deals", 0, deals),
            "winner": None if winner is None else _int(winner, f"{where}.winner", -1, 1)}


def _deal(declarations: Any, rules: games.GameRules, options: Mapping[str, Any], place: str,
          version: int = VERSION) -> Mapping[str, Any]:
    """A line's declarations once its game has read them (the place at fault named): as the
    record says them (version 2: what the table declared is kept as declared), or as the game
    reads them (version 1)."""
    try:
        read = rules.read_line(_object(declarations, place), options)
    except RuleViolation as err:
        raise _fail(f"{place}.{err.field or ''}".rstrip("."), err.template, **err.params) from None
    return dict(declarations) if version >= 2 else read


def _event(item: Any, rules: games.GameRules, options: Mapping[str, Any], where: str) -> dict[str, Any]:
    """One change of a table's sheet: when, by whom, what, and the declarations before and after
    (each read by the game's rules: the history page scores them); a closing's ``after`` is the
    organiser's reason and result."""
    event = _object(item, where)
    by = _object(event.get("by"), f"{where}.by")
    action = event.get("action")
    if not _known(action, ACTIONS):
        raise _fail(f"{where}.action", N_("A change is one of %(actions)s"), actions=", ".join(ACTIONS))
    deal = event.get("deal")
    if action == "close":
        after = _object(event.get("after"), f"{where}.after")
        winner = after.get("winner")
        changed = {"before": None, "after": {
            "reason": _text(after.get("reason"), f"{where}.after.reason", evening.CLOSE_REASON_MAX),
            "winner": None if winner is None else _int(winner, f"{where}.after.winner", -1, 1)}}
    else:
        changed = {key: None if event.get(key) is None else _deal(event.get(key), rules, options, f"{where}.{key}")
                   for key in ("before", "after")}
    return {"at": _text(event.get("at"), f"{where}.at", _STAMP_MAX),
            "by": {"kind": _text(by.get("kind"), f"{where}.by.kind", text.NAME_MAX),
                   "label": _text(by.get("label", ""), f"{where}.by.label", text.NAME_MAX, required=False)},
            "action": action, "deal": None if deal is None else _int(deal, f"{where}.deal", 1, 2**31),
            "seq": _int(event.get("seq"), f"{where}.seq", 0, 10_000), **changed}
