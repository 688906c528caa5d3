"""Key to visible change, and launch to a settled screen, against a minimal
Textual app in the same run.

    python bench/bench_keys.py [--runs 21] [--db bench/.data/large.db] [--json out.json]
                               [--launch-runs N] [--app DIR]

Both apps run as child processes on pseudo-terminals (140×40), alive at the
same time, and the keys go to them in turn, key by key, so both see the same
machine. The parent writes a key's bytes to the terminal, exactly what a
person's terminal sends, and times until the child says that the frame
showing the change has been written: before each key the parent tells the
child (over a pipe) what change to expect, and the child's
``post_display_hook`` (Textual calls it after each frame is written to the
terminal) checks for it. Nothing here sleeps to wait.

For each key:

* ``j``/``k``: the snapshot pane's cursor moved (the minimal app: its one
  label changed, for every key);
* ``enter`` on the projects pane: the sessions pane has the focus;
* ``d``: the diff screen shows its diff; ``esc`` (diff): the main screen is back;
* ``r``: the restore preview shows its plan (the buttons are live);
* ``d (moved)``, ``r (moved)``: the same, on a snapshot the cursor has just
  moved to (``j`` or ``k``, unmeasured, then idle: the detail worker has
  shown it and worked out what ``d`` and ``r`` show), as a person presses
  them: the reused screens last showed another snapshot (``d`` and ``r``
  above are pressed again on the same one);
* ``e``: the hand-off preview is up; ``?``: the help is up;
* ``esc`` (filter): the snapshot pane's filter is cleared and the whole
  list is back.

A second minimal app ("min screen") does what a key that opens a screen
does, as simply as Textual can: ``d``/``r``/``e``/``?`` push a new screen
holding one label, ``esc`` pops it, ``enter`` moves the focus between two
labels. It is the like-for-like baseline for those keys; both ratios are
printed.

Also the main thread's CPU (``time.thread_time`` on the UI thread) from the
moment the child is told to expect ``j``/``k`` to that frame, and on to the
moment the app is idle again (the detail pane follows after the cursor rests):
no worker running, and then a refresh round that draws no frame (a worker's
result is drawn, not only handed over; the next key is sent after that).

Launch: a new process each run, timed from ``Popen`` to the first frame
written, and to the last frame written before the app goes quiet (no worker
running, opencode's data loaded, no frame for 1 s): "settled". The warm-up
(``CkptApp.warming_up``: the screens of later keys built unseen, then the
screen shown drawn again as it was) draws nothing a person sees: its
frames are not counted. The minimal
app's first frame is the baseline for both. Then the first ``d`` and ``r``
of that launch, on the second snapshot (``d (first)``, ``r (first)``), and
its first ``?`` before them (``? (first)``), against a new min screen app's
first pushes.

The store is copied into a temporary directory under ``bench/.data`` and
``CKPT_TUI_CONFIG/STATE/CACHE`` point inside it; the hand-off (``e``) of a
bench project, whose directory does not exist, is not written.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = ROOT / "bench" / ".data" / "large.db"
QUIET = 1.0  # seconds without a frame, idle: the screen has settled
PROFILE = os.environ.get("BENCH_KEYS_PROFILE", "")
#: BENCH_KEYS_PROFILE_TO=frame: the profile stops at the frame showing the
#: change (the key's own path), not at idle.
PROFILE_TO_FRAME = os.environ.get("BENCH_KEYS_PROFILE_TO") == "frame"
#: Where profiles and child logs go: a folder of your own
#: (BENCH_KEYS_PROFILE_DIR), so runs by two people on one machine do not
#: overwrite or delete each other's files.
OUT_DIR = Path(os.environ.get("BENCH_KEYS_PROFILE_DIR") or tempfile.gettempdir())

KEYS = {
    "j": b"j", "k": b"k", "enter": b"\r", "esc": b"\x1b", "d": b"d", "r": b"r",
    "e": b"e", "?": b"?", "1": b"1", "3": b"3", "/": b"/", "z": b"zqxj",
}


# -- children ---------------------------------------------------------------------


class Probe:
    """In a child: waits for what the parent says to expect, signals the
    frame that shows it, then the moment the app is idle again."""

    def __init__(self, app, out: int, ctl: int, idle) -> None:
        self.app, self.out, self.idle = app, out, idle
        self.pred = None
        self.cpu0 = 0.0
        self.waiting_idle = False
        self.frames: list[float] = []
        self.ctl = ctl

    def start(self) -> None:
        threading.Thread(target=self._read_ctl, daemon=True).start()

    def _read_ctl(self) -> None:
        with os.fdopen(self.ctl) as lines:
            for line in lines:
                self.app.call_from_thread(self.arm, line.strip())
                os.write(self.out, b"armed\n")

    def arm(self, name: str) -> None:
        self.pred = self.app.predicate(name)
        self.cpu0 = time.thread_time()
        if PROFILE and name in PROFILE.split(",") and hasattr(self.app, "main"):
            # BENCH_KEYS_PROFILE=j,k: cProfile the UI thread from here to idle.
            import cProfile

            self.profile = getattr(self, "profile", None) or cProfile.Profile()
            self.profile.enable()

    def frame(self) -> None:
        if getattr(self.app, "warming_up", False):
            # The warm-up builds screens unseen (no output) and then draws
            # the screen shown again, as it was: no frame a person sees.
            return
        self.frames.append(time.monotonic())
        if self.pred is not None and self.pred():
            self.pred = None
            cpu = (time.thread_time() - self.cpu0) * 1000
            os.write(self.out, f"changed {cpu:.2f}\n".encode())
            if PROFILE_TO_FRAME and getattr(self, "profile", None) is not None:
                self.profile.disable()
            self.waiting_idle = True
            self.app.call_after_refresh(self._check_idle)

    def _check_idle(self) -> None:
        if not self.waiting_idle:
            return
        if self.idle():
            # Idle only once a refresh round has passed without a frame: the
            # last worker's result may still be waiting to be drawn.
            drawn = len(self.frames)
            self.app.set_timer(0.01, lambda: self.app.call_after_refresh(self._confirm, drawn))
        else:
            self.app.set_timer(0.01, self._check_idle)

    def _confirm(self, drawn: int) -> None:
        if not self.waiting_idle:
            return
        if self.idle() and len(self.frames) == drawn:
            self.waiting_idle = False
            cpu = (time.thread_time() - self.cpu0) * 1000
            os.write(self.out, f"idle {cpu:.2f}\n".encode())
            if getattr(self, "profile", None) is not None:
                self.profile.disable()
                path = str(OUT_DIR / f"bench_keys_{os.getpid()}.prof")
                self.profile.dump_stats(path + ".part")
                os.replace(path + ".part", path)
        else:
            self.app.set_timer(0.01, self._check_idle)


def probed(app_class, out: int, ctl: int):
    """``app_class`` with a :class:`Probe`: says "ready" after its first
    frame, then signals the frames the parent waits for (the minimal apps)."""

    class Probed(app_class):
        def on_mount(self) -> None:
            self.probe = Probe(self, out, ctl, lambda: True)
            self.call_after_refresh(self._bench_ready)

        def _bench_ready(self) -> None:
            first = self.probe.frames[0] if self.probe.frames else time.monotonic()
            os.write(out, f"ready {first}\n".encode())
            self.probe.start()

        def post_display_hook(self) -> None:
            self.probe.frame()

    return Probed


def child_minimal(out: int, ctl: int) -> None:
    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Static

    class Minimal(probed(App, out, ctl)):
        BINDINGS = [
            Binding(k, "bump", show=False)
            for k in ("j", "k", "enter", "escape", "d", "r", "e", "question_mark", "1", "3",
                      "slash", "z", "q", "x")
        ]

        def compose(self):
            self.label = Static("0")
            self.count = 0
            yield self.label

        def action_bump(self) -> None:
            self.count += 1
            self.label.update(str(self.count))

        def predicate(self, name: str):
            want = self.count + len(KEYS[name])
            return lambda: self.count == want


    Minimal().run()


def child_minimal_screens(out: int, ctl: int) -> None:
    """The minimal app's way of opening a screen: ``d``, ``r``, ``e`` and
    ``?`` push a new screen holding one label, ``esc`` pops it; ``enter``
    moves the focus from one focusable label to the other (styled on
    ``:focus``). The baseline for keys that open or close a screen or move
    the focus, beside the one-label change."""
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import Screen
    from textual.widgets import Static

    class OneLabel(Screen):
        BINDINGS = [Binding("escape", "app.back", show=False)]

        def compose(self):
            yield Static(f"screen {self.app.count}")

    class Pane(Static, can_focus=True):
        DEFAULT_CSS = "Pane:focus { background: $accent; }"

    class MinimalScreens(probed(App, out, ctl)):
        BINDINGS = [
            Binding(k, "open", show=False) for k in ("d", "r", "e", "question_mark")
        ] + [Binding("enter", "move", show=False)]

        def compose(self):
            self.count = 0
            yield Pane("one")
            yield Pane("two")

        def action_move(self) -> None:
            self.count += 1
            self.screen.focus_next()

        def action_open(self) -> None:
            self.count += 1
            self.push_screen(OneLabel())

        def action_back(self) -> None:
            self.count += 1
            self.pop_screen()

        def predicate(self, name: str):
            want = self.count + 1
            if name in ("d", "r", "e", "?"):
                return lambda: self.count == want and isinstance(self.screen, OneLabel)
            if name == "esc":
                return lambda: self.count == want and not isinstance(self.screen, OneLabel)
            return lambda: self.count == want


    MinimalScreens().run()


def _ckpt_idle(app) -> bool:
    from ckpt_tui.ui.widgets.lists import SnapshotList

    # Its warm-up (the imports and the help later keys need, a second after
    # the first frame) is part of settling: the first key must not race it.
    if any(w.is_running for w in app.workers) or not app.activity_loaded:
        return False
    if not getattr(app, "warmed_up", True):
        return False
    if not _ckpt_prepared(app):
        return False
    return not any(lst._summary_pending for s in app.screen_stack for lst in s.query(SnapshotList))


def _ckpt_prepared(app) -> bool:
    """What ``d`` and ``r`` show for the selected snapshot is worked out
    (``ui/flows/diff.py``, ``restore.py``), when the snapshot pane has the
    focus."""
    main = getattr(app, "main", None)
    if main is None or app.screen is not main or app.focused is not main.snapshots:
        return True
    if not hasattr(main, "ahead"):  # ``--app`` with a version that prepares nothing
        return True
    snap = main.snapshot
    ahead = main.ahead(snap) if snap is not None else None
    if ahead is None:
        return True
    (old, new), restore = ahead
    prepared = getattr(main, "prepared", None)
    if prepared is not None:  # ``--app`` with a version that kept them in ``ui/prepared.py``
        return prepared.diff(snap.session_id, old, new) is not None and (
            restore is None or prepared.plan(snap.session_id, restore) is not None
        )
    return main.diffs.get((snap.session_id, old, new)) is not None and (
        restore is None or main.plans.get((snap.session_id, restore)) is not None
    )


def child_ckpt(out: int, ctl: int, db: str, settle_only: bool = False) -> None:
    if "launch" in PROFILE.split(","):
        # BENCH_KEYS_PROFILE=launch: cProfile from here (the parser's import)
        # to the first frame written, in bench_keys_launch_PID.prof.
        import cProfile

        profile = cProfile.Profile()
        profile.enable()
        _LAUNCH_PROFILE.append(profile)
    from ckpt_tui.cli.main import build_parser

    argv = ["--db", db]
    args = build_parser(argv).parse_args(argv)
    from ckpt_tui.ui.launch import run_app

    launched(run_app, args, lambda base: _timed(base, out, ctl, settle_only))


#: The launch's profile (``BENCH_KEYS_PROFILE=launch``) until the first frame.
_LAUNCH_PROFILE: list = []


def _dump_launch_profile(profile) -> None:
    profile.disable()
    path = str(OUT_DIR / f"bench_keys_launch_{os.getpid()}.prof")
    profile.dump_stats(path + ".part")
    os.replace(path + ".part", path)


def launched(run_app, args, make_app_class) -> None:
    """``run_app`` with the class ``make_app_class`` makes from CkptApp,
    which it imports where ``ckpt-tui`` does (``--app`` with an older
    version, whose launcher takes the class itself: imported here first)."""
    if "make_app_class" in run_app.__code__.co_varnames:
        run_app(args, make_app_class=make_app_class)
    else:
        from ckpt_tui.ui.app import CkptApp

        run_app(args, app_class=make_app_class(CkptApp))


def _timed(base, out: int, ctl: int, settle_only: bool):
    """The app, with a :class:`Probe` and the predicates of the keys."""

    class Timed(base):
        def on_mount(self) -> None:
            self.probe = Probe(self, out, ctl, lambda: _ckpt_idle(self))
            self.full_frame: float | None = None
            self.call_after_refresh(self._bench_wait)

        def _bench_full(self) -> bool:
            main = self.main
            lists = (main.projects, main.sessions, main.snapshots)
            shown = main.snapshots.rows[: main.snapshots.size.height]
            return all(lst._data is not None and lst.rows for lst in lists) and all(
                row is not None and row.id in main.snapshots._summaries for row in shown
            )

        def _bench_wait(self) -> None:
            if self.full_frame is None and self._bench_full():
                self.full_frame = self.probe.frames[-1] if self.probe.frames else time.monotonic()
            if self.full_frame is not None and _ckpt_idle(self):
                last = self.probe.frames[-1] if self.probe.frames else 0.0
                if time.monotonic() - last >= QUIET:
                    first = self.probe.frames[0]
                    os.write(out, f"ready {first} {self.full_frame} {last}\n".encode())
                    if settle_only:
                        self.exit()
                        return
                    self.probe.start()
                    return
            self.set_timer(0.05, self._bench_wait)

        def post_display_hook(self) -> None:
            if _LAUNCH_PROFILE:
                _dump_launch_profile(_LAUNCH_PROFILE.pop())
            self.probe.frame()

        def predicate(self, name: str):
            from ckpt_tui.ui.screens.diff import DiffScreen
            from ckpt_tui.ui.screens.main import MainScreen
            from ckpt_tui.ui.widgets.diff_view import DiffView

            main = self.main
            snaps = main.snapshots
            if name in ("j", "k"):
                want = snaps.cursor + (1 if name == "j" else -1)
                return lambda: snaps.cursor == want
            if name == "enter":
                return lambda: self.focused is main.sessions
            if name == "1":
                return lambda: self.focused is main.projects
            if name == "3":
                return lambda: self.focused is snaps
            if name in ("d", "d-moved", "d-first"):  # (named apart for BENCH_KEYS_PROFILE)
                return lambda: isinstance(self.screen, DiffScreen) and (
                    self.screen.query_one(DiffView).diff is not None
                )
            if name in ("r", "r-moved", "r-first"):
                return lambda: getattr(self.screen, "plan", None) is not None
            if name == "e":
                return lambda: type(self.screen).__name__ == "HandoffScreen"
            if name in ("?", "?-first"):
                return lambda: type(self.screen).__name__ == "HelpScreen"
            if name == "esc":
                return lambda: isinstance(self.screen, MainScreen)
            if name == "/":
                if not snaps.filter_text:
                    self.bench_full_total = snaps.total  # what esc must bring back
                return lambda: main._filter is not None and main._filter.has_focus
            if name == "z":
                return lambda: snaps.filter_text == "zqxj" and snaps.total == 0
            if name == "enter-filter":
                return lambda: self.focused is snaps
            if name == "esc-filter":
                full = self.bench_full_total
                return lambda: snaps.filter_text == "" and snaps.total == full
            raise ValueError(name)

    return Timed


# -- parent -------------------------------------------------------------------------


class Child:
    def __init__(self, kind: str, db: str, env: dict, settle_only: bool = False) -> None:
        self.kind = kind
        master, slave = pty.openpty()
        out_r, out_w = os.pipe()
        ctl_r, ctl_w = os.pipe()
        cmd = [sys.executable, __file__, "--child", kind, "--out", str(out_w),
               "--ctl", str(ctl_r), "--db", db]
        if settle_only:
            cmd.append("--settle-only")
        self.start = time.monotonic()
        self.proc = subprocess.Popen(
            cmd, stdin=slave, stdout=slave, stderr=slave, pass_fds=(out_w, ctl_r), env=env,
            close_fds=True,
        )
        os.close(slave)
        os.close(out_w)
        os.close(ctl_r)
        self.master, self.out, self.ctl = master, out_r, ctl_w
        self.buffer = b""

    def line(self, timeout: float = 60) -> str:
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.master, self.out], [], [], timeout)
            if not ready:
                raise RuntimeError(f"{self.kind}: no answer within {timeout} s")
            if self.master in ready:
                try:
                    screen = os.read(self.master, 1 << 16)  # drain the screen
                    if os.environ.get("BENCH_KEYS_DEBUG"):
                        with open(OUT_DIR / f"bench_keys_{self.kind}.log", "ab") as log:
                            log.write(screen)
                except OSError:
                    pass
            if self.out in ready:
                data = os.read(self.out, 4096)
                if not data:
                    raise RuntimeError(f"{self.kind} exited")
                self.buffer += data
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode()

    def press(self, key: str, expect: str | None = None) -> tuple[float, float, float]:
        """Seconds from the key's bytes to the frame that shows ``expect``,
        the main thread's CPU to that frame and to idle (ms)."""
        os.write(self.ctl, f"{expect or key}\n".encode())
        assert self.line() == "armed"
        start = time.perf_counter()
        os.write(self.master, KEYS[key])
        changed = self.line()
        elapsed = time.perf_counter() - start
        idle = self.line()
        return elapsed, float(changed.split()[1]), float(idle.split()[1])

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)
        for fd in (self.master, self.out, self.ctl):
            os.close(fd)


