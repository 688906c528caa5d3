"""What undo and redo of the main screen's selected session would do, for
the key bar (``ui/undo_keys.py``): read off the UI thread, once per session
selected (``ui/asked.py``), from the moment the app starts them
(:meth:`FollowsNextSteps.start_next_steps`).

Mixed into :class:`~ckpt_tui.ui.screens.main.MainScreen`, which owns
``service`` and ``session``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from ckpt_tui.errors import CkptError
from ckpt_tui.ui.asked import LastAsked
from ckpt_tui.ui.debounce import rested

if TYPE_CHECKING:
    from ckpt_tui.core.actions import Service
    from ckpt_tui.records import SessionRow


class FollowsNextSteps:
    """``next_steps``: ``(session id, NextSteps)`` of the selected session."""

    service: Service
    session: SessionRow | None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.next_steps: tuple[str, object] | None = None
        self._started = False  # see start_next_steps
        self._steps_asked = LastAsked()  # the session they were last read for

    def load_next_steps(self, again: bool = True, delay: float = 0.0) -> None:
        """Read them ``delay`` seconds from now unless the selection moves
        first. ``again``: even for the session they were last read for (its
        journal may have changed: a write, a hand-off note); otherwise only
        for another session (not when the cursor moves within one, nor when
        the panes' highlights and the focus settle at launch)."""
        if again:
            self._steps_asked.forget()
        session = self.session  # read here: the worker reads no widget
        key = _steps_key(session)
        if not self._started or not self._steps_asked.changed(key):
            return
        if key is None:  # no session of the store (a project's sessions still loading)
            self.workers.cancel_group(self, "next-steps")
            self._next_steps_loaded(None)
        else:
            self._next_steps_worker(key, delay)

    def start_next_steps(self) -> None:
        """From now on they follow the selection; read now for it (no cursor
        to rest yet). The app starts them once the first frame is out and
        opencode's data has landed (or is not read): with a journal to
        read, the read imports SQLAlchemy (0.13 s of CPU), which, beside
        opencode's read, held that data and its frame back by about 0.3 s."""
        if not self._started:
            self._started = True
            self.load_next_steps()

    @work(thread=True, exclusive=True, group="next-steps")
    def _next_steps_worker(self, session_id: str, delay: float) -> None:
        """Two journal rows and one snapshot row (``Service.next_steps``)."""
        if not rested(delay):
            return
        try:
            steps = (session_id, self.service.next_steps(session_id))
        except CkptError:
            steps = None  # the key stays as it was; pressing it says why
        self.app.call_from_thread(self._next_steps_loaded, steps)

    def _next_steps_loaded(self, steps) -> None:
        # The same steps again (after a write that did not change them): the
        # key bar would only check its keys again to find them unchanged.
        if steps == self.next_steps:
            return
        self.next_steps = steps
        self.app.refresh_bindings()


def _steps_key(session: SessionRow | None) -> str | None:
    """What the next steps depend on: the session, if the store has it."""
    return session.id if session is not None and session.origin == "store" else None
