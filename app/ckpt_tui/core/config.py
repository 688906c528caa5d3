"""ckpt-tui's settings: ``config.toml`` in the config dir (SPEC 1).

```toml
history_limit = 50          # the plugin's historyLimit, used when we prune
preview_undo = false        # ask before undo/redo, showing the diff
session_sort = "activity"   # activity | title | status | snapshots (s in the pane)
project_sort = "activity"   # activity | name (s in the pane)
theme = "textual-dark"      # a Textual theme (ctrl+p "theme" picks and saves one)
[keymap]                    # binding id = keys, e.g.
restore = "R"
```
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ckpt_tui import paths
from ckpt_tui.errors import CkptError


@dataclass(frozen=True)
class Config:
    history_limit: int = 50
    preview_undo: bool = False
    keymap: dict[str, str] = field(default_factory=dict)
    path: Path | None = None
    session_sort: str = "activity"
    project_sort: str = "activity"
    #: The Textual theme last chosen in the palette (``None``: Textual's default).
    theme: str | None = None


def load(path: Path | None = None) -> Config:
    path = path or paths.config_dir() / "config.toml"
    if not path.exists():
        return Config(path=path)
    import tomllib  # 20 ms of regexes: only when there is a file to read

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CkptError(f"cannot read config {path}: {exc}") from None
    limit = data.get("history_limit", 50)
    keymap = data.get("keymap", {})
    if not isinstance(limit, int) or limit < 1:
        raise CkptError(f"{path}: history_limit must be a positive integer")
    if not isinstance(keymap, dict) or not all(isinstance(v, str) for v in keymap.values()):
        raise CkptError(f"{path}: [keymap] must map binding ids to key strings")
    from ckpt_tui.core.sorting import PROJECT_SORTS, SESSION_SORTS

    sorts = {}
    for key, choices in (("session_sort", SESSION_SORTS), ("project_sort", PROJECT_SORTS)):
        value = data.get(key, "activity")
        if value not in choices:
            raise CkptError(f"{path}: {key} must be one of {', '.join(choices)}")
        sorts[key] = value
    theme = data.get("theme")
    if theme is not None and not isinstance(theme, str):
        raise CkptError(f"{path}: theme must be a theme's name (a string)")
    return Config(
        theme=theme,
        history_limit=limit,
        preview_undo=bool(data.get("preview_undo", False)),
        keymap=dict(keymap),
        path=path,
        **sorts,
    )
