"""Resume in opencode, from the app and from the command line, against a
stand-in ``opencode`` on the PATH that records its arguments and directory."""

from __future__ import annotations

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
    assert shlex.split(out) == ["cd", str(world["project"]), "&&", "opencode", "--session", SESSION]
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
    assert main(["resume", "--db", str(world["db"]), "--", "--help"]) == 1
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
        return [n.message for n in app.notices.shown()], app.clipboard


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
async def test_app_with_the_project_dir_gone_copies_the_command(world):
    world["project"].rmdir()
    app = CkptApp(open_service(world["db"]), poll=False, read_opencode=False)
    notes, clipboard = await _resume_from_sessions(app)
    assert not world["record"].exists()
    assert clipboard.endswith(f"opencode --session {SESSION}")
    assert any("is gone" in n for n in notes)


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
