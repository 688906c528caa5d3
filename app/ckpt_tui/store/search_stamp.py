"""The store file's stamp: telling that the store has not changed since the
search index last caught up with it, without reading the store.

A sync records the stamp it took before it read the store; the next sync
that takes the same stamp has nothing to do and reads no table of the
store (a few ``stat`` calls and a 100-byte read, whatever the store's
size). Every other sync reads the store as before (``store.search_sync``).

Why an unchanged stamp means an unchanged store:

* Every commit writes the store's files. In WAL mode it appends frames to
  ``-wal`` (its size, mtime and ctime move) and a checkpoint writes the
  main file; with a rollback journal it writes the main file and also
  increments the header's file change counter (offset 24), which no clock
  can hide. A ``-wal`` deleted or created changes its presence and inode.
* A store file replaced by another has another inode (or device).
* File times have a granularity (a kernel tick on Linux, up to 2 s on
  some file systems), so two writes close together may leave the same
  times and, when the second overwrites the first's pages, the same size.
  A stamp is therefore only given (``None`` otherwise) when each of its
  times is more than ``RACY_SECONDS`` older than the moment it was taken,
  as git does for its index: a write after that moment carries a later
  time. The main file's ctime is kept beside its mtime because a program
  may set mtime back (``os.utime``, ``cp -p``), never ctime. The
  ``-wal``'s ctime is left out: SQLite running as root changes it on every
  open (it ``fchown``s the file to the database's owner), readers included.
* ``-shm`` is left out: readers write it too (their read marks).

What it cannot see: a system clock set back by more than ``RACY_SECONDS``
between two writes, or a file system whose times are set by another
machine's clock (SQLite's WAL mode does not work across machines anyway).
A hit is still checked against the store before it is shown
(``core.search``), so even then no hit is a row that no longer exists.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

#: File times newer than this (before the stamp is taken) make no stamp.
RACY_SECONDS = 3
_RACY_NS = RACY_SECONDS * 1_000_000_000
#: The database header's file change counter and "version valid for".
_HEADER_BYTES = 100
_COUNTERS = ((24, 28), (92, 100))


def now_ns() -> int:
    """The wall clock the file times are compared with (tests move it)."""
    return time.time_ns()


def store_stamp(store_path: Path) -> str | None:
    """The stamp of the store at ``store_path`` now, or ``None`` when its
    files were written too recently for their times to show a later write
    (or cannot be read: the caller then reads the store, which says why)."""
    taken = now_ns()
    parts = []
    newest = 0
    try:
        for suffix in ("", "-wal"):
            try:
                st = os.stat(f"{store_path}{suffix}")
            except FileNotFoundError:
                if not suffix:
                    return None
                parts.append("-")
                continue
            times = (st.st_mtime_ns,) if suffix else (st.st_mtime_ns, st.st_ctime_ns)
            parts.append(":".join(map(str, (st.st_dev, st.st_ino, st.st_size, *times))))
            newest = max(newest, *times)
        with open(store_path, "rb") as f:
            header = f.read(_HEADER_BYTES)
    except OSError:
        return None
    if newest > taken - _RACY_NS:
        return None
    parts.append("".join(header[a:b].hex() for a, b in _COUNTERS))
    return "|".join(parts)
