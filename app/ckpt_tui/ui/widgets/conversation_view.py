"""The conversation of one session, loaded page by page, with a marker
where each snapshot was captured."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message

from ckpt_tui import timeutil
from ckpt_tui.core.conversation import ConversationMessage
from ckpt_tui.core.records import SnapshotRow
from ckpt_tui.ui.conversation_lines import marker_row, message_rows
from ckpt_tui.ui.widgets.text_lines import TextLines

#: Ask for the next page when the viewport is this many lines from the end.
PREFETCH_LINES = 80


class ConversationView(TextLines):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "toggle_reasoning", "Reasoning", id="conversation.toggle_reasoning"),
        Binding("n", "next_marker", "Next snapshot", id="conversation.next_marker"),
        Binding("p", "previous_marker", "Previous snapshot", id="conversation.previous_marker"),
    ]

    class NeedMore(Message):
        """The reader is near the end of what is loaded."""

    def __init__(self, snapshots: list[SnapshotRow], *, id: str | None = None) -> None:
        super().__init__(title="Conversation", id=id)
        self.snapshots = sorted(snapshots, key=lambda s: (s.captured_at, s.id))
        self.messages: list[ConversationMessage] = []
        self.show_reasoning = False
        self.complete = False
        self.marker_lines: dict[str, int] = {}
        self._next_marker = 0

    def add_messages(self, messages: list[ConversationMessage], complete: bool) -> None:
        self.messages.extend(messages)
        self.complete = complete
        self._emit(messages)

    def _emit(self, messages: list[ConversationMessage]) -> None:
        for message in messages:
            moment = message.created.timestamp() if message.created else None
            self._flush_markers(moment)
            self.append_rows(list(message_rows(message, self.show_reasoning)))
        if self.complete:
            self._flush_markers(None)

    def _flush_markers(self, before: float | None) -> None:
        """Markers of snapshots captured before ``before`` (all if ``None``)."""
        while self._next_marker < len(self.snapshots):
            snap = self.snapshots[self._next_marker]
            captured = timeutil.parse(snap.captured_at)
            if before is not None and (captured is None or captured.timestamp() >= before):
                return
            self.marker_lines[snap.id] = self.append_rows([marker_row(snap)])
            self._next_marker += 1

    def action_toggle_reasoning(self) -> None:
        self.show_reasoning = not self.show_reasoning
        top = self.scroll_offset.y
        self.set_rows([])
        self.marker_lines.clear()
        self._next_marker = 0
        self._emit(list(self.messages))
        self.scroll_to(y=top, animate=False)

    def scroll_to_marker(self, snapshot_id: str) -> bool:
        line = self.marker_lines.get(snapshot_id)
        if line is None:
            return False
        self.scroll_to(y=max(line - 3, 0), animate=False)
        return True

    def _jump(self, forward: bool) -> None:
        here = int(self.scroll_offset.y) + 3
        lines = sorted(self.marker_lines.values())
        targets = (
            [ln for ln in lines if ln > here] if forward else [ln for ln in lines if ln < here]
        )
        if targets:
            line = targets[0] if forward else targets[-1]
            self.scroll_to(y=max(line - 3, 0), animate=False)
        elif forward and not self.complete:
            self.post_message(self.NeedMore())

    def action_next_marker(self) -> None:
        self._jump(True)

    def action_previous_marker(self) -> None:
        self._jump(False)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        if not self.complete and new + self.size.height + PREFETCH_LINES >= self.line_count:
            self.post_message(self.NeedMore())
