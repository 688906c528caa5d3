"""Shell completion: the scripts parse in their shell, and offer the right
candidates (commands, options, field names, kinds, ids from the store)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ckpt_tui.cli import completion
from ckpt_tui.cli.main import main
from tests.factory import add_project, add_session, add_snapshot, connect, new_store

EXE = Path(sys.executable).with_name("ckpt-tui")
pytestmark = pytest.mark.skipif(not EXE.exists(), reason="ckpt-tui is not installed next to python")


@pytest.fixture
def scripts(tmp_path):
    out = {}
    for shell in completion.SHELLS:
        path = tmp_path / f"ckpt-tui.{shell}"
        path.write_text(completion.script(shell), encoding="utf-8")
        out[shell] = path
    return out


@pytest.fixture
def ids_store(tmp_path):
    """Two sessions (one legacy, with ':' in its id) and snapshots."""
    return _store(
        tmp_path / "ids.db",
        {"ses_alpha": ["before-refactor", "auto-1"], "ses_beta": [], "legacy::prj_one": []},
    )


def _store(path: Path, sessions: dict[str, list[str]]) -> Path:
    new_store(path)
    conn = connect(path)
    add_project(conn, "prj_one")
    for session, snapshots in sessions.items():
        add_session(conn, session, "prj_one")
        for name in snapshots:
            add_snapshot(conn, session, "prj_one", name, {"title": name})
    conn.commit()
    conn.close()
    return path


def _shell(shell: str) -> str:
    found = shutil.which(shell)
    if found is None:
        pytest.skip(f"{shell} is not installed")
    return found


@pytest.mark.parametrize(
    "shell,check",
    [("bash", ["-n"]), ("zsh", ["-n"]), ("fish", ["--no-execute"])],
)
def test_each_script_is_valid_in_its_shell(scripts, shell, check):
    run = subprocess.run([_shell(shell), *check, str(scripts[shell])], capture_output=True)
    assert run.returncode == 0, run.stderr.decode()


def test_the_command_prints_the_script(capsys):
    assert main(["completion", "bash"]) == 0
    out = capsys.readouterr().out
    assert "complete -F _ckpt_tui ckpt-tui" in out
    assert main(["completion", "tcsh"]) == 2


def bash_complete(script: Path, line: str) -> list[str]:
    """What the bash script offers with the cursor at the end of ``line``
    (``ckpt-tui`` stands for the installed executable)."""
    line = line.replace("ckpt-tui", str(EXE), 1)
    code = f'source "{script}"; COMP_LINE="$1"; COMP_POINT=${{#COMP_LINE}}; _ckpt_tui; printf "%s\\n" "${{COMPREPLY[@]}}"'
    run = subprocess.run(
        [_shell("bash"), "-c", code, "_", line], capture_output=True, text=True, env=os.environ
    )
    assert run.returncode == 0, run.stderr
    return [w for w in run.stdout.splitlines() if w]


@pytest.mark.parametrize(
    "line,expected",
    [
        ("ckpt-tui l", ["list", "legacy"]),
        ("ckpt-tui list ", ["projects", "sessions", "snapshots"]),
        ("ckpt-tui config ", ["path", "show"]),
        ("ckpt-tui completion ", ["bash", "zsh", "fish"]),
        ("ckpt-tui restore --fields objective,ne", ["objective,nextSteps"]),
        ("ckpt-tui restore --fields ", ["title", "objective", "filesTouched"]),
        ("ckpt-tui list snapshots s --kind ", ["auto", "manual", "pre-restore"]),
        ("ckpt-tui restore --d", ["--db", "--debug", "--dry-run"]),
    ],
)
def test_bash_offers_commands_options_fields_and_kinds(scripts, line, expected):
    found = bash_complete(scripts["bash"], line)
    if line.endswith((" l", "--d")):
        assert sorted(found) == sorted(expected)
    else:
        assert set(expected) <= set(found), found


def test_bash_offers_session_ids_and_snapshot_names_from_the_store(scripts, ids_store):
    db = f"--db {ids_store}"
    assert bash_complete(scripts["bash"], f"ckpt-tui {db} show ses_") == ["ses_alpha", "ses_beta"]
    assert bash_complete(scripts["bash"], f"ckpt-tui undo {db} ses_b") == ["ses_beta"]
    # diff's A is a snapshot of the session before it
    found = bash_complete(scripts["bash"], f"ckpt-tui diff {db} ses_alpha be")
    assert found == ["before-refactor"]
    # bash replaces only what follows the last ':' of the word
    assert bash_complete(scripts["bash"], f"ckpt-tui show {db} legacy::prj") == ["prj_one"]


def test_a_command_registered_later_is_completed_too():
    """Other modules add commands: the script follows the parser."""
    parser = argparse.ArgumentParser(prog="ckpt-tui")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("board", help="a board")
    p.add_argument("session", metavar="SESSION", help="s")
    p.add_argument("--sort", choices=["age", "name"], help="order")
    nodes = {n.path: n for n in completion.walk(parser)}
    assert nodes["ckpt-tui"].subcommands == ["board"]
    assert nodes["ckpt-tui board"].positionals == ["sessions"]
    assert nodes["ckpt-tui board"].options["--sort"] == "=age name"
    text = completion.script("bash", parser)
    assert "'ckpt-tui board|1') _ckpt_tui_r='sessions'" in text


def test_fish_completes_commands_fields_and_sessions(scripts, ids_store, tmp_path):
    fish = _shell("fish")
    env = {**os.environ, "PATH": f"{EXE.parent}{os.pathsep}{os.environ['PATH']}"}

    def complete(line: str) -> list[str]:
        run = subprocess.run(
            [fish, "--no-config", "-c", f"source {scripts['fish']}; complete -C '{line}'"],
            capture_output=True,
            text=True,
            env=env,
        )
        assert run.returncode == 0, run.stderr
        return [w.split("\t")[0] for w in run.stdout.splitlines()]

    assert set(complete("ckpt-tui list ")) == {"projects", "sessions", "snapshots"}
    assert complete("ckpt-tui restore --fields objective,ne") == ["objective,nextSteps"]
    assert complete(f"ckpt-tui --db {ids_store} show ses_") == ["ses_alpha", "ses_beta"]
    assert complete(f"ckpt-tui --db {ids_store} diff ses_alpha be") == ["before-refactor"]


def test_zsh_walker_finds_the_same_candidates(scripts, ids_store):
    """The zsh driver needs a live line editor; its shared walker is driven here."""
    zsh = _shell("zsh")

    def words(*line: str) -> str:
        code = (
            f"compdef() {{ :; }}; source {scripts['zsh']}; "
            '_ckpt_tui_walk "${@[1,-2]}"; _ckpt_tui_what "${@[-1]}"; '
            '_ckpt_tui_words "$_ckpt_tui_kind" "$1" "${@[-1]}"; print -r -- "$_ckpt_tui_kind:$_ckpt_tui_r"'
        )
        run = subprocess.run(
            [zsh, "-f", "-c", code, "_", str(EXE), *line], capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        return run.stdout.strip()

    kind, found = words("list", "").split(":", 1)
    assert (kind, found.split()) == ("commands", ["projects", "sessions", "snapshots"])
    kind, found = words("--db", str(ids_store), "show", "").split(":", 1)
    assert (kind, sorted(found.split())) == (
        "sessions",
        ["legacy::prj_one", "ses_alpha", "ses_beta"],
    )
    assert words("restore", "--fields", "title,").startswith("fields: title,objective title,status")
    assert "title,title" not in words("restore", "--fields", "title,")


def test_complete_command_is_cheap_and_silent(ids_store, tmp_path, capsys):
    assert main(["__complete", "sessions", "--db", str(ids_store)]) == 0
    assert sorted(capsys.readouterr().out.split()) == ["legacy::prj_one", "ses_alpha", "ses_beta"]
    # no store, a damaged file, an unknown kind: nothing printed, no traceback
    (tmp_path / "bad.db").write_bytes(b"not a database at all" * 100)
    for argv in (
        ["sessions", "--db", str(tmp_path / "missing.db")],
        ["sessions", "--db", str(tmp_path / "bad.db")],
    ):
        assert main(["__complete", *argv]) == 0
        assert capsys.readouterr() == ("", "")
    assert main(["__complete", "bogus"]) == 2
    # the hidden command does not load the parser or the completion generator's callers
    code = (
        "import sys; from ckpt_tui.cli.main import main;"
        f"main(['__complete', 'sessions', '--db', {str(ids_store)!r}]);"
        "print(sorted(m for m in sys.modules if m.startswith(('sqlalchemy', 'textual', 'ckpt_tui.cli.store_cmds'))))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.stdout.strip().splitlines()[-1] == "[]"


def test_hostile_ids_are_not_offered(tmp_path, capsys):
    path = _store(tmp_path / "h.db", {"ses_ok": [], "ses bad\nid": [], "ses_\x1b[31m": []})
    assert main(["__complete", "sessions", "--db", str(path)]) == 0
    assert capsys.readouterr().out.split("\n") == ["ses_ok", ""]


def test_ordinary_commands_do_not_load_completion(store_path):
    code = (
        "import sys; from ckpt_tui.cli.main import main;"
        f"main(['list', 'projects', '--db', {str(store_path)!r}]);"
        "print('ckpt_tui.cli.completion' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.stdout.strip().splitlines()[-1] == "False"


# -- every placeholder, every shell -------------------------------------------------------


def test_every_placeholder_is_mapped():
    """A placeholder completion does not know is caught here, not by a user's TAB."""
    assert completion.unmapped(completion.full_parser()) == []
    parser = argparse.ArgumentParser(prog="ckpt-tui")
    parser.add_argument("--widget", metavar="WIDGET", help="a new kind of value")
    assert completion.unmapped(parser) == ["ckpt-tui --widget WIDGET"]


