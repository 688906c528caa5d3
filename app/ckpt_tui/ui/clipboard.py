"""Copying text out of the app, and saying honestly whether it worked.

The app always sends OSC 52 (Textual's ``copy_to_clipboard``), but nothing
confirms that the terminal took it, and inside tmux it only gets through
with ``set -g set-clipboard on``. So :func:`copy` also hands the text to a
system clipboard tool when one is there (wl-copy, xclip, xsel, pbcopy,
clip.exe), which does say whether it worked, and inside tmux, to tmux's
paste buffer. The message says what is known, and shows the text so it can
be copied by hand when nothing is.

No Textual here: this runs in a worker thread, and tests drive it with
stand-in executables on ``PATH``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass

TIMEOUT = 2.0

#: (tool, its arguments, the variable that must be set for it to work)
TOOLS: tuple[tuple[str, tuple[str, ...], str | None], ...] = (
    ("wl-copy", (), "WAYLAND_DISPLAY"),
    ("xclip", ("-selection", "clipboard"), "DISPLAY"),
    ("xsel", ("--clipboard", "--input"), "DISPLAY"),
    ("pbcopy", (), None),
    ("clip.exe", (), None),
)


@dataclass(frozen=True)
class Copied:
    message: str
    #: False when nothing confirms the text reached any clipboard.
    ok: bool


def find_tool(env: Mapping[str, str]) -> list[str] | None:
    """The first clipboard tool present on ``PATH`` that can work here."""
    path = env.get("PATH", os.defpath)
    for name, args, needs in TOOLS:
        if needs and not env.get(needs):
            continue
        found = shutil.which(name, path=path)
        if found:
            return [found, *args]
    return None


def _run(argv: list[str], text: str, env: Mapping[str, str]) -> bool:
    try:
        done = subprocess.run(
            argv,
            input=text.encode("utf-8"),
            stdout=subprocess.DEVNULL,  # xclip stays behind to serve the selection:
            stderr=subprocess.DEVNULL,  # no pipe of ours may keep it waiting
            timeout=TIMEOUT,
            env=dict(env),
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _tmux(env: Mapping[str, str], *args: str, text: str = "") -> str | None:
    tmux = shutil.which("tmux", path=env.get("PATH", os.defpath))
    if tmux is None:
        return None
    try:
        done = subprocess.run(
            [tmux, *args],
            input=text.encode("utf-8"),
            capture_output=True,
            timeout=TIMEOUT,
            env=dict(env),
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.decode("utf-8", "replace").strip() if done.returncode == 0 else None


def copy(text: str, env: Mapping[str, str] | None = None) -> Copied:
    """Put ``text`` wherever it can go (OSC 52 was already sent by the app)."""
    env = os.environ if env is None else env
    tool = find_tool(env)
    if tool is not None and _run(tool, text, env):
        return Copied(f"Copied: {text}", True)
    failed = f" ({os.path.basename(tool[0])} failed)" if tool else ""
    if env.get("TMUX"):
        setting = _tmux(env, "show-options", "-gv", "set-clipboard")
        if setting == "on":
            return Copied(f"Copied (OSC 52 through tmux){failed}: {text}", True)
        in_buffer = _tmux(env, "load-buffer", "-", text=text) is not None
        where = "in tmux's paste buffer (prefix ]); " if in_buffer else ""
        return Copied(
            f"Not on the system clipboard{failed}: tmux needs `set -g set-clipboard on`; "
            f"{where}copy it from here: {text}",
            in_buffer,
        )
    return Copied(
        f"Sent to the terminal by OSC 52{failed}; if your terminal does not take it, "
        f"copy it from here: {text}",
        False,
    )
