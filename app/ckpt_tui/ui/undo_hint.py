"""The app's half of a write's message: the key that takes it back.

The core's messages name neither keys nor commands (the command line adds
its commands); the app adds the key, as the person's keymap has it.
"""

from __future__ import annotations

from typing import Any

from ckpt_tui.core.plans import Outcome, Step

_KEYS = {Step.UNDO: ("app.undo", "undoes"), Step.REDO: ("app.redo", "redoes")}


def key_hint(node: Any, outcome: Outcome) -> str | None:
    """``u undoes it`` / ``ctrl+r redoes it`` (the person's keys, as
    ``ui/explain.key_of`` finds them), or ``None`` (nothing written)."""
    from ckpt_tui.ui.explain import key_of

    step = outcome.taken_back_by
    if step is None:
        return None
    binding_id, verb = _KEYS[step]
    return f"{key_of(node, binding_id)} {verb} it"


def said(app: Any, outcome: Outcome) -> str:
    """The outcome's message as the app says it."""
    return outcome.said_with(key_hint(app, outcome))
