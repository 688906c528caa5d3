"""``ckpt-tui demo``: a realistic store, the same content for the same seed
(its snapshot ids are new on every run: each run is another store file).

It has several projects whose directories exist on disk, sessions with
child sessions, every snapshot kind, a restore that was already undone, a
synthesized placeholder, one damaged payload, a session with no checkpoint
yet, and a project with a legacy ``checkpoint.json`` waiting to be imported.
Times are fixed (from :data:`BASE`), so snapshot tests can rely on them.
"""

from __future__ import annotations

import json
import random
import shutil
import uuid
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Table, insert

from ckpt_tui import paths, timeutil
from ckpt_tui.core.demo_content import BLOCKERS, NOTES, PROJECTS
from ckpt_tui.core.demo_opencode import write_opencode_demo
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.errors import CkptError
from ckpt_tui.store import Store
from ckpt_tui.store import writes as w
from ckpt_tui.store.schema import checkpoints, sessions, snapshots

BASE = datetime.fromisoformat("2026-11-20T09:00:00+00:00")


def _at(minutes: float) -> str:
    return timeutil.fmt(BASE + timedelta(minutes=minutes))


def _plan(steps: list[str], done: int) -> str:
    lines = ["## Plan", ""]
    for i, step in enumerate(steps):
        mark = "x" if i < done else " "
        lines.append(f"{i + 1}. [{mark}] {step}")
    lines += ["", "Risks: rollout order, and the cache warm-up after deploy."]
    return "\n".join(lines)


def _states(rng: random.Random, objective: str, steps: list[str], files: list[str]):
    """A checkpoint's life: steps move from next to done, status changes."""
    cp = Checkpoint(
        title=objective,
        objective=objective,
        status="in_progress",
        summary=f"Starting on: {objective.lower()}.",
        currentPlan=_plan(steps, 0),
        nextSteps=tuple(steps),
    )
    yield cp
    for done in range(1, len(steps) + 1):
        blockers = cp.blockers
        status = "in_progress"
        if rng.random() < 0.3 and not blockers:
            blockers = (rng.choice(BLOCKERS),)
            status = "blocked"
        elif blockers and rng.random() < 0.6:
            blockers = ()
        touched = tuple(dict.fromkeys(cp.filesTouched + tuple(rng.sample(files, k=1))))
        cp = cp.replace(
            status="done" if done == len(steps) else status,
            summary=(
                f"Finished: {steps[done - 1].lower()}. "
                + (f"Next up: {steps[done].lower()}." if done < len(steps) else "All steps done.")
            ),
            currentPlan=_plan(steps, done),
            completedSteps=tuple(steps[:done]),
            nextSteps=tuple(steps[done:]),
            blockers=blockers,
            filesTouched=touched,
            notes=rng.choice(NOTES) if rng.random() < 0.5 else cp.notes,
        )
        yield cp


def build_demo(target: Path, *, seed: int = 7, force: bool = False) -> dict[str, Any]:
    """Write ``target/checkpoints.db``, ``target/projects/*`` and opencode's
    own data for them in ``target/opencode``; return their paths."""
    target = Path(target).expanduser().absolute()  # hosts report absolute directories
    db = target / "checkpoints.db"
    _clear_previous(target, db, force)
    target.mkdir(parents=True, exist_ok=True)
    history = _History(target, random.Random(seed))
    store = Store.create(db)
    store.write(history.write)
    store.close()
    project_dirs = history.project_dirs
    _write_legacy_file(project_dirs["prj_docs"])
    _imported_legacy_state(db, project_dirs["prj_infra"])
    opencode = write_opencode_demo(db, target / "opencode", seed=seed)
    return {
        "db": str(db),
        "opencode": str(opencode),
        "projects": {k: str(v) for k, v in project_dirs.items()},
    }


def _clear_previous(target: Path, db: Path, force: bool) -> None:
    """Remove a former demo (``force``), else refuse to overwrite it."""
    if db.exists() or (target / "projects").exists():
        if not force:
            raise CkptError(f"{db} already exists; pass --force to replace the demo")
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        shutil.rmtree(target / "projects", ignore_errors=True)
        shutil.rmtree(target / "opencode", ignore_errors=True)


