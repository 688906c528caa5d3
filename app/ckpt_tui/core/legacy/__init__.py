"""Legacy state files (SPEC 6): discovery, import, undo of an import, adoption.

Before SQLite the plugin kept one checkpoint per project in
``<project>/.opencode/state/checkpoint.json``. This package finds those files,
says what each one is, imports it exactly as SPEC 6 prescribes, can take an
import back, and plans the adoption of legacy state into a live session.

One job per module; each imports only the ones listed above it:

``names``
    constants, :class:`LegacyError`, ids and backup paths
``parse``
    the content of one file, or why it is unusable
``opencode_ids``
    the project id opencode has for a directory (read only)
``discovery``
    which project a file belongs to; :func:`scan`, :func:`classify`
``staging``
    the decisions and the one transaction of an import (:class:`ImportOutcome`)
``importing``
    the file around it (hash, backup copy): :func:`plan_import`, :func:`import_legacy`
``undo``
    :func:`list_imports`, :func:`undo_import`
``adoption``
    :func:`adoption_source`, :func:`plan_adoption`

Each module's docstring says exactly how its part works. Callers use the
package: ``from ckpt_tui.core import legacy; legacy.scan(...)``; every
public name is re-exported here.
"""

from __future__ import annotations

from ckpt_tui.core.legacy.adoption import AdoptionSource, adoption_source, plan_adoption
from ckpt_tui.core.legacy.discovery import (
    LegacyFile,
    ScanReport,
    Target,
    classify,
    project_dir_of,
    scan,
)
from ckpt_tui.core.legacy.importing import import_legacy, plan_import
from ckpt_tui.core.legacy.names import (
    ALREADY,
    DAMAGED,
    FOREIGN,
    IMPORT_PREFIX,
    IMPORTABLE,
    IMPORTED_BY,
    MAX_FILE_BYTES,
    PLUGIN,
    SESSION_TITLE,
    SNAPSHOT_KIND,
    STATUS_LABEL,
    LegacyError,
    backup_dir,
    backup_path,
    import_id,
    legacy_session_id,
    status_label,
)
from ckpt_tui.core.legacy.parse import LegacyEntry, LegacyState, Unusable, parse_legacy
from ckpt_tui.core.legacy.staging import ImportOutcome
from ckpt_tui.core.legacy.undo import (
    ImportRecord,
    UndoImportOutcome,
    list_imports,
    undo_import,
)

__all__ = [
    "ALREADY",
    "DAMAGED",
    "FOREIGN",
    "IMPORTABLE",
    "IMPORTED_BY",
    "IMPORT_PREFIX",
    "MAX_FILE_BYTES",
    "PLUGIN",
    "SESSION_TITLE",
    "SNAPSHOT_KIND",
    "STATUS_LABEL",
    "AdoptionSource",
    "ImportOutcome",
    "ImportRecord",
    "LegacyEntry",
    "LegacyError",
    "LegacyFile",
    "LegacyState",
    "ScanReport",
    "Target",
    "UndoImportOutcome",
    "Unusable",
    "adoption_source",
    "backup_dir",
    "backup_path",
    "classify",
    "import_id",
    "import_legacy",
    "legacy_session_id",
    "list_imports",
    "parse_legacy",
    "plan_adoption",
    "plan_import",
    "project_dir_of",
    "scan",
    "status_label",
    "undo_import",
]
