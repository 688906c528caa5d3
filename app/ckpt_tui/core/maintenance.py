"""``migrate`` and ``doctor``: the store's health, and its one explicit upgrade."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ckpt_tui import paths
from ckpt_tui.errors import CkptError, ReadOnly, StoreMissing
from ckpt_tui.store import CURRENT_VERSION, Store, health
from ckpt_tui.store.migrate import migrate_file


def _path(db: str | os.PathLike[str] | None) -> Path:
    return Path(db).expanduser() if db else paths.default_store_path()


def migrate(db: str | os.PathLike[str] | None) -> dict[str, Any]:
    """Explicit migration (SPEC 4); the store must exist."""
    path = _path(db)
    store = Store(path)  # validates: exists, is a checkpoint store
    store.close()
    if store.version > CURRENT_VERSION:
        raise CkptError(
            f"{path} is at schema version {store.version}, newer than {CURRENT_VERSION}: "
            "upgrade ckpt-tui instead"
        )
    if store.version == CURRENT_VERSION:
        return {
            "from": store.version,
            "to": store.version,
            "backup": None,
            "message": f"{path} is already at schema version {CURRENT_VERSION}",
        }
    if store.read_only_reason:
        raise ReadOnly(f"{path} is read-only here ({store.read_only_reason}); cannot migrate")
    start, end, backup = migrate_file(path)
    return {
        "from": start,
        "to": end,
        "backup": str(backup) if backup else None,
        "message": f"migrated {path} from version {start} to {end}; backup at {backup}",
    }


def doctor(db: str | os.PathLike[str] | None) -> dict[str, Any]:
    path = _path(db)
    checks: list[dict[str, Any]] = []

    def check(name: str, ok: bool, detail: str, **extra: Any) -> None:
        checks.append({"name": name, "ok": ok, "detail": detail, **extra})

    try:
        store = Store(path, read_only=True)
    except StoreMissing:
        raise
    except CkptError as exc:
        return {"ok": False, "checks": [{"name": "open", "ok": False, "detail": str(exc)}]}
    try:
        version_ok = store.version <= CURRENT_VERSION
        check(
            "schema version",
            version_ok,
            f"{store.version}"
            + (
                ""
                if store.version == CURRENT_VERSION
                else f" (current is {CURRENT_VERSION}; "
                + ("run `ckpt-tui migrate`)" if version_ok else "newer than this ckpt-tui)")
            ),
            version=store.version,
        )
        with store.read() as conn:
            problems = health.integrity(conn)
            check("integrity_check", problems == ["ok"], "; ".join(problems[:5]))
            fks = health.foreign_key_problems(conn)
            check(
                "foreign_key_check",
                not fks,
                f"{len(fks)} problems" if fks else "ok",
                problems=[list(map(str, f)) for f in fks[:20]],
            )
            count, bad = health.damaged_payloads(conn)
            check(
                "damaged payloads",
                count == 0,
                f"{count} damaged"
                + (": " + ", ".join(f"{s}/{n}" for s, n in bad[:5]) if bad else ""),
                count=count,
                items=[{"session": s, "snapshot": n} for s, n in bad],
            )
            count, ids = health.sessions_without_checkpoint(conn)
            # A session without a checkpoint is normal right after it starts: a note, not a failure.
            check(
                "sessions without a checkpoint",
                True,
                f"{count}" + (": " + ", ".join(ids[:5]) if ids else ""),
                count=count,
                items=ids,
            )
    finally:
        store.close()
    return {"ok": all(c["ok"] for c in checks), "path": str(path), "checks": checks}
