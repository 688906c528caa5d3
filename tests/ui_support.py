"""Shared pieces of the UI tests: a demo store at a fixed path, a frozen
clock, and waiting for the app's workers instead of sleeping."""

from __future__ import annotations

import asyncio
import functools
import shutil
from pathlib import Path

from ckpt_tui.core.demo import build_demo
from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp

FROZEN_NOW = "2026-11-29T12:00:00.000Z"
SIZE = (140, 40)


def fixed_dir(name: str) -> Path:
    """Snapshot SVGs show paths, so they must not depend on tmp_path."""
    path = Path("/tmp/ckpt-tui-tests") / name
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def demo_db(name: str) -> Path:
    return Path(build_demo(fixed_dir(name), seed=7)["db"])


def make_app(db: Path, *, read_only: bool = False) -> CkptApp:
    return CkptApp(open_service(db, read_only=read_only), poll=False)


async def settle(pilot, rounds: int = 12) -> None:
    """Let workers finish and their results land, until nothing is running."""
    app = pilot.app
    for _ in range(rounds):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not any(w.is_running for w in app.workers):
            await pilot.pause()
            if not any(w.is_running for w in app.workers):
                return


def run_async(test):
    """Run an ``async def`` test with ``asyncio.run`` (no pytest plugin needed)."""

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return wrapper