class _History:
    """The demo's projects, sessions and snapshots, written in one
    transaction; every random draw comes from ``rng`` in a fixed order, so a
    seed always gives the same store. ``clock`` counts minutes from BASE.

    The sessions, their snapshots and their live checkpoints (all but a
    handful of the demo's rows) are made as rows in memory by the store's
    own ``store.writes.session_row``, ``snapshot_row`` and
    ``checkpoint_row``, and inserted with one statement a table, in the
    order they were made: built and run one by one, those statements were
    most of what ``ckpt-tui demo`` (and each test that makes a demo store)
    spent."""

    def __init__(self, target: Path, rng: random.Random) -> None:
        self.target = target
        self.rng = rng
        self.clock = 0.0
        self.project_dirs: dict[str, Path] = {}
        self.rows: dict[Table, list[dict[str, Any]]] = {
            sessions: [],
            snapshots: [],
            checkpoints: [],
        }

    def uid(self) -> str:
        """A random snapshot id, new on every run: a regenerated demo is
        another store file (``store.file_identity``), so nothing kept for
        the previous one (undo steps) applies to it. The seed still draws
        its 128 bits, so the content stays the same for the same seed."""
        self.rng.getrandbits(128)
        return str(uuid.uuid4())

    def write(self, conn) -> None:
        self.clock = 0.0
        for p_index, (project_id, name, project_sessions) in enumerate(PROJECTS):
            self._project(conn, p_index, project_id, name, project_sessions)
        for table, rows in self.rows.items():  # sessions first: the others refer to them
            conn.execute(insert(table), rows)
        self.clock = _restore_then_undo(conn, self.uid, self.clock)
        _placeholder_and_oddities(conn, self.uid, self.clock)

    def _project(self, conn, p_index: int, project_id: str, name: str, project_sessions) -> None:
        directory = self.target / "projects" / name
        directory.mkdir(parents=True, exist_ok=True)
        self.project_dirs[project_id] = directory
        w.insert_project(
            conn,
            project_id=project_id,
            directory=str(directory),
            canonical=str(directory.resolve()),
            at=_at(p_index),
        )
        parent_id = None
        for s_index, (objective, steps, files) in enumerate(project_sessions):
            session_id = f"ses_{project_id[4:]}_{s_index + 1:02d}"
            # Every second session of a project is a child of the first (a subagent).
            is_child = s_index > 0 and s_index % 2 == 0 and parent_id is not None
            self.clock += self.rng.uniform(30, 240)
            session = w.session_row(
                session_id, project_id, objective, parent_id if is_child else None, _at(self.clock)
            )
            self.rows[sessions].append(session)
            if s_index == 0:
                parent_id = session_id
            self._snapshots(session, s_index, (objective, steps, files))

    def _snapshots(self, session: dict[str, Any], s_index: int, plan) -> None:
        """The session's history, its live checkpoint and its last activity."""
        session_id, project_id = session["id"], session["project_id"]
        last = None
        for n, state in enumerate(_states(self.rng, *plan)):
            self.clock += self.rng.uniform(2, 25)
            kind, snap_name = "auto", f"auto-{self._epoch_ms()}-4242{n}"
            if n == 1 and s_index == 0:
                kind, snap_name = "manual", "before-refactor"
            self._snapshot(session_id, project_id, kind, snap_name, state)
            last = state
        if s_index == 1:
            self.clock += 3
            name = f"compaction-{self._epoch_ms()}-42421"
            self._snapshot(session_id, project_id, "compaction", name, last)
        at = _at(self.clock)
        self.rows[checkpoints].append(w.checkpoint_row(session_id, project_id, last.to_row(), at))
        session["updated_at"] = at  # store.writes.touch_session

    def _epoch_ms(self) -> int:
        return timeutil.epoch_ms(BASE) + int(self.clock * 60000)

    def _snapshot(self, session_id, project_id, kind, name, state: Checkpoint) -> None:
        self.rows[snapshots].append(
            w.snapshot_row(
                session_id=session_id,
                project_id=project_id,
                kind=kind,
                payload_json=state.to_json(),
                captured_at=_at(self.clock),
                name=name,
                snapshot_id=self.uid(),
            )
        )


def _set_checkpoint(conn, session_id: str, project_id: str, cp: Checkpoint, at: str) -> None:
    w.write_checkpoint(
        conn,
        session_id=session_id,
        project_id=project_id,
        columns=cp.to_row(),
        exists=False,
        at=at,
    )


def _restore_then_undo(conn, uid, clock: float) -> float:
    """The plugin restored ``before-refactor`` in acme's first session, then undid it."""
    session_id, project_id = "ses_acme_api_01", "prj_acme_api"
    from ckpt_tui.store.session_reads import get_checkpoint
    from ckpt_tui.store.snapshot_reads import get_snapshot

    current = Checkpoint.from_row(get_checkpoint(conn, session_id).columns)
    target_row, raw = get_snapshot(conn, session_id, "before-refactor")
    target = Checkpoint.from_payload(json.loads(raw))
    clock += 5
    w.insert_snapshot(
        conn,
        session_id=session_id,
        project_id=project_id,
        kind="pre-restore",
        name=f"pre-restore-{timeutil.epoch_ms(BASE) + int(clock * 60000)}-42421",
        payload_json=current.to_json(),
        snapshot_id=uid(),
        captured_at=_at(clock),
    )
    clock += 1
    undo_name = f"pre-restore-{timeutil.epoch_ms(BASE) + int(clock * 60000)}-42422"
    w.insert_snapshot(
        conn,
        session_id=session_id,
        project_id=project_id,
        kind="pre-restore",
        name=undo_name,
        payload_json=target.to_json(),
        snapshot_id=uid(),
        captured_at=_at(clock),
    )
    w.mark_restored(conn, target_row.id, at=_at(clock - 1))
    return clock