def test_bash_completes_every_value_the_issue_named(scripts, ids_store):
    db = f"--db {ids_store}"
    bash = scripts["bash"]
    assert bash_complete(bash, f"ckpt-tui search {db} --project prj") == ["prj_one"]
    assert bash_complete(bash, f"ckpt-tui search {db} --session ses_a") == ["ses_alpha"]
    assert "current" in bash_complete(bash, "ckpt-tui search --kind ")
    assert bash_complete(bash, "ckpt-tui board --status in_progress,") == [
        "in_progress,blocked",
        "in_progress,done",
        "in_progress,abandoned",
    ]
    assert bash_complete(bash, f"ckpt-tui diff {db} ses_alpha auto-1 --against ses_b") == ["ses_beta"]
    # FROM and OTHER take SESSION:SNAPSHOT: bash replaces what follows the last ':'
    assert bash_complete(bash, f"ckpt-tui copy {db} ses_alpha:be") == ["before-refactor"]
    found = bash_complete(bash, f"ckpt-tui diff {db} ses_beta x --against ses_alpha:")
    assert sorted(found) == ["auto-1", "before-refactor"]
    assert "textual-light" in bash_complete(bash, "ckpt-tui --theme textual-")


def test_a_list_does_not_offer_what_it_already_has(scripts):
    found = bash_complete(scripts["bash"], "ckpt-tui restore --fields title,status,")
    assert found and not [f for f in found if f.split(",")[-1] in ("title", "status")]
    assert all(f.startswith("title,status,") for f in found)


