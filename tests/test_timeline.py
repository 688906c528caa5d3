"""A session's timeline and a project's activity per day (``core/timeline.py``)."""

from __future__ import annotations

from ckpt_tui.core.activity import Activity
from ckpt_tui.core.demo import build_demo
from ckpt_tui.core.reads import open_reader
from ckpt_tui.core.timeline import project_activity, session_timeline
from tests.factory import add_snapshot, basic_store, connect


def test_points_counts_statuses_and_damage(tmp_path):
    db = basic_store(tmp_path / "c.db")
    conn = connect(db)
    add_snapshot(
        conn, "s1", "p1", "epoch", '{"status":"blocked","nextSteps":"x"}', at=1795000000000
    )
    add_snapshot(conn, "s1", "p1", "broken", "{not json", at="2026-11-01T10:03:00.000Z")
    conn.close()
    t = session_timeline(open_reader(db), "s1")
    got = [(p.name, p.status, p.done, p.next, p.blockers) for p in t.points]
    assert got == [
        ("first", "blocked", 0, 0, 1),
        ("second", "done", 0, 2, 0),
        ("broken", None, None, None, None),  # a damaged payload: a point without figures
        ("epoch", "blocked", 0, None, 0),  # epoch ms sorts by its instant; nextSteps damaged
        ("current checkpoint", "in_progress", 0, 2, 0),
    ]


def test_demo_marks_and_cost_per_day(tmp_path, frozen_clock):
    frozen_clock("2026-11-25T12:00:00.000Z")
    paths = build_demo(tmp_path / "demo", seed=7)
    reader = open_reader(paths["db"])
    t = session_timeline(reader, "ses_acme_api_01")
    assert [(m.index, m.kind) for m in t.marks] == [(1, "manual"), (6, "restore"), (7, "undo")]
    days = project_activity(reader, "prj_acme_api", activity=Activity.load(paths["opencode"]))
    assert len(days) == 28 and days[-1].day == "2026-11-25"
    busy = {d.day: (d.saves, round(d.cost or 0, 4)) for d in days if d.saves or d.cost}
    assert busy == {"2026-11-20": (16, 0.0748), "2026-11-21": (2, 0.0184)}
    assert days[-6].sessions == {"ses_acme_api_01": 6, "ses_acme_api_02": 6, "ses_acme_api_03": 4}
    without = project_activity(reader, "prj_acme_api")
    assert all(d.cost is None for d in without)
