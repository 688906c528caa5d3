"""The demo brings opencode's own data for its sessions, so that the app
opened by ``make demo`` shows conversations, nesting, archive markers and
opencode-only sessions instead of marking every demo session ``gone``."""

from __future__ import annotations

import sqlite3

from ckpt_tui.core.activity import Activity
from ckpt_tui.core.demo import build_demo
from ckpt_tui.core.demo_opencode import ARCHIVED, OPENCODE_ONLY
from ckpt_tui.core.service import open_service


def test_every_demo_session_is_known_to_the_demo_opencode(tmp_path):
    result = build_demo(tmp_path / "demo", seed=7)
    activity = Activity.load(result["opencode"])
    assert activity.readable and not activity.warnings
    svc = open_service(result["db"])
    try:
        conn = sqlite3.connect(result["db"])
        ids = [r[0] for r in conn.execute("SELECT id FROM sessions WHERE id NOT LIKE 'legacy::%'")]
        parents = dict(conn.execute("SELECT id, parent_id FROM sessions"))
        conn.close()
        assert ids and all(sid in activity.sessions for sid in ids)
        children = [sid for sid in ids if parents[sid]]
        assert children, "the demo store has child sessions"
        for sid in children:
            assert activity.sessions[sid].parent_id == parents[sid]
        assert activity.sessions[ARCHIVED].archived
        only = activity.opencode_only(OPENCODE_ONLY[1], set(ids))
        assert [row.id for row in only] == [OPENCODE_ONLY[0]]
        page = activity.conversation_page("ses_acme_api_01", None, 50)
        roles = [m.role for m in page.messages]
        assert len(roles) >= 4 and roles[:2] == ["user", "assistant"]
    finally:
        svc.close()


def test_the_demo_opencode_is_rewritten_with_force(tmp_path):
    first = build_demo(tmp_path / "demo", seed=7)
    again = build_demo(tmp_path / "demo", seed=7, force=True)
    assert first["opencode"] == again["opencode"]
    conn = sqlite3.connect(again["opencode"] + "/opencode.db")
    (sessions,) = conn.execute("SELECT count(*) FROM session").fetchone()
    conn.close()
    assert sessions == len(Activity.load(again["opencode"]).sessions)
