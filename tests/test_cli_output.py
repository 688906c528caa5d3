"""Text a person reads: labels as the app says them, local times with their
age, columns that line up, colour and a pager on a terminal only, and a
patch that diff tools can apply."""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ckpt_tui.cli import output
from ckpt_tui.cli.main import main
from ckpt_tui.core.model import Checkpoint
from tests.factory import add_session, add_snapshot, connect, set_checkpoint


@pytest.fixture
def run(store_path, capsys):
    def _run(*argv):
        code = main([*argv, "--db", str(store_path)])
        out = capsys.readouterr()
        assert code == 0, out.err
        return out.out

    return _run


@pytest.fixture
def utc_plus_two(monkeypatch):
    """A local time zone two hours east of UTC, no daylight saving."""
    monkeypatch.setenv("TZ", "XST-2")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


# -- labels ------------------------------------------------------------------------------------


def test_human_output_names_fields_and_statuses_as_the_app_does(run, store_path):
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "going", Checkpoint(status="in_progress", nextSteps=("n",)).to_payload(),
                 at="2026-11-02T00:00:00.000Z")
    add_snapshot(conn, "s1", "p1", "finished", Checkpoint(status="done").to_payload(),
                 at="2026-11-03T00:00:00.000Z")
    conn.close()
    out = run("diff", "s1", "going", "finished")
    assert "  in progress → done" in out and "in_progress" not in out
    assert "@@ Next" in out and "nextSteps" not in out
    dry = run("restore", "s1", "finished", "--dry-run")
    assert "  in progress → done" in dry and "in_progress" not in dry
    history = run("history", "s1", "status")
    assert "Status of current checkpoint" in history
    assert "(start)" not in history and "->" not in history
    assert "blocked → done" in history  # first (blocked) -> second (done)
    data = json.loads(run("diff", "s1", "going", "finished", "--json"))
    status = next(f for f in data["fields"] if f["field"] == "status")
    assert (status["from"], status["to"]) == ("in_progress", "done")  # JSON keeps the values


