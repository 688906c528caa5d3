"""Parsing one legacy state file: the checked content of its bytes, or
:class:`Unusable` saying exactly what is wrong (``foreign``, or ``damaged``
with the place, e.g. ``history[2].checkpoint is not an object``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ckpt_tui import timeutil
from ckpt_tui.core.legacy.names import DAMAGED, FOREIGN, MAX_FILE_BYTES, PLUGIN
from ckpt_tui.core.model import LIST_FIELDS, TEXT_FIELDS, Checkpoint, json_kind


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


def _damaged(reason: str) -> Unusable:
    return Unusable(DAMAGED, reason)


def _check_checkpoint(data: Any, where: str) -> Checkpoint:
    if not isinstance(data, dict):
        raise _damaged(f"{where} is not an object (it is {json_kind(data)})")
    for key in (*TEXT_FIELDS, "status"):
        if key in data and not isinstance(data[key], str):
            raise _damaged(f"{where}.{key} is not a string (it is {json_kind(data[key])})")
    for key in LIST_FIELDS:
        if key not in data:
            continue
        items = data[key]
        if not isinstance(items, list):
            raise _damaged(f"{where}.{key} is not an array (it is {json_kind(items)})")
        for j, item in enumerate(items):
            if not isinstance(item, str):
                raise _damaged(f"{where}.{key}[{j}] is not a string (it is {json_kind(item)})")
    version = data.get("schemaVersion", 1)
    if isinstance(version, bool) or not isinstance(version, int):
        raise _damaged(f"{where}.schemaVersion is not an integer (it is {json_kind(version)})")
    if "synthesized" in data and not isinstance(data["synthesized"], bool):
        raise _damaged(f"{where}.synthesized is not a boolean (it is {json_kind(data['synthesized'])})")
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
        raise _damaged(f"the top level is {json_kind(obj)}, not an object")
    if "plugin" not in obj:
        raise Unusable(FOREIGN, f'no "plugin" field: not a {PLUGIN} file')
    if obj["plugin"] != PLUGIN:
        shown = obj["plugin"] if isinstance(obj["plugin"], str) else json_kind(obj["plugin"])
        raise Unusable(FOREIGN, f"plugin is {shown!r}, not {PLUGIN!r}")
    version = obj.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int):
        raise _damaged(f"version is not an integer (it is {json_kind(version)})")
    if version != 1:
        raise _damaged(f"version {version} is not supported (this ckpt-tui reads version 1)")
    if "checkpoint" not in obj:
        raise _damaged("checkpoint is missing")
    checkpoint = _check_checkpoint(obj["checkpoint"], "checkpoint")
    history = obj.get("history", [])
    if not isinstance(history, list):
        raise _damaged(f"history is not an array (it is {json_kind(history)})")
    entries: list[LegacyEntry] = []
    for i, entry in enumerate(history):
        where = f"history[{i}]"
        if not isinstance(entry, dict):
            raise _damaged(f"{where} is not an object (it is {json_kind(entry)})")
        name = entry.get("name")
        if name is not None and not isinstance(name, str):
            raise _damaged(f"{where}.name is not a string (it is {json_kind(name)})")
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
