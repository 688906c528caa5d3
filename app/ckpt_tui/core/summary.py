"""The one-line change summary of a history row: ``+2 next  -1 blocker
status→done``, from a diff, straight from two checkpoints, or from the
payload texts of a page of rows (:func:`payload_summaries`, what the
history list asks for).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from difflib import SequenceMatcher
from functools import partial
from itertools import compress
from operator import itemgetter, ne

from ckpt_tui.core.diff_limits import MAX_DIFF_ITEMS, REWORD_RATIO, REWORD_UNFILTERED_CHARS
from ckpt_tui.core.model import (
    FIELDS,
    LIST_FIELDS,
    META_KEYS,
    TEXT_FIELDS,
    Checkpoint,
    DamagedField,
    _list_value,
    _text_value,
    loads,
    status_label,
)

TYPE_CHECKING = False  # typing is not needed at run time
if TYPE_CHECKING:
    from ckpt_tui.core.diff import CheckpointDiff

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
    return _line(
        [old.get(name) for name in FIELDS],
        [new.get(name) for name in FIELDS],
        _extra_changed(old.extra, new.extra),
    )


#: Per field, in FIELDS order: its short label, how it is summed up, and
#: its word when it changed as a whole.
_TEXT, _STATUS, _LIST_KIND = "text", "status", "list"
_HOW = tuple(
    (
        _SHORT.get(name, name),
        _LIST_KIND if name in LIST_FIELDS else _STATUS if name == "status" else _TEXT,
        f"{_SHORT.get(name, name)}~",
    )
    for name in FIELDS
)
_INDEXES = range(len(FIELDS))
_COUNTED = (("added", "+"), ("removed", "-"), ("reworded", "~"), ("moved", "↕"))


def _counted_parts(label: str, counts: tuple[int, ...]) -> tuple[str, ...]:
    """A list field's parts for its counts (in :data:`_COUNTED` order)."""
    plural = f"{label}s" if label in ("blocker", "file") else label
    return tuple(
        f"{sign}{n} {plural if n > 1 else label}"
        for n, (_, sign) in zip(counts, _COUNTED, strict=True)
        if n
    )


#: Per field: when a list, the parts of the counts seen so far, by counts
#: (made once each: formatting them was a sixth of a history page's lines);
#: ``_STATUS``; or None for a text field (its word is in :data:`_HOW`).
_PARTS: tuple[dict[tuple[int, ...], tuple[str, ...]] | str | None, ...] = tuple(
    {} if how is _LIST_KIND else _STATUS if how is _STATUS else None for _, how, _ in _HOW
)
#: Counts kept per field at most (the counts of usual saves are few).
MAX_KEPT_PARTS = 256


def _line(old: Sequence, new: Sequence, extra_changed: int) -> str:
    """The line for two checkpoints' field values (in :data:`FIELDS`
    order) and their count of changed unknown keys: what ``_summary_line``
    makes of the full diff's changes, made in one pass."""
    parts: list[str] = []
    if old != new:
        for i in compress(_INDEXES, map(ne, old, new)):  # the fields that differ, found in C
            a, b, counted = old[i], new[i], _PARTS[i]
            if a.__class__ is DamagedField or b.__class__ is DamagedField:
                label, _, changed = _HOW[i]
                parts.append(f"{label} damaged" if b.__class__ is DamagedField else changed)
            elif counted is None:
                parts.append(_HOW[i][2])  # a text field, changed
            elif counted is _STATUS:
                parts.append(f"status→{status_label(b) if isinstance(b, str) else b}")
            else:
                counts = _ordered_counts(a, b) or _diff_counts(a, b)
                found = counted.get(counts)
                if found is None:
                    found = _counted_parts(_HOW[i][0], counts)
                    if len(counted) < MAX_KEPT_PARTS:
                        counted[counts] = found
                parts += found
    if extra_changed:
        parts.append(f"extra~{extra_changed}")
    return "  ".join(parts) if parts else "no change"


