"""Every read runs one way: the SQLAlchemy Core statements of
``store/statements/``, compiled ahead of time into ``store/read_sql.py``
(checked in, never stale), run by name with plain ``sqlite3``. No read
imports SQLAlchemy, and the generator is a build step outside the package."""

from __future__ import annotations

import ast
import functools
import importlib.util
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ckpt_tui.core.demo import build_demo
from ckpt_tui.store import schema
from ckpt_tui.store.query import Query
from ckpt_tui.store.read_sql import STATEMENTS
from tests.factory import add_snapshot, basic_store, connect, new_store

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "app" / "ckpt_tui"


def _generator():
    spec = importlib.util.spec_from_file_location("gen_sql", ROOT / "tools" / "gen_sql.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generated_sql_is_not_stale():
    """Fails after a statement (or SQLAlchemy) changes until ``make sql``
    (``python tools/gen_sql.py``) is run again."""
    gen = _generator()
    checked_in = gen.TARGET.read_text(encoding="utf-8")
    assert checked_in == gen.render(), "run `make sql` and commit store/read_sql.py"


def test_a_changed_statement_makes_it_stale(monkeypatch):
    from ckpt_tui.store.statements import snapshots

    gen = _generator()
    original = snapshots.newest
    monkeypatch.setattr(snapshots, "newest", lambda *a, **k: original(*a, **k).limit(1))
    assert gen.TARGET.read_text(encoding="utf-8") != gen.render()


def test_the_generator_is_not_in_the_package_and_writes_only_the_source_tree():
    gen = _generator()
    assert gen.TARGET == PACKAGE / "store" / "read_sql.py"
    assert not list(PACKAGE.rglob("gen_sql.py"))


def test_every_statement_compiles_on_a_store(tmp_path):
    """Each of the generated statements is valid SQL for the store's schema
    (SQLite prepares it), the variants no other test runs included."""
    conn = sqlite3.connect(new_store(tmp_path / "c.db"))
    failed = []
    for name, (sql, defaults) in STATEMENTS.items():
        params = dict.fromkeys(re.findall(r":(\w+)", sql)) | defaults
        try:
            conn.execute(f"EXPLAIN {sql}", params).fetchall()
        except sqlite3.Error as exc:
            failed.append(f"{name}: {exc}")
    conn.close()
    assert failed == []
    assert len(STATEMENTS) > 100


def _modules_importing(name: str) -> list[str]:
    from tests.test_layers import imports

    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(i == name or i.startswith(name + ".") for i in imports(path)):
            found.append(str(path.relative_to(PACKAGE)))
    return found


def test_only_the_statements_themselves_import_them():
    """The Core statements are compiled by the generator; nothing in the
    package runs them."""
    users = [m for m in _modules_importing("ckpt_tui.store.statements")]
    assert all(m.startswith("store/statements/") for m in users), users


def test_the_reads_have_no_second_way():
    """The read side of the service holds no fallback from one way of
    running a read to another."""
    from tests.test_layers import imports

    source = (PACKAGE / "core" / "reads.py").read_text(encoding="utf-8")
    assert "except sqlite3" not in source
    assert not [i for i in imports(PACKAGE / "core" / "reads.py") if "sqlalchemy" in i]


def test_every_read_runs_without_sqlalchemy(tmp_path):
    """Lists in every order and filter, pages from either end, summaries, a
    diff, field history, the board, doctor, search and completion: none
    imports SQLAlchemy."""
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    code = f"""
import sys
from ckpt_tui.core.reads import open_reader
from ckpt_tui.core import board, history, maintenance, ids
from ckpt_tui.core.search import Searcher
reader = open_reader({str(db)!r})
for sort in ("activity", "name"):
    page = reader.projects(sort=sort, limit=2)
    reader.projects(sort=sort, after=page.cursor, limit=2, text="p")
project = reader.all_projects().rows[0].id
for sort in ("activity", "title", "status", "snapshots"):
    page = reader.session_tree(project, sort=sort, limit=2)
    reader.session_tree(project, sort=sort, after=page.cursor, limit=2, text="e")
reader.sessions(text="e", limit=2)
session = max(reader.all_sessions().rows, key=lambda r: r.snapshot_count)
rows = reader.snapshots(session.id, exclude_kinds=["auto"], text="e", limit=3).rows
reader.last_snapshots(session.id, kinds=["manual", "auto"], limit=2)
reader.summaries(session.id, reader.snapshots(session.id, limit=5).rows)
names = [r.name for r in reader.all_snapshots(session.id).rows]
reader.compare(session.id, names[-1])
history.field_history(reader, session.id, "nextSteps")
board.board(reader)
maintenance.doctor({str(db)!r})
searcher = Searcher.open({str(db)!r})
searcher.sync()
searcher.search("the")
ids.candidates("sessions", {str(db)!r})
loaded = [m for m in sys.modules if m.split(".")[0] == "sqlalchemy"]
print(loaded)
raise SystemExit(1 if loaded else 0)
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


# -- reads outside the Core statements --------------------------------------------------

#: A SELECT that reads one of the plugin's tables, as SQL text.
_STORE_TABLES = "|".join(t.name for t in schema.metadata.sorted_tables)
_STORE_SELECT = re.compile(rf"\bSELECT\b.*?\b(?:FROM|JOIN)\s+\"?(?:{_STORE_TABLES})\b", re.DOTALL)


def store_selects(source: str) -> list[str]:
    """The string literals (f-strings too) of ``source`` that hold a SELECT
    of the plugin's tables."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                v.value if isinstance(v, ast.Constant) else "{}" for v in node.values
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if _STORE_SELECT.search(text):
            found.append(" ".join(text.split())[:80])
    return found


def test_store_selects_finds_sql_text_and_not_prose_or_other_files():
    source = (
        'a = "SELECT rowid, id FROM snapshots ORDER BY rowid"\n'
        "b = f\"SELECT {cols} FROM \\\"{table}\\\" WHERE x\"\n"
        "c = ('SELECT id, directory '\n 'FROM projects')\n"
        "d = 'SELECT doc FROM docs JOIN bodies'\n"  # the search index's own tables
        "e = 'sessions are selected from the list'\n"
        "f = 'SELECT id FROM session WHERE x'\n"  # opencode's table
    )
    assert len(store_selects(source)) == 2


def test_no_read_of_the_store_is_written_as_sql_text():
    """Every read of the plugin's tables anywhere in the package is a Core
    statement run as generated text (or, in a migration, compiled at run
    time): no SELECT of them is written by hand outside the statements
    and the text generated from them."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where == "store/read_sql.py" or where.startswith("store/statements/"):
            continue
        hits = store_selects(path.read_text(encoding="utf-8"))
        if hits:
            found[str(path.relative_to(PACKAGE))] = hits
    assert found == {}


def _statement_pattern(sql: str) -> re.Pattern:
    """``sql`` with each named parameter matching any bound value (what a
    ``sqlite3`` trace shows)."""
    parts = re.split(r":\w+", sql)
    return re.compile("(?:.+?)".join(re.escape(p) for p in parts), re.DOTALL)


@functools.cache
def _generated() -> list[re.Pattern]:
    """Every generated read statement as a pattern: compiled once, by the
    first test that asks, not by every process that collects this module."""
    return [_statement_pattern(sql) for sql, _ in STATEMENTS.values()]


_NOT_READS = re.compile(r"(?:BEGIN|COMMIT|ROLLBACK|PRAGMA)\b", re.IGNORECASE)


def not_generated(trace: list[str]) -> list[str]:
    """The statements of a ``sqlite3`` trace (``set_trace_callback``) that
    are not one of the generated read statements (nor a transaction or a
    PRAGMA)."""
    return [
        sql
        for sql in trace
        if not _NOT_READS.match(sql) and not any(p.fullmatch(sql) for p in _generated())
    ]


def test_not_generated_tells_a_generated_statement_from_hand_written_sql():
    sql, _ = STATEMENTS["identity_first_snapshots"]
    ran = sql.replace(":limit", "8").replace(":param_1", "0")
    assert not_generated(["BEGIN", ran, "SELECT rowid, id FROM snapshots LIMIT 8"]) == [
        "SELECT rowid, id FROM snapshots LIMIT 8"
    ]


def test_a_store_file_is_identified_by_generated_statements_only(tmp_path):
    from ckpt_tui.store.file_identity import identify

    db = basic_store(tmp_path / "c.db")
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    trace: list[str] = []
    conn.set_trace_callback(trace.append)
    try:
        found = identify(conn, db, tmp_path / "state")
    finally:
        conn.close()
    assert found.minted
    assert any("snapshots.rowid" in sql for sql in trace)
    assert not_generated(trace) == []


def _store_with_bad_text(path, rows: int, bad_at: int):
    """A store of ``rows`` snapshots, the ``bad_at``-th (by rowid) holding a
    payload that is not UTF-8."""
    new_store(path)
    conn = connect(path)
    conn.execute(
        "INSERT INTO projects VALUES ('p', '/p', '/p', '2026-01-01T00:00:00.000Z', "
        "'2026-01-01T00:00:00.000Z')"
    )
    conn.execute(
        "INSERT INTO sessions (id, project_id, created_at, updated_at) VALUES "
        "('s', 'p', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')"
    )
    for i in range(rows):
        at = f"2026-01-01T00:00:{i:02d}.000Z"
        if i == bad_at:
            conn.execute(
                "INSERT INTO snapshots VALUES (?, 's', 'p', ?, 'manual', ?, "
                "CAST(x'7b2261223a2261ff62227d' AS TEXT), 1, NULL)",
                (f"id{i:02d}", f"n{i}", at),
            )
        else:
            add_snapshot(conn, "s", "p", f"n{i}", {"a": str(i)}, at=at, sid=f"id{i:02d}")
    conn.close()
    return path


@pytest.mark.parametrize("bad_at", [None, 0, 6, 12])
def test_batches_read_every_row_once_in_order_and_escape_text_that_is_not_utf8(
    tmp_path, bad_at
):
    db = _store_with_bad_text(tmp_path / "c.db", 13, -1 if bad_at is None else bad_at)
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    conn.execute("BEGIN")
    try:
        parts = list(Query(conn).batches("push_snapshots", 4))
        after = conn.text_factory
    finally:
        conn.close()
    assert after is str  # the connection decodes as before
    rows = [r for part in parts for r in part]
    assert [len(p) for p in parts] == [4, 4, 4, 1]
    assert all(type(r) is tuple for r in rows)
    assert [r[0] for r in rows] == [f"id{i:02d}" for i in range(13)]
    payloads = [r[6] for r in rows]
    if bad_at is not None:
        assert payloads[bad_at] == '{"a":"a\udcffb"}'
    assert all(p == f'{{"a": "{i}"}}' for i, p in enumerate(payloads) if i != bad_at)


def test_a_push_reads_each_table_in_the_column_order_of_its_archived_copy():
    from ckpt_tui.store import archive_schema

    reads = {
        "projects": ("push_projects",),
        "sessions": ("push_sessions",),
        "snapshots": ("push_snapshots", "push_snapshots_by_id"),
        "checkpoints": ("push_checkpoints", "push_checkpoints_by_session"),
    }
    for table in archive_schema.ARCHIVED:
        for name in reads[table.name]:
            listed = STATEMENTS[name][0].split(" \n")[0].removeprefix("SELECT ")
            columns = [c.strip().removeprefix(f"{table.name}.") for c in listed.split(",")]
            assert columns == archive_schema.copied_columns(table), name
