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
from ckpt_tui.ui.screens.main import MainScreen
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
