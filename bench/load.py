"""Load generation: client threads over keep-alive ``http.client`` connections, in a few processes.

Each client is one phone: its own connection (and, for the deal form, its own session and
CSRF token read from a real form page). It asks for compressed answers as a phone's browser does
(:data:`ACCEPT_ENCODING`) and undoes the compression it gets, so that the server's compression of
every answer is measured as a club pays for it; every server the bench measures, the bare baseline
and the form floors too, is asked the same way. The clients of a process are threads; several
processes share them so that the client side is not held back by one GIL. Every run is
bounded twice: a wall-clock window and a maximum number of requests per client.
"""

from __future__ import annotations

import gzip
import http.client
import multiprocessing as mp
import queue
import re
import threading
import time
import uuid
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import brotli

try:
    from compression import zstd  # type: ignore[import-not-found]  # Python 3.14
except ImportError:
    from backports import zstd  # Flask-Compress's own for Python 3.11-3.13

HOST = "127.0.0.1"
TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')
SEATS = ("N", "E", "S", "W")
ACCEPT_ENCODING = "gzip, deflate, br, zstd"
"""What Chrome (123 and later) and Firefox (126 and later) send with every request."""
DECODE = {"gzip": gzip.decompress, "deflate": zlib.decompress, "br": brotli.decompress,
          "zstd": zstd.decompress}  # a Content-Encoding undone, as the browser does
DEALS_PER_MATCH = 30
"""A POST client records an evening's match (30 deals), then starts the next one."""

# The deal form as a browser sends it (RULES §2.3 numbers): unticked boxes are absent,
# empty text inputs are sent empty.
DEAL_FORMS: tuple[dict[str, str], ...] = (
    {"bidder": "E", "bid": "100", "trump": "H", "bidder_points": "92", "defender_points": "",
     "last_trick": "bidders", "belote": "bidders"},
    {"bidder": "S", "bid": "90", "trump": "S", "contre": "y", "bidder_points": "70", "defender_points": "",
     "last_trick": "defenders", "belote": ""},
    {"bidder": "W", "bid": "80", "trump": "C", "bidder_points": "81", "defender_points": "71",
     "last_trick": "bidders", "belote": ""},
    {"bidder": "N", "bid": "120", "trump": "D", "contre": "y", "surcontre": "y", "bidder_points": "112",
     "defender_points": "", "last_trick": "bidders", "belote": "defenders"},
)


@dataclass(frozen=True)
class Plan:
    """What every client of one measure does."""

    kind: str  # "get" (one path), "post_row" (the baseline), "post_deal" (the real deal form)
    port: int
    warmup: float
    duration: float
    max_requests: int
    path: str = "/"
    matches: tuple[tuple[int, ...], ...] = ()  # post_deal: the matches of each client, in order


@dataclass
class Tally:
    """What the clients saw in the measured window (errors: over the whole run)."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    window: float = 0.0

    def merge(self, other: Tally) -> None:
        self.latencies += other.latencies
        self.errors += other.errors
        for key, count in other.statuses.items():
            self.statuses[key] = self.statuses.get(key, 0) + count
        self.window = max(self.window, other.window)

    def then(self, other: Tally) -> None:
        """Add a later slice of the same measure (:func:`run` again): its window after this one's."""
        window = self.window + other.window
        self.merge(other)
        self.window = window


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (``p`` in 0-100); NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


class Client:
    """One phone: a keep-alive connection and, for forms, a session cookie."""

    def __init__(self, port: int, *, browser: bool = False) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection(HOST, port, timeout=15)
        self.cookie = ""
        self.browser = browser  # keeps the latest session cookie, and reopens a connection the server closed
        self.answered: http.client.HTTPMessage | None = None  # the latest answer's headers

    def request(self, method: str, path: str, body: str | None = None,
                headers: Mapping[str, str] | None = None) -> tuple[int, str]:
        if not self.browser:
            return self._request(method, path, body, headers)
        try:
            return self._request(method, path, body, headers)
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # an idle keep-alive connection the server closed: a browser sends again on a new one
            return self._request(method, path, body, headers)

    def _request(self, method: str, path: str, body: str | None = None,
                 extra: Mapping[str, str] | None = None) -> tuple[int, str]:
        headers = {"Accept-Encoding": ACCEPT_ENCODING, **(extra or {})}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
            if coding := response.getheader("Content-Encoding"):
                data = DECODE[coding](data)
            self.answered = response.msg
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=15)
            raise
        if (self.browser or not self.cookie) and (set_cookie := response.getheader("Set-Cookie")):
            # Keep the session that carries the CSRF secret; the flash each save adds is
            # not kept (a browser would show it on the sheet it is redirected to).
            self.cookie = set_cookie.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
        return response.status, data.decode("utf-8", "replace")

    def close(self) -> None:
        self.conn.close()


