"""A conversation as terminal rows: messages, parts, and snapshot markers.

Rows are made page by page as messages arrive; a snapshot's marker goes
just before the first message created after the snapshot was captured, so
the reader sees what was happening when it was taken.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text

from ckpt_tui import timeutil
from ckpt_tui.conversation import (
    ConversationMessage,
    OtherPart,
    ReasoningPart,
    TextPart,
    ToolPart,
    fold,
)
from ckpt_tui.plural import counted
from ckpt_tui.records import SnapshotRow
from ckpt_tui.ui.render import kind_badge, safe, safe_block

ROLE_STYLE = {"user": "ckpt--role-user", "assistant": "ckpt--role-assistant"}
STATUS_MARK = {
    "completed": ("✓", "ckpt--success"),
    "error": ("✗", "ckpt--error"),
    "running": ("…", "ckpt--warning"),
}
PART_LIMIT = 20_000


def _time(moment) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S") if moment else "?"


def _duration(ms: int | None) -> str:
    if ms is None:
        return ""
    return f"{ms} ms" if ms < 1000 else f"{ms / 1000:.1f} s"


def tool_rows(part: ToolPart, show_detail: bool) -> Iterator[Text]:
    """A tool call: one line (tool, status, time, title) and its error;
    with ``show_detail`` its input field by field and its output, each
    folded when long; without, the line says what detail there is."""
    mark, colour = STATUS_MARK.get(part.status, ("·", "dim"))
    line = Text.assemble(
        ("  ⚙ ", "bold"),
        safe(part.tool, 80, style="bold"),
        "  ",
        (f"{mark} {part.status}", colour),
    )
    if part.duration_ms is not None:
        line.append(f"  {_duration(part.duration_ms)}", style="dim")
    if part.title:
        line.append("  ")
        line.append_text(safe(part.title, 300, style="dim"))
    fields = part.input_fields()
    if not show_detail and (fields or part.output is not None):
        what = ["input"] if fields else []
        if part.output is not None:
            lines = part.output.count("\n") + 1
            what.append(f"{counted(lines, 'line')} of output")
        line.append(f"  ▸ {' · '.join(what)} (t shows)", style="dim italic")
    yield line
    if part.error:
        yield Text.assemble("    ", safe(part.error, 2000, style="ckpt--error"))
    if not show_detail:
        return
    for name, value in fields:
        yield from _detail_block(name, value)
    if part.output is not None:
        yield from _detail_block("output", part.output)


def _detail_block(label: str, value: str) -> Iterator[Text]:
    """``label: value`` under a tool line, folded after FOLD_LINES lines."""
    shown = fold(value)
    first, *rest = safe_block(shown.text, PART_LIMIT).split("\n", allow_blank=True)
    yield Text.assemble("    ", (f"{label}: ", "dim"), first)
    for line in rest:
        yield Text.assemble("      ", line)
    if shown.folded:
        yield Text(f"      {shown.rest()}", style="dim italic")


def _block(text: str, style: str = "") -> Iterator[Text]:
    """A message's text, one row per line, each indented under its heading
    (a row is one line: the view wraps rows, it does not break them)."""
    for line in safe_block(text, PART_LIMIT, style=style).split("\n", allow_blank=True):
        yield Text.assemble("  ", line)


def message_rows(
    message: ConversationMessage, show_reasoning: bool, show_tools: bool = False
) -> Iterator[Text]:
    head = Text.assemble(("── ", "dim"), (message.role, ROLE_STYLE.get(message.role, "bold")))
    details = [d for d in (message.agent, message.model) if d]
    if details:
        head.append(" · " + " · ".join(details), style="dim")
    head.append(f" · {_time(message.created)}", style="dim")
    yield head
    for part in message.parts:
        if isinstance(part, TextPart):
            if part.text.strip():
                yield from _block(part.text)
        elif isinstance(part, ReasoningPart):
            lines = part.text.count("\n") + 1
            if show_reasoning:
                yield from _block(part.text, style="dim italic")
            else:
                yield Text(
                    f"  ▸ reasoning · {counted(lines, 'line')} (r shows)",
                    style="dim italic",
                )
        elif isinstance(part, ToolPart):
            yield from tool_rows(part, show_tools)
        elif isinstance(part, OtherPart):
            yield Text.assemble(
                ("  · ", "dim"), safe(f"{part.type}: {part.summary}", 300, style="dim")
            )
    if message.error is not None:
        yield Text.assemble(
            ("  ⚠ ", "ckpt--error-bold"),
            safe(f"{message.error.name}: {message.error.message}", 2000, style="ckpt--error-bold"),
        )
    yield Text()


def marker_row(snapshot: SnapshotRow) -> Text:
    return Text.assemble(
        ("◆ ", "ckpt--marked"),
        ("snapshot ", "ckpt--marked"),
        safe(snapshot.name, 200, style="bold"),
        " ",
        kind_badge(snapshot.kind),
        (f" captured {timeutil.short(snapshot.captured_at)}", "ckpt--marked"),
    )
