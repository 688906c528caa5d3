"""A checkpoint laid out for reading: badges, bullets, Markdown for prose."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from ckpt_tui.core.model import LABEL, LIST_FIELDS, Checkpoint, Damaged, DamagedField
from ckpt_tui.ui.render import (
    DAMAGED_TEXT,
    DISPLAY_LINES,
    damaged_badge,
    damaged_value,
    safe,
    safe_block,
    status_badge,
)

#: Prose longer than this is shown as plain text: Markdown parsing of a
#: multi-megabyte string would stall the screen.
MARKDOWN_LIMIT = 20_000
MARKDOWN_FIELDS = ("currentPlan", "notes")


def _label(name: str) -> Text:
    return Text(f"{LABEL.get(name, name)}", style="ckpt--field")


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


#: The fields in the order the detail pane shows them (``]``/``[`` move
#: through them; ``status`` and ``title`` share the first line).
SHOWN_ORDER = ("status", "title", "objective", "summary", "currentPlan", *LIST_FIELDS, "notes")
FOCUS_STYLE = "reverse bold"


def checkpoint_renderable(
    cp: Checkpoint, heading: Text | None = None, focused: str | None = None
) -> RenderableType:
    return Group(*checkpoint_parts(cp, heading, focused)[0])


def checkpoint_parts(
    cp: Checkpoint, heading: Text | None = None, focused: str | None = None
) -> tuple[list[RenderableType], int]:
    """The parts of the layout, and the index of the part where ``focused``
    (a field the pane's cursor is on, drawn reversed) starts."""
    parts: list[RenderableType] = [] if heading is None else [heading]
    at = len(parts)
    parts.append(_title_line(cp, focused))
    parts += _damaged_notice(cp)
    for name in SHOWN_ORDER[2:]:
        parts.append(Text())
        if name == focused:
            at = len(parts)
        parts += _field(name, cp.get(name), focused=name == focused)
    parts += _extra_keys(cp)
    return parts, at


def _title_line(cp: Checkpoint, focused: str | None) -> Text:
    """The status badge and the title, on one line (both can be focused)."""
    status = damaged_badge() if isinstance(cp.status, DamagedField) else status_badge(cp.status)
    if focused == "status":
        status = Text.assemble(("▸", FOCUS_STYLE), status)
    title = Text.assemble(status, " ")
    name_style = "bold " + FOCUS_STYLE if focused == "title" else "bold"
    if isinstance(cp.title, DamagedField):
        title.append("(damaged title)", style=DAMAGED_TEXT)
        title.stylize(name_style, len(title) - len("(damaged title)"))
    else:
        title.append_text(safe(cp.title or "(untitled)", 500, style=name_style))
    if cp.synthesized is True:
        title.append("  placeholder (made by the plugin at compaction)", style="ckpt--placeholder")
    return title


def _damaged_notice(cp: Checkpoint) -> list[RenderableType]:
    """Which fields are damaged, named before anything else: a damaged
    field is never restored, and the person should not have to scroll to
    learn that. The first line's fields are shown as stored here."""
    damaged = cp.damaged_fields()
    if not damaged:
        return []
    parts: list[RenderableType] = [
        Text(
            f"Damaged: {', '.join(LABEL.get(k, k) for k in damaged)}. "
            "Shown as stored; a restore never copies a damaged field.",
            style=DAMAGED_TEXT,
        )
    ]
    for name in ("title", "status", "synthesized"):
        if name in damaged:
            parts.append(Text.assemble(_label(name), "  ", damaged_value(damaged[name])))
    return parts


def _field(name: str, value, *, focused: bool) -> list[RenderableType]:
    """One field: its label (reversed if ``focused``), then its value."""
    if focused:
        label = Text.assemble(("▸ ", FOCUS_STYLE), (LABEL[name], "bold " + FOCUS_STYLE))
    else:
        label = _label(name)
    return [label, *_value(name, value)]


def _value(name: str, value) -> list[RenderableType]:
    """A field's value: damaged, a bullet list (cut at ``DISPLAY_LINES``),
    or prose (Markdown for the plan and the notes)."""
    if isinstance(value, DamagedField):
        return [Text.assemble("  ", damaged_value(value))]
    if name in LIST_FIELDS:
        if not value:
            return [Text("  (none)", style="dim")]
        parts: list[RenderableType] = [
            Text.assemble("  • ", safe(item, 2000)) for item in value[:DISPLAY_LINES]
        ]
        if len(value) > DISPLAY_LINES:
            parts.append(Text(f"  … (+{len(value) - DISPLAY_LINES} more)", style="dim"))
        return parts
    if not value:
        return [Text("  (empty)", style="dim")]
    return [Padding(_prose(name, value), (0, 0, 0, 2))]


def _extra_keys(cp: Checkpoint) -> list[RenderableType]:
    """Payload keys the model does not know, shown as stored."""
    if not cp.extra:
        return []
    return [
        Text(),
        Text("Extra payload keys", style="ckpt--warning-bold"),
        *(
            Text.assemble("  ", safe(key, 100, style="bold"), " = ", safe(repr(value), 2000))
            for key, value in cp.extra.items()
        ),
    ]


def damaged_parts(damaged: Damaged) -> tuple[RenderableType, ...]:
    """A damaged payload, drawn under its heading."""
    parts: list[RenderableType] = []
    parts.append(Text(" DAMAGED PAYLOAD ", style="ckpt--chip-alarm"))
    parts.append(
        Text(f"{damaged.reason}. It is shown raw below and cannot be restored.", style="ckpt--error")
    )
    parts.append(Text())
    parts.append(safe_block(damaged.raw, style="dim"))
    return tuple(parts)
