"""An undo ckpt-tui cannot tell the fields of (the session's newest
pre-restore snapshot is none of its steps: the plugin restored, or the
journal lost the step) opens the preview with the candidates in its picker,
none ticked, and writes nothing until fields are ticked; ``y`` before that
says why, and the key bar does not offer it."""

from __future__ import annotations

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.ui.screens.plan import PlanScreen
from tests.factory import add_snapshot, connect
from tests.test_ui_flows import checkpoint
from tests.test_ui_keys import bar, messages, press
from tests.ui_support import make_app, run_async, settle


def restored_by_the_plugin(db) -> None:
    """A pre-restore snapshot the journal knows nothing of."""
    conn = connect(db)
    before = Checkpoint(objective="before", status="blocked", nextSteps=("a", "b"))
    add_snapshot(conn, "s1", "p1", "pre-restore-1", before.to_payload(), "pre-restore",
                 at="2026-11-01T10:03:00.000Z")
    conn.commit()
    conn.close()


@run_async
async def test_the_undo_asks_which_fields_and_writes_nothing_until_ticked(store_path):
    restored_by_the_plugin(store_path)
    before = checkpoint(store_path)
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "u")
        screen = app.screen
        assert isinstance(screen, PlanScreen), "the candidates are shown, not an error"
        fields = screen.query_one("#fields")
        assert [o.value for o in fields.options] == ["objective", "status"]
        assert list(fields.selected) == [], "nothing ticked"
        assert "y Confirm" not in bar(app)
        await press(pilot, "y")
        assert checkpoint(store_path) == before, "nothing written"
        assert any("nothing is written until fields are ticked" in m for m in messages(app))
        await press(pilot, "j", "space")  # Status only
        assert screen.plan is not None and screen.plan.keys == ("status",)
        assert "y Confirm" in bar(app)
        await press(pilot, "y")
        row = checkpoint(store_path)
        assert (row["objective"], row["status"]) == (before["objective"], "blocked")