def test_zsh_and_fish_show_help_beside_commands_and_options(scripts):
    zsh = _shell("zsh")
    code = (
        f"compdef() {{ :; }}; source {scripts['zsh']}; "
        '_ckpt_tui_descs "ckpt-tui|commands"; print -r -- "$_ckpt_tui_r"; '
        '_ckpt_tui_descs "ckpt-tui restore|options"; print -r -- "$_ckpt_tui_r"'
    )
    run = subprocess.run([zsh, "-f", "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "list:list projects, sessions or snapshots" in lines
    assert any(line.startswith("--dry-run:show what would change") for line in lines)
    fish = _shell("fish")
    run = subprocess.run(
        [fish, "--no-config", "-c", f"source {scripts['fish']}; complete -C 'ckpt-tui l'"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "list\tlist projects, sessions or snapshots" in run.stdout.splitlines()
    run = subprocess.run(
        [
            fish,
            "--no-config",
            "-c",
            f"source {scripts['fish']}; complete -C 'ckpt-tui restore --fields title,'",
        ],
        capture_output=True,
        text=True,
    )
    found = [w.split("\t")[0] for w in run.stdout.splitlines()]
    assert "title,objective" in found and "title,title" not in found


def test_a_tab_imports_neither_argparse_nor_the_parser(ids_store):
    code = (
        "import sys; from ckpt_tui.cli.entry import main;"
        f"main(['__complete', 'sessions', '--db', {str(ids_store)!r}]);"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('argparse', 'dataclasses', 'inspect', 'sqlalchemy', 'textual', 'rich') "
        "or m in ('ckpt_tui.cli.main', 'ckpt_tui.cli.completion')))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    lines = run.stdout.strip().splitlines()
    assert lines[:-1] == ["ses_alpha", "ses_beta", "legacy::prj_one"] or sorted(lines[:-1]) == [
        "legacy::prj_one",
        "ses_alpha",
        "ses_beta",
    ]
    assert lines[-1] == "[]"
