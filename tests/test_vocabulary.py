"""Issue 11, point 6: one label per status and per field wherever a person
reads; the core names neither keys nor commands, the command line names
commands and the app names keys; JSON keeps its keys and values."""

from __future__ import annotations

import json

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core.model import Checkpoint, validate_fields
from ckpt_tui.core.summary import summarize
from ckpt_tui.errors import CkptError
from tests.ui_support import make_app, run_async, settle


@pytest.mark.parametrize("name", ["currentPlan", "Plan", "plan", "CURRENTPLAN", " plan "])
def test_fields_by_key_or_label_in_any_case(name):
    assert validate_fields([name, "Done"]) == ("currentPlan", "completedSteps")


def test_an_unknown_field_names_both_spellings():
    with pytest.raises(CkptError, match=r"unknown field Plans; fields are Title, .*currentPlan"):
        validate_fields(["Plans"])


def test_summaries_say_the_status_as_the_detail_does():
    old, new = Checkpoint(status="done"), Checkpoint(status="in_progress")
    assert summarize(old, new) == "status→in progress"


def _words(message: str) -> set[str]:
    return set(message.replace("(", " ").replace(")", " ").split())


def test_core_messages_name_no_key_and_no_command(service):
    outcomes = [
        service.apply(service.plan_restore("s1", "first", ["Plan", "objective"])),
        service.snapshot_create("s1", "mine"),
    ]
    outcomes.append(service.apply(service.plan_undo("s1")))
    for outcome in outcomes:
        assert "ckpt-tui" not in outcome.message and "`" not in outcome.message
        assert not {"u", "ctrl+r", "z", "ctrl+z"} & _words(outcome.message), outcome.message
    assert "changed Objective" in outcomes[0].message  # labels, not payload keys


def test_the_command_line_names_commands_and_takes_labels(store_path, capsys):
    code = main(["--db", str(store_path), "restore", "s1", "first", "--fields", "Objective"])
    out = capsys.readouterr().out
    assert code == 0
    assert "changed Objective" in out and "(`ckpt-tui undo s1` undoes it)" in out
    assert " u " not in out
    code = main(["--db", str(store_path), "--json", "restore", "s1", "second", "--fields", "objective"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["changed"] == ["objective"]  # JSON keeps the payload's keys
    code = main(["--db", str(store_path), "undo", "s1"])
    assert code == 0 and "(`ckpt-tui redo s1` redoes it)" in capsys.readouterr().out


def test_the_command_line_lists_statuses_as_the_app_says_them(store_path, capsys):
    assert main(["--db", str(store_path), "list", "sessions"]) == 0
    out = capsys.readouterr().out
    assert "in progress" in out and "in_progress" not in out
    assert main(["--db", str(store_path), "--json", "list", "sessions"]) == 0
    assert '"in_progress"' in capsys.readouterr().out


@run_async
async def test_the_app_names_keys_and_one_status_label(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(120, 35)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the session pane
        await settle(pilot)
        main_screen = app.screen
        row = main_screen.sessions.render_line(0).text
        assert "in progress" in row and "wip" not in row
        await pilot.press("enter", "j", "r")  # restore "first" (second row)
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        said = [n.message for n in app.notices.shown()]
        assert any("(u undoes it)" in m for m in said), said
        assert not any("ckpt-tui" in m for m in said), said


def test_legacy_files_are_imported_on_the_command_line_as_in_the_app(tmp_path, capsys):
    from ckpt_tui.core.demo import build_demo
    from ckpt_tui.ui.screens.legacy import STATUS_LABEL

    db = build_demo(tmp_path / "demo", seed=3)["db"]
    assert main(["--db", str(db), "legacy", "scan"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert any(r.startswith("imported ") for r in rows) and STATUS_LABEL["already-imported"] == "imported"
    assert not any("already-imported" in r for r in rows)
    assert main(["--db", str(db), "--json", "legacy", "scan"]) == 0
    assert '"already-imported"' in capsys.readouterr().out  # JSON keeps the value
