"""What the read statements and the reads that run them agree on: the name
of each variant of a statement, and the parameters of a page's cursor.

Imported by both sides (``statements/`` at build time, the reads at run
time), so it imports nothing but the errors.
"""

from __future__ import annotations

from ckpt_tui.errors import CkptError


def variant(base: str, **flags: bool) -> str:
    """The name of the statement ``base`` built with ``flags`` on:
    ``projects_page/after/match`` (the flags that are on, sorted)."""
    return "/".join([base, *sorted(name for name, on in flags.items() if on)])


def cursor_params(after: tuple | None) -> dict[str, object]:
    """The parameters of a statement built with ``after=True``: the page's
    cursor ``(time, id)`` as ``:after_at`` and ``:after_id``."""
    return {} if after is None else {"after_at": after[0], "after_id": after[1]}


#: What separates the values of a marked list (no kind or status holds it).
MARK = "\x1f"


def marked(values) -> str:
    """``values`` as one text parameter, each between two :data:`MARK`
    characters (U+001F). A statement tests membership with ``instr``
    (``statements/common.py``: ``marked_position``), and ranks by position;
    no JSON to encode on the way (a list command imports no ``json``). A
    value holding the mark itself cannot be listed."""
    values = list(values)
    if any(MARK in v for v in values):
        raise CkptError("a kind or status cannot hold the control character \\x1f")
    return MARK + MARK.join(values) + MARK


def json_list(values) -> str:
    """``values`` (strings) as the JSON array a statement reads with
    ``json_each`` (an ``IN`` list of any length in one statement). Written
    without the ``json`` module when no value needs an escape: a search or
    a list that looks rows up by id then imports none of it."""
    values = list(values)
    if all(type(v) is str and v.isprintable() and '"' not in v and "\\" not in v for v in values):
        return '["' + '","'.join(values) + '"]' if values else "[]"
    import json

    return json.dumps(values)
