"""Every Textual theme reads well (issue 11 point 9): the text the app
styles (diff lines, key bar, list rows and chips) has a contrast ratio of
at least 4.5:1 with what is behind it (WCAG 2), light themes included."""

from __future__ import annotations

from rich.color import Color
from textual.geometry import Region
from textual.theme import BUILTIN_THEMES

from ckpt_tui.ui.styles import STYLES, component_classes
from tests.ui_support import demo_db, make_app, run_async, settle

#: WCAG 2's minimum for text.
MINIMUM = 4.5


def _luminance(color: Color) -> float:
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = color.get_truecolor()
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: Color, b: Color) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_wcag_formula():
    black, white = Color.parse("#000000"), Color.parse("#ffffff")
    assert round(contrast(black, white), 1) == 21.0
    assert round(contrast(Color.parse("#777777"), white), 2) == 4.48


def low_contrast(widget) -> list[tuple[str, float]]:
    """The style names ``widget`` draws (``ui/styles.py``) whose text, in the
    theme now, contrasts less than the minimum with its background (the
    style's own, or the widget's)."""
    names = set(component_classes(type(widget))) & set(STYLES)
    assert names, f"{type(widget).__name__} draws no named style"
    bad = []
    for name in sorted(names):
        if name not in STYLES:
            continue
        drawn_in = widget.theme_style(name)  # what the widget draws text with
        fg = drawn_in.color
        bg = drawn_in.bgcolor or widget.get_component_rich_style(name).bgcolor
        if fg is None or bg is None or fg.is_system_defined or bg.is_system_defined:
            continue  # an ANSI colour: the terminal's palette decides
        ratio = contrast(fg, bg)
        if ratio < MINIMUM:
            bad.append((name, round(ratio, 2)))
    return bad


def drawn(widget, name: str) -> bool:
    """Whether some text on ``widget`` is drawn in ``name``'s colours (so the
    check above is about what shows, not only about a table of styles)."""
    want = widget.theme_style(name)
    for strip in widget.render_lines(Region(0, 0, widget.size.width, widget.size.height)):
        for seg in strip:
            if seg.text.strip() and seg.style and seg.style.color == want.color:
                return True
    return False


#: The ANSI themes leave every colour to the terminal's palette.
THEMES = sorted(name for name in BUILTIN_THEMES if not name.startswith("ansi"))


@run_async
async def test_styled_text_reads_in_every_theme():
    """One app, every theme in turn on the same panes (a theme set while the
    app runs restyles every widget): the main screen's, then the diff's."""
    from ckpt_tui.ui.widgets.detail import DetailPane
    from ckpt_tui.ui.widgets.diff_view import DiffView
    from ckpt_tui.ui.widgets.key_bar import KeyBar
    from ckpt_tui.ui.widgets.lists import SessionList, SnapshotList
    from ckpt_tui.ui.widgets.store_header import StoreHeader
    from ckpt_tui.ui.widgets.themed_text import DetailText

    app = make_app(demo_db("contrast"))
    found: dict[str, dict[str, list]] = {theme: {} for theme in THEMES}
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        for key in ("j", "j", "j", "j", "enter", "enter", "j", "j", "j"):
            await pilot.press(key)
        await settle(pilot)
        screen = app.screen
        for theme in THEMES:
            app.theme = theme
            await settle(pilot)
            found[theme] = {
                "sessions": low_contrast(screen.query_one(SessionList)),
                "snapshots": low_contrast(screen.query_one(SnapshotList)),
                "key bar": low_contrast(screen.query_one(KeyBar)),
                "header": low_contrast(screen.query_one(StoreHeader)),
                "detail": low_contrast(screen.query_one(DetailPane).query_one(DetailText)),
            }
            assert drawn(screen.query_one(KeyBar), "ckpt--key"), theme
        await pilot.press("d")
        await settle(pilot)
        diff = app.screen.query_one(DiffView)
        for theme in THEMES:
            app.theme = theme
            await settle(pilot)
            found[theme]["diff"] = low_contrast(diff)
            assert drawn(diff, "ckpt--added") and drawn(diff, "ckpt--removed"), theme
    bad = {theme: {k: v for k, v in panes.items() if v} for theme, panes in found.items()}
    assert not {theme: panes for theme, panes in bad.items() if panes}


def test_a_theme_colour_too_faint_to_read_is_moved_until_it_reads():
    """textual-light's $text-warning on its background is 2.8:1: the style
    drawn keeps the hue but darkens until it reaches 4.5:1."""
    from rich.style import Style
    from textual.color import Color as TColor

    from ckpt_tui.ui.styles import contrast_ratio, legible

    faint = Style(color="#e5a13b", bgcolor="#e0e0e0")
    assert contrast_ratio(TColor.parse("#e5a13b"), TColor.parse("#e0e0e0")) < 3
    fixed = legible(faint, Style(color="#e5a13b", bold=True))
    assert fixed.bold
    assert contrast_ratio(TColor.from_rich_color(fixed.color), TColor.parse("#e0e0e0")) >= 4.5
