"""A report of one session that someone can read without ckpt-tui: the
objective, the current state, the timeline as a picture (an SVG in HTML, a
table in Markdown), each meaningful change in order, and time and cost
from opencode where it knows them.

Markdown is made to be pasted into a pull request's description; HTML is
one self-contained file (inline CSS and SVG, no script, nothing loaded
from elsewhere).

Store text is data. Every value goes through ``core.text.visible``
(controls, escape sequences, bidi overrides shown as ``\\x1b``...), is cut
to a bound with the cut said (a 10 MB field is a few thousand characters
and "cut: 10,485,760 characters in all"), then escaped for the format:
HTML with ``html.escape``; Markdown with a backslash before every
character that could start markup (``<script>`` stays text, ``[x](y)``
stays no link, a ``|`` never splits a table cell).

Changes come from the same comparison the history rows and the diff use
(``core.diff.diff_checkpoints``, ``core.summary.change_summary``),
between each snapshot and the one before it, oldest first; a change with
nothing in it ("no change") is left out.
"""

from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING

from ckpt_tui import __version__, timeutil
from ckpt_tui.core.text import visible
from ckpt_tui.core.timeline import CURRENT, Timeline, session_timeline
from ckpt_tui.errors import CkptError
from ckpt_tui.fields import LABEL, LIST_FIELDS, status_label
from ckpt_tui.plural import counted

if TYPE_CHECKING:
    from ckpt_tui.core.activity import Activity
    from ckpt_tui.core.model import Checkpoint
    from ckpt_tui.core.reads import Reader
    from ckpt_tui.opencode import SessionInfo
    from ckpt_tui.opencode.usage import SessionUsage
    from ckpt_tui.records import ProjectRow, SessionRow

#: The newest meaningful changes listed; earlier ones are counted.
MAX_CHANGES = 100
#: Lines of one change (items added, removed...); the rest are counted.
MAX_CHANGE_LINES = 20
#: Characters of one value in a line (a list item, a changed text's start).
MAX_VALUE = 300
#: Characters of a text field in the current state.
MAX_FIELD = 3000
#: Items of a list field in the current state.
MAX_ITEMS = 40
#: Rows of the Markdown timeline table (the newest; the SVG draws all points).
MAX_TABLE_ROWS = 60

FORMATS = ("md", "html")


class Change(namedtuple("Change", "point summary lines more")):
    """What one snapshot (or the live checkpoint) changed against the one
    before it: the history row's line, then one line per status change,
    item and text field (``more``: lines left out)."""

    __slots__ = ()


class Report(
    namedtuple(
        "Report",
        "session project checkpoint timeline changes earlier usage info made_at",
    )
):
    """Everything a report shows; rendered by :func:`markdown` and :func:`html`."""

    __slots__ = ()
    session: SessionRow
    project: ProjectRow
    checkpoint: Checkpoint | None
    timeline: Timeline
    changes: tuple[Change, ...]
    earlier: int  # meaningful changes older than those listed
    usage: SessionUsage | None
    info: SessionInfo | None
    made_at: str


def build(reader: Reader, session_id: str, activity: Activity | None = None) -> Report:
    """The report of a session (:class:`NotFound` if there is none)."""
    timeline = session_timeline(reader, session_id)
    session = timeline.session
    project = reader.project(session.project_id)
    checkpoint = reader.current(session_id).checkpoint
    changes, earlier = _changes(reader, session_id, timeline, checkpoint)
    usage = activity.usage(session_id) if activity is not None else None
    info = activity.info(session_id) if activity is not None else None
    return Report(
        session, project, checkpoint, timeline, changes, earlier, usage, info, timeutil.now_iso()
    )


def _changes(
    reader: Reader, session_id: str, timeline: Timeline, checkpoint: Checkpoint | None
) -> tuple[tuple[Change, ...], int]:
    """The meaningful changes, newest :data:`MAX_CHANGES`, oldest first.
    Payloads are read from the newest back, until enough changes are found
    (a session of thousands of snapshots is not read whole)."""
    from ckpt_tui.core.diff import diff_checkpoints
    from ckpt_tui.core.model import Damaged
    from ckpt_tui.core.summary import change_summary

    points = timeline.points
    contents: dict[int, object] = {}

    def content(point) -> object:
        if point.index not in contents:
            if point.kind == CURRENT:
                contents[point.index] = checkpoint
            else:
                try:
                    contents[point.index] = reader.snapshot(session_id, point.snapshot_id).content
                except CkptError:
                    contents[point.index] = None  # pruned since the timeline was read
        return contents[point.index]

    found: list[Change] = []
    earlier = 0
    for i in range(len(points) - 1, 0, -1):
        new, old = content(points[i]), content(points[i - 1])
        if new is None or old is None:
            continue
        if isinstance(new, Damaged) or isinstance(old, Damaged):
            if len(found) < MAX_CHANGES:
                what = "this payload" if isinstance(new, Damaged) else "the one before"
                found.append(Change(points[i], "damaged payload", (f"{what} is damaged",), 0))
            else:
                earlier += 1
            continue
        diff = diff_checkpoints(old, new, detail=False)  # type: ignore[arg-type]
        if diff.is_empty and not diff.extra_changed:
            continue
        if len(found) >= MAX_CHANGES:
            earlier += 1
            continue
        lines = _lines(diff)
        found.append(
            Change(
                points[i],
                change_summary(diff),
                tuple(lines[:MAX_CHANGE_LINES]),
                max(0, len(lines) - MAX_CHANGE_LINES),
            )
        )
        if len(contents) > 4:  # only the pair in hand is needed again
            for index in [k for k in contents if k > i]:
                del contents[index]
    found.reverse()
    return tuple(found), earlier


