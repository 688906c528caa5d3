"""Keeps the store's search index current while the app runs.

The first search builds the index (in a worker, with progress); after that
the app's live poll calls :meth:`SearchKeeper.catch_up` whenever the store
changed. Progress and completion go to any open search screen as Messages;
the worker itself never touches the DOM.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.message import Message
from textual.worker import get_current_worker

from ckpt_tui.core.search import Filters, Searcher
from ckpt_tui.errors import CkptError


class IndexProgress(Message):
    """``done`` of ``total`` new snapshots indexed so far."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class IndexSynced(Message):
    """A sync finished (``error``: why it could not)."""

    def __init__(self, error: str | None) -> None:
        super().__init__()
        self.error = error


class _Stopped(Exception):
    pass


class SearchKeeper:
    def __init__(self, app: App, store_path: Path) -> None:
        self.app = app
        self.searcher = Searcher(store_path)  # used only by the sync worker
        self.running = False
        self.built = False
        self.error: str | None = None
        self.progress: tuple[int, int] = (0, 0)
        self._again = False
        #: The search screen's query and filters when it last closed: it
        #: opens again on them (kept here, beside the index they search).
        self.last_query = ""
        self.last_filters: Filters | None = None

    def catch_up(self) -> None:
        """Sync now, or once more after the sync that is running."""
        if self.running:
            self._again = True
            return
        self.running = True
        self.app.run_worker(self._sync, thread=True, group="search-index", exit_on_error=False)

    def _sync(self) -> None:
        error = None
        try:
            self.searcher.sync(self._progress)
        except _Stopped:
            return  # the app is closing: the batches done so far are kept
        except CkptError as exc:
            error = str(exc)
        self.app.call_from_thread(self._done, error)

    def _progress(self, done: int, total: int) -> None:
        """Between two committed batches: stop here if the app is closing
        (a build of a large store must not hold the exit for a minute)."""
        if get_current_worker().is_cancelled:
            raise _Stopped
        self.app.call_from_thread(self._deliver, IndexProgress(done, total))

    def _deliver(self, message: Message) -> None:
        if isinstance(message, IndexProgress):
            self.progress = (message.done, message.total)
        from ckpt_tui.ui.screens.search import SearchScreen

        for screen in self.app.screen_stack:
            if isinstance(screen, SearchScreen):
                screen.post_message(message)

    def _done(self, error: str | None) -> None:
        self.running = False
        self.error = error
        self.built = self.built or error is None
        self._deliver(IndexSynced(error))
        if self._again:
            self._again = False
            self.catch_up()

    def close(self) -> None:
        self.searcher.close()
