"""``migrate`` and ``doctor``: the store's health, and its one explicit upgrade."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ckpt_tui import paths
from ckpt_tui.core.model import Checkpoint, Damaged, decode
from ckpt_tui.errors import CkptError, ReadOnly, StoreMissing
from ckpt_tui.plural import counted
from ckpt_tui.store import CURRENT_VERSION, Store, health


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
    from ckpt_tui.store.migrate import migrate_file  # SQLAlchemy: a write; doctor needs none

    start, end, backup = migrate_file(path)
    return {
        "from": start,
        "to": end,
        "backup": str(backup) if backup else None,
        "message": f"migrated {path} from version {start} to {end}; backup at {backup}",
    }


def doctor(db: str | os.PathLike[str] | None) -> dict[str, Any]:
    """The store's health, check by check. Each check reads in its own
    transaction and a failure (a damaged page, say) is that check's result,
    so the report is always complete. A check's ``count`` is the number of
    its ``items``: everything it found is listed."""
    path = _path(db)
    try:
        store = Store(path, read_only=True)
    except StoreMissing:
        raise
    except CkptError as exc:
        return {
            "ok": False,
            "path": str(path),
            "checks": [{"name": "open", "ok": False, "detail": str(exc)}],
        }
    report = _Report()
    try:
        version_ok = store.version <= CURRENT_VERSION
        report.check(
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
        for name, work in _CHECKS:
            report.run(store, name, work)
        _remember_damage(store, report)
    finally:
        store.close()
    checks = report.checks
    return {"ok": all(c["ok"] for c in checks), "path": str(path), "checks": checks}


class _Report:
    """The checks doctor has made so far, in order."""

    def __init__(self) -> None:
        self.checks: list[dict[str, Any]] = []

    def check(self, name: str, ok: bool, detail: str, **extra: Any) -> None:
        self.checks.append({"name": name, "ok": ok, "detail": detail, **extra})

    def listed(self, name: str, items: list[Any], *, note: bool = False) -> None:
        self.check(name, note or not items, str(len(items)), count=len(items), items=items)

    def run(self, store: Store, name: str, work) -> None:
        """``work(report, q)`` in its own read; a store error is its result."""
        before = len(self.checks)
        try:
            with store.read() as q:
                work(self, q)
        except CkptError as exc:
            del self.checks[before:]
            self.check(name, False, f"could not be checked: {exc}", count=0, items=[])


def _remember_damage(store: Store, report: _Report) -> None:
    """A failed ``integrity_check`` refuses writes to the file from now on;
    a whole file allows them again (``store/damage.py``)."""
    integrity = next(c for c in report.checks if c["name"] == "integrity_check")
    if integrity["ok"]:
        if store.found_whole():
            integrity["detail"] += " (writes allowed again)"
        return
    if integrity["items"]:  # else it could not be checked: a corrupt read noted it already
        store.note_damage(f"integrity_check: {integrity['items'][0]}")
    if store.damaged():
        integrity["detail"] += " (writes refused until it is repaired)"


def _integrity(report: _Report, q) -> None:
    problems = health.integrity(q)
    ok = problems == ["ok"]
    items = [] if ok else problems
    detail = "ok" if ok else counted(len(items), "problem")
    report.check("integrity_check", ok, detail, count=len(items), items=items)


def _foreign_keys(report: _Report, q) -> None:
    fks = [list(map(str, f)) for f in health.foreign_key_problems(q)]
    report.check(
        "foreign_key_check",
        not fks,
        counted(len(fks), "problem") if fks else "ok",
        count=len(fks),
        problems=fks,
    )


def _payloads(report: _Report, q) -> None:
    items = []
    for s, n, raw, not_an_object in health.payload_suspects(q):
        content = decode(raw)
        # Text that is not ASCII is only suspect: listed when it does not decode.
        if not_an_object or isinstance(content, Damaged):
            items.append({"session": s, "snapshot": n, "reason": _damage(content)})
    report.listed("damaged payloads", items)


def _fields(report: _Report, q) -> None:
    report.listed("damaged fields", damaged_fields(q))


def _not_utf8(report: _Report, q) -> None:
    report.listed("text that is not UTF-8", health.text_not_utf8(q))


def _without_checkpoint(report: _Report, q) -> None:
    # Normal right after a session starts: a note, not a failure.
    report.listed(
        "sessions without a checkpoint", health.sessions_without_checkpoint(q), note=True
    )


#: doctor's checks after the schema version, in report order.
_CHECKS = (
    ("integrity_check", _integrity),
    ("foreign_key_check", _foreign_keys),
    ("damaged payloads", _payloads),
    ("damaged fields", _fields),
    ("text that is not UTF-8", _not_utf8),
    ("sessions without a checkpoint", _without_checkpoint),
)


def _damage(content: Checkpoint | Damaged) -> str:
    return content.reason if isinstance(content, Damaged) else "decodes now"


def damaged_fields(q) -> list[dict[str, Any]]:
    """Every damaged field (SPEC 3): in a checkpoint row (``snapshot`` is
    ``None``) or in a snapshot's payload, with which field and why."""
    items: list[dict[str, Any]] = []
    for session_id, columns in health.checkpoint_rows(q):
        for name, bad in Checkpoint.from_row(columns).damaged_fields().items():
            items.append(
                {"session": session_id, "snapshot": None, "field": name, "reason": bad.reason}
            )
    for session_id, name, raw in health.payloads_with_wrong_types(q):
        content = decode(raw)
        if isinstance(content, Checkpoint):
            items.extend(
                {"session": session_id, "snapshot": name, "field": key, "reason": bad.reason}
                for key, bad in content.damaged_fields().items()
            )
    return items
