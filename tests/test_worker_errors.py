"""One place turns an unexpected exception in any worker into a one-line
notification and a log entry; the app keeps running (issue 10)."""

from __future__ import annotations

from ckpt_tui import debuglog
from tests.ui_support import make_app, run_async, settle


@run_async
async def test_a_worker_that_raises_is_a_notification_and_the_app_keeps_running(
    store_path, monkeypatch
):
    app = make_app(store_path)

    def broken(*_args, **_kwargs):
        raise RuntimeError("boom\nsecond line of a long story")

    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(app.service, "current", broken)
        await pilot.press("enter")  # sessions: the detail worker reads the checkpoint
        await settle(pilot)
        errors = [n.message for n in app.notices.shown() if n.severity == "error"]
        assert len(errors) == 1
        assert errors[0].startswith("Unexpected error: RuntimeError: boom second line")
        assert "\n" not in errors[0]
        logged = debuglog.log_path().read_text(encoding="utf-8")
        assert "RuntimeError: boom" in logged and "Traceback" in logged
        # Still running and answering keys: the snapshots pane takes the focus.
        assert app.is_running and app.return_code is None
        await pilot.press("3")
        await settle(pilot)
        assert app.screen.focused is app.main.snapshots

