"""What the reading commands import (issue 12: every command at most 3× a
plain ``sqlite3`` script printing the same, ``--help`` at most 3×
``python -c pass``). Each module named here cost a command 1-8 ms for
nothing it needed; ``bench/bench_cli.py`` measures the whole."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys

import pytest

from ckpt_tui.cli.main import _terminal_columns
from ckpt_tui.core.model import Checkpoint
from tests.factory import add_snapshot, basic_store, connect

#: Never on a reading command's way: the app's libraries and SQLAlchemy;
#: ``dataclasses`` with ``inspect`` (8 ms), ``shutil`` with ``bz2`` and
#: ``lzma`` (argparse's terminal width, 2 ms), and ``rapidfuzz`` (10 ms)
#: for a list diff that pairs a few items.
NEVER = ("sqlalchemy", "textual", "rich", "dataclasses", "inspect", "shutil", "rapidfuzz")
#: Not for a list printed as text: the codec (it decodes payloads), JSON,
#: the change-summary walk.
NOT_FOR_LISTS = ("json", "ckpt_tui.core.model", "ckpt_tui.store.previous_ids", "difflib")


def _store(tmp_path):
    db = basic_store(tmp_path / "c.db")
    conn = connect(db)
    reworded = Checkpoint(objective="two", status="done", nextSteps=("b", "c, now"))
    add_snapshot(conn, "s1", "p1", "third", reworded.to_payload(), at="2026-11-01T10:03:00.000Z")
    conn.close()
    return db


def _loaded(argv: list[str], modules: tuple[str, ...]) -> tuple[int, list[str], str]:
    """Run ``ckpt-tui ARGV`` in a new interpreter: its exit code, which of
    ``modules`` (or their submodules) it imported, and its stderr."""
    code = (
        "import sys\n"
        "from ckpt_tui.cli.main import main\n"
        "try:\n"
        f"    rc = main({argv!r})\n"
        "except SystemExit as exc:\n"
        "    rc = exc.code\n"
        f"wanted = {modules!r}\n"
        "found = sorted(m for m in sys.modules if m in wanted or m.startswith(tuple(w + '.' for w in wanted)))\n"
        "print(repr(found), file=sys.stderr)\n"
        "raise SystemExit(rc or 0)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    *before, found = result.stderr.strip().splitlines() or [""]
    loaded = ast.literal_eval(found) if found.startswith("[") else [found]
    return result.returncode, loaded, "\n".join(before)


@pytest.mark.parametrize(
    "argv",
    [
        ["list", "projects"],
        ["list", "sessions"],
        ["list", "sessions", "--project", "p1"],
        ["list", "snapshots", "s1"],
        ["list", "snapshots", "s1", "--kind", "manual"],
    ],
)
def test_a_list_imports_neither_the_codec_nor_json(tmp_path, argv):
    db = _store(tmp_path)
    code, found, err = _loaded([*argv, "--db", str(db)], NEVER + NOT_FOR_LISTS)
    assert code == 0, err
    assert found == []


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "s1"],
        ["show", "s1", "--snapshot", "first"],
        ["show", "s1", "--json"],
        ["diff", "s1", "first", "second"],
        ["diff", "s1", "second", "third"],  # a reworded item: paired without rapidfuzz
        ["diff", "s1", "first"],
        ["diff", "s1", "first", "third", "--json"],
        ["list", "snapshots", "s1", "--summary"],
    ],
)
def test_show_and_diff_import_no_dataclasses_shutil_or_rapidfuzz(tmp_path, argv):
    db = _store(tmp_path)
    code, found, err = _loaded([*argv, "--db", str(db)], NEVER)
    assert code == 0, err
    assert found == []


def test_help_imports_no_command_module_and_no_shutil():
    code, found, _ = _loaded(["--help"], ("shutil", "ckpt_tui.cli.store_cmds", "ckpt_tui.core"))
    assert code == 0 and found == []


@pytest.mark.parametrize("columns", [None, "", "abc", "-3", "0", "37", "200"])
def test_help_is_as_wide_as_argparse_would_make_it(monkeypatch, columns):
    """Without ``shutil``, the help's width is still what
    ``shutil.get_terminal_size`` answers argparse."""
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert _terminal_columns() == shutil.get_terminal_size().columns


def test_words_after_the_command_are_its_arguments_not_commands(tmp_path):
    """``search undo`` searches for "undo": it builds the search command's
    parser only, not the one of the module that registers ``undo`` (which
    cost every such search about 15 ms)."""
    db = _store(tmp_path)
    code, found, err = _loaded(["search", "undo", "--db", str(db)], ("ckpt_tui.cli.store_cmds",))
    assert code in (0, 1), err  # 1: no hit; the point is what it imported
    assert found == []
