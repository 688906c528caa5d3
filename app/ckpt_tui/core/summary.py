"""The one-line change summary of a history row: ``+2 next  -1 blocker
status→done``, from a diff or straight from two checkpoints."""

from __future__ import annotations

from collections import Counter

from ckpt_tui.core.diff import MAX_DIFF_ITEMS, CheckpointDiff, diff_items
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
            counts = _ordered_counts(a, b)
            if counts is None:
                counts = Counter(item.kind for item in diff_items(a, b, words=False)[0])
            changes.append((name, "list", b, counts))
        else:
            changes.append((name, "text", b, None))
    extra = sum(1 for k in set(old.extra) | set(new.extra) if old.extra.get(k) != new.extra.get(k))
    return _summary_line(changes, extra)


def _ordered_counts(a: tuple[str, ...], b: tuple[str, ...]) -> Counter | None:
    """``added``/``removed`` counts when ``diff_items`` can only find those:
    no item occurs twice in a list, the items both lists hold are in the
    same order, and no gap between two of them both loses and gains items.
    Else None.

    Why that is exact: with unique items kept in order, every common item
    lies in the same region of SequenceMatcher's recursion in both lists,
    so all of them are matched and the changed blocks are the gaps between
    them; nothing removed is added elsewhere (no moves), and a rewording
    pairs a removed and an added item of one block, which no gap has. Covers
    the one-place edit (items appended, or taken off one end or from the
    middle) and most saves that change a list in two places."""
    if max(len(a), len(b)) > MAX_DIFF_ITEMS:
        return None  # the coarse comparison of a huge list says otherwise
    in_a, in_b = set(a), set(b)
    if len(in_a) != len(a) or len(in_b) != len(b):
        return None
    i = j = 0
    while True:
        lost = gained = 0
        while i < len(a) and a[i] not in in_b:
            i, lost = i + 1, lost + 1
        while j < len(b) and b[j] not in in_a:
            j, gained = j + 1, gained + 1
        if lost and gained:
            return None  # a changed block with both: rewordings are possible
        if i == len(a) or j == len(b):
            if i != len(a) or j != len(b):
                return None  # a common item is left on one side only: out of order
            break
        if a[i] != b[j]:
            return None  # common items in another order: moves
        i, j = i + 1, j + 1
    common = len(in_a & in_b)
    return Counter(added=len(b) - common, removed=len(a) - common)


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
