"""A ckpt-tui process that restores, copies, undoes and redoes in a loop.

Usage: ``python -m tests.workers.ckpt_cycler DB SESSION MODE N SEED``.

MODE ``app``: as the app does it, each write planned first and applied
after (a save of the plugin in between is a :class:`Conflict`, refused, and
planned again, up to three times, as a person confirms the new preview);
MODE ``cli``: the command line's own entry point, in this process (planned
and written under one lock). The fields it restores are never the ones the
plugin-like writer saves. N operations (0: until killed or told to stop by
a second line on stdin, saying ``op I`` before each), chosen by SEED. With
N > 0 each operation waits first until the plugin-like writer saved since
the one before, so the N operations interleave with its saves however
loaded the machine is. Prints ``ready``, waits for a line on stdin,
then one JSON line of counts:
``wrote``, ``nothing``, ``conflict``, ``gone``, ``asked`` (undo could not
tell which fields: must not happen, every pre-restore is ckpt-tui's),
``outside`` (redo refused as "restored outside ckpt-tui": must not happen
either) and ``errors`` (the first few, in full).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import select
import sqlite3
import sys
import time

from ckpt_tui.cli.main import main as cli_main
from ckpt_tui.core import across
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import ChooseFields, CkptError, Conflict, NotFound, NothingToDo

#: what ckpt-tui writes here; the plugin-like writer owns other fields
OURS = ("objective", "status", "summary")
SOURCES = ("src-0", "src-1", "src-2", "src-3")


def operation(rng: random.Random, svc, session: str) -> tuple[str, list[str]]:
    kind = rng.choice(["copy", "copy", "restore", "undo", "undo", "redo"])
    fields = rng.sample(OURS, rng.randint(1, len(OURS)))
    if kind == "copy":
        return kind, [f"src:{rng.choice(SOURCES)}", session, "--fields", ",".join(fields)]
    if kind == "restore":
        rows = svc.snapshots(session, limit=6).rows
        if not rows:
            return "undo", [session]
        return kind, [session, rng.choice(rows).id, "--fields", ",".join(fields)]
    return kind, [session]


def plugin_fields(db: str, session: str) -> tuple:
    """What the plugin-like writer's fields hold now (ckpt-tui writes only
    OURS, so a change here is one of its saves)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)
    try:
        return conn.execute(
            "SELECT notes, blockers, next_steps FROM checkpoints WHERE session_id=?", (session,)
        ).fetchone()
    finally:
        conn.close()


def wait_for_a_plugin_save(db: str, session: str, seen: tuple, deadline_s: float = 60) -> tuple:
    """Poll until the writer's fields differ from ``seen``; a writer that
    stopped saving for a minute fails the run rather than hanging it."""
    give_up = time.monotonic() + deadline_s
    while (now := plugin_fields(db, session)) == seen:
        if time.monotonic() > give_up:
            raise SystemExit("the plugin-like writer made no save for a minute")
        time.sleep(0.005)  # polling a condition, not a timed wait for it
    return now


def run_app(svc, kind: str, argv: list[str]):
    if kind == "copy":
        source, target, _, fields = argv
        plan = across.plan_copy(svc, across.parse_ref(svc, source), target, fields.split(","))
    elif kind == "restore":
        session, snapshot, _, fields = argv
        plan = svc.plan_restore(session, snapshot, fields.split(","))
    else:
        plan = getattr(svc, f"plan_{kind}")(argv[0])
    return svc.apply(plan).wrote


def main() -> None:
    db, session, mode, n, seed = sys.argv[1:6]
    rng = random.Random(int(seed))
    svc = open_service(db)
    counts = dict.fromkeys(("wrote", "nothing", "conflict", "gone", "asked", "outside"), 0)
    errors: list[str] = []
    print("ready", flush=True)
    sys.stdin.readline()
    done = 0
    seen = None
    while not int(n) or done < int(n):
        if int(n):
            seen = wait_for_a_plugin_save(db, session, seen)
        else:
            if select.select([sys.stdin], [], [], 0)[0]:
                break  # told to stop
            print(f"op {done}", flush=True)  # where it is, for whoever kills it
        done += 1
        kind, argv = operation(rng, svc, session)
        if mode == "app":
            try:
                for attempt in range(3):  # a person confirms the refreshed preview
                    try:
                        wrote = run_app(svc, kind, argv)
                        break
                    except Conflict:
                        if attempt == 2:
                            raise
                        counts["conflict"] += 1
                counts["wrote" if wrote else "nothing"] += 1
            except ChooseFields:
                counts["asked"] += 1
            except NothingToDo as exc:
                counts["outside" if "outside ckpt-tui" in str(exc) else "nothing"] += 1
            except Conflict:
                counts["conflict"] += 1
            except NotFound:
                counts["gone"] += 1
            except CkptError as exc:
                errors.append(f"{kind} {argv}: {exc}")
            continue
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = cli_main([kind, *argv, "--db", db])
        text = err.getvalue()
        if code == 0:
            counts["nothing" if "nothing to change" in out.getvalue() else "wrote"] += 1
        elif "did not record" in text:
            counts["asked"] += 1
        elif "outside ckpt-tui" in text:
            counts["outside"] += 1
        elif "nothing to" in text:
            counts["nothing"] += 1
        elif "has no snapshot" in text:
            counts["gone"] += 1
        else:
            errors.append(f"{kind} {argv}: {text.strip()}")
    svc.close()
    print(json.dumps({**counts, "ops": done, "errors": errors[:5], "error_count": len(errors)}),
          flush=True)


if __name__ == "__main__":
    main()
