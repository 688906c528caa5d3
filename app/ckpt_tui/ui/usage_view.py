"""What a session cost, as lines of the detail pane.

Every figure opencode did not record reads "not recorded": a session whose
messages carry no ``cost`` is not a free session.
"""

from __future__ import annotations

from rich.text import Text

from ckpt_tui.plural import counted
from ckpt_tui.ui.render import safe

#: How many touched files the detail pane lists before saying how many more.
FILES_SHOWN = 12
ABSENT = "not recorded"


def _count(value: int | None) -> str:
    return ABSENT if value is None else f"{value:,}"


def usage_text(usage) -> Text:
    """``usage`` is a ``SessionUsage`` (from ``Activity.usage``); ``None``
    means opencode's storage has nothing for the session."""
    text = Text()
    text.append("\nIn opencode\n", style="bold")
    if usage is None:
        text.append("  no usage: opencode's storage has no record of this session\n", style="dim")
        return text
    label = "dim"
    text.append("  messages  ", style=label)
    text.append(f"{usage.messages:,}  ({counted(usage.prompts, 'prompt', grouped=True)})\n")
    text.append("  cost      ", style=label)
    text.append(ABSENT if usage.cost is None else f"${usage.cost:,.4f}")
    text.append("\n  tokens    ", style=label)
    tokens = usage.tokens
    text.append(f"in {_count(tokens.get('input'))} · out {_count(tokens.get('output'))}")
    extras = [
        f"{name} {tokens[key]:,}"
        for key, name in (("reasoning", "reasoning"), ("cacheRead", "cache read"))
        if key in tokens
    ]
    if extras:
        text.append(" · " + " · ".join(extras), style=label)
    text.append("\n  models    ", style=label)
    text.append_text(safe(", ".join(usage.models) or ABSENT, 300))
    text.append("\n  agents    ", style=label)
    text.append_text(safe(", ".join(usage.agents) or ABSENT, 300))
    text.append(f"\n  files     {len(usage.files)} touched by tool calls\n", style=label)
    for path in usage.files[:FILES_SHOWN]:
        text.append("    ")
        text.append_text(safe(path, 500))
        text.append("\n")
    if len(usage.files) > FILES_SHOWN:
        text.append(f"    … {len(usage.files) - FILES_SHOWN} more\n", style=label)
    if usage.damaged_skipped:
        text.append(f"  {counted(usage.damaged_skipped, 'damaged record')} skipped\n", style="italic")
    return text
