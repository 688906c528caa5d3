"""Generate a large checkpoint store for the benchmarks, deterministic for a seed.

    python bench/generate.py [OUT.db] [--seed N] [--small] [--force]

The full store: 200 projects, 10,000 sessions (one project much bigger than
the rest, a fifth of the sessions are sub-agent children), a checkpoint row
for every session, 200,000 snapshots of about 2 KB each, one session with
5,000 snapshots, and one session whose snapshots ``huge-before`` and
``huge-after`` are about 1 MB each (the second an edited copy of the first).
The schema comes from ``Store.create`` (the plugin's DDL); rows go in with
plain ``executemany``. A sidecar ``OUT.db.json`` records the generator
version, the seed and the ids the benchmarks need; an existing file with the
same version and seed is reused.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))

GENERATOR_VERSION = 1
DEFAULT_OUT = Path(__file__).resolve().parent / ".data" / "large.db"
FULL = {"projects": 200, "sessions": 10_000, "snapshots": 200_000, "long": 5_000, "huge_kb": 1024}
SMALL = {"projects": 4, "sessions": 40, "snapshots": 600, "long": 120, "huge_kb": 64}
#: The million-snapshot store: a tenth of 50,450 sessions makes
#: the 5,045-session project.
MILLION = {
    "projects": 1_000,
    "sessions": 50_450,
    "snapshots": 1_000_000,
    "long": 5_000,
    "huge_kb": 1024,
}
SIZES = {"small": SMALL, "large": FULL, "million": MILLION}
T0_MS = 1_764_547_200_000  # 2025-12-01T00:00:00Z
BATCH = 5_000

VERBS = (  # noqa: SIM905
    "add fix refactor rename split merge extract inline cache validate document test migrate "
    "wire remove replace port tune guard retry log parse render"
).split()
THINGS = (  # noqa: SIM905
    "the session list|keyset pagination|the diff view|restore preview|undo journal|busy retry|"
    "WAL checkpointing|the snapshot codec|status filter|word diff|project tree|config loader|"
    "keymap|legacy import|handoff file|search index|error banner|footer hints|payload decoder|"
    "timestamp parser|pruning|pre-restore snapshot|CLI output|theme"
).split("|")
WHY = (  # noqa: SIM905
    "so the plugin and the TUI agree|to stay under 20 ms|for sessions with 5k snapshots|"
    "because the test flaked|as the review asked|before the release|to keep invariant 4|"
    "so undo survives a crash|for read-only stores|to avoid a full scan"
).split("|")
DIRS = ("src", "lib", "app", "core", "store", "ui", "cli", "tests", "docs", "scripts", "pkg")
EXTS = ("py", "ts", "tsx", "rs", "go", "md", "json", "toml", "sql")
KINDS, KIND_WEIGHTS = ("auto", "manual", "compaction", "pre-restore"), (85, 8, 5, 2)
LIST_KEYS = ("completedSteps", "nextSteps", "blockers", "filesTouched")
STATUSES = ("in_progress",) * 6 + ("blocked", "done", "abandoned")


def iso(ms: int) -> str:
    moment = datetime.fromtimestamp(ms / 1000, UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


class Gen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        r = self.rng
        self.sentences = [
            f"{r.choice(VERBS).capitalize()} {r.choice(THINGS)} {r.choice(WHY)}"
            + (f" (see #{r.randint(10, 999)})" if r.random() < 0.3 else "")
            for _ in range(4000)
        ]
        self.files = [
            f"{r.choice(DIRS)}/{r.choice(DIRS)}/{r.choice(THINGS).split()[-1]}_{i}.{r.choice(EXTS)}"
            for i in range(3000)
        ]

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def hexid(self, n: int) -> str:
        return f"{self.rng.getrandbits(4 * n):0{n}x}"

    def sentence(self) -> str:
        return self.rng.choice(self.sentences)

    def para(self, n: int) -> str:
        return ". ".join(self.rng.choices(self.sentences, k=n)) + "."

    def checkpoint(self) -> dict:
        r = self.rng
        return {
            "title": self.sentence()[:60],
            "objective": self.para(2),
            "status": "in_progress",
            "summary": self.para(4),
            "currentPlan": "\n".join(f"{i}. {self.sentence()}" for i in range(1, 7)),
            "completedSteps": r.choices(self.sentences, k=r.randint(2, 6)),
            "nextSteps": r.choices(self.sentences, k=r.randint(3, 5)),
            "blockers": [],
            "filesTouched": r.sample(self.files, r.randint(4, 10)),
            "notes": self.para(4),
            "schemaVersion": 1,
            "synthesized": False,
        }

    def evolve(self, cp: dict) -> None:
        """One save's worth of change, keeping the payload near 2 KB."""
        r = self.rng
        if cp["nextSteps"] and r.random() < 0.6:
            cp["completedSteps"].append(cp["nextSteps"].pop(0))
            cp["completedSteps"] = cp["completedSteps"][-8:]
        if len(cp["nextSteps"]) < 5 or r.random() < 0.3:
            cp["nextSteps"].insert(r.randint(0, len(cp["nextSteps"])), self.sentence())
            cp["nextSteps"] = cp["nextSteps"][:6]
        if r.random() < 0.4:
            cp["filesTouched"] = [*cp["filesTouched"][-11:], r.choice(self.files)]
        if r.random() < 0.5:
            cp["summary"] = self.para(4)
        if r.random() < 0.3:
            lines = cp["currentPlan"].split("\n")
            i = r.randrange(len(lines))
            lines[i] = f"{i + 1}. {self.sentence()}"
            cp["currentPlan"] = "\n".join(lines)
        if r.random() < 0.2:
            cp["notes"] = self.para(4)
        if r.random() < 0.05:
            cp["blockers"] = [] if cp["blockers"] else [self.sentence()]
            cp["status"] = "blocked" if cp["blockers"] else "in_progress"
        elif r.random() < 0.03:
            cp["status"] = r.choice(STATUSES)

    def huge_pair(self, kb: int) -> tuple[dict, dict]:
        """Two payloads of about ``kb`` KB; the second is an edited first."""
        r, n = self.rng, kb * 1024 // 128
        sec = 0

        def log_line() -> str:
            nonlocal sec
            sec += r.randint(1, 90)
            return f"[{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}] {self.sentence()}"

        old = {
            "title": "Port the store layer to keyset pages",
            "objective": self.para(3),
            "status": "in_progress",
            "summary": "\n".join(self.para(2) for _ in range(n // 20)),
            "currentPlan": "\n".join(f"{i}. {self.sentence()}" for i in range(1, n // 5)),
            "completedSteps": [f"{self.sentence()} [{self.hexid(7)}]" for _ in range(n // 3)],
            "nextSteps": [f"{self.sentence()} [{self.hexid(7)}]" for _ in range(n // 20)],
            "blockers": [self.sentence() for _ in range(5)],
            "filesTouched": [f"{f}:{i}" for i, f in enumerate(r.choices(self.files, k=n // 3))],
            "notes": "\n".join(log_line() for _ in range(n * 3 // 2)),
            "schemaVersion": 1,
            "synthesized": False,
            "agentModel": "anthropic/claude-sonnet",
        }
        new = json.loads(json.dumps(old))
        notes = new["notes"].split("\n")
        for _ in range(40):  # reworded lines
            i = r.randrange(len(notes))
            notes[i] = notes[i].replace(" the ", " a ", 1) + " (edited)"
        for _ in range(25):  # removed lines
            del notes[r.randrange(len(notes))]
        for _ in range(8):  # inserted blocks
            i = r.randrange(len(notes))
            notes[i:i] = [f"[--:--:--] {self.sentence()}" for _ in range(r.randint(1, 6))]
        new["notes"] = "\n".join(notes)
        plan = new["currentPlan"].split("\n")
        for _ in range(10):
            plan[r.randrange(len(plan))] += " -- done"
        plan[len(plan) // 2 : len(plan) // 2] = [f"{i}a. {self.sentence()}" for i in range(12)]
        new["currentPlan"] = "\n".join(plan)
        done, nxt = new["completedSteps"], new["nextSteps"]
        for _ in range(10):  # next steps finished: move to completed
            done.append(nxt.pop(r.randrange(len(nxt))))
        for _ in range(8):  # moved items
            done.insert(r.randrange(len(done)), done.pop(r.randrange(len(done))))
        for _ in range(6):  # reworded items
            i = r.randrange(len(done))
            done[i] = done[i].replace("the", "our", 1) + " (verified)"
        for _ in range(5):
            del done[r.randrange(len(done))]
        nxt.extend(f"{self.sentence()} [{self.hexid(7)}]" for _ in range(12))
        new["filesTouched"] += r.sample(self.files, 20)
        del new["filesTouched"][:4]
        new["blockers"] = [*new["blockers"][1:], self.sentence(), self.sentence()]
        new["status"] = "blocked"
        new["summary"] = new["summary"].replace(".", "!", 3)
        return old, new


def _snapshot_counts(gen: Gen, size: dict) -> list[int]:
    """Snapshots per session: [long, huge, restore target, ordinary ...], summing exactly."""
    r = gen.rng
    special = [size["long"], 4, 20]
    rest = size["sessions"] - len(special)
    budget = size["snapshots"] - sum(special)
    counts = [r.randint(1, 2 * budget // rest) for _ in range(rest)]
    while (diff := budget - sum(counts)) != 0:
        i = r.randrange(rest)
        if diff > 0:
            counts[i] += 1
        elif counts[i] > 1:
            counts[i] -= 1
    return special + counts


def generate(out: Path, seed: int, size: dict) -> dict:
    from ckpt_tui.store import Store

    gen, r = Gen(seed), random.Random(seed + 1)
    tmp = out.with_name(out.name + ".tmp")
    for p in (tmp, *(Path(f"{f}-{x}") for f in (tmp, out) for x in ("wal", "shm"))):
        p.unlink(missing_ok=True)
    Store.create(tmp).close()
    conn = sqlite3.connect(tmp, isolation_level=None)
    conn.execute("PRAGMA journal_mode=OFF")  # generation only; WAL is set back below
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("PRAGMA cache_size=-262144")

    projects = [
        (gen.hexid(40), f"/home/dev/code/{r.choice(THINGS).split()[-1]}-{i}")
        for i in range(size["projects"])
    ]
    big_project = projects[0][0]
    # a tenth of the sessions belong to the big project, the rest spread evenly
    owners = [
        big_project if i < size["sessions"] // 10 or i < 3 else projects[i % len(projects)][0]
        for i in range(size["sessions"])
    ]
    counts = _snapshot_counts(gen, size)
    alnum = "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghijkmnpqrstvwxyz"
    session_ids = ["ses_" + "".join(r.choices(alnum, k=26)) for _ in owners]
    by_project: dict[str, list[str]] = {}
    project_last: dict[str, int] = {}
    sess_rows, cp_rows, snap_rows = [], [], []
    huge = gen.huge_pair(size["huge_kb"])
    insert_snap = "INSERT INTO snapshots VALUES (?,?,?,?,?,?,?,?,?)"
    conn.execute("BEGIN")
    for i, (sid, pid, count) in enumerate(zip(session_ids, owners, counts, strict=True)):
        siblings = by_project.setdefault(pid, [])
        parent = r.choice(siblings) if siblings and r.random() < 0.2 else None
        siblings.append(sid)
        at = T0_MS - r.randint(0, 300 * 86_400_000)
        created, pid_num, cp = at, r.randint(1000, 99999), gen.checkpoint()
        for seq in range(1, count + 1):
            at += r.randint(20_000, 1_200_000)
            if i == 1 and seq > count - 2:  # the huge pair ends this session
                payload = cp = huge[seq - count + 1]
                kind, name = "manual", ("huge-before", "huge-after")[seq - count + 1]
            else:
                gen.evolve(cp)
                payload, kind = cp, r.choices(KINDS, KIND_WEIGHTS)[0]
                name = f"{kind}-{at}-{pid_num}{seq}"
                if kind == "manual":
                    name = f"checkpoint {seq}: {gen.sentence()[:40]}"
            text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
            snap_rows.append((gen.uuid(), sid, pid, name, kind, iso(at), text, 1, None))
        at += r.randint(1_000, 600_000)
        project_last[pid] = max(project_last.get(pid, 0), at)
        title = cp["title"] if r.random() < 0.9 else None
        sess_rows.append((sid, pid, parent, title, iso(created), iso(at)))
        lists = (json.dumps(cp[k], ensure_ascii=False) for k in LIST_KEYS)
        texts = (cp[k] for k in ("title", "objective", "status", "summary", "currentPlan"))
        synthesized = int(r.random() < 0.01)
        cp_rows.append(
            (sid, pid, *texts, *lists, cp["notes"], 1, synthesized, iso(created), iso(at))
        )
        if len(snap_rows) >= BATCH:
            conn.executemany(insert_snap, snap_rows)
            snap_rows.clear()
    conn.executemany(insert_snap, snap_rows)
    conn.executemany(
        "INSERT INTO projects VALUES (?,?,?,?,?)",
        [
            (pid, d, d, iso(T0_MS - 400 * 86_400_000), iso(project_last.get(pid, T0_MS)))
            for pid, d in projects
        ],
    )
    conn.executemany("INSERT INTO sessions VALUES (?,?,?,?,?,?)", sess_rows)
    conn.executemany("INSERT INTO checkpoints VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", cp_rows)
    conn.execute("COMMIT")
    problems = conn.execute("PRAGMA foreign_key_check").fetchall()
    assert not problems, problems[:5]
    conn.execute("PRAGMA journal_mode=WAL")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()
    tmp.replace(out)
    meta = {
        "generator": GENERATOR_VERSION,
        "seed": seed,
        "size": size,
        "big_project": big_project,
        "long_session": session_ids[0],
        "huge_session": session_ids[1],
        "restore_session": session_ids[2],
    }
    Path(f"{out}.json").write_text(json.dumps(meta, indent=2) + "\n")
    return meta


def ensure(
    out: Path = DEFAULT_OUT,
    seed: int = 1,
    small: bool = False,
    force: bool = False,
    size_name: str | None = None,
) -> dict:
    """The store at ``out``, generated unless a matching one is already there."""
    size = SIZES[size_name or ("small" if small else "large")]
    meta_path = Path(f"{out}.json")
    if not force and out.exists() and meta_path.exists():
        meta = json.loads(meta_path.read_text())
        if (meta.get("generator"), meta.get("seed"), meta.get("size")) == (
            GENERATOR_VERSION,
            seed,
            size,
        ):
            return meta
    out.parent.mkdir(parents=True, exist_ok=True)
    return generate(out, seed, size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", action="store_true", help="a tiny store for a smoke test")
    parser.add_argument(
        "--million",
        action="store_true",
        help="1,000,000 snapshots, 50,450 sessions (about 3.8 GB; default file million.db)",
    )
    parser.add_argument("--force", action="store_true", help="regenerate even if cached")
    args = parser.parse_args(argv)
    if args.million and args.out == DEFAULT_OUT:
        args.out = DEFAULT_OUT.with_name("million.db")
    start = time.perf_counter()
    name = "million" if args.million else ("small" if args.small else "large")
    meta = ensure(args.out, args.seed, force=args.force, size_name=name)
    size_mb = os.path.getsize(args.out) / 1e6
    print(f"{args.out}: {size_mb:.0f} MB, seed {meta['seed']}, {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
