"""The main screen's key bar as a person sees it (issue 11: what a key acts
on, what undo will do, read-only), as SVG snapshots at 80×24 and 120×35."""

from __future__ import annotations

import pytest

from tests.ui_support import FROZEN_NOW, demo_db, make_app, press_settled, settle


@pytest.fixture(autouse=True)
def _frozen(frozen_clock):
    frozen_clock(FROZEN_NOW)


def test_keybar_dimmed_projects_80x24(snap_compare):
    """The projects pane has the focus: the session keys are dimmed."""
    app = make_app(demo_db("keybar-projects"))
    assert snap_compare(app, terminal_size=(80, 24), run_before=press_settled())


def test_keybar_dimmed_detail_current_120x35(snap_compare):
    """The detail pane shows the current checkpoint: d and r are dimmed."""
    app = make_app(demo_db("keybar-detail"))
    assert snap_compare(app, terminal_size=(120, 35), run_before=press_settled("2", "4"))


def test_keybar_undo_label_120x35(snap_compare, monkeypatch):
    """After a restore the key bar says what u takes back."""
    from ckpt_tui.store import writes

    made = writes.generated_name

    def same_every_run(kind: str, at: str | None = None) -> str:
        # the whole name shows: its pid and sequence (SPEC 5.2) fixed here
        return made(kind, at).rsplit("-", 1)[0] + "-42431"

    monkeypatch.setattr(writes, "generated_name", same_every_run)
    app = make_app(demo_db("keybar-undo"))
    restore = press_settled("3", "j", "r", "y", "2")

    async def run(pilot):
        await restore(pilot)
        app.clear_notifications()  # the restore's message: not what this shows
        await settle(pilot)

    assert snap_compare(app, terminal_size=(120, 35), run_before=run)


def test_keybar_dimmed_read_only_120x35(snap_compare):
    """Read-only: r, n, u and ctrl+r are dimmed, not offered and then refused."""
    app = make_app(demo_db("keybar-read-only"), read_only=True)
    assert snap_compare(app, terminal_size=(120, 35), run_before=press_settled("2", "3"))
