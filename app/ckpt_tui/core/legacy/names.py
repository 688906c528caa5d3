"""Names of legacy state: the constants, :class:`LegacyError`, and the ids
and paths derived from a project (its legacy session, the ledger id of an
import, the backup copy)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from ckpt_tui import paths
from ckpt_tui.errors import CkptError

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

#: How a person reads a legacy file's status, in the app and in the command
#: line's text (JSON keeps the values above).
STATUS_LABEL = {
    IMPORTABLE: "importable",
    ALREADY: "imported",
    FOREIGN: "not ours",
    DAMAGED: "damaged",
}


def status_label(status: str) -> str:
    return STATUS_LABEL.get(status, status)


_LEGACY_NAME = re.compile(r"^legacy-(\d+)$")


class LegacyError(CkptError):
    """A legacy import, undo or adoption that cannot be done as asked."""


def legacy_session_id(project_id: str) -> str:
    return f"legacy::{project_id}"


def import_id(project_id: str, sha256: str) -> str:
    return f"{IMPORT_PREFIX}{project_id}:{sha256}"


def backup_dir(project_dir: str | os.PathLike[str]) -> Path:
    return paths.project_state_dir(project_dir) / "migration-backups"


def backup_path(project_dir: str | os.PathLike[str], sha256: str) -> Path:
    return backup_dir(project_dir) / f"checkpoint-{sha256}.json"