_SIGN = {"added": "+", "removed": "−", "reworded": "~", "moved": "↕"}


def _lines(diff) -> list[str]:
    """One line per change a person reads: the status, each item, each text."""
    from ckpt_tui.core.model import DamagedField

    out: list[str] = []
    for f in diff.changed:
        label = LABEL.get(f.name, f.name)
        if f.kind == "damaged":
            out.append(
                f"{label}: damaged" if isinstance(f.new, DamagedField) else f"{label}: repaired"
            )
        elif f.kind == "status":
            out.append(f"Status: {status_label(str(f.old))} → {status_label(str(f.new))}")
        elif f.name in LIST_FIELDS:
            for item in f.items:
                if item.kind == "kept":
                    continue
                sign = _SIGN.get(item.kind, item.kind)
                if item.kind == "reworded":
                    out.append(
                        f"{sign} {label}: {cut(item.old_text or '', 120)} → {cut(item.text, 120)}"
                    )
                else:
                    out.append(f"{sign} {label}: {cut(item.text)}")
        else:
            out.append(_text_line(label, f.old, f.new))
    for key in diff.extra_changed:
        out.append(f"Other field {cut(key, 80)} changed")
    return out


def _text_line(label: str, old: object, new: object) -> str:
    """A changed text field in one line: its new value when it is one
    line, else the first line that is not as it was (a plan ticks one box)."""
    new_text = new if isinstance(new, str) else ""
    if not new_text.strip():
        return f"{label}: cleared"
    new_lines = new_text.strip().split("\n")
    if len(new_lines) == 1:
        return f"{label} now: {cut(new_lines[0])}"
    old_lines = set(old.strip().split("\n")) if isinstance(old, str) else set()
    changed = [line for line in new_lines if line.strip() and line not in old_lines]
    if not changed:
        return f"{label}: lines removed ({len(new_lines)} left)"
    more = f" (and {len(changed) - 1} more changed lines)" if len(changed) > 1 else ""
    return f"{label}: {cut(changed[0].strip())}{more}"


def cut(text: str, limit: int = MAX_VALUE) -> str:
    """``text`` made visible and at most ``limit`` characters, saying when cut."""
    if len(text) > limit:
        text = f"{text[:limit]}… (cut: {len(text):,} characters in all)"
    return visible(text, keep_newlines=False)


def cut_block(text: str, limit: int = MAX_FIELD) -> str:
    """A text field for the current state: newlines kept, cut as :func:`cut`."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if len(text) > limit:
        text = f"{text[:limit]}… (cut: {len(text):,} characters in all)"
    return visible(text, keep_newlines=True)


# -- what both formats say ----------------------------------------------------------------


def title(report: Report) -> str:
    cp = report.checkpoint
    for value in (cp.title if cp else None, report.session.title, report.session.id):
        if isinstance(value, str) and value.strip():
            return value
    return report.session.id


def state_lines(report: Report) -> list[tuple[str, str]]:
    """``(label, value)`` of the session's facts, in order."""
    s, cp = report.session, report.checkpoint
    facts = [("Session", s.id), ("Project", f"{report.project.directory} ({report.project.id})")]
    if cp is not None:
        status = cp.status if isinstance(cp.status, str) else "damaged"
        facts.append(("Status", status_label(status)))
        counts = []
        for name in ("completedSteps", "nextSteps", "blockers", "filesTouched"):
            value = cp.get(name)
            counts.append(f"{LABEL[name]} {len(value) if isinstance(value, tuple) else 'damaged'}")
        facts.append(("Counts", " · ".join(counts)))
    else:
        facts.append(("Status", "no checkpoint saved yet"))
    snaps = report.timeline.snapshots
    if snaps:
        facts.append(
            (
                "Snapshots",
                f"{len(snaps)}, {short(snaps[0].captured_at)} → {short(snaps[-1].captured_at)} UTC",
            )
        )
    return facts


def opencode_lines(report: Report) -> list[tuple[str, str]]:
    """Time and cost from opencode's records, as far as they are known."""
    info, usage = report.info, report.usage
    if info is None and usage is None:
        return [("opencode", "no record of this session here (or its data is not readable)")]
    out = []
    if info is not None and info.created is not None:
        end = info.activity or info.created
        minutes = max(0, int((end - info.created).total_seconds() // 60))
        span = f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"
        out.append(("Time", f"{info.created:%Y-%m-%d %H:%M} → {end:%Y-%m-%d %H:%M} UTC ({span})"))
    if usage is not None:
        cost = "not recorded" if usage.cost is None else f"${usage.cost:,.4f}"
        out.append(("Cost", cost))
        out.append(("Messages", f"{usage.messages} ({counted(usage.prompts, 'prompt')})"))
        if usage.tokens:
            out.append(("Tokens", ", ".join(f"{k} {v:,}" for k, v in usage.tokens.items())))
        if usage.models:
            out.append(("Models", ", ".join(usage.models)))
    return out


def short(iso: str) -> str:
    return timeutil.short(iso)


def point_label(point) -> str:
    return "current checkpoint" if point.kind == CURRENT else point.name


def count(value: int | None) -> str:
    return "?" if value is None else str(value)


def footer(report: Report) -> str:
    return (
        f"Made by ckpt-tui {__version__} on {short(report.made_at)} UTC from the checkpoint store."
    )
