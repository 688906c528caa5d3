"""The stylesheet's parsed rules, kept from one launch to the next.

At every launch Textual parses the CSS of each widget class the first
screen shows, the same text into the same rules: about 9 ms of the first
frame (issue 12: the first frame at most 1.3× a minimal app's), where
reading them back takes about 1 ms. The rules the first frame needed are
kept in the cache dir (``paths.cache_dir()``, rebuilt without loss), keyed
by all the parse depends on: Textual's install (its package's path, size
and time), Python's version, the CSS variables (the theme) and Textual's
own key for a source (its text, where it comes from, default CSS or not,
tie breaker, scope). Any source not kept so is parsed by Textual as ever,
and the file is written again after the first frame. A file that cannot
be read (none yet, damaged, another format) is as if there were none.

The file is a pickle in the person's own cache dir: whoever can write
there can already change what their programs run.

``Stylesheet._parse_rules`` is Textual's (pinned below 9); every
stylesheet's parse goes through :func:`_parse_rules` once :func:`use` is
called (the theme's re-parse makes a new stylesheet).
``tests/test_ui_parsed_css.py`` fails when the kept rules stop being used,
and checks them against Textual's parse.
"""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

import textual
from textual.css.stylesheet import Stylesheet

FILE_NAME = "parsed-css.pickle"
#: Bumped when what the file holds changes.
_FORMAT = 1
_textual_parse_rules = Stylesheet._parse_rules


def _install() -> tuple:
    """What the rules were parsed by: a new Textual is a new install."""
    stat = os.stat(textual.__file__)
    return (_FORMAT, sys.version_info[:3], textual.__file__, stat.st_size, stat.st_mtime_ns)


class ParsedCss:
    """The rules read from ``path``, and those this launch has used."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.install = _install()
        #: (variables, Textual's key) -> rules: as read, and as used now.
        self.read: dict[tuple, list] = {}
        self.used: dict[tuple, list] = {}
        #: Something was parsed that the file does not hold.
        self.new = False
        self._variables: tuple[dict, tuple] | None = None

    @classmethod
    def load(cls, path: Path) -> ParsedCss:
        kept = cls(path)
        try:
            with open(path, "rb") as file:
                install, rules = pickle.load(file)
            if install == kept.install and isinstance(rules, dict):
                kept.read = rules
        except Exception:  # noqa: BLE001 (none yet, or not ours: parsed anew)
            pass
        return kept

    def rules(self, stylesheet: Stylesheet, key: tuple) -> list:
        full = (self._variables_key(stylesheet._variables), *key)
        rules = self.used.get(full)
        if rules is None:
            rules = self.read.get(full)
        if rules is None:
            rules = _textual_parse_rules(stylesheet, *key)
            self.new = True
        self.used[full] = rules
        return rules

    def _variables_key(self, variables: dict) -> tuple:
        """The variables as part of a key (worked out once per dict)."""
        if self._variables is None or self._variables[0] is not variables:
            self._variables = (variables, tuple(sorted(variables.items())))
        return self._variables[1]

    def write(self) -> None:
        """Keep the rules used so far, if any was parsed anew."""
        if not self.new:
            return
        self.new = False
        part = self.path.with_name(f"{self.path.name}.{os.getpid()}.part")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(part, "wb") as file:
                pickle.dump((self.install, dict(self.used)), file, pickle.HIGHEST_PROTOCOL)
            os.replace(part, self.path)
        except Exception:  # noqa: BLE001 (a full disk, a rule that will not pickle: parsed next time)
            part.unlink(missing_ok=True)


_kept: ParsedCss | None = None


def _parse_rules(
    self: Stylesheet,
    css: str,
    read_from: tuple,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list:
    key = (css, read_from, is_default_rules, tie_breaker, scope)
    if _kept is None:
        return _textual_parse_rules(self, *key)
    return _kept.rules(self, key)


def use(path: Path) -> ParsedCss:
    """Parse every stylesheet from now on with the rules kept at ``path``."""
    global _kept
    _kept = ParsedCss.load(path)
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]
    return _kept
