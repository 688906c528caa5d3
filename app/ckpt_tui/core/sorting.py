"""The orders of the sessions and projects panes, and the one that needs
remembering between pages: by snapshot count.

Counting a project's snapshots is a pass over the snapshots index (200,000
entries for a 10,000-session project); doing it for every page, or every
reload while scrolling, is what this avoids. The order is read once and
kept with the store's change token (``PRAGMA data_version``); pages are
slices of it while the token stands, and any write, ours or the plugin's,
reads it again.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ckpt_tui.records import Page, SessionRow

if TYPE_CHECKING:
    from ckpt_tui.store import Store
    from ckpt_tui.store.query import Query

SESSION_SORTS = ("activity", "title", "status", "snapshots")
PROJECT_SORTS = ("activity", "name")
SESSION_SORT_LABELS = {
    "activity": "last activity",
    "title": "title",
    "status": "status (blocked first)",
    "snapshots": "snapshot count",
}
PROJECT_SORT_LABELS = {"activity": "last activity", "name": "name"}


def next_sort(current: str, choices: tuple[str, ...]) -> str:
    """The order after ``current`` (the first one after an unknown value)."""
    try:
        return choices[(choices.index(current) + 1) % len(choices)]
    except ValueError:
        return choices[0]


class CountOrder:
    """The by-count order of one project (and filter) at one change token."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: tuple | None = None
        self._order: list[tuple[int, str, str]] = []
        self._index: dict[str, int] = {}
        self.reads = 0  # how many times the order was read (tests, benchmarks)

    def page(
        self, store: Store, q: Query, project_id: str, after: tuple | None, limit: int, text: str | None
    ) -> Page[SessionRow]:
        """A page of the project's roots (or matches) by snapshot count,
        read in ``q`` (the order itself only after a change of the store)."""
        from ckpt_tui.store import sorting

        token = store.change_token()  # first: a write after it makes the next call re-read
        key = (project_id, text or None, store.identity, token)  # identity: a replaced file
        with self._lock:
            if key != self._key:
                self._order = sorting.snapshot_count_order(q, project_id, text)
                self._index = {sid: i for i, (_, _, sid) in enumerate(self._order)}
                self._key = key
                self.reads += 1
            order, index = self._order, self._index
        start = 0
        if after is not None:
            position = index.get(after[-1])
            if position is None:  # gone since: start at the first row after its key
                count, at_, sid_ = after
                position = next(
                    (
                        i - 1
                        for i, (n, at, sid) in enumerate(order)
                        if n < count or (n == count and (at, sid) < (at_, sid_))
                    ),
                    len(order) - 1,
                )
            start = position + 1
        chunk = order[start : start + limit]
        rows = sorting.sessions_by_ids(q, project_id, [sid for _, _, sid in chunk], text)
        cursor = chunk[-1] if len(chunk) == limit and start + limit < len(order) else None
        # Unfiltered, the rows are a tree: counted as the projects pane counts them.
        total = len(order) if text else sorting.project_session_count(q, project_id)
        return Page(rows=rows, total=total, cursor=cursor)
