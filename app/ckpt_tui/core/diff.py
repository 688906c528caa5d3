"""A structured diff of two checkpoints, field by field.

Text fields diff as lines, with word-level changes inside a replaced line;
list fields as items added, removed, kept, moved or reworded; status as a
transition. Views (unified, side by side, the one-line change summary) are
built from this, never from raw text.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Sequence
from difflib import SequenceMatcher
from typing import NamedTuple

from ckpt_tui.core.diff_limits import (  # noqa: F401 - the diff's limits, named here too
    MAX_DIFF_ITEMS,
    MAX_DIFF_LINES,
    REWORD_MAX_PAIRS,
    REWORD_RATIO,
    REWORD_UNFILTERED_CHARS,
    WORD_DIFF_MAX_CHARS,
    WORD_DIFF_MAX_PAIRS,
)
from ckpt_tui.core.model import FIELDS, LIST_FIELDS, Checkpoint, DamagedField

_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")


# The value types below are NamedTuples: a 1 MB diff makes tens of
# thousands of them, and a NamedTuple is both made (0.1 ms against 1.4 ms
# for a frozen slotted dataclass, on the start-up path) and instantiated
# faster; without a dataclass here, ``ckpt-tui diff`` imports neither
# ``dataclasses`` nor ``inspect``.


class Segment(NamedTuple):
    text: str
    changed: bool


class Line(NamedTuple):
    """One line of one side; ``segments`` mark the words that changed."""

    number: int
    segments: tuple[Segment, ...]

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.segments)


class LineRun(Sequence):
    """A run of one side's lines, each made when it is read: views fold long
    unchanged runs and show only the start of a huge change, so a run of
    10,000 (or a million) lines costs nothing until it is looked at."""

    __slots__ = ("_lines", "_start", "_stop", "_changed")

    def __init__(self, lines: list[str], start: int, stop: int, changed: bool = False) -> None:
        self._lines, self._start, self._stop, self._changed = lines, start, stop, changed

    def __len__(self) -> int:
        return self._stop - self._start

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        i = self._start + index
        return Line(i + 1, (Segment(self._lines[i], self._changed),))

    def __iter__(self):
        # Sequence's own __iter__ goes through __getitem__ line by line: a
        # million-line run printed by ``ckpt-tui diff`` spent most of its time there.
        lines, changed = self._lines, self._changed
        for i in range(self._start, self._stop):
            yield Line(i + 1, (Segment(lines[i], changed),))

    def texts(self) -> list[str]:
        """The run's lines as text, without a :class:`Line` made for each."""
        return self._lines[self._start : self._stop]

    def __add__(self, other: Sequence) -> tuple:
        return (*self, *other)

    def __radd__(self, other: Sequence) -> tuple:
        return (*other, *self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))


def line_texts(lines: Sequence[Line]) -> list[str]:
    """The text of each line (a :class:`LineRun`'s straight from its source)."""
    return lines.texts() if isinstance(lines, LineRun) else [line.text for line in lines]


class Block(NamedTuple):
    """``equal``, ``delete``, ``insert`` or ``replace``, with both sides' lines."""

    tag: str
    old: tuple[Line, ...]
    new: tuple[Line, ...]


class Item(NamedTuple):
    """``kept``, ``added``, ``removed``, ``moved`` or ``reworded``."""

    kind: str
    text: str
    old_index: int | None = None
    new_index: int | None = None
    old_text: str | None = None
    segments: tuple[Segment, ...] = ()


class FieldDiff(NamedTuple):
    name: str
    #: "text", "list" or "status"; "damaged" when either side is a
    #: :class:`DamagedField` (then ``old`` and ``new`` are the values as they
    #: are, damaged or not, and nothing is compared inside them)
    kind: str
    old: object
    new: object
    changed: bool
    blocks: tuple[Block, ...] = ()
    items: tuple[Item, ...] = ()
    #: Too large for a full comparison (:data:`MAX_DIFF_LINES`,
    #: :data:`MAX_DIFF_ITEMS`): the common start and end are matched and
    #: the middle is one change.
    coarse: bool = False

    def counts(self) -> Counter:
        return Counter(item.kind for item in self.items)


