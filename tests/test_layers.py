"""The layer rules, checked on the source: ui and cli import core, core
imports store, nothing below the ui imports Textual. A module named in a
string (``importlib.import_module("...")``, a lazy-loading name) counts as
an import, so a violation cannot hide in one."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "app" / "ckpt_tui"

#: layer -> prefixes it must never import
FORBIDDEN = {
    "store": ("ckpt_tui.core", "ckpt_tui.ui", "ckpt_tui.cli", "ckpt_tui.opencode", "textual"),
    "core": ("ckpt_tui.ui", "ckpt_tui.cli", "textual"),
    "opencode": ("ckpt_tui.ui", "ckpt_tui.cli", "textual"),
    "ui": ("ckpt_tui.store", "ckpt_tui.opencode", "ckpt_tui.cli", "sqlalchemy", "sqlite3"),
    "cli": ("ckpt_tui.store", "sqlalchemy", "sqlite3", "textual"),
}
#: the command line may start the app, and only through its launcher
ALLOWED = {("cli", "ckpt_tui.ui.launch")}


#: a string that is a dotted module name of ours or of a layered library
MODULE_NAME = re.compile(r"(ckpt_tui|textual|sqlalchemy|sqlite3)(\.[A-Za-z_]\w*)*")


def imports_in(source: str) -> set[str]:
    """Every module ``source`` imports or names in a string."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            # `from ckpt_tui import store` imports the module ckpt_tui.store
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and MODULE_NAME.fullmatch(node.value)
        ):
            found.add(node.value)
    return found


def imports(path: Path) -> set[str]:
    return imports_in(path.read_text(encoding="utf-8"))


def test_layers_import_one_way():
    problems = []
    for layer, banned in FORBIDDEN.items():
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            for name in imports(path):
                if (layer, name) in ALLOWED:
                    continue
                if any(name == b or name.startswith(b + ".") for b in banned):
                    problems.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert problems == []


def test_modules_named_in_strings_count_as_imports():
    hidden = (
        "import importlib\n"
        "ui = importlib.import_module('ckpt_tui.ui.app')\n"
        "w = lazy.module(\"textual.widgets\")\n"
        "from ckpt_tui import store\n"
    )
    assert {"ckpt_tui.ui.app", "textual.widgets", "ckpt_tui.store"} <= imports_in(hidden)
    # prose and other strings are not module names
    assert imports_in("x = 'textual is a TUI framework'; y = 'ckpt_tui: a tool'") == set()


def test_shared_modules_import_nothing_of_ours_above_them():
    shared = (
        "errors.py",
        "timeutil.py",
        "paths.py",
        "records.py",
        "conversation.py",
        "fields.py",
    )
    for name in shared:
        ours = {i for i in imports(PACKAGE / name) if i.startswith("ckpt_tui.")}
        assert ours <= {"ckpt_tui.timeutil"}, f"{name} imports {ours}"


def test_core_runs_without_textual_loaded():
    code = (
        "import sys; import ckpt_tui.core.service, ckpt_tui.core.legacy, ckpt_tui.cli.store_cmds;"
        "bad = [m for m in sys.modules if m == 'textual' or m.startswith('textual.')];"
        "print(bad); raise SystemExit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
