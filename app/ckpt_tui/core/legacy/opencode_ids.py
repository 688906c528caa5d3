"""The project id opencode itself has for a directory (SPEC 6).

The plugin files a project under the id opencode gives it (the id of
opencode's ``project`` row, a git root commit hash or ``global``). A legacy
import into a directory the store does not know must use that same id, or
the plugin later files the same directory under another project and the
imported state sits beside it, unseen. So, before deriving an id, opencode's
own records are asked, read only, through :class:`OpencodeReader`: every
``opencode*.db``'s ``project`` table and the old tree's
``storage/project/<id>.json``, the database opencode uses now first.

A record matches when its ``worktree`` is the directory (as given, or both
resolved through symlinks); failing that, when one of the other directories
opencode files under the project (``sandboxes``, ``project_directory``) is.
The first matching record wins, in source order. When a source could not be
read and nothing matched, the answer is "cannot tell", not "unknown": an id
derived then could differ from the one opencode has.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ckpt_tui.opencode import OpencodeReader, ProjectRecord


@dataclass(frozen=True)
class OpencodeMatch:
    """What opencode's records say about one directory."""

    project_id: str | None  # None: opencode has no project for it (or could not tell)
    source: str | None  # the source of the record that matched
    problems: tuple[str, ...]  # sources that could not be read
    data_dir: Path

    @property
    def undecided(self) -> bool:
        """Nothing matched, but a source that might have matched was unreadable."""
        return self.project_id is None and bool(self.problems)

    def note(self) -> str:
        """One line for the import's message, saying where the id came from."""
        if self.project_id is not None:
            return f"opencode's id for this directory, from its project record in {self.source}"
        if self.problems:
            return (
                "opencode's data could not be read ("
                + "; ".join(p.removesuffix("; skipped") for p in self.problems)
                + "), so the id was derived from the directory and may differ from opencode's"
            )
        return (
            f"opencode has no project for this directory in {self.data_dir}, "
            "so the id was derived from the directory"
        )


class OpencodeProjects:
    """opencode's project records, read on the first question only."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None) -> None:
        self._reader = OpencodeReader.from_env(data_dir)
        self._records: tuple[ProjectRecord, ...] | None = None
        self._problems: tuple[str, ...] = ()

    def load(self) -> OpencodeProjects:
        if self._records is None:
            result = self._reader.projects()
            self._records, self._problems = result.projects, result.warnings
        return self

    def worktrees(self) -> list[Path]:
        """The worktrees of opencode's projects that exist here: where the
        legacy state of a project the store has not seen yet would be."""
        self.load()
        assert self._records is not None
        found = [r.worktree for r in self._records if r.worktree and r.worktree != "/"]
        return [Path(os.path.abspath(w)) for w in dict.fromkeys(found) if os.path.isdir(w)]

    def match(self, directory: Path) -> OpencodeMatch:
        self.load()
        assert self._records is not None
        given = str(directory)
        real = os.path.realpath(directory)

        def same(path: str | None) -> bool:
            return path is not None and (path in (given, real) or os.path.realpath(path) == real)

        for record in self._records:
            if same(record.worktree):
                return OpencodeMatch(
                    record.id, record.source, self._problems, self._reader.data_dir
                )
        for record in self._records:
            if any(same(d) for d in record.directories):
                return OpencodeMatch(
                    record.id, record.source, self._problems, self._reader.data_dir
                )
        return OpencodeMatch(None, None, self._problems, self._reader.data_dir)