def test_an_opencode_listing_labels_a_placeholders_status(tmp_path, capsys):
    from tests.factory import add_project, new_store
    from tests.opencode_fixture import copy_fixture

    data_dir = copy_fixture(tmp_path / "opencode")
    listed = main(["list", "sessions", "--opencode", "--opencode-data", str(data_dir), "--json",
                   "--db", str(tmp_path / "missing.db")])
    assert listed == 0
    first = json.loads(capsys.readouterr().out)["items"][0]
    db = new_store(tmp_path / "c.db")
    conn = connect(db)
    add_project(conn, first["projectId"], first["directory"] or "/x")
    add_session(conn, first["id"], first["projectId"])
    set_checkpoint(conn, first["id"], first["projectId"], Checkpoint(status="in_progress", synthesized=True))
    conn.close()
    argv = ["list", "sessions", "--opencode", "--opencode-data", str(data_dir), "--db", str(db)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "in progress (placeholder)" in out and "in_progress" not in out
    assert main([*argv, "--json"]) == 0
    item = next(i for i in json.loads(capsys.readouterr().out)["items"] if i["id"] == first["id"])
    assert item["checkpoint"] == "in_progress (placeholder)"


# -- times, widths, limits ----------------------------------------------------------------------


def test_tables_show_local_time_and_age(run, store_path, utc_plus_two, frozen_clock):
    frozen_clock("2026-11-04T10:01:00.000Z")
    out = run("list", "snapshots", "s1")
    assert "2026-11-01 12:01 (3d ago)" in out  # captured 10:01Z, shown in UTC+2
    assert "2026-11-01T10:01" not in out


def test_columns_line_up_with_wide_characters(run, store_path):
    conn = connect(store_path)
    add_session(conn, "s_wide", "p1", title="日本語のタイトル", at="2026-11-05T00:00:00.000Z")
    add_session(conn, "s_ascii", "p1", title="plain", at="2026-11-04T00:00:00.000Z")
    conn.close()
    lines = run("list", "sessions").splitlines()
    assert output.cells("日本語") == 6
    header, wide, plain = lines[0], *[line for line in lines if line.startswith(("s_wide", "s_ascii"))]
    column = header.index("TITLE")
    # everything before the title column takes the same cells on every row
    assert output.cells(wide[: wide.index("日本語")]) == column
    assert output.cells(plain[: plain.index("plain")]) == column


def test_cells_counts_as_rich_does():
    from rich.cells import cell_len

    for text in ("日本語テキスト", "🙂 ok", "e\u0301", "한국어", "→…", "❤️", "👍🏽", "👨\u200d👩\u200d👧 fam", "ＡＢ"):
        assert output.cells(text) == cell_len(text), text


def test_list_takes_a_limit(run, capsys, store_path):
    conn = connect(store_path)
    for i in range(5):
        add_session(conn, f"extra{i}", "p1")
    conn.close()
    out = run("list", "sessions", "--limit", "2")
    assert len(out.strip().splitlines()) == 3  # the header and two rows
    data = json.loads(run("list", "sessions", "--limit", "2", "--json"))
    assert len(data["items"]) == 2 and data["total"] == 6
    assert main(["list", "snapshots", "s1", "--limit", "0", "--db", str(store_path)]) == 2


# -- colour and the pager --------------------------------------------------------------------------


def test_colour_follows_color_and_no_color(run, monkeypatch):
    plain = run("diff", "s1", "first", "second")
    assert "\x1b[" not in plain  # piped (captured): plain
    coloured = run("diff", "s1", "first", "second", "--color", "always")
    assert "\x1b[32m+ " in coloured and "\x1b[31m- " in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert output.colour_wanted("auto") is False
    assert output.colour_wanted("always") is True
    assert "\x1b[" not in run("diff", "s1", "first", "second", "--color", "never")
    assert "\x1b[" not in run("diff", "s1", "first", "second", "--color", "always", "--json")


def _on_a_terminal(argv: list[str], env: dict[str, str]) -> str:
    """Run ``ckpt-tui ARGV`` with a terminal on stdin and stdout; what it showed."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: exec, never return
        os.execve(sys.executable, [sys.executable, "-m", "ckpt_tui", *argv], env)
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.waitpid(pid, 0)
    return b"".join(chunks).decode("utf-8", "replace")


def test_on_a_terminal_long_output_goes_through_the_pager_in_colour(store_path, tmp_path):
    pager = tmp_path / "pager.sh"
    seen = tmp_path / "seen.txt"
    pager.write_text(f"#!/bin/sh\ncat > {seen}\necho PAGED\n")
    pager.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(PAGER=str(pager), TERM="xterm")
    shown = _on_a_terminal(["diff", "s1", "first", "second", "--db", str(store_path)], env)
    assert "PAGED" in shown
    assert "\x1b[32m+ " in seen.read_text()
    seen.unlink()
    shown = _on_a_terminal(["diff", "s1", "first", "second", "--no-pager", "--db", str(store_path)], env)
    assert "PAGED" not in shown and "@@ Objective" in shown and not seen.exists()
    # no colour where NO_COLOR asks, even on a terminal
    shown = _on_a_terminal(["list", "sessions", "--db", str(store_path)], {**env, "NO_COLOR": "1"})
    assert "\x1b[3" not in shown


# -- the patch ---------------------------------------------------------------------------------------


@pytest.fixture
def two_versions(store_path):
    conn = connect(store_path)
    old = Checkpoint(
        title="Ship it", objective="line one\nline two\nline three", status="in_progress",
        nextSteps=("write tests", "fix bug"), notes="a note",
    )
    new = Checkpoint(
        title="Ship it", objective="line one\nline 2\nline three\nline four", status="done",
        completedSteps=("write tests",), nextSteps=("fix bug", "release"), notes="a note",
    )
    add_snapshot(conn, "s1", "p1", "old", old.to_payload(), at="2026-11-02T00:00:00.000Z")
    add_snapshot(conn, "s1", "p1", "new", new.to_payload(), at="2026-11-03T00:00:00.000Z")
    conn.close()
    return store_path


def _show_body(capsys, db, snapshot) -> str:
    assert main(["show", "s1", "--snapshot", snapshot, "--db", str(db)]) == 0
    return capsys.readouterr().out.split("\n", 1)[1]  # without the heading line


def test_diff_format_patch_applies_with_patch_and_git(two_versions, tmp_path, capsys):
    old_text = _show_body(capsys, two_versions, "old")
    new_text = _show_body(capsys, two_versions, "new")
    assert main(["diff", "s1", "old", "new", "--format", "patch", "--db", str(two_versions)]) == 0
    patch_text = capsys.readouterr().out
    assert "\n--- a/s1.txt\n+++ b/s1.txt\n@@ -" in patch_text
    work = tmp_path / "work"
    work.mkdir()
    (work / "s1.txt").write_text(old_text)
    (work / "change.patch").write_text(patch_text)
    if shutil.which("patch"):
        done = subprocess.run(["patch", "--dry-run", "s1.txt", "change.patch"], cwd=work, capture_output=True)
        assert done.returncode == 0, done.stdout + done.stderr
    if shutil.which("git"):
        done = subprocess.run(["git", "apply", "--check", "change.patch"], cwd=work, capture_output=True)
        assert done.returncode == 0, done.stderr
        subprocess.run(["git", "apply", "change.patch"], cwd=work, check=True)
        assert (work / "s1.txt").read_text() == new_text
    elif not shutil.which("patch"):
        pytest.skip("neither patch nor git is installed")


def test_the_human_diff_stays_the_default(two_versions, capsys):
    assert main(["diff", "s1", "old", "new", "--db", str(two_versions)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("--- old\n+++ new\n@@ Objective\n")
    assert main(["diff", "s1", "old", "old", "--format", "patch", "--db", str(two_versions)]) == 0
    assert capsys.readouterr().out == ""  # nothing differs: an empty patch


def test_a_pager_quit_early_ends_quietly(store_path, tmp_path):
    pager = tmp_path / "head.sh"
    pager.write_text("#!/bin/sh\nhead -c 10 > /dev/null\n")
    pager.chmod(0o755)
    env = {**os.environ, "PAGER": str(pager), "TERM": "xterm"}
    shown = _on_a_terminal(["conversation", "nosuch", "--db", str(store_path)], env)
    assert "Traceback" not in shown
    shown = _on_a_terminal(["show", "s1", "--db", str(store_path)], env)
    assert "Traceback" not in shown and "Broken pipe" not in shown


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([str(Path(__file__))]))
