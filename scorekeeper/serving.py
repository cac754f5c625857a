"""How gunicorn runs the app: ``gunicorn -c python:scorekeeper.serving`` (``make run``, and the
bench's and the fault tests' servers, the baseline's included).

The master loads the app once and the workers fork from it (``preload_app``), so they share
the loaded code instead of each importing it. Before the fork, :func:`settle` imports the
printing library too (shared the same way: a worker's first PDF no longer waits 0.4 s for it)
and compiles every template of the app (76: 0.7 s of processor time, which each worker spent
again in its first requests: in a 25 s final of 100 tables, profiled in the workers, 147 compilations
made a quarter of the workers' time, and a desk's first look waited for its own), then moves
everything loaded so far out of the garbage collector's sight: the collector's full
passes scanned the 80,000 objects of the loaded modules every time, 10 to 18 ms holding every
thread of the worker (a printed sheet had one in each render), and they no longer dirty the
shared pages of the workers.

The workers' collector then waits for YOUNG_OBJECTS new objects before a young pass (Python's
default: 700). A request's own objects (a desk's look makes tens of thousands) are alive when a pass
of 700 falls inside it, so they were carried into the older generations and died there, and a
full pass came every few hundred deals: in a worker mid-final (500 tables, 100 tables' deals, their
sheets read, the desk and the wall, 20 times in one process), three full passes of 90-136 ms each,
holding every thread of the worker, one in a desk's look (175 ms instead of 40); with 10,000, none,
and the young passes 3.5 ms at most, the middle ones 29.

Each worker listens on a socket of its own (``reuse_port``: ``SO_REUSEPORT``), among which the
kernel spreads the phones' connections. On one shared socket, whichever worker woke first took
the next connection, and kept it alive: 64 clients connecting at once landed 4 / 4 / 4 / 52 on
the four workers, and the busy one's queue made a deal POST's p99 295-352 ms; spread (10-14 /
12-14 / 15-19 / 20-24), 156-180 ms, over four runs each way. Sockets that share a port let a
second server share it too, and a worker that cannot bind is started again for ever: so the
master first makes sure the address is free (:func:`on_starting`). The master itself then makes no
socket, and gunicorn's "Listening at:" line, written from the master's sockets, would name no
address: :class:`ListeningAt` puts the addresses bound in.

Two workers of eight threads (``make run``'s ``WORKERS`` and ``THREADS``), and an idle connection
kept open 5 s (``keepalive``; gunicorn's default is 2 s): a table's phone reads its sheet every two
or three seconds, and on the connection it kept it stays on the worker that already holds its
table's sheet drawn, where a new connection lands on any worker, which draws the whole sheet afresh
the first time it sees the table. In the final of 500 tables on an idle machine (``bench.final``,
2026-11-27 14:58-15:01), 4 workers of 4 threads with 2 s spent 8.5 ms of processor time a request
and fell behind all run (p99 14 s); 2 of 8 with 5 s, 6.8 ms, and kept up (p99 2.8 s).
Idle connections wait in the worker's poller, not in a thread.

The database is not opened before the fork: connections open per thread on first use
(``store.get_db``), and ``flask init-db`` migrates before the server starts.
"""

from __future__ import annotations

import gc
import io
import logging
import os
import socket
from typing import Any

from flask import Flask

from . import lan

preload_app = True
reuse_port = True
keepalive = 5  # seconds (above)
YOUNG_OBJECTS = 10_000  # new objects before the collector's young pass, in the workers (above)


def settle(app: object = None, *, collation: bool = True) -> None:
    """Import what printing needs, then freeze every object alive now (``gc.freeze``): what a
    process has loaded before it serves is never garbage, and the collector stops scanning it.
    ``collation``: load the names' collation table too (1 s), which a booklet's printing process
    loads only if it prints standings. ``app`` (a Flask app): compile its templates too."""
    from . import evening, pdf  # noqa: F401  (WeasyPrint with it, loaded here for every worker to share)

    if collation:
        evening.name_key("")  # the collation table, shared the same way
    if isinstance(app, Flask):
        for name in app.jinja_env.list_templates():
            app.jinja_env.get_template(name)

    gc.collect()
    gc.freeze()


