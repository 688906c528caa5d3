"""A structured diff as plain text lines (the command line's ``diff``)."""

from __future__ import annotations

from ckpt_tui.core.diff import CheckpointDiff
from ckpt_tui.core.model import LABEL, DamagedField
from ckpt_tui.core.text import printable
from ckpt_tui.plural import counted

_ITEM_MARK = {"added": "+", "removed": "-", "kept": " ", "moved": "↕", "reworded": "~"}


def value_lines(value: object) -> list[str]:
    """A whole value as lines: a damaged one on one line, saying so."""
    if isinstance(value, DamagedField):
        return [f"DAMAGED ({value.reason}): {printable(value.shown(), 2000)}"]
    if isinstance(value, tuple):
        return [f"• {item}" for item in value] or ["(none)"]
    return str(value).split("\n")


def unified_lines(diff: CheckpointDiff, context: int = 2) -> list[str]:
    out: list[str] = []
    for f in diff.changed:
        out.append(f"@@ {LABEL[f.name]} ({f.name})")
        if f.coarse:
            out.append(
                "(too large to compare in full: some changes are shown as plain removals and additions)"
            )
        if f.kind == "damaged":
            out.extend(f"- {line}" for line in value_lines(f.old))
            out.extend(f"+ {line}" for line in value_lines(f.new))
        elif f.kind == "status":
            out.append(f"  {f.old} → {f.new}")
        elif f.kind == "list":
            for item in f.items:
                if item.kind == "reworded":
                    out.append(f"- {item.old_text}")
                    out.append(f"+ {item.text}")
                elif item.kind == "moved":
                    out.append(
                        f"↕ {item.text}  (was #{item.old_index + 1}, now #{item.new_index + 1})"
                    )
                else:
                    out.append(f"{_ITEM_MARK[item.kind]} {item.text}")
        else:
            for block in f.blocks:
                if block.tag == "equal":
                    lines = block.old
                    if len(lines) > 2 * context:
                        out.extend(f"  {ln.text}" for ln in lines[:context])
                        out.append(f"  … {counted(len(lines) - 2 * context, 'unchanged line')}")
                        out.extend(f"  {ln.text}" for ln in lines[-context:])
                    else:
                        out.extend(f"  {ln.text}" for ln in lines)
                else:
                    out.extend(f"- {ln.text}" for ln in block.old)
                    out.extend(f"+ {ln.text}" for ln in block.new)
    unchanged = [
        LABEL[f.name] + (" (damaged)" if f.kind == "damaged" else "")
        for f in diff.fields
        if not f.changed
    ]
    if unchanged:
        out.append(f"(unchanged: {', '.join(unchanged)})")
    return out
