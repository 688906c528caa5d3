"""How long the first screen of a big opencode conversation takes to load.

Builds, in a temporary dir, an ``opencode.db`` with the schema of the
committed fixture (which the real opencode CLI made) holding one session of
5,000 messages and 20,000 parts (tool outputs of 2-30 KB, as real reads and
greps produce) beside 40 ordinary sessions, then times from a fresh
:class:`OpencodeReader` each run:

- baseline: open the file read-only, ``SELECT 1``, close;
- first page: the session's first 50 messages with their parts (what the
  conversation view shows first), with and without opencode "running"
  (a second connection holding the WAL open);
- count, one session's info, and the whole session list, for scale.

Target: the first page well under 200 ms. Run it as
``.venv/bin/python bench/bench_conversation.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))

from ckpt_tui.opencode import OpencodeReader  # noqa: E402

FIXTURE_DB = ROOT / "tests" / "fixtures" / "opencode" / "opencode.db"
RUNS = 15
PAGE = 50
TARGET_MS = 200.0
BIG_SESSION = "ses_bench0000000000000000big"
BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def schema_sql() -> list[str]:
    conn = sqlite3.connect(f"file:{FIXTURE_DB}?mode=ro&immutable=1", uri=True)
    rows = conn.execute(
        "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' "
        "ORDER BY type = 'index', name"
    ).fetchall()
    conn.close()
    return [r[0] for r in rows]


class Ids:
    """Ascending ids shaped like opencode's (prefix, 12 hex of time, 14 base62)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.n = rng, 0

    def __call__(self, prefix: str, at_ms: int) -> str:
        self.n += 1
        tail = "".join(self.rng.choice(BASE62) for _ in range(14))
        return f"{prefix}_{(at_ms * 4096 + self.n) & (1 << 48) - 1:012x}{tail}"


def add_session(conn, ids: Ids, rng, sid: str, *, messages: int, start_ms: int) -> int:
    """``messages`` alternating user/assistant messages; returns parts written."""
    conn.execute(
        "INSERT INTO project (id, worktree, vcs, time_created, time_updated, sandboxes) "
        "VALUES ('bench', '/tmp/bench', 'git', 0, 0, '[]') ON CONFLICT DO NOTHING"
    )
    conn.execute(
        "INSERT INTO session (id, project_id, slug, directory, title, version, "
        "time_created, time_updated) VALUES (?, 'bench', 'bench', '/tmp/bench', ?, '1.18.33', ?, ?)",
        (sid, f"bench {sid}", start_ms, start_ms),
    )
    at, parts_written, user_id = start_ms, 0, None
    for n in range(messages):
        at += 1000
        role = "user" if n % 2 == 0 else "assistant"
        mid = ids("msg", at)
        data = {"role": role, "time": {"created": at}, "agent": "build"}
        if role == "user":
            user_id = mid
            data["model"] = {"providerID": "anthropic", "modelID": "claude-sonnet-4-5"}
            bodies = [{"type": "text", "text": f"Request {n}: " + "please fix it " * 20}]
        else:
            data.update(
                parentID=user_id,
                mode="build",
                modelID="claude-sonnet-4-5",
                providerID="anthropic",
                cost=0.01,
                path={"cwd": "/tmp/bench"},
                tokens={"input": 1, "output": 1, "reasoning": 0, "cache": {"read": 0, "write": 0}},
            )
            data["time"]["completed"] = at + 900
            bodies = [
                {"type": "step-start"},
                {
                    "type": "reasoning",
                    "text": "Thinking it through. " * 15,
                    "time": {"start": at, "end": at + 100},
                },
            ]
            for k in range(3):
                bodies.append(
                    {
                        "type": "tool",
                        "callID": f"call{n}_{k}",
                        "tool": rng.choice(["read", "grep", "bash"]),
                        "state": {
                            "status": "completed",
                            "input": {"filePath": f"/tmp/bench/f{k}.py"},
                            "output": "x" * rng.randint(2_000, 30_000),
                            "title": f"f{k}.py",
                            "metadata": {},
                            "time": {"start": at + 100 * k, "end": at + 100 * k + 80},
                        },
                    }
                )
            bodies += [
                {"type": "text", "text": "Done with step " + str(n)},
                {
                    "type": "step-finish",
                    "reason": "stop",
                    "cost": 0.01,
                    "tokens": {
                        "input": 1,
                        "output": 1,
                        "reasoning": 0,
                        "cache": {"read": 0, "write": 0},
                    },
                },
            ]
        conn.execute(
            "INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?,?,?,?,?)",
            (mid, sid, at, at, json.dumps(data)),
        )
        for body in bodies:
            conn.execute(
                "INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) "
                "VALUES (?,?,?,?,?,?)",
                (ids("prt", at), mid, sid, at, at, json.dumps(body)),
            )
        parts_written += len(bodies)
    return parts_written


