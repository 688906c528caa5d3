"""Every store subcommand through ``ckpt_tui.cli.main.main``: exit codes and --json shapes.

0 ok; 1 an expected failure, exactly one line on stderr and no traceback;
2 a usage error (argparse's SystemExit).
"""

from __future__ import annotations

import importlib.util
import json
import sqlite3

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.model import FIELDS, Checkpoint
from tests.factory import PluginWriter, add_session, add_snapshot, connect, set_checkpoint

PROJECT_KEYS = {
    "id",
    "directory",
    "canonical",
    "sessionCount",
    "lastActivity",
    "createdAt",
    "updatedAt",
}
SESSION_KEYS = {
    "id",
    "projectId",
    "parentId",
    "title",
    "status",
    "snapshotCount",
    "hasCheckpoint",
    "synthesized",
    "legacy",
    "createdAt",
    "updatedAt",
}
SNAPSHOT_KEYS = {"id", "name", "kind", "capturedAt", "restoredAt", "schemaVersion"}
DIFF_KEYS = {"from", "to", "changed", "extraChanged", "fields"}
OUTCOME_KEYS = {
    "action",
    "session",
    "wrote",
    "changed",
    "preRestore",
    "pruned",
    "snapshot",
    "message",
    "warning",
}
PAYLOAD_KEYS = set(FIELDS) | {"schemaVersion", "synthesized"}


@pytest.fixture
def run(store_path, capsys):
    """``run(*argv)`` -> (exit code, stdout, stderr), with ``--db`` added."""

    def _run(*argv, db=True):
        args = [*argv, "--db", str(store_path)] if db else list(argv)
        code = main(args)
        out = capsys.readouterr()
        return code, out.out, out.err

    return _run


@pytest.fixture
def run_json(run):
    def _run(*argv):
        code, out, err = run(*argv, "--json")
        assert code == 0, err
        assert err == ""
        return json.loads(out)

    return _run


