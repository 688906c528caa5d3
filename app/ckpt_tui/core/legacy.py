"""Legacy state files (SPEC 6): discovery, import, undo of an import, adoption.

Before SQLite the plugin kept one checkpoint per project in
``<project>/.opencode/state/checkpoint.json``. This module finds those files,
says what each one is, imports it exactly as SPEC 6 prescribes, can take an
import back, and plans the adoption of legacy state into a live session.

Discovery
    :func:`scan` looks in every project directory the store knows
    (``projects.directory``, or ``canonical`` when ``directory`` is gone) and
    in any extra directory given (the directory itself, not its subtree). A
    file is reported once even if several projects share its directory, and
    classified as ``importable``, ``already-imported`` (the ledger row
    ``legacy-import:<projectID>:<sha256 of the file>`` exists), ``foreign``
    (its ``plugin`` is not ``checkpoint-orchestrator``) or ``damaged`` (not
    UTF-8, not JSON, or the wrong shape; ``reason`` names the exact place,
    e.g. ``history[2].checkpoint is not an object``).

Which project a file belongs to
    A directory is matched against ``projects.directory`` (as given, and its
    realpath) and ``projects.canonical`` (its realpath). Exact ``directory``
    matches come first, then the oldest project, then the smallest id: every
    process picks the same one. If any matching project already has a ledger
    row for this file's hash, the file counts as imported under that project
    (a checkout and a worktree reported as two ids must not import twice).
    A directory the store does not know gets the derived id
    ``dir-<first 16 hex of sha256(realpath)>``: it is stable across runs and
    processes (so six concurrent importers agree on one ledger id and import
    once), it cannot collide with opencode's ids (hex hashes or ``global``),
    and the project row created for it carries the realpath as ``canonical``,
    so later lookups find it by directory. ``project_id=`` overrides all of
    this, but a known project must live in that directory.

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

    A changed file (new hash) imports into the same legacy session: its
    entries continue the numbering after the highest ``legacy-<n>`` already
    there (names never collide), and the session's checkpoint becomes the
    file's checkpoint, after a ``pre-restore`` snapshot of the one it
    replaces (invariant 5), and only if it differs (invariant 3). Imports do
    not prune: an imported history is kept whole.

    The ledger row's ``details`` (JSON) records: ``file``, ``sha256``,
    ``backup``, ``entries`` (count), ``session``, ``createdProject``,
    ``createdSession``, ``snapshots`` (``[{id, name, originalName,
    capturedAt}]``), ``preRestore`` (``{id, name}`` or null),
    ``checkpointChanged``, ``checkpointBefore`` (the replaced checkpoint's
    payload JSON, or null), ``checkpointAfter`` (what the import wrote),
    ``directory``, ``seq`` and ``importedBy``.

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

Adoption
    :func:`plan_adoption` returns the :class:`~ckpt_tui.core.actions.Plan` of
    :meth:`Service.plan_copy` for the legacy checkpoint, or one snapshot of
    the legacy session, copied into a live session of the same project.
    ``service.apply(plan)`` performs it like a restore (pre-restore snapshot,
    ``restored_at`` on the source, undo journal), so ``ckpt-tui undo``
    undoes it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from ckpt_tui import paths, timeutil
from ckpt_tui.core.actions import WRITABLE, Plan, Service, changed_keys
from ckpt_tui.core.model import LIST_FIELDS, TEXT_FIELDS, Checkpoint, Damaged
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import CkptError, Conflict, DamagedPayload, NotFound
from ckpt_tui.store import legacy_rows as lr
from ckpt_tui.store import queries as q
from ckpt_tui.store import writes as w

PLUGIN = "checkpoint-orchestrator"
SESSION_TITLE = "Legacy state"
SNAPSHOT_KIND = "legacy"
IMPORT_PREFIX = "legacy-import:"
MAX_FILE_BYTES = 64 * 1024 * 1024
IMPORTED_BY = "ckpt-tui"

IMPORTABLE = "importable"
ALREADY = "already-imported"
FOREIGN = "foreign"
DAMAGED = "damaged"

_LEGACY_NAME = re.compile(r"^legacy-(\d+)$")


class LegacyError(CkptError):
    """A legacy import, undo or adoption that cannot be done as asked."""


# -- names ----------------------------------------------------------------------


def legacy_session_id(project_id: str) -> str:
    return f"legacy::{project_id}"


def import_id(project_id: str, sha256: str) -> str:
    return f"{IMPORT_PREFIX}{project_id}:{sha256}"


def derived_project_id(directory: str | os.PathLike[str]) -> str:
    """``dir-<sha256(realpath)[:16]>`` for a directory the store does not know."""
    real = os.path.realpath(directory)
    return "dir-" + hashlib.sha256(os.fsencode(real)).hexdigest()[:16]


def backup_dir(project_dir: str | os.PathLike[str]) -> Path:
    return paths.project_state_dir(project_dir) / "migration-backups"


def backup_path(project_dir: str | os.PathLike[str], sha256: str) -> Path:
    return backup_dir(project_dir) / f"checkpoint-{sha256}.json"


# -- parsing ----------------------------------------------------------------------


@dataclass(frozen=True)
class LegacyEntry:
    index: int
    name: str | None
    captured_at: str  # canonical ISO
    checkpoint: Checkpoint


@dataclass(frozen=True)
class LegacyState:
    checkpoint: Checkpoint
    entries: tuple[LegacyEntry, ...]


class Unusable(Exception):
    """Raised by :func:`parse_legacy`: ``status`` is ``foreign`` or ``damaged``."""

    def __init__(self, status: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _damaged(reason: str) -> Unusable:
    return Unusable(DAMAGED, reason)


def _check_checkpoint(data: Any, where: str) -> Checkpoint:
    if not isinstance(data, dict):
        raise _damaged(f"{where} is not an object (it is {_kind(data)})")
    for key in (*TEXT_FIELDS, "status"):
        if key in data and not isinstance(data[key], str):
            raise _damaged(f"{where}.{key} is not a string (it is {_kind(data[key])})")
    for key in LIST_FIELDS:
        if key not in data:
            continue
        items = data[key]
        if not isinstance(items, list):
            raise _damaged(f"{where}.{key} is not an array (it is {_kind(items)})")
        for j, item in enumerate(items):
            if not isinstance(item, str):
                raise _damaged(f"{where}.{key}[{j}] is not a string (it is {_kind(item)})")
    version = data.get("schemaVersion", 1)
    if isinstance(version, bool) or not isinstance(version, int):
        raise _damaged(f"{where}.schemaVersion is not an integer (it is {_kind(version)})")
    if "synthesized" in data and not isinstance(data["synthesized"], bool):
        raise _damaged(f"{where}.synthesized is not a boolean (it is {_kind(data['synthesized'])})")
    return Checkpoint.from_payload(data)


def parse_legacy(data: bytes) -> LegacyState:
    """The file's content, or :class:`Unusable` saying exactly what is wrong."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _damaged(f"not UTF-8 text (bad byte at offset {exc.start})") from None
    try:
        obj = json.loads(text)
    except ValueError as exc:
        msg = getattr(exc, "msg", str(exc))
        where = f" at line {exc.lineno} column {exc.colno}" if hasattr(exc, "lineno") else ""
        raise _damaged(f"not valid JSON ({msg}{where})") from None
    if not isinstance(obj, dict):
        raise _damaged(f"the top level is {_kind(obj)}, not an object")
    if "plugin" not in obj:
        raise Unusable(FOREIGN, f'no "plugin" field: not a {PLUGIN} file')
    if obj["plugin"] != PLUGIN:
        shown = obj["plugin"] if isinstance(obj["plugin"], str) else _kind(obj["plugin"])
        raise Unusable(FOREIGN, f"plugin is {shown!r}, not {PLUGIN!r}")
    version = obj.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int):
        raise _damaged(f"version is not an integer (it is {_kind(version)})")
    if version != 1:
        raise _damaged(f"version {version} is not supported (this ckpt-tui reads version 1)")
    if "checkpoint" not in obj:
        raise _damaged("checkpoint is missing")
    checkpoint = _check_checkpoint(obj["checkpoint"], "checkpoint")
    history = obj.get("history", [])
    if not isinstance(history, list):
        raise _damaged(f"history is not an array (it is {_kind(history)})")
    entries: list[LegacyEntry] = []
    for i, entry in enumerate(history):
        where = f"history[{i}]"
        if not isinstance(entry, dict):
            raise _damaged(f"{where} is not an object (it is {_kind(entry)})")
        name = entry.get("name")
        if name is not None and not isinstance(name, str):
            raise _damaged(f"{where}.name is not a string (it is {_kind(name)})")
        if "capturedAt" not in entry:
            raise _damaged(f"{where}.capturedAt is missing")
        raw_time = entry["capturedAt"]
        moment = None if isinstance(raw_time, bool) else timeutil.parse(raw_time)
        if moment is None:
            raise _damaged(
                f"{where}.capturedAt is not a timestamp (ISO 8601 or epoch milliseconds): "
                f"{str(raw_time)[:40]!r}"
            )
        if "checkpoint" not in entry:
            raise _damaged(f"{where}.checkpoint is missing")
        content = _check_checkpoint(entry["checkpoint"], f"{where}.checkpoint")
        entries.append(LegacyEntry(i, name, timeutil.fmt(moment), content))
    return LegacyState(checkpoint, tuple(entries))


