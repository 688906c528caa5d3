"""Following saves as they land: one event per new snapshot, of one
session, one project or every session in the store.

What an event says is what the session's history row says of that
snapshot (``core.summary.payload_summaries`` against the snapshot captured
just before it, found by ``store.previous_ids``, the history list's walk),
plus the fields that changed (``core.diff.diff_checkpoints``) and the
status before and after.

Waiting costs nothing while nothing changes: :meth:`Watcher.follow` sleeps
on a ``threading.Event`` between looks, and a look is one ``stat`` of the
store's path (the file may be replaced) and ``PRAGMA data_version`` on the
store's long-lived read connection, which moves only when some connection
commits. Only then are the new rows read (``store.new_snapshots``: what
landed since the last look, by rowid and id, never by count, since a save
may prune as it adds).
"""

from __future__ import annotations

import threading
from collections import namedtuple
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ckpt_tui.fields import status_label
from ckpt_tui.store import new_snapshots, previous_ids

if TYPE_CHECKING:
    from ckpt_tui.records import SnapshotRow
    from ckpt_tui.store import Store
    from ckpt_tui.store.query import Query

#: Seconds between two looks at the store's change counter: a save shows
#: within this (plus the read), well inside a second.
POLL_SECONDS = 0.25
#: The statuses that ask for a person's attention when a session turns to them.
ATTENTION = ("blocked", "done")


class SaveEvent(
    namedtuple(
        "SaveEvent",
        "session_id project_id session_title snapshot_id name kind captured_at "
        "previous_id summary fields status_before status_after",
    )
):
    """One new snapshot. ``summary`` is the history row's line (``+2 next
    -1 blocker  status→blocked``, ``first snapshot``, ``damaged payload``);
    ``previous_id`` is the snapshot captured just before it (``None``: it
    is the session's first); ``fields`` the payload keys that changed
    against that one (unknown keys included); the statuses are ``None``
    where there is no snapshot before it or a payload is damaged."""

    __slots__ = ()
    session_id: str
    project_id: str
    session_title: str
    snapshot_id: str
    name: str
    kind: str
    captured_at: str
    previous_id: str | None
    summary: str
    fields: tuple[str, ...]
    status_before: str | None
    status_after: str | None

    @property
    def turned(self) -> str | None:
        """The status the session turned to, when it turned to one that
        asks for attention (:data:`ATTENTION`)."""
        after = self.status_after
        if after in ATTENTION and self.status_before != after:
            return after
        return None

    def line(self) -> str:
        """The summary with the status change said in full: ``+2 next  -1
        blocker  status in progress → blocked``."""
        if self.status_before is None or self.status_after == self.status_before:
            return self.summary
        parts = [
            f"status {status_label(self.status_before)} → {status_label(self.status_after or '?')}"
            if part.startswith("status→")
            else part
            for part in self.summary.split("  ")
        ]
        return "  ".join(parts)

    def to_json(self) -> dict:
        return {
            "session": self.session_id,
            "sessionTitle": self.session_title,
            "project": self.project_id,
            "snapshot": self.snapshot_id,
            "name": self.name,
            "kind": self.kind,
            "capturedAt": self.captured_at,
            "previousSnapshot": self.previous_id,
            "summary": self.summary,
            "fieldsChanged": list(self.fields),
            "statusBefore": self.status_before,
            "statusAfter": self.status_after,
        }


