"""What ``d`` and ``r`` will show for the selected snapshot, worked out in
the detail worker once the cursor rests, so the key only shows it.

The diff ``d`` shows (the snapshot against the current checkpoint, or the
marked snapshot against it) and the restore plan ``r`` shows (with its diff)
are computed off the UI thread and kept here, each with the store's change
token read before it was computed (``PRAGMA data_version``: it moves on any
commit, the plugin's or ours). A screen that shows one checks the token
again in its own worker and, if anything was written since, computes it
again and shows that instead: what is shown is never older than what a
screen computing it on opening would show for long. And a restore's ``y``
is refused by the core (``Conflict``) whenever the checkpoint moved after
its plan was made, however the plan was made.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

from ckpt_tui.errors import CkptError
from ckpt_tui.ui.painted_lines import Paints, Rows

if TYPE_CHECKING:
    from ckpt_tui.core.actions import Service
    from ckpt_tui.core.diff import CheckpointDiff
    from ckpt_tui.core.plans import Plan
    from ckpt_tui.ui.diff_lines import Row

T = TypeVar("T")
#: Entries kept of each kind (the selected snapshot's, and a few before it).
KEEP = 4


class Ready(NamedTuple, Generic[T]):
    """A value and the change token read before it was computed."""

    value: T
    token: object


class DiffShown(NamedTuple):
    """A diff and the rows the diff view shows of it (``diff_rows``): made
    in the worker, and painted there for the diff views shown lately
    (``painted_lines.py``), so the UI thread only swaps them in."""

    diff: CheckpointDiff
    rows: list[Row]

    @classmethod
    def of(cls, diff: CheckpointDiff, paints: Paints | None = None) -> DiffShown:
        from ckpt_tui.ui.diff_lines import diff_rows  # in a worker, not at start-up

        rows = Rows(diff_rows(diff))
        rows.paint(paints)
        return cls(diff, rows)


class PlanShown(NamedTuple):
    """A plan and its diff, as :class:`DiffShown`."""

    plan: Plan
    shown: DiffShown


def change_token(service: Service) -> object:
    """The file and its change token: read before computing, compared after."""
    store = service.store
    store.follow_path()  # another file at the path: its identity, its token
    return (store.identity, store.change_token())


def still_current(service: Service, token: object) -> bool:
    """In a worker: nothing was committed since ``token`` was read."""
    try:
        return change_token(service) == token
    except CkptError:
        return False  # computed again: the error, if any, is said there


class LatestFew(Generic[T]):
    """The newest few values worked out ahead, by key: written by a worker,
    read by the UI thread (hence the lock)."""

    def __init__(self, keep: int = KEEP) -> None:
        self._lock = threading.Lock()
        self._values: OrderedDict[Hashable, T] = OrderedDict()
        self._keep = keep

    def get(self, key: Hashable) -> T | None:
        with self._lock:
            return self._values.get(key)

    def put(self, key: Hashable, value: T) -> None:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self._keep:
                self._values.popitem(last=False)

    def values(self) -> list[T]:
        with self._lock:
            return list(self._values.values())

    def drop(self, key: Hashable) -> None:
        with self._lock:
            self._values.pop(key, None)

    def fresh(self, key: Hashable, token: object) -> bool:
        """A value is kept for ``key``, worked out at ``token``."""
        value = self.get(key)
        return value is not None and value.token == token  # type: ignore[attr-defined]


class Prepared:
    """The diffs and plans computed ahead, by what they are for."""

    def __init__(self) -> None:
        self._diffs: LatestFew[Ready[DiffShown]] = LatestFew()
        self._plans: LatestFew[Ready[PlanShown]] = LatestFew()
        #: How the diff views draw (published by them): what to paint for.
        self.paints = Paints()

    def prepare(
        self,
        service: Service,
        session_id: str,
        diff_pair: tuple[str, str | None],
        restore: str | None,
    ) -> None:
        """In a worker: the diff of ``diff_pair`` (old snapshot, new snapshot
        or ``None`` for the current checkpoint) and the plan of restoring
        ``restore`` (``None``: none is offered), unless kept at this token.
        What fails is not kept: the screen computes it and says why."""
        try:
            token = change_token(service)
        except CkptError:
            return
        diff_key = (session_id, *diff_pair)
        plan_key = (session_id, restore)
        if self._diffs.fresh(diff_key, token) and (
            restore is None or self._plans.fresh(plan_key, token)
        ):
            self._paint_kept(diff_key, plan_key)  # for views resized since
            return
        try:
            diff = service.compare(session_id, *diff_pair).diff
        except CkptError:
            pass
        else:
            self._diffs.put(diff_key, Ready(DiffShown.of(diff, self.paints), token))
        if restore is None:
            return
        try:
            plan = service.plan_restore(session_id, restore, None)
        except CkptError:
            return
        shown = DiffShown.of(plan.diff, self.paints)
        self._plans.put(plan_key, Ready(PlanShown(plan, shown), token))

    def _paint_kept(self, diff_key: tuple, plan_key: tuple) -> None:
        diff, plan = self._diffs.get(diff_key), self._plans.get(plan_key)
        for shown in (diff and diff.value, plan and plan.value.shown):
            if shown is not None:
                shown.rows.paint(self.paints)

    def paint_all(self) -> None:
        """In a worker: every diff and plan kept, painted for the views'
        paints (a view laid out or resized since they were made: the kept
        screens laid out once the app has settled)."""
        for diff in self._diffs.values():
            diff.value.rows.paint(self.paints)
        for plan in self._plans.values():
            plan.value.shown.rows.paint(self.paints)

    def diff(self, session_id: str, old: str, new: str | None) -> Ready[DiffShown] | None:
        return self._diffs.get((session_id, old, new))

    def plan(self, session_id: str, snapshot_id: str) -> Ready[PlanShown] | None:
        """The plan of restoring the snapshot, all fields (what ``r`` shows first)."""
        return self._plans.get((session_id, snapshot_id))
