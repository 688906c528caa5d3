"""The checked config: each ignored setting is one line naming the closest
valid name, the rest still applies; ``config path`` and ``config show``."""

from __future__ import annotations

import json
import os

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core import config as config_mod
from ckpt_tui.core.config import Config, load
from ckpt_tui.ui.app import CkptApp
from ckpt_tui.ui.keymap_check import binding_ids, is_key, keymap_problems
from tests.ui_support import run_async, settle


def write_config(text: str):
    path = config_mod.default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_unknown_key_names_the_closest_and_the_rest_applies():
    write_config('histry_limit = 5\npreview_undo = true\n[keymap]\n"main.restore" = "R"\n')
    cfg = load()
    assert cfg.problems == (
        "config.toml: unknown key 'histry_limit' (did you mean 'history_limit'?); ignored",
    )
    assert (cfg.history_limit, cfg.preview_undo, cfg.keymap) == (50, True, {"main.restore": "R"})


@pytest.mark.parametrize(
    "text,expected",
    [
        ('history_limit = "ten"', 'history_limit must be a positive integer, not "ten"; using 50'),
        ("history_limit = 0", "history_limit must be a positive integer, not 0; using 50"),
        ("history_limit = true", "history_limit must be a positive integer, not true; using 50"),
        ('preview_undo = "yes"', 'preview_undo must be true or false, not "yes"; using false'),
        ("keymap = 3", "keymap must be a table"),
        ('[keymap]\n"main.restore" = 5', "[keymap] main.restore must be a key string"),
    ],
)
def test_a_wrong_type_is_one_line_and_the_others_apply(text, expected):
    write_config(f"{text}\n")
    cfg = load()
    assert len(cfg.problems) == 1 and expected in cfg.problems[0]


def test_good_values_beside_a_bad_one_still_apply():
    write_config('history_limit = 7\npreview_undo = "yes"\n')
    cfg = load()
    assert cfg.history_limit == 7 and cfg.preview_undo is False and len(cfg.problems) == 1


def test_garbage_toml_is_one_warning_and_the_defaults_for_reads_and_writes(store_path, capsys):
    """Reads used to ignore it silently while every write refused."""
    write_config("history_limit = = 3\n")
    cfg = load()
    assert cfg.history_limit == 50 and len(cfg.problems) == 1
    assert "not valid TOML" in cfg.problems[0] and "using the defaults" in cfg.problems[0]
    for argv in (["list", "sessions"], ["snapshot", "s1", "kept"], ["show", "s1"]):
        assert main([*argv, "--db", str(store_path)]) == 0, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not valid TOML" in err, (argv, err)


