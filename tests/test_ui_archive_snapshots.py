"""The app on an archive of two machines as a person sees it, at 80×24 and
160×45: the origins on the projects and sessions, a snapshot its store
pruned marked archived, and the header saying the archive is read-only."""

from __future__ import annotations

import sqlite3

import pytest

from ckpt_tui.core.archive_view import ArchiveSource, open_view
from ckpt_tui.ui.app import CkptApp
from tests.archive_support import make_store, run_cli
from tests.ui_support import FROZEN_NOW, press_settled


@pytest.fixture(autouse=True)
def _frozen(frozen_clock):
    frozen_clock(FROZEN_NOW)


@pytest.fixture
def archive_app(archive, tmp_path, monkeypatch):
    """p1 from a laptop (s1, its n0 since pruned) and a dev box (s2); the
    header's URL fixed (the test cluster's socket and database are new each run)."""
    laptop = make_store(tmp_path / "laptop.db", sessions=("s1",), snapshots=3)
    devbox = make_store(tmp_path / "devbox.db", sessions=("s2",), snapshots=2)
    url = archive.url()
    for path, host in ((devbox, "devbox"), (laptop, "laptop")):
        assert run_cli("archive", "push", url, "--db", str(path), "--host", host).returncode == 0
    conn = sqlite3.connect(laptop)
    with conn:
        conn.execute("DELETE FROM snapshots WHERE name = 'n0'")  # as the plugin prunes
    conn.close()
    assert run_cli("archive", "push", url, "--db", str(laptop), "--host", "laptop").returncode == 0
    monkeypatch.setattr(ArchiveSource, "path", "archive postgresql://ckpt_reader@db.example/team")
    return CkptApp(open_view(url), poll=False, read_opencode=False)


def test_archive_two_origins_80x24(snap_compare, archive_app):
    assert snap_compare(archive_app, terminal_size=(80, 24), run_before=press_settled("enter"))


def test_archive_pruned_snapshot_160x45(snap_compare, archive_app):
    keys = ("enter", "j", "enter", "G")
    assert snap_compare(archive_app, terminal_size=(160, 45), run_before=press_settled(*keys))
