"""Writing one top-level setting back to ``config.toml`` (the panes' sort
orders), keeping everything else the person wrote: other settings, tables,
comments, blank lines, byte for byte.

The standard library reads TOML but does not write it, and a round trip
through a TOML writer would drop the comments. A top-level ``key = "word"``
line is simple enough to edit in place: the line is replaced (its trailing
comment kept) or added before the first table. The result is parsed again
and must equal the old settings with only that key changed, else nothing is
written; the file is replaced atomically (temporary file, fsync, rename).
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from ckpt_tui.errors import CkptError

_TABLE = re.compile(r"^\s*\[")
_WORD = re.compile(r"[A-Za-z0-9_.-]+")


def _value_line(key: str, value: str, rest: str = "") -> str:
    return f'{key} = "{value}"{rest}'


def updated_text(text: str, key: str, value: str) -> str:
    """``text`` with top-level ``key`` set to the string ``value``."""
    if not _WORD.fullmatch(key) or not _WORD.fullmatch(value):
        raise CkptError(f"cannot write setting {key!r} = {value!r}")
    lines = text.splitlines(keepends=True)
    end = next((i for i, line in enumerate(lines) if _TABLE.match(line)), len(lines))
    pattern = re.compile(
        rf"^(\s*){re.escape(key)}\s*=\s*(\"[^\"\n]*\"|'[^'\n]*'|[^\s#]*)([^\n]*?)(\r?\n)?$"
    )
    for i in range(end):
        found = pattern.match(lines[i])
        if found:
            indent, _, rest, newline = found.groups()
            lines[i] = indent + _value_line(key, value, rest) + (newline or "")
            return "".join(lines)
    # Not there yet: after the last top-level line that is not blank.
    at = end
    while at > 0 and not lines[at - 1].strip():
        at -= 1
    if at > 0 and not lines[at - 1].endswith("\n"):
        lines[at - 1] += "\n"
    new = _value_line(key, value) + "\n"
    if at == 0 and end < len(lines):
        new += "\n"
    lines.insert(at, new)
    return "".join(lines)


def save_setting(path: Path, key: str, value: str) -> None:
    """Set ``key`` in the config file at ``path`` (made if missing)."""
    import tomllib

    try:
        old = path.read_text(encoding="utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as exc:
        raise CkptError(f"cannot read config {path}: {exc}") from None
    try:
        before = tomllib.loads(old)
    except tomllib.TOMLDecodeError as exc:
        raise CkptError(f"config {path} is not valid TOML ({exc}); left as it is") from None
    new = updated_text(old, key, value)
    try:
        after = tomllib.loads(new)
    except tomllib.TOMLDecodeError:
        after = None
    if after != {**before, key: value}:
        raise CkptError(f"cannot set {key} in {path} without changing more; left as it is")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".config-", suffix=".toml", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
                fh.write(new)
                fh.flush()
                os.fsync(fh.fileno())
            if path.exists():
                os.chmod(tmp, path.stat().st_mode & 0o7777)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise CkptError(f"cannot write config {path}: {exc.strerror or exc}") from None
