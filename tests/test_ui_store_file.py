"""The app and its store file: replaced under it, or only readable."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.factory import basic_store
from tests.test_store_read_only import no_side_files
from tests.test_store_replaced import replace_under
from tests.test_ui_flows import open_snapshot, snapshot_kinds
from tests.ui_support import make_app, run_async, settle


def notices(app) -> list[str]:
    """Everything the app said, in full (issue 11: a dialog opening clears the
    toasts on screen, so the app's log of notifications is what was said)."""
    return [n.text for n in app.notices.notices]


async def take_snapshot(pilot, name: str) -> None:
    await pilot.press("n")
    await settle(pilot)
    await pilot.press(*name)
    await pilot.press("enter")
    await settle(pilot)


@run_async
async def test_live_poll_follows_a_replaced_store_and_the_next_write_lands_there(tmp_path):
    path = basic_store(tmp_path / "checkpoints.db")
    app = make_app(path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 0)
        assert [r.id for r in app.main.projects.rows] == ["p1"]
        await take_snapshot(pilot, "before-swap")  # the writer is open on the first file
        aside = replace_under(path, tmp_path)
        app._poll()  # one tick of the live poll (the test app runs without its timer)
        await settle(pilot)
        assert sorted(r.id for r in app.main.projects.rows) == ["p1", "p2"], "new data shown"
        assert "before-swap" not in [r.name for r in app.main.snapshots.rows]
        said = [n for n in notices(app) if "replaced" in n]
        assert len(said) == 1 and str(path) in said[0]
        await take_snapshot(pilot, "after-swap")
        assert ("manual", "after-swap") in snapshot_kinds(path)
        assert ("manual", "after-swap") not in snapshot_kinds(aside)
        assert "after-swap" in [r.name for r in app.main.snapshots.rows]
        app._poll()  # said once, not on every tick
        await settle(pilot)
        assert len([n for n in notices(app) if "replaced" in n]) == 1


@run_async
async def test_write_before_any_poll_goes_to_the_file_at_the_path(tmp_path):
    path = basic_store(tmp_path / "checkpoints.db")
    app = make_app(path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 0)
        await take_snapshot(pilot, "before-swap")
        aside = replace_under(path, tmp_path)
        await take_snapshot(pilot, "after-swap")
        assert ("manual", "after-swap") in snapshot_kinds(path)
        assert ("manual", "after-swap") not in snapshot_kinds(aside)
        assert any("replaced" in n for n in notices(app))
        assert sorted(r.id for r in app.main.projects.rows) == ["p1", "p2"]


@run_async
async def test_removed_store_refuses_the_write_in_one_line(tmp_path):
    path = basic_store(tmp_path / "checkpoints.db")
    app = make_app(path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 0)
        await take_snapshot(pilot, "before-removal")
        aside = tmp_path / "aside.db"
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{path}{suffix}").exists():
                Path(f"{path}{suffix}").rename(f"{aside}{suffix}")
        await take_snapshot(pilot, "after-removal")
        assert not path.exists()
        assert ("manual", "after-removal") not in snapshot_kinds(aside)
        refused = [n for n in notices(app) if "no longer exists" in n]
        assert len(refused) == 1 and "\n" not in refused[0]


@run_async
async def test_store_in_a_folder_that_cannot_be_written_opens_read_only(tmp_path):
    """See tests/test_store_read_only.py for why a ``-wal`` directory stands
    for a read-only folder when the tests run as root."""
    path = no_side_files(basic_store(tmp_path / "checkpoints.db"))
    Path(f"{path}-wal").mkdir()
    app = make_app(path)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_snapshot(pilot, 0)
        header = str(app.main.query_one("StoreHeader")._text())
        assert "READ-ONLY" in header and "read-only folder" in header
        assert [r.name for r in app.main.snapshots.rows] == ["second", "first"]
        await pilot.press("n")
        await settle(pilot)
        assert type(app.screen).__name__ == "MainScreen", "no name prompt"
        assert any(n.startswith("Read-only") for n in notices(app))
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    assert conn.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 2
    conn.close()
