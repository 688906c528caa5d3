"""The ledger of legacy imports, and the undo of one import.

Undo of an import (:func:`undo_import`)
    Imports are undone newest first per project (an older one is refused
    while a newer one exists: the newer import's checkpoint and numbering
    build on it). In one transaction: if the import created the legacy
    session, the session holds no snapshot the import did not make, and its
    checkpoint is still what the import wrote, the session goes (checkpoint
    and snapshots cascade), then the project if the import created it and it
    has no session left. Otherwise only the snapshots the import created (its
    ``legacy-<n>`` ones and its own ``pre-restore``) are deleted and the
    checkpoint goes back to ``checkpointBefore`` (removed if there was none).
    That takes a ``pre-restore`` snapshot of what it overwrites only if the
    checkpoint changed after the import (compared with ``checkpointAfter``):
    what the import itself wrote is still in the file and its backup, and
    re-importing redoes it, so undoing imports back to back leaves no trace.
    The ledger row goes last, so the same file can be imported again. The
    backup copy is kept.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection

from ckpt_tui import timeutil
from ckpt_tui.core.actions import Service
from ckpt_tui.core.checkpoint_writes import save_pre_restore
from ckpt_tui.core.legacy.names import IMPORT_PREFIX, IMPORTED_BY, LegacyError
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.plans import changed_keys
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import JournalError, NotFound
from ckpt_tui.plural import counted
from ckpt_tui.store import legacy_rows as lr
from ckpt_tui.store import writes as w
from ckpt_tui.store.session_reads import get_checkpoint


@dataclass(frozen=True)
class ImportRecord:
    """One ledger row of a legacy import."""

    id: str
    project_id: str | None
    applied_at: str
    details: dict[str, Any]
    ours: bool  # made by ckpt-tui, so undo_import knows what it created
    newest: bool  # the newest import of its project

    @property
    def undoable(self) -> bool:
        return self.ours and self.newest

    def to_json(self) -> dict[str, Any]:
        d = self.details
        return {
            "id": self.id,
            "projectId": self.project_id,
            "appliedAt": self.applied_at,
            "file": d.get("file"),
            "sha256": d.get("sha256"),
            "backup": d.get("backup"),
            "entries": d.get("entries"),
            "session": d.get("session"),
            "snapshots": [s.get("name") for s in d.get("snapshots") or [] if isinstance(s, dict)],
            "importedBy": d.get("importedBy"),
            "undoable": self.undoable,
        }


def _details(row: dict[str, Any]) -> dict[str, Any]:
    try:
        data = json.loads(row.get("details") or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _order(row: dict[str, Any]) -> tuple[str, int]:
    seq = _details(row).get("seq")
    return (timeutil.normalize(row["applied_at"]), seq if isinstance(seq, int) else 0)


def _is_ours(details: dict[str, Any]) -> bool:
    return details.get("importedBy") == IMPORTED_BY and isinstance(details.get("session"), str)


def _records(conn: Connection, prefix: str) -> list[ImportRecord]:
    rows = lr.migrations_with_prefix(conn, prefix)
    newest: dict[str | None, tuple[str, int]] = {}
    for row in rows:
        key = row["project_id"]
        newest[key] = max(newest.get(key, ("", -1)), _order(row))
    return [
        ImportRecord(
            row["id"],
            row["project_id"],
            timeutil.normalize(row["applied_at"]),
            _details(row),
            _is_ours(_details(row)),
            _order(row) == newest[row["project_id"]],
        )
        for row in rows
    ]


def list_imports(reader: Reader, project_id: str | None = None) -> list[ImportRecord]:
    """Ledger rows of legacy imports, oldest first (of one project, or all)."""
    prefix = IMPORT_PREFIX if project_id is None else f"{IMPORT_PREFIX}{project_id}:"
    with reader.store.read() as conn:
        if project_id is None:
            return _records(conn, prefix)
        found = [r for r in _records(conn, IMPORT_PREFIX) if r.project_id == project_id]
        if not found and lr.project_row(conn, project_id) is None:
            raise NotFound(f"no such project {project_id!r} in the store")
        return found


@dataclass(frozen=True)
class UndoImportOutcome:
    import_id: str
    project_id: str
    session_id: str
    deleted_session: bool
    deleted_project: bool
    deleted_snapshots: int
    checkpoint_reverted: bool
    pre_restore: str | None
    message: str

    def to_json(self) -> dict[str, Any]:
        return {
            "importId": self.import_id,
            "projectId": self.project_id,
            "session": self.session_id,
            "deletedSession": self.deleted_session,
            "deletedProject": self.deleted_project,
            "deletedSnapshots": self.deleted_snapshots,
            "checkpointReverted": self.checkpoint_reverted,
            "preRestore": self.pre_restore,
            "message": self.message,
        }


def _undoable(conn: Connection, ledger_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The ledger row of an import ckpt-tui made and no later import of its
    project follows, and its details; else a one-line refusal."""
    row = lr.get_migration(conn, ledger_id)
    if row is None or not ledger_id.startswith(IMPORT_PREFIX):
        raise NotFound(f"no legacy import {ledger_id!r} in the store")
    details = _details(row)
    if not _is_ours(details):
        raise LegacyError(
            f"import {ledger_id} was not made by ckpt-tui; it does not record what it created, "
            "so it cannot be undone here"
        )
    mine = _order(row)
    for other in lr.migrations_with_prefix(conn, f"{IMPORT_PREFIX}{row['project_id']}:"):
        if other["id"] != ledger_id and _order(other) > mine:
            raise LegacyError(
                f"import {other['id']} came after {ledger_id}; undo it first "
                "(imports are undone newest first)"
            )
    return row, details


