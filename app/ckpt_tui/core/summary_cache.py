"""Change summaries already made, kept between calls.

A history row's summary compares its payload with the one captured just
before it. Payloads never change (SPEC 5.1: a frozen copy, ids are random
UUIDs), so the line for a pair of snapshot ids is the same for as long as
the file is the same: those are kept with the file's identity. Which
snapshot comes just before another does change (a snapshot pruned,
another inserted by its time), so that is kept only with the store's
change token (``PRAGMA data_version``), as ``core.tree_links`` keeps a
project's parent links: after any write, ours or the plugin's, it is read
again. A list that redraws the rows it showed (a refresh, a scroll back)
then costs a token check and look-ups instead of two reads, decoding and
diffing.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ckpt_tui.records import SnapshotRow
    from ckpt_tui.store import Store

#: Lines kept at most (about 100 bytes each); past it they are all dropped.
MAX_LINES = 20_000


class SummaryCache:
    """Lines by (snapshot id, previous id), and the previous ids read at
    the current change token."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._identity: object = None
        self._token: object = None
        self._previous: dict[str, str | None] = {}
        self._lines: dict[tuple[str, str | None], str] = {}

    def begin(self, store: Store) -> object:
        """The key of this read: call before reading, pass to :meth:`keep`.
        Forgets what no longer holds (the previous ids after a write, every
        line when another file is at the path)."""
        store.follow_path()  # another file at the path: its identity, its token
        key = (store.identity, store.change_token())  # first: a later write shows next time
        with self._lock:
            if key[0] != self._identity:
                self._lines.clear()
            if key != (self._identity, self._token):
                self._previous.clear()
            self._identity, self._token = key
        return key

    def lines(self, rows: Sequence[SnapshotRow]) -> dict[str, str] | None:
        """Every row's line if all are known, else None."""
        out: dict[str, str] = {}
        with self._lock:
            for row in rows:
                if row.id not in self._previous:
                    return None
                line = self._lines.get((row.id, self._previous[row.id]))
                if line is None:
                    return None
                out[row.id] = line
        return out

    def keep(self, key: object, previous: dict[str, str | None], lines: dict[str, str]) -> None:
        """The previous ids and lines read under ``key`` (unless a write or
        another file came since). A row with no line (not in the store any
        more) is not kept."""
        with self._lock:
            if key != (self._identity, self._token):
                return
            if len(self._lines) + len(lines) > MAX_LINES:
                self._lines.clear()
            for sid, line in lines.items():
                if line and sid in previous:
                    self._previous[sid] = previous[sid]
                    self._lines[(sid, previous[sid])] = line
