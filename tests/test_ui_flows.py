"""Keyboard flows through the app, checked against the database afterwards."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.ui_support import make_app, run_async, settle

ROOT = Path(__file__).resolve().parents[1]


def checkpoint(db: Path) -> dict:
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    row = dict(conn.execute("SELECT * FROM checkpoints WHERE session_id='s1'").fetchone())
    conn.close()
    return row


def snapshot_kinds(db: Path) -> list[tuple[str, str]]:
    conn = sqlite3.connect(db)
    rows = conn.execute(
        "SELECT kind, name FROM snapshots WHERE session_id='s1' ORDER BY captured_at"
    ).fetchall()
    conn.close()
    return rows


async def open_snapshot(pilot, down: int) -> None:
    """Projects -> sessions -> snapshots, then ``down`` rows (0: newest)."""
    await settle(pilot)
    for key in ["enter", "enter"] + ["j"] * down:
        await pilot.press(key)
        await settle(pilot)


@run_async
async def test_restore_all_then_undo_then_redo(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 1)  # "first"
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        row = checkpoint(store_path)
        assert (row["objective"], row["status"], json.loads(row["blockers"])) == (
            "one", "blocked", ["x"],
        )
        assert json.loads(row["next_steps"]) == []
        assert snapshot_kinds(store_path)[-1][0] == "pre-restore"

        await pilot.press("u")
        await settle(pilot)
        row = checkpoint(store_path)
        assert (row["objective"], row["status"]) == ("start", "in_progress")
        assert json.loads(row["next_steps"]) == ["a", "b"]

        await pilot.press("ctrl+r")
        await settle(pilot)
        assert checkpoint(store_path)["objective"] == "one"


@run_async
async def test_partial_restore_only_touches_chosen_fields(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 1)
        await pilot.press("r")
        await settle(pilot)
        # The picker starts on the first changed field (objective): untick it.
        await pilot.press("space")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
    row = checkpoint(store_path)
    assert row["objective"] == "start"
    assert row["status"] == "blocked"
    assert json.loads(row["blockers"]) == ["x"]


@run_async
async def test_cancel_writes_nothing(store_path):
    before = checkpoint(store_path)
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 1)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("enter")  # focus starts on the field list: enter toggles, never writes
        await pilot.press("escape")
        await settle(pilot)
    assert checkpoint(store_path) == before
    assert [k for k, _ in snapshot_kinds(store_path)] == ["manual", "manual"]


@run_async
async def test_manual_snapshot(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 0)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press(*"before-lunch")
        await pilot.press("enter")
        await settle(pilot)
        assert ("manual", "before-lunch") in snapshot_kinds(store_path)
        assert "before-lunch" in [r.name for r in app.main.snapshots.rows]


@run_async
async def test_restore_refused_when_plugin_wrote_during_preview(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 1)
        await pilot.press("r")
        await settle(pilot)
        # Another process saves as the plugin does while the preview is open.
        script = (
            "import sys; sys.path.insert(0, sys.argv[1]);"
            "from tests.factory import PluginWriter;"
            "w = PluginWriter(sys.argv[2]); assert w.save('s1', objective='from plugin')"
        )
        subprocess.run([sys.executable, "-c", script, str(ROOT), str(store_path)], check=True)
        await pilot.press("y")
        await settle(pilot)
        assert checkpoint(store_path)["objective"] == "from plugin"
        assert [k for k, _ in snapshot_kinds(store_path)].count("pre-restore") == 0
        screen = app.screen
        assert type(screen).__name__ == "PlanScreen", "the preview stays open with the new diff"
        assert screen.plan is not None and screen.plan.before.objective == "from plugin"
        # Confirming the new preview applies it on top of the plugin's write;
        # the field the plugin saved starts unticked, so its save is kept.
        await pilot.press("y")
        await settle(pilot)
        row = checkpoint(store_path)
        assert (row["objective"], row["status"]) == ("from plugin", "blocked")
        pre = [n for k, n in snapshot_kinds(store_path) if k == "pre-restore"]
        assert len(pre) == 1


@run_async
async def test_legacy_import_adopt_and_undo_from_the_app(tmp_path):
    from ckpt_tui.core.demo import build_demo

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    conn = sqlite3.connect(db)
    before = conn.execute(
        "SELECT objective, current_plan FROM checkpoints WHERE session_id='ses_docs_01'"
    ).fetchone()
    conn.close()
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("L")
        await settle(pilot)
        statuses = [f.status for f in app.screen.files]
        for _ in range(statuses.index("importable")):
            await pilot.press("down")
        for key in ("i", "y"):
            await pilot.press(key)
            await settle(pilot)
        conn = sqlite3.connect(db)
        kinds = conn.execute(
            "SELECT kind FROM snapshots WHERE session_id='legacy::prj_docs'"
        ).fetchall()
        assert kinds == [("legacy",), ("legacy",)]
        for key in ("A", "y", "escape"):
            await pilot.press(key)
            await settle(pilot)
        adopted = conn.execute(
            "SELECT objective FROM checkpoints WHERE session_id='ses_docs_01'"
        ).fetchone()
        assert adopted == ("Versioned docs for 2.x",)
        assert app.main.session.id == "ses_docs_01", "the target is selected, so u undoes there"
        await pilot.press("u")
        await settle(pilot)
        after = conn.execute(
            "SELECT objective, current_plan FROM checkpoints WHERE session_id='ses_docs_01'"
        ).fetchone()
        conn.close()
        assert after == before


@run_async
async def test_handoff_written_from_the_app(tmp_path):
    from ckpt_tui.core.demo import build_demo

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "e")
        await settle(pilot)
        assert type(app.screen).__name__ == "HandoffScreen"
    note = tmp_path / "demo/projects/docs-site/.opencode/state/checkpoint-orchestrator/handoff-ses_docs_01.md"
    assert "Versioned docs for 3.x" in note.read_text()


@run_async
async def test_handoff_undo_and_redo_from_the_app(tmp_path):
    from ckpt_tui.core.demo import build_demo

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    note = tmp_path / "demo/projects/docs-site/.opencode/state/checkpoint-orchestrator/handoff-ses_docs_01.md"
    app = make_app(db)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "e")
        await settle(pilot)
        written = note.read_bytes()
        await pilot.press("u")  # from the hand-off screen itself
        await settle(pilot)
        assert not note.exists()
        await pilot.press("escape", "ctrl+r")
        await settle(pilot)
        assert note.read_bytes() == written


@run_async
async def test_read_only_app_writes_no_handoff(tmp_path):
    from ckpt_tui.core.demo import build_demo

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    app = make_app(db, read_only=True)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "e")
        await settle(pilot)
        assert type(app.screen).__name__ == "HandoffScreen"
        assert "read-only" in app.screen.problem
    assert not (tmp_path / "demo/projects/docs-site/.opencode/state/checkpoint-orchestrator").exists()


@run_async
async def test_previewed_undo_of_a_handoff(tmp_path):
    from ckpt_tui.core.config import Config
    from ckpt_tui.core.demo import build_demo
    from ckpt_tui.core.service import open_service
    from ckpt_tui.ui.app import CkptApp

    db = Path(build_demo(tmp_path / "demo", seed=3)["db"])
    note = tmp_path / "demo/projects/docs-site/.opencode/state/checkpoint-orchestrator/handoff-ses_docs_01.md"
    app = CkptApp(open_service(db), Config(preview_undo=True), poll=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "e")
        await settle(pilot)
        await pilot.press("escape", "u")
        await settle(pilot)
        assert type(app.screen).__name__ == "PlanScreen"
        assert note.exists(), "nothing happens before the confirm"
        await pilot.press("y")
        await settle(pilot)
    assert not note.exists()


def plugin_save(db: Path, **changes) -> None:
    """A save of the plugin from another process."""
    script = (
        "import sys, json; sys.path.insert(0, sys.argv[1]);"
        "from tests.factory import PluginWriter;"
        "w = PluginWriter(sys.argv[2]); assert w.save('s1', **json.loads(sys.argv[3]))"
    )
    subprocess.run(
        [sys.executable, "-c", script, str(ROOT), str(db), json.dumps(changes)], check=True
    )


@run_async
async def test_undo_and_redo_without_preview_include_a_save_made_meanwhile(store_path):
    """No preview (the default): the plugin saving between the app's read and its
    write is no reason to refuse; undo reverts the restore's field only."""
    app = make_app(store_path)
    app.service.restore("s1", "first", ["objective"])
    real_write = app.service.store.write
    saves = iter(range(100))

    def save_then_write(work):
        plugin_save(store_path, notes=f"plugin {next(saves)}")
        return real_write(work)

    app.service.store.write = save_then_write
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 0)
        await pilot.press("u")
        await settle(pilot)
        row = checkpoint(store_path)
        assert (row["objective"], row["notes"]) == ("start", "plugin 0")
        await pilot.press("ctrl+r")
        await settle(pilot)
        row = checkpoint(store_path)
        assert (row["objective"], row["notes"]) == ("one", "plugin 1")


