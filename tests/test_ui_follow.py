"""The follow screen (``w``), the timeline (``t``) and a project's activity,
driven as a person drives them (Pilot), with a plugin-like writer saving
beside the app; conditions are polled with a deadline, never slept on."""

from __future__ import annotations

import time

import pytest

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp
from ckpt_tui.ui.screens.follow import FeedList, FollowScreen
from tests.factory import PluginWriter, add_session, basic_store, connect, set_checkpoint
from tests.ui_support import run_async, settle


def two_sessions(path):
    basic_store(path)
    conn = connect(path)
    old = "2026-10-01T00:00:00.000Z"  # older than s1: s1 is the first row
    add_session(conn, "s2", "p1", title="Other", at=old)
    set_checkpoint(conn, "s2", "p1", Checkpoint(objective="other"), at=old)
    conn.close()
    return path


async def until(pilot, condition, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.05)


def notices(app) -> list[tuple[str, str, str]]:
    return [(n.severity, n.title, n.text) for n in app.notices.notices]


@run_async
async def test_follow_receives_saves_and_says_blocked(tmp_path):
    db = two_sessions(tmp_path / "c.db")
    app = CkptApp(open_service(db), poll=False, read_opencode=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # the sessions pane: s1 is selected
        await settle(pilot)
        await pilot.press("w")
        await until(
            pilot, lambda: isinstance(app.screen, FollowScreen) and app.screen.watcher.started
        )
        screen = app.screen
        assert screen.session.id == "s1"
        writer = PluginWriter(db)
        writer.save("s1", status="in_progress", nextSteps=["a", "b", "c"])
        writer.save("s2", objective="not followed")
        await until(pilot, lambda: screen.feed.total == 1)
        writer.save("s1", status="blocked", blockers=["waiting on review"])
        await until(pilot, lambda: screen.feed.total == 2)
        feed = screen.query_one(FeedList)
        newest = feed.rows[0]
        assert newest.line() == "status in progress → blocked  +1 blocker"
        assert [e.session_id for e in feed.rows] == ["s1", "s1"]
        assert ("warning", "Blocked", "A session: now blocked") in notices(app)
        assert "Following A session (s1)" in str(screen.query_one("#following").render())
        # enter: the diff of that save, before → it
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "DiffScreen")
        assert (app.screen.old, app.screen.new) == (newest.previous_id, newest.snapshot_id)


@run_async
async def test_follow_every_session_and_the_bell(tmp_path):
    db = two_sessions(tmp_path / "c.db")
    app = CkptApp(open_service(db), poll=False, read_opencode=False)
    rang = []
    app.bell = lambda: rang.append(1)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        screen = FollowScreen(app.service, None, bell=True)
        await app.push_screen(screen)
        await until(pilot, lambda: screen.watcher.started)
        writer = PluginWriter(db)
        writer.save("s2", status="done")
        writer.save("s1", summary="x")
        await until(pilot, lambda: screen.feed.total == 2)
        assert [e.session_id for e in screen.feed.rows] == ["s1", "s2"]
        assert ("information", "Done", "Other: now done") in notices(app)
        assert rang == [1]


@run_async
async def test_W_follows_every_session_and_t_opens_the_timeline(tmp_path):
    from ckpt_tui.ui.screens.timeline import ProjectActivityScreen, TimelineScreen

    db = two_sessions(tmp_path / "c.db")
    app = CkptApp(open_service(db), poll=False, read_opencode=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        await pilot.press("W")
        await until(pilot, lambda: isinstance(app.screen, FollowScreen))
        assert app.screen.session is None
        await pilot.press("escape")
        await pilot.press("t")  # the projects pane: the project's activity
        await until(pilot, lambda: isinstance(app.screen, ProjectActivityScreen))
        await pilot.press("escape")
        await pilot.press("2", "t")
        await until(pilot, lambda: isinstance(app.screen, TimelineScreen) and app.screen.timeline)
        screen = app.screen
        assert [p.name for p in screen.timeline.points] == ["first", "second", "current checkpoint"]
        assert screen.selected == 2
        await pilot.press("left")
        assert screen.selected == 1
        await pilot.press("d")
        await until(pilot, lambda: type(app.screen).__name__ == "DiffScreen")
        assert (app.screen.old, app.screen.new) == (screen.timeline.points[1].snapshot_id, None)


@pytest.fixture(autouse=True)
def _frozen(frozen_clock):
    frozen_clock("2026-11-29T12:00:00.000Z")


@run_async
async def test_a_store_that_cannot_be_read_is_said_once(tmp_path):
    from ckpt_tui.errors import CkptError

    db = two_sessions(tmp_path / "c.db")
    app = CkptApp(open_service(db), poll=False, read_opencode=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        screen = FollowScreen(app.service, None)
        looks = []

        def failing():
            looks.append(1)
            raise CkptError("database is locked")

        screen.watcher.poll = failing
        await app.push_screen(screen)
        await until(pilot, lambda: len(looks) >= 4)
        said = [n for n in notices(app) if "database is locked" in n[2]]
        assert len(said) == 1 and said[0][0] == "error"
