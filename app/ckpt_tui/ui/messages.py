"""Messages screens post to the app (they bubble up from any screen)."""

from __future__ import annotations

from textual.message import Message


class OpenInMain(Message):
    """Show this session (and this snapshot, if given) in the main screen,
    closing the screens above it: the board's and the history's ``enter``."""

    def __init__(self, project_id: str, session_id: str, snapshot_id: str | None = None) -> None:
        super().__init__()
        self.project_id = project_id
        self.session_id = session_id
        self.snapshot_id = snapshot_id