class CheckpointDiff(NamedTuple):
    fields: tuple[FieldDiff, ...]
    extra_changed: tuple[str, ...] = ()

    @property
    def changed(self) -> tuple[FieldDiff, ...]:
        return tuple(f for f in self.fields if f.changed)

    @property
    def changed_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.changed)

    def field(self, name: str) -> FieldDiff:
        return next(f for f in self.fields if f.name == name)

    @property
    def is_empty(self) -> bool:
        return not self.changed


def _word_pair(old: str, new: str) -> tuple[tuple[Segment, ...], tuple[Segment, ...]]:
    if len(old) > WORD_DIFF_MAX_CHARS or len(new) > WORD_DIFF_MAX_CHARS:
        return (Segment(old, True),), (Segment(new, True),)
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    left: list[Segment] = []
    right: list[Segment] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if i2 > i1:
            left.append(Segment("".join(a[i1:i2]), tag != "equal"))
        if j2 > j1:
            right.append(Segment("".join(b[j1:j2]), tag != "equal"))
    return _merge(left), _merge(right)


def _merge(segments: list[Segment]) -> tuple[Segment, ...]:
    """Join neighbours of the same kind; blank gaps between two changes
    count as changed, so ``drop the old`` reads as one changed run."""
    out: list[Segment] = []
    for i, seg in enumerate(segments):
        changed = seg.changed
        if not changed and not seg.text.strip() and 0 < i < len(segments) - 1:
            changed = segments[i - 1].changed and segments[i + 1].changed
        if out and out[-1].changed == changed:
            out[-1] = Segment(out[-1].text + seg.text, changed)
        else:
            out.append(Segment(seg.text, changed))
    return tuple(out)


def common_ends(a: Sequence, b: Sequence) -> tuple[int, int]:
    """How many leading and trailing elements ``a`` and ``b`` share."""
    n = min(len(a), len(b))
    head = 0
    while head < n and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return head, tail


def _opcodes(a: Sequence, b: Sequence, limit: int, **matcher_options) -> tuple[list, bool]:
    """SequenceMatcher's opcodes, and whether they are coarse: above
    ``limit``, the common start and end are equal, and what lies between is
    compared in full only if it is within ``limit``, else it is one change."""
    if max(len(a), len(b)) <= limit:
        return SequenceMatcher(None, a, b, **matcher_options).get_opcodes(), False
    head, tail = common_ends(a, b)
    a_end, b_end = len(a) - tail, len(b) - tail
    coarse = max(a_end - head, b_end - head) > limit
    if not coarse:
        inner = SequenceMatcher(None, a[head:a_end], b[head:b_end], **matcher_options)
        codes = [
            (tag, i1 + head, i2 + head, j1 + head, j2 + head)
            for tag, i1, i2, j1, j2 in inner.get_opcodes()
            if i1 < i2 or j1 < j2
        ]
    elif head < a_end and head < b_end:
        codes = [("replace", head, a_end, head, b_end)]
    elif head < a_end:
        codes = [("delete", head, a_end, head, b_end)]
    else:
        codes = [("insert", head, a_end, head, b_end)]
    out = [("equal", 0, head, 0, head)] if head else []
    out += codes
    if tail:
        out.append(("equal", a_end, len(a), b_end, len(b)))
    return out, coarse


