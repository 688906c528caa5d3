"""From a checkpoint back to work: ``opencode --session <id>`` in the
session's project directory.

The app and ``ckpt-tui resume`` both go through :func:`plan`: it finds the
directory and the executable and says, in one line, why the command cannot
run here (then the app copies it instead). :func:`run` is the one place a
subprocess starts; it passes opencode's exit status through.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ckpt_tui.errors import CkptError, InvalidId, NotFound

#: The executable asked for on the PATH.
OPENCODE = "opencode"


@dataclass(frozen=True)
class ResumePlan:
    session_id: str
    directory: str | None
    executable: str | None
    problem: str | None = None

    @property
    def argv(self) -> list[str]:
        return [self.executable or OPENCODE, "--session", self.session_id]

    @property
    def command(self) -> str:
        """What a person pastes into a shell: the ``cd`` and the command,
        every word shell-quoted (ids and paths are data, not shell)."""
        run = shlex.join([OPENCODE, "--session", self.session_id])
        if not self.directory:
            return run
        return f"cd {shlex.quote(self.directory)} && {run}"


def plan(
    session_id: str,
    directories: list[str | None],
    *,
    which: Callable[[str], str | None] = shutil.which,
) -> ResumePlan:
    """``directories`` are candidates, best first (opencode's own directory of
    the session, then the store's project directory); the first that exists
    wins. ``problem`` is set when opencode is missing or no directory exists."""
    if (
        not session_id.strip()
        or session_id.startswith("-")
        or any(ord(ch) < 32 or ord(ch) == 127 for ch in session_id)
    ):
        raise InvalidId(f"malformed session id: {session_id[:60]!r}")
    known = [d for d in directories if d]
    directory = next((d for d in known if Path(d).is_dir()), None)
    executable = which(OPENCODE)
    problem = None
    if session_id.startswith("legacy::"):
        problem = "a legacy session is not an opencode session; nothing to resume"
    elif not known:
        problem = f"no project directory is known for session {session_id}"
    elif directory is None:
        problem = f"the project directory {known[0]} is gone"
    elif executable is None:
        problem = "opencode is not on the PATH"
    return ResumePlan(session_id, directory or (known[0] if known else None), executable, problem)


def run(resume: ResumePlan) -> int:
    """Run opencode in the foreground in the session's directory and return
    its exit status. The caller hands it the terminal first."""
    if resume.problem:
        raise CkptError(f"{resume.problem}; run it yourself: {resume.command}")
    try:
        return subprocess.run(resume.argv, cwd=resume.directory, check=False).returncode
    except OSError as exc:
        raise CkptError(f"cannot run opencode: {exc.strerror or exc}") from None


def directories_for(service, activity, session_id: str) -> list[str | None]:
    """Where the session ran: opencode's record of it, then the store's project."""
    found: list[str | None] = []
    info = activity.info(session_id) if activity is not None else None
    if info is None and activity is not None and activity.reader is not None:
        try:
            info = activity.reader.session(session_id)
        except CkptError:
            info = None
    if info is not None:
        found.append(info.directory)
    if service is not None:
        try:
            row = service.current(session_id).session
            found.append(service.project(row.project_id).directory)
        except NotFound:
            pass
    return found
