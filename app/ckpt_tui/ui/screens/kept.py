"""A screen the app keeps (installed) and shows again and again: ``?``'s
help, ``e``'s hand-off preview.

Textual restyles every node of a screen each time it is shown again
(``ScreenResume``), in case the CSS changed while it was hidden: a third
of what showing the kept help cost. The CSS changes only with a new theme
or stylesheet, which Textual counts (``App._css_update_count``); a kept
screen is restyled when it shows only if that count moved since it was
last styled.
"""

from __future__ import annotations

from textual import events


class KeptScreen:
    """Mix in before ``Screen`` (or a subclass of it)."""

    #: The app's count of CSS updates when this screen was last styled.
    _styled_at: int | None = None

    def restyle(self) -> None:
        """Style every node now, as showing the screen would."""
        self.update_node_styles(animate=False)  # type: ignore[attr-defined]
        self._styled_at = self.app._css_update_count  # type: ignore[attr-defined]

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before ``Screen._on_screen_resume`` (Textual calls each class's
        # handler in turn), which restyles the screen if ``refresh_styles``.
        count = self.app._css_update_count  # type: ignore[attr-defined]
        if event.refresh_styles and self._styled_at == count:
            event.refresh_styles = False
        self._styled_at = count
