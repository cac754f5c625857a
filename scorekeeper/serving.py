"""How gunicorn runs the app: ``gunicorn -c python:scorekeeper.serving`` (``make run``, and the
bench's and the fault tests' servers, the baseline's included).

The master loads the app once and the workers fork from it (``preload_app``), so they share
the loaded code instead of each importing it. Before the fork, :func:`settle` imports the
printing library too (shared the same way: a worker's first PDF no longer waits 0.4 s for it)
and moves everything loaded so far out of the garbage collector's sight: the collector's full
passes scanned the 80,000 objects of the loaded modules every time, 10 to 18 ms holding every
thread of the worker (a printed sheet had one in each render), and they no longer dirty the
shared pages of the workers.

The database is not opened before the fork: connections open per thread on first use
(``store.get_db``), and ``flask init-db`` migrates before the server starts.
"""

from __future__ import annotations

import gc
from typing import Any

preload_app = True


def settle() -> None:
    """Import what printing needs, then freeze every object alive now (``gc.freeze``): what a
    process has loaded before it serves is never garbage, and the collector stops scanning it."""
    from . import pdf  # noqa: F401  (WeasyPrint with it, loaded here for every worker to share)

    gc.collect()
    gc.freeze()


def when_ready(server: Any) -> None:
    """gunicorn's hook, in the master, once the app is loaded and before any worker forks."""
    settle()
