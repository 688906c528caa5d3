"""``make screenshots``: SVGs of the main screen (at 150×42 and at 80×24, and
in a light theme), a diff, the restore preview with its own key bar, the
board, a field history and a conversation, taken from the demo store (and
the opencode data it writes beside it) with a frozen clock; and of the app
on an archive of two machines (the demo store pushed as ``laptop`` and as
``devbox`` into a throwaway PostgreSQL cluster, ``tests/pg_cluster.py``),
browsing and copying a snapshot back, when PostgreSQL's binaries are
there (without them those two are skipped, saying so)."""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ckpt_tui import timeutil  # noqa: E402
from ckpt_tui.core.demo import build_demo  # noqa: E402
from ckpt_tui.core.service import open_service  # noqa: E402
from ckpt_tui.ui.app import CkptApp  # noqa: E402
from tests.ui_support import FROZEN_NOW, settle  # noqa: E402

ACME = ("j", "j", "j", "j", "enter")
BIG = (150, 42)
#: name -> (keys, terminal size, theme or None)
SHOTS = {
    "main.svg": ((*ACME, "enter", "j"), BIG, None),
    "main-80x24.svg": (ACME, (80, 24), None),
    "main-light.svg": ((*ACME, "enter", "j"), BIG, "textual-light"),
    "diff.svg": ((*ACME, "enter", "j", "j", "j", "d", "s"), BIG, None),
    "restore-preview.svg": ((*ACME, "enter", "j", "j", "r", "down", "space"), BIG, None),
    "board.svg": (("B", "a"), BIG, None),
    "history.svg": (("j", "j", "enter", "j", "4", *["right_square_bracket"] * 4, "b", "x"), BIG, None),
    "conversation.svg": ((*ACME, "c"), BIG, None),
}
#: The app on the archive: name -> (keys, terminal size, copying back into
#: the devbox's store, or browsing alone).
ARCHIVE_SHOTS = {
    "archive.svg": ((*ACME, "j"), (160, 45), False),
    "archive-copy.svg": ((*ACME, "enter", "j", "j", "r"), BIG, True),
}


async def take(app: CkptApp, name: str, keys, size, out: Path) -> None:
    """``app`` at ``size`` after ``keys``, saved as ``out/name``; its service closed."""
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        app.save_screenshot(name, str(out))
    app.service.close()


async def shoot(name: str, home: Path, out: Path) -> None:
    keys, size, theme = SHOTS[name]
    demo = build_demo(home / name.removesuffix(".svg"), seed=7)
    app = CkptApp(open_service(Path(demo["db"])), poll=False, opencode_data=demo["opencode"])
    if theme:
        app.theme = theme
    await take(app, name, keys, size, out)


async def shoot_archive(name: str, url: str, local: Path, out: Path) -> None:
    """``name`` of the app on the archive at ``url`` (copying back into ``local``)."""
    from ckpt_tui.core.archive_view import open_view

    keys, size, copying = ARCHIVE_SHOTS[name]
    view = open_view(url)
    if copying:
        view.copy_into(open_service(local))
    await take(CkptApp(view, poll=False, read_opencode=False), name, keys, size, out)


def archive_shots(home: Path, out: Path) -> None:
    """The archive's shots, in a cluster of their own (or a line saying why not)."""
    from ckpt_tui.core.archive import open_archive
    from tests.pg_cluster import Cluster, find_bindir

    bindir, why = find_bindir()
    if bindir is None or (os.geteuid() == 0 and shutil.which("runuser") is None):
        why = why or "running as root, and no runuser to run PostgreSQL as the postgres user"
        print(f"skipped {', '.join(ARCHIVE_SHOTS)}: {why}")
        return
    cluster = Cluster(bindir)
    try:
        cluster.create_role("shots", "shots")
        cluster.create_database("archive", "shots")
        url = cluster.url("shots", "shots", "archive", tcp=True)
        archive = open_archive(url)
        archive.init()
        for host in ("laptop", "devbox"):
            demo = build_demo(home / f"archive-{host}", seed=7)
            archive.push(demo["db"], host=host)
        archive.close()
        for name in ARCHIVE_SHOTS:
            asyncio.run(shoot_archive(name, url, Path(demo["db"]), out))
            print(out / name)
    finally:
        cluster.stop()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "screenshots").resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        # The app's own files, and the paths it shows as ~/…, in a fresh home.
        os.environ["HOME"] = home
        for variable in ("CKPT_TUI_CONFIG", "CKPT_TUI_STATE", "CKPT_TUI_CACHE"):
            os.environ[variable] = str(Path(home) / variable.lower())
        with timeutil.clock.fixed(timeutil.parse(FROZEN_NOW)):
            for name in SHOTS:
                asyncio.run(shoot(name, Path(home), out))
                print(out / name)
            archive_shots(Path(home), out)


if __name__ == "__main__":
    main()