LISTENING_AT = "Listening at: %s (%s)"  # gunicorn's start-up line (gunicorn/arbiter.py), and its arguments


class ListeningAt(logging.Filter):
    """gunicorn's "Listening at:" line with the addresses the workers bind (``addresses``, as gunicorn
    writes its sockets: ``http://127.0.0.1:8000``) where it names none: with ``reuse_port`` the
    master makes no socket of its own, and the line lists the master's."""

    def __init__(self, addresses: str) -> None:
        super().__init__()
        self._addresses = addresses

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == LISTENING_AT and isinstance(record.args, tuple) and record.args[:1] == ("",):
            record.args = (self._addresses, *record.args[1:])
        return True


def bound_text(addresses: list[Any], ssl: bool) -> str:
    """The addresses gunicorn binds, as its start-up line writes them.

    >>> bound_text([("127.0.0.1", 8000), ("::", 8000), "/run/scorekeeper.sock"], ssl=False)
    'http://127.0.0.1:8000,http://[::]:8000,unix:/run/scorekeeper.sock'
    """
    scheme = "https" if ssl else "http"
    return ",".join((f"{scheme}://[{address[0]}]:{address[1]}" if ":" in address[0] else
                     f"{scheme}://{address[0]}:{address[1]}") if isinstance(address, tuple) else f"unix:{address}"
                    for address in addresses)


def on_starting(server: Any) -> None:
    """gunicorn's hook, in the master before anything is bound: refuse an address another
    program (or another Scorekeeper) listens on, as gunicorn does itself without ``reuse_port``
    (a socket without ``SO_REUSEPORT`` cannot bind where any socket listens), and have gunicorn's
    start-up line name the addresses (:class:`ListeningAt`)."""
    server.log.error_log.addFilter(ListeningAt(bound_text(server.cfg.address, server.cfg.is_ssl)))
    for address in server.cfg.address:
        if not isinstance(address, tuple):
            continue  # a Unix socket: gunicorn checks it itself
        family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # connections closing are no owner
            try:
                probe.bind(address[:2])
            except OSError as err:
                raise RuntimeError(f"cannot listen on {address[0]}:{address[1]}: {err.strerror} "
                                   "(another server there? stop it, or choose another PORT)") from err


def when_ready(server: Any) -> None:
    """gunicorn's hook, in the master, once the app is loaded and before any worker forks: the
    collector set for the workers (YOUNG_OBJECTS), and say where the phones go."""
    settle(server.app.wsgi())
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
    print(where_phones_go([address for address in server.cfg.address if isinstance(address, tuple)],
                          os.environ.get("SCOREKEEPER_PUBLIC_URL", ""), lan.interface_addresses()), flush=True)


def where_phones_go(bound: list[tuple[str, int]], public: str, interfaces: list[str]) -> str:
    """What ``make run`` prints once it serves: the addresses a phone on the club's network can
    open, with a QR code of the first to scan from the terminal, or why there is none.

    >>> print(where_phones_go([("127.0.0.1", 8000)], "", ["127.0.0.1", "192.168.1.20"]))
    Scorekeeper is serving at http://127.0.0.1:8000/ (this machine only); Ctrl-C stops it.
    Phones cannot open 127.0.0.1: to let them in, run make run HOST=0.0.0.0
    """
    lines = [(f"Scorekeeper is serving on port {port} of every address of this machine"
              if host in lan.EVERY_ADDRESS else f"Scorekeeper is serving at http://{host}:{port}/"
              + (" (this machine only)" if lan.is_loopback(host) else "")) + "; Ctrl-C stops it."
             for host, port in bound[:1]]
    urls = [public] if public else [url for host, port in bound for url in lan.phone_urls(host, port, interfaces)]
    if not urls:
        host = bound[0][0] if bound else "127.0.0.1"
        return "\n".join([*lines, f"Phones cannot open {host}: to let them in, run make run HOST=0.0.0.0"])
    lines.append("Phones on the club's network open: " + "  ".join(urls))
    import segno

    drawn = io.StringIO()
    segno.make(urls[0], error="m").terminal(out=drawn, compact=True)
    return "\n".join([*lines, drawn.getvalue().rstrip()])
