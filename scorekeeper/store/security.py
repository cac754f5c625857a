"""The organiser's door, kept in the database so that every worker process sees the same: the
generation of the organiser's sessions (a session opened under an older one is over) and the
wrong passwords tried lately, by address (the login's back-off); the organiser's API tokens (hashes only)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlite_utils import Database

from .club import get_setting, set_setting
from .db import now, write_transaction

GENERATION_KEY = "organiser_generation"


def organiser_generation(db: Database) -> str:
    """The generation the organiser's sessions open under now (made on first use)."""
    return get_setting(db, GENERATION_KEY) or new_organiser_generation(db)


def new_organiser_generation(db: Database) -> str:
    """End every organiser session opened so far: they hold an older generation."""
    generation = secrets.token_hex(16)
    set_setting(db, GENERATION_KEY, generation)
    return generation


def failed_logins(db: Database, *, since: float, address: str) -> tuple[list[float], list[float]]:
    """When wrong passwords were tried since ``since`` (Unix time), oldest first: from ``address``,
    and from anywhere."""
    rows = db.execute("select address, at from login_attempts where at >= ? order by at", [since]).fetchall()
    return [at for by, at in rows if by == address], [at for _, at in rows]


def record_failed_login(db: Database, *, address: str, at: float, forget_before: float) -> None:
    """Keep a wrong password tried from ``address`` at ``at``; forget those tried before ``forget_before``."""
    with write_transaction(db):
        db.execute("delete from login_attempts where at < ?", [forget_before])
        db.execute("insert into login_attempts (address, at) values (?, ?)", [address, at])


def forget_failed_logins(db: Database, address: str) -> None:
    """The organiser got in from ``address``: its wrong passwords no longer count."""
    with write_transaction(db):
        db.execute("delete from login_attempts where address = ?", [address])


@dataclass(frozen=True, slots=True)
class OrganiserToken:
    """An organiser's API token as the list shows it (the token itself is never kept)."""

    id: int
    label: str
    created: str
    revoked: str | None


def add_organiser_token(db: Database, digest: str, label: str = "") -> int:
    """Keep the hash of a new organiser token."""
    with write_transaction(db):
        table = db.table("organiser_tokens")
        table.insert({"label": label, "digest": digest, "created": now()})
        return int(table.last_pk)


def list_organiser_tokens(db: Database) -> list[OrganiserToken]:
    return [OrganiserToken(row["id"], row["label"], row["created"], row["revoked"])
            for row in db.query("select id, label, created, revoked from organiser_tokens order by id")]


def revoke_organiser_token(db: Database, token_id: int) -> bool:
    """Revoke a token for good; False if there is no such token still valid."""
    with write_transaction(db):
        return bool(db.execute("update organiser_tokens set revoked = ? where id = ? and revoked is null",
                               [now(), token_id]).rowcount)


def organiser_digests(db: Database) -> list[str]:
    """The hashes of the tokens not revoked."""
    return [row[0] for row in db.execute("select digest from organiser_tokens where revoked is null").fetchall()]
