"""Writes ``app/ckpt_tui/store/read_sql.py``: every read statement of the
store as SQLite SQL. A build step, run from a checkout:

    python tools/gen_sql.py          # or: make sql

The statements are written in SQLAlchemy Core (``ckpt_tui.store.statements``,
the one source of truth) and compiled here for SQLite with named parameters.
The result is checked in; at run time the reads run it with ``sqlite3``
(``store/query.py``), so no read imports SQLAlchemy (0.2-0.4 s) and nothing
is compiled, written or cached at run time. This script is not part of the
package (it does not ship in the wheel) and writes only into the source
tree beside it, never into an installed package. ``tests/test_read_sql.py``
fails when the file is stale: run this again after changing a statement (or
SQLAlchemy) and commit the result.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "app" / "ckpt_tui" / "store" / "read_sql.py"

HEADER = '''# ruff: noqa: E501
"""Every read statement of the store as SQLite SQL. GENERATED, do not edit.

Made by ``tools/gen_sql.py`` (``make sql``) from the SQLAlchemy Core
statements of ``ckpt_tui.store.statements``, the one source of truth;
``tests/test_read_sql.py`` fails when this is stale. Each entry is
``name: (sql, default parameters)``; the parameters are named. Run by
``store/query.py``.
"""

'''


def compile_statements() -> dict[str, tuple[str, dict[str, Any]]]:
    """Each read statement, compiled for SQLite (imports SQLAlchemy)."""
    sys.path.insert(0, str(ROOT / "app"))
    from sqlalchemy.dialects import sqlite

    from ckpt_tui.store.statements import catalog

    dialect = sqlite.dialect(paramstyle="named")
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for name, stmt in sorted(catalog().items()):
        compiled = stmt.compile(dialect=dialect)
        defaults = {k: v for k, v in compiled.params.items() if v is not None}
        out[name] = (str(compiled), defaults)
    return out


def render() -> str:
    """The text of ``read_sql.py`` for the statements as they are now."""
    lines = [HEADER + "STATEMENTS: dict[str, tuple[str, dict[str, object]]] = {"]
    for name, (sql, defaults) in compile_statements().items():
        parts = sql.splitlines(keepends=True) or [""]
        lines.append(f"    {name!r}: (")
        lines.extend(f"        {part!r}" for part in parts[:-1])
        lines.append(f"        {parts[-1]!r},")
        lines.append(f"        {defaults!r},")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    text = render()
    if TARGET.exists() and TARGET.read_text(encoding="utf-8") == text:
        print(f"{TARGET} is up to date")
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
