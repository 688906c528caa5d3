"""Themes (issue 11 point 9): the theme chosen in the app is saved in
config.toml and used at the next start; ``--theme NAME`` picks one for a
run; an unknown name is a one-line error naming the closest."""

from __future__ import annotations

import tomllib

import pytest

from ckpt_tui import paths
from ckpt_tui.cli.main import main
from ckpt_tui.core.config import load
from ckpt_tui.core.service import open_service
from ckpt_tui.errors import CkptError
from ckpt_tui.ui.app import CkptApp
from ckpt_tui.ui.launch import run_theme
from tests.ui_support import run_async, settle


def _config_file():
    return paths.config_dir() / "config.toml"


@run_async
async def test_a_theme_chosen_in_the_app_is_saved_and_used_next_time(store_path):
    config_file = _config_file()
    config_file.parent.mkdir(parents=True, exist_ok=True)
    config_file.write_text('# mine\nsession_sort = "title"\n', encoding="utf-8")
    app = CkptApp(open_service(store_path), load(), poll=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        app.theme = "textual-light"  # what the palette's "Change theme" does
        await settle(pilot)
    saved = tomllib.loads(config_file.read_text(encoding="utf-8"))
    assert saved == {"session_sort": "title", "theme": "textual-light"}
    assert config_file.read_text(encoding="utf-8").startswith("# mine\n")

    again = CkptApp(open_service(store_path), load(), poll=False)
    async with again.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        assert again.theme == "textual-light"


@run_async
async def test_a_theme_for_one_run_is_not_saved(store_path):
    app = CkptApp(open_service(store_path), load(), poll=False, theme="nord")
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        assert app.theme == "nord"
    assert not _config_file().exists()


def test_unknown_theme_is_one_line_naming_the_closest(store_path, capsys, monkeypatch):
    with pytest.raises(CkptError, match=r"unknown theme 'textual-lite'; closest: textual-light"):
        run_theme("textual-lite")
    assert run_theme("gruvbox") == "gruvbox"
    monkeypatch.setattr("ckpt_tui.cli.main.has_terminal", lambda: True)  # as from a shell
    assert main(["--db", str(store_path), "--theme", "dracul"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "closest: dracula" in err


def test_a_theme_in_the_config_must_be_a_name(tmp_path):
    bad = tmp_path / "config.toml"
    bad.write_text("theme = 3\n", encoding="utf-8")
    config = load(bad)
    assert config.theme is None
    assert config.problems == ("config.toml: theme must be a theme's name, not 3; using None",)