#: The groups of keys ``--only`` can pick (all by default); the first ``?``
#: is always timed, since it opens the help before any other screen.
GROUPS = ("jk", "screens", "moved", "enter", "filter")


def key_runs(db: str, env: dict, runs: int, only: tuple[str, ...] = GROUPS) -> dict:
    minimal, ckpt = Child("minimal", db, env), Child("ckpt", db, env)
    screens = Child("screens", db, env)
    try:
        assert minimal.line().startswith("ready")
        assert ckpt.line().startswith("ready")
        assert screens.line().startswith("ready")
        results: dict[str, dict[str, list[float]]] = {}

        def both(key: str, expect: str | None = None, label: str | None = None,
                 screen: bool = False) -> None:
            row = results.setdefault(label or expect or key, {"min": [], "ckpt": [],
                                                               "cpu": [], "cpu_idle": []})
            row["min"].append(minimal.press(key)[0])
            if screen:
                row.setdefault("screen", []).append(screens.press(key)[0])
            elapsed, cpu, cpu_idle = ckpt.press(key, expect)
            row["ckpt"].append(elapsed)
            row["cpu"].append(cpu)
            row["cpu_idle"].append(cpu_idle)

        # The first ?, before any other screen was opened.
        both("?", label="? (first)", screen=True)
        ckpt.press("esc")
        minimal.press("esc")
        screens.press("esc")
        ckpt.press("3")
        for _ in range(runs if "jk" in only else 0):
            both("j")
            both("k")
        for _ in range(runs if "screens" in only else 0):
            both("d", screen=True)
            both("esc", label="esc (diff)", screen=True)
            both("r", screen=True)
            ckpt.press("esc")
            screens.press("esc")
            both("e", screen=True)
            ckpt.press("esc")
            screens.press("esc")
            both("?", screen=True)
            ckpt.press("esc")
            screens.press("esc")
        # On the snapshot the cursor just moved to (and rested on), which the
        # reused diff screen and restore preview last showed no more: the
        # second and third rows in turn (the first, the newest, is often the
        # checkpoint itself: no differences, nothing to restore).
        ckpt.press("j")
        moved = runs if "moved" in only else 0
        for i in range(moved):
            ckpt.press("j" if i % 2 == 0 else "k")
            both("d", "d-moved", label="d (moved)", screen=True)
            ckpt.press("esc")
            screens.press("esc")
            both("r", "r-moved", label="r (moved)", screen=True)
            ckpt.press("esc")
            screens.press("esc")
        for _ in range(1 + moved % 2):
            ckpt.press("k")  # back to the first row
        ckpt.press("1")
        for _ in range(runs if "enter" in only else 0):
            both("enter", screen=True)
            ckpt.press("1")
        ckpt.press("3")
        for _ in range(runs if "filter" in only else 0):
            ckpt.press("/")
            ckpt.press("z")
            ckpt.press("enter", "enter-filter")
            both("esc", "esc-filter", label="esc (filter)")
        return results
    finally:
        minimal.close()
        ckpt.close()
        screens.close()


