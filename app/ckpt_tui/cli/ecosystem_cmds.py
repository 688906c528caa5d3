"""Commands that fit ckpt-tui into a person's setup: ``completion SHELL``,
``config path`` and ``config show``."""

from __future__ import annotations

import argparse
import sys

from ckpt_tui import debuglog, paths
from ckpt_tui.cli.output import emit_json, say


def cmd_completion(args) -> int:
    from ckpt_tui.cli.completion import script

    sys.stdout.write(script(args.shell))
    return 0


def cmd_config_path(args) -> int:
    from ckpt_tui.core import config as config_mod

    where = {
        "config": str(config_mod.default_path()),
        "state": str(paths.state_dir()),
        "cache": str(paths.cache_dir()),
        "log": str(debuglog.log_path()),
        "store": str(paths.default_store_path()),
    }
    if args.json:
        emit_json(where)
    else:
        width = max(map(len, where))
        for name, path in where.items():
            say(f"{name:<{width}}  {path}")
    return 0


def cmd_config_show(args) -> int:
    from ckpt_tui.core import config as config_mod

    cfg = config_mod.load()
    from ckpt_tui.errors import CkptError
    from ckpt_tui.ui.launch import keymap_in_force, keymap_problems, run_theme

    keymap, clashes = keymap_in_force(cfg.keymap)
    problems = [*cfg.problems, *keymap_problems(cfg.keymap), *(f"[keymap] {c}" for c in clashes)]
    settings = config_mod.effective(cfg, keymap)
    try:
        run_theme(cfg.theme)
    except CkptError as exc:  # the app says the same, and uses its default theme
        problems.append(f"{config_mod.FILE_NAME}: {exc}; not used")
        del settings["theme"]
    for line in problems:
        print(f"ckpt-tui: config: {line}", file=sys.stderr)
    if args.json:
        emit_json(
            {
                "path": str(cfg.path),
                "exists": bool(cfg.path and cfg.path.exists()),
                "settings": settings,
                "problems": problems,
            }
        )
        return 0
    source = "" if cfg.path and cfg.path.exists() else " (not found: defaults)"
    say(f"# {cfg.path}{source}")
    say(config_mod.to_toml(settings))
    return 0


def register(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:
    text = "print a shell completion script (see the README to install it)"
    p = sub.add_parser("completion", help=text, description=text)
    p.add_argument(
        "shell", metavar="SHELL", choices=("bash", "zsh", "fish"), help="bash, zsh or fish"
    )
    p.set_defaults(run=cmd_completion)

    text = "where ckpt-tui keeps its files, and the settings in force"
    cfg = sub.add_parser("config", help=text, description=text)
    csub = cfg.add_subparsers(dest="config_command", metavar="WHAT", required=True)
    p = csub.add_parser(
        "path", parents=[common], help="print where the config, state, cache and log live"
    )
    p.set_defaults(run=cmd_config_path)
    p = csub.add_parser(
        "show", parents=[common], help="print the effective settings; problems go to stderr"
    )
    p.set_defaults(run=cmd_config_show)
