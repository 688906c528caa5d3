"""The palette's greyed-out half: every key of the screen it was opened on
that does not apply there now, dimmed, with the reason as its help line.

The keys that do apply come from :meth:`CkptApp.get_system_commands`
(Textual's system-commands provider runs them). Textual's palette has no
disabled hit (as posting's has), so this provider draws its hits dimmed
and choosing one only says why, as pressing the key does
(``ui/explain.py``). The palette so lists every command, and one that
does not apply does not vanish from it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.markup import escape

from ckpt_tui.ui.explain import action_target, reason_for

#: Actions the palette leaves out: moving the cursor or the view, and itself.
NOT_IN_PALETTE = ("cursor_", "page_", "scroll_", "focus_pane", "first", "last", "command_palette")


class Unavailable(NamedTuple):
    title: str
    key: str
    reason: str


def unavailable(screen) -> Iterator[Unavailable]:
    """The shown keys of ``screen`` that are dimmed now, with their reasons."""
    app = screen.app
    seen: set[str] = set()
    for node, binding, enabled, _tooltip in screen.active_bindings.values():
        if enabled or binding.action in seen or binding.action.startswith(NOT_IN_PALETTE):
            continue
        seen.add(binding.action)
        found = action_target(app, binding.action, node)
        reason = (reason_for(*found) if found is not None else None) or "does not apply here"
        yield Unavailable(binding.description or binding.action, app.get_key_display(binding), reason)


class UnavailableCommands(Provider):
    """Dimmed hits for the keys that do not apply where the palette opened."""

    def _entries(self) -> list[Unavailable]:
        return list(unavailable(self.screen))

    def _say(self, reason: str) -> None:
        self.app.notify(reason, severity="warning", timeout=4)

    def _help(self, entry: Unavailable) -> str:
        # The reason names store text (a path, a session id): never markup.
        return escape(f"not here: {entry.reason}  ·  {entry.key}")

    async def discover(self) -> Hits:
        for entry in self._entries():
            yield DiscoveryHit(
                Content(entry.title).stylize_before("dim italic"),
                lambda reason=entry.reason: self._say(reason),
                text=entry.title,
                help=self._help(entry),
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for entry in self._entries():
            if (score := matcher.match(entry.title)) > 0:
                yield Hit(
                    score * 0.5,  # below the commands that apply
                    matcher.highlight(entry.title).stylize_before("dim italic"),
                    lambda reason=entry.reason: self._say(reason),
                    text=entry.title,
                    help=self._help(entry),
                )
