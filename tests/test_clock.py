"""The clock is an object the demo and the tests set, not the environment."""

from __future__ import annotations

from datetime import UTC, datetime

from ckpt_tui import timeutil


def test_fixed_clock_and_back():
    moment = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
    with timeutil.clock.fixed(moment):
        assert timeutil.now() == moment
        assert timeutil.now_iso() == "2026-11-29T12:00:00.000Z"
    assert abs((timeutil.now() - datetime.now(UTC)).total_seconds()) < 60


def test_environment_does_not_set_the_time(monkeypatch):
    monkeypatch.setenv("CKPT_TUI_FROZEN_NOW", "2001-01-01T00:00:00.000Z")
    assert timeutil.now().year != 2001
