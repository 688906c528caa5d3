"""opencode's own data for the demo store: what ``c``, ``o`` and nesting show.

Without it the demo would read the person's real opencode data dir, where
none of the demo's sessions exist: every one would be marked ``gone`` and
the conversation view would be empty. So the demo writes an ``opencode.db``
of its own beside the store, in the schema of the real opencode 1.18.33
(the tables the reader uses, copied verbatim from the database that the
test fixtures were made with), with the store's own project and session ids:
conversations whose messages interleave with the snapshots, a child session
(the store's nesting), an archived session, and one session that opencode
has and the store does not (``o`` shows it).
"""

from __future__ import annotations

import json
import random
import sqlite3
from itertools import repeat
from pathlib import Path

from ckpt_tui import timeutil
from ckpt_tui.store.query import Query

#: The tables of opencode 1.18.33 that ckpt-tui reads, as opencode creates them.
SCHEMA = (
    """CREATE TABLE `project` (
          `id` text PRIMARY KEY,
          `worktree` text NOT NULL,
          `vcs` text,
          `name` text,
          `icon_url` text,
          `icon_url_override` text,
          `icon_color` text,
          `time_created` integer NOT NULL,
          `time_updated` integer NOT NULL,
          `time_initialized` integer,
          `sandboxes` text NOT NULL,
          `commands` text
        )""",
    """CREATE TABLE `session` (
          `id` text PRIMARY KEY,
          `project_id` text NOT NULL,
          `workspace_id` text,
          `parent_id` text,
          `slug` text NOT NULL,
          `directory` text NOT NULL,
          `path` text,
          `title` text NOT NULL,
          `version` text NOT NULL,
          `share_url` text,
          `summary_additions` integer,
          `summary_deletions` integer,
          `summary_files` integer,
          `summary_diffs` text,
          `metadata` text,
          `cost` real DEFAULT 0 NOT NULL,
          `tokens_input` integer DEFAULT 0 NOT NULL,
          `tokens_output` integer DEFAULT 0 NOT NULL,
          `tokens_reasoning` integer DEFAULT 0 NOT NULL,
          `tokens_cache_read` integer DEFAULT 0 NOT NULL,
          `tokens_cache_write` integer DEFAULT 0 NOT NULL,
          `revert` text,
          `permission` text,
          `agent` text,
          `model` text,
          `time_created` integer NOT NULL,
          `time_updated` integer NOT NULL,
          `time_compacting` integer,
          `time_archived` integer,
          CONSTRAINT `fk_session_project_id_project_id_fk` FOREIGN KEY (`project_id`) REFERENCES `project`(`id`) ON DELETE CASCADE
        )""",
    "CREATE INDEX `session_project_idx` ON `session` (`project_id`)",
    "CREATE INDEX `session_parent_idx` ON `session` (`parent_id`)",
    """CREATE TABLE `message` (
          `id` text PRIMARY KEY,
          `session_id` text NOT NULL,
          `time_created` integer NOT NULL,
          `time_updated` integer NOT NULL,
          `data` text NOT NULL,
          CONSTRAINT `fk_message_session_id_session_id_fk` FOREIGN KEY (`session_id`) REFERENCES `session`(`id`) ON DELETE CASCADE
        )""",
    "CREATE INDEX `message_session_time_created_id_idx` ON `message` (`session_id`,`time_created`,`id`)",
    """CREATE TABLE `part` (
          `id` text PRIMARY KEY,
          `message_id` text NOT NULL,
          `session_id` text NOT NULL,
          `time_created` integer NOT NULL,
          `time_updated` integer NOT NULL,
          `data` text NOT NULL,
          CONSTRAINT `fk_part_message_id_message_id_fk` FOREIGN KEY (`message_id`) REFERENCES `message`(`id`) ON DELETE CASCADE
        )""",
    "CREATE INDEX `part_message_id_id_idx` ON `part` (`message_id`,`id`)",
    "CREATE INDEX `part_session_idx` ON `part` (`session_id`)",
)

VERSION = "1.18.33"
MODEL = {"providerID": "anthropic", "modelID": "claude-sonnet-4-5"}
BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
#: The demo session that opencode has archived.
ARCHIVED = "ses_webshop_02"
#: A session only opencode knows: the checkpoint plugin saved nothing for it.
OPENCODE_ONLY = ("ses_acme_api_quick", "prj_acme_api", "Why is CI cache missing?")

PROMPTS = (
    "Let's work on this: {title}. Start by reading what is there.",
    "Good. Go on with the next step, and keep the tests green.",
    "That failed on CI. Look at the log and fix it.",
    "Looks right. Write down where we are before you continue.",
)
REPLIES = (
    "I read the relevant files; here is the plan.",
    "Done with that step. The tests pass locally.",
    "Found it: the fixture was shared between tests. Fixed and re-ran.",
    "Saved a checkpoint with what is done and what comes next.",
)