def diff_text(old: str, new: str) -> tuple[tuple[Block, ...], bool]:
    """Line blocks, and whether the texts were too long to compare in full."""
    a, b = old.splitlines(), new.splitlines()
    blocks: list[Block] = []
    opcodes, coarse = _opcodes(a, b, MAX_DIFF_LINES)
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "replace" and max(i2 - i1, j2 - j1) <= WORD_DIFF_MAX_PAIRS:
            olds, news = [], []
            for k in range(max(i2 - i1, j2 - j1)):
                o = a[i1 + k] if i1 + k < i2 else None
                n = b[j1 + k] if j1 + k < j2 else None
                if o is not None and n is not None:
                    left, right = _word_pair(o, n)
                    olds.append(Line(i1 + k + 1, left))
                    news.append(Line(j1 + k + 1, right))
                elif o is not None:
                    olds.append(Line(i1 + k + 1, (Segment(o, True),)))
                else:
                    news.append(Line(j1 + k + 1, (Segment(n or "", True),)))
            blocks.append(Block(tag, tuple(olds), tuple(news)))
        elif tag == "equal":
            blocks.append(Block(tag, LineRun(a, i1, i2), LineRun(b, j1, j2)))
        else:
            blocks.append(Block(tag, LineRun(a, i1, i2, True), LineRun(b, j1, j2, True)))
    return tuple(blocks), coarse


def diff_items(
    old: tuple[str, ...], new: tuple[str, ...], *, words: bool = True
) -> tuple[tuple[Item, ...], bool]:
    """Items in the new order, removed ones placed where they stood, and
    whether the comparison was coarse (too long a list, or a changed block
    too big to pair rewordings in).

    ``kept`` items are the longest run-preserving match; an item that is in
    both lists but outside that match ``moved``; a removed item that closely
    resembles an added one at the same place was ``reworded``.

    Long because the matching, the bounds of very large lists and the
    reword pairing share one pass over the opcodes and its state; the
    reword pairing would be split out with any rework of it.
    """
    removed: dict[int, str] = {}
    added: dict[int, str] = {}
    kept: dict[int, int] = {}
    block_of: dict[tuple[str, int], int] = {}  # which changed block an item is in
    opcodes, coarse = _opcodes(list(old), list(new), MAX_DIFF_ITEMS, autojunk=False)
    for block, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            for k in range(i2 - i1):
                kept[j1 + k] = i1 + k
        else:
            removed.update({i: old[i] for i in range(i1, i2)})
            added.update({j: new[j] for j in range(j1, j2)})
            block_of.update({("old", i): block for i in range(i1, i2)})
            block_of.update({("new", j): block for j in range(j1, j2)})
    # Moves: the same text removed in one place and added in another.
    moved: dict[int, int] = {}
    free_old: dict[str, deque[int]] = {}
    for i, text in sorted(removed.items()):
        free_old.setdefault(text, deque()).append(i)
    for j, text in sorted(added.items()):
        if free_old.get(text):
            i = free_old[text].popleft()
            moved[j] = i
            del removed[i]
    for j in moved:
        del added[j]
    # Rewordings: a removed and an added item in the same changed block that
    # are mostly the same words (not looked for in a block too big to pair).
    reworded: dict[int, int] = {}
    removed_in: dict[int, dict[int, str]] = {}  # block -> the removed items still unpaired
    for i, text in sorted(removed.items()):
        removed_in.setdefault(block_of[("old", i)], {})[i] = text
    pairs_in = {b: len(live) for b, live in removed_in.items()}
    added_in = Counter(block_of[("new", j)] for j in added)
    unfiltered = REWORD_UNFILTERED_CHARS
    for j, text in sorted(added.items()):
        here = block_of[("new", j)]
        live = removed_in.get(here, {})
        if added_in[here] * pairs_in.get(here, 0) > REWORD_MAX_PAIRS:
            coarse = True
            continue
        cost = len(text) * len(live) + sum(map(len, live.values()))
        if cost <= unfiltered:  # the prefilter only drops what _closest would not pick
            unfiltered -= cost
            best = _closest(text, sorted(live), live)
        else:
            best = _closest(text, _similar(text, live), live)
        if best is not None:
            reworded[j] = best
            del removed[best], live[best]
    for j in reworded:
        del added[j]

    out: list[Item] = []
    pending_removed = sorted(removed)
    next_removed = 0
    for j, text in enumerate(new):
        old_pos = kept.get(j, moved.get(j, reworded.get(j)))
        while (
            next_removed < len(pending_removed)
            and old_pos is not None
            and pending_removed[next_removed] < old_pos
        ):
            i = pending_removed[next_removed]
            next_removed += 1
            out.append(Item("removed", old[i], old_index=i))
        if j in kept:
            out.append(Item("kept", text, kept[j], j))
        elif j in moved:
            out.append(Item("moved", text, moved[j], j))
        elif j in reworded:
            i = reworded[j]
            _, right = _word_pair(old[i], text) if words else ((), ())
            out.append(Item("reworded", text, i, j, old_text=old[i], segments=right))
        else:
            out.append(Item("added", text, new_index=j))
    out.extend(Item("removed", old[i], old_index=i) for i in pending_removed[next_removed:])
    return tuple(out), coarse


