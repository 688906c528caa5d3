"""Read-only access to a database that opencode may be writing right now.

Three promises to the person whose opencode is running:

- nothing is ever written: the URI says ``mode=ro`` and ``query_only`` is on;
- reads are short: callers run a few statements per connection, so a
  reader never pins an old WAL snapshot and stalls opencode's checkpoints;
- no files are left behind. A read-only connection to a WAL database
  creates ``-wal`` and ``-shm`` when they are missing and, not being allowed
  to checkpoint, never removes them. They are missing only when no process
  has the database open, and then every committed page is in the main file;
  so in that case the file is read with ``immutable=1`` (no side files, no
  locks), and the read is thrown away and redone the ordinary way if the
  main file changed meanwhile (opencode started and checkpointed).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from time import monotonic
from typing import TypeVar

T = TypeVar("T")

#: opencode's own busy timeout (``PRAGMA busy_timeout = 5000`` in its
#: ``storage/db.ts``): a read waits as long as opencode's own writers would.
DEFAULT_BUSY_TIMEOUT_MS = 5000
_WAL_MODE_BYTES = (2, 2)  # header bytes 18 and 19: file format versions, 2 = WAL


class SourceUnavailable(Exception):
    """A database that cannot be read at all: missing, busy, not a database,
    or without the tables we need. The message is one line for a person."""


class NotUnderstood(SourceUnavailable):
    """A database that holds the session but keeps its conversation in a
    form this ckpt-tui does not know (a newer opencode): said in one line
    rather than shown as an empty conversation."""


def _is_wal_file(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            header = fh.read(20)
    except OSError:
        return False
    return len(header) == 20 and (header[18], header[19]) == _WAL_MODE_BYTES


def _stamp(path: Path) -> tuple[int, int, int]:
    st = path.stat()
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def _connect(path: Path, *, immutable: bool, busy_timeout_ms: int) -> sqlite3.Connection:
    uri = path.resolve().as_uri() + "?mode=ro" + ("&immutable=1" if immutable else "")
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=busy_timeout_ms / 1000)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        conn.execute("PRAGMA query_only = ON")
    except BaseException:
        conn.close()
        raise
    return conn


def _describe(path: Path, exc: sqlite3.Error, waited_s: float) -> str:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return f"{path.name}: busy (still locked after waiting {waited_s:.1f} s); skipped"
    if "unable to open" in text:
        return f"{path.name}: cannot be opened; skipped"
    if "not a database" in text or "malformed" in text:
        return f"{path.name}: not a readable SQLite database ({text}); skipped"
    return f"{path.name}: {text}; skipped"


def read(
    path: Path,
    work: Callable[[sqlite3.Connection], T],
    *,
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
) -> T:
    """``work(conn)`` on a fresh read-only connection, closed afterwards.

    ``work`` should run few, short statements; it may open its own
    ``BEGIN``/``COMMIT`` for a consistent view across statements. SQLite
    errors become :class:`SourceUnavailable`.
    """
    if not path.is_file():
        raise SourceUnavailable(f"{path.name}: no such file ({path})")
    started = monotonic()
    try:
        if _is_wal_file(path) and not Path(f"{path}-wal").exists():
            before = _stamp(path)
            try:
                result = _run(path, work, immutable=True, busy_timeout_ms=busy_timeout_ms)
            except sqlite3.DatabaseError:
                if _stamp(path) == before:
                    raise
            else:
                if _stamp(path) == before:
                    return result
        return _run(path, work, immutable=False, busy_timeout_ms=busy_timeout_ms)
    except sqlite3.Error as exc:
        raise SourceUnavailable(_describe(path, exc, monotonic() - started)) from exc
    except OSError as exc:
        raise SourceUnavailable(f"{path.name}: {exc.strerror or exc}; skipped") from exc


def _run(
    path: Path, work: Callable[[sqlite3.Connection], T], *, immutable: bool, busy_timeout_ms: int
) -> T:
    conn = _connect(path, immutable=immutable, busy_timeout_ms=busy_timeout_ms)
    try:
        return work(conn)
    finally:
        if conn.in_transaction:
            conn.rollback()
        conn.close()


def columns(conn: sqlite3.Connection, table: str) -> frozenset[str]:
    """The table's column names (empty when there is no such table).

    Every query is built from this rather than from a fixed list, so an
    older opencode without, say, ``time_archived`` or a newer one that
    dropped a column still reads.
    """
    return frozenset(row[1] for row in conn.execute(f"PRAGMA table_info({table})"))


def pick(available: frozenset[str], wanted: tuple[str, ...]) -> str:
    """A select list of ``wanted`` with ``NULL`` for columns that are absent."""
    return ", ".join(name if name in available else f"NULL AS {name}" for name in wanted)


def chunks(items: list[T], size: int = 500) -> list[list[T]]:
    """Stay under SQLite's host-parameter limit in ``IN (...)`` lists."""
    return [items[i : i + size] for i in range(0, len(items), size)]


def placeholders(n: int) -> str:
    return ", ".join("?" * n)
