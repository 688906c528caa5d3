"""What screens ask the app to do, as typed messages (as toolong's and
harlequin's ``messages.py``): a screen says what the person asked for and
on what; the app handles it, each handler starting the workflow that
spans screens (a preview, then a write, then every pane refreshed) in
``ui/flows/``. So a screen never calls back into the app, and each can
be read (and tested) alone."""

from __future__ import annotations

from textual.message import Message

from ckpt_tui.records import SessionRow


class SnapshotRequested(Message):
    """``n``: ask for a name, then save the session's checkpoint as a snapshot."""

    def __init__(self, session: SessionRow) -> None:
        super().__init__()
        self.session = session


class HandoffRequested(Message):
    """``e``: write and show the hand-off note of a session (or one snapshot)."""

    def __init__(self, session_id: str, snapshot_id: str | None) -> None:
        super().__init__()
        self.session_id = session_id
        self.snapshot_id = snapshot_id


class AdoptRequested(Message):
    """``A``: choose a live session of the project to receive legacy state."""

    def __init__(self, project_id: str, snapshot_name: str | None) -> None:
        super().__init__()
        self.project_id = project_id
        self.snapshot_name = snapshot_name


class ConversationRequested(Message):
    """``c``: the session's conversation, at a snapshot's marker if given."""

    def __init__(self, session_id: str, snapshot_id: str | None) -> None:
        super().__init__()
        self.session_id = session_id
        self.snapshot_id = snapshot_id


class OpenInMain(Message):
    """Show this session (and this snapshot, if given) in the main screen,
    closing the screens above it: the board's and the history's ``enter``."""

    def __init__(self, project_id: str, session_id: str, snapshot_id: str | None = None) -> None:
        super().__init__()
        self.project_id = project_id
        self.session_id = session_id
        self.snapshot_id = snapshot_id


class StoreWritten(Message):
    """The app's own write finished (a restore, an undo, a redo...): sent to
    the screen on top, so one that shows what the write may have changed
    (the hand-off preview after its undo) looks again."""
