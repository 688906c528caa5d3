"""What one legacy import writes, inside its ``BEGIN IMMEDIATE``, and the
line that says so.

:func:`write_import` creates the project and session rows the store lacks,
one ``legacy`` snapshot per new history entry, the checkpoint (after a
``pre-restore`` snapshot of the one it replaces, and only if it differs),
and the ledger row. :class:`Decision` is everything decided before that,
on the same connection, so the preview and the import say the same.

The ledger row's ``details`` (JSON) records: ``file``, ``sha256``,
``backup``, ``entries`` (count), ``session``, ``createdProject``,
``createdSession``, ``snapshots`` (``[{id, name, originalName,
capturedAt}]``), ``preRestore`` (``{id, name}`` or null),
``checkpointChanged``, ``checkpointBefore`` (the replaced checkpoint's
payload JSON, or null), ``checkpointAfter`` (what the import wrote),
``entriesSkipped`` (history entries already in the session),
``projectSource`` (``store``, ``opencode``, ``derived`` or ``given``),
``directory``, ``seq`` and ``importedBy``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from ckpt_tui.core.actions import save_pre_restore
from ckpt_tui.core.jsjson import stringify
from ckpt_tui.core.legacy.discovery import LegacyFile, Target
from ckpt_tui.core.legacy.names import (
    IMPORT_PREFIX,
    IMPORTED_BY,
    SESSION_TITLE,
    SNAPSHOT_KIND,
    import_id,
    legacy_session_id,
)
from ckpt_tui.core.legacy.parse import LegacyEntry, LegacyState
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.records import CheckpointRow
from ckpt_tui.store import legacy_rows as lr
from ckpt_tui.store import writes as w


@dataclass
class Decision:
    """One import as decided on the locked connection: the project and
    session to create, the entries to add (``snaps`` gains each ``id`` when
    written), and the checkpoint keys that change."""

    info: LegacyFile
    target: Target
    directory: Path
    state: LegacyState
    created_project: bool
    created_session: bool
    existing: CheckpointRow | None
    before: Checkpoint | None
    keys: tuple[str, ...]
    entries: list[LegacyEntry]
    skipped: int
    snaps: list[dict[str, Any]]

    @property
    def checkpoint_changed(self) -> bool:
        return self.before is None or bool(self.keys)

    @property
    def session_id(self) -> str:
        return legacy_session_id(self.target.project_id)

    @property
    def import_id(self) -> str:
        assert self.info.sha256 is not None
        return import_id(self.target.project_id, self.info.sha256)


def write_import(conn: Connection, d: Decision, backup: Path) -> dict[str, Any] | None:
    """Write the decided import; the ``pre-restore`` snapshot taken (``{id,
    name}``), if the checkpoint it replaced needed one."""
    pid, sid = d.target.project_id, d.session_id
    if d.created_project:
        w.insert_project(
            conn, project_id=pid, directory=str(d.directory), canonical=os.path.realpath(d.directory)
        )
    if d.created_session:
        w.insert_session(conn, session_id=sid, project_id=pid, title=SESSION_TITLE)
    for snap, entry in zip(d.snaps, d.entries, strict=True):
        row = w.insert_snapshot(
            conn,
            session_id=sid,
            project_id=pid,
            kind=SNAPSHOT_KIND,
            name=snap["name"],
            payload_json=entry.checkpoint.to_json(),
            schema_version=entry.checkpoint.schemaVersion,
            captured_at=entry.captured_at,
        )
        snap["id"] = row["id"]
    pre: dict[str, Any] | None = None
    if d.checkpoint_changed:
        if d.before is not None:
            row = save_pre_restore(conn, sid, pid, d.before)
            pre = {"id": row["id"], "name": row["name"]}
        w.write_checkpoint(
            conn,
            session_id=sid,
            project_id=pid,
            columns=d.state.checkpoint.to_row(d.keys if d.existing is not None else None),
            exists=d.existing is not None,
        )
    if d.snaps or d.checkpoint_changed:
        w.touch_session(conn, sid)  # a file with nothing new moves nothing (invariant 3)
    w.insert_migration(
        conn,
        migration_id=d.import_id,
        project_id=pid,
        details_json=stringify(_details(conn, d, backup, pre)),
    )
    return pre


def _details(conn: Connection, d: Decision, backup: Path, pre: dict | None) -> dict[str, Any]:
    pid = d.target.project_id
    return {
        "file": str(d.info.path),
        "sha256": d.info.sha256,
        "backup": str(backup),
        "entries": len(d.state.entries),
        "directory": str(d.directory),
        "session": d.session_id,
        "createdProject": d.created_project,
        "createdSession": d.created_session,
        "snapshots": d.snaps,
        "preRestore": pre,
        "checkpointChanged": d.checkpoint_changed,
        "checkpointBefore": d.before.to_json() if d.before is not None else None,
        "checkpointAfter": d.state.checkpoint.to_json() if d.checkpoint_changed else None,
        "entriesSkipped": d.skipped,
        "projectSource": d.target.source,
        "seq": len(lr.migrations_with_prefix(conn, f"{IMPORT_PREFIX}{pid}:")) + 1,
        "importedBy": IMPORTED_BY,
    }


def describe(d: Decision, write: bool, backup: Path) -> str:
    """``imported FILE: project P (...), session S, N legacy snapshots
    (legacy-1..legacy-N), the checkpoint; backup at ...``."""
    snaps, skipped, sid = d.snaps, d.skipped, d.session_id
    what = [f"{len(snaps)} legacy snapshot{'s' if len(snaps) != 1 else ''}"]
    if snaps:
        what[0] += f" ({snaps[0]['name']}..{snaps[-1]['name']})"
    if skipped:
        what[0] += (
            f" ({skipped} history entr{'ies' if skipped != 1 else 'y'} already in {sid} "
            "with the same content and time, not added again)"
        )
    if d.created_session:
        what.insert(0, f"session {sid}")
    if d.created_project:
        why = f"; {d.target.note}" if d.target.note else ""
        what.insert(0, f"project {d.target.project_id} ({d.directory}{why})")
    if d.checkpoint_changed:
        what.append(
            "the checkpoint"
            + (f" (replacing {', '.join(d.keys)}; previous kept as pre-restore)" if d.before else "")
        )
    verb = "imported" if write else "would import"
    message = f"{verb} {d.info.path}: " + ", ".join(what)
    if write:
        message += f"; backup at {backup}; `ckpt-tui legacy undo {d.import_id}` takes it back"
    else:
        message += " (dry run: nothing written)"
    return message
