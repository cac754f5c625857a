"""Start and stop gunicorn on loopback, as ``make run`` does, for the bench and the fault tests.

Every server runs in its own process group, so stopping it (or killing it with SIGKILL)
reaches the master and all its workers; :func:`serve` stops it even when the caller fails.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
WORKERS, THREADS = 2, 8  # the Makefile's `make run`


def free_port() -> int:
    """A port nobody listens on now (bind to port 0 and let the kernel choose)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running gunicorn: its process (group leader), port and log file."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to the whole group (master and workers); SIGKILL waits until gone."""
        try:
            os.killpg(self.process.pid, sig)
        except ProcessLookupError:
            return
        if sig == signal.SIGKILL:
            self.process.wait(timeout=10)
            _wait_group_gone(self.process.pid, 10)

    def stop(self, grace: float = 10) -> None:
        """SIGINT to the group, then SIGKILL whatever is left after ``grace`` seconds."""
        if self.alive():
            self.kill(signal.SIGINT)  # gunicorn: quick shutdown (SIGTERM waits for keep-alives)
            try:
                self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        self.kill(signal.SIGKILL)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def _wait_group_gone(pgid: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)


def command(app: str, port: int, *, workers: int = WORKERS, threads: int = THREADS,
            access_log: bool = True) -> list[str]:
    """The gunicorn command line ``make run`` uses, serving ``app`` on loopback ``port``."""
    line = [sys.executable, "-m", "gunicorn", "--config", "python:scorekeeper.serving",
            "--workers", str(workers), "--threads", str(threads),
            "--bind", f"{HOST}:{port}", "--graceful-timeout", "5"]
    if access_log:
        line += ["--access-logfile", "-"]
    if _gunicorn_version() >= (27,):
        # gunicorn 27 opens a control socket at one path per user (~/.gunicorn/gunicorn.ctl):
        # servers started side by side (bench, tests, `make run`) would take it from each other.
        line += ["--no-control-socket"]
    return [*line, app]


def start(app: str, env: Mapping[str, str], log: Path, *, workers: int = WORKERS, threads: int = THREADS,
          ready_path: str = "/", timeout: float = 30, access_log: bool = True) -> Server:
    """Start ``gunicorn --workers 2 --threads 8`` serving ``app`` on a free loopback port.

    :param ready_path: a GET answered 200 once the server is up
    :raise RuntimeError: the server did not come up within ``timeout`` seconds (it is stopped)
    """
    port = free_port()
    out = log.open("ab")
    try:
        line = command(app, port, workers=workers, threads=threads, access_log=access_log)
        process = subprocess.Popen(line, cwd=ROOT, env={**os.environ, **env}, stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    finally:
        out.close()
    server = Server(process, port, log)
    try:
        _wait_ready(server, ready_path, timeout)
    except BaseException:
        server.stop(grace=2)
        raise
    return server


def _gunicorn_version() -> tuple[int, ...]:
    from importlib.metadata import version

    return tuple(int(part) for part in version("gunicorn").split(".")[:2] if part.isdigit())


def _wait_ready(server: Server, path: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not server.alive():
            raise RuntimeError(f"gunicorn exited ({server.process.returncode}):\n{server.log_tail()}")
        conn = http.client.HTTPConnection(HOST, server.port, timeout=5)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            if response.status == 200:
                return
        except (OSError, http.client.HTTPException):
            pass
        finally:
            conn.close()
        time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer {path} within {timeout} s:\n{server.log_tail()}")


@contextmanager
def serve(app: str, env: Mapping[str, str], log: Path, **kwargs: object) -> Iterator[Server]:
    """A started server, stopped (process group included) however the block ends."""
    server = start(app, env, log, **kwargs)  # type: ignore[arg-type]
    try:
        yield server
    finally:
        server.stop()


def app_env(database: Path, secret_file: Path) -> dict[str, str]:
    """The environment bench/wsgi.py reads."""
    return {"SCOREKEEPER_DATABASE": str(database), "SCOREKEEPER_SECRET_FILE": str(secret_file)}


def init_db(database: Path, secret_file: Path) -> str:
    """``flask init-db`` on the bench's database, as ``make run`` does before the server forks."""
    result = subprocess.run([sys.executable, "-m", "flask", "--app", "bench.wsgi", "init-db"], cwd=ROOT,
                            env={**os.environ, **app_env(database, secret_file)}, capture_output=True,
                            text=True, timeout=60, check=True)
    return result.stdout.strip()