def launch_runs(db: str, env: dict, runs: int) -> dict:
    """Each run also times the first ``?`` after launch, once settled (the
    warm-up done), and the first ``d`` and ``r``, on the second snapshot the
    cursor has moved to, against a new min screen app's first pushes
    (profile names ``?-first``, ``d-first``, ``r-first``)."""
    first_min, first, full, settled = [], [], [], []
    firsts: dict[str, dict[str, list[float]]] = {
        f"{key} (first)": {"ckpt": [], "screen": []} for key in ("?", "d", "r")
    }
    for _ in range(runs + 1):  # the first of each fills the page cache: dropped
        child = Child("minimal", db, env)
        first_min.append(float(child.line().split()[1]) - child.start)
        child.close()
        child = Child("ckpt", db, env)
        _, t_first, t_full, t_last = child.line(120).split()
        first.append(float(t_first) - child.start)
        full.append(float(t_full) - child.start)
        settled.append(float(t_last) - child.start)
        screens = Child("screens", db, env)
        assert screens.line().startswith("ready")
        # The first ? of the launch, before any other screen was opened.
        firsts["? (first)"]["ckpt"].append(child.press("?", "?-first")[0])
        firsts["? (first)"]["screen"].append(screens.press("?")[0])
        child.press("esc")
        screens.press("esc")
        child.press("3")
        child.press("j")
        for key in ("d", "r"):
            firsts[f"{key} (first)"]["ckpt"].append(child.press(key, f"{key}-first")[0])
            firsts[f"{key} (first)"]["screen"].append(screens.press(key)[0])
            child.press("esc")
            screens.press("esc")
        child.close()
        screens.close()
    return {"minimal_first": first_min[1:], "first": first[1:], "full": full[1:],
            "settled": settled[1:],
            "firsts": {k: {s: v[1:] for s, v in row.items()} for k, row in firsts.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--db", default=str(DEFAULT_DB))
    parser.add_argument("--json")
    parser.add_argument("--child")
    parser.add_argument("--out", type=int)
    parser.add_argument("--ctl", type=int)
    parser.add_argument("--settle-only", action="store_true")
    parser.add_argument("--launch-runs", type=int, default=None)
    parser.add_argument(
        "--only", default=",".join(GROUPS),
        help=f"comma-separated groups of keys to time (of {', '.join(GROUPS)}); all by default",
    )
    parser.add_argument(
        "--app", help="time the ckpt_tui package under this folder instead (A/B)"
    )
    args = parser.parse_args()
    if args.child == "minimal":
        child_minimal(args.out, args.ctl)
        return
    if args.child == "screens":
        child_minimal_screens(args.out, args.ctl)
        return
    if args.child == "ckpt":
        child_ckpt(args.out, args.ctl, args.db, args.settle_only)
        return
    run(args)


def run(args) -> None:
    import compileall

    only = tuple(group for group in args.only.split(",") if group)
    unknown = set(only) - set(GROUPS)
    if unknown:
        raise SystemExit(f"bench_keys: unknown --only group(s): {', '.join(sorted(unknown))}")
    compileall.compile_dir(str(ROOT / "app"), quiet=1)
    data = ROOT / "bench" / ".data"
    data.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=data) as tmp:
        db = os.path.join(tmp, "checkpoints.db")
        shutil.copyfile(args.db, db)
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="140", LINES="40",
                   CKPT_OPENCODE_DATA=os.path.join(tmp, "no-opencode"), HOME=tmp)
        for var in ("CONFIG", "STATE", "CACHE"):
            env[f"CKPT_TUI_{var}"] = os.path.join(tmp, var.lower())
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if args.app:
            env["PYTHONPATH"] = os.path.abspath(args.app)
            compileall.compile_dir(args.app, quiet=1)
        launch = launch_runs(db, env, args.launch_runs or args.runs)
        keys = key_runs(db, env, args.runs, only)
    report(keys, launch, args)