def assert_one_line_error(code, out, err, match=None, status=1):
    """A failure said in one line on stderr, with the exit status of its kind
    (1 error, 2 usage, 3 conflict, 4 not found)."""
    assert code == status, (code, err)
    assert err.startswith("ckpt-tui: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and "unexpected error" not in err, err
    if match:
        assert match in err, err


def checkpoint_row(store_path, sid="s1"):
    conn = sqlite3.connect(store_path)
    conn.row_factory = sqlite3.Row
    row = dict(conn.execute("SELECT * FROM checkpoints WHERE session_id=?", (sid,)).fetchone())
    conn.close()
    return row


def snapshot_count(store_path):
    conn = sqlite3.connect(store_path)
    n = conn.execute("SELECT count(*) FROM snapshots").fetchone()[0]
    conn.close()
    return n


# -- list ----------------------------------------------------------------------------------


def test_list_projects(run, run_json):
    code, out, err = run("list", "projects")
    assert code == 0 and err == ""
    assert out.splitlines()[0].split()[:2] == ["ID", "DIRECTORY"] and "p1" in out
    data = run_json("list", "projects")
    assert data["total"] == 1 and len(data["items"]) == 1
    assert set(data["items"][0]) >= PROJECT_KEYS
    assert data["items"][0]["sessionCount"] == 1


def test_list_sessions(run, run_json, store_path):
    conn = connect(store_path)
    add_session(
        conn, "s2", "p1", title="\x1b[31mred title", parent="s1", at="2026-11-02T00:00:00.000Z"
    )
    conn.close()
    code, out, err = run("list", "sessions")
    assert code == 0 and "s1" in out and "s2" in out
    assert "\x1b" not in out and "\\x1b" in out  # store text never drives the terminal
    data = run_json("list", "sessions", "--project", "p1")
    assert data["total"] == 2 and [i["id"] for i in data["items"]] == ["s2", "s1"]
    assert all(set(i) >= SESSION_KEYS for i in data["items"])
    assert data["items"][0]["parentId"] == "s1" and data["items"][0]["hasCheckpoint"] is False
    # An unknown project is an error, not an empty list (issue 9, point 13).
    assert_one_line_error(*run("list", "sessions", "--project", "nope"), match="no such project", status=4)


def test_list_snapshots(run, run_json):
    code, out, _ = run("list", "snapshots", "s1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["NAME", "KIND"]
    assert [line.split()[0] for line in lines[1:]] == ["second", "first"]
    data = run_json("list", "snapshots", "s1")
    assert data["total"] == 2 and all(set(i) >= SNAPSHOT_KEYS for i in data["items"])
    data = run_json("list", "snapshots", "s1", "--summary")
    assert all(set(i) >= SNAPSHOT_KEYS | {"summary"} for i in data["items"])
    assert data["items"][-1]["summary"] == "first snapshot"
    assert run_json("list", "snapshots", "s1", "--kind", "auto")["items"] == []
    code, out, _ = run("list", "snapshots", "s1", "--summary")
    assert code == 0 and "CHANGES" in out


# -- show / diff ---------------------------------------------------------------------------


def test_show(run, run_json):
    code, out, _ = run("show", "s1")
    assert code == 0 and "Objective: start" in out and "  - a" in out
    data = run_json("show", "s1")
    assert set(data) == {"session", "updatedAt", "damaged", "checkpoint", "damagedFields"}
    assert data["damaged"] is False and set(data["checkpoint"]) >= PAYLOAD_KEYS
    assert data["checkpoint"]["nextSteps"] == ["a", "b"]
    assert set(data["session"]) >= SESSION_KEYS

    data = run_json("show", "s1", "--snapshot", "first")
    assert set(data) == {"snapshot", "damaged", "checkpoint", "damagedFields"}
    assert set(data["snapshot"]) >= SNAPSHOT_KEYS
    assert data["checkpoint"]["status"] == "blocked"


def test_show_damaged_and_extra(run, run_json, store_path):
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "bad", "{oops", at="2026-11-01T10:05:00.000Z")
    add_snapshot(
        conn,
        "s1",
        "p1",
        "extra",
        {**Checkpoint().to_payload(), "futureKey": [1]},
        at="2026-11-01T10:06:00.000Z",
    )
    conn.close()
    data = run_json("show", "s1", "--snapshot", "bad")
    assert data["damaged"] is True and data["raw"] == "{oops" and data["reason"]
    code, out, _ = run("show", "s1", "--snapshot", "bad")
    assert code == 0 and "DAMAGED" in out
    data = run_json("show", "s1", "--snapshot", "extra")
    assert data["checkpoint"]["futureKey"] == [1]
    code, out, _ = run("show", "s1", "--snapshot", "extra")
    assert "futureKey (extra)" in out


def test_show_errors(run, store_path):
    assert_one_line_error(*run("show", "nope"), match="no such session", status=4)
    assert_one_line_error(*run("show", "s1", "--snapshot", "nope"), match="no snapshot", status=4)
    conn = connect(store_path)
    add_session(conn, "s2", "p1")
    conn.close()
    assert_one_line_error(*run("show", "s2"), match="no checkpoint", status=4)
    assert_one_line_error(*run("show", ""), match="session id", status=2)


def test_diff(run, run_json, store_path):
    code, out, _ = run("diff", "s1", "first", "second")
    assert code == 0 and out.startswith("--- first\n+++ second\n")
    data = run_json("diff", "s1", "first")
    assert set(data) >= DIFF_KEYS and data["from"] == "first" and data["to"] == "current"
    assert set(data["changed"]) == {"objective", "status", "nextSteps", "blockers"}
    assert all({"field", "kind", "changed"} <= set(f) for f in data["fields"])
    items = [i for f in data["fields"] for i in f.get("items", ())]
    assert items and all(
        set(i) <= {"kind", "text", "oldIndex", "newIndex", "oldText"} for i in items
    )
    assert any("oldIndex" in i or "newIndex" in i for i in items)
    code, out, _ = run("diff", "s1", "first", "first")
    assert code == 0 and "(no differences)" in out
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "bad", "[1]", at="2026-11-01T10:05:00.000Z")
    conn.close()
    assert_one_line_error(*run("diff", "s1", "bad"), match="damaged")


