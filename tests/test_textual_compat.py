"""``ui/textual_compat.py`` is the one module that uses a private name of
Textual's: each hook switches itself off on a Textual whose insides differ,
the app works with every hook off, and nothing else in the app uses a
private Textual name."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from textual.app import App

from ckpt_tui.ui import textual_compat

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app" / "ckpt_tui"

pytest_plugins = ["pytester"]


def test_every_hook_is_off_when_switched_off(monkeypatch):
    monkeypatch.setenv(textual_compat.SWITCH, "off")
    assert textual_compat.hooks_in_force() == {"App._handle_exception": False}
    monkeypatch.setenv(textual_compat.SWITCH, "")
    assert textual_compat.hooks_in_force() == {"App._handle_exception": True}


def test_a_hook_whose_textual_name_is_gone_or_changed_is_not_used(monkeypatch):
    """The check the module makes at import: a Textual without the name, or
    with another signature, gets no override (its own behaviour stays)."""

    class Older(App):
        pass

    monkeypatch.delattr(App, "_handle_exception")
    assert not textual_compat._takes(Older, "_handle_exception", ["self", "error"])

    class Newer:
        def _handle_exception(self, error, *, context):
            pass

    assert not textual_compat._takes(Newer, "_handle_exception", ["self", "error"])


def test_no_private_textual_name_outside_the_compat_module():
    """No ``textual._*`` import anywhere, and none of the private names the
    app once reached for, outside ``ui/textual_compat.py``."""
    private = re.compile(
        r"from textual\._|import textual\._|textual\._[a-z]"
        r"|\._(get_renders|styles_cache|css_update_count|refresh_layout|update_timer|"
        r"compositor|layout_required|repaint_required|dirty_regions|dirty_widgets|"
        r"scroll_update|size_updated|screen_resized|get_screen|parse_rules|"
        r"component_styles|parse_action|notifications|unnotify|keymap|nodes|rules|"
        r"get_component_classes|inherit_component_classes|css_type_name|"
        r"handle_exception|mouse_hovering_over|update_lines|start_widget|"
        r"vertical_scrollbar|layout_widgets)\b"
    )
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in APP.rglob("*.py")
        if path.name != "textual_compat.py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if private.search(line)
    ]
    assert found == []


#: A UI test in which the hook acts: with the hooks on, the worker's error
#: is a notification and the app keeps running; with them off it ends the app.
NEEDS_THE_HOOK = """
from tests.ui_support import make_app, run_async, settle


@run_async
async def test_a_worker_error_leaves_the_app_running(store_path, monkeypatch):
    app = make_app(store_path)

    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        monkeypatch.setattr(app.service, "current", broken)
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running
"""

#: A UI test no hook acts in (run once only); a process it starts runs
#: with the hooks off.
NEEDS_NO_HOOK = """
import subprocess
import sys

from tests.ui_support import make_app, run_async, settle


@run_async
async def test_the_sessions_are_listed(store_path):
    app = make_app(store_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        assert app.main.sessions.rows
    child = "import os; print(os.environ['CKPT_TUI_TEXTUAL_COMPAT'])"
    seen = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True)
    assert seen.stdout == "off\\n", seen.stderr
"""


@pytest.mark.skipif(
    os.environ.get(textual_compat.SWITCH) == "off", reason="already the run with the hooks off"
)
def test_a_ui_test_that_needs_a_hook_fails(pytester, monkeypatch):
    """The UI suite passes with every hook off (``conftest``'s
    ``_ui_test_again_with_the_hooks_off``): a UI test in which a hook acts is
    run again with the hooks off, and fails there if it needs the hook; one
    in which no hook acts passes once, and the processes it starts run with
    the hooks off.

    The session that runs the two UI tests runs in this process, and no
    ``pytest`` here loads the installed plugins (none of them is part of the
    mechanism): a third start-up and the plugins' imports, ~1.5 CPU-s, saved.
    The re-runs with the hooks off are, as always, ``pytest`` processes of
    their own, which find ``tests`` on the path."""
    pytester.makeconftest(
        "from tests.conftest import _isolated, _ui_test_again_with_the_hooks_off, store_path\n"
    )
    pytester.makepyfile(test_ui_needs_the_hook=NEEDS_THE_HOOK, test_ui_needs_no_hook=NEEDS_NO_HOOK)
    monkeypatch.setenv("PYTHONPATH", f"{ROOT / 'app'}{os.pathsep}{ROOT}")
    monkeypatch.delenv(textual_compat.SWITCH, raising=False)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # read by the re-runs too
    result = pytester.runpytest_inprocess("-q", "-p", "no:cacheprovider")
    out = result.stdout.str()
    assert result.ret == 1, out + result.stderr.str()
    # the first passed with the hooks on, and failed in its re-run with them off
    assert re.search(r"^2 passed, 1 error", out, re.MULTILINE), out
    assert re.search(
        # pytest adds " - reason" when the terminal is wide enough for it
        r"^ERROR test_ui_needs_the_hook.py::test_a_worker_error_leaves_the_app_running( - .*)?$",
        out,
        re.MULTILINE,
    ), out
    assert (
        "test_ui_needs_the_hook.py::test_a_worker_error_leaves_the_app_running fails with every "
        "hook of ui/textual_compat.py off (CKPT_TUI_TEXTUAL_COMPAT=off; run again so as a hook "
        "acted in it)" in out
    ), out
    assert "RuntimeError: boom" in out  # what the re-run said
