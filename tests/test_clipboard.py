"""`y` copies `opencode --session ID`: through a clipboard tool when one is
there, through tmux when it lets OSC 52 through, and says so honestly when
nothing confirms the copy. Stand-in executables on PATH record what they got."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

import pytest

from ckpt_tui.ui.clipboard import copy, find_tool
from tests.ui_support import make_app, run_async, settle

TEXT = "opencode --session ses_1"


@pytest.fixture
def bin_dir(tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir()
    return folder


def stand_in(folder: Path, name: str, body: str) -> Path:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def recorder(folder: Path, name: str, status: int = 0) -> Path:
    """A tool that writes what it was given (arguments, then stdin) to NAME.got."""
    out = folder / f"{name}.got"
    stand_in(folder, name, f'echo "$@" > "{out}"; /bin/cat >> "{out}"; exit {status}')
    return out


def env(folder: Path, **extra: str) -> dict[str, str]:
    return {"PATH": str(folder), **extra}


def test_tools_are_chosen_by_what_the_session_has(bin_dir):
    for name in ("wl-copy", "xclip", "xsel", "pbcopy", "clip.exe"):
        recorder(bin_dir, name)
    pick = lambda **e: Path(find_tool(env(bin_dir, **e))[0]).name  # noqa: E731
    assert pick(WAYLAND_DISPLAY="wayland-0", DISPLAY=":0") == "wl-copy"
    assert pick(DISPLAY=":0") == "xclip"
    (bin_dir / "xclip").unlink()
    assert pick(DISPLAY=":0") == "xsel"
    assert pick() == "pbcopy", "no X or Wayland: the X tools cannot work"
    (bin_dir / "pbcopy").unlink()
    assert pick() == "clip.exe"
    (bin_dir / "clip.exe").unlink()
    assert find_tool(env(bin_dir)) is None


def test_a_tool_gets_the_text(bin_dir):
    got = recorder(bin_dir, "xclip")
    copied = copy(TEXT, env(bin_dir, DISPLAY=":0"))
    assert copied.ok and copied.message == f"Copied: {TEXT}"
    assert got.read_text() == f"-selection clipboard\n{TEXT}"


def test_inside_tmux_without_a_tool_osc52_counts_only_with_set_clipboard_on(bin_dir):
    stand_in(bin_dir, "tmux", 'test "$1" = show-options && echo on')
    copied = copy(TEXT, env(bin_dir, TMUX="/tmp/tmux-0/default,1,0"))
    assert copied.ok and "OSC 52 through tmux" in copied.message


def test_inside_tmux_with_set_clipboard_off_the_buffer_is_used_and_said(bin_dir):
    got = bin_dir / "buffer.got"
    stand_in(
        bin_dir,
        "tmux",
        f'if [ "$1" = show-options ]; then echo off; else /bin/cat > "{got}"; fi',
    )
    copied = copy(TEXT, env(bin_dir, TMUX="/tmp/tmux-0/default,1,0"))
    assert got.read_text() == TEXT
    assert "tmux needs `set -g set-clipboard on`" in copied.message
    assert "tmux's paste buffer" in copied.message and copied.message.endswith(TEXT)


def test_inside_tmux_a_tool_is_preferred_when_set_clipboard_is_off(bin_dir):
    got = recorder(bin_dir, "wl-copy")
    stand_in(bin_dir, "tmux", "echo off")
    copied = copy(TEXT, env(bin_dir, TMUX="x", WAYLAND_DISPLAY="w"))
    assert copied.ok and got.read_text().strip() == TEXT


def test_a_failing_tool_and_no_tmux_is_honest(bin_dir):
    recorder(bin_dir, "xclip", status=1)
    copied = copy(TEXT, env(bin_dir, DISPLAY=":0"))
    assert not copied.ok
    assert "xclip failed" in copied.message and copied.message.endswith(
        f"copy it from here: {TEXT}"
    )


def test_nothing_at_all_shows_the_text(bin_dir):
    copied = copy(TEXT, env(bin_dir))
    assert not copied.ok and "OSC 52" in copied.message and TEXT in copied.message


@run_async
async def test_y_in_the_app_uses_the_tool_and_notifies(store_path, bin_dir, monkeypatch, tmp_path):
    got = recorder(bin_dir, "xclip")
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("DISPLAY", ":0")
    project = tmp_path / "project"
    project.mkdir()
    conn = sqlite3.connect(store_path)
    conn.execute("UPDATE projects SET directory = ? WHERE id = 'p1'", (str(project),))
    conn.commit()
    conn.close()
    command = f"cd -- {project} && opencode --session s1"  # as `resume --print` prints it
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert app.clipboard == command
        assert got.read_text().endswith(command)
        assert any(n.message == f"Copied: {command}" for n in app.notices.shown())
