"""Where things live (SPEC 1), with their environment overrides.

Three homes of ours, each moved by its own variable: the config
(``CKPT_TUI_CONFIG``), the state a person would be sorry to lose (the undo
journal, a search index: ``CKPT_TUI_STATE``) and the cache that can be
rebuilt without loss (``CKPT_TUI_CACHE``). opencode's data dir follows
opencode itself, which resolves it with xdg-basedir on every OS: macOS and
Windows use ``~/.local/share`` too, not platformdirs' native dirs.
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "ckpt-tui"


def _platformdirs():
    """platformdirs, imported when a dir is first asked for (it imports
    tempfile and shutil: some milliseconds of ``--help``)."""
    import platformdirs

    return platformdirs


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value).expanduser() if value else None


def xdg_data_home() -> Path:
    """``$XDG_DATA_HOME`` (when absolute, as the XDG spec and xdg-basedir
    require), else ``~/.local/share``, on every OS."""
    env = os.environ.get("XDG_DATA_HOME")
    if env and os.path.isabs(env):
        return Path(env)
    return Path.home() / ".local" / "share"


def opencode_data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """opencode's data dir; a path ending in ``storage`` means its parent."""
    raw = override or os.environ.get("CKPT_OPENCODE_DATA")
    path = Path(raw).expanduser() if raw else xdg_data_home() / "opencode"
    return path.parent if path.name == "storage" else path


def default_store_path() -> Path:
    return _env_path("CKPT_DB") or (
        opencode_data_dir() / "checkpoint-orchestrator" / "checkpoints.db"
    )


def config_dir() -> Path:
    return _env_path("CKPT_TUI_CONFIG") or _platformdirs().user_config_path(APP)


#: ckpt-tui's settings file, in the config dir.
CONFIG_FILE = "config.toml"


def config_file() -> Path:
    return config_dir() / CONFIG_FILE


def state_dir() -> Path:
    """The undo journal and the search index: state, not cache, so a cache
    cleaner never takes away a person's undo history."""
    return _env_path("CKPT_TUI_STATE") or _platformdirs().user_state_path(APP)


def cache_dir() -> Path:
    """Only what can be rebuilt without loss."""
    return _env_path("CKPT_TUI_CACHE") or _platformdirs().user_cache_path(APP)


def former_journal_file() -> Path:
    """Where ckpt-tui kept the undo journal before it was state (SPEC 1), in
    the same environment: ``$CKPT_TUI_CONFIG/cache`` when that is set (it
    moved the cache then), else the cache dir of the platform."""
    config = _env_path("CKPT_TUI_CONFIG")
    base = config / "cache" if config else _platformdirs().user_cache_path(APP)
    return base / "journal.db"


def project_state_dir(project_dir: str | os.PathLike[str]) -> Path:
    """``<project>/.opencode/state/checkpoint-orchestrator``: derived files live here."""
    return Path(project_dir) / ".opencode" / "state" / "checkpoint-orchestrator"


def legacy_state_file(project_dir: str | os.PathLike[str]) -> Path:
    return Path(project_dir) / ".opencode" / "state" / "checkpoint.json"
