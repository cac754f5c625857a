"""The process that prints one booklet: ``python -m scorekeeper.printer DATABASE TOKEN``.

A page starts it (:func:`scorekeeper.web.booklet.start`) and never waits for it. It builds its
own app on the same database, loads what printing needs as the server does, and prints the
booklet queued under ``TOKEN`` (:func:`scorekeeper.web.booklet.run`).
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Sequence

from . import create_app, store
from .serving import settle
from .web import booklet


def main(argv: Sequence[str]) -> None:
    """The printing process: ``DATABASE TOKEN``."""
    database, token = argv
    app = create_app({"DATABASE": database, "SECRET_KEY": secrets.token_hex(16)})
    settle(collation=False)  # WeasyPrint loaded and everything frozen, as the server does, before the printers fork
    try:
        booklet.run(app, token)
    finally:
        store.close_thread_connections()


if __name__ == "__main__":
    main(sys.argv[1:])
