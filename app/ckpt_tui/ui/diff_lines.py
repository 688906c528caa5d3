"""Laying out a :class:`CheckpointDiff` as terminal lines, unified or side by side.

Pure functions from the structured diff to Rich ``Text`` lines, so the view
only scrolls them. Changed fields come first; unchanged ones are folded into
one line unless asked for; long runs of equal lines collapse to a marker.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from rich.console import Console
from rich.text import Text

from ckpt_tui.core.diff import Block, CheckpointDiff, FieldDiff, Line, Segment
from ckpt_tui.core.model import LABEL, DamagedField
from ckpt_tui.plural import counted
from ckpt_tui.ui.render import DAMAGED_TEXT, damaged_value, fit, safe, status_badge

CONTEXT = 3
# Style names, resolved from the theme by the view (``ui/styles.py``).
ADD = "ckpt--added"
DEL = "ckpt--removed"
ADD_WORD = "ckpt--added-word"
DEL_WORD = "ckpt--removed-word"
MOVE = "ckpt--moved"
HEADER = "ckpt--field"
LINE_LIMIT = 2000
#: Rows drawn for one field's changes; the command line prints all of them.
FIELD_ROWS = 2000


class Hanging(Text):
    """A row whose wrapped rows start ``hang`` cells in, under its text:
    a long removed item wraps under its words, not under its ``-``, so the
    reader sees where one item ends and the next begins."""

    __slots__ = ("hang",)

    def __init__(self, *args, hang: int = 0, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.hang = hang


def hanging(hang: int, *parts: str | Text | tuple[str, str], style: str = "") -> Hanging:
    """``parts`` as one row whose wrapped rows start ``hang`` cells in."""
    row = Hanging.assemble(*parts, style=style)
    row.hang = hang
    return row


def _segments(segments: tuple[Segment, ...], base: str, word: str) -> Text:
    out = Text(style=base)
    for seg in segments:
        out.append_text(safe(seg.text, LINE_LIMIT, style=word if seg.changed else base))
    return out


def _marked(mark: str, body: Text, style: str) -> Hanging:
    """``body`` after its sign; wrapped, it goes on under the body's text
    (under a bullet's text too: ``- • item``)."""
    return hanging(len(mark) + getattr(body, "hang", 0), (mark, style), body)


def _header(f: FieldDiff) -> Text:
    label = hanging(2, f"▌ {LABEL.get(f.name, f.name)}", style=HEADER)
    if f.kind == "damaged":
        sides = [
            side
            for side, value in (("old", f.old), ("new", f.new))
            if isinstance(value, DamagedField)
        ]
        label.append(
            f"  damaged on the {' and '.join(sides)} side"
            + ("s" if len(sides) > 1 else "")
            + ": shown as stored, never restored",
            style=DAMAGED_TEXT,
        )
    if f.kind == "list":
        counts = f.counts()
        bits = [
            f"{sign}{counts[k]}"
            for k, sign in (("added", "+"), ("removed", "-"), ("moved", "↕"), ("reworded", "~"))
            if counts[k]
        ]
        label.append(f"  {' '.join(bits)}", style="dim")
    if f.coarse:
        label.append(
            "  too large to compare in full: some changes are shown as plain removals and additions",
            style="ckpt--warning-italic",
        )
    return label


def _equal_run(lines: tuple[Line, ...], first: bool, last: bool) -> Iterator[tuple[Line | None]]:
    """Equal lines, with the middle of a long run folded to ``None``."""
    if len(lines) <= 2 * CONTEXT + 1:
        yield from lines
        return
    head = () if first else lines[:CONTEXT]
    tail = () if last else lines[-CONTEXT:]
    yield from head
    yield None
    yield from tail


def unified(diff: CheckpointDiff, show_unchanged: bool = False) -> list[Text]:
    lines: list[Text] = []
    for f in diff.changed:
        lines.append(_header(f))
        lines.extend(_capped(_unified_field(f)))
        lines.append(Text())
    lines.extend(_unchanged(diff, show_unchanged))
    return lines


def _capped(rows: Iterator[Row]) -> list[Row]:
    """At most :data:`FIELD_ROWS` rows of one field, made lazily: a field of a
    million changed lines must not be laid out in full to show a screen."""
    out: list[Row] = list(islice(rows, FIELD_ROWS + 1))
    if len(out) > FIELD_ROWS:
        out[FIELD_ROWS:] = [
            Text(
                f"  ⋯ this field has more changes than the {FIELD_ROWS} rows shown; "
                "`ckpt-tui diff` prints them all",
                style="dim italic",
            )
        ]
    return out


def _whole_value(value: object) -> Iterator[Text]:
    """One side of a damaged field's change: the damaged value on one line,
    or a healthy value as lines (list items, text lines, a status)."""
    if isinstance(value, DamagedField):
        yield damaged_value(value, LINE_LIMIT)
    elif isinstance(value, tuple):
        for item in value:
            yield hanging(2, "• ", safe(item, LINE_LIMIT))
        if not value:
            yield Text("(none)", style="dim")
    else:
        half = FIELD_ROWS // 2
        lines = str(value).split("\n", half)  # bounded: the text may be 10 MB
        rest = lines.pop() if len(lines) > half else None
        for line in lines:
            yield safe(line, LINE_LIMIT)
        if rest is not None:
            yield Text(f"⋯ {counted(rest.count(chr(10)) + 1, 'more line')}", style="dim italic")


def _unified_field(f: FieldDiff) -> Iterator[Text]:
    if f.kind == "damaged":
        for line in _whole_value(f.old):
            yield _marked("- ", line, DEL)
        for line in _whole_value(f.new):
            yield _marked("+ ", line, ADD)
    elif f.kind == "status":
        yield Text.assemble("  ", status_badge(f.old), " → ", status_badge(f.new))
    elif f.kind == "list":
        for item in f.items:
            if item.kind == "kept":
                yield _marked("  ", safe(item.text, LINE_LIMIT, style="dim"), "")
            elif item.kind == "added":
                yield _marked("+ ", safe(item.text, LINE_LIMIT, style=ADD), ADD)
            elif item.kind == "removed":
                yield _marked("- ", safe(item.text, LINE_LIMIT, style=DEL), DEL)
            elif item.kind == "moved":
                body = safe(item.text, LINE_LIMIT, style=MOVE)
                body.append(f"  (moved #{item.old_index + 1} → #{item.new_index + 1})", style="dim")
                yield _marked("↕ ", body, MOVE)
            else:
                yield _marked("- ", safe(item.old_text, LINE_LIMIT, style=DEL), DEL)
                yield _marked("+ ", _segments(item.segments, ADD, ADD_WORD), ADD)
    else:
        blocks = f.blocks
        for i, block in enumerate(blocks):
            yield from _unified_block(block, i == 0, i == len(blocks) - 1)


def _unified_block(block: Block, first: bool, last: bool) -> Iterator[Text]:
    if block.tag == "equal":
        for line in _equal_run(block.old, first, last):
            if line is None:
                yield Text("  ⋯ unchanged lines", style="dim italic")
            else:
                yield _marked("  ", safe(line.text, LINE_LIMIT, style="dim"), "")
        return
    # Each side gets half of a field's rows, so a huge replacement still
    # shows the start of what replaced it.
    half = FIELD_ROWS // 2 - 1  # and a line for each side's "more" note
    for lines, mark, base, word, what in (
        (block.old, "- ", DEL, DEL_WORD, "removed"),
        (block.new, "+ ", ADD, ADD_WORD, "added"),
    ):
        for line in lines[:half]:
            yield _marked(mark, _segments(line.segments, base, word), base)
        if len(lines) > half:
            yield Text(f"  ⋯ {counted(len(lines) - half, f'more {what} line')}", style="dim italic")


def _unchanged(diff: CheckpointDiff, show: bool) -> list[Text]:
    same = [f for f in diff.fields if not f.changed]
    if not same:
        return []
    if not show:
        names = ", ".join(
            LABEL.get(f.name, f.name) + (" (damaged)" if f.kind == "damaged" else "") for f in same
        )
        return [hanging(2, f"▸ unchanged: {names}  (f unfolds)", style="dim")]
    out: list[Text] = [Text("▾ unchanged fields", style="dim")]
    for f in same:
        out.append(Text(f"  {LABEL.get(f.name, f.name)}", style="bold dim"))
        value = f.new
        if isinstance(value, DamagedField):
            out.append(hanging(4, "    ", damaged_value(value, LINE_LIMIT)))
        elif f.kind == "list":
            out.extend(
                hanging(6, "    • ", safe(v, LINE_LIMIT, style="dim")) for v in value[:200]
            )
            if len(value) > 200:
                out.append(Text(f"    ⋯ {len(value) - 200} more", style="dim italic"))
        else:
            out.extend(
                hanging(4, "    ", safe(ln, LINE_LIMIT, style="dim"))
                for ln in str(value).split("\n", 200)[:200]
            )
    return out


Row = Text | tuple[Text, Text]


def diff_rows(
    diff: CheckpointDiff, two_columns: bool = False, show_unchanged: bool = False
) -> list[Row]:
    """What the diff view shows of ``diff``: unified or side by side, the
    unchanged fields folded or not, and saying so when nothing differs.
    (Pure: a worker can make the rows a screen will show.)"""
    if diff.is_empty:
        return [Text("No differences.", style="dim"), *unified(diff, show_unchanged)]
    if two_columns:
        return side_by_side(diff, show_unchanged)
    return unified(diff, show_unchanged)


def side_by_side(diff: CheckpointDiff, show_unchanged: bool = False) -> list[Row]:
    """Rows of (old, new) pairs, plus full-width headers; :func:`wrap_rows`
    lays them out for a width."""
    lines: list[Row] = []
    for f in diff.changed:
        lines.append(_header(f))
        lines.extend(_capped(_side_field(f)))
        lines.append(Text())
    lines.extend(_unchanged(diff, show_unchanged))
    return lines


def _side_field(f: FieldDiff) -> Iterator[Row]:
    def pair(left: Text | None, right: Text | None) -> tuple[Text, Text]:
        return (left or Text(), right or Text())

    if f.kind == "damaged":
        left, right = list(_whole_value(f.old)), list(_whole_value(f.new))
        for k in range(max(len(left), len(right))):
            yield pair(
                _marked("- ", left[k], DEL) if k < len(left) else None,
                _marked("+ ", right[k], ADD) if k < len(right) else None,
            )
    elif f.kind == "status":
        yield pair(status_badge(f.old), status_badge(f.new))
    elif f.kind == "list":
        for item in f.items:
            text = safe(item.text, LINE_LIMIT)
            if item.kind == "kept":
                yield pair(_marked("  ", text.copy(), ""), _marked("  ", text, ""))
            elif item.kind == "added":
                yield pair(None, _marked("+ ", safe(item.text, LINE_LIMIT, style=ADD), ADD))
            elif item.kind == "removed":
                yield pair(_marked("- ", safe(item.text, LINE_LIMIT, style=DEL), DEL), None)
            elif item.kind == "moved":
                yield pair(
                    _marked(
                        f"↕{item.old_index + 1} ", safe(item.text, LINE_LIMIT, style=MOVE), MOVE
                    ),
                    _marked(
                        f"↕{item.new_index + 1} ", safe(item.text, LINE_LIMIT, style=MOVE), MOVE
                    ),
                )
            else:
                yield pair(
                    _marked("- ", safe(item.old_text, LINE_LIMIT, style=DEL), DEL),
                    _marked("+ ", _segments(item.segments, ADD, ADD_WORD), ADD),
                )
    else:
        blocks = f.blocks
        for i, block in enumerate(blocks):
            if block.tag == "equal":
                for line in _equal_run(block.old, i == 0, i == len(blocks) - 1):
                    if line is None:
                        yield Text("  ⋯ unchanged lines", style="dim italic")
                    else:
                        t = safe(line.text, LINE_LIMIT, style="dim")
                        yield pair(_marked("  ", t, ""), _marked("  ", t.copy(), ""))
                continue
            for k in range(max(len(block.old), len(block.new))):
                old = block.old[k] if k < len(block.old) else None
                new = block.new[k] if k < len(block.new) else None
                yield pair(
                    _marked("- ", _segments(old.segments, DEL, DEL_WORD), DEL) if old else None,
                    _marked("+ ", _segments(new.segments, ADD, ADD_WORD), ADD) if new else None,
                )


_console = Console(width=200, color_system=None, legacy_windows=False)


#: Fewer cells than this left for a hanging row's text: wrapped from column 0.
HANG_MIN = 12


def wrap_row(row: Text, width: int) -> list[Text]:
    """``row`` wrapped to ``width``; a :class:`Hanging` row's wrapped rows
    start under its text, with the style its sign has (the colour of an
    added or removed line goes on under it)."""
    hang = getattr(row, "hang", 0)
    if not hang or width - hang < HANG_MIN or row.cell_len <= width:
        return list(row.wrap(_console, width))
    head, body = row.divide([hang])
    lines = body.wrap(_console, width - hang)
    indent = head.copy()
    indent.plain = " " * hang  # the sign's spans, over spaces
    return [
        Text.assemble(head if i == 0 else indent, line) for i, line in enumerate(lines)
    ]


def wrap_rows(rows: list[Row], width: int) -> list[Text]:
    """Every row wrapped to ``width``; a pair becomes two wrapped columns."""
    out: list[Text] = []
    half = max((width - 3) // 2, 8)
    separator = Text(" │ ", style="dim")
    for row in rows:
        if isinstance(row, tuple):
            left = wrap_row(row[0], half) if row[0].plain else [Text()]
            right = wrap_row(row[1], half) if row[1].plain else [Text()]
            for i in range(max(len(left), len(right))):
                a = left[i] if i < len(left) else Text()
                b = right[i] if i < len(right) else Text()
                out.append(Text.assemble(fit(a, half), separator, fit(b, half)))
        elif len(row.plain) <= width:
            out.append(row)
        else:
            out.extend(wrap_row(row, width))
    return out
