"""The database schema, as sqlite-utils migrations applied once by ``flask init-db``.

Never edit a migration that has shipped: add a new one (``add_column``, ``transform``).
"""

from sqlite_utils import Database, Migrations

migrations = Migrations("scorekeeper")


@migrations()
def create_matches_and_deals(db: Database) -> None:
    """Matches keep the options they started with; deals keep what the table declared."""
    db["matches"].create(
        {"id": int, "game": str, "title": str, "players": str, "first_dealer": str,
         "options": str, "notes": str, "created": str, "version": int},
        pk="id", not_null={"game", "players", "options", "created", "version"},
        defaults={"title": "", "notes": "", "version": 1}, strict=True,
    )
    db["deals"].create(
        {"id": int, "match_id": int, "seq": int, "declarations": str, "nonce": str,
         "created": str, "updated": str, "version": int},
        pk="id", foreign_keys=[("match_id", "matches", "id")],
        not_null={"match_id", "seq", "declarations", "created", "version"},
        defaults={"version": 1}, strict=True,
    )
    db["deals"].create_index(["match_id", "seq"], unique=True)
    db["deals"].create_index(["nonce"], unique=True)


@migrations()
def create_live_deals(db: Database) -> None:
    """A deal being recorded trick by trick (at most one per match) until it goes on the sheet."""
    db["live_deals"].create(
        {"match_id": int, "declarations": str, "updated": str, "version": int},
        pk="match_id", foreign_keys=[("match_id", "matches", "id")],
        not_null={"declarations", "updated", "version"}, defaults={"version": 1}, strict=True,
    )


@migrations()
def create_print_jobs(db: Database) -> None:
    """A booklet of sheets printed in the background: what it prints and how far it has got."""
    db["print_jobs"].create(
        {"id": int, "token": str, "kind": str, "params": str, "language": str, "status": str,
         "done": int, "total": int, "error": str, "created": str, "updated": str},
        pk="id", not_null={"token", "kind", "params", "language", "status", "done", "total", "created", "updated"},
        defaults={"status": "queued", "done": 0, "total": 0, "error": ""}, strict=True,
    )
    db["print_jobs"].create_index(["token"], unique=True)
