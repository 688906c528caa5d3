"""Bidi controls and zero-width characters are shown, never obeyed, in the
app, on the command line and in hand-off notes, as control characters are."""

from __future__ import annotations

import pytest

from ckpt_tui.cli.main import main
from ckpt_tui.core import handoff
from ckpt_tui.core.text import printable, visible
from ckpt_tui.ui.render import literal, safe, safe_block
from tests.factory import add_session, connect
from tests.ui_support import make_app, run_async, settle

HIDDEN = [
    "\u202e",  # right-to-left override: the Trojan Source character
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200b",  # zero-width space
    "\u200c",
    "\u200d",
    "\u200e",
    "\u200f",
    "\ufeff",  # byte-order mark / zero-width no-break space
    "\u2028",  # line separator
    "\u2029",  # paragraph separator
    "\u061c",
    "\u2060",
]


@pytest.mark.parametrize("char", HIDDEN)
def test_each_hidden_character_is_escaped(char):
    escaped = f"\\u{ord(char):04x}"
    for shown in (
        visible(f"a{char}b"),
        printable(f"a{char}b"),
        printable(f"a{char}b", keep_newlines=True),
        safe(f"a{char}b").plain,
        safe_block(f"a{char}b\nc").plain,
        str(literal(f"a{char}b")),
        handoff.clean(f"a{char}b"),
    ):
        assert char not in shown and escaped in shown, repr(shown)


def test_ordinary_text_is_untouched():
    text = "Émoji 🚀, ümlauts, 中文, עברית, tab\there"
    assert visible(text, keep_newlines=True) == text
    assert visible("line\nbreak", keep_newlines=True) == "line\nbreak"
    assert visible("\x1b[31m") == "\\x1b[31m"


def test_command_line_shows_bidi_controls(store_path, capsys):
    conn = connect(store_path)
    add_session(conn, "s2", "p1", title="invoice\u202egpj.exe zero\u200bwidth")
    conn.close()
    code = main(["list", "sessions", "--db", str(store_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "\u202e" not in out and "\u200b" not in out
    assert "invoice\\u202egpj.exe zero\\u200bwidth" in out


def test_command_line_error_lines_show_bidi_controls(store_path, capsys):
    code = main(["show", "s1", "--snapshot", "x\u202ey", "--db", str(store_path)])
    err = capsys.readouterr().err
    assert code == 4 and "\u202e" not in err and "\\u202e" in err


@run_async
async def test_app_shows_bidi_controls(store_path):
    conn = connect(store_path)
    add_session(
        conn, "s2", "p1", title="evil\u202eeman\u2066 \ufeffbom", at="2026-12-01T00:00:00.000Z"
    )
    conn.close()
    app = make_app(store_path)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        screen = app.export_screenshot()
    for char in ("\u202e", "\u2066", "\ufeff"):
        assert char not in screen
    assert "evil\\u202eeman\\u2066" in screen


def test_text_isprintable_accepts_needs_no_escape():
    """``visible`` returns text ``str.isprintable`` accepts as it is (the
    command line's long lists); that holds only if no character it accepts is
    one the escapes are for, in any plane."""
    from ckpt_tui.core.text import _controls

    accepted = "".join(c for c in map(chr, range(0x110000)) if c.isprintable())
    assert not _controls(False).search(accepted) and not _controls(True).search(accepted)
