"""What the read statements and the reads that run them agree on: the name
of each variant of a statement, and how a page's cursor, a short list and
a list of ids are passed as parameters.

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


#: How many values a short list parameter holds at most (the kinds of a
#: snapshot list, the statuses of the board): each is a parameter of its own.
SLOTS = 8


def slots(name: str, values, what: str) -> dict[str, object]:
    """``values`` as the parameters ``:name_0`` ... ``:name_7`` of a
    statement that tests ``IN`` / ``NOT IN`` them (``statements/common.py``:
    ``slot_params``). One by one, not as one list parameter: SQLite compares
    them as fast as literals (a JSON or marked list costs a scan of 10,000
    rows a quarter more). The slots not needed repeat the first value, which
    neither ``IN`` nor ``NOT IN`` notices."""
    values = list(values)
    if not values or len(values) > SLOTS:
        raise CkptError(f"between 1 and {SLOTS} {what} at once, not {len(values)}")
    padded = values + [values[0]] * (SLOTS - len(values))
    return {f"{name}_{i}": v for i, v in enumerate(padded)}


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
