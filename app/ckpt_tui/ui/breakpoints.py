"""A screen's width breakpoint class (``HORIZONTAL_BREAKPOINTS``), worked
out when the screen is made.

Textual sets the class when the screen gets its first ``Resize`` event,
which arrives after the first frame: that frame was laid out with no
breakpoint class (every pane at its default width), and the next one laid
out and painted the whole screen again at the right widths (about 30 ms
at start-up, and the panes visibly moved). Given before the screen mounts,
the first layout is the right one and the ``Resize`` changes nothing.
"""

from __future__ import annotations


def breakpoint_classes(breakpoints: list[tuple[int, str]], width: int) -> dict[str, bool]:
    """Each breakpoint's class, and whether it applies at ``width`` (the
    widest breakpoint that ``width`` reaches, as Textual decides)."""
    classes = {name: False for _edge, name in breakpoints}
    for edge, name in sorted(breakpoints, reverse=True):
        if width >= edge:
            classes[name] = True
            break
    return classes