def _similar(text: str, live: dict[int, str]) -> list[int]:
    """The unpaired removed items (in their order) that may be a rewording
    of ``text``.

    rapidfuzz's ``ratio`` is 2·LCS/(len a + len b) and SequenceMatcher's is
    2·M/(len a + len b) with M the size of a common subsequence, so the first
    is never below the second: an item under the threshold here cannot reach
    it in :func:`_closest`. It runs in C over the whole block, which makes a
    600 × 600 block of rewordings take milliseconds instead of seconds."""
    from rapidfuzz import fuzz, process

    cutoff = REWORD_RATIO * 100 - 1e-6
    found = process.extract(text, live, scorer=fuzz.ratio, score_cutoff=cutoff, limit=None)
    return sorted(key for _, _, key in found)


def _closest(text: str, candidates: list[int], removed: dict[int, str]) -> int | None:
    """The removed item most like ``text`` by SequenceMatcher's ratio (the
    last of equals), at least :data:`REWORD_RATIO`; None if there is none."""
    best, best_ratio = None, REWORD_RATIO
    matcher = SequenceMatcher(None, "", text)  # indexes ``text`` once
    for i in candidates:
        matcher.set_seq1(removed[i])
        # the quick ratios are upper bounds of ratio(): same result, less work
        if (
            matcher.real_quick_ratio() >= best_ratio
            and matcher.quick_ratio() >= best_ratio
            and (ratio := matcher.ratio()) >= best_ratio
        ):
            best, best_ratio = i, ratio
    return best


def diff_checkpoints(old: Checkpoint, new: Checkpoint, *, detail: bool = True) -> CheckpointDiff:
    """Field by field, in :data:`FIELDS` order, from ``old`` to ``new``.

    ``detail=False`` is what :func:`ckpt_tui.core.summary.change_summary` needs and no more: text
    fields get no line blocks and reworded items no word segments.
    """
    fields: list[FieldDiff] = []
    for name in FIELDS:
        a, b = old.get(name), new.get(name)
        changed = a != b
        if isinstance(a, DamagedField) or isinstance(b, DamagedField):
            fields.append(FieldDiff(name, "damaged", a, b, changed))
        elif name == "status":
            fields.append(FieldDiff(name, "status", a, b, changed))
        elif name in LIST_FIELDS:
            items, coarse = (
                diff_items(a, b, words=detail)
                if changed
                else (tuple(Item("kept", t, i, i) for i, t in enumerate(b)), False)
            )
            fields.append(FieldDiff(name, "list", a, b, changed, items=items, coarse=coarse))
        else:
            blocks, coarse = diff_text(a, b) if changed and detail else ((), False)
            fields.append(FieldDiff(name, "text", a, b, changed, blocks=blocks, coarse=coarse))
    extra_keys = sorted(set(old.extra) | set(new.extra))
    extra_changed = tuple(k for k in extra_keys if old.extra.get(k) != new.extra.get(k))
    return CheckpointDiff(tuple(fields), extra_changed)