class Watcher:
    """New snapshots of one session (``session_id``), one project
    (``project_id``) or the whole store (neither), as they land.

    :meth:`start` takes what is there as seen; each :meth:`poll` then
    returns the events of what landed since, oldest first. A store file
    replaced under the path is started on afresh (what it holds is not
    news); the store queues its notice (``Store.take_notices``)."""

    def __init__(
        self, store: Store, *, session_id: str | None = None, project_id: str | None = None
    ) -> None:
        self.store = store
        self.session_id = session_id
        self.project_id = project_id
        self._token: int | None = None
        self._floor = 0
        #: Ids of the rows above ``_floor`` in scope: a row there that is
        #: not among them has landed since.
        self._seen: set[str] = set()

    @property
    def started(self) -> bool:
        """Whether what was there has been taken as seen (the first look)."""
        return self._token is not None

    def start(self) -> None:
        """Take every snapshot there now as seen."""
        self._token = self.store.change_token()
        with self.store.read() as q:
            self._floor = new_snapshots.floor(q)
            self._seen = {row.id for _, row in self._above(q, self._floor)}

    def poll(self) -> list[SaveEvent]:
        """The events since the last look; ``[]`` at once when no connection
        committed since (one ``stat`` and one pragma)."""
        if self._token is None:
            self.start()
            return []
        if self.store.follow_path():  # another file at the path: start over
            self.start()
            return []
        token = self.store.change_token()
        if token == self._token:
            return []
        self._token = token
        with self.store.read() as q:
            rows = self._above(q, self._floor)
            new = [row for _, row in rows if row.id not in self._seen]
            low = new_snapshots.floor(q)
            if low < self._floor:  # rows were deleted: the window reaches further down
                rows = self._above(q, low)
            self._floor = low
            self._seen = {row.id for rowid, row in rows if rowid > low}
            return describe(q, new)

    def follow(
        self, stop: threading.Event, interval: float = POLL_SECONDS
    ) -> Iterator[list[SaveEvent]]:
        """The events of each look that found some, until ``stop`` is set;
        between looks it sleeps on ``stop`` (no busy loop)."""
        if self._token is None:
            self.start()
        while not stop.wait(interval):
            events = self.poll()
            if events:
                yield events

    def _above(self, q: Query, low: int) -> list[tuple[int, SnapshotRow]]:
        return new_snapshots.rows_above(
            q, low, session_id=self.session_id, project_id=self.project_id
        )


def describe(q: Query, rows: Sequence[SnapshotRow]) -> list[SaveEvent]:
    """Each row's event, in the order given: the history row's summary line
    against the snapshot captured before it, the fields changed, and the
    status before and after."""
    from ckpt_tui.core.summary import payload_summaries

    by_session: dict[str, list[SnapshotRow]] = {}
    for row in rows:
        by_session.setdefault(row.session_id, []).append(row)
    titles = new_snapshots.session_titles(q, list(by_session))
    made: dict[str, SaveEvent] = {}
    for session_id, mine in by_session.items():
        ids = [row.id for row in mine]
        previous, payloads = previous_ids.previous_and_payloads(q, session_id, ids)
        lines = payload_summaries(ids, previous, payloads)
        for row in mine:
            before = previous.get(row.id)
            fields, status_before, status_after = _compared(
                payloads.get(before) if before else None, payloads.get(row.id)
            )
            made[row.id] = SaveEvent(
                session_id=row.session_id,
                project_id=row.project_id,
                session_title=titles.get(session_id, ""),
                snapshot_id=row.id,
                name=row.name,
                kind=row.kind,
                captured_at=row.captured_at,
                previous_id=before,
                summary=lines.get(row.id, ""),
                fields=fields,
                status_before=status_before,
                status_after=status_after,
            )
    return [made[row.id] for row in rows]


def _compared(
    old_raw: str | None, new_raw: str | None
) -> tuple[tuple[str, ...], str | None, str | None]:
    """The keys that changed from one payload to the other, and the two
    statuses (``None`` for a missing or damaged side)."""
    from ckpt_tui.core.diff import diff_checkpoints
    from ckpt_tui.core.model import Checkpoint, decode

    old = decode(old_raw) if old_raw is not None else None
    new = decode(new_raw) if new_raw is not None else None
    old_status = old.status if isinstance(old, Checkpoint) and isinstance(old.status, str) else None
    new_status = new.status if isinstance(new, Checkpoint) and isinstance(new.status, str) else None
    if not isinstance(old, Checkpoint) or not isinstance(new, Checkpoint):
        return (), old_status, new_status
    diff = diff_checkpoints(old, new, detail=False)
    return diff.changed_names + diff.extra_changed, old_status, new_status
