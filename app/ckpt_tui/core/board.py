"""The board: where did I leave everything? Every session in flight across
all projects, with what a person needs to pick it up again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ckpt_tui.core.model import STATUS_LABEL, Checkpoint
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import CkptError
from ckpt_tui.records import Page

#: What "in flight" means unless asked otherwise, in group order.
IN_FLIGHT = ("in_progress", "blocked")
GROUPS = ("status", "project")
PAGE = 50


class BoardItem(NamedTuple):
    session_id: str
    project_id: str
    directory: str
    title: str
    status: str
    blockers: tuple[str, ...]
    next_step: str | None
    last_activity: str
    snapshot_count: int
    #: fields of the checkpoint whose stored value has the wrong type
    damaged: tuple[str, ...] = ()
    #: On the archive's board: the origin (store file) the session came from.
    archive_origin: str | None = None

    def group_key(self, group: str) -> str:
        return self.status if group == "status" else self.project_id

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session_id,
            "project": self.project_id,
            "directory": self.directory,
            "title": self.title,
            "status": self.status,
            "blockers": list(self.blockers),
            "nextStep": self.next_step,
            "lastActivity": self.last_activity,
            "snapshots": self.snapshot_count,
            "damagedFields": list(self.damaged),
        } | ({"origin": self.archive_origin} if self.archive_origin else {})


def parse_statuses(text: str | None) -> tuple[str, ...]:
    """``in_progress,blocked`` (the default) as a tuple; any status the
    plugin may write is accepted, as a reader shows any value."""
    if text is None:
        return IN_FLIGHT
    by_label = {label: value for value, label in STATUS_LABEL.items()}
    named = (s.strip() for s in text.split(",") if s.strip())
    # A label ("in progress") is the status it names, as ``--fields`` takes labels.
    chosen = tuple(dict.fromkeys(by_label.get(s.lower(), s) for s in named))
    if not chosen:
        raise CkptError("--status needs at least one status, e.g. in_progress,blocked")
    for s in chosen:
        if len(s) > 100 or not s.isprintable():
            raise CkptError(f"not a status: {s[:40]!r}")
    return chosen


def board_item(row) -> BoardItem:
    """A board row of the store (or the archive) as the board shows it."""
    cp = Checkpoint.from_row(row.checkpoint)
    blockers = cp.blockers if isinstance(cp.blockers, tuple) else ()
    steps = cp.nextSteps if isinstance(cp.nextSteps, tuple) else ()
    title = cp.title if isinstance(cp.title, str) else ""
    return BoardItem(
        session_id=row.session_id,
        project_id=row.project_id,
        directory=row.directory,
        title=row.title or title,
        status=row.status,
        blockers=blockers,
        next_step=steps[0] if steps else None,
        last_activity=row.last_activity,
        snapshot_count=row.snapshot_count,
        damaged=tuple(cp.damaged_fields()),
    )


def board(
    reader: Reader,
    statuses: Sequence[str] = IN_FLIGHT,
    *,
    group: str = "status",
    project_id: str | None = None,
    after: tuple | None = None,
    limit: int = PAGE,
) -> Page[BoardItem]:
    """A page of the board, grouped by ``status`` (in the order of
    ``statuses``) or by ``project`` (most recently active first), newest
    activity first inside a group."""
    from ckpt_tui.store import board_reads as bq

    if group not in GROUPS:
        raise CkptError(f"group by one of {', '.join(GROUPS)}")
    with reader.store.read() as q:
        page = bq.board_page(
            q, list(statuses), group=group, project_id=project_id, after=after, limit=limit
        )
    return Page([board_item(r) for r in page.rows], page.total, page.cursor)