def _undo_tx(conn: Connection, ledger_id: str) -> UndoImportOutcome:
    row, details = _undoable(conn, ledger_id)
    pid = row["project_id"]
    sid = details["session"]
    created_ids = [s["id"] for s in details.get("snapshots") or [] if isinstance(s, dict)]
    if details.get("preRestore"):
        created_ids.append(details["preRestore"]["id"])
    deleted_session = deleted_project = reverted = False
    pre_name: str | None = None
    gone = 0
    exists = lr.session_project(conn, sid) is not None
    in_session = lr.snapshot_ids(conn, sid) if exists else []
    created = set(created_ids)
    others = [i for i in in_session if i not in created]
    current = get_checkpoint(conn, sid) if exists else None
    now = Checkpoint.from_row(current.columns) if current else None
    raw_after = details.get("checkpointAfter")
    wrote = Checkpoint.from_payload(json.loads(raw_after)) if raw_after else None
    untouched = (now is not None and wrote is not None and not changed_keys(now, wrote)) or (
        now is None and wrote is None
    )
    if exists and details.get("createdSession") and not others and untouched:
        gone = len(in_session)
        deleted_session = lr.delete_session(conn, sid)
        if details.get("createdProject") and lr.session_count(conn, pid) == 0:
            deleted_project = lr.delete_project(conn, pid)
    elif exists:
        at = w.write_instant(conn, sid)  # one instant for all it writes
        gone = lr.delete_snapshots(conn, sid, created_ids)
        if details.get("checkpointChanged"):
            reverted, pre_name = _put_back_checkpoint(
                conn, sid, pid, details, current, keep_current=not untouched, at=at
            )
        if gone or reverted:  # an import that added nothing is taken back without a trace
            w.touch_session(conn, sid, at)
    lr.delete_migration(conn, ledger_id)
    parts = []
    if deleted_session:
        parts.append(f"deleted session {sid}")
    else:
        parts.append(f"deleted {counted(gone, 'snapshot')} of {sid}")
    if reverted:
        parts.append(
            "put back the checkpoint it replaced"
            + (f" (the imported one is kept as {pre_name})" if pre_name else "")
        )
    if deleted_project:
        parts.append(f"deleted project {pid}")
    if details.get("createdSession") and exists and not deleted_session:
        parts.append("kept the session: it changed after the import")
    return UndoImportOutcome(
        ledger_id,
        pid,
        sid,
        deleted_session,
        deleted_project,
        gone,
        reverted,
        pre_name,
        f"undid import {ledger_id}: " + "; ".join(parts) + " (the backup copy is kept)",
    )


def _put_back_checkpoint(
    conn: Connection,
    sid: str,
    pid: str,
    details: dict[str, Any],
    current,
    *,
    keep_current: bool,
    at: str,
) -> tuple[bool, str | None]:
    """Write back the checkpoint the import replaced (none: delete it), if
    the current one differs; a current one changed since the import is kept
    as a pre-restore snapshot first (``keep_current``). (reverted, the
    pre-restore snapshot's name)."""
    now = Checkpoint.from_row(current.columns) if current else None
    raw_before = details.get("checkpointBefore")
    target = Checkpoint.from_payload(json.loads(raw_before)) if raw_before else None
    differs = (now is None) != (target is None) or (
        now is not None and target is not None and bool(changed_keys(now, target))
    )
    if not differs:
        return False, None
    pre_name = None
    if now is not None and keep_current:
        pre_name = save_pre_restore(conn, sid, pid, now, at)["name"]
    if target is None:
        lr.delete_checkpoint(conn, sid)
    else:
        w.write_checkpoint(
            conn,
            session_id=sid,
            project_id=pid,
            columns=target.to_row(
                changed_keys(now, target) if now is not None and current else None
            ),
            exists=current is not None,
            at=at,
        )
    return True, pre_name


def undo_import(service: Service, ledger_id: str) -> UndoImportOutcome:
    """Take back one import (see the module docstring for exactly what)."""
    outcome = service.store.write(lambda conn: _undo_tx(conn, ledger_id))
    if outcome.deleted_session:
        try:
            service.journal.forget_session(outcome.session_id)
        except JournalError as exc:  # the import is taken back all the same
            outcome = replace(outcome, message=f"{outcome.message}. Warning: {exc}")
    return outcome