def _ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def _p90_ms(values: list[float]) -> float:
    """The 90th percentile (the targets' measure), by the nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, -(-9 * len(ordered) // 10) - 1)] * 1000


def report(keys: dict, launch: dict, args) -> None:
    print(f"load average {os.getloadavg()[0]:.2f}; medians of {args.runs} runs")
    print(f"{'key':14} {'minimal ms':>10} {'ckpt ms':>8} {'p90':>6} {'ratio':>6} {'cpu→frame':>9} "
          f"{'cpu→idle':>8} {'min screen ms':>13} {'ratio':>6}")
    for name, row in keys.items():
        lo, hi = _ms(row["min"]), _ms(row["ckpt"])
        line = (f"{name:14} {lo:10.1f} {hi:8.1f} {_p90_ms(row['ckpt']):6.1f} {hi / lo:6.2f} "
                f"{statistics.median(row['cpu']):9.1f} {statistics.median(row['cpu_idle']):8.1f}")
        if "screen" in row:
            screen = _ms(row["screen"])
            line += f" {screen:13.1f} {hi / screen:6.2f}"
        print(line)
    base = _ms(launch["minimal_first"])
    for label, values in (("first frame", launch["first"]), ("panes filled", launch["full"]),
                          ("settled", launch["settled"])):
        print(f"launch, {label:12} {_ms(values):8.1f} ms  {_ms(values) / base:.2f}× the minimal "
              f"app's first frame ({base:.1f} ms)")
    for name, row in launch["firsts"].items():
        hi, screen = _ms(row["ckpt"]), _ms(row["screen"])
        print(f"launch, {name:12} {hi:8.1f} ms  {hi / screen:.2f}× the min screen's first push "
              f"({screen:.1f} ms)")
    if args.json:
        Path(args.json).write_text(json.dumps({"keys": keys, "launch": launch}, indent=1))


if __name__ == "__main__":
    main()