class DealPoster:
    """A phone recording deals through the real form: token and cookie from a form page."""

    def __init__(self, client: Client, matches: Sequence[int]) -> None:
        self.client = client
        self.matches = list(matches)
        self.index = 0
        self.seq = 0
        status, page = client.request("GET", f"/matches/{self.matches[0]}/deals/new")
        found = TOKEN.search(page)
        if status != 200 or not found:
            raise RuntimeError(f"no deal form (status {status})")
        self.token = found.group(1) or found.group(2)
        self.version = self._version(page)

    @staticmethod
    def _version(page: str) -> int:
        found = re.search(r'name="version" type="hidden" value="(\d+)"', page)
        if not found:
            raise RuntimeError("no version in the deal form")
        return int(found.group(1))

    def done(self) -> bool:
        return self.index >= len(self.matches)

    def body(self) -> tuple[str, str]:
        fields = {"csrf_token": self.token, "version": str(self.version), "nonce": uuid.uuid4().hex,
                  "dealer": SEATS[self.seq % 4], **DEAL_FORMS[self.seq % len(DEAL_FORMS)], "action": "save"}
        return f"/matches/{self.matches[self.index]}/deals/new", urlencode(fields)

    def saved(self) -> None:
        self.seq += 1
        self.version += 1
        if self.seq >= DEALS_PER_MATCH:
            self.index, self.seq, self.version = self.index + 1, 0, 1

    def resync(self) -> None:
        """After a refused post: read the match's version again (not timed)."""
        try:
            status, page = self.client.request("GET", f"/matches/{self.matches[self.index]}/deals/new")
            if status == 200:
                self.version = self._version(page)
        except (OSError, http.client.HTTPException, RuntimeError):
            pass


def _client_thread(plan: Plan, number: int, ready: threading.Barrier, go: Any, tally: Tally,
                   lock: threading.Lock) -> None:
    mine = Tally()
    client = Client(plan.port)
    poster = None
    try:
        if plan.kind == "post_deal":
            poster = DealPoster(client, plan.matches[number])
    except Exception:  # noqa: BLE001 - a client that cannot start is one error
        mine.errors += 1
        mine.statuses["setup failed"] = 1
    try:
        ready.wait(timeout=60)
        go.wait(timeout=60)
        start = time.monotonic()
        measure_from, end = start + plan.warmup, start + plan.warmup + plan.duration
        sent = 0
        while (now := time.monotonic()) < end and sent < plan.max_requests and "setup failed" not in mine.statuses:
            if poster is not None:
                if poster.done():
                    break
                path, body = poster.body()
                method, expected = "POST", 302
            elif plan.kind == "post_row":
                path, body, method, expected = plan.path, "x=1", "POST", 200
            else:
                path, body, method, expected = plan.path, None, "GET", 200
            began = time.perf_counter()
            try:
                status, _ = client.request(method, path, body)
                key = str(status)
            except (OSError, http.client.HTTPException) as err:
                status, key = 0, type(err).__name__
            elapsed = time.perf_counter() - began
            sent += 1
            mine.statuses[key] = mine.statuses.get(key, 0) + 1
            if status != expected:
                mine.errors += 1
                if poster is not None:
                    poster.resync()
                continue
            if poster is not None:
                poster.saved()
            if now >= measure_from:
                mine.latencies.append(elapsed)
        if time.monotonic() < end and "setup failed" not in mine.statuses:
            mine.statuses["stopped early"] = 1  # the window would overstate: run.py refuses it
        mine.window = plan.duration
    finally:
        client.close()
        with lock:
            tally.merge(mine)


def _process(plan: Plan, numbers: Sequence[int], go: Any, ready_queue: Any, results: Any) -> None:
    tally, lock = Tally(), threading.Lock()
    barrier = threading.Barrier(len(numbers) + 1)
    threads = [threading.Thread(target=_client_thread, args=(plan, n, barrier, go, tally, lock), daemon=True)
               for n in numbers]
    for thread in threads:
        thread.start()
    barrier.wait(timeout=60)
    ready_queue.put(len(numbers))
    limit = 60 + plan.warmup + plan.duration + 30
    for thread in threads:
        thread.join(timeout=limit)
    results.put(tally)


def run(plan: Plan, clients: int, processes: int = 2) -> Tally:
    """Run ``clients`` clients spread over ``processes`` processes; merge what they saw."""
    ctx = mp.get_context("spawn")
    go, ready_queue, results = ctx.Event(), ctx.Queue(), ctx.Queue()
    groups = [list(range(clients))[p::processes] for p in range(processes)]
    groups = [g for g in groups if g]
    procs = [ctx.Process(target=_process, args=(plan, g, go, ready_queue, results), daemon=True) for g in groups]
    for proc in procs:
        proc.start()
    tally = Tally()
    try:
        for _ in procs:
            ready_queue.get(timeout=90)
        go.set()
        timeout = plan.warmup + plan.duration + 60
        for _ in procs:
            tally.merge(results.get(timeout=timeout))
    except queue.Empty as err:
        raise RuntimeError(f"load clients did not finish ({plan.kind} x {clients})") from err
    finally:
        for proc in procs:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=5)
    return tally
