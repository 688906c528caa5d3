"""A text view's lines (and its scrollbar's) put in their border quickly.

Textual's ``StylesCache`` builds each line of a widget from scratch: the
content row, then per line the border's styles, boxes and colours worked
out again, with the padding, tint, opacity and outline checks. For a view
of new text that is every line of it, and with the text itself painted
ahead (``ui/painted_lines.py``) it was most of drawing the diff view on
``d`` (issue 12). A content line of a view with a plain border (no
padding beside the text, no outline, hatch, tint or opacity) is the row
between the border's left and right edges: those are worked out once per
border and background, and the line built as Textual builds it. Any other
line (the top and bottom borders with their titles) and any other style
is Textual's own ``render_line``. A line without a border is its row: the
view's scrollbar (:class:`QuickScrollBar`), 37 one-cell lines drawn anew
whenever the text's length changes, cost about as much as the text.

``StylesCache.render_line`` and ``Widget._styles_cache`` are private
Textual names (pinned below 9); ``tests/test_ui_painted_lines.py`` checks
that the lines are built here and equal what Textual draws.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.color import Color
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._border import get_box
from textual._styles_cache import StylesCache
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.style import Style


class QuickLines(StylesCache):
    """A widget's ``StylesCache`` that builds its content lines quickly."""

    def __init__(self) -> None:
        super().__init__()
        #: For the lines being drawn (``render``): where the content lines
        #: are, their width, the border's edges, the inside's style and the
        #: line filters (with the background they are given).
        self._quick: tuple | None = None
        #: The edges worked out last (``None``: no border), and for which
        #: border, colours and filters.
        self._edges: tuple[tuple, tuple[Segment | None, Segment | None, object]] | None = None

    def render(  # type: ignore[override]
        self, styles, size, base_background, background, render_content_line, filters,
        *args, **kwargs,
    ) -> list[Strip]:
        # ``Widget.render_lines`` (``render_widget``) passes the rest by name.
        self._quick = self._quick_lines(
            styles,
            size,
            kwargs.get("content_size") or size,
            kwargs.get("padding") or styles.padding,
            (base_background, background, tuple(filters)),
            kwargs.get("opacity", 1.0),
        )
        if self._quick is None:
            return super().render(
                styles, size, base_background, background, render_content_line, filters,
                *args, **kwargs,
            )
        try:  # every line comes filtered from ``render_line``
            return super().render(
                styles, size, base_background, background, render_content_line, (),
                *args, **kwargs,
            )
        finally:
            self._quick = None

    def _quick_lines(self, styles, size, content_size, padding, colours, opacity):
        """What building this pass's content lines quickly needs, or ``None``
        when the style calls for more than a plain border around them."""
        if (
            padding.left
            or padding.right
            or opacity != 1.0
            or styles.tint.a
            or styles.text_opacity != 1.0
            or styles.has_rule("hatch")
            or any(edge for edge, _colour in styles.outline)
        ):
            return None
        border = styles.border
        (left_edge, left_colour), (right_edge, right_colour) = border[3], border[1]
        if bool(left_edge) != bool(right_edge):
            return None
        base_background, background, filters = colours
        key = (border, colours)
        if self._edges is None or self._edges[0] != key:
            inner, outer = self.get_inner_outer(base_background, background)
            if left_edge:
                left = get_box(
                    left_edge, inner, outer, Style(foreground=base_background + left_colour)
                )[1][0]
                right = get_box(
                    right_edge, inner, outer, Style(foreground=base_background + right_colour)
                )[1][2]
                edges = Strip([left, right])
                for line_filter in filters:
                    edges = edges.apply_filter(line_filter, background)
                self._edges = (key, (*edges, inner.rich_style))
            else:  # no border: the row is the line
                self._edges = (key, (None, None, inner.rich_style))
        gutter = styles.gutter
        bottom = min(size.height - gutter.bottom, gutter.top + content_size.height)
        return (
            gutter.top, bottom, content_size.width, size.width, *self._edges[1], filters,
            background,
        )

    def render_line(  # type: ignore[override]
        self, styles, y, size, content_size, padding, base_background, background,
        render_content_line: Callable[[int], Strip], *rest,
    ) -> Strip:
        quick = self._quick
        if quick is None:
            return super().render_line(
                styles, y, size, content_size, padding, base_background, background,
                render_content_line, *rest,
            )
        top, bottom, content_width, width, left, right, inside, filters, background = quick
        if top <= y < bottom:
            line = render_content_line(y - top).adjust_cell_length(content_width, inside)
            for line_filter in filters:  # on the row alone: kept with a row drawn ahead
                line = line.apply_filter(line_filter, background)
            return line if left is None else Strip([left, *line, right], width)
        line = super().render_line(
            styles, y, size, content_size, padding, base_background, background,
            render_content_line, *rest,
        )
        for line_filter in filters:
            line = line.apply_filter(line_filter, background)
        return line