# -- writes -----------------------------------------------------------------------------------


def test_restore_dry_run_writes_nothing(run, run_json, store_path):
    row, n = checkpoint_row(store_path), snapshot_count(store_path)
    code, out, _ = run("restore", "s1", "first", "--dry-run")
    assert code == 0 and "(dry run: nothing written)" in out and "@@ Objective\n" in out
    data = run_json("restore", "s1", "first", "--dry-run", "--fields", "status")
    assert set(data) == {"action", "session", "dryRun", "changed", "updatedAt", "skipped", "diff",
                         "candidates", "prunes", "prunesRestored", "note"}
    assert data["dryRun"] is True and data["changed"] == ["status"]
    assert data["updatedAt"] == checkpoint_row(store_path)["updated_at"]
    assert set(data["diff"]) >= DIFF_KEYS
    assert checkpoint_row(store_path) == row and snapshot_count(store_path) == n


def test_restore_fields_json_then_undo_redo(run, run_json, store_path):
    data = run_json("restore", "s1", "first", "--fields", "objective,blockers")
    assert set(data) >= OUTCOME_KEYS | {"diff"}
    assert data["wrote"] is True and data["changed"] == ["objective", "blockers"]
    assert data["preRestore"].startswith("pre-restore-")
    row = checkpoint_row(store_path)
    assert (row["objective"], row["blockers"], row["status"]) == ("one", '["x"]', "in_progress")

    code, out, err = run("undo", "s1")
    assert code == 0 and err == "" and "ckpt-tui redo s1" in out
    assert checkpoint_row(store_path)["objective"] == "start"
    data = run_json("redo", "s1")
    assert data["action"] == "redo" and data["wrote"] is True
    assert checkpoint_row(store_path)["objective"] == "one"
    data = run_json("undo", "s1")
    assert set(data) >= OUTCOME_KEYS | {"diff"} and data["action"] == "undo"


def test_restore_text(run, store_path):
    code, out, err = run("restore", "s1", "second")
    assert code == 0 and err == ""
    assert "pre-restore-" in out and "ckpt-tui undo s1" in out
    assert checkpoint_row(store_path)["status"] == "done"
    code, out, _ = run("restore", "s1", "second")
    assert code == 0 and "nothing to change" in out


def test_restore_errors(run, store_path):
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "bad", "not json", at="2026-11-01T10:05:00.000Z")
    conn.close()
    row, n = checkpoint_row(store_path), snapshot_count(store_path)
    assert_one_line_error(*run("restore", "s1", "bad"), match="damaged")
    assert_one_line_error(*run("restore", "s1", "first", "--fields", "bogus"), match="bogus")
    assert_one_line_error(*run("restore", "s1", "nope"), match="no snapshot", status=4)
    assert_one_line_error(*run("restore", "s9", "first"), status=4)
    assert_one_line_error(*run("undo", "s1"), match="nothing to undo")
    assert_one_line_error(*run("redo", "s1"), match="nothing to redo")
    assert_one_line_error(*run("--read-only", "restore", "s1", "first"), match="read-only")
    assert checkpoint_row(store_path) == row and snapshot_count(store_path) == n


@pytest.fixture
def plugin_saves_first(store_path, monkeypatch):
    """The plugin saves ``notes`` just before each write of ours takes the lock
    (after the command's own reads): the race the command line used to lose."""
    from ckpt_tui.store import engine

    writer = PluginWriter(store_path)
    real_write = engine.Store.write
    saves = iter(range(10**6))

    def save_then_write(self, work):
        writer.save("s1", notes=f"plugin was faster {next(saves)}")
        return real_write(self, work)

    monkeypatch.setattr(engine.Store, "write", save_then_write)
    yield
    writer.close()