def build(data_dir: Path) -> tuple[int, int]:
    rng = random.Random(7)
    ids = Ids(rng)
    db = data_dir / "opencode.db"
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("BEGIN")
    for statement in schema_sql():
        conn.execute(statement)
    # 2,500 user messages of 1 part and 2,500 assistant messages of 7: 20,000 parts.
    parts = add_session(conn, ids, rng, BIG_SESSION, messages=5000, start_ms=1_772_000_000_000)
    for k in range(40):
        add_session(
            conn, ids, rng, f"ses_bench{k:019d}", messages=20, start_ms=1_771_000_000_000 + k
        )
    conn.execute("COMMIT")
    messages = conn.execute(
        "SELECT count(*) FROM message WHERE session_id = ?", (BIG_SESSION,)
    ).fetchone()[0]
    conn.close()
    return messages, parts


def timed(fn: Callable[[], object]) -> list[float]:
    fn()  # warm the page cache once, as a second look at a session would
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def baseline(db: Path) -> None:
    conn = sqlite3.connect(db.resolve().as_uri() + "?mode=ro", uri=True)
    conn.execute("SELECT 1").fetchone()
    conn.close()


def first_page(data_dir: Path) -> None:
    page = OpencodeReader(data_dir).conversation_page(BIG_SESSION, limit=PAGE)
    assert len(page.messages) == PAGE and page.cursor is not None


async def _view_first_screen(data_dir: Path, runs: int) -> list[float]:
    """``c`` in the app: from opening the conversation screen to the first
    frame that draws its messages (the app loads them in pages)."""
    from ckpt_tui.core.service import open_service
    from ckpt_tui.store import Store
    from ckpt_tui.ui.app import CkptApp
    from ckpt_tui.ui.widgets.text_lines import TextLines

    drawn: list[float] = []
    original = TextLines.render_line

    def render_line(self, y):
        if type(self).__name__ == "ConversationView" and self.line_count and not drawn:
            drawn.append(time.perf_counter())
        return original(self, y)

    TextLines.render_line = render_line
    store = data_dir / "checkpoints.db"
    Store.create(store).close()
    service = open_service(store)
    app = CkptApp(service, poll=False, opencode_data=str(data_dir))
    samples: list[float] = []
    try:
        async with app.run_test(size=(140, 40)) as pilot:
            while not app.activity.readable:
                await asyncio.sleep(0.005)
            for _ in range(runs):
                drawn.clear()
                start = time.perf_counter()
                app.conversation(BIG_SESSION, None)
                while not drawn:
                    await asyncio.sleep(0.001)
                samples.append((drawn[0] - start) * 1000)
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()
    finally:
        TextLines.render_line = original
        service.close()
    return samples


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="ckpt-bench-") as tmp:
        data_dir = Path(tmp)
        t0 = time.perf_counter()
        messages, parts = build(data_dir)
        db = data_dir / "opencode.db"
        print(
            f"built {messages} messages, {parts} parts in one session "
            f"({db.stat().st_size / 1e6:.0f} MB db) in {time.perf_counter() - t0:.1f} s"
        )

        rows = [
            ("baseline: open + SELECT 1 + close", timed(lambda: baseline(db))),
            (f"first page ({PAGE} msgs), idle db", timed(lambda: first_page(data_dir))),
        ]
        holder = sqlite3.connect(db)  # as a running opencode holds it: -wal and -shm exist
        holder.execute("SELECT count(*) FROM session").fetchone()
        try:
            rows.append(
                (f"first page ({PAGE} msgs), db in use", timed(lambda: first_page(data_dir)))
            )
            reader = OpencodeReader(data_dir)
            rows.append(
                ("conversation_count", timed(lambda: reader.conversation_count(BIG_SESSION)))
            )
            rows.append(
                ("session(id)", timed(lambda: OpencodeReader(data_dir).session(BIG_SESSION)))
            )
            rows.append(
                ("sessions() (41 sessions)", timed(lambda: OpencodeReader(data_dir).sessions()))
            )
        finally:
            holder.close()
        for var, sub in (("CONFIG", "config"), ("STATE", "state"), ("CACHE", "cache")):
            os.environ.setdefault(f"CKPT_TUI_{var}", str(data_dir / sub))
        rows.append(
            (
                "conversation view: open to first screen",
                asyncio.run(_view_first_screen(data_dir, 9)),
            )
        )

    print(f"\n{'what':40} {'median ms':>10} {'max ms':>10}   ({RUNS} runs)")
    for name, samples in rows:
        print(f"{name:40} {statistics.median(samples):10.2f} {max(samples):10.2f}")
    worst_page = max(
        statistics.median(s)
        for n, s in rows
        if n.startswith("first page") or n.startswith("conversation view")
    )
    verdict = "OK" if worst_page < TARGET_MS else "TOO SLOW"
    print(f"\nfirst page median {worst_page:.1f} ms, target < {TARGET_MS:.0f} ms: {verdict}")
    return 0 if worst_page < TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
