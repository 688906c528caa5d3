"""ckpt-tui's settings: ``config.toml`` in the config dir (SPEC 1).

```toml
history_limit = 50          # the plugin's historyLimit, used when we prune
preview_undo = false        # ask before undo/redo, showing the diff
session_sort = "activity"   # activity | title | status | snapshots (s in the pane)
project_sort = "activity"   # activity | name (s in the pane)
theme = "textual-dark"      # a Textual theme (ctrl+p "theme" picks and saves one)
[keymap]                    # binding id = keys, e.g.
"main.restore" = "R"
[archive]                   # the team archive (ckpt-tui archive ...)
url = "postgresql://me@db.example/ckpt?sslmode=require"
[watch]
bell = false                # ring the terminal bell when a followed session turns Blocked or Done
```

The file is checked, not trusted: an unknown key, a value of the wrong
type, an unknown binding id or key name each become one line in
``Config.problems`` naming the closest valid name (names from the file
cut to 60 characters), and everything else in the file still applies. A
file that cannot be read or is not TOML is one such line too, and the
defaults apply: the app and every command still work, reads and writes
alike, and each says so.
Binding ids and key names belong to the UI (Textual): it passes them to
:func:`check_keymap`, so this module stays free of Textual.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ckpt_tui import paths

FILE_NAME = paths.CONFIG_FILE


@dataclass(frozen=True, slots=True)
class Config:
    history_limit: int = 50
    preview_undo: bool = False
    keymap: dict[str, str] = field(default_factory=dict)
    path: Path | None = None
    session_sort: str = "activity"
    project_sort: str = "activity"
    #: The Textual theme last chosen in the app (``None``: Textual's default);
    #: the UI checks the name (themes belong to Textual).
    theme: str | None = None
    #: ``[archive] url``: the archive's PostgreSQL URL (shown without its
    #: password, ``store.archive_url.redacted``).
    archive_url: str | None = None
    #: ``[watch] bell``: the follow screen rings the terminal bell as well as
    #: notifying when a session turns Blocked or Done.
    watch_bell: bool = False
    #: One line per thing in the file that was ignored, and why.
    problems: tuple[str, ...] = ()


#: key -> (type name for messages, check)
_SETTINGS: dict[str, tuple[str, Callable[[object], bool]]] = {
    "history_limit": (
        "a positive integer",
        lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1,
    ),
    "preview_undo": ("true or false", lambda v: isinstance(v, bool)),
    "keymap": ('a table of binding id = "keys"', lambda v: isinstance(v, dict)),
    "session_sort": ("one of the session orders", lambda v: isinstance(v, str)),
    "project_sort": ("one of the project orders", lambda v: isinstance(v, str)),
    "theme": ("a theme's name", lambda v: isinstance(v, str)),
    "archive": ('a table with url = "postgresql://..."', lambda v: isinstance(v, dict)),
    "watch": ("a table: [watch] bell = true or false", lambda v: isinstance(v, dict)),
}
#: settings with a fixed set of values: key -> the name of the tuple in core.sorting
_CHOICES = {"session_sort": "SESSION_SORTS", "project_sort": "PROJECT_SORTS"}


def nearest(name: str, valid: Iterable[str]) -> str | None:
    if len(name) > 200:  # no name is that long, and difflib would take its time
        return None
    import difflib  # only when something is wrong

    match = difflib.get_close_matches(name, list(valid), n=1, cutoff=0.6)
    return match[0] if match else None


def closest(name: str, valid: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the nearest valid name, else ``""``."""
    match = nearest(name, valid)
    return f" (did you mean {match!r}?)" if match else ""


def default_path() -> Path:
    return paths.config_file()


_cache: dict[Path, tuple[tuple[int, int], Config]] = {}


def load(path: Path | None = None) -> Config:
    path = path or default_path()
    try:
        stat = path.stat()
    except FileNotFoundError:
        return Config(path=path)
    except OSError as exc:
        return _unusable(path, exc.strerror or str(exc))
    stamp = (stat.st_mtime_ns, stat.st_size)
    cached = _cache.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    import tomllib  # 20 ms of regexes: only when there is a file to read

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        return _unusable(path, exc.strerror or str(exc))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return _unusable(path, f"not valid TOML: {exc}")
    config = _checked(data, path)
    _cache[path] = (stamp, config)
    return config


def _unusable(path: Path, why: str) -> Config:
    """The defaults, and one line saying the file was not used."""
    from ckpt_tui.core.text import printable

    return Config(path=path, problems=(f"cannot use {path} ({printable(why, 200)}); using the defaults",))


