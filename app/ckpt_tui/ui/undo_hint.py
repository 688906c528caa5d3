"""The app's half of a write's message: the key that takes it back.

The core's messages name neither keys nor commands (the command line adds
its commands); the app adds the key, as the person's keymap has it.
"""

from __future__ import annotations

from typing import Any

from ckpt_tui.core.plans import Outcome, Step

_KEYS = {Step.UNDO: ("app.undo", "u", "undoes"), Step.REDO: ("app.redo", "ctrl+r", "redoes")}


def key_hint(keymap: dict[str, str], outcome: Outcome) -> str | None:
    """``u undoes it`` / ``ctrl+r redoes it``, or ``None`` (nothing written)."""
    step = outcome.taken_back_by
    if step is None:
        return None
    binding_id, default, verb = _KEYS[step]
    key = keymap.get(binding_id, default).split(",")[0].strip()
    return f"{key} {verb} it"


def said(app: Any, outcome: Outcome) -> str:
    """The outcome's message as the app says it."""
    return outcome.said_with(key_hint(app.config.keymap, outcome))
