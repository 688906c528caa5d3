"""A session's history as a picture's data, and a project's activity per day.

A session's timeline is one point per snapshot, oldest first, then the live
checkpoint: its status and how many completed steps, next steps and
blockers it held (read by SQLite out of each payload:
``store/timeline_reads.py``). Restores, undos and manual snapshots are
marks on it. The app draws it (``ui/screens/timeline.py``), the report
puts it in SVG or a table (``core/report.py``).

A restore, an undo or an adoption takes a ``pre-restore`` snapshot of what
it overwrites (SPEC 5.3 invariant 5) and sets the restored snapshot's
``restored_at``. So a ``pre-restore`` point is a restore when a snapshot of
another kind was restored at that moment, an undo when the restored one is
itself a ``pre-restore`` snapshot (the plugin's undo restores the newest
one) or when none was (ckpt-tui's journaled undo writes the values back
without restoring a snapshot); ``restored_at`` keeps only the last restore
of a snapshot, so an older restore of one restored again later reads as
"restore or undo".
"""

from __future__ import annotations

from collections import namedtuple
from datetime import timedelta
from typing import TYPE_CHECKING

from ckpt_tui import timeutil
from ckpt_tui.store import timeline_reads

if TYPE_CHECKING:
    from ckpt_tui.core.activity import Activity
    from ckpt_tui.core.reads import Reader
    from ckpt_tui.records import SessionRow

#: How far apart (seconds) a ``pre-restore`` snapshot and the ``restored_at``
#: of the snapshot that restore wrote back may be.
RESTORE_SLACK = 2.0
#: The snapshot kinds drawn as marks, with their word.
MARKED = {"manual": "manual", "compaction": "compaction", "legacy": "legacy"}
CURRENT = "current"


class Point(
    namedtuple(
        "Point", "index snapshot_id name kind captured_at status done next blockers restored_at"
    )
):
    """One snapshot (or, kind ``current``, the live checkpoint: no id).
    ``status`` and the counts are ``None`` where the payload or the field
    is damaged."""

    __slots__ = ()
    index: int
    snapshot_id: str | None
    name: str
    kind: str
    captured_at: str
    status: str | None
    done: int | None
    next: int | None
    blockers: int | None
    restored_at: str | None


class Mark(namedtuple("Mark", "index kind label")):
    """Something that happened at point ``index``: ``restore``, ``undo``,
    ``restore or undo``, ``manual``, ``compaction``, ``legacy``."""

    __slots__ = ()
    index: int
    kind: str
    label: str


class Timeline(namedtuple("Timeline", "session points marks")):
    """The points oldest first (the live checkpoint last, when there is
    one) and the marks on them."""

    __slots__ = ()
    session: SessionRow
    points: tuple[Point, ...]
    marks: tuple[Mark, ...]

    def marks_at(self, index: int) -> tuple[Mark, ...]:
        return tuple(m for m in self.marks if m.index == index)

    @property
    def snapshots(self) -> tuple[Point, ...]:
        return tuple(p for p in self.points if p.kind != CURRENT)


def session_timeline(reader: Reader, session_id: str) -> Timeline:
    """The session's timeline (:class:`NotFound` for no such session)."""
    session = reader.session(session_id)
    with reader.store.read() as q:
        rows = timeline_reads.session_points(q, session_id)
    points = [
        Point(
            i,
            r["id"],
            r["name"],
            r["kind"],
            r["captured_at"],
            r["status"],
            r["done"],
            r["next"],
            r["blockers"],
            r["restored_at"],
        )
        for i, r in enumerate(rows)
    ]
    live = reader.current(session_id)
    if live.checkpoint is not None:
        cp = live.checkpoint
        points.append(
            Point(
                len(points),
                None,
                "current checkpoint",
                CURRENT,
                timeutil.normalize(live.updated_at),
                cp.status if isinstance(cp.status, str) else None,
                *(
                    len(v) if isinstance(v, tuple) else None
                    for v in (cp.completedSteps, cp.nextSteps, cp.blockers)
                ),
                None,
            )
        )
    return Timeline(session, tuple(points), tuple(_marks(points)))


def _marks(points: list[Point]) -> list[Mark]:
    restored = [p for p in points if p.restored_at]
    marks = []
    for p in points:
        if p.kind == "pre-restore":
            marks.append(_restore_mark(p, restored))
        elif p.kind in MARKED:
            marks.append(Mark(p.index, p.kind, f"{MARKED[p.kind]}: {p.name}"))
    return marks


def _restore_mark(pre: Point, restored: list[Point]) -> Mark:
    at = timeutil.parse(pre.captured_at)
    best, gap = None, RESTORE_SLACK
    for p in restored:
        when = timeutil.parse(p.restored_at)
        if at is None or when is None or p is pre:
            continue
        distance = abs((when - at).total_seconds())
        if distance <= gap:
            best, gap = p, distance
    if best is None:
        return Mark(pre.index, "undo", "undo (or restore)")
    if best.kind == "pre-restore":
        return Mark(pre.index, "undo", f"undo (back to {best.name})")
    return Mark(pre.index, "restore", f"restore of {best.name}")


# -- a project's activity per day --------------------------------------------------------


class Day(namedtuple("Day", "day saves sessions cost")):
    """One UTC day: how many snapshots were captured, by session (id ->
    count), and what opencode's messages of that day cost (``None``: no
    message of the project's sessions reported a cost that day)."""

    __slots__ = ()
    day: str
    saves: int
    sessions: dict[str, int]
    cost: float | None


#: The days a project view shows by default: the last four weeks.
DAYS = 28


def project_activity(
    reader: Reader, project_id: str, days: int = DAYS, activity: Activity | None = None
) -> list[Day]:
    """The last ``days`` UTC days up to today, oldest first. Cost comes
    from opencode (``activity``) for the sessions that saved in that span
    or that opencode says were active in it."""
    reader.project(project_id)  # NotFound first
    today = timeutil.now().replace(hour=0, minute=0, second=0, microsecond=0)
    first = today - timedelta(days=days - 1)
    since = timeutil.fmt(first)
    with reader.store.read() as q:
        saves = timeline_reads.project_saves(q, project_id, since)
    labels = [(first + timedelta(days=i)).strftime("%Y-%m-%d") for i in range(days)]
    per_day: dict[str, dict[str, int]] = {label: {} for label in labels}
    for session_id, at in saves:
        counts = per_day.get(at[:10])
        if counts is not None:
            counts[session_id] = counts.get(session_id, 0) + 1
    costs = _costs(activity, project_id, {sid for sid, _ in saves}, first) if activity else {}
    return [
        Day(label, sum(per_day[label].values()), per_day[label], costs.get(label))
        for label in labels
    ]


def _costs(activity: Activity, project_id: str, saved: set[str], first) -> dict[str, float]:
    """Cost per day of the sessions that saved, and of the project's
    sessions opencode saw active since ``first``."""
    ids = set(saved)
    for info in activity.sessions.values():
        moment = info.activity
        if info.project_id == project_id and moment is not None and moment >= first:
            ids.add(info.id)
    out: dict[str, float] = {}
    for session_id in sorted(ids):
        usage = activity.usage(session_id)
        for day, cost in usage.cost_by_day if usage is not None else ():
            out[day] = out.get(day, 0.0) + cost
    return out