def _read_file(path: Path) -> bytes:
    """The file's bytes; :class:`Unusable` if it is not a readable regular file."""
    try:
        if not path.is_file():
            raise _damaged("not a regular file")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _damaged(f"{size} bytes: larger than the {MAX_FILE_BYTES} this reads")
        return path.read_bytes()
    except OSError as exc:
        raise _damaged(f"cannot be read ({exc.strerror or exc})") from None


# -- which project ------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    project_id: str
    source: str  # store | derived | given
    known: bool
    candidates: tuple[str, ...]
    already: bool


def _same_place(row: dict[str, Any], directory: Path, real: str) -> bool:
    return (
        row["directory"] in (str(directory), real)
        or row["canonical"] == real
        or os.path.realpath(row["directory"]) == real
    )


def _target(conn: Connection, directory: Path, sha: str | None, explicit: str | None) -> Target:
    real = os.path.realpath(directory)
    if explicit is not None:
        q.require_id(explicit, "project id")
        row = lr.project_row(conn, explicit)
        if row is not None and not _same_place(row, directory, real):
            raise LegacyError(
                f"project {explicit!r} lives in {row['directory']}, not in {directory}; "
                "its legacy state is not this file"
            )
        already = bool(sha) and q.migration_exists(conn, import_id(explicit, sha))
        return Target(explicit, "given", row is not None, (explicit,), already)
    rows = lr.projects_for_directory(conn, [str(directory), real], real)
    ids = tuple(r["id"] for r in rows)
    if sha:
        for pid in ids:
            if q.migration_exists(conn, import_id(pid, sha)):
                return Target(pid, "store", True, ids, True)
    if ids:
        return Target(ids[0], "store", True, ids, False)
    return Target(derived_project_id(real), "derived", False, (), False)


