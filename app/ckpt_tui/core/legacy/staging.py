"""The decisions of a legacy import and its one transaction (SPEC 6).

:func:`stage` runs on a connection: inside the import's ``BEGIN IMMEDIATE``
(``write``) or on a read for the preview. It resolves the project again,
checks the ledger, decides what to create (:class:`_Decision`), writes it
when asked, and says what it did or would do (:class:`ImportOutcome`). The
file handling around it (hash, backup copy) is :mod:`.importing`'s; the
module docstring there says what an import writes.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from ckpt_tui import timeutil
from ckpt_tui.core.checkpoint_writes import save_pre_restore
from ckpt_tui.core.jsjson import stringify
from ckpt_tui.core.legacy.discovery import LegacyFile, _target
from ckpt_tui.core.legacy.names import (
    _LEGACY_NAME,
    ALREADY,
    IMPORT_PREFIX,
    IMPORTABLE,
    IMPORTED_BY,
    SESSION_TITLE,
    SNAPSHOT_KIND,
    LegacyError,
    import_id,
    legacy_session_id,
)
from ckpt_tui.core.legacy.opencode_ids import OpencodeProjects
from ckpt_tui.core.legacy.parse import LegacyEntry, LegacyState
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.plans import WRITABLE, changed_keys
from ckpt_tui.plural import counted
from ckpt_tui.store import legacy_rows as lr
from ckpt_tui.store import writes as w
from ckpt_tui.store.session_reads import get_checkpoint


@dataclass(frozen=True)
class ImportOutcome:
    """What an import did, or (``dry_run``) would do.

    ``status``: ``imported``, ``would-import`` (dry run), ``already-imported``,
    ``foreign`` or ``damaged``.
    """

    status: str
    dry_run: bool
    file: LegacyFile
    message: str
    project_id: str | None = None
    session_id: str | None = None
    import_id: str | None = None
    created_project: bool = False
    created_session: bool = False
    snapshots: tuple[dict[str, Any], ...] = ()
    checkpoint_changed: bool = False
    changed: tuple[str, ...] = ()
    pre_restore: str | None = None
    backup: str | None = None
    skipped_entries: int = 0  # history entries already in the legacy session

    @property
    def ok(self) -> bool:
        return self.status in ("imported", "would-import", ALREADY)

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "dryRun": self.dry_run,
            "message": self.message,
            "file": str(self.file.path),
            "directory": str(self.file.directory),
            "reason": self.file.reason,
            "sha256": self.file.sha256,
            "entries": self.file.entries,
            "projectId": self.project_id,
            "projectSource": self.file.project_source,
            "projectNote": self.file.project_note,  # the rule (projectSource) in words
            "session": self.session_id,
            "importId": self.import_id,
            "createdProject": self.created_project,
            "createdSession": self.created_session,
            "snapshots": list(self.snapshots),
            "entriesSkipped": self.skipped_entries,
            "checkpointChanged": self.checkpoint_changed,
            "changed": list(self.changed),
            "preRestore": self.pre_restore,
            "backup": self.backup,
        }


def _next_number(conn: Connection, session_id: str) -> int:
    top = 0
    for name in lr.snapshot_names_with_prefix(conn, session_id, "legacy-"):
        m = _LEGACY_NAME.match(name)
        if m:
            top = max(top, int(m.group(1)))
    return top + 1


def _content_key(captured_at: object, payload: object) -> tuple[str, str] | None:
    """What makes two history entries the same (SPEC 6): the instant and the
    content as a JSON object (key order and spacing do not matter)."""
    try:
        data = json.loads(payload) if isinstance(payload, str) else payload
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return timeutil.normalize(captured_at), text


def _new_entries(
    conn: Connection, session_id: str, entries: tuple[LegacyEntry, ...]
) -> tuple[list[LegacyEntry], int]:
    """The entries not already in the session as ``legacy`` snapshots, and
    how many were (each snapshot there stands for one entry)."""
    there = Counter(
        key
        for captured_at, payload in lr.snapshot_contents(conn, session_id, SNAPSHOT_KIND)
        if (key := _content_key(captured_at, payload)) is not None
    )
    fresh: list[LegacyEntry] = []
    for entry in entries:
        key = _content_key(entry.captured_at, entry.checkpoint.to_payload())
        if key is not None and there[key] > 0:
            there[key] -= 1
        else:
            fresh.append(entry)
    return fresh, len(entries) - len(fresh)


@dataclass(frozen=True)
class _Decision:
    """What an import creates in the store, decided under the lock."""

    project_id: str
    session_id: str
    ledger: str
    created_project: bool
    created_session: bool
    #: The session's checkpoint row before the import (``None``: none).
    existing: Any
    before: Checkpoint | None
    keys: tuple[str, ...]
    checkpoint_changed: bool
    entries: list[LegacyEntry]
    skipped: int
    #: One per new snapshot: ``name``, ``originalName``, ``capturedAt``
    #: (and ``id`` once written).
    snaps: list[dict[str, Any]]


def stage(
    conn: Connection,
    *,
    directory: Path,
    info: LegacyFile,
    state: LegacyState,
    explicit: str | None,
    backup: Path,
    write: bool,
    opencode: OpencodeProjects | None = None,
) -> ImportOutcome:
    """The import's decisions, made on ``conn``; written only when ``write``.

    Inside the import's ``BEGIN IMMEDIATE`` this re-resolves the project and
    re-checks the ledger after the lock is taken: whoever comes second sees
    the first one's row and does nothing.
    """
    sha = info.sha256
    assert sha is not None
    target = _target(conn, directory, sha, explicit, opencode)
    if write and target.undecided:
        raise LegacyError(
            f"cannot tell which project opencode has for {directory}: {target.note}; "
            "nothing imported (try again, or give the project id with --project)"
        )
    info = replace(
        info,
        project_id=target.project_id,
        project_source=target.source,
        project_known=target.known,
        candidates=target.candidates,
        status=ALREADY if target.already else IMPORTABLE,
        project_note=target.note,
    )
    pid = target.project_id
    sid = legacy_session_id(pid)
    if target.already:
        return ImportOutcome(
            ALREADY,
            not write,
            info,
            f"{info.path} (sha256 {sha[:12]}) is already imported into {sid}; nothing to do",
            project_id=pid,
            session_id=sid,
            import_id=import_id(pid, sha),
        )
    decision = _decide(conn, pid, import_id(pid, sha), state)
    pre = None
    if write:
        pre = _write(conn, decision, directory, state)
        details = _ledger_details(
            conn, decision, pre, directory, info, state, backup, target.source
        )
        w.insert_migration(
            conn, migration_id=decision.ledger, project_id=pid, details_json=stringify(details)
        )
    return _outcome(decision, info, write, pre, backup, directory, target.note)


def _decide(conn: Connection, pid: str, ledger: str, state: LegacyState) -> _Decision:
    """What to create: the project and session if absent, a snapshot per new
    history entry, the checkpoint if it differs."""
    sid = legacy_session_id(pid)
    created_project = lr.project_row(conn, pid) is None
    owner = None if created_project else lr.session_project(conn, sid)
    if owner is not None and owner != pid:
        raise LegacyError(f"session {sid} belongs to project {owner!r}; refusing to import")
    created_session = owner is None
    first = 1 if created_session else _next_number(conn, sid)
    existing = None if created_session else get_checkpoint(conn, sid)
    before = Checkpoint.from_row(existing.columns) if existing else None
    keys = changed_keys(before, state.checkpoint) if before else WRITABLE
    entries, skipped = (
        (list(state.entries), 0) if created_session else _new_entries(conn, sid, state.entries)
    )
    snaps = [
        {"name": f"legacy-{first + i}", "originalName": entry.name, "capturedAt": entry.captured_at}
        for i, entry in enumerate(entries)
    ]
    return _Decision(
        pid,
        sid,
        ledger,
        created_project,
        created_session,
        existing,
        before,
        keys,
        before is None or bool(keys),
        entries,
        skipped,
        snaps,
    )


def _write(
    conn: Connection, d: _Decision, directory: Path, state: LegacyState
) -> dict[str, Any] | None:
    """Create what ``d`` decided, all stamped with one instant (the legacy
    snapshots keep their own times); the pre-restore snapshot taken of the
    checkpoint it replaced (``{id, name}``), if any."""
    pid, sid = d.project_id, d.session_id
    at = w.write_instant(conn, sid)
    if d.created_project:
        w.insert_project(
            conn,
            project_id=pid,
            directory=str(directory),
            canonical=os.path.realpath(directory),
            at=at,
        )
    if d.created_session:
        w.insert_session(conn, session_id=sid, project_id=pid, title=SESSION_TITLE, at=at)
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
    pre = None
    if d.checkpoint_changed:
        if d.before is not None:
            row = save_pre_restore(conn, sid, pid, d.before, at)
            pre = {"id": row["id"], "name": row["name"]}
        w.write_checkpoint(
            conn,
            session_id=sid,
            project_id=pid,
            columns=state.checkpoint.to_row(d.keys if d.existing is not None else None),
            exists=d.existing is not None,
            at=at,
        )
    if d.snaps or d.checkpoint_changed:
        # a file with nothing new moves nothing (invariant 3); the project's
        # activity stays, so undoing imports back to back leaves no trace
        w.touch_session(conn, sid, at)
    return pre


def _outcome(
    d: _Decision,
    info: LegacyFile,
    write: bool,
    pre: dict[str, Any] | None,
    backup: Path,
    directory: Path,
    note: str | None,
) -> ImportOutcome:
    """What the import did (``write``) or would do, in one message."""
    snaps, sid = d.snaps, d.session_id
    what = [counted(len(snaps), "legacy snapshot")]
    if snaps:
        what[0] += f" ({snaps[0]['name']}..{snaps[-1]['name']})"
    if d.skipped:
        what[0] += (
            f" ({d.skipped} history entr{'ies' if d.skipped != 1 else 'y'} already in {sid} "
            "with the same content and time, not added again)"
        )
    if d.created_session:
        what.insert(0, f"session {sid}")
    if d.checkpoint_changed:
        what.append(
            "the checkpoint"
            + (
                f" (replacing {', '.join(d.keys)}; previous kept as pre-restore)"
                if d.before
                else ""
            )
        )
    verb = "imported" if write else "would import"
    # Which project, and the rule that chose it (SPEC 6: the import says it).
    if d.created_project:
        dest = f"a new project {d.project_id} ({directory}; {note})"
    else:
        dest = f"project {d.project_id}" + (f" ({note})" if note else "")
    message = f"{verb} {info.path} into {dest}: " + ", ".join(what)
    if write:
        message += f"; backup at {backup}"
    else:
        message += " (dry run: nothing written)"
    return ImportOutcome(
        "imported" if write else "would-import",
        not write,
        info,
        message,
        project_id=d.project_id,
        session_id=sid,
        import_id=d.ledger,
        created_project=d.created_project,
        created_session=d.created_session,
        snapshots=tuple(snaps),
        checkpoint_changed=d.checkpoint_changed,
        changed=tuple(d.keys) if d.checkpoint_changed else (),
        pre_restore=pre["name"] if pre else None,
        backup=str(backup),
        skipped_entries=d.skipped,
    )


def _ledger_details(
    conn: Connection,
    d: _Decision,
    pre: dict[str, Any] | None,
    directory: Path,
    info: LegacyFile,
    state: LegacyState,
    backup: Path,
    project_source: str,
) -> dict[str, Any]:
    """The ledger row's ``details``: what undo needs to take the import
    back (the keys are listed in :mod:`.importing`)."""
    return {
        "file": str(info.path),
        "sha256": info.sha256,
        "backup": str(backup),
        "entries": len(state.entries),
        "directory": str(directory),
        "session": d.session_id,
        "createdProject": d.created_project,
        "createdSession": d.created_session,
        "snapshots": d.snaps,
        "preRestore": pre,
        "checkpointChanged": d.checkpoint_changed,
        "checkpointBefore": (d.before.to_json() if d.before is not None else None),
        "checkpointAfter": state.checkpoint.to_json() if d.checkpoint_changed else None,
        "entriesSkipped": d.skipped,
        "projectSource": project_source,
        "seq": len(lr.migrations_with_prefix(conn, f"{IMPORT_PREFIX}{d.project_id}:")) + 1,
        "importedBy": IMPORTED_BY,
    }
