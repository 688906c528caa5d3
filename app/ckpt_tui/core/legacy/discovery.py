"""Which legacy state files there are, which project each belongs to, and
what each one is.

Discovery
    :func:`scan` looks in every project directory the store knows
    (``projects.directory``, or ``canonical`` when ``directory`` is gone), in
    the worktree of every project opencode knows (a project last used before
    the plugin moved to SQLite is in opencode's records but not in the
    store), and in any extra directory given (the directory itself, not its
    subtree). A
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
    A directory the store does not know gets the id opencode itself has for
    it (:mod:`.opencode_ids`: its ``project`` record whose ``worktree`` is
    the directory), so that the plugin, which files projects under opencode's
    ids, later finds the same project. Only when opencode does not know the
    directory either is an id derived, ``dir-<first 16 hex of
    sha256(realpath)>``, and the outcome says so (``project_note``): it is
    stable across runs and processes (so six concurrent importers agree on
    one ledger id and import once), it cannot collide with opencode's ids
    (hex hashes or ``global``), and the project row created for it carries
    the realpath as ``canonical``, so later lookups find it by directory.
    ``project_id=`` overrides all of this, but a known project must live in
    that directory.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from ckpt_tui import paths
from ckpt_tui.core.legacy.names import (
    ALREADY,
    DAMAGED,
    FOREIGN,
    IMPORTABLE,
    LegacyError,
    derived_project_id,
    import_id,
    legacy_session_id,
)
from ckpt_tui.core.legacy.opencode_ids import OpencodeProjects
from ckpt_tui.core.legacy.parse import LegacyState, Unusable, _read_file, parse_legacy
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import InvalidId, NotFound
from ckpt_tui.store import legacy_rows as lr
from ckpt_tui.store.valid_ids import require_id

# -- which project ------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    project_id: str
    source: str  # store | opencode | derived | given
    known: bool
    candidates: tuple[str, ...]
    already: bool
    note: str | None = None  # where an id the store did not have came from
    undecided: bool = False  # derived, but opencode's data could not be read


def _same_place(row: dict[str, Any], directory: Path, real: str) -> bool:
    return (
        row["directory"] in (str(directory), real)
        or row["canonical"] == real
        or os.path.realpath(row["directory"]) == real
    )


def _target(
    conn: Connection,
    directory: Path,
    sha: str | None,
    explicit: str | None,
    opencode: OpencodeProjects | None = None,
) -> Target:
    real = os.path.realpath(directory)
    if explicit is not None:
        require_id(explicit, "project id")
        row = lr.project_row(conn, explicit)
        if row is not None and not _same_place(row, directory, real):
            raise LegacyError(
                f"project {explicit!r} lives in {row['directory']}, not in {directory}; "
                "its legacy state is not this file"
            )
        already = bool(sha) and lr.migration_exists(conn, import_id(explicit, sha))
        return Target(explicit, "given", row is not None, (explicit,), already)
    rows = lr.projects_for_directory(conn, [str(directory), real], real)
    ids = tuple(r["id"] for r in rows)
    if sha:
        for pid in ids:
            if lr.migration_exists(conn, import_id(pid, sha)):
                return Target(pid, "store", True, ids, True)
    if ids:
        return Target(ids[0], "store", True, ids, False)
    found = (opencode or OpencodeProjects()).match(directory)
    if found.project_id is not None and _usable_id(found.project_id):
        already = bool(sha) and lr.migration_exists(conn, import_id(found.project_id, sha))
        return Target(
            found.project_id, "opencode", False, (found.project_id,), already, found.note()
        )
    pid = derived_project_id(real)
    return Target(pid, "derived", False, (), False, found.note(), found.undecided)


def _usable_id(project_id: str) -> bool:
    try:
        require_id(project_id, "project id")
    except InvalidId:
        return False  # not an id opencode makes; derive one instead
    return True


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
    project_source: str | None  # store | opencode | derived | given
    project_known: bool
    candidates: tuple[str, ...] = ()
    project_note: str | None = None  # where an id the store did not have came from

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
            "projectNote": self.project_note,
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
    conn: Connection,
    directory: Path,
    explicit: str | None = None,
    opencode: OpencodeProjects | None = None,
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
    target = _target(conn, directory, sha, explicit, opencode)
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
        target.note,
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


def scan(
    reader: Reader,
    extra_dirs: Iterable[str | os.PathLike[str]] = (),
    *,
    opencode_data: str | os.PathLike[str] | None = None,
) -> ScanReport:
    """Every legacy state file in the store's project directories and ``extra_dirs``.

    Read only. A missing extra directory is an error; a project directory
    that is gone is skipped (the store outlives checkouts). ``opencode_data``:
    where opencode's records are (default: SPEC 1), for directories the store
    does not know.
    """
    opencode = OpencodeProjects(opencode_data)
    extras = [project_dir_of(d) for d in extra_dirs]
    for d in extras:
        if not d.is_dir():
            raise NotFound(f"no directory {d}")
    files: list[LegacyFile] = []
    seen: set[str] = set()
    with reader.store.read() as conn:
        dirs = list(dict.fromkeys(_candidate_dirs(conn) + opencode.worktrees() + extras))
        for directory in dirs:
            path = paths.legacy_state_file(directory)
            if not (path.exists() or path.is_symlink()):
                continue
            key = os.path.realpath(path)
            if key in seen:
                continue
            seen.add(key)
            files.append(_classify(conn, directory, None, opencode)[0])
    return ScanReport(files, len(dirs))


def classify(
    reader: Reader,
    directory: str | os.PathLike[str],
    project_id: str | None = None,
    *,
    opencode_data: str | os.PathLike[str] | None = None,
) -> LegacyFile:
    """What the legacy file of one directory is (read only)."""
    d = project_dir_of(directory)
    with reader.store.read() as conn:
        return _classify(conn, d, project_id, OpencodeProjects(opencode_data))[0]
