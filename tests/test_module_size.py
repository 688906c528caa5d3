"""Small modules with one job: no module of the package over 450 lines, and
at most three functions over 60 lines, each saying in its docstring why it
is long (a line starting ``Long because``). Checked on the source (AST)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "app" / "ckpt_tui"
MAX_MODULE_LINES = 450
MAX_FUNCTION_LINES = 60
MAX_LONG_FUNCTIONS = 3


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def long_functions(path: Path) -> list[tuple[str, int, str]]:
    """(name, lines, docstring) of each function longer than the limit."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append((node.name, length, ast.get_docstring(node) or ""))
    return found


def test_no_module_over_450_lines():
    too_long = {}
    for path in modules():
        name = path.relative_to(PACKAGE).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_MODULE_LINES:
            too_long[name] = lines
    assert too_long == {}


def test_at_most_three_long_functions_each_saying_why():
    found = {}
    for path in modules():
        for name, length, doc in long_functions(path):
            found[f"{path.relative_to(PACKAGE).as_posix()}:{name}"] = (length, doc)
    assert len(found) <= MAX_LONG_FUNCTIONS, sorted(found)
    unexplained = [f for f, (_, doc) in found.items() if "Long because" not in doc]
    assert unexplained == []


def test_the_checks_see_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    path = tmp_path / "m.py"
    path.write_text(f'def f():\n    """Short."""\n{body}\n', encoding="utf-8")
    [(name, length, doc)] = long_functions(path)
    assert (name, length, doc) == ("f", MAX_FUNCTION_LINES + 2, "Short.")
