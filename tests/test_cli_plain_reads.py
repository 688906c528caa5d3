"""`list projects` reads through the generated plain SQL: the same rows as
the SQLAlchemy pages, and no SQLAlchemy import for the command."""

from __future__ import annotations

import subprocess
import sys

from ckpt_tui.core.demo import build_demo
from ckpt_tui.core.service import open_service
from tests.factory import new_store


def _paged(svc):
    page = svc.projects(limit=2)
    rows, total = list(page.rows), page.total
    while page.cursor is not None:
        page = svc.projects(after=page.cursor, limit=2)
        rows.extend(page.rows)
    return rows, total


def test_all_projects_equals_the_sqlalchemy_pages(tmp_path):
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    svc = open_service(db)
    try:
        whole = svc.all_projects()
        rows, total = _paged(svc)
    finally:
        svc.close()
    assert len(rows) > 2 and whole.cursor is None
    assert (whole.rows, whole.total) == (rows, total)


def test_all_projects_of_an_empty_store(tmp_path):
    svc = open_service(new_store(tmp_path / "empty.db"))
    try:
        assert svc.all_projects() == svc.projects(limit=2)
    finally:
        svc.close()


def test_list_projects_imports_no_sqlalchemy(tmp_path):
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    for extra in ([], ["--json"]):
        code = (
            "import sys; from ckpt_tui.cli.main import main;"
            f"rc = main(['list', 'projects', '--db', {str(db)!r}, *{extra!r}]);"
            "loaded = [m for m in sys.modules if m.split('.')[0] == 'sqlalchemy'];"
            "print(loaded, file=sys.stderr); raise SystemExit(rc or (1 if loaded else 0))"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "prj_" in result.stdout


def test_all_projects_with_epoch_ms_timestamps(tmp_path):
    """Epoch ms beside ISO text (SPEC 3): the same order as the pages."""
    from tests.test_store import mixed_store

    svc = open_service(mixed_store(tmp_path / "c.db"))
    try:
        whole = svc.all_projects()
        assert (whole.rows, whole.total) == _paged(svc)
    finally:
        svc.close()


def test_the_first_projects_page_is_read_without_sqlalchemy_and_equals_its_pages(
    tmp_path, monkeypatch
):
    """The first page (what every reload of the projects pane asks for) comes
    from the generated SQL with plain ``sqlite3``: the SQLAlchemy read is not
    used, and gives the same page, epoch-ms rows among ISO ones included."""
    from ckpt_tui.store.project_reads import list_projects
    from tests.test_store import mixed_store

    reads: list[tuple] = []

    def sqlalchemy_read(*args, **kwargs):
        reads.append(args)

    for db in (mixed_store(tmp_path / "c.db"), build_demo(tmp_path / "demo", seed=5)["db"]):
        svc = open_service(db)
        store = svc.store
        try:
            for limit in (1, 2, 200, -1):
                with store.read() as conn:
                    wanted = list_projects(conn, None, limit)
                monkeypatch.setattr(store, "read", sqlalchemy_read)
                assert svc.projects(limit=limit) == wanted
                assert reads == []
                monkeypatch.undo()
        finally:
            svc.close()
