"""Where things live (SPEC 1), with their environment overrides."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def default_store_path() -> Path:
    env = os.environ.get("CKPT_DB")
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("opencode") / "checkpoint-orchestrator" / "checkpoints.db"


def opencode_data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """opencode's data dir; a path ending in ``storage`` means its parent."""
    raw = override or os.environ.get("CKPT_OPENCODE_DATA")
    path = Path(raw).expanduser() if raw else platformdirs.user_data_path("opencode")
    return path.parent if path.name == "storage" else path


def config_dir() -> Path:
    env = os.environ.get("CKPT_TUI_CONFIG")
    return Path(env).expanduser() if env else platformdirs.user_config_path("ckpt-tui")


def cache_dir() -> Path:
    """The cache dir; under ``CKPT_TUI_CONFIG`` when that is set, so one
    variable keeps every file of ours out of the user's real directories."""
    env = os.environ.get("CKPT_TUI_CONFIG")
    return Path(env).expanduser() / "cache" if env else platformdirs.user_cache_path("ckpt-tui")


def project_state_dir(project_dir: str | os.PathLike[str]) -> Path:
    """``<project>/.opencode/state/checkpoint-orchestrator``: derived files live here."""
    return Path(project_dir) / ".opencode" / "state" / "checkpoint-orchestrator"


def legacy_state_file(project_dir: str | os.PathLike[str]) -> Path:
    return Path(project_dir) / ".opencode" / "state" / "checkpoint.json"
