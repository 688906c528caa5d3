"""The one module that uses a private name of Textual's.

Everything else in ``ckpt_tui.ui`` is Textual's public API. What is here
has no public equivalent, and each hook:

* names the Textual behaviour it works around and the versions it was
  checked on;
* checks, once, that Textual's insides are what it expects, and otherwise
  does nothing (the app then behaves as Textual does by default; it never
  crashes because of a hook);
* is off when ``CKPT_TUI_TEXTUAL_COMPAT=off``, and asks :func:`enabled`
  when, and only when, it is about to act. The test suite relies on that:
  a UI test in which no hook asked ran as it would with the hooks off, and
  one in which a hook asked is run again with them off (``tests/conftest.py``).

Hooks (1 private name of at most 8):

``App._handle_exception`` (checked on Textual 8.2.6-8.2.8): Textual's only
hook for an exception nobody caught. By default an exception in a worker
ends the app; here the app says it in one line and keeps running, and any
other unexpected error is logged to the app's log file before Textual ends
the app as it does (``CkptApp.unexpected_error``). Off: a worker's
exception ends the app with Textual's traceback.
"""

from __future__ import annotations

import inspect
import os
from typing import Any

from textual.app import App

#: The environment variable that switches every hook off.
SWITCH = "CKPT_TUI_TEXTUAL_COMPAT"


def enabled() -> bool:
    """The hooks are on (not switched off by :data:`SWITCH`)."""
    return os.environ.get(SWITCH, "").strip().lower() not in ("off", "0", "no", "false")


def _takes(owner: type, name: str, parameters: list[str]) -> bool:
    """``owner.name`` exists and takes exactly ``parameters``."""
    method = getattr(owner, name, None)
    if not callable(method):
        return False
    try:
        return list(inspect.signature(method).parameters) == parameters
    except (TypeError, ValueError):
        return False


#: ``App._handle_exception(self, error)`` is there, as the hook expects.
HANDLES_EXCEPTIONS = _takes(App, "_handle_exception", ["self", "error"])


class ReportsUnexpectedErrors:
    """Mixed into the app before ``App``: an unexpected exception goes to
    ``self.unexpected_error(error)`` first, which returns ``True`` when it
    has dealt with it (the app keeps running)."""

    def unexpected_error(self, error: BaseException) -> bool:  # pragma: no cover (overridden)
        return False

    if HANDLES_EXCEPTIONS:  # else not defined at all: Textual's own, whatever it takes

        def _handle_exception(self, error: Exception) -> None:
            if enabled() and self.unexpected_error(error):
                return
            parent: Any = super()
            parent._handle_exception(error)


def hooks_in_force() -> dict[str, bool]:
    """Each hook by the private name it uses, and whether it is in force."""
    return {"App._handle_exception": HANDLES_EXCEPTIONS and enabled()}
