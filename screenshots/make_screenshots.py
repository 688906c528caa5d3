"""``make screenshots``: SVGs of the main screen, a diff, the restore
preview, the board and a field history, taken from the demo store with a
frozen clock."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ckpt_tui import timeutil  # noqa: E402
from tests.ui_support import FROZEN_NOW, demo_db, make_app, settle  # noqa: E402

SHOTS = {
    "main.svg": ("j", "j", "j", "j", "enter", "enter", "j"),
    "diff.svg": ("j", "j", "j", "j", "enter", "enter", "j", "j", "j", "d", "s"),
    "restore-preview.svg": ("j", "j", "j", "j", "enter", "enter", "j", "j", "r", "down", "space"),
    "board.svg": ("B", "a"),
    "history.svg": ("j", "j", "enter", "j", "4", *["right_square_bracket"] * 4, "b", "x"),
}


async def shoot(name: str, keys: tuple[str, ...], out: Path) -> None:
    app = make_app(demo_db("screenshots"))
    async with app.run_test(size=(150, 42)) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
            await settle(pilot)
        app.save_screenshot(name, str(out))
    app.service.close()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "screenshots").resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        os.environ["CKPT_TUI_CONFIG"] = home
        with timeutil.clock.fixed(timeutil.parse(FROZEN_NOW)):
            for name, keys in SHOTS.items():
                asyncio.run(shoot(name, keys, out))
                print(out / name)


if __name__ == "__main__":
    main()
