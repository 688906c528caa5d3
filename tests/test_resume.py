"""Resume in opencode, from the app and from the command line, against a
stand-in ``opencode`` on the PATH that records its arguments and directory."""

from __future__ import annotations

import json
import os
import shlex
import stat
from pathlib import Path

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.service import open_service
from ckpt_tui.ui.app import CkptApp
from tests.factory import add_project, add_session, connect, new_store
from tests.ui_support import run_async, settle

STAND_IN = """#!/bin/sh
printf '%s\\n' "$PWD" > "$OPENCODE_RECORD"
for arg in "$@"; do printf '%s\\n' "$arg" >> "$OPENCODE_RECORD"; done
exit 7
"""
SESSION = "ses_resume_0001"


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A project directory with an awkward name, a store that knows it, and
    a bin dir holding the stand-in opencode (first on the PATH)."""
    project = tmp_path / "my project's dir"
    project.mkdir()
    db = new_store(tmp_path / "checkpoints.db")
    conn = connect(db)
    add_project(conn, "p1", str(project))
    add_session(conn, SESSION, "p1", title="Resume me")
    conn.close()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    stand_in = bin_dir / "opencode"
    stand_in.write_text(STAND_IN)
    stand_in.chmod(stand_in.stat().st_mode | stat.S_IEXEC)
    record = tmp_path / "record.txt"
    monkeypatch.setenv("OPENCODE_RECORD", str(record))
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    return {"db": db, "project": project, "record": record, "bin": bin_dir}


def _recorded(record: Path) -> tuple[str, list[str]]:
    cwd, *argv = record.read_text().splitlines()
    return cwd, argv


def _without_opencode(monkeypatch, tmp_path) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


# -- command line -----------------------------------------------------------------------


def test_cli_runs_opencode_in_the_project_dir_and_passes_its_exit_code(world):
    code = main(["resume", SESSION, "--db", str(world["db"])])
    assert code == 7
    cwd, argv = _recorded(world["record"])
    assert Path(cwd).resolve() == world["project"].resolve()
    assert argv == ["--session", SESSION]


def test_cli_print_only_prints_the_quoted_command(world, capsys):
    assert main(["resume", SESSION, "--print", "--db", str(world["db"])]) == 0
    out = capsys.readouterr().out.strip()
    assert "'\"'\"'" in out, "the quote in the directory name is shell-quoted"
    assert shlex.split(out) == [
        "cd", "--", str(world["project"]), "&&", "opencode", "--session", SESSION
    ]
    assert not world["record"].exists(), "--print runs nothing"


def test_cli_without_opencode_on_the_path_fails_in_one_line(world, capsys, monkeypatch, tmp_path):
    _without_opencode(monkeypatch, tmp_path)
    assert main(["resume", SESSION, "--db", str(world["db"])]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "opencode is not on the PATH" in err
    assert f"opencode --session {SESSION}" in err


def test_cli_with_the_project_dir_gone_fails_in_one_line(world, capsys):
    world["project"].rmdir()
    assert main(["resume", SESSION, "--db", str(world["db"])]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "is gone" in err
    assert not world["record"].exists()


def test_cli_refuses_an_id_that_would_read_as_an_option(world, capsys):
    assert main(["resume", "--db", str(world["db"]), "--", "--help"]) == 2
    assert "malformed session id" in capsys.readouterr().err
    assert not world["record"].exists()


# -- the app ---------------------------------------------------------------------------------


async def _resume_from_sessions(app: CkptApp):
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # the sessions pane: its first session is SESSION
        await settle(pilot)
        assert app.main.session.id == SESSION
        await pilot.press("O")
        await settle(pilot)
        # what the toasts show (one row each, cut to the terminal's width), and
        # each message's full text (M), which a long temporary path needs
        shown = [n.message for n in app.notices.shown()]
        return shown + [n.text for n in app.notices.notices], app.clipboard


@run_async
async def test_app_runs_opencode_in_the_project_dir(world):
    app = CkptApp(open_service(world["db"]), poll=False, read_opencode=False)
    notes, _ = await _resume_from_sessions(app)
    cwd, argv = _recorded(world["record"])
    assert Path(cwd).resolve() == world["project"].resolve()
    assert argv == ["--session", SESSION]
    assert any("opencode exited (7)" in n for n in notes)


@run_async
async def test_app_without_opencode_copies_the_command(world, monkeypatch, tmp_path):
    _without_opencode(monkeypatch, tmp_path)
    app = CkptApp(open_service(world["db"]), poll=False, read_opencode=False)
    notes, clipboard = await _resume_from_sessions(app)
    assert not world["record"].exists()
    assert clipboard.endswith(f"&& opencode --session {SESSION}")
    assert any("opencode is not on the PATH" in n and "\n" not in n for n in notes)


@run_async
async def test_app_with_the_project_dir_gone_copies_nothing(world):
    """A `cd` into a directory that is gone cannot work: nothing is copied."""
    world["project"].rmdir()
    app = CkptApp(open_service(world["db"]), poll=False, read_opencode=False)
    notes, clipboard = await _resume_from_sessions(app)
    assert not world["record"].exists()
    assert clipboard == ""
    assert any("is gone; nothing copied" in n for n in notes)


def test_resume_is_in_the_help_and_the_palette(world):
    app = CkptApp(open_service(world["db"]), poll=False, read_opencode=False)
    in_help = {b.id for _, group in app.binding_groups() for b in group}
    assert "main.resume" in in_help

    async def palette_titles():
        async with app.run_test(size=(140, 40)) as pilot:
            await settle(pilot)
            await pilot.press("2")
            await settle(pilot)
            return {c.title for c in app.get_system_commands(app.screen)}

    import asyncio

    assert "Resume in opencode" in asyncio.run(palette_titles())


@run_async
async def test_app_resumes_a_snapshots_session(world):
    conn = connect(world["db"])
    from ckpt_tui.core.model import Checkpoint
    from tests.factory import add_snapshot

    add_snapshot(conn, SESSION, "p1", "a-snapshot", Checkpoint().to_payload())
    conn.close()
    app = CkptApp(open_service(world["db"]), poll=False, read_opencode=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await settle(pilot)
        assert app.main.snapshot.name == "a-snapshot"
        await pilot.press("O")
        await settle(pilot)
    assert _recorded(world["record"])[1] == ["--session", SESSION]


# -- commands that can work ------------------------------------------------------------------


def test_cli_an_unknown_session_is_not_found(world, capsys):
    assert main(["resume", "nosuch", "--print", "--db", str(world["db"])]) == 4
    err = capsys.readouterr().err
    assert err.startswith("ckpt-tui: no such session 'nosuch'") and err.count("\n") == 1


def test_cli_print_json(world, capsys):
    assert main(["resume", SESSION, "--print", "--json", "--db", str(world["db"])]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["session"] == SESSION and data["directory"] == str(world["project"])
    assert shlex.split(data["command"])[:3] == ["cd", "--", str(world["project"])]
    assert data["argv"][1:] == ["--session", SESSION] and data["problem"] is None


def test_cli_a_legacy_session_has_nothing_to_resume(world, capsys):
    conn = connect(world["db"])
    add_session(conn, "legacy::p1", "p1", title="Legacy state")
    conn.close()
    assert main(["resume", "legacy::p1", "--print", "--db", str(world["db"])]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "nothing to resume" in out.err
    assert main(["resume", "legacy::p1", "--print", "--json", "--db", str(world["db"])]) == 1
    assert json.loads(capsys.readouterr().err)["error"]["code"] == "error"


def test_cli_a_relative_project_directory_is_refused(world, capsys, monkeypatch, tmp_path):
    """``directory='.'`` would resolve against wherever the command runs."""
    conn = connect(world["db"])
    conn.execute("UPDATE projects SET directory = '.' WHERE id = 'p1'")
    conn.commit()
    conn.close()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["resume", SESSION, "--db", str(world["db"])]) == 1
    assert "not an absolute path" in capsys.readouterr().err
    assert not world["record"].exists()
    assert main(["resume", SESSION, "--print", "--db", str(world["db"])]) == 1
    assert capsys.readouterr().out == ""


def test_cli_a_directory_named_like_an_option_is_quoted_after_cd_dashdash(world, capsys, tmp_path):
    odd = tmp_path / "-rf"
    odd.mkdir()
    conn = connect(world["db"])
    conn.execute("UPDATE projects SET directory = ? WHERE id = 'p1'", (str(odd),))
    conn.commit()
    conn.close()
    assert main(["resume", SESSION, "--print", "--db", str(world["db"])]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("cd -- ")
    assert shlex.split(out)[:3] == ["cd", "--", str(odd)]


@run_async
async def test_app_y_copies_what_resume_print_prints(world, capsys):
    assert main(["resume", SESSION, "--print", "--db", str(world["db"])]) == 0
    printed = capsys.readouterr().out.strip()
    app = CkptApp(open_service(world["db"]), poll=False, read_opencode=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        await pilot.press("y")
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert app.clipboard == printed


def _recorded_notes(app: CkptApp) -> list[str]:
    """What the app says in notifications from now on (public API only)."""
    notes: list[str] = []
    notify = app.notify

    def recording(message, *args, **kwargs):
        notes.append(str(message))
        return notify(message, *args, **kwargs)

    app.notify = recording
    return notes


@run_async
async def test_app_y_on_a_legacy_session_copies_nothing(world):
    conn = connect(world["db"])
    add_session(conn, "legacy::p1", "p1", title="Legacy state", at="2030-01-01T00:00:00.000Z")
    conn.close()
    app = CkptApp(open_service(world["db"]), poll=False, read_opencode=False)
    notes = _recorded_notes(app)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        assert app.main.session.id == "legacy::p1"
        for key in ("y", "O"):
            await pilot.press(key)
            await app.workers.wait_for_complete()
            await settle(pilot)
    assert app.clipboard == ""
    assert sum("nothing to resume; nothing copied" in n for n in notes) == 2