#: A pass whose scrollbar lines are not drawn yet.
_NOT_YET: list[Strip] = []


class QuickScrollBar(ScrollBar):
    """A scrollbar whose lines are built by :class:`QuickLines`, and drawn
    from the bar's segments directly: Textual renders the bar through Rich
    (a console render, the lines split, the widget's style added to each),
    the same segments one per line."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._styles_cache = QuickLines()
        #: The lines drawn, and what they were drawn for; those of this pass.
        self._drawn: tuple[tuple, list[Strip]] | None = None
        self._pass: list[Strip] | None = None  # or ``_NOT_YET``
        self._base = RichStyle()

    def render_lines(self, crop):
        # The bar's lines for this pass, drawn once, when a line is asked
        # for (``render`` works out its colours: asked for on each line it
        # would cost more than Rich; and a pass that only gives back the
        # lines Textual kept asks for none).
        self._pass = _NOT_YET
        try:
            return super().render_lines(crop)
        finally:
            self._pass = None

    def render_line(self, y: int) -> Strip:
        lines = getattr(self, "_pass", None)
        if lines is _NOT_YET:
            lines = self._pass = self._lines()
        if lines is None:
            return super().render_line(y)
        self._dirty_regions.clear()  # drawn, as Textual's own render would say
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, self._base)

    def _lines(self) -> list[Strip] | None:
        """The bar's lines as Textual draws them, or ``None`` (not a plain
        vertical bar: Textual's own render)."""
        bar = self.render()
        width, height = self.size
        if type(bar) is not ScrollBarRender or not self.vertical or not width:
            return None
        base = self._base = self.visual_style.rich_style
        key = (bar.virtual_size, bar.window_size, bar.position, bar.style, base, width, height)
        if self._drawn is None or self._drawn[0] != key:
            self._drawn = (key, self._draw(bar, base, width, height))
        return self._drawn[1]

    @staticmethod
    def _draw(bar: ScrollBarRender, base: RichStyle, width: int, height: int) -> list[Strip]:
        style = bar.style if isinstance(bar.style, RichStyle) else RichStyle.parse(bar.style)
        segments = bar.render_bar(
            size=height,
            window_size=bar.window_size,
            virtual_size=bar.virtual_size,
            position=bar.position,
            vertical=True,
            thickness=width,
            back_color=style.bgcolor or Color.parse("#555555"),
            bar_color=style.color or Color.parse("bright_magenta"),
        )
        add = base.__add__
        return [
            Strip([Segment(segment.text, add(segment.style))], width)
            for segment in segments.segments
            if segment.text != "\n"
        ]


def quick_vertical_scrollbar(widget) -> ScrollBar:
    """``widget``'s vertical scrollbar as Textual's ``Widget.vertical_scrollbar``
    makes it, but a :class:`QuickScrollBar`: for a widget's own
    ``vertical_scrollbar`` property (the text views, the lists)."""
    if widget._vertical_scrollbar is None:
        bar = QuickScrollBar(vertical=True, name="vertical", thickness=widget.scrollbar_size_vertical)
        bar.display = False
        widget._vertical_scrollbar = bar
        widget.app._start_widget(widget, bar)
    return widget._vertical_scrollbar
