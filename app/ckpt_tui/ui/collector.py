"""Python's cyclic garbage collector, paused while the app starts.

Importing Textual and our modules, reading the first screen and building
it allocate hundreds of thousands of objects: the collector ran about 120
times on the way to the first frame (~15 ms, more when a second-generation
pass fell there), to find a few hundred unreachable objects (~0.3 MB).
:func:`pause` stops it for the start-up; :func:`resume` (the first frame's
``CkptApp._after_first_frame``, else the launcher's ``finally``) freezes
what exists then, which lives as long as the app (the imports, the app's
objects, the first pages: a full collection walking them cost ~25 ms in a
later frame), and starts it again.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """No collection until :func:`resume` (if the collector runs now)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """Freeze what exists and let the collector run again, if :func:`pause`
    stopped it (else nothing: a collector turned off elsewhere stays off)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
