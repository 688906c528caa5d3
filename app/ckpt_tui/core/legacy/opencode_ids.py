"""The project id opencode has, or would give, a directory (SPEC 6).

The plugin files a project under the id opencode gives it. A legacy import
into a directory the store does not know must use that same id, or the
plugin later files the directory's sessions under another project and
``adopt`` refuses them. The rules, tried in this order, each named by the
``rule`` the import reports:

``opencode-worktree``
    opencode's ``project`` record whose ``worktree`` is the directory (as
    given, or both resolved through symlinks), from every ``opencode*.db``
    and then the old tree's ``storage/project/<id>.json``, read only.
``opencode-sandbox``
    a record that lists the directory among the project's other
    directories (``sandboxes``, ``project_directory`` rows).
``opencode-subdirectory``
    the directory lies inside one of those directories (the deepest wins),
    unless a git checkout of its own lies between them: opencode gives a
    nested repository its own id.
``git-cache``, ``git-root-commit``, ``global``
    what opencode computes when it first opens there
    (:mod:`ckpt_tui.opencode.project_id`): the id cached in
    ``<repository>/.git/opencode``, else the repository's root commit;
    outside git, ``global``.

When a source of records could not be read and no record matched, the
decision is ``undecided``: a record there might have said otherwise, so the
import refuses rather than guess (the preview still shows what git says).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ckpt_tui.errors import InvalidId
from ckpt_tui.opencode import OpencodeReader, ProjectRecord
from ckpt_tui.opencode.project_id import git_identity, nearest_checkout
from ckpt_tui.store.valid_ids import require_id

WORKTREE = "opencode-worktree"
SANDBOX = "opencode-sandbox"
SUBDIRECTORY = "opencode-subdirectory"


@dataclass(frozen=True)
class IdDecision:
    """The id opencode has for one directory, the rule that decided it, and
    that rule said in one phrase for a person."""

    project_id: str
    rule: str
    note: str
    undecided: bool = False  # a source that might have matched was unreadable


def usable_id(project_id: str) -> bool:
    """Whether the store can hold this id (SPEC invariant 1)."""
    try:
        require_id(project_id, "project id")
    except InvalidId:
        return False
    return True


def _real(path: str) -> str:
    return os.path.realpath(path)


def _inside(child: str, parent: str) -> bool:
    return child != parent and child.startswith(parent.rstrip(os.sep) + os.sep)


class OpencodeProjects:
    """opencode's project records, read on the first question only; each
    directory's decision is kept, so a caller can decide before taking the
    store's write lock and ask again under it without running git there."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        self._reader = OpencodeReader.from_env(data_dir)
        self._records: tuple[ProjectRecord, ...] | None = None
        self._problems: tuple[str, ...] = ()
        self._decided: dict[str, IdDecision] = {}

    def load(self) -> OpencodeProjects:
        if self._records is None:
            result = self._reader.projects()
            self._records, self._problems = result.projects, result.warnings
        return self

    @property
    def records(self) -> tuple[ProjectRecord, ...]:
        self.load()
        assert self._records is not None
        return self._records

    def worktrees(self) -> list[Path]:
        """The worktrees of opencode's projects that exist here: where the
        legacy state of a project the store has not seen yet would be."""
        found = [r.worktree for r in self.records if r.worktree and r.worktree != "/"]
        return [Path(os.path.abspath(w)) for w in dict.fromkeys(found) if os.path.isdir(w)]

    def ready(self, directory: Path) -> OpencodeProjects:
        """These records, with the decision for ``directory`` made now (git
        runs here, not later under the store's write lock)."""
        self.decide(directory)
        return self

    def decide(self, directory: Path) -> IdDecision:
        """The id for ``directory`` by the rules of the module's docstring
        (a record whose id the store cannot hold is passed over)."""
        key = os.path.abspath(directory)
        if key not in self._decided:
            self._decided[key] = self._decide(Path(key))
        return self._decided[key]

    def _decide(self, directory: Path) -> IdDecision:
        records = [r for r in self.records if usable_id(r.id)]
        given, real = str(directory), _real(str(directory))

        def same(path: str | None) -> bool:
            return path is not None and (path in (given, real) or _real(path) == real)

        for record in records:
            if same(record.worktree):
                return IdDecision(
                    record.id,
                    WORKTREE,
                    f"opencode's project for this directory (its project record in "
                    f"{record.source} has it as worktree)",
                )
        for record in records:
            if any(same(d) for d in record.directories):
                return IdDecision(
                    record.id,
                    SANDBOX,
                    f"opencode's project for this directory (its project record in "
                    f"{record.source} lists it among the project's directories)",
                )
        enclosing = self._enclosing(records, real)
        if enclosing is not None:
            record, root = enclosing
            return IdDecision(
                record.id,
                SUBDIRECTORY,
                f"inside {root}, a directory of opencode's project {record.id} "
                f"(its project record in {record.source})",
            )
        git = git_identity(directory)
        unknown = f"opencode has no project for this directory in {self._reader.data_dir}"
        if self._problems:
            unread = "; ".join(p.removesuffix("; skipped") for p in self._problems)
            return IdDecision(
                git.project_id,
                git.rule,
                f"opencode's data could not be read ({unread}); by opencode's own rule the id "
                f"would be {git.describe()}, but its records may say otherwise",
                undecided=True,
            )
        return IdDecision(git.project_id, git.rule, f"{unknown}; {git.describe()}")

    def _enclosing(
        self, records: list[ProjectRecord], real: str
    ) -> tuple[ProjectRecord, str] | None:
        """The record with the deepest directory holding ``real``, unless
        ``real``'s own git checkout lies inside that directory."""
        best: tuple[ProjectRecord, str] | None = None
        for record in records:
            for root in (record.worktree, *record.directories):
                if not root or root == "/":
                    continue
                root_real = _real(root)
                if _inside(real, root_real) and (best is None or len(root_real) > len(best[1])):
                    best = (record, root_real)
        if best is None:
            return None
        checkout = nearest_checkout(real)
        if checkout is not None and _inside(_real(str(checkout)), best[1]):
            return None  # a nested repository: opencode gives it its own id
        return best
