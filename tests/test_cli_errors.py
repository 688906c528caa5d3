"""How a command fails: exit statuses a script can tell apart, one line (or
one JSON object) on stderr, a suggestion for a mistake, and no crash on
input or a terminal that is not what was expected."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ckpt_tui.cli.main import ENVIRONMENT, main
from tests.factory import PluginWriter, add_session, add_snapshot, connect

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def run(cli):
    return cli


def _subprocess(*argv, stdin=subprocess.DEVNULL, env=None, timeout=20):
    return subprocess.run(
        [sys.executable, "-m", "ckpt_tui", *argv],
        stdin=stdin,
        capture_output=True,
        env={**os.environ, **(env or {})},
        timeout=timeout,
    )


# -- without a terminal ---------------------------------------------------------------------


def test_a_bare_ckpt_tui_without_a_terminal_exits_2_at_once(store_path):
    """From a script or cron it used to spin the CPU until killed."""
    done = _subprocess("--db", str(store_path), timeout=30)
    assert done.returncode == 2
    err = done.stderr.decode()
    assert err.count("\n") == 1 and "needs a terminal" in err and "ckpt-tui list sessions" in err
    assert done.stdout == b""


# -- exit statuses and JSON errors ------------------------------------------------------------


def test_each_kind_of_failure_has_its_own_exit_status(run, store_path):
    assert run("show", "nosuch")[0] == 4
    assert run("restore", "s1", "nosuch")[0] == 4
    assert run("show", "")[0] == 2
    stamp = json.loads(run("restore", "s1", "first", "--dry-run", "--json")[1])["updatedAt"]
    writer = PluginWriter(store_path)
    writer.save("s1", notes="saved after the dry run")
    writer.close()
    code, out, err = run("restore", "s1", "first", "--if-unchanged", stamp, "--json")
    assert code == 3 and out == ""
    error = json.loads(err)["error"]
    assert error["code"] == "conflict" and error["exit"] == 3 and "changed" in error["message"]
    assert err.count("\n") == 1


def test_with_json_every_failure_is_one_json_object(run, capsys):
    for argv, code, kind in (
        (("show", "nosuch", "--json"), 4, "not_found"),
        (("list", "project", "--json"), 2, "usage"),
        (("restore", "s1", "first", "--fields", "bogus", "--json"), 1, "error"),
    ):
        status, out, err = run(*argv)
        assert status == code and out == ""
        error = json.loads(err)["error"]
        assert set(error) == {"code", "exit", "message"}
        assert (error["code"], error["exit"]) == (kind, code) and error["message"]
        assert err.count("\n") == 1


def test_help_documents_the_exit_statuses_and_a_bare_ckpt_tui(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "Without a COMMAND, opens the app" in " ".join(out.split())
    assert "usage: ckpt-tui [OPTIONS]" in out and "open the app" in out
    for text in ("3 conflict", "4 not found", "75 busy", '{"error": {"code"'):
        assert text in out


# -- suggestions -----------------------------------------------------------------------------


def test_a_mistyped_command_or_choice_gets_the_nearest(capsys):
    assert main(["lst"]) == 2
    assert "did you mean 'list'?" in capsys.readouterr().err
    assert main(["list", "project"]) == 2
    assert "did you mean 'projects'?" in capsys.readouterr().err


def test_an_unknown_session_or_snapshot_gets_the_nearest(run, store_path):
    conn = connect(store_path)
    add_session(conn, "ses_alpha_0001", "p1")
    conn.close()
    code, _, err = run("show", "ses_alpha_0002")
    assert code == 4 and "did you mean 'ses_alpha_0001'?" in err and err.count("\n") == 1
    code, _, err = run("show", "ses_alpha")  # typed in part
    assert "did you mean 'ses_alpha_0001'?" in err
    code, _, err = run("show", "s1", "--snapshot", "frist")
    assert code == 4 and "did you mean 'first'?" in err


# -- input that is not what it should be ------------------------------------------------------


def test_an_id_that_is_not_utf8_is_malformed_not_a_crash(store_path):
    done = subprocess.run(
        [sys.executable, "-m", "ckpt_tui", "show", os.fsdecode(b"A\xffC"), "--db", str(store_path)],
        capture_output=True,
    )
    err = done.stderr.decode()
    assert done.returncode == 2 and "malformed id (not UTF-8)" in err and "\\xff" in err
    assert "Unicode" not in err and err.count("\n") == 1


def test_output_in_a_locale_that_cannot_encode_it_is_escaped(store_path):
    """``→`` and ``…`` under ISO-8859-1 ended ``diff`` with UnicodeEncodeError."""
    env = {"PYTHONIOENCODING": "", "LC_ALL": "en_US.ISO-8859-1", "PYTHONUTF8": "0"}
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "wide", {"objective": "日本 → done…", "status": "blocked"},
                 at="2026-11-02T00:00:00.000Z")
    conn.close()
    for argv in (["diff", "s1", "first", "wide"], ["show", "s1", "--snapshot", "wide"]):
        done = subprocess.run(
            [sys.executable, "-X", "utf8=0", "-m", "ckpt_tui", *argv, "--db", str(store_path)],
            capture_output=True,
            env={**os.environ, **env, "PYTHONIOENCODING": "iso-8859-1"},
        )
        assert done.returncode == 0, done.stderr
        assert b"\\u2192" in done.stdout or b"\\u65e5" in done.stdout


def test_json_escapes_what_could_act_on_a_terminal(run, store_path):
    conn = connect(store_path)
    add_session(conn, "s2", "p1", title="a\u009b31mb\u202ec\u007fd")
    conn.close()
    code, out, _ = run("list", "sessions", "--json")
    assert code == 0
    assert "\u009b" not in out and "\u202e" not in out and "\u007f" not in out
    assert "a\\u009b31mb\\u202ec\\u007fd" in out
    titles = {i["id"]: i["title"] for i in json.loads(out)["items"]}
    assert titles["s2"] == "a\u009b31mb\u202ec\u007fd"  # the same string, still valid JSON


def test_search_takes_a_query_that_starts_with_a_dash_after_dashdash(store_path, capsys):
    assert main(["search", "--db", str(store_path), "--", "-start"]) == 0
    with pytest.raises(SystemExit):
        main(["search", "--help"])
    assert "ckpt-tui search -- -word" in capsys.readouterr().out


def test_a_snapshot_name_is_taken_as_the_command_line_prints_it(run, store_path):
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "evil\x1b[31mred\u202e", {"objective": "hidden"},
                 at="2026-11-05T00:00:00.000Z")
    conn.close()
    code, out, _ = run("list", "snapshots", "s1")
    assert "evil\\x1b[31mred\\u202e" in out
    code, out, err = run("show", "s1", "--snapshot", "evil\\x1b[31mred\\u202e")
    assert code == 0, err
    assert "Objective: hidden" in out


def test_a_diff_of_a_snapshot_named_as_printed_is_headed_by_its_name(run, store_path):
    conn = connect(store_path)
    add_snapshot(conn, "s1", "p1", "evil\x1b[31mred\u202e", {"objective": "hidden"},
                 at="2026-11-05T00:00:00.000Z", sid="snap-evil-id")
    conn.close()
    printed = "evil\\x1b[31mred\\u202e"
    for named in (printed, "snap-evil-id"):  # as printed, or by id
        code, out, err = run("diff", "s1", named, "first")
        assert code == 0, err
        assert out.startswith(f"--- {printed}\n+++ first\n")
        assert "snap-evil-id" not in out and "\x1b" not in out
        code, out, err = run("diff", "s1", "first", named, "--format", "patch")
        assert code == 0, err
        assert out.splitlines()[0] == f"ckpt-tui diff s1: first -> {printed}"
        code, out, err = run("diff", "s1", named, "--json")
        assert code == 0, err
        assert json.loads(out)["from"] == "evil\x1b[31mred\u202e"
        code, out, err = run("diff", "s1", named, "--against", "s1:first")
        assert code == 0, err
        assert out.startswith(f"--- s1:{printed}\n+++ s1:first\n")


def test_board_with_a_status_no_session_has_is_a_usage_error(run):
    code, out, err = run("board", "--status", "in_progres")
    assert code == 2 and out == ""
    assert "no session has status 'in_progres' (did you mean 'in_progress'?)" in err


def test_history_lists_removed_items_in_the_same_order_every_run(store_path):
    conn = connect(store_path)
    steps = [f"step {i}" for i in range(12)]
    add_snapshot(conn, "s1", "p1", "many", {"nextSteps": steps}, at="2026-11-03T00:00:00.000Z")
    add_snapshot(conn, "s1", "p1", "none", {"nextSteps": []}, at="2026-11-04T00:00:00.000Z")
    conn.close()
    outputs = {
        _subprocess("history", "s1", "nextSteps", "--db", str(store_path), "--snapshot", "none",
                    env={"PYTHONHASHSEED": str(seed)}).stdout
        for seed in (1, 2)  # 12 items removed at once: one order in 12! by chance
    }
    assert len(outputs) == 1
    text = outputs.pop().decode()
    assert text.index("step 0") < text.index("step 11")


def test_a_read_only_search_index_is_named_as_the_index(store_path, tmp_path):
    """Immutable (chattr +i) stands for read-only: root writes through a mode of 0444."""
    state = tmp_path / "state"
    env = {"CKPT_TUI_STATE": str(state)}
    assert _subprocess("search", "start", "--db", str(store_path), env=env).returncode == 0
    (index,) = (state / "search").glob("*.db")
    if subprocess.run(["chattr", "+i", str(index)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here")
    try:
        writer = PluginWriter(store_path)
        writer.save("s1", notes="new words to index")
        writer.close()
        done = _subprocess("search", "words", "--db", str(store_path), env=env)
    finally:
        subprocess.run(["chattr", "-i", str(index)], check=True)
    err = done.stderr.decode()
    assert done.returncode == 1 and str(index) in err and store_path.name not in err


# -- the environment ----------------------------------------------------------------------------


VARIABLE = r"(CKPT_[A-Z_]+|NO_COLOR|PAGER|TERM|OPENCODE_DB|XDG_DATA_HOME|COLUMNS)"


def test_every_environment_variable_read_is_documented():
    """README and ``--help`` list them all: the code reads no other."""
    quoted = re.compile(f"[\"']{VARIABLE}[\"']")
    read = {
        found.group(1)
        for path in (ROOT / "app").rglob("*.py")
        for found in quoted.finditer(path.read_text(encoding="utf-8"))
    }
    assert read, "found no variable at all: the scan is broken"
    assert read <= set(ENVIRONMENT), sorted(read - set(ENVIRONMENT))
    assert {"CKPT_TUI_CACHE", "CKPT_TUI_DEBUG"} <= read


def test_the_demo_says_how_to_open_it_with_the_executable_that_made_it(tmp_path):
    exe = Path(sys.executable).with_name("ckpt-tui")
    if not exe.exists():
        pytest.skip("ckpt-tui is not installed next to python")
    done = subprocess.run(
        [str(exe), "demo", "--dir", str(tmp_path / "demo")],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": "/usr/bin:/bin"},  # as after `make demo`: not on the PATH
    )
    assert done.returncode == 0, done.stderr
    hint = done.stdout.strip().splitlines()[-1]
    assert hint.startswith(f"open it with: {os.path.abspath(exe)} --db ")
