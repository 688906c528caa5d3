"""Every read statement of the store, written in SQLAlchemy Core: the one
source of the SQL the reads run.

``tools/gen_sql.py`` (``make sql``) compiles :func:`catalog` for SQLite into
``store/read_sql.py``, checked in; at run time the reads run that text by
name (``store/query.py``) and nothing imports this package, so no read waits
for SQLAlchemy. ``tests/test_read_sql.py`` fails when the text is stale.
Writes are Core too, run by SQLAlchemy itself (``store/writes.py``); a
migration compiles its Core statements when it runs (``store/migrate.py``).
These are reads of the plugin's store only: ckpt-tui's own files (the
search index, ``stores.db``, the undo journal) are not mirrors of the
plugin's schema and keep their SQL beside their own schema.
"""

from __future__ import annotations

import importlib

#: The modules that define statements, each with a ``statements()`` by name.
MODULES = (
    "projects",
    "sessions",
    "tree",
    "snapshots",
    "summaries",
    "sorting",
    "board",
    "history",
    "health",
    "ids",
    "search",
    "follow",
    "legacy",
    "identity",
    "push",
    "demo",
)


def catalog() -> dict[str, object]:
    """Every read statement by the name the reads run it by."""
    out: dict[str, object] = {}
    for module in MODULES:
        found = importlib.import_module(f"{__name__}.{module}").statements()
        clash = out.keys() & found.keys()
        if clash:
            raise ValueError(f"{module} defines {sorted(clash)} again")
        out.update(found)
    return out
