"""A path too long for its line breaks after a ``/`` (``ui/path_wrap.py``)."""

from __future__ import annotations

from rich.text import Text

from ckpt_tui.ui.path_wrap import break_at_slashes

PATH = "/tmp/x/demo/projects/docs-site/.opencode/state/checkpoint-orchestrator/handoff.md"


def test_breaks_after_slashes_and_keeps_styles():
    line = Text.assemble(("Written to ", "bold"), PATH, ("  (u undoes it)", "dim"))
    broken = break_at_slashes(line, 30)
    rows = broken.plain.split("\n")
    assert all(len(row) <= 30 for row in rows)
    assert all(row.endswith("/") or row == "Written to" for row in rows[:-1]), rows
    assert "".join(rows) == "Written to " + PATH + "  (u undoes it)"
    assert broken.spans[0].style == "bold" and broken.spans[-1].style == "dim"


def test_a_name_wider_than_the_line_is_folded_and_a_short_line_kept():
    line = Text("/a/" + "n" * 25)
    assert break_at_slashes(line, 10).plain == "/a/\n" + "n" * 10 + "\n" + "n" * 10 + "\n" + "n" * 5
    assert break_at_slashes(line, 100) is line
