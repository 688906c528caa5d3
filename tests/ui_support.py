"""Shared pieces of the UI tests: a demo store in the test's own home, a
frozen clock, and waiting for the app's workers instead of sleeping."""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path

from ckpt_tui.core.demo import build_demo
from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp

FROZEN_NOW = "2026-11-29T12:00:00.000Z"
SIZE = (140, 40)


def home_dir(name: str) -> Path:
    """``~/name`` in the test's own home: conftest points ``HOME`` at a fresh
    temporary folder for every test, and the app shows paths under home as
    ``~/...``, so snapshot SVGs read ``~/name/checkpoints.db`` whatever the
    temporary folder is, and two runs on one machine never share a folder."""
    path = Path.home() / name
    path.mkdir(parents=True)
    return path


def demo_db(name: str) -> Path:
    return Path(build_demo(home_dir(name), seed=7)["db"])


def make_app(db: Path, *, read_only: bool = False) -> CkptApp:
    return CkptApp(open_service(db, read_only=read_only), poll=False)


async def settle(pilot, rounds: int = 12) -> None:
    """Let workers finish and their results land, until nothing is running."""
    from textual.worker import WorkerCancelled, WorkerFailed

    from ckpt_tui.ui.widgets.lists import SnapshotList

    app = pilot.app

    def quiet() -> bool:
        if any(w.is_running for w in app.workers) or not getattr(app, "activity_loaded", True):
            return False
        lists = [w for s in app.screen_stack for w in s.query(SnapshotList)]
        return not any(lst._summary_pending for lst in lists)

    for _ in range(rounds * 4):
        for worker in list(app.workers):
            try:
                await worker.wait()
            except (WorkerCancelled, WorkerFailed):
                pass  # superseded by a newer one (exclusive), or reported by the app
        await pilot.pause()
        if quiet():
            await pilot.pause()
            if quiet():
                return


def drawn_lines(widget) -> list[str]:
    """What ``widget`` draws now, line by line, its border included: its
    lines as Textual's compositor asks for them (``render_lines``)."""
    from textual.geometry import Region

    width, height = widget.outer_size
    return [
        "".join(segment.text for segment in strip)
        for strip in widget.render_lines(Region(0, 0, width, height))
    ]


def run_async(test):
    """Run an ``async def`` test with ``asyncio.run`` (no pytest plugin needed)."""

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return wrapper


ALPHA = "09a5b575cf1dd75baa9d884ca52ed84b20c56c8c"
FLAKY = "ses_35239657fffeznS705wyypb2gi"  # "Fix flaky login test", 4 messages


def opencode_world(name: str) -> tuple[Path, Path]:
    """A checkpoint store beside a copy of the opencode fixture: one session
    both know (with two snapshots inside its conversation), one session
    opencode no longer has."""
    from ckpt_tui.core.model import Checkpoint
    from tests.factory import (
        add_project,
        add_session,
        add_snapshot,
        connect,
        new_store,
        set_checkpoint,
    )
    from tests.opencode_fixture import copy_fixture

    root = home_dir(name)
    data = copy_fixture(root / "opencode")
    db = new_store(root / "checkpoints.db")
    conn = connect(db)
    add_project(conn, ALPHA, "/tmp/ocfix/work/alpha", at="2026-03-02T09:00:00.000Z")
    add_session(conn, FLAKY, ALPHA, title=None, at="2026-03-02T09:09:00.000Z")
    add_session(conn, "ses_gone_0001", ALPHA, title="Deleted in opencode", at="2026-03-01T08:00:00.000Z")
    first = Checkpoint(objective="Fix the flaky login test", nextSteps=("read the test",))
    second = Checkpoint(objective="Fix the flaky login test", status="done",
                        completedSteps=("read the test", "freeze the clock"))
    set_checkpoint(conn, FLAKY, ALPHA, second, at="2026-03-02T09:08:00.000Z")
    add_snapshot(conn, FLAKY, ALPHA, "after-diagnosis", first.to_payload(), "manual",
                 at="2026-03-02T09:05:00.000Z")
    add_snapshot(conn, FLAKY, ALPHA, "auto-1772442475000-11", second.to_payload(), "auto",
                 at="2026-03-02T09:07:55.000Z")
    set_checkpoint(conn, "ses_gone_0001", ALPHA, first)
    conn.close()
    return db, data


def make_opencode_app(db: Path, data: Path) -> CkptApp:
    return CkptApp(open_service(db), poll=False, opencode_data=str(data))


def press_settled(*keys):
    """A snapshot test's ``run_before``: settle, then each key and settle."""

    async def run(pilot):
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)

    return run


async def into_snapshots(pilot) -> None:
    """The demo store's first session's snapshots, focused and settled."""
    await settle(pilot)
    for key in ("enter", "enter"):
        await pilot.press(key)
        await settle(pilot)
    main = pilot.app.main
    assert pilot.app.focused is main.snapshots and len(main.snapshots.rows) >= 4
