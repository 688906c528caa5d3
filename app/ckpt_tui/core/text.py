"""Making text from the store safe to print: no escape sequences, bounded."""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CONTROL_ALL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def printable(text: str, limit: int = 10_000, *, keep_newlines: bool = False) -> str:
    """Control characters (ESC included) shown as ``\\xNN``, cut to ``limit``.

    Store text is data: a title that carries an escape sequence must appear
    as characters, never act on the terminal.
    """
    if len(text) > limit:
        text = text[:limit] + f"… (+{len(text) - limit} chars)"
    pattern = _CONTROL if keep_newlines else _CONTROL_ALL
    return pattern.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