# -- discovery -------------------------------------------------------------------------


@dataclass(frozen=True)
class LegacyFile:
    """One legacy state file and what it is."""

    path: Path
    directory: Path
    status: str  # importable | already-imported | foreign | damaged
    reason: str | None
    sha256: str | None
    size: int | None
    entries: int
    project_id: str | None
    project_source: str | None  # store | derived | given
    project_known: bool
    candidates: tuple[str, ...] = ()

    @property
    def import_id(self) -> str | None:
        if self.project_id and self.sha256:
            return import_id(self.project_id, self.sha256)
        return None

    @property
    def session_id(self) -> str | None:
        return legacy_session_id(self.project_id) if self.project_id else None

    def to_json(self) -> dict[str, Any]:
        return {
            "file": str(self.path),
            "directory": str(self.directory),
            "status": self.status,
            "reason": self.reason,
            "sha256": self.sha256,
            "size": self.size,
            "entries": self.entries,
            "projectId": self.project_id,
            "projectSource": self.project_source,
            "projectKnown": self.project_known,
            "projectCandidates": list(self.candidates),
            "importId": self.import_id,
            "session": self.session_id,
        }


@dataclass(frozen=True)
class ScanReport:
    files: list[LegacyFile]
    directories: int  # how many directories were looked in

    def to_json(self) -> dict[str, Any]:
        counts = {s: 0 for s in (IMPORTABLE, ALREADY, FOREIGN, DAMAGED)}
        for f in self.files:
            counts[f.status] += 1
        return {
            "directoriesChecked": self.directories,
            "counts": counts,
            "items": [f.to_json() for f in self.files],
        }


