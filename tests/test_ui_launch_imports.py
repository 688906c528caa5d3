"""What the app imports before its first frame (issue 12: the first frame
at most 1.3x a minimal Textual app's). The diff engine is imported later,
by the warm-up worker (``CkptApp._warm_imports``) or the first key that
needs it; the first screen's change summaries count without it."""

from __future__ import annotations

import ast
import subprocess
import sys

from ckpt_tui.core.model import Checkpoint
from tests.factory import add_snapshot, basic_store, connect

#: Not before the first frame: the diff engine (six NamedTuples, 1.5 ms),
#: and the core's write side (``Service.undo_redo`` is made on first use,
#: the write modules imported by the first plan or write).
DEFERRED = (
    "ckpt_tui.core.diff",
    "ckpt_tui.core.checkpoint_writes",
    "ckpt_tui.core.undo_redo",
    "ckpt_tui.core.handoff_steps",
    "ckpt_tui.core.manual_snapshots",
)


def test_the_first_screen_with_its_summaries_imports_no_diff_engine(tmp_path):
    db = basic_store(tmp_path / "c.db")
    conn = connect(db)
    # after "second" (next: b, c): a step added, then reworded (the summary walk pairs them)
    for name, steps, at in (
        ("third", ("b", "c", "write the tests"), "2026-11-01T10:03:00.000Z"),
        ("fourth", ("b", "c", "write the tests first"), "2026-11-01T10:04:00.000Z"),
    ):
        payload = Checkpoint(objective="two", status="done", nextSteps=steps).to_payload()
        add_snapshot(conn, "s1", "p1", name, payload, at=at)
    conn.close()
    code = (
        "import sys\n"
        "from ckpt_tui.core.service import open_service\n"
        "import ckpt_tui.ui.app, ckpt_tui.ui.launch\n"
        f"first = open_service({str(db)!r}).first_screen(summaries=20)\n"
        "print(repr(sorted(first.summaries.values())), file=sys.stderr)\n"
        f"print(repr([m for m in {DEFERRED!r} if m in sys.modules]), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    *_, lines, loaded = result.stderr.strip().splitlines()
    assert {"+1 next", "~1 next"} <= set(ast.literal_eval(lines))  # the walk paired them
    assert ast.literal_eval(loaded) == []


#: Not before the first frame either: the workflows of ``ui/flows/`` (and
#: the dialogs they open), the messages screen (``M``), the settings writer
#: and the filter line (mounted on the first ``/``): imported where a key or
#: a message first needs them.
DEFERRED_UI = (
    "ckpt_tui.ui.flows.adopt",
    "ckpt_tui.ui.flows.handoff",
    "ckpt_tui.ui.flows.previews",
    "ckpt_tui.ui.flows.snapshot",
    "ckpt_tui.ui.flows.writes",
    "ckpt_tui.ui.screens.dialog",
    "ckpt_tui.ui.screens.notices",
    "ckpt_tui.ui.screens.prompt",
    "ckpt_tui.ui.settings",
    "ckpt_tui.core.config_write",
    "ckpt_tui.ui.widgets.filter_line",
)


def test_the_first_frame_imports_no_workflow_dialog_or_filter_line(tmp_path):
    """The app shown (headless) with its first screen read as the launcher
    reads it: none of ``DEFERRED_UI`` is imported; ``/`` then mounts the
    filter line (its import where it is first needed works)."""
    db = basic_store(tmp_path / "c.db")
    code = (
        "import asyncio, sys\n"
        "from ckpt_tui.core.service import open_service\n"
        "from ckpt_tui.ui.app import CkptApp\n"
        f"service = open_service({str(db)!r})\n"
        "first = service.first_screen(summaries=20)\n"
        "app = CkptApp(service, poll=False, read_opencode=False, first=first)\n"
        "async def main():\n"
        "    async with app.run_test(size=(120, 35)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert app.main.projects.rows, 'the first screen is shown'\n"
        f"        print(repr([m for m in {DEFERRED_UI!r} if m in sys.modules]), file=sys.stderr)\n"
        "        await pilot.press('3', 'slash')\n"
        "        await pilot.pause()\n"
        "        print(repr(type(app.focused).__name__), file=sys.stderr)\n"
        "asyncio.run(main())\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    *_, loaded, focused = result.stderr.strip().splitlines()
    assert ast.literal_eval(loaded) == []
    assert ast.literal_eval(focused) == "FilterLine"
