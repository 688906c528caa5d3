"""Start a worker script of this folder, or ``python -m ckpt_tui``, as its
own process, cheaply.

``spawn("plugin_saver", DB, ...)`` runs ``python -m tests.workers.plugin_saver
DB ...`` with pipes on its stdin, stdout and stderr, and returns an object
with the part of :class:`subprocess.Popen` the tests use (``stdin``,
``stdout``, ``stderr``, ``pid``, ``poll``, ``wait``, ``communicate``,
``send_signal``, ``kill``, ``returncode``); ``run("ckpt_tui", ARGS...)`` is
``subprocess.run([python, "-m", "ckpt_tui", ARGS...], capture_output=True,
text=True)``.

The process is forked from a server process (``multiprocessing``'s
``forkserver``, one per test process, started on first use) that has
already imported SQLAlchemy, the app's store, core and command line, and
the worker scripts: a fresh interpreter spends ~0.3 CPU-s importing them,
which was most of what the multi-process tests cost (six processes racing
on one file, a worker killed at random six times...). Each one is still its
own process, with its own SQLite connections, file locks, logging and pid,
started after the test set up its files, and killed for real by a signal:
the races and kills the tests are about are the same. What differs from a
fresh ``python -m``: the imports are already done, the standard streams are
UTF-8 whatever the locale (a test of the locale needs a real interpreter),
and ``atexit`` hooks do not run (it ends as ``multiprocessing``'s children
do; the workers close what they open).

The process gets the environment this one has at the call (the test's own
HOME, config, state and cache folders), not the server's, which kept the
environment of whichever test started it.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import runpy
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from multiprocessing.connection import Connection
from pathlib import Path

#: Where the workers run (``python -m`` from the checkout, as before).
ROOT = Path(__file__).resolve().parents[2]

#: What every worker imports; the server imports them once.
PRELOAD = [
    "sqlalchemy",
    "sqlalchemy.dialects.sqlite",
    "ckpt_tui.cli.main",
    "ckpt_tui.cli.plans",
    "ckpt_tui.cli.store_cmds",
    "ckpt_tui.core.handoff",
    "ckpt_tui.core.legacy",
    "ckpt_tui.core.manual_snapshots",
    "ckpt_tui.core.service",
    "ckpt_tui.store.file_identity",
    "ckpt_tui.store.journal",
    "ckpt_tui.store.writes",
    "tests.factory",
    "tests.workers.ckpt_cycler",
    "tests.workers.environment",
    "tests.workers.handoff_writer",
    "tests.workers.journal_first_use",
    "tests.workers.legacy_import_worker",
    "tests.workers.logging_saver",
    "tests.workers.plugin_saver",
    "tests.workers.restore_and_block",
]

_MAIN = sys.modules["__main__"]
if getattr(_MAIN, "__spec__", None) is None and getattr(_MAIN, "__file__", None):
    # A plain ``pytest`` run: every child runs its ``__main__`` script again
    # as ``__mp_main__`` (``multiprocessing.spawn.prepare``), importing pytest.
    PRELOAD.append("pytest")


@functools.cache
def _context():
    """``multiprocessing``'s forkserver (POSIX only: asked for at the first start)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _run(module: str, argv: list[str], env: dict[str, str], stdio: list[Connection]) -> None:
    """In the new process: the pipes as fds 0, 1 and 2, the caller's
    environment, then the worker as ``__main__``."""
    for fd, pipe in enumerate(stdio):
        if pipe.fileno() != fd:
            os.dup2(pipe.fileno(), fd)
            pipe.close()
    sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - the process's own
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
    os.environ.clear()
    os.environ.update(env)
    time.tzset()
    os.chdir(ROOT)
    sys.argv = [module, *argv]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


class Worker:
    """A worker process and the parent's ends of its three pipes."""

    def __init__(self, module: str, args: tuple, env: Mapping[str, str] | None = None) -> None:
        self.args = [sys.executable, "-m", module, *map(str, args)]
        context = _context()
        child_in, parent_in = context.Pipe(duplex=False)
        parent_out, child_out = context.Pipe(duplex=False)
        parent_err, child_err = context.Pipe(duplex=False)
        stdio = [child_in, child_out, child_err]
        self._process = context.Process(
            target=_run,
            args=(module, self.args[3:], dict(os.environ if env is None else env), stdio),
            daemon=False,
        )
        try:
            self._process.start()
        finally:
            for pipe in stdio:
                pipe.close()
        self.pid = self._process.pid
        self.stdin = _text(parent_in, "w")
        self.stdout = _text(parent_out, "r")
        self.stderr = _text(parent_err, "r")
        self.returncode: int | None = None

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        """Kill it if it still runs, wait for it, close the pipes."""
        self.kill()
        self.wait()
        for pipe in (self.stdin, self.stdout, self.stderr):
            with contextlib.suppress(BrokenPipeError):
                pipe.close()

    def poll(self) -> int | None:
        self.returncode = self._process.exitcode
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        if self.poll() is None:
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:  # never signal a pid that may have been reused
            os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        """Close stdin, read stdout and stderr to their end (and close
        them), wait for the exit."""
        with contextlib.suppress(BrokenPipeError):
            self.stdin.close()
        read: dict[str, str] = {}

        def read_all(name: str) -> None:
            with getattr(self, name) as pipe:
                read[name] = pipe.read()

        readers = [threading.Thread(target=read_all, args=(name,)) for name in ("stdout", "stderr")]
        deadline = None if timeout is None else time.monotonic() + timeout
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            if reader.is_alive():
                raise subprocess.TimeoutExpired(self.args, timeout)
        self.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
        return read["stdout"], read["stderr"]


def _text(pipe: Connection, mode: str):
    """A text file on the pipe's fd (the connection itself is closed)."""
    fd = os.dup(pipe.fileno())
    pipe.close()
    return open(fd, mode, encoding="utf-8")  # noqa: SIM115 - closed by the caller


def start(module: str, *args: object, env: Mapping[str, str] | None = None) -> Worker:
    """``python -m MODULE ARGS``, forked from the preloaded server, with
    ``env`` as its whole environment (default: this process's)."""
    return Worker(module, args, env)


def spawn(worker: str, *args: object) -> Worker:
    """``python -m tests.workers.WORKER ARGS``: :func:`start` on a worker script."""
    return start(f"tests.workers.{worker}", *args)


def run(
    module: str, *args: object, env: Mapping[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess:
    """:func:`start`, then its output and exit status once it ended."""
    proc = start(module, *args, env=env)
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