class _Ids:
    """Ascending ids shaped like opencode's (prefix, 12 hex of time, 14 base62)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.n = rng, 0

    def __call__(self, prefix: str, at_ms: int) -> str:
        self.n += 1
        tail = "".join(map(self.rng.choice, repeat(BASE62, 14)))
        return f"{prefix}_{(at_ms * 4096 + self.n) & ((1 << 48) - 1):012x}{tail}"


def write_opencode_demo(store_db: Path, target: Path, *, seed: int = 7) -> Path:
    """Write ``target/opencode.db`` for the demo store at ``store_db``; return ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    db = target / "opencode.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    projects, sessions, files = _read_store(store_db)
    rng, ids = random.Random(seed), None
    ids = _Ids(rng)
    conn = sqlite3.connect(db)
    try:
        conn.execute("BEGIN")  # the tables too: one transaction, one sync of the file
        for sql in SCHEMA:
            conn.execute(sql)
        for project_id, directory in projects.items():
            conn.execute(
                "INSERT INTO project (id, worktree, vcs, time_created, time_updated, sandboxes) "
                "VALUES (?, ?, 'git', 0, 0, '[]')",
                (project_id, directory),
            )
        oc_only = {
            "id": OPENCODE_ONLY[0],
            "project_id": OPENCODE_ONLY[1],
            "parent_id": None,
            "title": OPENCODE_ONLY[2],
            "times": [max(s["times"][-1] for s in sessions) + 600_000],
        }
        rows = _Rows()
        for session in [*sessions, oc_only]:
            _write_session(conn, ids, rows, session, projects, files.get(session["id"], []))
        conn.executemany(
            "INSERT INTO message (id, session_id, time_created, time_updated, data) "
            "VALUES (?,?,?,?,?)",
            rows.messages,
        )
        conn.executemany(
            "INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) "
            "VALUES (?,?,?,?,?,?)",
            rows.parts,
        )
        conn.commit()
    finally:
        conn.close()
    return target


def _read_store(store_db: Path):
    conn = sqlite3.connect(f"file:{store_db}?mode=ro", uri=True)
    q = Query(conn)
    try:
        projects = {r[0]: r[1] for r in q.run("demo_projects")}
        sessions = []
        for sid, pid, parent, title, created in q.run("demo_sessions"):
            times = [_ms(r[0]) for r in q.run("demo_save_times", session_id=sid)]
            sessions.append(
                {
                    "id": sid,
                    "project_id": pid,
                    "parent_id": parent,
                    "title": title or sid,
                    "times": times or [_ms(created)],
                }
            )
        files = {sid: json.loads(raw) for sid, raw in q.run("demo_files") if raw.startswith("[")}
    finally:
        conn.close()
    return projects, sessions, files


def _ms(value: object) -> int:
    moment = timeutil.parse(value)
    return timeutil.epoch_ms(moment) if moment else 0


class _Rows:
    """The messages and parts of every session, in the order they are made,
    for one ``executemany`` a table (one ``execute`` a row cost more than
    the rest of the opencode demo)."""

    def __init__(self) -> None:
        self.messages: list[tuple] = []
        self.parts: list[tuple] = []


def _write_session(
    conn, ids: _Ids, rows: _Rows, session: dict, projects: dict, files: list
) -> None:
    """One exchange of a prompt and a reply before each snapshot, so the
    conversation view has a snapshot marker between every two exchanges."""
    directory = projects[session["project_id"]]
    times = session["times"]
    start = times[0] - 120_000
    archived = times[-1] + 60_000 if session["id"] == ARCHIVED else None
    conn.execute(
        "INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, agent, "
        "time_created, time_updated, time_archived) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        (
            session["id"],
            session["project_id"],
            session["parent_id"],
            session["title"].lower().replace(" ", "-")[:24],
            directory,
            session["title"],
            VERSION,
            "explore" if session["parent_id"] else "build",
            start,
            times[-1],
            archived,
        ),
    )
    for n, at in enumerate(times[:8]):
        asked = at - 90_000
        prompt = PROMPTS[n % len(PROMPTS)].format(title=session["title"])
        user = ids("msg", asked)
        data = {"role": "user", "time": {"created": asked}, "agent": "build", "model": MODEL}
        _message(rows, session["id"], user, asked, data, [{"type": "text", "text": prompt}], ids)
        answered = asked + 30_000
        reply = {
            "role": "assistant",
            "time": {"created": answered, "completed": answered + 40_000},
            "parentID": user,
            **MODEL,
            "mode": "build",
            "agent": "explore" if session["parent_id"] else "build",
            "path": {"cwd": directory, "root": directory},
            "cost": 0.0031 + 0.0007 * n,
            "tokens": {
                "input": 1200 + 150 * n,
                "output": 180 + 20 * n,
                "reasoning": 40,
                "cache": {"read": 800, "write": 0},
            },
            "finish": "stop",
        }
        parts = _reply_parts(n, directory, files, answered)
        _message(rows, session["id"], ids("msg", answered), answered, reply, parts, ids)


def _reply_parts(n: int, directory: str, files: list, answered: int) -> list[dict]:
    """The parts of the ``n``-th reply: a step, a tool call on one of the
    session's files (if it has any), and the text."""
    parts: list[dict] = [{"type": "step-start"}]
    touched = files[n % len(files)] if files else None
    if touched:
        parts.append(
            {
                "type": "tool",
                "callID": f"toolu_demo{n}",
                "tool": "read" if n % 2 == 0 else "edit",
                "state": {
                    "status": "completed",
                    "input": {"filePath": f"{directory}/{touched}"},
                    "output": f"<file>\n00001| // {touched}\n</file>",
                    "title": touched,
                    "metadata": {},
                    "time": {"start": answered + 1_000, "end": answered + 2_500},
                },
            }
        )
    parts.append({"type": "text", "text": REPLIES[n % len(REPLIES)]})
    return parts


def _message(
    rows: _Rows, session_id: str, message_id: str, at: int, data: dict, parts, ids
) -> None:
    rows.messages.append((message_id, session_id, at, at, json.dumps(data, separators=(",", ":"))))
    for part in parts:
        rows.parts.append(
            (
                ids("prt", at),
                message_id,
                session_id,
                at,
                at,
                json.dumps(part, separators=(",", ":")),
            )
        )
