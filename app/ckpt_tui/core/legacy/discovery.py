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
    A directory the store does not know gets the id opencode has for it, or
    would give it when it first opens there (:mod:`.opencode_ids` lists the
    rules: opencode's project record for the directory, a directory of one
    of its projects that holds it, else the git repository's cached id or
    root commit, else ``global``), so that the plugin, which files projects
    under opencode's ids, later finds the same project and ``adopt`` works
    for its sessions. The outcome names the rule (``project_source``) and
    says it for a person (``project_note``). ``project_id=`` overrides all
    of this, but a known project must live in that directory.

    Earlier versions derived ``dir-<16 hex>`` ids for unknown directories
    instead; the plugin never files anything there. Such a project is not
    the store's project for its directory any more: a file imported under
    it is reported as imported there, with a note saying under which id the
    plugin files the directory and that undoing the import and importing
    again moves it (both undoable); a new or changed file goes to opencode's
    id.
"""

from __future__ import annotations

import hashlib
import os
import re
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
    import_id,
    legacy_session_id,
)
from ckpt_tui.core.legacy.opencode_ids import OpencodeProjects, usable_id
from ckpt_tui.core.legacy.parse import LegacyState, Unusable, _read_file, parse_legacy
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import NotFound
from ckpt_tui.store import legacy_rows as lr
from ckpt_tui.store.valid_ids import require_id

# -- which project ------------------------------------------------------------------

#: ``Target.source`` besides the rules of :mod:`.opencode_ids` and
#: :mod:`ckpt_tui.opencode.project_id`.
STORE = "store"
GIVEN = "given"
#: The ids ckpt-tui derived for unknown directories before it computed
#: opencode's (``dir-<16 hex>``): no opencode id looks like this.
_DERIVED_ID = re.compile(r"dir-[0-9a-f]{16}")


@dataclass(frozen=True)
class Target:
    project_id: str
    #: The rule that decided the id: ``store``, ``given``, or one of
    #: opencode's (``opencode-worktree``, ``opencode-sandbox``,
    #: ``opencode-subdirectory``, ``git-cache``, ``git-root-commit``, ``global``).
    source: str
    known: bool
    candidates: tuple[str, ...]
    already: bool
    note: str | None = None  # the rule, said for a person
    undecided: bool = False  # opencode's records could not be read: a guess


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
    """Which project a directory's legacy file goes to (see the module's
    docstring); ``sha``: the file's hash, to find an import already made."""
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
        return Target(explicit, GIVEN, row is not None, (explicit,), already, "the id given")
    rows = lr.projects_for_directory(conn, [str(directory), real], real)
    ids = tuple(r["id"] for r in rows if not _DERIVED_ID.fullmatch(r["id"]))
    derived = tuple(r["id"] for r in rows if _DERIVED_ID.fullmatch(r["id"]))
    if sha:
        for pid in ids:
            if lr.migration_exists(conn, import_id(pid, sha)):
                return Target(pid, STORE, True, ids, True, _STORE_NOTE)
    if ids:
        return Target(ids[0], STORE, True, ids, False, _STORE_NOTE)
    decision = (opencode or OpencodeProjects()).decide(directory)
    if not usable_id(decision.project_id):  # from a cache file: said, never used
        raise LegacyError(
            f"opencode's id for {directory} cannot be a project id "
            f"({decision.project_id[:60]!r}, {decision.note}); nothing imported "
            "(give the project id with --project)"
        )
    pid = decision.project_id
    known = lr.project_row(conn, pid) is not None
    note = decision.note
    if sha:
        for old in derived:
            if lr.migration_exists(conn, import_id(old, sha)):
                return Target(old, STORE, True, derived, True, _derived_note(old, pid, note))
    if derived:
        note += (
            f"; the store also has project {', '.join(derived)} for this directory, an id "
            "an earlier ckpt-tui derived, which the plugin never uses"
        )
    if known and pid == "global":
        note += "; the store's project `global` already holds other directories outside git"
    already = bool(sha) and lr.migration_exists(conn, import_id(pid, sha))
    return Target(pid, decision.rule, known, (pid,), already, note, decision.undecided)


_STORE_NOTE = "the store's project for this directory"


def _derived_note(old: str, pid: str, rule: str) -> str:
    """An import made under an id an earlier ckpt-tui derived: where the
    plugin files the directory instead, and how to move the import there."""
    return (
        f"imported under {old}, an id an earlier ckpt-tui derived; the plugin files this "
        f"directory under {pid} ({rule}), so its sessions cannot adopt it: undo that import "
        f"(legacy undo) and import again to file it under {pid}"
    )


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
    project_source: str | None  # the rule that decided the id (Target.source)
    project_known: bool
    candidates: tuple[str, ...] = ()
    project_note: str | None = None  # that rule, said for a person

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
            try:
                files.append(_classify(conn, directory, None, opencode)[0])
            except LegacyError as exc:  # listed; importing it says the same
                unknown = (None, None, None, 0, None, None, False)
                files.append(LegacyFile(path, directory, IMPORTABLE, *unknown, (), str(exc)))
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