def project_dir_of(path: str | os.PathLike[str]) -> Path:
    """A project directory, absolute (symlinks kept, as a host reports it).

    The legacy file itself (``.../.opencode/state/checkpoint.json``) stands
    for its project directory.
    """
    p = Path(os.path.abspath(Path(path).expanduser()))
    if (
        p.name == "checkpoint.json"
        and p.parent.name == "state"
        and p.parent.parent.name == ".opencode"
        and not p.is_dir()
    ):
        return p.parent.parent.parent
    return p


def _classify(
    conn: Connection, directory: Path, explicit: str | None = None
) -> tuple[LegacyFile, bytes | None, LegacyState | None]:
    path = paths.legacy_state_file(directory)
    try:
        data = _read_file(path)
    except Unusable as bad:
        return (
            LegacyFile(path, directory, bad.status, bad.reason, None, None, 0, None, None, False),
            None,
            None,
        )
    sha = hashlib.sha256(data).hexdigest()
    try:
        state = parse_legacy(data)
    except Unusable as bad:
        return (
            LegacyFile(
                path, directory, bad.status, bad.reason, sha, len(data), 0, None, None, False
            ),
            data,
            None,
        )
    target = _target(conn, directory, sha, explicit)
    status = ALREADY if target.already else IMPORTABLE
    info = LegacyFile(
        path,
        directory,
        status,
        None,
        sha,
        len(data),
        len(state.entries),
        target.project_id,
        target.source,
        target.known,
        target.candidates,
    )
    return info, data, state


def _candidate_dirs(conn: Connection) -> list[Path]:
    out: list[Path] = []
    for row in lr.all_projects(conn):
        for raw in (row["directory"], row["canonical"]):
            if raw and os.path.isdir(raw):
                out.append(Path(os.path.abspath(raw)))
                break
    return out


def scan(reader: Reader, extra_dirs: Iterable[str | os.PathLike[str]] = ()) -> ScanReport:
    """Every legacy state file in the store's project directories and ``extra_dirs``.

    Read only. A missing extra directory is an error; a project directory
    that is gone is skipped (the store outlives checkouts).
    """
    extras = [project_dir_of(d) for d in extra_dirs]
    for d in extras:
        if not d.is_dir():
            raise NotFound(f"no directory {d}")
    files: list[LegacyFile] = []
    seen: set[str] = set()
    with reader.store.read() as conn:
        dirs = _candidate_dirs(conn) + extras
        for directory in dirs:
            path = paths.legacy_state_file(directory)
            if not (path.exists() or path.is_symlink()):
                continue
            key = os.path.realpath(path)
            if key in seen:
                continue
            seen.add(key)
            files.append(_classify(conn, directory)[0])
    return ScanReport(files, len(dirs))


