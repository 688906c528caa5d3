"""A checkpoint and a structured diff as text lines: what ``show`` prints,
``diff``'s human format, and ``diff --format patch``.

Human text names fields and statuses as the app does (``Next``,
``in progress``); JSON keeps the stored keys and values.

The patch format is a unified diff (``difflib.unified_diff``) of the two
checkpoints rendered as ``show`` prints them, so it applies to that text:
``ckpt-tui show S --snapshot A > S.txt`` then ``ckpt-tui diff S A --format
patch | patch S.txt`` turns the file into the current checkpoint's text.
Both sides are named ``a/<session>.txt`` and ``b/<session>.txt`` (the id
with anything outside ``[A-Za-z0-9._-]`` made ``_``), and the first line
says which versions they are, before the ``---`` line as tools expect.
"""

from __future__ import annotations

import re

from ckpt_tui.cli.output import paint, paint_status
from ckpt_tui.core.model import DamagedField
from ckpt_tui.core.text import printable
from ckpt_tui.fields import FIELDS, LABEL, LIST_FIELDS, status_label
from ckpt_tui.plural import counted

#: ``typing.TYPE_CHECKING`` without importing ``typing``: ``show`` prints a
#: checkpoint without the diff module.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ckpt_tui.core.diff import CheckpointDiff

_ITEM_MARK = {"added": "+", "removed": "-", "kept": " ", "moved": "↕", "reworded": "~"}
_MARK_STYLE = {"+": "added", "-": "removed", "↕": "moved", "~": "moved"}


# -- a checkpoint as text ---------------------------------------------------------


def field_lines(name: str, value: object) -> list[str]:
    """One field as ``show`` prints it: ``Label: value`` for one line,
    else the label and the lines (list items as ``  - item``) under it."""
    label = LABEL[name]
    if isinstance(value, DamagedField):
        return [f"{label}: DAMAGED ({value.reason}): {_one_line(value.shown(), 2000)}"]
    if name in LIST_FIELDS:
        items: list[str] = []
        for item in value:  # type: ignore[attr-defined]
            first, *more = str(item).split("\n")
            items += [f"  - {_one_line(first)}", *(f"    {_one_line(line)}" for line in more)]
        return [f"{label}:", *(items or ["  (none)"])]
    text = str(value)
    if name == "status":
        return [f"{label}: {_one_line(status_label(text))}"]
    if "\n" in text:
        return [f"{label}:", *(f"  {_one_line(line)}" for line in text.split("\n"))]
    return [f"{label}: {_one_line(text)}"]


def _one_line(text: str, limit: int = 100_000) -> str:
    """Store text made printable, with a CR or any other control escaped."""
    return printable(text, limit)


def painted(line: str) -> str:
    """A line of :func:`field_lines` in colour: the label bold, a status in its own."""
    label, sep, rest = line.partition(": ")
    if line.startswith(" ") or not sep or label not in LABEL.values():
        return paint(line, "bold") if line.endswith(":") and not line.startswith(" ") else line
    if label == LABEL["status"]:
        from ckpt_tui.fields import STATUS_LABEL

        raw = next((k for k, v in STATUS_LABEL.items() if v == rest), rest)
        return f"{paint(label, 'bold')}: {paint_status(raw)}"
    return f"{paint(label, 'bold')}: {rest}"


def side_lines(diff: CheckpointDiff, side: str) -> list[str]:
    """The fields of one side of ``diff`` (``old`` or ``new``) as ``show``
    prints them, in :data:`FIELDS` order."""
    by_name = {f.name: f for f in diff.fields}
    out: list[str] = []
    for name in FIELDS:
        if name in by_name:
            out += field_lines(name, getattr(by_name[name], side))
    return out


# -- the human diff -------------------------------------------------------------------


def value_lines(value: object) -> list[str]:
    """A whole value as lines: a damaged one on one line, saying so."""
    if isinstance(value, DamagedField):
        return [f"DAMAGED ({value.reason}): {printable(value.shown(), 2000)}"]
    if isinstance(value, tuple):
        return [f"• {item}" for item in value] or ["(none)"]
    return str(value).split("\n")


def unified_lines(diff: CheckpointDiff, context: int = 2) -> list[str]:
    """The changed fields, each under ``@@ Label``, as a person reads them."""
    from ckpt_tui.core.diff import line_texts  # loaded with the diff (``show`` needs neither)

    out: list[str] = []
    for f in diff.changed:
        out.append(f"@@ {LABEL[f.name]}")
        if f.coarse:
            out.append(
                "(too large to compare in full: some changes are shown as plain removals and additions)"
            )
        if f.kind == "damaged":
            out.extend(f"- {line}" for line in value_lines(f.old))
            out.extend(f"+ {line}" for line in value_lines(f.new))
        elif f.kind == "status":
            out.append(f"  {status_label(str(f.old))} → {status_label(str(f.new))}")
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
                    # a coarse diff of a million lines: its texts, no Line made for each
                    out.extend(["- " + text for text in line_texts(block.old)])
                    out.extend(["+ " + text for text in line_texts(block.new)])
    unchanged = [
        LABEL[f.name] + (" (damaged)" if f.kind == "damaged" else "")
        for f in diff.fields
        if not f.changed
    ]
    if unchanged:
        out.append(f"(unchanged: {', '.join(unchanged)})")
    return out


def diff_painted(line: str) -> str:
    """A line of :func:`unified_lines` or :func:`patch_lines` in colour, as git colours a diff."""
    if line.startswith(("@@", "---", "+++")):
        return paint(line, "bold" if line[0] != "@" else "hunk")
    return paint(line, _MARK_STYLE.get(line[:1]))


# -- the patch ------------------------------------------------------------------------


def patch_lines(diff: CheckpointDiff, session_id: str, old_label: str, new_label: str) -> list[str]:
    """A unified diff of the two sides as ``show`` prints them (see the
    module docstring); no lines when nothing differs."""
    import difflib

    name = re.sub(r"[^A-Za-z0-9._-]", "_", session_id)[:200] or "checkpoint"
    body = list(
        difflib.unified_diff(
            side_lines(diff, "old"),
            side_lines(diff, "new"),
            f"a/{name}.txt",
            f"b/{name}.txt",
            lineterm="",
        )
    )
    if not body:
        return []
    heading = f"ckpt-tui diff {printable(session_id, 200)}: {printable(old_label, 200)} -> {printable(new_label, 200)}"
    return [heading, *body]