def _placeholder_and_oddities(conn, uid, clock: float) -> None:
    project_id = "prj_ml"
    # A session compacted before anything was saved: the plugin's placeholder.
    clock += 20
    placeholder = Checkpoint(
        title="(placeholder)",
        summary="Compacted before any checkpoint was saved.",
        synthesized=True,
    )
    w.insert_session(
        conn,
        session_id="ses_ml_placeholder",
        project_id=project_id,
        title="Quick question about pandas",
        at=_at(clock),
    )
    w.insert_snapshot(
        conn,
        session_id="ses_ml_placeholder",
        project_id=project_id,
        kind="compaction",
        name=f"compaction-{timeutil.epoch_ms(BASE) + int(clock * 60000)}-42429",
        payload_json=placeholder.to_json(),
        snapshot_id=uid(),
        captured_at=_at(clock),
    )
    _set_checkpoint(conn, "ses_ml_placeholder", project_id, placeholder, _at(clock))
    # A damaged payload, as a crashed or buggy writer might leave one.
    clock += 2
    w.insert_snapshot(
        conn,
        session_id="ses_ml_01",
        project_id=project_id,
        kind="manual",
        name="half-written",
        payload_json='{"title": "Nightly feature backfill", "status": "in_pro',
        snapshot_id=uid(),
        captured_at=_at(clock),
    )
    # A session that has started but saved nothing yet.
    clock += 4
    w.insert_session(
        conn,
        session_id="ses_webshop_new",
        project_id="prj_webshop",
        title="Investigate slow product search",
        at=_at(clock),
    )


def _write_legacy_file(project_dir: Path) -> None:
    """What the JSON-file plugin left behind, for ``ckpt-tui legacy import``."""
    state = paths.legacy_state_file(project_dir)
    state.parent.mkdir(parents=True, exist_ok=True)
    first = Checkpoint(
        objective="Versioned docs for 2.x",
        status="in_progress",
        nextSteps=("Add a version switcher", "Redirect old URLs"),
    )
    second = first.replace(
        status="done",
        completedSteps=first.nextSteps,
        nextSteps=(),
        summary="Shipped the 2.x switcher.",
    )
    data = {
        "plugin": "checkpoint-orchestrator",
        "version": 1,
        "checkpoint": second.to_payload(),
        "history": [
            {
                "name": "start",
                "capturedAt": "2026-03-02T10:00:00.000Z",
                "checkpoint": first.to_payload(),
            },
            {
                "name": "shipped",
                "capturedAt": "2026-03-04T16:30:00.000Z",
                "checkpoint": second.to_payload(),
            },
        ],
    }
    state.write_text(json.dumps(data, indent=2), encoding="utf-8")


def _imported_legacy_state(db: Path, project_dir: Path) -> None:
    """A legacy file already imported (so the store holds ``legacy``
    snapshots and a ``legacy::`` session), the way ``legacy import`` does it."""
    from ckpt_tui.core import legacy
    from ckpt_tui.core.service import open_service

    state = paths.legacy_state_file(project_dir)
    state.parent.mkdir(parents=True, exist_ok=True)
    before = Checkpoint(
        objective="Move state to S3 with locking", nextSteps=("Create the bucket", "Enable locking")
    )
    after = before.replace(status="done", completedSteps=before.nextSteps, nextSteps=())
    state.write_text(
        json.dumps(
            {
                "plugin": "checkpoint-orchestrator",
                "version": 1,
                "checkpoint": after.to_payload(),
                "history": [
                    {
                        "name": "start",
                        "capturedAt": "2026-02-10T09:00:00.000Z",
                        "checkpoint": before.to_payload(),
                    },
                    {
                        "name": "done",
                        "capturedAt": "2026-02-11T17:00:00.000Z",
                        "checkpoint": after.to_payload(),
                    },
                ],
            },
            indent=2,
        ),
        encoding="utf-8",
    )
    # The import stamps rows with "now"; pin it so the demo stays the same
    # for the same seed.
    service = open_service(db)
    try:
        with timeutil.clock.fixed(BASE + timedelta(days=1, hours=6)):
            legacy.import_legacy(service, project_dir, "prj_infra")
    finally:
        service.close()
