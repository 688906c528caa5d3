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
    has, or would give, for it (:mod:`.discovery`, :mod:`.opencode_ids`);
    opencode's records are read, and git asked, before the transaction,
    never while the store's write lock is held. If no record matched because
    opencode's data could not be read, the import refuses (a record there
    might name another id) and says to try again or to give the id.

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

    The ledger row's ``details`` (JSON) records: ``file``, ``sha256``,
    ``backup``, ``entries`` (count), ``session``, ``createdProject``,
    ``createdSession``, ``snapshots`` (``[{id, name, originalName,
    capturedAt}]``), ``preRestore`` (``{id, name}`` or null),
    ``checkpointChanged``, ``checkpointBefore`` (the replaced checkpoint's
    payload JSON, or null), ``checkpointAfter`` (what the import wrote),
    ``entriesSkipped`` (history entries already in the session),
    ``projectSource`` (the rule that decided the project id: ``store``,
    ``given``, ``opencode-worktree``, ``opencode-sandbox``,
    ``opencode-subdirectory``, ``git-cache``, ``git-root-commit`` or
    ``global``; ``opencode`` or ``derived`` in imports of earlier versions),
    ``directory``, ``seq`` and ``importedBy``.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ckpt_tui import paths
from ckpt_tui.core.actions import Service
from ckpt_tui.core.legacy.discovery import LegacyFile, _classify, project_dir_of
from ckpt_tui.core.legacy.names import (
    FOREIGN,
    IMPORTABLE,
    LegacyError,
    backup_path,
)
from ckpt_tui.core.legacy.opencode_ids import OpencodeProjects
from ckpt_tui.core.legacy.parse import (
    Unusable,
    _read_file,
    parse_legacy,
)
from ckpt_tui.core.legacy.staging import ImportOutcome, stage
from ckpt_tui.core.reads import Reader
from ckpt_tui.errors import Conflict, NotFound


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
        return stage(
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
    service: Service,
    directory: str | os.PathLike[str],
    project_id: str | None = None,
    *,
    expected_sha256: str | None = None,
    hook: Callable[[str], None] | None = None,
    opencode_data: str | os.PathLike[str] | None = None,
) -> ImportOutcome:
    """Import the legacy state file of ``directory`` (SPEC 6), written into
    ``service``'s store in one transaction (:func:`undo_import` takes it back).

    ``expected_sha256`` (from a preview) refuses with :class:`Conflict` if the
    file changed since. ``hook(stage)`` is called at ``read``, ``backup``
    (after the copy) and ``committed``: tests use it to gate processes.
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
    # opencode's records are read, and git asked, now: not under the store's write lock.
    opencode = None if project_id is not None else OpencodeProjects(opencode_data).ready(d)
    if hook:
        hook("read")
    backup = backup_path(d, sha)
    _copy_backup(path, data, backup)
    if hook:
        hook("backup")
    outcome = service.store.write(
        lambda conn: stage(
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
    if hook:
        hook("committed")
    return replace(outcome, backup=str(backup))
