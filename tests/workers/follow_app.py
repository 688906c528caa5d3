"""The app with the follow screen open on every session, headless, for the
CPU test: prints ``ready`` once the screen has taken its first look, then
runs until a line arrives on stdin.

Usage: ``python -m tests.workers.follow_app DB``.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp
from ckpt_tui.ui.screens.follow import FollowScreen


async def main() -> None:
    app = CkptApp(open_service(Path(sys.argv[1])), read_opencode=False)  # the live poll on
    async with app.run_test(size=(120, 35)) as pilot:
        await pilot.pause()
        screen = FollowScreen(app.service, None)
        await app.push_screen(screen)
        while not screen.watcher.started:  # the first look has taken what is there
            await pilot.pause(0.05)
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)


if __name__ == "__main__":
    asyncio.run(main())
