"""``O``: resume the selected session in opencode, then come back.

The plan (which directory, is opencode there) is read in a worker; running
opencode happens on the app's thread inside ``App.suspend()``, which hands
the terminal to opencode and takes it back when opencode exits. Headless
(Pilot tests, Textual web) there is no terminal to hand over: Textual
raises ``SuspendNotSupported`` and opencode runs without it, so a test sees
the same command, arguments and directory through a stand-in executable.
"""

from __future__ import annotations

from textual.app import App, SuspendNotSupported

from ckpt_tui.core import resume
from ckpt_tui.errors import CkptError


def resume_in_opencode(app: App, session_id: str) -> None:
    """Start the resume of ``session_id``; the app is refreshed afterwards."""
    _plan_worker(app, session_id)


def _plan_worker(app: App, session_id: str) -> None:
    def work_fn() -> None:
        try:
            directories = resume.directories_for(app.service, app.activity, session_id)
            plan = resume.plan(session_id, directories)
        except CkptError as exc:
            app.call_from_thread(app.notify, str(exc), severity="error")
            return
        app.call_from_thread(run_plan, app, plan)

    app.run_worker(work_fn, thread=True, exclusive=True, group="resume")


def run_plan(app: App, plan: resume.ResumePlan) -> None:
    """On the app's thread: run opencode with the terminal, or say in one
    line why not and copy the command instead."""
    if plan.problem:
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
        app.copy_to_clipboard(plan.command)
        app.notify(f"{exc}; copied the command", severity="error", timeout=8)
        return
    app.notify(f"opencode exited ({code}); refreshed", timeout=4)
    app.main.refresh_all()
    if app.read_opencode:
        app.load_activity()
