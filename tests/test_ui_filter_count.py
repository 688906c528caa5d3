"""A filter's count that stopped at its bound shows as "N+" (issue 12)."""

from __future__ import annotations

from ckpt_tui.core.model import Checkpoint
from ckpt_tui.store import filters
from ckpt_tui.ui.widgets.lists import SnapshotList
from tests.factory import add_snapshot, connect
from tests.ui_support import into_snapshots, make_app, run_async, settle


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


def snapshots_store(store_path, count: int) -> None:
    conn = connect(store_path)
    for n in range(count):
        payload = Checkpoint(notes=f"{'needle' if n % 10 == 0 else 'hay'} {n}").to_payload()
        add_snapshot(
            conn, "s1", "p1", f"n{n:03d}", payload, at=f"2026-11-02T10:{n // 60:02d}:{n % 60:02d}Z"
        )
    conn.close()


@run_async
async def test_esc_brings_the_whole_list_back_without_a_query(store_path, monkeypatch):
    """Clearing a filter shows the rows the list had before it at once (no
    reload of the list, no "Loading…" frame), with the cursor on the row it
    is on, as a reload would; more pages still load as the cursor goes down."""
    monkeypatch.setattr(SnapshotList, "PAGE_SIZE", 20)
    snapshots_store(store_path, 120)
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        snapshots = app.main.snapshots
        await pilot.press("slash")
        await settle(pilot)
        before = (list(snapshots.rows), snapshots.total)
        assert len(before[0]) < before[1]  # pages still to load
        await pilot.press(*"needle", "enter")
        await settle(pilot)
        assert snapshots.total == 12
        await pilot.press("j", "j")
        chosen = snapshots.highlighted
        fetched: list[object] = []
        fetch = SnapshotList.fetch
        monkeypatch.setattr(
            SnapshotList, "fetch", lambda self, *a: fetched.append(a) or fetch(self, *a)
        )
        await pilot.press("escape")
        # At once: the key's own handling, before any worker ran.
        rows = list(snapshots.rows)
        # No reload (a read from the top); the next page below may load, as it would.
        reloads = [args for args in fetched if args[0] is None]
        assert reloads == [] and snapshots.total == before[1]
        # The first rows of the whole list (at least those loaded when "/" was pressed).
        assert rows[: len(before[0])] == before[0]
        whole = app.service.snapshots("s1", limit=len(rows)).rows
        assert [r.id for r in rows] == [r.id for r in whole]
        assert snapshots.filter_text == "" and snapshots.highlighted == chosen
        assert f"({before[1]})" in snapshots._border_title.plain
        await settle(pilot)
        assert [args for args in fetched if args[0] is None] == []
        await pilot.press("G")
        await settle(pilot)
        assert snapshots.cursor == snapshots.total - 1 and snapshots.highlighted is not None


@run_async
async def test_after_a_store_change_esc_reads_the_list_again(store_path):
    """A write while the filter is on (here or by the plugin) reloads the
    list: the rows kept from before the filter are dropped, and clearing
    the filter shows the new snapshot too."""
    snapshots_store(store_path, 30)
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await into_snapshots(pilot)
        snapshots = app.main.snapshots
        total = snapshots.total
        await pilot.press("slash", *"needle", "enter")
        await settle(pilot)
        assert snapshots.total == 3
        conn = connect(store_path)
        add_snapshot(
            conn, "s1", "p1", "late", Checkpoint(notes="hay").to_payload(),
            at="2026-11-02T11:00:00Z",
        )
        conn.close()
        app.main.refresh_all()  # what the store watcher does when the file changes
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert snapshots.total == total + 1 and snapshots.rows[0].name == "late"
