"""Every read runs one way: the SQLAlchemy Core statements of
``store/statements/``, compiled ahead of time into ``store/read_sql.py``
(checked in, never stale), run by name with plain ``sqlite3``. No read
imports SQLAlchemy, and the generator is a build step outside the package."""

from __future__ import annotations

import importlib.util
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from ckpt_tui.core.demo import build_demo
from ckpt_tui.store.read_sql import STATEMENTS
from tests.factory import new_store

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