def classify(
    reader: Reader, directory: str | os.PathLike[str], project_id: str | None = None
) -> LegacyFile:
    """What the legacy file of one directory is (read only)."""
    d = project_dir_of(directory)
    with reader.store.read() as conn:
        return _classify(conn, d, project_id)[0]


# -- import ---------------------------------------------------------------------------------


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
            "session": self.session_id,
            "importId": self.import_id,
            "createdProject": self.created_project,
            "createdSession": self.created_session,
            "snapshots": list(self.snapshots),
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


def _stage(
    conn: Connection,
    *,
    directory: Path,
    info: LegacyFile,
    state: LegacyState,
    explicit: str | None,
    backup: Path,
    write: bool,
) -> ImportOutcome:
    """The import's decisions, made on ``conn``; written only when ``write``.

    Inside the import's ``BEGIN IMMEDIATE`` this re-resolves the project and
    re-checks the ledger after the lock is taken: whoever comes second sees
    the first one's row and does nothing.
    """
    sha = info.sha256
    assert sha is not None
    target = _target(conn, directory, sha, explicit)
    info = replace(
        info,
        project_id=target.project_id,
        project_source=target.source,
        project_known=target.known,
        candidates=target.candidates,
        status=ALREADY if target.already else IMPORTABLE,
    )
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
    created_project = lr.project_row(conn, pid) is None
    owner = None if created_project else lr.session_project(conn, sid)
    if owner is not None and owner != pid:
        raise LegacyError(f"session {sid} belongs to project {owner!r}; refusing to import")
    created_session = owner is None
    first = 1 if created_session else _next_number(conn, sid)
    existing = None if created_session else q.get_checkpoint(conn, sid)
    before = Checkpoint.from_row(existing.columns) if existing else None
    keys = changed_keys(before, state.checkpoint) if before else WRITABLE
    checkpoint_changed = before is None or bool(keys)
    snaps = [
        {
            "name": f"legacy-{first + i}",
            "originalName": entry.name,
            "capturedAt": entry.captured_at,
        }
        for i, entry in enumerate(state.entries)
    ]
    pre: dict[str, Any] | None = None
    if write:
        if created_project:
            w.insert_project(
                conn,
                project_id=pid,
                directory=str(directory),
                canonical=os.path.realpath(directory),
            )
        if created_session:
            w.insert_session(conn, session_id=sid, project_id=pid, title=SESSION_TITLE)
        for snap, entry in zip(snaps, state.entries, strict=True):
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
        if checkpoint_changed:
            if before is not None:
                row = w.insert_snapshot(
                    conn,
                    session_id=sid,
                    project_id=pid,
                    kind="pre-restore",
                    payload_json=before.to_json(),
                    schema_version=before.schemaVersion,
                )
                pre = {"id": row["id"], "name": row["name"]}
            w.write_checkpoint(
                conn,
                session_id=sid,
                project_id=pid,
                columns=state.checkpoint.to_row(),
                exists=existing is not None,
            )
        w.touch_session(conn, sid)
        details = {
            "file": str(info.path),
            "sha256": sha,
            "backup": str(backup),
            "entries": len(state.entries),
            "directory": str(directory),
            "session": sid,
            "createdProject": created_project,
            "createdSession": created_session,
            "snapshots": snaps,
            "preRestore": pre,
            "checkpointChanged": checkpoint_changed,
            "checkpointBefore": before.to_json() if before is not None else None,
            "checkpointAfter": state.checkpoint.to_json() if checkpoint_changed else None,
            "seq": len(lr.migrations_with_prefix(conn, f"{IMPORT_PREFIX}{pid}:")) + 1,
            "importedBy": IMPORTED_BY,
        }
        w.insert_migration(
            conn, migration_id=ledger, project_id=pid, details_json=json.dumps(details)
        )
    what = [f"{len(snaps)} legacy snapshot{'s' if len(snaps) != 1 else ''}"]
    if snaps:
        what[0] += f" ({snaps[0]['name']}..{snaps[-1]['name']})"
    if created_session:
        what.insert(0, f"session {sid}")
    if created_project:
        what.insert(0, f"project {pid} ({directory})")
    if checkpoint_changed:
        what.append(
            "the checkpoint"
            + (f" (replacing {', '.join(keys)}; previous kept as pre-restore)" if before else "")
        )
    verb = "imported" if write else "would import"
    message = f"{verb} {info.path}: " + ", ".join(what)
    if write:
        message += f"; backup at {backup}; `ckpt-tui legacy undo {ledger}` takes it back"
    else:
        message += " (dry run: nothing written)"
    return ImportOutcome(
        "imported" if write else "would-import",
        not write,
        info,
        message,
        project_id=pid,
        session_id=sid,
        import_id=ledger,
        created_project=created_project,
        created_session=created_session,
        snapshots=tuple(snaps),
        checkpoint_changed=checkpoint_changed,
        changed=tuple(keys) if checkpoint_changed else (),
        pre_restore=pre["name"] if pre else None,
        backup=str(backup),
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
    reader: Reader, directory: str | os.PathLike[str], project_id: str | None = None
) -> ImportOutcome:
    """The preview: what :func:`import_legacy` would create, without writing."""
    d, _ = _load(directory)
    with reader.store.read() as conn:
        info, _data, state = _classify(conn, d, project_id)
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
    hook: Callable[[str], None] | None = None,
) -> ImportOutcome:
    """Import the legacy state file of ``directory`` (SPEC 6).

    ``expected_sha256`` (from a preview) refuses with :class:`Conflict` if the
    file changed since. ``hook(stage)`` is called at ``read``, ``backup``
    (after the copy) and ``committed``: tests use it to gate processes.
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
    if hook:
        hook("read")
    backup = backup_path(d, sha)
    _copy_backup(path, data, backup)
    if hook:
        hook("backup")
    outcome = reader.store.write(
        lambda conn: _stage(
            conn,
            directory=d,
            info=info,
            state=state,
            explicit=project_id,
            backup=backup,
            write=True,
        )
    )
    if hook:
        hook("committed")
    return replace(outcome, backup=str(backup))


# -- undo of an import ----------------------------------------------------------------------


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
        return [r for r in _records(conn, IMPORT_PREFIX) if r.project_id == project_id]


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


def _undo_tx(conn: Connection, ledger_id: str) -> UndoImportOutcome:
    row = lr.get_migration(conn, ledger_id)
    if row is None or not ledger_id.startswith(IMPORT_PREFIX):
        raise NotFound(f"no legacy import {ledger_id!r} in the store")
    details = _details(row)
    if not _is_ours(details):
        raise LegacyError(
            f"import {ledger_id} was not made by ckpt-tui; it does not record what it created, "
            "so it cannot be undone here"
        )
    pid = row["project_id"]
    sid = details["session"]
    mine = _order(row)
    for other in lr.migrations_with_prefix(conn, f"{IMPORT_PREFIX}{pid}:"):
        if other["id"] != ledger_id and _order(other) > mine:
            raise LegacyError(
                f"import {other['id']} came after {ledger_id}; undo it first "
                "(imports are undone newest first)"
            )
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
    current = q.get_checkpoint(conn, sid) if exists else None
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
        gone = lr.delete_snapshots(conn, sid, created_ids)
        raw_before = details.get("checkpointBefore")
        target = Checkpoint.from_payload(json.loads(raw_before)) if raw_before else None
        differs = (now is None) != (target is None) or (
            now is not None and target is not None and bool(changed_keys(now, target))
        )
        if details.get("checkpointChanged") and differs:
            if now is not None and not untouched:
                pre = w.insert_snapshot(
                    conn,
                    session_id=sid,
                    project_id=pid,
                    kind="pre-restore",
                    payload_json=now.to_json(),
                    schema_version=now.schemaVersion,
                )
                pre_name = pre["name"]
            if target is None:
                lr.delete_checkpoint(conn, sid)
            else:
                w.write_checkpoint(
                    conn,
                    session_id=sid,
                    project_id=pid,
                    columns=target.to_row(),
                    exists=current is not None,
                )
            reverted = True
        w.touch_session(conn, sid)
    lr.delete_migration(conn, ledger_id)
    parts = []
    if deleted_session:
        parts.append(f"deleted session {sid}")
    else:
        parts.append(f"deleted {gone} snapshot{'s' if gone != 1 else ''} of {sid}")
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


def undo_import(service: Service, ledger_id: str) -> UndoImportOutcome:
    """Take back one import (see the module docstring for exactly what)."""
    outcome = service.store.write(lambda conn: _undo_tx(conn, ledger_id))
    if outcome.deleted_session:
        service.journal.forget_session(outcome.session_id)
    return outcome


# -- adoption ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class AdoptionSource:
    session_id: str
    snapshot: str | None  # snapshot name, or None for the legacy checkpoint
    snapshot_id: str | None
    captured_at: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session_id,
            "snapshot": self.snapshot,
            "snapshotId": self.snapshot_id,
            "capturedAt": self.captured_at,
        }


def adoption_source(
    reader: Reader, project_id: str, snapshot_name: str | None = None
) -> tuple[AdoptionSource, Checkpoint]:
    q.require_id(project_id, "project id")
    sid = legacy_session_id(project_id)
    try:
        current = reader.current(sid)
    except NotFound:
        raise NotFound(
            f"project {project_id!r} has no imported legacy state ({sid}); "
            "`ckpt-tui legacy import DIR` imports it"
        ) from None
    if snapshot_name is None:
        if current.checkpoint is None:
            raise NotFound(f"{sid} has no checkpoint; adopt one of its snapshots with --snapshot")
        return AdoptionSource(sid, None, None, timeutil.normalize(current.updated_at)), (
            current.checkpoint
        )
    view = reader.snapshot(sid, snapshot_name)
    if isinstance(view.content, Damaged):
        raise DamagedPayload(
            f"snapshot {view.row.name!r} of {sid} is damaged ({view.content.reason}); "
            "it cannot be adopted"
        )
    return AdoptionSource(sid, view.row.name, view.row.id, view.row.captured_at), view.content


def plan_adoption(
    service: Service,
    project_id: str,
    target_session_id: str,
    snapshot_name: str | None = None,
) -> Plan:
    """Copy the legacy checkpoint (or one legacy snapshot) into a live session.

    Refuses the legacy session itself and a session of another project.
    ``service.apply(plan)`` performs it; ``service.undo(session)`` undoes it.
    """
    q.require_id(target_session_id)
    if target_session_id.startswith("legacy::"):
        raise LegacyError(
            f"{target_session_id} is a legacy session; adopt into a live session of the project"
        )
    target = service.current(target_session_id).session
    if target.project_id != project_id:
        raise LegacyError(
            f"session {target_session_id} belongs to project {target.project_id!r}, not "
            f"{project_id!r}; legacy state is only adopted into a session of its own project"
        )
    source, content = adoption_source(service, project_id, snapshot_name)
    what = f"snapshot {source.snapshot}" if source.snapshot else "checkpoint"
    plan = service.plan_copy(
        target_session_id,
        content,
        label=f"adoption of the legacy {what} of project {project_id}",
        source_snapshot_id=source.snapshot_id,
    )
    return replace(
        plan,
        detail={**plan.detail, "legacySession": source.session_id, "snapshot": source.snapshot},
    )