@pytest.mark.usefixtures("plugin_saves_first")
def test_writes_succeed_when_the_plugin_saved_meanwhile(run_json, store_path):
    """restore, undo, redo: planned under the write lock, so the plugin's save is
    included (kept: it is not a field they change), not refused."""
    data = run_json("restore", "s1", "first", "--fields", "objective")
    assert data["wrote"] is True and data["changed"] == ["objective"]
    row = checkpoint_row(store_path)
    assert (row["objective"], row["notes"]) == ("one", "plugin was faster 0")
    data = run_json("undo", "s1")
    assert data["wrote"] is True and data["changed"] == ["objective"]
    assert checkpoint_row(store_path)["objective"] == "start"
    data = run_json("redo", "s1")
    assert data["wrote"] is True and data["changed"] == ["objective"]
    row = checkpoint_row(store_path)
    assert (row["objective"], row["notes"]) == ("one", "plugin was faster 2")


def test_adopt_succeeds_when_the_plugin_saved_meanwhile(store_path, plugin_saves_first):
    from ckpt_tui.core.legacy import names

    conn = connect(store_path)
    sid = names.legacy_session_id("p1")
    add_session(conn, sid, "p1", title="Legacy state")
    set_checkpoint(conn, sid, "p1", Checkpoint(objective="from legacy"))
    conn.close()
    assert main(["adopt", "p1", "s1", "--db", str(store_path)]) == 0
    row = checkpoint_row(store_path)
    assert (row["objective"], row["notes"]) == ("from legacy", "")  # adoption copies all


def test_if_unchanged_refuses_when_the_checkpoint_moved(run, run_json, store_path):
    """A script that looked at a dry run keeps the refusal: one line, nothing written."""
    stamp = run_json("restore", "s1", "first", "--dry-run")["updatedAt"]
    writer = PluginWriter(store_path)
    try:
        writer.save("s1", notes="saved after the dry run")
    finally:
        writer.close()
    n = snapshot_count(store_path)
    assert_one_line_error(*run("restore", "s1", "first", "--if-unchanged", stamp), match="changed", status=3)
    row = checkpoint_row(store_path)
    assert (row["objective"], row["notes"]) == ("start", "saved after the dry run")
    assert snapshot_count(store_path) == n


def test_if_unchanged_writes_when_the_checkpoint_did_not_move(run, run_json, store_path):
    stamp = run_json("restore", "s1", "first", "--dry-run", "--fields", "objective")["updatedAt"]
    data = run_json("restore", "s1", "first", "--fields", "objective", "--if-unchanged", stamp)
    assert data["wrote"] is True and checkpoint_row(store_path)["objective"] == "one"
    stamp = run_json("undo", "s1", "--dry-run")["updatedAt"]
    assert stamp == checkpoint_row(store_path)["updated_at"]
    data = run_json("undo", "s1", "--if-unchanged", stamp)
    assert data["wrote"] is True and checkpoint_row(store_path)["objective"] == "start"
    stamp = run_json("redo", "s1", "--dry-run")["updatedAt"]
    writer = PluginWriter(store_path)
    try:
        writer.save("s1", notes="moved")
    finally:
        writer.close()
    assert_one_line_error(*run("redo", "s1", "--if-unchanged", stamp), match="changed", status=3)
    assert checkpoint_row(store_path)["objective"] == "start"


