"""Start-up of the app against a minimal Textual app, in the same run.

    python bench/bench_startup.py [--runs N] [--db bench/.data/large.db]

Two measurements:

* **launch to first full paint**: a fresh Python process on a real
  pseudo-terminal, from ``Popen`` to the moment the screen is painted with
  the first page of every pane (projects, sessions, snapshots with their
  change summaries, detail). The
  baseline is a minimal Textual app showing one static label, measured the
  same way, interleaved run by run. Target: under 1.5 times the baseline.
* **5,000-snapshot session to its first page**: in one running app, the
  time from highlighting that session to its first page of snapshots being
  painted. Target: under 100 ms.

Each child process reports through a pipe, so nothing here sleeps to wait.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import json
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = ROOT / "bench" / ".data" / "large.db"


# -- children ---------------------------------------------------------------------


def _signal(fd: int) -> None:
    os.write(fd, b"painted\n")


def child_minimal(fd: int) -> None:
    from textual.app import App
    from textual.widgets import Static

    class Minimal(App):
        def compose(self):
            yield Static("hello")

        def on_mount(self) -> None:
            self.call_after_refresh(self._done)

        def _done(self) -> None:
            _signal(fd)
            self.exit()

    Minimal().run()


def child_ckpt(fd: int, db: str) -> None:
    # Exactly what `ckpt-tui --db DB` runs (parser, launcher), with an app
    # class that says when the panes are painted.
    from ckpt_tui.cli.main import build_parser

    argv = ["--db", db]
    args = build_parser(argv).parse_args(argv)
    from ckpt_tui.ui.launch import run_app

    run_app(args, make_app_class=lambda base: _timed(base, fd))


def _timed(base, fd: int):
    """The app (made by the launcher once it has imported it), signalling
    its first full paint."""

    class Timed(base):
        """Signals after the first refresh that shows all three panes filled,
        the same "after refresh" point the minimal app signals at."""

        def on_mount(self) -> None:
            # Textual runs CkptApp.on_mount too (handlers run along the MRO).
            self.call_after_refresh(self._after_refresh)

        def _after_refresh(self) -> None:
            main = self.main
            lists = (main.projects, main.sessions, main.snapshots)
            shown = main.snapshots.rows[: main.snapshots.size.height]
            if all(lst._data is not None and lst.rows for lst in lists) and all(
                row.id in main.snapshots._summaries for row in shown
            ):
                _signal(fd)
                self.exit()
            else:
                self.call_after_refresh(self._after_refresh)

    return Timed


# -- parent -------------------------------------------------------------------------


def launch(kind: str, db: str) -> float:
    """Seconds from Popen to the child's 'painted' line."""
    master, slave = pty.openpty()
    read_end, write_end = os.pipe()
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="140", LINES="40")
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, __file__, "--child", kind, "--fd", str(write_end), "--db", db],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        pass_fds=(write_end,),
        env=env,
        close_fds=True,
    )
    os.close(slave)
    os.close(write_end)
    elapsed = None
    try:
        while elapsed is None:
            ready, _, _ = select.select([master, read_end], [], [], 30)
            if not ready:
                raise RuntimeError(f"{kind} did not paint within 30 s")
            if read_end in ready:
                if os.read(read_end, 64):
                    elapsed = time.perf_counter() - start
                else:
                    raise RuntimeError(f"{kind} exited before painting")
            if master in ready:
                try:
                    os.read(master, 65536)  # drain the screen
                except OSError:
                    pass
    finally:
        if proc.poll() is None:
            proc.kill()  # its shutdown is not what is measured
        proc.wait(timeout=30)
        os.close(master)
        os.close(read_end)
    return elapsed


async def session_first_page(db: str, session_id: str, other: str, runs: int) -> list[float]:
    """Highlighting a session hands its id to the snapshot pane; time from
    there to the first time one of its rows is drawn (``render_line``)."""
    from ckpt_tui.core.service import open_service
    from ckpt_tui.ui.app import CkptApp
    from ckpt_tui.ui.widgets.lists import SnapshotList

    drawn: dict[str, float] = {}
    original = SnapshotList.render_row

    def render_row(self, row, width):
        drawn.setdefault(row.session_id, time.perf_counter())
        return original(self, row, width)

    SnapshotList.render_row = render_row
    times: list[float] = []
    service = open_service(db)
    app = CkptApp(service, poll=False, read_opencode=False, first=service.first_screen())
    async with app.run_test(size=(140, 40)) as pilot:
        snapshots = app.main.snapshots

        async def shown(sid: str) -> None:
            while sid not in drawn:
                await asyncio.sleep(0.0005)
            await pilot.pause()  # let the summaries settle before the next run

        while not snapshots.rows:  # the first frame's own session first
            await asyncio.sleep(0.001)
        await pilot.pause()
        for _ in range(runs):
            snapshots.show_session(None)
            drawn.clear()
            snapshots.show_session(other)
            await shown(other)
            drawn.clear()
            start = time.perf_counter()
            snapshots.show_session(session_id)
            await shown(session_id)
            times.append(drawn[session_id] - start)
    SnapshotList.render_row = original
    service.close()
    return times


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--child")
    parser.add_argument("--fd", type=int)
    parser.add_argument("--db", default=str(DEFAULT_DB))
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="ckpt-bench-")
    for var in ("CONFIG", "STATE", "CACHE"):
        os.environ.setdefault(f"CKPT_TUI_{var}", os.path.join(home, var.lower()))
    if args.child == "minimal":
        return child_minimal(args.fd)
    if args.child == "ckpt":
        return child_ckpt(args.fd, args.db)

    db = Path(args.db)
    meta = json.loads(Path(f"{db}.json").read_text())
    # An installed package has its bytecode compiled (pip does it, as it did
    # for Textual); an editable checkout under PYTHONDONTWRITEBYTECODE would
    # otherwise compile ckpt_tui from source on every launch.
    compileall.compile_dir(ROOT / "app" / "ckpt_tui", quiet=1)
    # Warm the page cache and the bytecode cache once for both.
    launch("minimal", str(db))
    launch("ckpt", str(db))
    minimal, ckpt = [], []
    for _ in range(args.runs):
        minimal.append(launch("minimal", str(db)))
        ckpt.append(launch("ckpt", str(db)))
    first_page = asyncio.run(
        session_first_page(str(db), meta["long_session"], meta["restore_session"], args.runs)
    )
    ratio = median_ms(ckpt) / median_ms(minimal)
    rows = [
        ("minimal Textual app, launch to first paint", median_ms(minimal), "baseline"),
        (
            "ckpt-tui on the large store, launch to full paint",
            median_ms(ckpt),
            f"{ratio:.2f}x baseline (target < 1.5x)",
        ),
        (
            "select the 5,000-snapshot session to its first page",
            median_ms(first_page),
            "target < 100 ms",
        ),
    ]
    print(f"| measurement ({args.runs} runs, medians) | ms | |")
    print("| --- | ---: | --- |")
    for name, value, note in rows:
        print(f"| {name} | {value:.0f} | {note} |")
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "minimal_ms": median_ms(minimal),
                    "ckpt_ms": median_ms(ckpt),
                    "ratio": ratio,
                    "session_first_page_ms": median_ms(first_page),
                },
                indent=2,
            )
        )


if __name__ == "__main__":
    main()
