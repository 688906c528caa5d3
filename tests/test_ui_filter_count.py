"""A filter's count that stopped at its bound shows as "N+" (issue 12)."""

from __future__ import annotations

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.store import filters
from ckpt_tui.ui.widgets.lists import SnapshotList
from tests.factory import add_snapshot, connect
from tests.ui_support import make_app, run_async, settle


@run_async
async def test_a_bounded_filter_count_shows_a_plus(store_path, monkeypatch):
    monkeypatch.setattr(filters, "FILTER_COUNT_BOUND", 10)
    monkeypatch.setattr(SnapshotList, "PAGE_SIZE", 5)
    conn = connect(store_path)
    for n in range(120):
        payload = Checkpoint(notes=f"needle {n}").to_payload()
        add_snapshot(
            conn, "s1", "p1", f"n{n:03d}", payload, at=f"2026-11-02T10:00:{n % 60:02d}.{n:03d}Z"
        )
    conn.close()
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        for key in ("enter", "enter", "slash", *"needle", "enter"):
            await pilot.press(key)
        await settle(pilot)
        snapshots = app.main.snapshots
        assert snapshots.filter_text == "needle"
        assert 5 <= len(snapshots.rows) < 120
        assert "(10+)" in snapshots._border_title.plain
        await pilot.press("slash", *"needle 11", "enter")  # needle 11, 110..119: 11 rows
        await settle(pilot)
        assert len(snapshots.rows) == 11
        assert "(11)" in snapshots._border_title.plain
