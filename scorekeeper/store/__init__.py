"""The only code that touches the database (sqlite-utils over SQLite in WAL mode).

The connection, the write transaction and the errors live in :mod:`.db`; matches and deals in
:mod:`.matches`; the club (players, tournaments, rounds, tables) in :mod:`.club`; booklets being
printed in :mod:`.prints`; leagues (a season across evenings) in :mod:`.leagues`; prize lists in
:mod:`.prizes`; casual matches renamed, archived, replayed and paged in :mod:`.casual`; a round's clock, closed tables and the wall's settings in :mod:`.rounds`;
every change of a deal in :mod:`.events`, what the history gives back in :mod:`.history`, the
tables' sheets confirmed in :mod:`.signoffs`, and the club's rule profiles in
:mod:`.profiles`. The rest of the app calls them as ``store.<name>``,
through the names
re-exported here. Rows come back as plain frozen dataclasses.
"""

from __future__ import annotations

from .casual import MatchPage, archive_match, page_of_matches, rematch, rename_match  # noqa: F401
from .club import (  # noqa: F401  (re-exported)
    Entry,
    NewTable,
    Player,
    RoundRow,
    TableNow,
    TableRow,
    Tournament,
    add_entry,
    add_player,
    add_players,
    add_round,
    confirms_results,
    count_rounds,
    create_tournament,
    get_match_and_table,
    get_player,
    get_setting,
    get_tournament,
    import_tournament,
    keep_apart,
    list_apart,
    list_entries,
    list_players,
    list_rounds,
    list_tournaments,
    rounds_drawn,
    roster_stamp,
    table_stamps,
    merge_players,
    remove_entry,
    remove_player,
    replace_player,
    reseat_tables,
    set_setting,
    set_table_token,
    stop_keeping_apart,
    table_by_token,
    table_now,
    table_of_match,
    update_player,
    withdraw_entry,
)
from .db import (  # noqa: F401  (re-exported)
    BUSY_TIMEOUT_MS,
    MAX_ID,
    Conflict,
    NotFound,
    Store,
    close_thread_connections,
    connect,
    get_db,
    init_db,
    write_transaction,
)
from .events import ACTIONS, Actor, Event, list_events  # noqa: F401  (re-exported)
from .history import delete_after, restore_deal  # noqa: F401  (re-exported)
from .matches import (  # noqa: F401  (re-exported)
    FIRST_VERSION,
    Deal,
    Guard,
    LiveDeal,
    Match,
    add_deal,
    create_match,
    deals_of,
    delete_deal,
    delete_live_deal,
    delete_match,
    get_deal,
    get_live_deal,
    has_live_deal,
    get_match,
    get_matches,
    list_deals,
    list_matches,
    matches_of_player,
    progress_of,
    put_live_deal,
    record_live_deal,
    stored_text,
    undo_last_deal,
    update_deal,
)
from .leagues import (  # noqa: F401  (re-exported)
    League,
    add_evening,
    create_league,
    get_league,
    list_leagues,
    remove_evening,
    update_league,
)
from .prizes import (  # noqa: F401  (re-exported)
    PrizeRow,
    Tag,
    add_prize,
    list_prizes,
    list_tags,
    remove_prize,
    set_player_tags,
    set_prizes,
    tag_player,
    untag,
)
from .rounds import (  # noqa: F401  (re-exported)
    DRAW,
    Closure,
    EveningSettings,
    close_tables,
    event_times,
    events_from,
    get_clock,
    get_evening_settings,
    last_event,
    last_events,
    list_closures,
    set_clock,
    set_evening_settings,
)
from .signoffs import (  # noqa: F401  (re-exported)
    DISPUTE_MAX,
    SIGNOFF_ACTIONS,
    Signoff,
    SignoffState,
    list_signoffs,
    sign,
    signoff_state,
    signoff_states,
)
from .profiles import Profile, add_profile, delete_profile, get_profile, list_profiles, update_profile  # noqa: F401
from .prints import PrintJob, create_print_job, get_print_job, next_waiting_print_job, remove_print_jobs, update_print_job  # noqa: F401
