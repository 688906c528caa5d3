"""The first frame's pages, read in one transaction: exactly what the
panes' own reads give (the projects page, the newest project's tree, its
newest session's snapshots and their summaries), with no SQLAlchemy import
and nothing written."""

from __future__ import annotations

import subprocess
import sys

from ckpt_tui import paths
from ckpt_tui.core.demo import build_demo
from ckpt_tui.core.service import open_service
from tests.factory import new_store


def both_paths(db, limit=3, summaries=0):
    """(the first screen as the panes read it one by one, as one read)."""
    from ckpt_tui.core.reads import FirstScreen, _with_summaries

    svc = open_service(db)
    try:
        projects = svc.projects(limit=limit)
        if not projects.rows:
            slow = FirstScreen(projects, None, None, {})
        else:
            sessions = svc.session_tree(projects.rows[0].id, limit=limit)
            snapshots = svc.snapshots(sessions.rows[0].id, limit=limit) if sessions.rows else None
            payloads = {}
            if snapshots is not None:
                from ckpt_tui.store import snapshot_reads

                ids = [r.id for r in snapshots.rows[: summaries + 1]] if summaries else []
                with svc.store.read() as q:
                    payloads = snapshot_reads.get_payloads(q, sessions.rows[0].id, ids)
            slow = _with_summaries(projects, sessions, snapshots, payloads, summaries)
        fast = svc.first_screen(limit=limit, summaries=summaries)
        return slow, fast
    finally:
        svc.close()


def test_cached_statements_give_the_same_pages(tmp_path):
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    slow, fast = both_paths(db)
    assert fast == slow
    assert slow.projects.cursor is not None, "limit 3 of 5 projects: a next page exists"
    assert slow.sessions.rows and slow.snapshots.rows
    newest_project, newest_session = slow.projects.rows[0], slow.sessions.rows[0]
    assert {r.project_id for r in slow.sessions.rows} == {newest_project.id}
    assert {r.session_id for r in slow.snapshots.rows} == {newest_session.id}


def test_summaries_match_what_the_list_would_ask_for(tmp_path):
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    slow, fast = both_paths(db, limit=200, summaries=3)
    assert fast == slow
    rows = slow.snapshots.rows
    assert len(rows) > 3 and set(slow.summaries) == {r.id for r in rows[:3]}
    svc = open_service(db)
    expected = svc.summaries(rows[0].session_id, rows[:3])
    svc.close()
    assert slow.summaries == expected
    assert all(slow.summaries.values())


def test_summaries_stop_where_the_page_does(tmp_path):
    """The last row of a page with more after it has its predecessor on the
    next page: it is left to the list's own worker, never guessed."""
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    slow, fast = both_paths(db, limit=3, summaries=10)
    assert fast == slow
    rows = slow.snapshots.rows
    assert slow.snapshots.cursor is not None and len(rows) == 3
    assert set(slow.summaries) == {rows[0].id, rows[1].id}
    svc = open_service(db)
    assert slow.summaries == svc.summaries(rows[0].session_id, rows[:2])
    svc.close()


def test_summary_of_a_first_snapshot(tmp_path):
    """A session whose whole history fits the page: its oldest snapshot is
    summarized as the first one."""
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    slow, fast = both_paths(db, limit=200, summaries=200)
    assert fast == slow
    oldest = slow.snapshots.rows[-1]
    assert slow.snapshots.cursor is None
    assert slow.summaries[oldest.id] == "first snapshot"


def test_children_follow_their_parents(tmp_path):
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    svc = open_service(db)
    acme = svc.session_tree("prj_acme_api")
    svc.close()
    assert [r.depth for r in acme.rows] == [0, 0, 1]
    assert acme.rows[2].parent_id == acme.rows[1].id


def test_empty_store(tmp_path):
    slow, fast = both_paths(new_store(tmp_path / "empty.db"))
    assert fast == slow
    assert slow.projects.rows == [] and slow.sessions is None


def test_a_failing_read_is_the_stores_one_line_error(tmp_path, monkeypatch):
    """A statement the store cannot run is an error in one line, not a
    second way of reading."""
    from ckpt_tui.errors import CkptError
    from ckpt_tui.store import read_sql

    db = build_demo(tmp_path / "demo", seed=5)["db"]
    svc = open_service(db)
    try:
        monkeypatch.setitem(read_sql.STATEMENTS, "projects_page", ("SELECT nonsense", {}))
        try:
            svc.first_screen()
        except CkptError as exc:
            assert "\n" not in str(exc) and "nonsense" in str(exc)
        else:  # pragma: no cover
            raise AssertionError("the read did not fail")
    finally:
        svc.close()


def test_first_screen_writes_nothing(tmp_path):
    """Nothing is compiled, cached or keyed on source text at run time."""
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    svc = open_service(db)
    assert svc.first_screen(summaries=5).projects.rows
    svc.close()
    cache = paths.cache_dir()
    assert not cache.exists() or list(cache.iterdir()) == []


def test_first_frame_needs_no_sqlalchemy(tmp_path):
    db = build_demo(tmp_path / "demo", seed=5)["db"]
    code = (
        "import sys; from ckpt_tui.core.service import open_service; import ckpt_tui.ui.app;"
        f"s = open_service({str(db)!r}); assert s.first_screen().projects.rows;"
        "loaded = [m for m in sys.modules if m.split('.')[0] == 'sqlalchemy'];"
        "print(loaded); raise SystemExit(1 if loaded else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_cached_statements_sort_mixed_timestamps_by_instant(tmp_path):
    """Epoch ms beside ISO text (SPEC 3): both paths order by instant."""
    from tests.factory import connect
    from tests.test_store import _mixed, mixed_store

    db = mixed_store(tmp_path / "c.db")
    conn = connect(db)  # p0 and its s0 (the snapshots) newest, as epoch ms
    conn.execute("UPDATE projects SET updated_at=? WHERE id='p0'", (_mixed(59),))
    conn.execute("UPDATE sessions SET updated_at=? WHERE id='s0'", (_mixed(57),))
    conn.close()
    slow, fast = both_paths(db, limit=3)
    assert fast == slow
    assert [r.id for r in slow.projects.rows] == ["p0", "p5", "p4"]
    assert [r.id for r in slow.sessions.rows] == ["s0", "s5", "s4"]
    assert [r.name for r in slow.snapshots.rows] == ["m11", "m10", "m09"]
