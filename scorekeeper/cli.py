"""``flask`` commands: create or migrate the database."""

from __future__ import annotations

import click
from flask import Flask, current_app

from . import store


@click.command("init-db")
def init_db_command() -> None:
    """Create the database, or apply the migrations it lacks (run before the server forks)."""
    applied = store.init_db(current_app.config["DATABASE"])
    click.echo(f"Database ready at {current_app.config['DATABASE']}"
               + (f" (applied: {', '.join(applied)})" if applied else " (up to date)"))


def init_app(app: Flask) -> None:
    """Register the commands."""
    app.cli.add_command(init_db_command)
