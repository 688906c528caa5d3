"""Launch to a settled screen: the first frame is the whole screen (every
pane filled, no pane-by-pane hops), and the first pages hold what fits."""

from __future__ import annotations

from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp
from ckpt_tui.ui.screens.main import PANES_PERCENT
from tests.ui_support import SIZE, demo_db, run_async, settle


def _launched(db, frames: list[int]):
    """The app as ``ckpt-tui`` starts it: the first pages read before it runs."""

    class Counted(CkptApp):
        def post_display_hook(self) -> None:
            frames.append(1)

    service = open_service(db)
    return Counted(service, first=service.first_screen(summaries=SIZE[1] // 2), poll=False)


@run_async
async def test_the_first_frame_shows_every_pane_filled():
    """The pages read before the app starts fill the three lists and the
    detail pane in the very first frame; a change after it is still drawn."""
    frames: list[tuple[int, int, int, str]] = []

    class Counted(CkptApp):
        def post_display_hook(self) -> None:
            main = self.main
            frames.append(
                (
                    len(main.projects.rows),
                    len(main.sessions.rows),
                    len(main.snapshots.rows),
                    str(main.detail.border_title),
                )
            )

    service = open_service(demo_db("launch_frames"))
    app = Counted(service, first=service.first_screen(summaries=SIZE[1] // 2), poll=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        projects, sessions, snapshots, title = frames[0]
        assert projects and sessions and snapshots, frames[0]
        assert title == "4 Project"
        drawn = len(frames)
        await pilot.press("j")
        await settle(pilot)
        assert len(frames) > drawn and app.main.projects.cursor == 1


@run_async
async def test_the_first_pages_hold_what_fits_and_the_rest_loads_as_the_cursor_moves(tmp_path):
    from ckpt_tui.ui.launch import first_page_rows
    from tests.factory import add_project, connect, new_store

    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    for i in range(150):
        add_project(conn, f"p{i:03d}", f"/work/p{i:03d}")
    conn.close()
    lines = SIZE[1] * PANES_PERCENT // 100
    rows = first_page_rows(lines)
    assert lines < rows < 150
    service = open_service(db)
    app = CkptApp(service, first=service.first_screen(limit=rows, summaries=lines), poll=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        projects = app.main.projects
        assert len(projects.rows) == rows and projects.total == 150  # nothing more read yet
        while projects.cursor < 149:  # page by page, as a person scrolls
            before = projects.cursor
            await pilot.press("pagedown")
            await settle(pilot)
            assert projects.cursor > before
        assert projects.cursor == 149 and len(projects.rows) == 150
        assert projects.highlighted.id == "p000"  # the oldest: the list is newest first


def test_no_collection_runs_from_the_launch_to_the_first_frame():
    """The collector is paused while ``ckpt-tui`` imports the app, reads
    the first screen and draws it; after the first frame what exists is
    frozen and the collector runs again."""
    import gc

    from ckpt_tui.cli.main import build_parser
    from ckpt_tui.ui.launch import run_app

    assert gc.isenabled()
    seen: dict[str, object] = {}
    collections: list[int] = []

    def counted(phase: str, info: dict) -> None:
        if phase == "start" and "frame" not in seen:
            collections.append(info["generation"])

    def make_app_class(base):
        class Headless(base):
            def run(self, **kwargs):
                return super().run(headless=True, size=SIZE)

            def post_display_hook(self) -> None:
                seen.setdefault("frame", gc.isenabled())

            def _after_first_frame(self) -> None:
                super()._after_first_frame()
                seen["after"] = (gc.isenabled(), gc.get_freeze_count())
                self.exit()

        seen["made"] = gc.isenabled()  # the app's imports are done by now
        return Headless

    argv = ["--db", str(demo_db("launch_gc"))]
    frozen = gc.get_freeze_count()
    gc.callbacks.append(counted)
    try:
        assert run_app(build_parser(argv).parse_args(argv), make_app_class=make_app_class) == 0
    finally:
        gc.callbacks.remove(counted)
        gc.unfreeze()  # the test process goes on: nothing of it stays frozen
    assert seen["made"] is False and seen["frame"] is False
    assert collections == []
    enabled, frozen_after = seen["after"]
    assert enabled and frozen_after > frozen
    assert gc.isenabled()


def test_a_store_that_cannot_open_leaves_the_collector_running(tmp_path, capsys, monkeypatch):
    """The one-line error of an unreadable store is unchanged, and the
    collector paused for the launch runs again."""
    import gc

    from ckpt_tui.cli.main import main

    path = tmp_path / "checkpoints.db"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 16)
    monkeypatch.setattr("ckpt_tui.cli.main.has_terminal", lambda: True)  # as from a shell
    assert main(["--db", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("ckpt-tui: ") and err.count("\n") == 1, err
    assert gc.isenabled()
