"""``G`` on a long list: its last page read from the end, in one press.

A mixin of :class:`~ckpt_tui.ui.widgets.paged_list.PagedList`: a list that
can read from its end (:meth:`ReadsFromTheEnd.fetch_last`) lands on the true
last row at once, and holds a gap between the rows read from the top and
those read from the end (:class:`~ckpt_tui.ui.widgets.loaded_rows.LoadedRows`)
that fills as the cursor comes near it.
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.worker import get_current_worker

from ckpt_tui.errors import CkptError
from ckpt_tui.records import Page


class ReadsFromTheEnd:
    """The part of a paged list that reads upward from the end."""

    _data: Any
    _generation: int
    _loading_more: bool
    _landing: bool
    PAGE_SIZE: int

    def fetch_last(self, before: tuple | None, limit: int) -> Page | None:
        """The list's last page read from its end, or the ``limit`` rows just
        above ``before``; runs in a worker thread (``cursor``: the key above
        the page, ``None`` at the top). Lists that cannot read from the end
        return ``None`` and ``G`` goes to the last loaded row."""
        return None

    def action_last(self) -> None:
        """To the true last row in one press: a list that can read from its
        end (:meth:`fetch_last`) reads the last page, leaving a gap that
        fills as the cursor comes near it. Otherwise (or when a filter's
        count is only a bound) to the last loaded row, and more pages load as
        it gets there. Held down, it stays on the last row."""
        data = self._data
        if data is None or data.cursor is None or data.tail is not None or data.at_least:
            self.cursor = len(self.rows) - 1
            return
        if type(self).fetch_last is ReadsFromTheEnd.fetch_last:
            self.cursor = len(self.rows) - 1
            return
        if not self._landing:  # held down: one read, and the cursor stays there
            self._landing = self._loading_more = True
            self._load_up(self._generation, None)

    def _grow_nearer_run(self, index: int, margin: int) -> None:
        """Rows read from both ends: ``index`` near the gap grows the run
        nearer to it by a page (down from the top run, up from the end run)."""
        data = self._data
        top, tail = data.top, data.tail
        if not top - margin <= index < tail + margin:
            return
        self._loading_more = True
        if index - top < tail - index:
            self._load(self._generation, data.cursor, self.PAGE_SIZE, None, False)
        else:
            self._load_up(self._generation, data.before)

    @work(thread=True, exclusive=True, group="page-load")
    def _load_up(self, generation: int, before: tuple | None) -> None:
        """The page above the run read from the end (``before`` None: the
        last page, which is what ``G`` asks for)."""
        worker = get_current_worker()
        try:
            page = self.fetch_last(before, self.PAGE_SIZE)
            error = None
        except CkptError as exc:
            page, error = None, str(exc)
        if worker.is_cancelled:
            return
        self.app.call_from_thread(self._apply_up, generation, page, before is None, error)

    def _apply_up(
        self, generation: int, page: Page | None, land: bool, error: str | None
    ) -> None:
        self._loading_more = False
        if land:
            self._landing = False
        if generation != self._generation or self._data is None:
            return
        if error is not None:
            self.notify(error, severity="error")
            return
        if page is None:
            return
        if land:
            self._data.merge_tail(page)
        elif self._data.tail is not None:
            self._data.fill_up(page)
        self._sync_size()
        self._update_title()
        if land:
            self.cursor = len(self.rows) - 1
        self.refresh()
        self._announce()
