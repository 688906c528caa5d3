"""The confirm button keeps its lines per label and look
(``ui/widgets/drawn_button.py``, issue 12): a label shown before is not
drawn again, and the lines are what Textual's ``Button`` draws in every
state a person can put it in."""

from __future__ import annotations

from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.widgets import Button

from ckpt_tui.ui.widgets.drawn_button import DrawnButton
from tests.ui_support import run_async


class Buttons(App):
    CSS = "DrawnButton { width: 26; }"

    def compose(self) -> ComposeResult:
        yield DrawnButton("Restore 3 fields (y)", id="confirm", variant="warning")
        yield Button("elsewhere", id="other")


def screen_lines(app) -> list:
    strips = app.screen._compositor.render_strips()
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


async def as_textual_draws(pilot, button: DrawnButton, monkeypatch) -> list:
    kept = button._styles_cache
    button._styles_cache = StylesCache()
    with monkeypatch.context() as patch:
        patch.setattr(DrawnButton, "render_lines", Button.render_lines)
        button.refresh()
        await pilot.pause()
        lines = screen_lines(pilot.app)
    button._styles_cache = kept
    button.refresh()
    await pilot.pause()
    return lines


@run_async
async def test_a_label_shown_before_is_not_drawn_again(monkeypatch):
    app = Buttons()
    async with app.run_test(size=(60, 10)) as pilot:
        button = app.query_one(DrawnButton)
        built: list[int] = []
        render_line = StylesCache.render_line

        def counted(self, styles, y, *args, **kwargs):
            if self is button._styles_cache:
                built.append(y)
            return render_line(self, styles, y, *args, **kwargs)

        monkeypatch.setattr(StylesCache, "render_line", counted)
        for label in ("Restore 3 fields (y)", "Restore 5 fields (y)", "Restore 3 fields (y)"):
            built.clear()
            button.label = label
            await pilot.pause()
            assert built or label.startswith("Restore 3")
        assert built == []  # the first paint's lines, given back
        monkeypatch.setattr(StylesCache, "render_line", render_line)
        assert screen_lines(app) == await as_textual_draws(pilot, button, monkeypatch)


@run_async
async def test_kept_lines_are_what_textual_draws_in_every_state(monkeypatch):
    app = Buttons()
    async with app.run_test(size=(60, 10)) as pilot:
        button = app.query_one(DrawnButton)

        async def states():
            yield "plain"
            button.focus()
            yield "focused"
            await pilot.hover("#confirm")
            yield "hovered"
            button.add_class("-active")
            yield "pressed"
            button.remove_class("-active")
            await pilot.hover("#other")
            app.query_one("#other").focus()
            button.disabled = True
            yield "disabled"
            button.disabled = False
            button.label = "Restore 1 field (y)"
            yield "another label"
            app.theme = "textual-light" if app.theme != "textual-light" else "nord"
            yield "another theme"

        seen = {}
        for _round in range(2):  # the second round: drawn from the kept lines
            async for state in states():
                await pilot.pause()
                lines = screen_lines(app)
                assert lines == await as_textual_draws(pilot, button, monkeypatch), state
                seen.setdefault(state, lines)
            button.label = "Restore 3 fields (y)"
            app.theme = "textual-dark"
            await pilot.pause()
        plain = seen["plain"]  # (the states do look different)
        assert all(seen[state] != plain for state in ("pressed", "disabled", "another label"))
        assert seen["another theme"] != seen["another label"]
