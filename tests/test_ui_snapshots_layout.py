"""Issue 11 (points 4, 5, 7): the main screen at a small and a common
terminal size, a dialog with its own key bar, and a filter with no match."""

from __future__ import annotations

import pytest

from tests.ui_support import FROZEN_NOW, demo_db, make_app, press_settled


@pytest.fixture(autouse=True)
def _frozen(frozen_clock):
    frozen_clock(FROZEN_NOW)



ACME_SESSIONS = ("j", "j", "j", "j", "enter")


def test_main_80x24(snap_compare):
    app = make_app(demo_db("main-80x24"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=press_settled(*ACME_SESSIONS))


def test_main_120x35(snap_compare):
    app = make_app(demo_db("main-120x35"))
    assert snap_compare(app, terminal_size=(120, 35), run_before=press_settled(*ACME_SESSIONS))


def test_main_160x45(snap_compare):
    """Wide: every snapshot's whole name, its kind, a summary, age and date."""
    app = make_app(demo_db("main-160x45"))
    assert snap_compare(app, terminal_size=(160, 45), run_before=press_settled(*ACME_SESSIONS))


def test_restore_dialog_has_its_own_key_bar(snap_compare):
    app = make_app(demo_db("dialog-keys"))
    keys = (*ACME_SESSIONS, "enter", "j", "j", "j", "r")
    assert snap_compare(app, terminal_size=(100, 30), run_before=press_settled(*keys))


def test_filter_with_no_match(snap_compare):
    app = make_app(demo_db("no-match"))
    keys = ("slash", "x", "y", "z")
    assert snap_compare(app, terminal_size=(80, 24), run_before=press_settled(*keys))
