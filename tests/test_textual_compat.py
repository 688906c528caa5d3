"""``ui/textual_compat.py`` is the one module that uses a private name of
Textual's: each hook switches itself off on a Textual whose insides differ,
the app works with every hook off, and nothing else in the app uses a
private Textual name."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from textual.app import App

from ckpt_tui.ui import textual_compat

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app" / "ckpt_tui"


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


@pytest.mark.skipif(
    os.environ.get(textual_compat.SWITCH) == "off", reason="already the run with the hooks off"
)
def test_the_ui_suite_passes_with_every_hook_off():
    """The UI tests, run again with every hook of ``ui/textual_compat.py``
    switched off: the app must not need them (an unexpected error in a
    worker then ends the app, as Textual's default does; no UI test makes
    one). A test that fails is run once more, so one that fails now and
    then whatever the hooks (a race of its own) does not count."""
    tests = sorted(str(path) for path in (ROOT / "tests").glob("test_ui_*.py"))
    env = dict(os.environ, **{textual_compat.SWITCH: "off"})

    def run(*args: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args]
        return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)

    result = run(*tests)
    if result.returncode != 0:
        failed = re.findall(r"^FAILED (\S+)", result.stdout, re.MULTILINE)
        assert failed, result.stdout[-4000:] + result.stderr[-2000:]
        result = run(*failed)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
