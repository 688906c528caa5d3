"""A tool call's input and output as the conversation shows them: field by
field, every line on its own row, folded when long, never markup or
terminal control."""

from __future__ import annotations

from ckpt_tui.conversation import FOLD_LINES, ConversationMessage, TextPart, ToolPart, fold
from ckpt_tui.ui.conversation_lines import message_rows, tool_rows


def tool(**kwargs) -> ToolPart:
    base = dict(
        id="prt_1",
        tool="bash",
        status="completed",
        title="Run",
        started=None,
        ended=None,
        duration_ms=None,
        error=None,
    )
    return ToolPart(**{**base, **kwargs})


def rows(part: ToolPart, shown: bool = True) -> list[str]:
    return [row.plain for row in tool_rows(part, shown)]


def test_a_long_output_is_folded_and_says_how_much_is_left_out():
    out = rows(tool(input={"command": "seq 100"}, output="\n".join(map(str, range(1, 101)))))
    assert out[1] == "    command: seq 100"
    assert out[2] == "    output: 1"
    assert out[2 + FOLD_LINES - 1] == f"      {FOLD_LINES}"
    assert out[-1] == f"      … {100 - FOLD_LINES} more lines"
    assert len(out) == 2 + FOLD_LINES + 1


def test_one_enormous_line_is_cut_by_characters():
    out = rows(tool(output="x" * 10_000_000))
    assert out[-1] == "      … 9,998,000 more characters"
    assert max(len(r) for r in out) < 2_100


def test_hostile_text_stays_text():
    out = rows(tool(input={"command": "[bold]x[/bold] \x1b[2J"}, output="\x1b]0;t\x07[red]y"))
    joined = "\n".join(out)
    assert "[bold]x[/bold]" in joined and "[red]y" in joined  # literal, not markup
    assert "\x1b" not in joined and "\x07" not in joined


def test_input_that_is_not_an_object_and_values_that_are_not_text():
    assert rows(tool(input=["a", 1]))[1] == '    input: ["a",1]'
    assert rows(tool(input={"limit": 5, "paths": ["a", "b"]}))[1:3] == [
        "    limit: 5",
        '    paths: ["a","b"]',
    ]


def test_hidden_detail_is_one_line_saying_what_there_is():
    out = rows(tool(input={"command": "ls"}, output="a\nb"), shown=False)
    assert out == ["  ⚙ bash  ✓ completed  Run  ▸ input · 2 lines of output (t shows)"]
    assert rows(tool(), shown=False) == ["  ⚙ bash  ✓ completed  Run"]


def test_every_line_of_a_message_is_its_own_row():
    """The view wraps rows and never breaks one at a newline: a short
    message of two lines showed only its first."""
    message = ConversationMessage(
        "msg_1", "user", None, None, None, None, None, None, (TextPart("prt_2", "one\ntwo"),)
    )
    assert [r.plain for r in message_rows(message, False)][1:3] == ["  one", "  two"]


def test_fold_counts_lines_and_characters():
    assert fold("a\nb\nc\n", lines=2).rest() == "… 1 more line"
    assert not fold("short").folded
