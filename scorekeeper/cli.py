"""``flask`` commands: create or migrate the database; back it up while it is in use."""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import store
from .store import security


@click.command("init-db")
def init_db_command() -> None:
    """Create the database, or apply the migrations it lacks (run before the server forks)."""
    applied = store.init_db(current_app.config["DATABASE"])
    click.echo(f"Database ready at {current_app.config['DATABASE']}"
               + (f" (applied: {', '.join(applied)})" if applied else " (up to date)"))


def backup_database(source: str, target: Path) -> dict[str, object]:
    """Copy the live database to ``target`` with SQLite's backup API, in one consistent snapshot.

    The copy is written next to ``target`` under a temporary name, checked, then renamed over
    it, so ``target`` is never half-written. Writers are not stopped (WAL: the copy reads one
    snapshot while they go on); every transaction committed before the copy began is in it.
    The copy uses a rollback journal, so it is one self-contained file (``flask init-db`` turns
    WAL back on if it is ever restored as the live database).

    :return: what the copy holds: ``matches``, ``deals``, ``bytes``, ``integrity``
    :raise click.ClickException: the copy failed its integrity check (nothing is left behind)
    """
    fd, partial_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    os.close(fd)
    partial = Path(partial_name)
    try:
        src = sqlite3.connect(source, timeout=store.BUSY_TIMEOUT_MS / 1000)
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)  # all pages in one step: one read snapshot, writers carry on
            dst.execute("PRAGMA journal_mode = DELETE")
            integrity = dst.execute("PRAGMA integrity_check").fetchone()[0]
            counts = {table: dst.execute(f"select count(*) from {table}").fetchone()[0]
                      for table in ("matches", "deals")}
        finally:
            dst.close()
            src.close()
        if integrity != "ok":
            raise click.ClickException(f"the copy failed its integrity check: {integrity}")
        os.chmod(partial, 0o600)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return {**counts, "bytes": target.stat().st_size, "integrity": integrity}


@click.command("backup")
@click.argument("target", type=click.Path(dir_okay=False, writable=True, path_type=Path))
@click.option("--force", is_flag=True, help="Replace TARGET if it exists.")
@with_appcontext
def backup_command(target: Path, force: bool) -> None:
    """Copy the live database to TARGET (safe while the server is writing)."""
    source = current_app.config["DATABASE"]
    if not Path(source).is_file():
        raise click.ClickException(f"no database at {source} (run `flask init-db` first)")
    existed = target.exists()
    if existed and target.resolve() == Path(source).resolve():
        raise click.ClickException("the target is the live database itself")
    if existed and not force:
        raise click.ClickException(f"{target} exists; add --force to replace it")
    if not target.parent.is_dir():
        raise click.ClickException(f"no folder {target.parent}")
    copy = backup_database(source, target)
    click.echo(f"Backed up {source} to {target}{' (replaced)' if existed else ''}: {copy['matches']} matches, "
               f"{copy['deals']} deals, {copy['bytes']:,} bytes, integrity_check {copy['integrity']}")


MIN_PASSWORD = 8


@click.command("set-organiser-password")
@click.option("--password-file", type=click.File("r"),
              help="Read the password from the first line of this file ('-': standard input) instead of asking.")
@with_appcontext
def set_organiser_password_command(password_file) -> None:
    """Set the password that opens the club's pages (players, tournaments) to the organiser."""
    from .web import access

    if password_file is not None:
        password = password_file.readline().rstrip("\n")
    else:
        password = click.prompt("Organiser password", hide_input=True, confirmation_prompt=True)
    if len(password) < MIN_PASSWORD:
        raise click.ClickException(f"the password needs at least {MIN_PASSWORD} characters")
    db = store.connect(current_app.config["DATABASE"])
    try:
        access.set_password(db, password)
    finally:
        db.close()
    click.echo("The organiser password is set; log in at /organiser/login.")


@click.command("organiser-token")
@click.option("--label", default="", help="A note to tell the token apart in --list (the script that uses it).")
@click.option("--list", "listing", is_flag=True, help="List the tokens made (id, label, made, revoked) instead.")
@click.option("--revoke", type=int, metavar="ID", help="Revoke the token of this id (see --list) instead.")
@with_appcontext
def organiser_token_command(label: str, listing: bool, revoke: int | None) -> None:
    """Print a new organiser API token (sent as "Authorization: Bearer <token>"); only its hash is kept."""
    from .web import access

    if listing and revoke is not None:
        raise click.ClickException("give --list or --revoke, not both")
    if len(label) > access.DEVICE_LABEL_MAX * 2:
        raise click.ClickException(f"the label is at most {access.DEVICE_LABEL_MAX * 2} characters")
    db = store.connect(current_app.config["DATABASE"])
    try:
        if listing:
            for token in security.list_organiser_tokens(db):
                state = f"revoked {token.revoked}" if token.revoked else "valid"
                click.echo(f"{token.id}\t{token.label or '-'}\tmade {token.created}\t{state}")
        elif revoke is not None:
            if not security.revoke_organiser_token(db, revoke):
                raise click.ClickException(f"no valid token has the id {revoke} (see --list)")
            click.echo(f"Token {revoke} is revoked: calls carrying it are refused from now on.")
        else:
            token_id, token = access.new_organiser_token(db, label.strip())
            click.echo(token)
            click.echo(f"(token {token_id}: shown once, only its hash is kept; send it as "
                       "\"Authorization: Bearer <token>\"; revoke it with --revoke "
                       f"{token_id})", err=True)
    finally:
        db.close()


def init_app(app: Flask) -> None:
    """Register the commands."""
    app.cli.add_command(init_db_command)
    app.cli.add_command(backup_command)
    app.cli.add_command(set_organiser_password_command)
    app.cli.add_command(organiser_token_command)
