"""Waiting for input to rest, inside a worker.

A key held down or typed fast (``j``, a filter) should cost one store read
and one repaint where it stops, not one per key. The read runs in an
exclusive worker; the worker first waits a short while, and a newer key,
which starts a newer worker of the same group, cancels it meanwhile. The
wait is a worker's, so the UI thread never waits, and tests that wait for
the app's workers (``tests/ui_support.settle``) wait for it too.
"""

from __future__ import annotations

import threading

from textual.worker import get_current_worker


def rested(delay: float) -> bool:
    """In a thread worker: wait ``delay`` seconds; False if the worker was
    cancelled meanwhile (a newer request replaced it)."""
    worker = get_current_worker()
    if delay > 0 and not worker.is_cancelled:
        threading.Event().wait(delay)
    return not worker.is_cancelled
