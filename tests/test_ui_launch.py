"""Launch to a settled screen (issue 12): the first frame is the whole
screen, and nothing is laid out or drawn again after it until something
changes. Textual acted on the requests the first layout had already met
(the widgets' flags set while mounting and sizing them, the screen's own)
with a second layout and two full frames ~20 ms later, and styled the
whole screen a second time at its first resume, before that frame."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet
from textual.screen import Screen

from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp
from ckpt_tui.ui.screens.main import PANES_PERCENT, MainScreen
from tests.ui_support import SIZE, demo_db, run_async, settle


def _launched(db, frames: list[int]):
    """The app as ``ckpt-tui`` starts it: the first pages read before it runs."""

    class Counted(CkptApp):
        def post_display_hook(self) -> None:
            frames.append(1)

    service = open_service(db)
    return Counted(service, first=service.first_screen(summaries=SIZE[1] // 2), poll=False)


@run_async
async def test_the_first_frame_is_the_only_one_until_something_changes(monkeypatch):
    layouts: list[Screen] = []
    real = Screen._refresh_layout

    def counted(screen, *args, **kwargs):
        layouts.append(screen)
        return real(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    frames: list[int] = []
    app = _launched(demo_db("launch_frames"), frames)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.main
        assert isinstance(app.screen, MainScreen)
        assert [s for s in layouts if s is main] == [main]  # one layout: the first frame's
        assert len(frames) == 1, frames
        # a change after it is still drawn: the detail pane follows the cursor
        await pilot.press("j")
        await settle(pilot)
        assert len(frames) > 1
        assert main.detail.border_title and main.projects.cursor == 1


@run_async
async def test_the_first_resume_does_not_style_the_screen_again(monkeypatch):
    styled: list[object] = []
    real = Stylesheet.update_nodes

    def counted(stylesheet, nodes, *args, **kwargs):
        nodes = list(nodes)
        styled.extend(nodes)
        return real(stylesheet, nodes, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    frames: list[int] = []
    app = _launched(demo_db("launch_styles"), frames)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.main not in styled  # only the focused list, restyled for its focus
        assert app.main.projects in styled


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


def _launch_args(db) -> object:
    from ckpt_tui.cli.main import build_parser

    argv = ["--db", str(db)]
    return build_parser(argv).parse_args(argv)


def test_no_collection_runs_from_the_launch_to_the_first_frame():
    """``ui/collector.py``: the collector is paused while ``ckpt-tui``
    imports the app, reads the first screen and draws it; after the first
    frame what exists is frozen and the collector runs again."""
    import gc

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

    args = _launch_args(demo_db("launch_gc"))
    frozen = gc.get_freeze_count()
    gc.callbacks.append(counted)
    try:
        assert run_app(args, make_app_class=make_app_class) == 0
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
