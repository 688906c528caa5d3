"""A checkpoint laid out for reading: badges, bullets, Markdown for prose."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from ckpt_tui.core.model import LABEL, LIST_FIELDS, Checkpoint, Damaged
from ckpt_tui.ui.render import DISPLAY_LINES, safe, safe_block, status_badge

#: Prose longer than this is shown as plain text: Markdown parsing of a
#: multi-megabyte string would stall the screen.
MARKDOWN_LIMIT = 20_000
MARKDOWN_FIELDS = ("currentPlan", "notes")


def _label(name: str) -> Text:
    return Text(f"{LABEL[name]}", style="ckpt--field")


def _prose(name: str, value: str) -> RenderableType:
    if (
        name in MARKDOWN_FIELDS
        and len(value) <= MARKDOWN_LIMIT
        and value.count("\n") < DISPLAY_LINES
    ):
        from rich.markdown import Markdown  # markdown-it: off the start-up path

        from ckpt_tui.core.text import printable

        # hyperlinks=False: a link shows its address instead of hiding it behind
        # its text (and the terminal gets no OSC 8 link to open).
        return Markdown(printable(value, MARKDOWN_LIMIT, keep_newlines=True), hyperlinks=False)
    return safe_block(value)


def checkpoint_renderable(cp: Checkpoint, heading: Text | None = None) -> RenderableType:
    parts: list[RenderableType] = []
    if heading is not None:
        parts.append(heading)
    title = Text.assemble(
        status_badge(cp.status), " ", safe(cp.title or "(untitled)", 500, style="bold")
    )
    if cp.synthesized:
        title.append("  placeholder (made by the plugin at compaction)", style="ckpt--placeholder")
    parts.append(title)
    for name in ("objective", "summary", "currentPlan", *LIST_FIELDS, "notes"):
        value = cp.get(name)
        parts.append(Text())
        parts.append(_label(name))
        if name in LIST_FIELDS:
            if not value:
                parts.append(Text("  (none)", style="dim"))
            for item in value[:DISPLAY_LINES]:
                parts.append(Text.assemble("  • ", safe(item, 2000)))
            if len(value) > DISPLAY_LINES:
                parts.append(Text(f"  … (+{len(value) - DISPLAY_LINES} more)", style="dim"))
        elif not value:
            parts.append(Text("  (empty)", style="dim"))
        else:
            parts.append(Padding(_prose(name, value), (0, 0, 0, 2)))
    if cp.extra:
        parts.append(Text())
        parts.append(Text("Extra payload keys", style="ckpt--warning-bold"))
        for key, value in cp.extra.items():
            parts.append(
                Text.assemble("  ", safe(key, 100, style="bold"), " = ", safe(repr(value), 2000))
            )
    return Group(*parts)


def damaged_renderable(damaged: Damaged, heading: Text | None = None) -> RenderableType:
    parts: list[RenderableType] = []
    if heading is not None:
        parts.append(heading)
    parts.append(Text(" DAMAGED PAYLOAD ", style="ckpt--chip-alarm"))
    parts.append(
        Text(f"{damaged.reason}. It is shown raw below and cannot be restored.", style="ckpt--error")
    )
    parts.append(Text())
    parts.append(safe_block(damaged.raw, style="dim"))
    return Group(*parts)
