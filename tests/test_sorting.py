"""The panes' sort orders, checked against direct queries, and the setting
remembered in config.toml with the rest of the file kept."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from ckpt_tui.core import config_write
from ckpt_tui.core.config import Config, load
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import CkptError
from ckpt_tui.ui.app import CkptApp
from tests.factory import add_project, add_session, add_snapshot, connect, new_store, set_checkpoint
from tests.ui_support import run_async, settle

STATUSES = ("in_progress", "blocked", "done", "abandoned", "weird")
N = 60


@pytest.fixture
def sorted_store(tmp_path) -> Path:
    """60 sessions in one project: random titles (some empty, then the
    checkpoint's title shows), statuses (some without a checkpoint), times
    with ties, snapshot counts with ties, and a few children."""
    rng = random.Random(16)
    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", "/tmp/work/zeta")
    add_project(conn, "p2", "/tmp/other/Alpha", at="2026-01-02T00:00:00.000Z")
    add_project(conn, "p3", "/srv/mid/beta/", at="2026-01-03T00:00:00.000Z")
    for i in range(N):
        sid = f"s{i:03d}"
        at = f"2026-03-{1 + rng.randrange(5):02d}T10:00:00.000Z"  # many ties
        parent = f"s{rng.randrange(i):03d}" if i > 5 and rng.random() < 0.2 else None
        title = rng.choice(["", None, f"Task {rng.choice('abcXYZ')}{rng.randrange(9)}"])
        add_session(conn, sid, "p1", title=title, parent=parent, at=at)
        if rng.random() < 0.85:
            cp = Checkpoint(title=f"cp {rng.choice('qQrR')}{i}", status=rng.choice(STATUSES))
            set_checkpoint(conn, sid, "p1", cp, at=at)
        for j in range(rng.choice([0, 0, 1, 2, 3, 5])):
            add_snapshot(conn, sid, "p1", f"n{j}", Checkpoint().to_payload(), at=at)
    conn.close()
    return db


def _direct_roots(db: Path, order_by: str) -> list[str]:
    conn = sqlite3.connect(db)
    rows = conn.execute(
        f"""SELECT s.id FROM sessions s LEFT JOIN checkpoints c ON c.session_id = s.id
            WHERE s.project_id = 'p1' AND NOT EXISTS
              (SELECT 1 FROM sessions p WHERE p.id = s.parent_id AND p.project_id = s.project_id)
            ORDER BY {order_by}"""
    ).fetchall()
    conn.close()
    return [r[0] for r in rows]


DIRECT = {
    "activity": "s.updated_at DESC, s.id DESC",
    "title": "lower(coalesce(nullif(s.title, ''), c.title, '')) ASC, s.id ASC",
    "status": "CASE WHEN c.session_id IS NULL THEN 5 WHEN c.status = 'blocked' THEN 0 "
    "WHEN c.status = 'in_progress' THEN 1 WHEN c.status = 'done' THEN 2 "
    "WHEN c.status = 'abandoned' THEN 3 ELSE 4 END, s.updated_at DESC, s.id DESC",
    "snapshots": "(SELECT count(*) FROM snapshots n WHERE n.session_id = s.id) DESC, "
    "s.updated_at DESC, s.id DESC",
}


def _paged(svc, sort: str, limit: int = 7):
    rows, after, pages = [], None, 0
    while True:
        page = svc.session_tree("p1", after=after, limit=limit, sort=sort)
        rows += page.rows
        pages += 1
        after = page.cursor
        if after is None:
            return rows, page.total, pages


@pytest.mark.parametrize("sort", ["activity", "title", "status", "snapshots"])
def test_session_orders_match_direct_queries(sorted_store, sort):
    svc = open_service(sorted_store, read_only=True)
    rows, total, pages = _paged(svc, sort)
    svc.close()
    want = _direct_roots(sorted_store, DIRECT[sort])
    assert [r.id for r in rows if r.depth == 0] == want
    assert total == N and pages > 3, "the count is every session, as the projects pane's"
    assert len({r.id for r in rows}) == len(rows) == N, "every session once, children included"


def test_status_order_puts_blocked_first_and_no_checkpoint_last(sorted_store):
    svc = open_service(sorted_store, read_only=True)
    roots = [r for r in _paged(svc, "status")[0] if r.depth == 0]
    svc.close()
    assert roots[0].status == "blocked"
    assert not roots[-1].has_checkpoint


def test_count_order_is_read_once_per_change_of_the_store(sorted_store):
    svc = open_service(sorted_store)
    _paged(svc, "snapshots")
    assert svc.count_order.reads == 1, "one read of the order for every page"
    _paged(svc, "snapshots")
    assert svc.count_order.reads == 1
    conn = connect(sorted_store)
    add_snapshot(conn, "s000", "p1", "one-more", Checkpoint().to_payload())
    conn.close()
    rows, _, _ = _paged(svc, "snapshots")
    assert svc.count_order.reads == 2, "a write reads the order again"
    assert [r.id for r in rows if r.depth == 0] == _direct_roots(sorted_store, DIRECT["snapshots"])
    svc.close()


def test_projects_by_name(sorted_store):
    svc = open_service(sorted_store, read_only=True)
    page = svc.projects(limit=2, sort="name")
    rest = svc.projects(after=page.cursor, limit=2, sort="name")
    svc.close()
    names = [Path(r.directory.rstrip("/")).name for r in page.rows + rest.rows]
    assert names == sorted(names, key=str.lower) == ["Alpha", "beta", "zeta"]
    assert rest.cursor is None


def test_a_filter_sorts_the_matches(sorted_store):
    svc = open_service(sorted_store, read_only=True)
    page = svc.session_tree("p1", limit=200, text="Task", sort="title")
    svc.close()
    keys = [(r.title or r.checkpoint_title or "").lower() for r in page.rows]
    assert keys == sorted(keys) and page.rows and all(r.depth == 0 for r in page.rows)


# -- remembering the order in config.toml -------------------------------------------------


CONFIG = """# my settings
history_limit = 30   # the plugin's limit

[keymap]
# restore is R for me
restore = "R"
"""


def test_setting_is_added_before_the_first_table(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(CONFIG)
    config_write.save_setting(path, "session_sort", "title")
    text = path.read_text()
    assert text == CONFIG.replace(
        "history_limit = 30   # the plugin's limit\n",
        'history_limit = 30   # the plugin\'s limit\nsession_sort = "title"\n',
    )
    assert load(path).session_sort == "title"
    assert load(path).keymap == {"restore": "R"}


def test_setting_is_replaced_in_place_keeping_its_comment(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('session_sort = "status"  # blocked first\n' + CONFIG)
    config_write.save_setting(path, "session_sort", "snapshots")
    assert path.read_text() == 'session_sort = "snapshots"  # blocked first\n' + CONFIG


def test_a_missing_config_is_made(tmp_path):
    path = tmp_path / "new" / "config.toml"
    config_write.save_setting(path, "project_sort", "name")
    assert path.read_text() == 'project_sort = "name"\n'


def test_a_broken_config_is_left_alone(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("history_limit = = 3\n")
    with pytest.raises(CkptError, match="not valid TOML"):
        config_write.save_setting(path, "session_sort", "title")
    assert path.read_text() == "history_limit = = 3\n"


def test_an_unknown_order_in_the_config_is_one_clear_line(tmp_path):
    """Issue 15 changed this from an error to one line; the default applies."""
    path = tmp_path / "config.toml"
    path.write_text('session_sort = "size"\nproject_sort = "name"\n')
    cfg = load(path)
    assert cfg.problems == (
        "config.toml: session_sort must be one of activity, title, status, snapshots, "
        'not "size"; using "activity"',
    )
    assert (cfg.session_sort, cfg.project_sort) == ("activity", "name")


@run_async
async def test_s_cycles_the_sessions_order_and_it_is_remembered(sorted_store, tmp_path):
    path = tmp_path / "conf" / "config.toml"
    path.parent.mkdir()
    path.write_text(CONFIG)
    app = CkptApp(open_service(sorted_store), load(path), poll=False, read_opencode=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2", "s")
        await settle(pilot)
        sessions = app.main.sessions
        assert sessions.sort == "title" and "[by title]" in sessions.title_text()
        roots = [r.id for r in sessions.rows if r.depth == 0]
        assert roots == _direct_roots(sorted_store, DIRECT["title"])
        await pilot.press("1", "s")
        await settle(pilot)
        assert app.main.projects.sort == "name"
    assert load(path).session_sort == "title" and load(path).project_sort == "name"
    assert "# restore is R for me" in path.read_text()
    again = CkptApp(open_service(sorted_store), load(path), poll=False, read_opencode=False)
    async with again.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        assert again.main.projects.sort == "name"
        assert [r.directory for r in again.main.projects.rows][0] == "/tmp/other/Alpha"


def test_sort_keys_are_in_the_help(sorted_store):
    app = CkptApp(open_service(sorted_store), Config(), poll=False, read_opencode=False)
    ids = {b.id for _, group in app.binding_groups() for b in group}
    assert {"sessions.sort", "projects.sort"} <= ids
