"""Screens kept after their first opening, for the keys that open them
often (``d``, ``r``): opened again, the kept screen is given its new
content instead of a new one being composed, styled and mounted.

They are installed with Textual (``App.install_screen``), so closing one
does not remove it. A kept screen already on the stack is not taken: the
caller makes a new one, as before.
"""

from __future__ import annotations

from typing import TypeVar

from textual.app import App
from textual.screen import Screen

S = TypeVar("S", bound=Screen)


def kept(app: App, name: str, kind: type[S]) -> S | None:
    """The screen kept under ``name``, unless it is open now."""
    try:
        screen = app.get_screen(name, kind)
    except KeyError:
        return None
    return None if screen in app.screen_stack else screen


def keep(app: App, name: str, screen: Screen) -> None:
    """Keep ``screen`` (just made) for the next opening."""
    if not app.is_screen_installed(name):
        app.install_screen(screen, name)