def test_a_huge_unknown_key_is_not_echoed_whole(store_path, capsys):
    key = "k" * 5_000_000
    write_config(f"{key} = 1\n[keymap]\n\"{key}\" = \"x\"\n")
    assert main(["list", "projects", "--db", str(store_path)]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300, len(err)
    assert main(["config", "show"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and len(err) < 600, len(err)


def test_keymap_ids_come_from_the_ui_and_names_from_textual():
    assert {"main.restore", "app.undo", "list.filter", "plan.confirm"} <= binding_ids()
    assert all(is_key(k) for k in ("R", "ctrl+r", "f5", "question_mark", "pageup", "shift+tab"))
    assert not any(is_key(k) for k in ("pgup", "ctl+r", "ctrl+", "ctrl", "escpe"))
    problems = keymap_problems(
        {"main.restor": "R", "main.diff": "ctrl+escpe", "app.undo": "ctl+u,u", "app.redo": "pgup"}
    )
    assert problems == [
        "[keymap] unknown binding id 'main.restor' (did you mean 'main.restore'?)",
        "[keymap] main.diff: unknown key name 'ctrl+escpe' (did you mean 'ctrl+escape'?); ignored",
        "[keymap] app.undo: unknown key name 'ctl+u' (did you mean 'ctrl+u'?); ignored",
        "[keymap] app.redo: unknown key name 'pgup' (did you mean 'pageup'?); ignored",
    ]


def test_cli_commands_say_each_problem_on_stderr_and_still_run(store_path, capsys):
    write_config("histry_limit = 5\nhistory_limit = 9\n")
    assert main(["list", "projects", "--db", str(store_path)]) == 0
    out, err = capsys.readouterr()
    assert "p1" in out
    assert err == (
        "ckpt-tui: config: config.toml: unknown key 'histry_limit' "
        "(did you mean 'history_limit'?); ignored\n"
    )


def test_config_path_prints_where_config_state_and_cache_live(capsys):
    assert main(["config", "path"]) == 0
    lines = dict(line.split(None, 1) for line in capsys.readouterr().out.splitlines())
    assert lines["config"] == os.path.join(os.environ["CKPT_TUI_CONFIG"], "config.toml")
    assert lines["state"] == os.environ["CKPT_TUI_STATE"]
    assert lines["cache"] == os.environ["CKPT_TUI_CACHE"]
    assert lines["log"] == os.path.join(os.environ["CKPT_TUI_STATE"], "ckpt-tui.log")
    assert main(["config", "path", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state"] == os.environ["CKPT_TUI_STATE"]


def test_config_show_prints_the_effective_settings(capsys):
    assert main(["config", "show"]) == 0
    assert "history_limit = 50\npreview_undo = false" in capsys.readouterr().out
    write_config(
        'history_limit = 9\nhistry = 1\n[keymap]\n"main.restore" = "R"\n"main.restor" = "x"\n'
    )
    assert main(["config", "show"]) == 0
    out, err = capsys.readouterr()
    assert "history_limit = 9\n" in out and '"main.restore" = "R"' in out
    assert "unknown key 'histry' (did you mean 'history_limit'?)" in err
    assert "unknown binding id 'main.restor' (did you mean 'main.restore'?)" in err
    assert main(["config", "show", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["settings"]["history_limit"] == 9 and len(data["problems"]) == 2


def test_config_show_lists_only_what_is_in_force(capsys):
    write_config(
        'session_sort = "title"\ntheme = "dracul"\n'
        '[keymap]\n"main.restore" = "R, ctl+x"\n"main.restor" = "x"\n'
    )
    assert main(["config", "show"]) == 0
    out, err = capsys.readouterr()
    assert 'session_sort = "title"\nproject_sort = "activity"' in out
    assert '"main.restore" = "R"' in out, "the unknown key name is not in force"
    assert "main.restor\"" not in out and "theme" not in out
    assert "unknown theme 'dracul'; closest: dracula" in err
    assert main(["config", "show", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["settings"]["keymap"] == {"main.restore": "R"}
    assert "theme" not in data["settings"] and data["settings"]["project_sort"] == "activity"
    assert sum("unknown theme" in p for p in data["problems"]) == 1


@run_async
async def test_the_app_notifies_each_problem_and_applies_the_rest(store_path):
    from ckpt_tui.core.service import open_service

    write_config(
        'histry_limit = 3\n[keymap]\n"main.restore" = "R"\n"main.nope" = "x"\n"main.diff" = "dd"\n'
    )
    cfg = load()
    app = CkptApp(open_service(store_path, config=cfg), cfg, poll=False, read_opencode=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        messages = [str(n.message) for n in app.notices.shown()]
        assert any("did you mean 'history_limit'" in m for m in messages), messages
        assert any("unknown binding id 'main.nope'" in m for m in messages), messages
        for key in ("enter", "enter", "R"):
            await pilot.press(key)
            await settle(pilot)
        assert type(app.screen).__name__ == "PlanScreen", "the valid binding still applies"
        assert any("unknown key name 'dd'" in m for m in messages), messages
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        assert type(app.screen).__name__ == "DiffScreen", "an unknown key keeps the default"


def test_defaults_without_a_file():
    assert load() == Config(path=config_mod.default_path())


def test_two_bindings_on_one_key_are_a_clash_and_undo_keeps_a_key(capsys):
    write_config('[keymap]\n"main.restore" = "u"\n"app.undo" = "u"\n')
    assert main(["config", "show"]) == 0
    out, err = capsys.readouterr()
    assert "u is given to both main.restore and app.undo: main.restore has it, app.undo keeps z" in err
    assert '"main.restore" = "u"\n"app.undo" = "z,ctrl+z"' in out


@run_async
async def test_the_app_reports_the_clash_and_binds_undo_to_a_free_key(store_path):
    from ckpt_tui.core.service import open_service

    write_config('[keymap]\n"main.restore" = "u"\n"app.undo" = "u"\n')
    cfg = load()
    app = CkptApp(open_service(store_path, config=cfg), cfg, poll=False, read_opencode=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        assert app.keymap_in_force["app.undo"] == "z,ctrl+z"
        assert app.keymap_in_force["main.restore"] == "u"
        assert any("both main.restore and app.undo" in n for n in app.keymap_notes)
