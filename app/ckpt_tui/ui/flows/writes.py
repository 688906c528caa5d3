"""Running the app's writes: in a worker, saying so when the store's lock
takes a moment, then one line for the outcome and every pane reloaded."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ckpt_tui.core.plans import Outcome
from ckpt_tui.errors import CkptError, NothingToDo
from ckpt_tui.ui.explain import name_keys
from ckpt_tui.ui.messages import StoreWritten
from ckpt_tui.ui.undo_hint import said
from ckpt_tui.ui.widgets.store_header import StoreHeader

#: A write still running after this long says it is waiting for the lock.
BUSY_NOTICE_SECONDS = 0.3


def require_writable(app) -> bool:
    """True if the store can be written; else says why in one line."""
    reason = app.service.store.read_only_reason
    if reason:
        app.notify(f"Read-only: {reason}", severity="warning")
        return False
    return True


def run_write(
    app, work_fn: Callable[[], Outcome], *, after: Callable[[], None] | None = None
) -> None:
    """Run a write in a worker, saying so if the lock takes a moment. The
    notice's timer belongs to the main screen whose header it writes to, so
    it goes with that screen (an app closing mid-write removes it first)."""
    header = app.main.query_one(StoreHeader)
    busy = app.main.set_timer(
        BUSY_NOTICE_SECONDS,
        partial(header.set_status, "waiting for the store (another process is writing)…"),
    )
    app.run_worker(
        partial(_write_worker, app, work_fn, busy, after),
        name="write",
        group="write",
        thread=True,
    )


def _write_worker(app, work_fn: Callable[[], Outcome], busy, after) -> None:
    try:
        outcome = work_fn()
    except NothingToDo as exc:
        app.call_from_thread(_write_done, app, busy, None, str(exc), "information", after)
        return
    except CkptError as exc:
        app.call_from_thread(_write_done, app, busy, None, str(exc), "error", after)
        return
    except BaseException:
        # not the store's: logged and shown as any worker's error is, once
        # the notice that would otherwise say "waiting" forever is stopped
        app.call_from_thread(busy.stop)
        raise
    severity = "warning" if outcome.warning else "information"
    app.call_from_thread(_write_done, app, busy, outcome, said(app, outcome), severity, after)


def _write_done(
    app, busy, outcome: Outcome | None, message: str, severity: str, after
) -> None:
    busy.stop()
    app.main.query_one(StoreHeader).set_status("")
    show_store_notices(app)
    # An outcome's message has its key already (ui/undo_hint.py); an error's
    # text may still name the built-in keys.
    said_ = message if outcome is not None else name_keys(app, message)
    app.notify(said_, severity=severity, timeout=6)
    if outcome is not None:
        app.main.refresh_all()
        app.screen.post_message(StoreWritten())
    if after is not None:
        after()


def show_store_notices(app) -> None:
    """A write that followed a replaced file says so (the poll would, later)."""
    if notices := app.service.store.take_notices():
        app.store_changed(notices)


def after_plan(app, outcome: Outcome | None) -> None:
    """A preview closed: what it wrote in one line, every pane reloaded, and
    the screen on top told (``StoreWritten``); or that nothing was written."""
    show_store_notices(app)
    if outcome is None:
        app.notify("Nothing was written", timeout=3)
        return
    severity = "warning" if outcome.warning else "information"
    app.notify(
        said(app, outcome),
        title=outcome.action.capitalize(),
        severity=severity,
        timeout=8,
    )
    app.main.refresh_all()
    app.screen.post_message(StoreWritten())
