"""The stable ``--json`` shapes (documented in README "JSON output")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ckpt_tui.core.model import Checkpoint, Damaged, DamagedField

if TYPE_CHECKING:  # the list commands import neither the diff nor the plans
    from ckpt_tui.core.diff import CheckpointDiff, FieldDiff, Item
    from ckpt_tui.core.plans import Outcome
from ckpt_tui.records import Page, ProjectRow, SessionRow, SnapshotRow


def project(row: ProjectRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "directory": row.directory,
        "canonical": row.canonical,
        "sessionCount": row.session_count,
        "lastActivity": row.last_activity,
        "createdAt": row.created_at,
        "updatedAt": row.updated_at,
    }


def session(row: SessionRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "projectId": row.project_id,
        "parentId": row.parent_id,
        "title": row.display_title,
        "status": row.status,
        "snapshotCount": row.snapshot_count,
        "hasCheckpoint": row.has_checkpoint,
        "synthesized": row.synthesized,
        "legacy": row.is_legacy,
        "createdAt": row.created_at,
        "updatedAt": row.updated_at,
    }


def snapshot(row: SnapshotRow, summary: str | None = None) -> dict[str, Any]:
    out = {
        "id": row.id,
        "name": row.name,
        "kind": row.kind,
        "capturedAt": row.captured_at,
        "restoredAt": row.restored_at,
        "schemaVersion": row.schema_version,
    }
    if summary is not None:
        out["summary"] = summary
    return out


def page(p: Page, items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"total": p.total, "count": len(items), "items": items}


def content(value: Checkpoint | Damaged) -> dict[str, Any]:
    """``damaged``: the whole payload cannot be decoded; ``damagedFields``:
    the fields of the wrong type (their stored values are in ``checkpoint``)."""
    if isinstance(value, Damaged):
        return {"damaged": True, "reason": value.reason, "raw": value.raw}
    return {
        "damaged": False,
        "checkpoint": value.to_payload(),
        "damagedFields": damaged_fields(value),
    }


def damaged_fields(value: Checkpoint) -> list[dict[str, str]]:
    return [{"field": k, "reason": v.reason} for k, v in value.damaged_fields().items()]


def _value(value: object) -> object:
    """A field's value as its payload holds it (a damaged one as stored)."""
    if isinstance(value, DamagedField):
        return value.raw
    return list(value) if isinstance(value, tuple) else value


def _reason(value: object) -> str | None:
    return value.reason if isinstance(value, DamagedField) else None


def _item(item: Item) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": item.kind, "text": item.text}
    for key, value in (
        ("oldIndex", item.old_index),
        ("newIndex", item.new_index),
        ("oldText", item.old_text),
    ):
        if value is not None:
            out[key] = value
    return out


def field_diff(f: FieldDiff) -> dict[str, Any]:
    out: dict[str, Any] = {"field": f.name, "kind": f.kind, "changed": f.changed}
    if f.coarse:
        out["coarse"] = True
    if f.kind == "damaged":
        out.update(
            {
                "from": _value(f.old),
                "to": _value(f.new),
                "fromDamaged": _reason(f.old),
                "toDamaged": _reason(f.new),
            }
        )
    elif f.kind == "status":
        out.update({"from": f.old, "to": f.new})
    elif f.kind == "list":
        out["items"] = [_item(i) for i in f.items]
    elif f.changed:
        out["blocks"] = [
            {
                "tag": b.tag,
                "old": [{"line": ln.number, "text": ln.text} for ln in b.old],
                "new": [{"line": ln.number, "text": ln.text} for ln in b.new],
            }
            for b in f.blocks
            if b.tag != "equal"
        ]
    return out


def diff(d: CheckpointDiff, old_label: str, new_label: str) -> dict[str, Any]:
    return {
        "from": old_label,
        "to": new_label,
        "changed": list(d.changed_names),
        "extraChanged": list(d.extra_changed),
        "fields": [field_diff(f) for f in d.fields],
    }


def outcome(done: Outcome) -> dict[str, Any]:
    """What applying a plan (restore, undo, redo, adopt, snapshot) did."""
    return {
        "action": done.action,
        "session": done.session_id,
        "wrote": done.wrote,
        "changed": list(done.changed),
        "preRestore": done.pre_restore,
        "pruned": done.pruned,
        "snapshot": done.snapshot,
        "message": done.message,
        "warning": done.warning,
    }
