"""The project id opencode gives a directory when it first opens there.

opencode (``Project.fromDirectory``, checked against opencode 1.18's
``packages/opencode/src/project/project.ts``) decides a directory's project
from git alone:

1. It looks for ``.git`` in the directory and each of its parents; the
   nearest one (a folder, or the file a linked worktree has) marks the
   checkout. None at all: the project is ``global``.
2. It reads the id it cached in ``<that .git>/opencode``. In a linked
   worktree ``.git`` is a file, so that read finds nothing.
3. Without git on the PATH, or when ``git rev-parse --git-common-dir``
   fails there: the cached id, else ``global``.
4. It asks git for the common dir, whose parent is the main worktree (the
   checkout itself, or the repository a linked worktree belongs to); when
   step 2 found no file at all it reads ``<main worktree>/.git/opencode``.
5. Still no id: the first line of ``git rev-list --max-parents=0 HEAD`` in
   the checkout, as SPEC 6 words it (opencode then caches it; this module
   writes nothing). A repository without a commit is ``global``.

This module does the same, read only. Git runs with the environment
opencode would give it (the person's), no terminal prompt, and a time
limit. The cache file is read with a size limit: an id ckpt-tui cannot
store (control characters, over 1024 characters) is reported by the
caller, never used.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

GLOBAL = "global"
CACHE_NAME = "opencode"
#: A cache file longer than this holds no id opencode made (a 40-hex hash).
CACHE_LIMIT = 4096
GIT_TIMEOUT_S = 20.0

#: How the id was decided (``rule``), in the order opencode tries them.
GIT_CACHE = "git-cache"
GIT_ROOT_COMMIT = "git-root-commit"
OUTSIDE_GIT = "global"


@dataclass(frozen=True)
class GitIdentity:
    """What opencode would file a directory under, and why."""

    project_id: str
    rule: str  # GIT_CACHE, GIT_ROOT_COMMIT or OUTSIDE_GIT
    #: The checkout holding the directory (where the nearest ``.git`` is).
    checkout: Path | None
    #: The main worktree of its repository (``checkout`` unless linked).
    worktree: Path | None
    cache_file: Path | None  # the file the id was read from (GIT_CACHE)
    #: Why ``global`` when the directory is inside a checkout after all
    #: (no git, git failed, no commit yet); empty otherwise.
    why: str = ""

    def describe(self) -> str:
        """The rule, in SPEC 6's words, for a person."""
        if self.rule == GIT_CACHE:
            return (
                f"the id opencode cached for the git repository {self.worktree or self.checkout} "
                f"in {self.cache_file}"
            )
        if self.rule == GIT_ROOT_COMMIT:
            return (
                f"the root commit of the git repository {self.worktree or self.checkout} "
                "(git rev-list --max-parents=0 HEAD), the id opencode gives it when it first "
                "opens there"
            )
        if self.why:
            return f"{self.why}, so opencode files it under `global`"
        return (
            "it is not inside a git repository, so opencode files it under `global` "
            "(shared by every directory outside git)"
        )


def nearest_checkout(directory: str | os.PathLike[str]) -> Path | None:
    """The directory holding the nearest ``.git`` (folder or file), looking
    in ``directory`` and then its parents, as opencode's ``fs.up`` does."""
    current = Path(os.path.abspath(directory))
    while True:
        if os.path.lexists(current / ".git"):
            return current
        if current.parent == current:
            return None
        current = current.parent


def _read_cache(folder: Path) -> str | None:
    """``<folder>/opencode`` trimmed, as opencode reads it: ``None`` when it
    cannot be read (absent, or ``folder`` is a linked worktree's ``.git``
    file); the text, even empty, when it can."""
    path = folder / CACHE_NAME
    try:
        with path.open("rb") as fh:
            raw = fh.read(CACHE_LIMIT + 1)
    except OSError:
        return None
    try:
        return raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return raw.decode("utf-8", "replace").strip()


def _git(args: list[str], cwd: Path) -> tuple[int, str]:
    """``git args`` in ``cwd``: its exit code and output (1 and "" when it
    cannot be run or takes too long, as opencode treats a failed git)."""
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0")
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=GIT_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return 1, ""
    return done.returncode, done.stdout.decode("utf-8", "replace")


def _resolve_git_path(cwd: Path, name: str) -> Path:
    """A path git printed, relative to ``cwd`` unless absolute."""
    name = name.rstrip("\r\n")
    if not name:
        return cwd
    return Path(os.path.normpath(name if os.path.isabs(name) else cwd / name))


def git_identity(directory: str | os.PathLike[str]) -> GitIdentity:
    """The id opencode would give ``directory`` (see the module's docstring)."""
    checkout = nearest_checkout(directory)
    if checkout is None:
        return GitIdentity(GLOBAL, OUTSIDE_GIT, None, None, None)
    dotgit = checkout / ".git"
    cached = _read_cache(dotgit)
    cache_file = dotgit / CACHE_NAME if cached is not None else None

    def fallback(why: str) -> GitIdentity:
        if cached:
            return GitIdentity(cached, GIT_CACHE, checkout, checkout, cache_file)
        return GitIdentity(GLOBAL, OUTSIDE_GIT, checkout, checkout, None, why)

    if shutil.which("git") is None:
        return fallback(f"{checkout} is a git checkout but git is not installed")
    code, out = _git(["rev-parse", "--git-common-dir"], checkout)
    if code != 0:
        return fallback(f"git cannot read the checkout {checkout}")
    common = _resolve_git_path(checkout, out)
    worktree = checkout if common == checkout else common.parent
    if cached is None:  # opencode reads the main worktree's cache only then
        cached = _read_cache(worktree / ".git")
        cache_file = worktree / ".git" / CACHE_NAME if cached is not None else None
    if cached:
        return GitIdentity(cached, GIT_CACHE, checkout, worktree, cache_file)
    code, out = _git(["rev-list", "--max-parents=0", "HEAD"], checkout)
    roots = [line.strip() for line in out.splitlines() if line.strip()] if code == 0 else []
    if not roots:
        return GitIdentity(
            GLOBAL,
            OUTSIDE_GIT,
            checkout,
            worktree,
            None,
            f"the git repository {worktree} has no commit yet",
        )
    return GitIdentity(roots[0], GIT_ROOT_COMMIT, checkout, worktree, None)
