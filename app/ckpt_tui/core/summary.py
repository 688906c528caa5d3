"""The one-line change summary of a history row: ``+2 next  -1 blocker
status→done``, from a diff or straight from two checkpoints."""

from __future__ import annotations

from collections import Counter

from ckpt_tui.core.diff import CheckpointDiff, common_ends, diff_items
from ckpt_tui.core.model import FIELDS, LIST_FIELDS, Checkpoint, DamagedField

_SHORT = {
    "completedSteps": "done",
    "nextSteps": "next",
    "blockers": "blocker",
    "filesTouched": "file",
    "currentPlan": "plan",
}


def change_summary(diff: CheckpointDiff) -> str:
    """``+2 next  -1 blocker  status→done``: one line for a history row."""
    return _summary_line(
        ((f.name, f.kind, f.new, f.counts() if f.kind == "list" else None) for f in diff.changed),
        len(diff.extra_changed),
    )


def summarize(old: Checkpoint, new: Checkpoint) -> str:
    """The same line as ``change_summary(diff_checkpoints(old, new))``, for
    history rows, without building the diff: a list changed in one place
    only (items appended, or taken off one end or from the middle, which is
    what most saves do) is counted directly; only other list changes are
    paired item by item. Tested equal to the full diff on random histories."""
    changes = []
    for name in FIELDS:
        a, b = old.get(name), new.get(name)
        if a == b:
            continue
        if isinstance(a, DamagedField) or isinstance(b, DamagedField):
            changes.append((name, "damaged", b, None))
        elif name == "status":
            changes.append((name, "status", b, None))
        elif name in LIST_FIELDS:
            counts = _one_place_counts(a, b)
            if counts is None:
                counts = Counter(item.kind for item in diff_items(a, b, words=False)[0])
            changes.append((name, "list", b, counts))
        else:
            changes.append((name, "text", b, None))
    extra = sum(1 for k in set(old.extra) | set(new.extra) if old.extra.get(k) != new.extra.get(k))
    return _summary_line(changes, extra)


def _one_place_counts(a: tuple[str, ...], b: tuple[str, ...]) -> Counter | None:
    """``added``/``removed`` counts when ``b`` is ``a`` with items inserted at
    one place, or removed from one place, and no item occurs twice (with
    duplicates the matcher may pair them otherwise); else None."""
    head, tail = common_ends(a, b)
    if head + tail < min(len(a), len(b)) or len(set(a)) != len(a) or len(set(b)) != len(b):
        return None
    if len(b) > len(a):
        return Counter(added=len(b) - len(a))
    return Counter(removed=len(a) - len(b))


def _summary_line(changes, extra_changed: int) -> str:
    parts: list[str] = []
    for name, kind, new, counts in changes:
        label = _SHORT.get(name, name)
        if kind == "damaged":
            parts.append(f"{label} damaged" if isinstance(new, DamagedField) else f"{label}~")
        elif kind == "status":
            parts.append(f"status→{new}")
        elif kind == "list":
            for what, sign in (("added", "+"), ("removed", "-"), ("reworded", "~"), ("moved", "↕")):
                if counts[what]:
                    plural = "s" if counts[what] > 1 and label in ("blocker", "file") else ""
                    parts.append(f"{sign}{counts[what]} {label}{plural}")
        else:
            parts.append(f"{label}~")
    if extra_changed:
        parts.append(f"extra~{extra_changed}")
    return "  ".join(parts) if parts else "no change"