def test_snapshot(run, run_json, store_path):
    data = run_json("snapshot", "s1", "milestone")
    assert set(data) >= OUTCOME_KEYS and data["snapshot"] == "milestone" and data["wrote"]
    assert_one_line_error(*run("snapshot", "s1", "milestone"), match="already")
    assert_one_line_error(*run("snapshot", "s1", "   "), match="name")
    code, out, _ = run("undo", "s1")
    assert code == 0 and "deleted snapshot 'milestone'" in out
    code, out, _ = run("redo", "s1")
    assert code == 0 and "'milestone' is back" in out
    code, out, _ = run("snapshot", "s1", "second-one")
    assert code == 0 and "saved snapshot 'second-one'" in out


# -- maintenance --------------------------------------------------------------------------------


def test_doctor(run, run_json, store_path):
    code, out, _ = run("doctor")
    assert code == 0 and "[ok ] integrity_check" in out
    data = run_json("doctor")
    assert set(data) >= {"ok", "path", "checks"} and data["ok"] is True
    names = {c["name"] for c in data["checks"]}
    assert {"schema version", "integrity_check", "foreign_key_check", "damaged payloads"} <= names
    assert all({"name", "ok", "detail"} <= set(c) for c in data["checks"])

    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "bad", "{oops", at="2026-11-01T10:05:00.000Z")
    conn.close()
    code, out, err = run("doctor", "--json")
    data = json.loads(out)
    assert code == 1 and data["ok"] is False
    damaged = next(c for c in data["checks"] if c["name"] == "damaged payloads")
    assert damaged["ok"] is False and damaged["count"] == 1
    assert damaged["items"] == [
        {"session": "s1", "snapshot": "bad", "reason": damaged["items"][0]["reason"]}
    ]
    assert damaged["items"][0]["reason"].startswith("not valid JSON")


