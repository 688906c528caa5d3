"""The main screen's keys that act on the selection (``d``, ``r``, ``n``,
``e``, ``A``, ``c``, ``y``, ``O``, and the screens ``L`` and ``B`` open):
which list a key acts on, why one does not apply to what that list shows
(``ui/explain.py``), and what each does: most post a message
(``ui/messages.py``) that the app's workflow handles (``ui/flows/``).

Mixed into :class:`~ckpt_tui.ui.screens.main.MainScreen`, which owns the
bindings (Textual reads ``BINDINGS`` from DOM classes only) and the panes
(``projects``, ``sessions``, ``snapshots``, ``detail``, ``service``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from ckpt_tui.records import SnapshotRow
from ckpt_tui.ui.explain import key_of
from ckpt_tui.ui.mark import Mark
from ckpt_tui.ui.messages import (
    AdoptRequested,
    ConversationRequested,
    CopyRequested,
    HandoffRequested,
    RestoreRequested,
    SnapshotRequested,
)
from ckpt_tui.ui.screens.kept import DIFF, keep, kept
from ckpt_tui.ui.widgets.paged_list import PagedList

if TYPE_CHECKING:
    from ckpt_tui.core.actions import Service
    from ckpt_tui.records import SessionRow
    from ckpt_tui.ui.prepared import Prepared
    from ckpt_tui.ui.widgets.detail import DetailPane
    from ckpt_tui.ui.widgets.filter_line import FilterLine
    from ckpt_tui.ui.widgets.lists import ProjectList, SessionList, SnapshotList

#: Keys that act on the selected session (and, in the snapshot pane, its snapshot).
SESSION_ACTIONS = ("new_snapshot", "handoff", "conversation", "copy_resume", "resume", "adopt")
#: Keys that act on a snapshot (or, with a mark in another session, across).
SNAPSHOT_ACTIONS = ("diff", "restore")
#: Keys that write to the store: dimmed when it is read-only.
WRITE_ACTIONS = ("restore", "new_snapshot", "adopt")


class SelectionKeys:
    """The actions of the main screen's keys on what is selected."""

    service: Service
    projects: ProjectList
    sessions: SessionList
    snapshots: SnapshotList
    detail: DetailPane
    prepared: Prepared
    _shown_from: PagedList | None
    _filter: FilterLine | None
    session: SessionRow | None
    snapshot: SnapshotRow | None

    def acting_pane(self) -> PagedList:
        """The list whose selection a key acts on: the focused one; from
        the detail pane, the one whose selection it shows; from the filter
        line, the list it filters."""
        focused = self.focused
        if focused in (self.projects, self.sessions, self.snapshots):
            return focused  # type: ignore[return-value]
        if focused is self.detail and self._shown_from is not None:
            return self._shown_from
        # The filter line (mounted on the first ``/``): the list it filters.
        if focused is not None and focused is self._filter and focused.target is not None:
            return focused.target
        return self.projects

    def acting_snapshot(self) -> SnapshotRow | None:
        """The snapshot a key acts on: only one the focused pane shows."""
        return self.snapshot if self.acting_pane() is self.snapshots else None

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a key of this screen does not apply to what the focused pane
        shows (``ui/explain.py``)."""
        if action not in SESSION_ACTIONS and action not in SNAPSHOT_ACTIONS:
            return None
        read_only = self.service.store.read_only_reason
        if action in WRITE_ACTIONS and read_only:
            return f"Read-only: {read_only}"
        pane = self.acting_pane()
        sessions_key = key_of(self, "main.focus_sessions")
        snapshots_key = key_of(self, "main.focus_snapshots")
        if pane is self.projects:
            return f"the projects pane shows projects: {sessions_key} focuses the sessions"
        session = self.session
        if session is None:
            return "no session selected"
        if action in SNAPSHOT_ACTIONS:
            if self._mark_elsewhere() is not None:
                return None  # diff with, or copy, the marked snapshot
            if pane is not self.snapshots:
                shows = "the current checkpoint" if self.focused is self.detail else "sessions"
                return f"this pane shows {shows}: {snapshots_key} focuses the snapshots"
            if self.snapshot is None:
                return "this session has no snapshot"
            return None
        if action == "adopt" and not session.is_legacy:
            return "A adopts an imported legacy session (legacy::…); this one is live"
        if action in ("new_snapshot", "handoff") and session.origin != "store":
            return "this opencode session has no checkpoint"
        return None

    def describe_binding(self, binding: Binding) -> str | None:
        """Read-only, ``e`` still shows the note but writes nothing: the key
        bar says so rather than offering a write that is then refused."""
        if binding.action == "handoff" and self.service.store.read_only_reason:
            return "Hand-off preview"
        return None

    def _mark_elsewhere(self) -> Mark | None:
        """The mark, if it is in another session than the selected one."""
        mark, session = self.snapshots.marked, self.session
        if mark is None or session is None or mark.session_id == session.id:
            return None
        return mark

    def _selected_ref(self):
        """What ``d`` compares the mark with: the selected snapshot when the
        snapshot pane has the focus, else the session's live checkpoint."""
        from ckpt_tui.core.across import Ref

        snap = self.acting_snapshot()
        return Ref(self.session.id, snap.id if snap else None), (snap.name if snap else "current")

    def action_diff(self) -> None:
        mark = self._mark_elsewhere()
        if mark is not None:
            from ckpt_tui.ui.screens.across import AcrossDiffScreen

            ref, name = self._selected_ref()
            title = f"{mark.name} (marked, {mark.session_id}) → {name} ({ref.session_id})"
            self.app.push_screen(AcrossDiffScreen(self.service, mark.ref, ref, title))
            return
        snap = self.acting_snapshot()
        if snap is None:
            self.notify("Select a snapshot first", severity="warning")
            return
        from ckpt_tui.ui.screens.diff import DiffScreen

        old, new, title = self.diff_pair(snap)
        ready = self.prepared.diff(snap.session_id, old, new)
        screen = kept(self.app, DIFF, DiffScreen)
        if screen is None:
            screen = DiffScreen(self.service, snap.session_id, old, new, title, ready)
            keep(self.app, DIFF, screen)
        else:
            screen.reopen(snap.session_id, old, new, title, ready)
        self.app.push_screen(screen)

    def diff_pair(self, snap: SnapshotRow) -> tuple[str, str | None, str]:
        """What ``d`` compares in the snapshot's session: the marked snapshot
        with it, or it with the current checkpoint (``None``); and the title."""
        marked = self.snapshots.marked
        if marked is not None and marked.id != snap.id:
            return marked.id, snap.id, f"{marked.name} (marked) → {snap.name}"  # type: ignore[return-value]
        return snap.id, None, f"{snap.name} → current checkpoint"

    def ahead(self, snap: SnapshotRow) -> tuple[tuple[str, str | None], str | None] | None:
        """What ``d`` and ``r`` would show for ``snap`` (``ui/prepared.py``):
        the pair ``d`` compares and the snapshot ``r`` restores (``None``:
        read-only); ``None`` with a mark in another session (they compare
        and copy across sessions)."""
        if self._mark_elsewhere() is not None:
            return None
        old, new, _title = self.diff_pair(snap)
        return (old, new), (None if self.service.store.read_only_reason else snap.id)

    def action_restore(self) -> None:
        mark = self._mark_elsewhere()
        if mark is not None:
            self.post_message(CopyRequested(mark, self.session))
            return
        snap = self.acting_snapshot()
        if snap is None:
            self.notify("Select a snapshot to restore", severity="warning")
            return
        self.post_message(RestoreRequested(snap))

    def action_new_snapshot(self) -> None:
        session = self.session
        if session is None:
            self.notify("Select a session first", severity="warning")
            return
        self.post_message(SnapshotRequested(session))

    def action_handoff(self) -> None:
        """The hand-off of the selected snapshot if the snapshot pane has the
        focus, else of the session's current checkpoint."""
        session = self.session
        if session is None:
            self.notify("Select a session first", severity="warning")
            return
        snap = self.acting_snapshot()
        if snap is None and not session.has_checkpoint:
            # Said before any worker runs, with what to do here instead.
            where = "; select one of its snapshots (3) and press e" if self.snapshots.total else ""
            self.notify(f"This session has no checkpoint to hand off{where}", severity="warning")
            return
        self.post_message(HandoffRequested(session.id, snap.id if snap else None))

    def action_adopt(self) -> None:
        session = self.session
        if session is None or not session.is_legacy:
            self.notify(
                "Select an imported legacy session (legacy::…) to adopt", severity="warning"
            )
            return
        snap = self.acting_snapshot()
        self.post_message(AdoptRequested(session.project_id, snap.name if snap else None))

    def action_conversation(self) -> None:
        """The session's conversation; at the selected snapshot if the
        snapshot pane has the focus."""
        session = self.session
        if session is None:
            self.notify("Select a session first", severity="warning")
            return
        snap = self.acting_snapshot()
        self.post_message(ConversationRequested(session.id, snap.id if snap else None))

    def action_copy_resume(self) -> None:
        """The command ``ckpt-tui resume --print`` prints, with its ``cd``."""
        from ckpt_tui.ui.resume import copy_resume_command

        session = self.session
        if session is not None:
            copy_resume_command(self.app, session.id)

    def action_resume(self) -> None:
        """opencode on the selected session (a snapshot's: its session), in
        the session's directory; the app comes back refreshed."""
        from ckpt_tui.ui.resume import resume_in_opencode

        session = self.session
        if session is None:
            self.notify("Select a session first", severity="warning")
            return
        resume_in_opencode(self.app, session.id)

    def action_legacy(self) -> None:
        from ckpt_tui.ui.screens.legacy import LegacyScreen

        self.app.push_screen(LegacyScreen(self.service), lambda _: self.refresh_all())

    def action_board(self) -> None:
        from ckpt_tui.ui.screens.board import BoardScreen

        self.app.push_screen(BoardScreen(self.service))
