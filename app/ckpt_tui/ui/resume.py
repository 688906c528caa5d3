"""``O``: resume the selected session in opencode, then come back; ``y``:
copy the command that does it.

Both read the plan (which directory, is opencode there) in a worker, from
``core.resume``, so ``y`` copies exactly what ``ckpt-tui resume --print``
prints, and nothing when no command would work (a ``legacy::`` session, a
directory that is gone): then the notification says why. Running opencode
happens on the app's thread inside ``App.suspend()``, which hands the
terminal to opencode and takes it back when opencode exits. Headless (Pilot
tests, Textual web) there is no terminal to hand over: Textual raises
``SuspendNotSupported`` and opencode runs without it, so a test sees the
same command, arguments and directory through a stand-in executable.
"""

from __future__ import annotations

from textual.app import App, SuspendNotSupported

from ckpt_tui.core import resume
from ckpt_tui.errors import CkptError


def resume_in_opencode(app: App, session_id: str) -> None:
    """Start the resume of ``session_id``; the app is refreshed afterwards."""

    def work_fn() -> None:
        plan = _plan(app, session_id)
        if plan is not None:
            app.call_from_thread(run_plan, app, plan)

    app.run_worker(work_fn, thread=True, exclusive=True, group="resume")


def copy_resume_command(app: App, session_id: str) -> None:
    """``y``: the resume command on the clipboard (OSC 52, and a system
    clipboard tool or tmux's buffer), and a notification of what is known."""

    def work_fn() -> None:
        from ckpt_tui.ui.clipboard import copy

        plan = _plan(app, session_id)
        if plan is None:
            return
        command = plan.command
        if command is None:
            app.call_from_thread(
                app.notify, f"{plan.problem}; nothing copied", severity="warning", timeout=8
            )
            return
        app.call_from_thread(app.copy_to_clipboard, command)
        copied = copy(command)
        severity = "information" if copied.ok else "warning"
        app.call_from_thread(
            app.notify, copied.message, severity=severity, timeout=4 if copied.ok else 12
        )

    app.run_worker(work_fn, thread=True, exclusive=True, group="clipboard")


def _plan(app: App, session_id: str) -> resume.ResumePlan | None:
    """In a worker: where the session ran, and the command (no DOM here);
    ``None`` when that cannot be known, said in a notification."""
    try:
        directories = resume.directories_for(app.service, app.activity, session_id)
        return resume.plan(session_id, directories)
    except CkptError as exc:
        app.call_from_thread(app.notify, str(exc), severity="error")
        return None


def run_plan(app: App, plan: resume.ResumePlan) -> None:
    """On the app's thread: run opencode with the terminal, or say in one
    line why not and copy the command instead (when there is one)."""
    if plan.problem:
        if plan.command is None:
            app.notify(f"{plan.problem}; nothing copied", severity="warning", timeout=8)
            return
        app.copy_to_clipboard(plan.command)
        app.notify(f"{plan.problem}; copied: {plan.command}", severity="warning", timeout=8)
        return
    try:
        try:
            with app.suspend():
                code = resume.run(plan)
        except SuspendNotSupported:
            code = resume.run(plan)
    except CkptError as exc:
        app.copy_to_clipboard(plan.command or "")
        app.notify(f"{exc}; copied the command", severity="error", timeout=8)
        return
    app.notify(f"opencode exited ({code}); refreshed", timeout=4)
    app.main.refresh_all()
    if app.read_opencode:
        app.load_activity()
