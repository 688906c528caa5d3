"""A count said in words, its noun agreeing with it ("1 prompt", "2 prompts").

One function for every layer (the app, the command line, the core, the
opencode reader), so no place says "(1 prompts)".
"""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None, *, grouped: bool = False) -> str:
    """``n`` and ``noun``, the noun plural unless ``n`` is one (``plural``:
    an irregular plural, else ``noun + "s"``); ``grouped``: thousands
    separated (``1,234``)."""
    number = f"{n:,}" if grouped else str(n)
    return f"{number} {noun if n == 1 else (plural or noun + 's')}"
