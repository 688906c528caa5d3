"""The debug log: off by default (no file, nothing wrapped), ``--debug`` or
``$CKPT_TUI_LOG`` write store calls, timings and conflicts; an unexpected
error in the app is logged with its traceback and the notification says where."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ckpt_tui import debuglog
from ckpt_tui.cli.main import main
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import Conflict
from tests.factory import PluginWriter
from tests.ui_support import make_app, run_async, settle


@pytest.fixture(autouse=True)
def _log_off():
    yield
    debuglog.disable()


def state_log() -> Path:
    return Path(os.environ["CKPT_TUI_STATE"]) / "ckpt-tui.log"


def test_nothing_is_written_or_wrapped_when_off(store_path, capsys):
    assert main(["list", "projects", "--db", str(store_path)]) == 0
    assert not state_log().exists()
    svc = open_service(store_path)
    assert "projects" not in vars(svc), "no wrapper on the instance when the log is off"
    svc.close()


def test_debug_logs_store_calls_with_timings(store_path, capsys):
    assert main(["list", "projects", "--db", str(store_path), "--debug"]) == 0
    text = state_log().read_text(encoding="utf-8")
    assert "ckpt_tui.service DEBUG all_projects()" in text  # one plain-SQL read (issue 10)
    assert " ms" in text


def test_the_environment_variable_picks_the_file(store_path, tmp_path, monkeypatch, capsys):
    target = tmp_path / "elsewhere" / "debug.log"
    monkeypatch.setenv("CKPT_TUI_LOG", str(target))
    assert main(["--db", str(store_path), "list", "sessions"]) == 0
    assert "sessions(" in target.read_text(encoding="utf-8")
    assert not state_log().exists()


def test_a_conflict_is_logged(store_path):
    debuglog.enable()
    svc = open_service(store_path)
    plan = svc.plan_restore("s1", "first")
    writer = PluginWriter(store_path)
    writer.save("s1", notes="saved meanwhile")
    writer.close()
    with pytest.raises(Conflict):
        svc.apply(plan)
    svc.close()
    text = state_log().read_text(encoding="utf-8")
    assert "ckpt_tui.service WARNING apply(" in text and "conflict after" in text


def test_log_exception_writes_the_traceback_even_when_off():
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        path = debuglog.log_exception(exc, "while testing")
    assert path == state_log()
    text = path.read_text(encoding="utf-8")
    assert "while testing" in text and "Traceback" in text and "RuntimeError: boom" in text


@run_async
async def test_an_unexpected_worker_error_is_logged_and_notified(store_path, monkeypatch):
    """A write failing with an error that is not the store's is logged and
    shown, the app goes on, and the write's "waiting for the store" timer
    is stopped, as every other end of a write stops it: left running, it
    said the app was waiting forever, and when it fired while the app was
    closing it found no main screen and broke the app (the timer belongs
    to the main screen, so it goes with it)."""
    from textual.message_pump import MessagePump
    from textual.timer import Timer

    from ckpt_tui.ui.flows import writes

    started: list[tuple[object, Timer]] = []
    stopped: set[int] = set()
    set_timer, stop = MessagePump.set_timer, Timer.stop

    def recorded_set_timer(self, delay, *args, **kwargs):
        timer = set_timer(self, delay, *args, **kwargs)
        if delay == writes.BUSY_NOTICE_SECONDS:
            started.append((self, timer))
        return timer

    def recorded_stop(self):
        stopped.add(id(self))
        return stop(self)

    monkeypatch.setattr(MessagePump, "set_timer", recorded_set_timer)
    monkeypatch.setattr(Timer, "stop", recorded_stop)
    app = make_app(store_path)

    def broken():
        raise ZeroDivisionError("division by zero in a worker")

    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        app._run_write(broken)
        await settle(pilot)
        # the full text (M): the toast's one row may cut the log's long path
        messages = [n.text for n in app.notices.notices]
        assert any(
            "ZeroDivisionError" in m and f"traceback in {state_log()}" in m for m in messages
        ), messages
        assert app.is_running, "a worker's error does not end the app"
        [(owner, busy)] = started
        assert id(busy) in stopped, "the busy notice still runs after the write ended"
        assert owner is app.main
    text = state_log().read_text(encoding="utf-8")
    assert "Traceback" in text and "in broken" in text


@run_async
async def test_an_unexpected_error_outside_a_worker_ends_the_app_and_is_logged(store_path):
    app = make_app(store_path)

    def broken():
        raise ZeroDivisionError("division by zero in a handler")

    with pytest.raises(ZeroDivisionError):
        async with app.run_test(size=(140, 40)) as pilot:
            await settle(pilot)
            app.call_later(broken)
            await settle(pilot)
    assert app.return_code == 1 and app.crash_log == state_log()
    assert "in broken" in state_log().read_text(encoding="utf-8")


def test_debug_says_where_the_log_is(store_path, capsys):
    assert main(["list", "projects", "--db", str(store_path), "--debug"]) == 0
    err = capsys.readouterr().err
    assert err == f"ckpt-tui: debug log: {state_log()}\n"


def test_the_log_is_rotated(store_path, monkeypatch, capsys):
    monkeypatch.setattr(debuglog, "MAX_BYTES", 300)
    for _ in range(12):
        assert main(["list", "projects", "--db", str(store_path), "--debug"]) == 0
        debuglog.disable()
    logs = sorted(p.name for p in state_log().parent.glob("ckpt-tui.log*"))
    assert logs == ["ckpt-tui.log", "ckpt-tui.log.1", "ckpt-tui.log.2", "ckpt-tui.log.3"]
    assert all(p.stat().st_size <= 2000 for p in state_log().parent.glob("ckpt-tui.log*"))
    # an unexpected error is written (and rotated) with the log off too
    for _ in range(40):
        assert debuglog.log_exception(ValueError("x" * 200), "while testing") == state_log()
    assert state_log().stat().st_size <= 2000
