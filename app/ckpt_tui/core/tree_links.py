"""The parent links of the project the sessions pane shows, kept between pages.

The store has no index on ``parent_id``, so finding a session's children
means reading every session row of its project; the tree used to do that
once per level for every page (27-33 ms for a 5,045-session project). The
links (every ``(id, parent_id)`` of the project, and its root count) are
read once and kept with the store's change token (``PRAGMA data_version``),
as ``core.sorting.CountOrder`` keeps the by-count order: any write, ours
or the plugin's, reads them again.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ckpt_tui.store import Store
    from ckpt_tui.store.query import Query
    from ckpt_tui.store.tree_reads import TreeLinks


class LinksCache:
    """The links of the last project asked for, at one change token."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: tuple | None = None
        self._links: TreeLinks | None = None
        self.reads = 0  # how many times the links were read (tests, benchmarks)

    def get(self, store: Store, q: Query, project_id: str) -> TreeLinks:
        """The project's links, read in ``q`` only after a change of the store."""
        from ckpt_tui.store import tree_reads

        token = store.change_token()  # first: a write after it makes the next call re-read
        # The token of a reopened file (another file now at the path) is
        # not comparable with the old one's: the file's identity is in the key.
        key = (project_id, store.identity, token)
        with self._lock:
            if key != self._key or self._links is None:
                self._links = tree_reads.project_links(q, project_id)
                self._key = key
                self.reads += 1
            return self._links
