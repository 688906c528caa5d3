"""``make screenshots``: SVGs of the main screen (at 150×42 and at 80×24, and
in a light theme), a diff, the restore preview with its own key bar, the
board, a field history and a conversation, taken from the demo store (and
the opencode data it writes beside it) with a frozen clock."""

from __future__ import annotations

import asyncio
import os
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


async def shoot(name: str, home: Path, out: Path) -> None:
    keys, size, theme = SHOTS[name]
    demo = build_demo(home / name.removesuffix(".svg"), seed=7)
    app = CkptApp(open_service(Path(demo["db"])), poll=False, opencode_data=demo["opencode"])
    if theme:
        app.theme = theme
    async with app.run_test(size=size) as pilot:
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
        # The app's own files, and the paths it shows as ~/…, in a fresh home.
        os.environ["HOME"] = home
        for variable in ("CKPT_TUI_CONFIG", "CKPT_TUI_STATE", "CKPT_TUI_CACHE"):
            os.environ[variable] = str(Path(home) / variable.lower())
        with timeutil.clock.fixed(timeutil.parse(FROZEN_NOW)):
            for name in SHOTS:
                asyncio.run(shoot(name, Path(home), out))
                print(out / name)


if __name__ == "__main__":
    main()
