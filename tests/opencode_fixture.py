"""The opencode data dir made with the real opencode CLI (see its README)."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURE = Path(__file__).parent / "fixtures" / "opencode"


def copy_fixture(target: Path) -> Path:
    """A private copy of the fixture data dir at ``target``: tests read the
    copy, so the committed files are never opened."""
    target.mkdir(parents=True)
    shutil.copy2(FIXTURE / "opencode.db", target / "opencode.db")
    shutil.copytree(FIXTURE / "storage", target / "storage")
    return target
