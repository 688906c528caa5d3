"""Writes ``store/plain_sql.py``: the first screen's and the command line's
read statements as SQLite SQL.

    python -m ckpt_tui.store.gen_sql          # or: make sql

The statements are built by the read modules (``project_reads``, ``tree_reads``, ``snapshot_reads``...), the one source
of truth, and compiled here by SQLAlchemy with named parameters. The
result is checked in, so the app's start-up reads the first pages with
plain ``sqlite3``, and the command line its lists, ``show`` and ``diff``,
without importing SQLAlchemy (about 0.2 s) and without
writing or keying anything on its own source at run time.
``tests/test_plain_sql.py`` fails when the file is stale: run this again
after changing a statement (or SQLAlchemy) and commit the result.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

TARGET = Path(__file__).with_name("plain_sql.py")

HEADER = '''# ruff: noqa: E501
"""The first screen's and the command line's reads as SQLite SQL. GENERATED, do not edit.

Made by ``python -m ckpt_tui.store.gen_sql`` (``make sql``) from the
SQLAlchemy Core statements of the store's read modules, which stay the one
source of truth; ``tests/test_plain_sql.py`` fails when this is stale.
Each entry is ``(sql, default parameters)``; the parameters are named.
"""

'''


def compile_statements() -> dict[str, tuple[str, dict[str, Any]]]:
    """Each statement the plain path runs, compiled for SQLite (imports SQLAlchemy)."""
    from sqlalchemy.dialects import sqlite

    from ckpt_tui.store import (
        project_reads,
        session_reads,
        snapshot_reads,
        summary_reads,
        tree_reads,
    )

    dialect = sqlite.dialect(paramstyle="named")
    projects_page, projects_total = project_reads.projects_statements()
    roots_page, roots_total, children = tree_reads.tree_statements()
    snapshots_page, snapshots_total = snapshot_reads.snapshots_statements()
    kind_anywhere, session_kinds = snapshot_reads.kind_statements()
    ends, span, before, top, walk = summary_reads.previous_statements()
    first_at, walk_iso = summary_reads.iso_statements()
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for name, stmt in {
        # the first screen (store/plain_read.py)
        "projects_page": projects_page,
        "projects_total": projects_total,
        "roots_page": roots_page,
        "roots_total": roots_total,
        "children": children,
        "snapshots_page": snapshots_page,
        "snapshots_total": snapshots_total,
        "payloads": snapshot_reads.payloads_statement(),
        # the command line's reads (store/plain_commands.py)
        "sessions_page": session_reads.sessions_statements(False, False, None)[0],
        "project_sessions_page": session_reads.sessions_statements(True, False, None)[0],
        "project": project_reads.project_statement(),
        "session": session_reads.session_statement(),
        "checkpoint": session_reads.checkpoint_statement(),
        "snapshot": snapshot_reads.snapshot_statement(),
        "kind_snapshots_page": snapshot_reads.kind_snapshots_statement(),
        "kind_anywhere": kind_anywhere,
        "session_kinds": session_kinds,
        "summary_ends": ends,
        "summary_span": span,
        "summary_before": before,
        "summary_top": top,
        "summary_walk": walk,
        "summary_first_at": first_at,
        "summary_walk_iso": walk_iso,
    }.items():
        compiled = stmt.compile(dialect=dialect)
        defaults = {k: v for k, v in compiled.params.items() if v is not None}
        out[name] = (str(compiled), defaults)
    return out


def render() -> str:
    """The text of ``plain_sql.py`` for the statements as they are now."""
    lines = [HEADER + "STATEMENTS: dict[str, tuple[str, dict[str, object]]] = {"]
    for name, (sql, defaults) in compile_statements().items():
        lines.append(f"    {name!r}: (")
        lines.extend(f"        {line!r}" for line in _sql_lines(sql)[:-1])
        lines.append(f"        {_sql_lines(sql)[-1]!r},")
        lines.append(f"        {defaults!r},")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _sql_lines(sql: str) -> list[str]:
    """The SQL as string literals that concatenate back to it exactly."""
    parts = sql.splitlines(keepends=True)
    return parts or [""]


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
