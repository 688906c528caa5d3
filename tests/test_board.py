"""The board against a direct SQL query: every in-flight session, grouped
and ordered as documented, page after page, and its command line."""

from __future__ import annotations

import json
import random

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.board import board, parse_statuses
from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import CkptError
from tests.factory import add_project, add_session, add_snapshot, connect, new_store, set_checkpoint

STATUSES = ["in_progress", "blocked", "done", "abandoned", "weird"]


@pytest.fixture
def board_store(tmp_path):
    path = new_store(tmp_path / "checkpoints.db")
    rng = random.Random(5)
    conn = connect(path)
    for p in range(4):
        add_project(conn, f"p{p}", at=f"2026-11-0{p + 1}T10:00:00.000Z")
        for s in range(9):
            sid = f"s{p}-{s}"
            # several sessions share a time: the id breaks the tie
            at = f"2026-11-{rng.randint(1, 4):02d}T10:00:00.000Z"
            add_session(conn, sid, f"p{p}", title=None if s % 3 == 0 else f"t{sid}", at=at)
            if s == 8:
                continue  # a session with no checkpoint is never on the board
            cp = Checkpoint(
                title=f"ck {sid}",
                status=rng.choice(STATUSES),
                blockers=tuple(f"b{i}" for i in range(rng.randint(0, 2))),
                nextSteps=tuple(f"n{i}" for i in range(rng.randint(0, 3))),
            )
            set_checkpoint(conn, sid, f"p{p}", cp, at=at)
            for k in range(rng.randint(0, 3)):
                add_snapshot(conn, sid, f"p{p}", f"snap{k}", cp.to_payload(), at=at)
    conn.execute("UPDATE checkpoints SET next_steps = 'not json' WHERE session_id = 's1-1'")
    conn.close()
    return path


def direct(path, statuses, group, project=None):
    """What the board must show, by one plain query and a Python sort."""
    conn = connect(path)
    rows = conn.execute(
        "SELECT s.id, s.project_id, s.updated_at, p.updated_at, c.status, c.next_steps, "
        " coalesce(s.title, c.title), (SELECT count(*) FROM snapshots n WHERE n.session_id = s.id) "
        "FROM sessions s JOIN checkpoints c ON c.session_id = s.id "
        "JOIN projects p ON p.id = s.project_id"
    ).fetchall()
    conn.close()
    rows = [r for r in rows if r[4] in statuses and (project is None or r[1] == project)]
    rows.sort(key=lambda r: (r[2], r[0]), reverse=True)
    if group == "status":
        rows.sort(key=lambda r: statuses.index(r[4]))
    else:
        rows.sort(key=lambda r: (r[3], r[1]), reverse=True)
    return [(r[0], r[4], r[6], r[7]) for r in rows]


def all_pages(svc, statuses, group, project=None, limit=4):
    page = board(svc, statuses, group=group, project_id=project, limit=limit)
    rows, total = list(page.rows), page.total
    while page.cursor is not None:
        page = board(svc, statuses, group=group, project_id=project, after=page.cursor, limit=limit)
        rows += page.rows
    return rows, total


@pytest.mark.parametrize("group", ["status", "project"])
@pytest.mark.parametrize("statuses", [("in_progress", "blocked"), ("blocked", "weird", "done")])
def test_board_matches_a_direct_query(board_store, group, statuses):
    svc = open_service(board_store, read_only=True)
    want = direct(board_store, list(statuses), group)
    rows, total = all_pages(svc, statuses, group)
    assert [(r.session_id, r.status, r.title, r.snapshot_count) for r in rows] == want
    assert total == len(want) > 4
    rows, _ = all_pages(svc, statuses, group, project="p2", limit=2)
    assert [r.session_id for r in rows] == [
        w[0] for w in direct(board_store, list(statuses), group, "p2")
    ]
    svc.close()


def test_board_rows_carry_blockers_and_the_first_next_step(board_store):
    svc = open_service(board_store, read_only=True)
    rows, _ = all_pages(svc, tuple(STATUSES), "status", limit=50)
    by_id = {r.session_id: r for r in rows}
    cp = svc.current("s0-1").checkpoint
    assert by_id["s0-1"].blockers == cp.blockers
    assert by_id["s0-1"].next_step == (cp.nextSteps[0] if cp.nextSteps else None)
    # a damaged list column is named, never shown as a step or a crash
    assert by_id["s1-1"].next_step is None and by_id["s1-1"].damaged == ("nextSteps",)
    assert "s0-8" not in by_id
    svc.close()


def test_board_command_line(board_store, capsys):
    assert main(["board", "--db", str(board_store), "--json", "--status", "blocked"]) == 0
    data = json.loads(capsys.readouterr().out)
    want = direct(board_store, ["blocked"], "status")
    assert [i["session"] for i in data["items"]] == [w[0] for w in want]
    assert data["total"] == len(want)
    assert main(["board", "--db", str(board_store), "--project", "p1", "--group", "project"]) == 0
    out = capsys.readouterr().out
    assert "s1-" in out and "s0-" not in out
    assert main(["board", "--db", str(board_store), "--status", ","]) == 1
    assert "at least one status" in capsys.readouterr().err


def test_parse_statuses_refuses_hostile_text():
    assert parse_statuses(None) == ("in_progress", "blocked")
    with pytest.raises(CkptError):
        parse_statuses("\x1b[31m")
