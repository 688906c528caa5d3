"""The conversation of one session, loaded page by page, with a marker
where each snapshot was captured."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message

from ckpt_tui import timeutil
from ckpt_tui.conversation import ConversationMessage
from ckpt_tui.records import SnapshotRow
from ckpt_tui.ui.conversation_lines import marker_row, message_rows
from ckpt_tui.ui.styles import MESSAGES, component_css
from ckpt_tui.ui.widgets.text_lines import TextLines

#: Ask for the next page when the viewport is this many lines from the end.
PREFETCH_LINES = 80


class ConversationView(TextLines):
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "ckpt--role-user", "ckpt--role-assistant", "ckpt--marked", *MESSAGES
    }
    DEFAULT_CSS = component_css(COMPONENT_CLASSES)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "toggle_reasoning", "Reasoning", id="conversation.toggle_reasoning"),
        Binding("t", "toggle_tools", "Tool detail", id="conversation.toggle_tools"),
        Binding("n", "next_marker", "Next snapshot", id="conversation.next_marker"),
        Binding("p", "previous_marker", "Previous snapshot", id="conversation.previous_marker"),
        Binding(
            "right_square_bracket", "next_prompt", "Next prompt", id="conversation.next_prompt"
        ),
        Binding(
            "left_square_bracket",
            "previous_prompt",
            "Previous prompt",
            id="conversation.previous_prompt",
        ),
    ]

    class NeedMore(Message):
        """The reader is near the end of what is loaded."""

    class PromptChanged(Message):
        """The person's prompt at the top of the view is now number
        ``number`` (1-based; 0 above the first) of ``loaded`` loaded ones."""

        def __init__(self, number: int, loaded: int) -> None:
            super().__init__()
            self.number = number
            self.loaded = loaded

    def __init__(self, snapshots: list[SnapshotRow], *, id: str | None = None) -> None:
        super().__init__(title="Conversation", id=id)
        self.snapshots = sorted(snapshots, key=lambda s: (s.captured_at, s.id))
        self.messages: list[ConversationMessage] = []
        self.show_reasoning = False
        #: Tool calls with their input and output (``t``), else one line each.
        self.show_tools = False
        self.complete = False
        self.marker_lines: dict[str, int] = {}
        #: The first line of each of the person's prompts, in order.
        self.prompt_lines: list[int] = []
        self._next_marker = 0
        self._prompt_shown = -1
        #: The line the last jump went to, and the scroll offset it left
        #: (``None`` while it scrolls): the reader is there until they scroll.
        self._pinned: tuple[int, float | None] | None = None

    def add_messages(self, messages: list[ConversationMessage], complete: bool) -> None:
        self.messages.extend(messages)
        self.complete = complete
        self._emit(messages)

    def _emit(self, messages: list[ConversationMessage]) -> None:
        for message in messages:
            moment = message.created.timestamp() if message.created else None
            self._flush_markers(moment)
            rows = message_rows(message, self.show_reasoning, self.show_tools)
            line = self.append_rows(list(rows))
            if message.role == "user":
                self.prompt_lines.append(line)
        if self.complete:
            self._flush_markers(None)
        self._announce_prompt()

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
        self._rebuild()

    def action_toggle_tools(self) -> None:
        self.show_tools = not self.show_tools
        self._rebuild()

    def on_resize(self) -> None:
        # A new width wraps rows into other line counts: the marker and
        # prompt lines are laid out again with them.
        if self.scrollable_content_region.width != self._width and self.messages:
            self._rebuild()
        else:
            super().on_resize()

    def _rebuild(self) -> None:
        top = self.scroll_offset.y
        self.set_rows([])
        self.marker_lines.clear()
        self.prompt_lines.clear()
        self._next_marker = 0
        self._pinned = None  # (its line is another one now)
        self._emit(list(self.messages))
        self.scroll_to(y=top, animate=False)

    # -- where the reader is -------------------------------------------------------
    def _here(self) -> int:
        """The line the reader is at: the prompt or marker the last jump
        went to while the view stays where that jump left it (near the end
        the view cannot bring it to the top), else the top line's."""
        pinned = self._pinned
        if pinned is not None and pinned[1] in (None, self.scroll_offset.y):
            return pinned[0]
        return int(self.scroll_offset.y) + 3

    def _go(self, line: int) -> None:
        """Jump to ``line``: brought near the top if the view can, and the
        reader is at it (the header counts its prompt) until they scroll."""
        self._pinned = (line, None)
        self.scroll_to(y=max(line - 3, 0), animate=False, immediate=True)
        self._pinned = (line, self.scroll_offset.y)
        self._announce_prompt()

    def _at_end(self, what: str) -> None:
        """A jump past the last (or first) ``what``: said, not silent."""
        self.notify(what, timeout=2)

    # -- the person's prompts -------------------------------------------------------
    def current_prompt(self) -> int:
        """1-based number of the prompt the reader is at (0: none yet)."""
        from bisect import bisect_right

        return bisect_right(self.prompt_lines, self._here())

    def _announce_prompt(self) -> None:
        number = self.current_prompt()
        if number != self._prompt_shown:
            self._prompt_shown = number
            self.post_message(self.PromptChanged(number, len(self.prompt_lines)))

    def _jump_prompt(self, forward: bool) -> None:
        from bisect import bisect_left

        # forward: the first prompt below where the reader is; back: the
        # start of the prompt in view, or the one before when at its start.
        here = self._here()
        index = self.current_prompt() if forward else bisect_left(self.prompt_lines, here) - 1
        if 0 <= index < len(self.prompt_lines):
            self._go(self.prompt_lines[index])
        elif forward and not self.complete:
            self.post_message(self.NeedMore())
        elif not self.prompt_lines:
            self._at_end("No prompts in this conversation")
        else:
            self._at_end("Last prompt" if forward else "First prompt")

    def action_next_prompt(self) -> None:
        self._jump_prompt(True)

    def action_previous_prompt(self) -> None:
        self._jump_prompt(False)

    def scroll_to_marker(self, snapshot_id: str) -> bool:
        line = self.marker_lines.get(snapshot_id)
        if line is None:
            return False
        self._go(line)
        return True

    def _jump(self, forward: bool) -> None:
        here = self._here()
        lines = sorted(self.marker_lines.values())
        targets = (
            [ln for ln in lines if ln > here] if forward else [ln for ln in lines if ln < here]
        )
        if targets:
            self._go(targets[0] if forward else targets[-1])
        elif forward and not self.complete:
            self.post_message(self.NeedMore())
        elif not lines:
            self._at_end("No snapshot markers in this conversation")
        else:
            self._at_end("Last snapshot marker" if forward else "First snapshot marker")

    def action_next_marker(self) -> None:
        self._jump(True)

    def action_previous_marker(self) -> None:
        self._jump(False)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._announce_prompt()
        if not self.complete and new + self.size.height + PREFETCH_LINES >= self.line_count:
            self.post_message(self.NeedMore())
