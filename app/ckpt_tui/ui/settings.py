"""Remembering what a person chose in the app (the panes' sort orders, the theme) in
``config.toml``, in a worker: the write never holds up the UI, and a
config that cannot be written is said in one line, the choice still applies
for this run."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App

from ckpt_tui import paths
from ckpt_tui.core import config_write
from ckpt_tui.errors import CkptError


def remember_setting(app: App, key: str, value: str) -> None:
    config = app.config
    path = config.path or paths.config_dir() / "config.toml"
    app.config = replace(config, **{key: value})

    def write() -> None:
        try:
            config_write.save_setting(path, key, value)
        except CkptError as exc:
            app.call_from_thread(
                app.notify, f"{exc} (the choice applies until you quit)", severity="warning"
            )

    app.run_worker(write, thread=True, group="settings", exclusive=True)
