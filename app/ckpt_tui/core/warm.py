"""What the first actions past the first screen import, imported ahead of need.

Every read runs generated SQL with plain ``sqlite3`` (``store/query.py``),
so the first screen and later reads import no SQLAlchemy; the first diff
needs the diff engine, and the first restore plan or write needs
SQLAlchemy (0.2-0.4 s) and the write side. The app calls this in a worker
once its screen has settled and nothing else is running, so that no key
waits for those imports.
"""

from __future__ import annotations


def import_readers() -> None:
    import ckpt_tui.core.diff
    import ckpt_tui.store.sorting  # the other orders of the sessions pane
    import ckpt_tui.store.writes  # noqa: F401 - SQLAlchemy and the schema, for the first write