def _diff_counts(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[int, ...]:
    """What ``diff_items`` counts, in :data:`_COUNTED` order: the diff
    engine, off the start-up path (``core.diff_limits``)."""
    from ckpt_tui.core.diff import diff_items

    counts = Counter(item.kind for item in diff_items(a, b, words=False)[0])
    return tuple(counts[what] for what, _ in _COUNTED)


def _extra_changed(old: Mapping, new: Mapping) -> int:
    """How many unknown payload keys differ (``Checkpoint.extra``)."""
    if not old and not new:
        return 0
    return sum(1 for k in old.keys() | new.keys() if old.get(k) != new.get(k))


# -- from payload texts --------------------------------------------------------
# A history page asks for the lines of its rows: 61 payloads for 60 rows.
# Building a Checkpoint for each (``model.decode``) and comparing them field
# by field cost four times reading them; here each payload is decoded once
# into the values a Checkpoint would hold (``_fields``), and a pair is
# compared as two tuples before any field is looked at.

_KNOWN = frozenset((*FIELDS, *META_KEYS))
_TEXTS = frozenset((*TEXT_FIELDS, "status"))
#: A list field is kept as the list JSON gave (a Checkpoint's tuple would
#: compare the same, and cost a copy): a missing one is an empty list.
_FIELD_DEFAULTS = tuple(
    (name, [] if name in LIST_FIELDS else Checkpoint().get(name)) for name in FIELDS
)
_get_fields = itemgetter(*FIELDS)
#: Each field's type as the plugin writes it, in FIELDS order: a payload's
#: types are compared with these as one tuple (in C, not in a loop).
_PLAIN_TYPES = tuple(list if name in LIST_FIELDS else str for name in FIELDS)
_LISTS = slice(FIELDS.index(LIST_FIELDS[0]), FIELDS.index(LIST_FIELDS[-1]) + 1)
assert FIELDS[_LISTS] == tuple(LIST_FIELDS)
#: A payload that ``model.decode`` makes a ``Damaged`` of.
_DAMAGED = object()
_NO_EXTRA: Mapping = {}


def _fields(raw: str | None) -> tuple[tuple, Mapping] | object:
    """The values ``Checkpoint.from_payload`` gives the payload's fields, in
    :data:`FIELDS` order, and its unknown keys (``extra``); ``_DAMAGED`` when
    ``model.decode`` would not give a checkpoint."""
    if raw is None:
        return _DAMAGED
    try:
        data = loads(raw)
    except ValueError:
        return _DAMAGED
    if not isinstance(data, dict):
        return _DAMAGED
    extra = _NO_EXTRA if data.keys() <= _KNOWN else {k: data[k] for k in data.keys() - _KNOWN}
    try:  # what the plugin writes: every field, of its type
        values = _get_fields(data)
        if tuple(map(type, values)) == _PLAIN_TYPES:
            for items in values[_LISTS]:
                "".join(items)  # a TypeError unless the list holds strings only
            return values, extra
    except (KeyError, TypeError):
        pass
    return _each_field(data), extra


def _each_field(data: dict) -> tuple:
    """``_fields``' values one field at a time: a field missing (its
    default) or of the wrong type (damaged)."""
    values = []
    for name, default in _FIELD_DEFAULTS:
        value = data.get(name, default)
        if value is default:
            pass
        elif name in _TEXTS:
            if type(value) is not str:
                value = _text_value(value)
        elif type(value) is not list or not all(type(item) is str for item in value):
            value = _list_value(value)
        values.append(value)
    return tuple(values)


def payload_summaries(
    ids: Sequence[str], previous: Mapping[str, str | None], payloads: Mapping[str, str]
) -> dict[str, str]:
    """Each id's line against the snapshot ``previous`` names for it, from
    the payload texts of both: ``summarize(decode(...), decode(...))``, or
    what stands in for it (``damaged payload``, ``first snapshot``, ``after
    a damaged snapshot``, ``""`` when the payload was not read). Each
    payload is decoded once, however many pairs it is in."""
    decoded = {sid: _fields(raw) for sid, raw in payloads.items()}
    out: dict[str, str] = {}
    for sid in ids:
        mine = decoded.get(sid)
        before = decoded.get(previous.get(sid) or "")
        if mine is _DAMAGED:
            out[sid] = "damaged payload"
        elif mine is None:
            out[sid] = ""
        elif before is None:
            out[sid] = "first snapshot"
        elif before is _DAMAGED:
            out[sid] = "after a damaged snapshot"
        else:
            (old, old_extra), (new, new_extra) = before, mine
            extra = _extra_changed(old_extra, new_extra) if old_extra or new_extra else 0
            out[sid] = _line(old, new, extra)
    return out


def _ordered_counts(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[int, ...] | None:
    """The counts ``diff_items`` gives, in :data:`_COUNTED` order, when no
    item occurs twice in a list, the items both lists hold are in the same
    order, and no gap between two of them both loses and gains items,
    unless it is one item for one (replaced or reworded). Else None.

    Why that is exact: with unique items kept in order, every common item
    lies in the same region of SequenceMatcher's recursion in both lists,
    so all of them are matched and the changed blocks are the gaps between
    them; nothing removed is added elsewhere (no moves), and a rewording
    pairs a removed and an added item of one block: in a gap that only
    loses or only gains there is none, in a one-for-one gap it is the
    pair if ``diff._closest`` takes it (as ``diff_items`` does for such a
    block while the two items stay within its unfiltered budget; longer
    ones are left to it). Covers the one-place edit (items appended, or
    taken off one end or from the middle), an item replaced, and most
    saves that change a list in two places."""
    la, lb = len(a), len(b)
    if la > MAX_DIFF_ITEMS or lb > MAX_DIFF_ITEMS:
        return None  # the coarse comparison of a huge list says otherwise
    in_a = set(a)
    if len(in_a) != la:
        return None
    # What most saves do, compared in C (the walk below gives the same
    # counts): items taken off the front (what is left is unique), one taken
    # off the front and a new one appended, or items appended.
    if b == a[la - lb :]:
        return 0, la - lb, 0, 0
    if la > 1 and lb > 1 and a[1:] == b[:-1] and b[-1] not in in_a:
        return 1, 1, 0, 0
    in_b = set(b)
    if len(in_b) != lb:
        return None
    if a == b[:la]:
        return lb - la, 0, 0, 0
    added = removed = reworded = i = j = 0
    while True:
        i0, j0 = i, j
        while i < la and a[i] not in in_b:
            i += 1
        while j < lb and b[j] not in in_a:
            j += 1
        lost, gained = i - i0, j - j0
        if lost and gained:
            if lost != 1 or gained != 1:
                return None  # rewordings could pair several ways
            if len(a[i0]) + len(b[j0]) > REWORD_UNFILTERED_CHARS:
                return None  # what diff_items pairs through its prefilter
            if _may_be_reworded(a[i0], b[j0]) and ratio_at_least(a[i0], b[j0], REWORD_RATIO):
                reworded += 1
                lost = gained = 0
        added, removed = added + gained, removed + lost
        if i == la or j == lb:
            if i != la or j != lb:
                return None  # a common item is left on one side only: out of order
            break
        if a[i] != b[j]:
            return None  # common items in another order: moves
        i, j = i + 1, j + 1
    return added, removed, reworded, 0  # a tuple: a dict or Counter costs more to make


#: Items longer than this together go to the ratio without the bound (its
#: cost grows with the product of their lengths, the ratio's less).
LCS_MAX_CHARS = 600


def _may_be_reworded(old: str, new: str) -> bool:
    """False when ``diff._closest`` cannot pair the two: twice their
    longest common subsequence over their total length, an upper bound of
    SequenceMatcher's ratio (its matches are a common subsequence), is
    under :data:`REWORD_RATIO`. Four times quicker than the ratio, which
    only runs when this says it may pass."""
    total = len(old) + len(new)
    if total > LCS_MAX_CHARS:
        return True  # the bound costs more than it saves
    return not total or 2.0 * lcs_length(old, new) / total >= REWORD_RATIO


def ratio_at_least(a: str, b: str, threshold: float) -> bool:
    """``SequenceMatcher(None, a, b).ratio() >= threshold`` (what
    ``diff._closest`` asks of one candidate: its quick ratios are upper
    bounds of the ratio, so they pass whenever it does), answered as soon
    as the answer is known.

    The ratio is 2·M/T, M the total size of the matching blocks that
    ``get_matching_blocks`` finds by recursing on the regions left and
    right of each longest match. Every block found adds to M and none is
    taken back, so once the blocks so far reach the threshold the rest
    cannot change the answer; and M never exceeds the blocks so far plus
    the shorter side of every region still to search, so when even that
    falls short the answer is no. Each region yields the block difflib
    finds there (:func:`_longest_match`); the order in which the regions
    are searched does not change what each one yields."""
    total = len(a) + len(b)
    if not total:
        return threshold <= 1.0  # what difflib's ratio says of two empty strings
    if len(b) < AUTOJUNK_MIN and a.__class__ is str and b.__class__ is str:
        longest = partial(_longest_match, a, b)
    else:
        longest = SequenceMatcher(None, a, b).find_longest_match
    found = 0
    pending = [(0, len(a), 0, len(b))]
    room = min(len(a), len(b))  # the shorter side of every pending region
    while pending:
        alo, ahi, blo, bhi = pending.pop()
        room -= min(ahi - alo, bhi - blo)
        i, j, k = longest(alo, ahi, blo, bhi)
        found += k
        if 2.0 * found / total >= threshold:
            return True
        if k and alo < i and blo < j:
            pending.append((alo, i, blo, j))
            room += min(i - alo, j - blo)
        if k and i + k < ahi and j + k < bhi:
            pending.append((i + k, ahi, j + k, bhi))
            room += min(ahi - i - k, bhi - j - k)
        if 2.0 * (found + room) / total < threshold:
            return False
    return 2.0 * found / total >= threshold


#: From this length of its second string on, SequenceMatcher ignores the
#: characters that are too common in it (``autojunk``).
AUTOJUNK_MIN = 200


def _longest_match(a: str, b: str, alo: int, ahi: int, blo: int, bhi: int) -> tuple:
    """``SequenceMatcher(None, a, b).find_longest_match(alo, ahi, blo, bhi)``
    for strings when nothing in ``b`` is junk (it is shorter than
    :data:`AUTOJUNK_MIN`): the longest common substring of ``a[alo:ahi]``
    and ``b[blo:bhi]``, the one starting first in ``a``, then in ``b``.
    Grown with ``str.find`` (in C) one start in ``a`` at a time instead of
    difflib's loop over every pair of equal characters: five times quicker.
    After start ``i``, ``size`` is the longest match starting at or before
    it, so the first start to reach the final size is the first of the
    longest."""
    find = b.find
    size, start = 0, alo
    for i in range(alo, ahi):
        while i + size < ahi and find(a[i : i + size + 1], blo, bhi) >= 0:
            size, start = size + 1, i
        if i + size >= ahi:
            break  # no later start has room for a longer match
    if not size:
        return alo, blo, 0
    return start, find(a[start : start + size], blo, bhi), size


def lcs_length(a: str, b: str) -> int:
    """The length of the longest common subsequence of ``a`` and ``b``,
    bit-parallel (Allison and Dix, 1986): one row of the dynamic programme
    is an integer whose bit ``i`` is clear where the row steps up."""
    if len(b) > len(a):
        a, b = b, a  # one step per character of the shorter
    masks: dict[str, int] = {}
    get = masks.get
    bit = 1
    for char in a:
        masks[char] = get(char, 0) | bit
        bit <<= 1
    row = full = bit - 1
    for char in b:
        if mask := get(char):  # a character ``a`` lacks leaves the row as it is
            match = row & mask
            row = (row + match) | (row - match)
    return len(a) - (row & full).bit_count()


def _summary_line(changes, extra_changed: int) -> str:
    parts: list[str] = []
    for name, kind, new, counts in changes:
        label = _SHORT.get(name, name)
        if kind == "damaged":
            parts.append(f"{label} damaged" if isinstance(new, DamagedField) else f"{label}~")
        elif kind == "status":
            parts.append(f"status→{status_label(new) if isinstance(new, str) else new}")
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
