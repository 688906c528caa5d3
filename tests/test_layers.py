"""The layer rules, checked on the source: ui and cli import core, core
imports store, nothing below the ui imports Textual."""

from __future__ import annotations

import ast
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


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


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


def test_shared_modules_import_nothing_of_ours_above_them():
    for name in ("errors.py", "timeutil.py", "paths.py"):
        ours = {i for i in imports(PACKAGE / name) if i.startswith("ckpt_tui.")}
        assert ours <= {"ckpt_tui"}, f"{name} imports {ours}"


def test_core_runs_without_textual_loaded():
    code = (
        "import sys; import ckpt_tui.core.service, ckpt_tui.core.legacy, ckpt_tui.cli.store_cmds;"
        "bad = [m for m in sys.modules if m == 'textual' or m.startswith('textual.')];"
        "print(bad); raise SystemExit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
