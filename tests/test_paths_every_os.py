"""opencode's data dir, and so the default store, follow XDG on every OS
(SPEC 1): opencode resolves them with xdg-basedir, so macOS and Windows use
``~/.local/share/opencode`` too, not platformdirs' native dirs. Simulated
here by making platformdirs answer as it does on those systems."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import platformdirs
import platformdirs.macos
import platformdirs.windows
import pytest

from ckpt_tui import paths
from ckpt_tui.cli.main import main
from ckpt_tui.opencode import OpencodeReader

APP = Path(paths.__file__).parent


@pytest.fixture(params=["darwin", "win32"])
def native_os(request, tmp_path, monkeypatch):
    """platformdirs answers as on macOS or Windows; HOME is a temp dir and
    nothing overrides opencode's dir or the store."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.delenv("CKPT_OPENCODE_DATA")
    monkeypatch.delenv("OPENCODE_DB", raising=False)
    monkeypatch.setattr(sys, "platform", request.param)
    if request.param == "darwin":
        monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.macos.MacOS)
    else:
        appdata = home / "AppData"
        monkeypatch.setattr(
            platformdirs.windows, "get_win_folder", lambda csidl: str(appdata / csidl)
        )
        monkeypatch.setattr(platformdirs, "PlatformDirs", platformdirs.windows.Windows)
    native = platformdirs.user_data_path("opencode")
    assert native != home / ".local" / "share" / "opencode", "the simulation is native"
    return home


def test_default_dirs_are_under_home_local_share(native_os):
    expected = native_os / ".local" / "share" / "opencode"
    assert paths.opencode_data_dir() == expected
    assert paths.default_store_path() == expected / "checkpoint-orchestrator" / "checkpoints.db"


def test_absolute_xdg_data_home_wins(native_os, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.opencode_data_dir() == tmp_path / "xdg" / "opencode"
    assert paths.default_store_path().parent.parent == tmp_path / "xdg" / "opencode"


@pytest.mark.parametrize("value", ["relative/data", "", "./data"])
def test_relative_or_empty_xdg_data_home_is_ignored(native_os, monkeypatch, value):
    """The XDG spec: a relative path is invalid and ignored (xdg-basedir too)."""
    monkeypatch.setenv("XDG_DATA_HOME", value)
    assert paths.opencode_data_dir() == native_os / ".local" / "share" / "opencode"


def test_overrides_still_win(native_os, tmp_path, monkeypatch):
    monkeypatch.setenv("CKPT_OPENCODE_DATA", str(tmp_path / "oc" / "storage"))
    assert paths.opencode_data_dir() == tmp_path / "oc"
    monkeypatch.setenv("CKPT_DB", str(tmp_path / "mine.db"))
    assert paths.default_store_path() == tmp_path / "mine.db"


def test_every_reader_of_opencode_uses_the_same_dir(native_os, capsys):
    """The opencode reader, the command line's report and the missing-store
    message all name the XDG place."""
    expected = native_os / ".local" / "share" / "opencode"
    assert OpencodeReader.from_env().data_dir == expected
    expected.mkdir(parents=True)  # opencode ran once: its dir exists, empty
    assert main(["list", "sessions", "--opencode", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["dataDir"] == str(expected)
    assert report["store"] == str(expected / "checkpoint-orchestrator" / "checkpoints.db")
    assert main(["list", "projects"]) == 1
    assert str(expected / "checkpoint-orchestrator" / "checkpoints.db") in capsys.readouterr().err


def test_only_paths_asks_platformdirs():
    """No other module computes a directory of its own (opencode's dir above
    all): every one goes through ckpt_tui.paths."""
    offenders = []
    for source in APP.rglob("*.py"):
        if source.name == "paths.py" and source.parent == APP:
            continue
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(n.split(".")[0] in ("platformdirs", "appdirs", "xdg") for n in names):
                offenders.append(str(source.relative_to(APP)))
    assert offenders == []
