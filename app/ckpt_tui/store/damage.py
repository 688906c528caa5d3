"""What ckpt-tui has seen of a store file's corruption, kept until the file
is found whole again.

A store can be damaged and still answer most reads (a broken index page,
a torn leaf): SQLite says so only when a statement reaches the damage, or
when ``PRAGMA integrity_check`` reads it all. A write to such a file can
make things worse, so once ckpt-tui has seen corruption, from an SQLite
error on any read or write or from ``doctor``, every later write is
refused in one line, in this process and in the next ones, until
``doctor`` finds the file whole.

The note is a small file in ckpt-tui's state directory (never in the
store, SPEC 1), named by the file's identity (``st_dev``, ``st_ino``): a
repaired copy moved over the path is another file and is not refused; the
same file repaired in place is, until ``doctor`` checks it again.
"""

from __future__ import annotations

import os
from pathlib import Path

from ckpt_tui import paths

FileId = tuple[int, int]


def _note(identity: FileId) -> Path:
    return paths.state_dir() / "damaged" / f"{identity[0]}-{identity[1]}.json"


def seen(identity: FileId | None) -> str | None:
    """What was seen of the file with this identity, if it was seen damaged."""
    if identity is None:
        return None
    try:
        text = _note(identity).read_text(encoding="utf-8")
    except OSError:
        return None
    import json  # only for a note: most stores have none

    try:
        return str(json.loads(text)["reason"])
    except (ValueError, KeyError, TypeError):
        return "damaged (its note is unreadable)"


def note(identity: FileId | None, path: Path, reason: str) -> None:
    """Remember that the file is damaged. Best effort: a state directory
    that cannot be written still leaves this process refusing writes."""
    if identity is None:
        return
    import json

    target = _note(identity)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        partial.write_text(json.dumps({"path": str(path), "reason": reason}), encoding="utf-8")
        partial.replace(target)
    except OSError:
        pass


def forget(identity: FileId | None) -> bool:
    """The file was found whole: writes are allowed again. Whether a note was there."""
    if identity is None:
        return False
    try:
        _note(identity).unlink()
    except OSError:  # none (or one we may not remove: writes stay refused)
        return False
    return True
