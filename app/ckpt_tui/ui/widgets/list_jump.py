"""Putting a list's cursor on a row by its key, loaded or not yet.

A mixin of :class:`~ckpt_tui.ui.widgets.paged_list.PagedList`, as
:mod:`~ckpt_tui.ui.widgets.list_end` is: what the board, the field history
and a search hit use to open the main screen on one session or snapshot,
however deep in its list.
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.worker import get_current_worker

from ckpt_tui.errors import CkptError
from ckpt_tui.records import Page

#: :meth:`JumpsToKey.reveal_key` stops looking after this many rows.
REVEAL_LIMIT = 50_000


class JumpsToKey:
    """The part of a paged list that finds a row by its key."""

    _data: Any
    _generation: int
    PAGE_SIZE: int
    filter_text: str

    def select_key(self, key: object, *, within: int = 0) -> None:
        """Move the cursor to the loaded row with this key, now or after the
        next reload (of at least ``within`` rows, for a row far down)."""
        index = self._index_of(key)
        if index is not None:
            self.cursor = index
            return
        self._generation += 1
        limit = max(self.PAGE_SIZE, self._data.top if self._data else 0, within)
        self._load(self._generation, None, limit, key, True)

    def reveal_key(self, key: object) -> None:
        """Put the cursor on the row with this key however deep it is (a
        search hit): clears the filter and loads page after page until the
        row is there (at most :data:`REVEAL_LIMIT` rows)."""
        self.filter_text = ""
        self._update_title()
        self._generation += 1
        self._reveal(self._generation, key)

    @work(thread=True, exclusive=True, group="page-load")
    def _reveal(self, generation: int, key: object) -> None:
        worker = get_current_worker()
        rows: list[Any] = []
        after, total, error, at_least = None, 0, None, False
        try:
            while not worker.is_cancelled:
                page = self.fetch(after, max(self.PAGE_SIZE, 500))
                if page is None:
                    break
                rows.extend(page.rows)
                total, after, at_least = page.total, page.cursor, page.at_least
                found = any(self.row_key(r) == key for r in page.rows)
                if found or after is None or len(rows) >= REVEAL_LIMIT:
                    break
        except CkptError as exc:
            error = str(exc)
        if worker.is_cancelled:
            return
        page = None if error else Page(rows, total, after, at_least)
        self.app.call_from_thread(self._apply_page, generation, page, key, True, error)

