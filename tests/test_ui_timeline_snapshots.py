"""The timeline of the demo's session with a manual snapshot, a restore and
an undo, as SVG snapshots at 80×24 and 160×45 (frozen clock), and the
project activity view."""

from __future__ import annotations

import pytest

from tests.ui_support import FROZEN_NOW, demo_db, make_app, settle


@pytest.fixture(autouse=True)
def _frozen(frozen_clock):
    frozen_clock(FROZEN_NOW)


def open_timeline(session_id: str, *keys: str):
    async def run(pilot):
        from ckpt_tui.ui.screens.timeline import TimelineScreen

        app = pilot.app
        await settle(pilot)
        screen = TimelineScreen(app.service, app.service.session(session_id))
        await app.push_screen(screen)
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
        await settle(pilot)
        await pilot.pause(0.2)  # the selection line is drawn once the key rests (80 ms)

    return run


def test_timeline_80x24(snap_compare):
    app = make_app(demo_db("timeline-80"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_timeline("ses_acme_api_01"))


def test_timeline_160x45_moved_to_the_restore(snap_compare):
    app = make_app(demo_db("timeline-160"))
    run = open_timeline("ses_acme_api_01", "left", "left")
    assert snap_compare(app, terminal_size=(160, 45), run_before=run)


def test_project_activity_160x45(snap_compare):
    async def run(pilot):
        from ckpt_tui.ui.screens.timeline import ProjectActivityScreen

        app = pilot.app
        await settle(pilot)
        await app.push_screen(
            ProjectActivityScreen(app.service, app.service.project("prj_acme_api"))
        )
        await settle(pilot)

    app = make_app(demo_db("activity-160"))
    assert snap_compare(app, terminal_size=(160, 45), run_before=run)
