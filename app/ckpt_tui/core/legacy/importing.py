"""Import of a legacy state file (SPEC 6): the preview and the import.

Import
    The file is read once; its bytes are hashed and copied (never moved, never
    deleted) to ``.opencode/state/checkpoint-orchestrator/migration-backups/
    checkpoint-<sha256>.json`` (temp file, fsync, rename: repeated or
    concurrent copies of one content land on one name, and different
    contents never clobber each other). Then ONE ``BEGIN IMMEDIATE``
    transaction re-resolves the project and re-checks the ledger after taking
    the lock, so N processes importing one file make exactly one import; it
    creates the project row if the store has none (the directory as given,
    its realpath as ``canonical``), the session ``legacy::<projectID>``
    (title ``Legacy state``), one ``legacy`` snapshot per history entry named
    ``legacy-<n>`` in file order (``capturedAt`` from the entry, ISO or epoch
    ms, stored as ISO), the checkpoint, and the ledger row.

    The project of a directory the store does not know is the one opencode
    has for it, else a derived id (:mod:`.discovery`); opencode's records are
    read before the transaction, never while the store's write lock is held.
    If nothing matched there because opencode's data could not be read, the
    import refuses (an id derived now could differ from opencode's) and says
    to try again or to give the id.

    A changed file (new hash) imports into the same legacy session, adding
    only what is not there yet (SPEC 6): a history entry whose ``capturedAt``
    and content (the payload as a JSON object) equal a ``legacy`` snapshot
    already in ``legacy::<projectID>`` is skipped (counted as many times as
    it is there, so a repeated entry is kept as often as the file repeats
    it). New entries continue the numbering after the highest ``legacy-<n>``
    there (names never collide), and the session's checkpoint becomes the
    file's checkpoint, after a ``pre-restore`` snapshot of the one it
    replaces (invariant 5), and only if it differs (invariant 3). A file
    with nothing new writes only its ledger row. Imports do not prune: an
    imported history is kept whole.

    What the import writes, and the ledger row's details, are in
    :mod:`.import_rows`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from ckpt_tui import paths, timeutil
from ckpt_tui.core.actions import WRITABLE, changed_keys
from ckpt_tui.core.legacy.discovery import LegacyFile, Target, _classify, _target, project_dir_of
from ckpt_tui.core.legacy.import_rows import Decision, describe, write_import
from ckpt_tui.core.legacy.names import (
    _LEGACY_NAME,
    ALREADY,
    FOREIGN,
    IMPORTABLE,
    SNAPSHOT_KIND,
    LegacyError,
    backup_path,
    import_id,
    legacy_session_id,
)
from ckpt_tui.core.legacy.opencode_ids import OpencodeProjects
from ckpt_tui.core.legacy.parse import (
    LegacyEntry,
    LegacyState,
    Unusable,
    _read_file,
    parse_legacy,
)
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import Conflict, NotFound
from ckpt_tui.store import legacy_rows as lr
from ckpt_tui.store import queries as q


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
            "projectNote": self.file.project_note,
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


def _decide(
    conn: Connection, directory: Path, info: LegacyFile, target: Target, state: LegacyState
) -> Decision:
    """What importing ``state`` into the resolved project writes: the rows
    to create, the history entries not already there, the checkpoint keys."""
    pid = target.project_id
    sid = legacy_session_id(pid)
    created_project = lr.project_row(conn, pid) is None
    owner = None if created_project else lr.session_project(conn, sid)
    if owner is not None and owner != pid:
        raise LegacyError(f"session {sid} belongs to project {owner!r}; refusing to import")
    created_session = owner is None
    first = 1 if created_session else _next_number(conn, sid)
    existing = None if created_session else q.get_checkpoint(conn, sid)
    before = Checkpoint.from_row(existing.columns) if existing else None
    keys = changed_keys(before, state.checkpoint) if before else WRITABLE
    entries, skipped = (
        (list(state.entries), 0) if created_session else _new_entries(conn, sid, state.entries)
    )
    return Decision(
        info=info,
        target=target,
        directory=directory,
        state=state,
        created_project=created_project,
        created_session=created_session,
        existing=existing,
        before=before,
        keys=tuple(keys),
        entries=entries,
        skipped=skipped,
        snaps=[
            {"name": f"legacy-{first + i}", "originalName": e.name, "capturedAt": e.captured_at}
            for i, e in enumerate(entries)
        ],
    )


def _with_target(info: LegacyFile, target: Target) -> LegacyFile:
    """The file as the resolved project sees it: whose it is, how that was
    found, and whether this content is already imported."""
    return replace(
        info,
        project_id=target.project_id,
        project_source=target.source,
        project_known=target.known,
        candidates=target.candidates,
        status=ALREADY if target.already else IMPORTABLE,
        project_note=target.note,
    )


def _stage(
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
    info = _with_target(info, target)
    pid = target.project_id
    sid = legacy_session_id(pid)
    ledger = import_id(pid, sha)
    if target.already:
        return ImportOutcome(
            ALREADY,
            not write,
            info,
            f"{info.path} (sha256 {sha[:12]}) is already imported into {sid}; nothing to do",
            project_id=pid,
            session_id=sid,
            import_id=ledger,
        )
    decision = _decide(conn, directory, info, target, state)
    pre = write_import(conn, decision, backup) if write else None
    return ImportOutcome(
        "imported" if write else "would-import",
        not write,
        info,
        describe(decision, write, backup),
        project_id=pid,
        session_id=sid,
        import_id=ledger,
        created_project=decision.created_project,
        created_session=decision.created_session,
        snapshots=tuple(decision.snaps),
        checkpoint_changed=decision.checkpoint_changed,
        changed=decision.keys if decision.checkpoint_changed else (),
        pre_restore=pre["name"] if pre else None,
        backup=str(backup),
        skipped_entries=decision.skipped,
    )


def _skipped(info: LegacyFile, dry_run: bool) -> ImportOutcome:
    word = "not ours" if info.status == FOREIGN else "damaged"
    return ImportOutcome(info.status, dry_run, info, f"skipped {info.path}: {word}: {info.reason}")


def _load(directory: str | os.PathLike[str]) -> tuple[Path, Path]:
    d = project_dir_of(directory)
    if not d.is_dir():
        raise NotFound(f"no directory {d}")
    path = paths.legacy_state_file(d)
    if not (path.exists() or path.is_symlink()):
        raise NotFound(f"no legacy state file at {path}")
    return d, path


def plan_import(
    reader: Reader,
    directory: str | os.PathLike[str],
    project_id: str | None = None,
    *,
    opencode_data: str | os.PathLike[str] | None = None,
) -> ImportOutcome:
    """The preview: what :func:`import_legacy` would create, without writing.

    ``opencode_data``: opencode's data dir (default: SPEC 1), asked for the
    id of a directory the store does not know."""
    d, _ = _load(directory)
    opencode = OpencodeProjects(opencode_data)
    with reader.store.read() as conn:
        info, _data, state = _classify(conn, d, project_id, opencode)
        if state is None:
            return _skipped(info, True)
        assert info.sha256 is not None
        return _stage(
            conn,
            directory=d,
            info=info,
            state=state,
            explicit=project_id,
            backup=backup_path(d, info.sha256),
            write=False,
            opencode=opencode,
        )


def _copy_backup(path: Path, data: bytes, target: Path) -> None:
    """Copy the bytes that were hashed; a same-named backup is the same content."""
    from ckpt_tui.core.handoff import write_atomic

    if target.is_file():
        try:
            if hashlib.sha256(target.read_bytes()).hexdigest() == target.stem.split("-", 1)[1]:
                return
        except OSError:
            pass
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        stat = path.stat()
        write_atomic(
            target, data, mode=stat.st_mode & 0o777, times=(stat.st_atime_ns, stat.st_mtime_ns)
        )
    except OSError as exc:
        raise LegacyError(
            f"cannot copy {path} to {target} ({exc.strerror or exc}); nothing imported"
        ) from None


def import_legacy(
    reader: Reader,
    directory: str | os.PathLike[str],
    project_id: str | None = None,
    *,
    expected_sha256: str | None = None,
    opencode_data: str | os.PathLike[str] | None = None,
) -> ImportOutcome:
    """Import the legacy state file of ``directory`` (SPEC 6).

    ``expected_sha256`` (from a preview) refuses with :class:`Conflict` if the
    file changed since.
    ``opencode_data``: opencode's data dir (default: SPEC 1).
    A foreign or damaged file is not an error: the outcome says it was
    skipped and why.
    """
    d, path = _load(directory)
    try:
        data = _read_file(path)
    except Unusable as bad:
        info = LegacyFile(path, d, bad.status, bad.reason, None, None, 0, None, None, False)
        return _skipped(info, False)
    sha = hashlib.sha256(data).hexdigest()
    if expected_sha256 is not None and expected_sha256 != sha:
        raise Conflict(
            f"{path} changed since it was previewed (sha256 {sha[:12]}, not "
            f"{expected_sha256[:12]}); nothing imported, look again"
        )
    info = LegacyFile(path, d, IMPORTABLE, None, sha, len(data), 0, None, None, False)
    try:
        state = parse_legacy(data)
    except Unusable as bad:
        return _skipped(replace(info, status=bad.status, reason=bad.reason), False)
    info = replace(info, entries=len(state.entries))
    # opencode's records are read now, not under the store's write lock.
    opencode = None if project_id is not None else OpencodeProjects(opencode_data).load()
    backup = backup_path(d, sha)
    _copy_backup(path, data, backup)
    outcome = reader.store.write(
        lambda conn: _stage(
            conn,
            directory=d,
            info=info,
            state=state,
            explicit=project_id,
            backup=backup,
            write=True,
            opencode=opencode,
        )
    )
    return replace(outcome, backup=str(backup))
