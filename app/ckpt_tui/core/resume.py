"""From a checkpoint back to work: ``opencode --session <id>`` in the
session's project directory.

Every front end goes through :func:`plan`: ``ckpt-tui resume`` (and
``--print``), the app's ``O`` (resume) and ``y`` (copy the command). It
finds the directory and the executable, builds the one command a person
can paste (:attr:`ResumePlan.command`), and says in one line why the
command cannot run here. A command is only offered when it can work: a
``legacy::`` session has nothing to resume, and a directory that is gone,
unknown or not absolute is never ``cd``'d into (then there is no command,
only the reason). :func:`run` is the one place a subprocess starts; it
passes opencode's exit status through.
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
    #: An existing absolute directory to run in; ``None`` when there is none.
    directory: str | None
    executable: str | None
    #: Why the command cannot run here (``None``: it can).
    problem: str | None = None

    @property
    def argv(self) -> list[str]:
        return [self.executable or OPENCODE, "--session", self.session_id]

    @property
    def command(self) -> str | None:
        """What a person pastes into a shell: ``cd -- DIR && opencode
        --session ID``, every word shell-quoted (ids and paths are data, not
        shell); ``None`` when no command would work (see the module)."""
        if self.directory is None:
            return None
        run = shlex.join([OPENCODE, "--session", self.session_id])
        return f"cd -- {shlex.quote(self.directory)} && {run}"

    def to_json(self) -> dict[str, object]:
        return {
            "session": self.session_id,
            "directory": self.directory,
            "command": self.command,
            "argv": self.argv if self.directory else None,
            "opencode": self.executable,
            "problem": self.problem,
        }


def check_session_id(session_id: str) -> None:
    """An id that could read as an option or carries control characters
    is refused before it reaches a command line."""
    if (
        not session_id.strip()
        or session_id.startswith("-")
        or any(ord(ch) < 32 or ord(ch) == 127 for ch in session_id)
    ):
        raise InvalidId(f"malformed session id: {session_id[:60]!r}")


def plan(
    session_id: str,
    directories: list[str | None],
    *,
    which: Callable[[str], str | None] = shutil.which,
) -> ResumePlan:
    """``directories`` are candidates, best first (opencode's own directory of
    the session, then the store's project directory); the first that is
    absolute and exists wins. ``problem`` says why opencode cannot run:
    a legacy session, no directory known, only relative or gone ones, or
    opencode not on the PATH (the only case where a command is still given)."""
    check_session_id(session_id)
    if session_id.startswith("legacy::"):
        problem = "a legacy session is not an opencode session; nothing to resume"
        return ResumePlan(session_id, None, None, problem)
    known = [d for d in directories if d]
    absolute = [d for d in known if Path(d).is_absolute()]
    directory = next((d for d in absolute if Path(d).is_dir()), None)
    executable = which(OPENCODE)
    problem = None
    if not known:
        problem = f"no project directory is known for session {session_id}"
    elif directory is None and not absolute:
        problem = f"the project directory {known[0]!r} is not an absolute path; nothing to resume in"
    elif directory is None:
        problem = f"the project directory {absolute[0]} is gone"
    elif executable is None:
        problem = "opencode is not on the PATH"
    return ResumePlan(session_id, directory, executable, problem)


def run(resume: ResumePlan) -> int:
    """Run opencode in the foreground in the session's directory and return
    its exit status. The caller hands it the terminal first."""
    if resume.problem:
        hint = f"; run it yourself: {resume.command}" if resume.command else ""
        raise CkptError(f"{resume.problem}{hint}")
    try:
        return subprocess.run(resume.argv, cwd=resume.directory, check=False).returncode
    except OSError as exc:
        raise CkptError(f"cannot run opencode: {exc.strerror or exc}") from None


def directories_for(service, activity, session_id: str) -> list[str | None]:
    """Where the session ran: opencode's record of it, then the store's
    project. :class:`NotFound` when neither knows the session."""
    found: list[str | None] = []
    info = activity.info(session_id) if activity is not None else None
    if info is None and activity is not None and activity.reader is not None:
        try:
            info = activity.reader.session(session_id)
        except CkptError:
            info = None
    if info is not None:
        found.append(info.directory)
    known = info is not None
    if service is not None:
        try:
            row = service.current(session_id).session
            known = True
            found.append(service.project(row.project_id).directory)
        except NotFound:
            pass
    if not known and not session_id.startswith("legacy::"):
        raise NotFound(f"no such session {session_id!r} in the store or opencode's data")
    return found
