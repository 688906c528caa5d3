"""Counts said in words agree with their noun: "(1 prompt)", never "(1 prompts)"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ckpt_tui.opencode.usage import SessionUsage
from ckpt_tui.plural import counted
from ckpt_tui.ui.usage_view import usage_text

APP = Path(__file__).resolve().parents[1] / "app" / "ckpt_tui"


@pytest.mark.parametrize(
    ("n", "said"),
    [(0, "0 prompts"), (1, "1 prompt"), (2, "2 prompts"), (1234, "1234 prompts")],
)
def test_counted_agrees(n, said):
    assert counted(n, "prompt") == said


def test_counted_irregular_and_grouped():
    assert counted(1, "entry", "entries") == "1 entry"
    assert counted(3, "entry", "entries") == "3 entries"
    assert counted(12_345, "snapshot", grouped=True) == "12,345 snapshots"
    assert counted(1, "more line") == "1 more line"


@pytest.mark.parametrize(("prompts", "said"), [(1, "(1 prompt)"), (2, "(2 prompts)")])
def test_the_detail_pane_says_one_prompt(prompts, said):
    usage = SessionUsage("ses_1", messages=3, prompts=prompts, assistant_messages=2, cost=None)
    assert said in usage_text(usage).plain


#: A count put straight before a plural noun in an f-string ("{n} prompts"),
#: or the noun made plural by hand ("snapshot{'s' if n != 1 else ''}").
_BARE_PLURAL = re.compile(
    r"\{[^{}]*\}\)? (?:more |old |legacy |unchanged )?"
    r"(?:prompt|message|snapshot|field|line|version|change|problem|session|project|entr)(?:s|ies)\b"
    r"|\{'s' if|\{\"s\" if|\(s\)"
)


def test_no_count_is_said_with_a_bare_plural():
    found = [
        f"{path.relative_to(APP)}:{number}: {line.strip()}"
        for path in sorted(APP.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if _BARE_PLURAL.search(line) and ('f"' in line or "f'" in line)
    ]
    assert found == []