@run_async
async def test_undo_preview_names_the_later_fields_it_keeps(store_path):
    """preview_undo: the preview says which fields saved since the restore stay
    as they are (the plugin's own undo would revert them), and a save during
    the preview of a field the undo does not take back is kept, with no
    second confirm."""
    from ckpt_tui.core.config import Config
    from ckpt_tui.core.service import open_service
    from ckpt_tui.ui.app import CkptApp

    app = CkptApp(open_service(store_path), Config(preview_undo=True), poll=False)
    app.service.restore("s1", "first", ["objective"])
    plugin_save(store_path, notes="saved after the restore")
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 0)
        await pilot.press("u")
        await settle(pilot)
        assert type(app.screen).__name__ == "PlanScreen"
        what = str(app.screen.query_one("#what").visual)
        assert "will change Objective" in what
        assert (
            "Kept as they are now: Notes (changed after the restore). Only the fields the "
            "restore changed, still as it left them, are reverted; the plugin's own undo "
            "would revert these too."
        ) in what
        plugin_save(store_path, status="done")
        await pilot.press("y")
        await settle(pilot)
        assert type(app.screen).__name__ == "MainScreen", "one confirm"
    row = checkpoint(store_path)
    assert (row["objective"], row["status"], row["notes"]) == (
        "start", "done", "saved after the restore",
    )