def test_doctor_reports_unreadable_file(tmp_path, capsys):
    path = tmp_path / "junk.db"
    path.write_bytes(b"\x00junk" * 500)
    code = main(["doctor", "--db", str(path), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["ok"] is False and data["checks"][0]["name"] == "open"


def test_migrate_on_current_store(run, run_json):
    data = run_json("migrate")
    assert data["from"] == data["to"] == 2 and data["backup"] is None
    code, out, _ = run("migrate")
    assert code == 0 and "already at schema version 2" in out


@pytest.mark.skipif(
    importlib.util.find_spec("ckpt_tui.core.demo") is None, reason="no ckpt_tui.core.demo"
)
def test_demo(tmp_path, capsys):
    target = tmp_path / "demo"
    assert main(["demo", "--dir", str(target), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"db"} <= set(data)
    db = data["db"]
    main(["doctor", "--db", db, "--json"])  # the demo shows off a damaged payload on purpose
    checks = {c["name"]: c["ok"] for c in json.loads(capsys.readouterr().out)["checks"]}
    assert checks["integrity_check"] and checks["foreign_key_check"] and checks["schema version"]
    assert main(["list", "sessions", "--db", db]) == 0
    capsys.readouterr()
    # A second run refuses to overwrite, --force replaces.
    assert main(["demo", "--dir", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--force" in err
    assert main(["demo", "--dir", str(target), "--force", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "demo store written to" in out


# -- usage errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["list"],
        ["list", "everything"],
        ["bogus"],
        ["restore", "s1"],
        ["show"],
        ["diff", "s1"],
        ["snapshot", "s1"],
        ["undo"],
        ["list", "snapshots", "s1", "--bogus"],
        ["demo", "--seed", "x"],
        ["--json"],
    ],
)
def test_usage_errors_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    if "--json" in argv:
        assert json.loads(err)["error"]["code"] == "usage"
    else:
        assert "usage" in err and "error: " in err and "Traceback" not in err


def test_help_and_version_exit_0(capsys):
    for argv in (["--help"], ["restore", "--help"], ["--version"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 0
    assert "ckpt-tui" in capsys.readouterr().out


def test_db_and_json_before_or_after_the_subcommand(store_path, capsys):
    assert main(["--db", str(store_path), "--json", "list", "projects"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 1
    assert main(["list", "projects", "--db", str(store_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 1


def test_env_store_path(store_path, monkeypatch, capsys):
    monkeypatch.setenv("CKPT_DB", str(store_path))
    assert main(["list", "projects", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 1


def test_synthesized_checkpoint_status(run, store_path):
    conn = connect(store_path)
    add_session(conn, "s2", "p1", at="2026-11-03T00:00:00.000Z")
    set_checkpoint(conn, "s2", "p1", Checkpoint(synthesized=True))
    conn.close()
    code, out, _ = run("list", "sessions")
    assert code == 0 and "(placeholder)" in out
    code, out, _ = run("show", "s2")
    assert "placeholder" in out


def test_command_words_match_the_registered_commands():
    """``ckpt-tui`` skips the command modules when no command word is given;
    the word list must name every command they register."""
    from ckpt_tui.cli.main import COMMAND_WORDS, build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert set(sub.choices) == COMMAND_WORDS


def test_each_command_word_names_the_module_that_registers_it():
    """A command builds only its own module's parsers (start-up): each word
    of ``COMMAND_MODULE`` parses with that module alone."""
    from ckpt_tui.cli.main import COMMAND_MODULE, _modules_for, build_parser

    for word, module in COMMAND_MODULE.items():
        assert _modules_for([word, "x"]) == (module,)
        sub = next(a for a in build_parser([word])._actions if a.dest == "command")
        assert word in sub.choices, word


def test_top_level_help_lists_the_commands_without_their_modules(monkeypatch):
    """``ckpt-tui --help`` from ``COMMANDS`` alone prints what the full
    parser prints (names, order, help lines), and imports no command module."""
    import subprocess
    import sys

    from ckpt_tui.cli.main import build_parser

    monkeypatch.setenv("COLUMNS", "100")
    assert build_parser(["--help"]).format_help() == build_parser().format_help()
    code = (
        "import sys; from ckpt_tui.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "loaded = [m for m in sys.modules if m.startswith('ckpt_tui.cli.') and m != 'ckpt_tui.cli.main']\n"
        "raise SystemExit(1 if loaded else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "commands (ckpt-tui COMMAND --help for more)" in result.stdout


def test_only_the_named_command_module_is_imported():
    import subprocess
    import sys

    code = (
        "import sys; from ckpt_tui.cli.main import build_parser;"
        "build_parser(['list', 'projects']).parse_args(['list', 'projects']);"
        "loaded = sorted(m for m in sys.modules if m.startswith('ckpt_tui.cli.') and m.endswith(('_cmds', '_cmd')));"
        "print(loaded); raise SystemExit(0 if loaded == ['ckpt_tui.cli.store_cmds'] else 1)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_app_options_parse_without_the_command_modules():
    import subprocess
    import sys

    code = (
        "import sys; from ckpt_tui.cli.main import build_parser;"
        "a = build_parser(['--db', 'x', '--read-only']).parse_args(['--db', 'x', '--read-only']);"
        "assert a.db == 'x' and a.read_only and a.command is None;"
        "loaded = [m for m in sys.modules if m.startswith('ckpt_tui.cli.') and m != 'ckpt_tui.cli.main'];"
        "print(loaded); raise SystemExit(1 if loaded else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_undo_dry_run_and_message_name_the_fields_it_keeps(run, store_path):
    assert run("restore", "s1", "first", "--fields", "objective")[0] == 0
    writer = PluginWriter(store_path)
    try:
        writer.save("s1", notes="later", title="renamed")
    finally:
        writer.close()
    code, out, _ = run("undo", "s1", "--dry-run")
    assert code == 0 and "would change: Objective" in out
    assert "Kept as they are now: Title, Notes (changed after the restore)" in out
    assert "the plugin's own undo would revert these too" in out
    code, out, _ = run("undo", "s1")
    assert code == 0 and "changed Objective; kept Title, Notes as saved since" in out
    row = checkpoint_row(store_path)
    assert (row["objective"], row["title"], row["notes"]) == ("start", "renamed", "later")