def _checked(data: dict, path: Path) -> Config:
    problems: list[str] = []
    values: dict[str, object] = {}
    for key, value in data.items():
        if key not in _SETTINGS:
            problems.append(f"{path.name}: unknown key {_name(key)}{closest(key, _SETTINGS)}; ignored")
            continue
        kind, ok = _SETTINGS[key]
        if key in _CHOICES:
            from ckpt_tui.core import sorting

            choices = getattr(sorting, _CHOICES[key])
            kind = "one of " + ", ".join(choices)
            ok = choices.__contains__
        if not ok(value):
            default = getattr(Config(), key, None)
            shown = f"; using {_toml(default)}" if key != "keymap" else "; ignored"
            hint = closest(value, choices) if key in _CHOICES and isinstance(value, str) else ""
            problems.append(f"{path.name}: {key} must be {kind}, not {_toml(value)}{hint}{shown}")
            continue
        values[key] = value
    keymap: dict[str, str] = {}
    for binding, keys in dict(values.pop("keymap", {})).items():  # type: ignore[arg-type]
        if isinstance(keys, str) and keys.strip():
            keymap[binding] = keys
        else:
            problems.append(
                f'{path.name}: [keymap] {_name(binding)[1:-1]} must be a key string like "ctrl+r", '
                f"not {_toml(keys)}; ignored"
            )
    for key, value in dict(values.pop("watch", {})).items():  # type: ignore[arg-type]
        if key == "bell" and isinstance(value, bool):
            values["watch_bell"] = value
        else:
            problems.append(f"{path.name}: [watch] {_name(key)[1:-1]} = {_toml(value)}: only bell = true or false; ignored")
    archive = dict(values.pop("archive", {}))  # type: ignore[arg-type]
    url = archive.pop("url", None)
    if url is not None and not (isinstance(url, str) and url.strip()):
        problems.append(f"{path.name}: [archive] url must be a URL string, not {_toml(url)}; ignored")
        url = None
    for key in archive:
        problems.append(f"{path.name}: [archive] unknown key {_name(key)}{closest(key, ['url'])}; ignored")
    return Config(
        **values,  # type: ignore[arg-type]
        keymap=keymap,
        archive_url=url,
        path=path,
        problems=tuple(problems),
    )


def check_keymap(
    keymap: dict[str, str],
    binding_ids: Iterable[str],
    is_key: Callable[[str], bool],
    key_names: Iterable[str],
) -> list[str]:
    """One line per unknown binding id or key name in ``keymap``.

    ``binding_ids`` are the ids the UI declares, ``is_key`` says whether a
    single key (``ctrl+r``, ``R``, ``question_mark``) exists and
    ``key_names`` are the names to suggest from; all come from the UI.
    """
    ids = sorted(set(binding_ids))
    names = sorted(set(key_names))
    problems = []
    for binding, keys in keymap.items():
        if binding not in ids:
            problems.append(
                f"[keymap] unknown binding id {_name(binding)}{closest(binding, ids)}"
            )
            continue
        for key in (k.strip() for k in keys.split(",")):
            if not is_key(key):
                hint = _key_hint(key, names, is_key) if len(key) <= 200 else ""
                problems.append(f"[keymap] {binding}: unknown key name {_name(key)}{hint}; ignored")
    return problems


def usable_keymap(keymap: dict[str, str], is_key: Callable[[str], bool]) -> dict[str, str]:
    """``keymap`` without the key names that do not exist: a binding whose
    new keys are all unknown keeps its default keys rather than losing them."""
    usable = {}
    for binding, keys in keymap.items():
        known = [k.strip() for k in keys.split(",") if is_key(k.strip())]
        if known:
            usable[binding] = ",".join(known)
    return usable


def _key_hint(key: str, names: list[str], is_key: Callable[[str], bool]) -> str:
    """The key with each unknown part (``ctl``, ``escpe``) replaced by the
    nearest name, if that makes a key."""
    parts = [p if len(p) <= 1 or p in names else (nearest(p, names) or p) for p in key.split("+")]
    guess = "+".join(parts)
    return f" (did you mean {guess!r}?)" if guess != key and is_key(guess) else ""


def effective(config: Config, keymap: dict[str, str] | None = None) -> dict[str, object]:
    """The settings in force, as the config file would spell them: every
    one, defaults included. ``keymap``: the bindings that apply (the UI
    knows which ids and keys exist), else the file's; ``theme`` only when
    one is chosen and known (the caller drops an unknown one)."""
    return {
        "history_limit": config.history_limit,
        "preview_undo": config.preview_undo,
        "session_sort": config.session_sort,
        "project_sort": config.project_sort,
        "keymap": dict(config.keymap if keymap is None else keymap),
    } | ({"theme": config.theme} if config.theme else {}) | (
        {"watch": {"bell": True}} if config.watch_bell else {}
    ) | _archive(config)


def _archive(config: Config) -> dict[str, object]:
    """``[archive]`` as ``config show`` prints it: the URL without its password."""
    if not config.archive_url:
        return {}
    from ckpt_tui.store.archive_url import redacted

    return {"archive": {"url": redacted(config.archive_url)}}


def to_toml(settings: dict[str, object]) -> str:
    lines = [f"{k} = {_toml(v)}" for k, v in settings.items() if not isinstance(v, dict)]
    for key, table in settings.items():
        if isinstance(table, dict):
            lines += ["", f"[{key}]"] + [f"{_toml(k)} = {_toml(v)}" for k, v in table.items()]
    return "\n".join(lines)


def _name(text: str, limit: int = 60) -> str:
    """A name from the file, quoted, cut to ``limit`` characters (a key
    can be megabytes long) and made printable."""
    from ckpt_tui.core.text import printable

    cut = text if len(text) <= limit else text[:limit] + "…"
    return printable(repr(cut), limit * 4)


def _toml(value: object) -> str:
    """A short TOML-ish rendering of a value, for messages and ``config show``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        import json

        text = json.dumps(value[:80], ensure_ascii=False)
        return text if len(text) <= 60 and len(value) <= 80 else text[:59] + '…"'
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return str(value)


def env_overrides() -> dict[str, str]:
    """The environment variables that moved one of our homes."""
    names = ("CKPT_TUI_CONFIG", "CKPT_TUI_STATE", "CKPT_TUI_CACHE", "CKPT_TUI_LOG", "CKPT_DB")
    return {name: os.environ[name] for name in names if os.environ.get(name)}
