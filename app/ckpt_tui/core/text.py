"""Making text from the store safe to print: no escape sequences, no hidden
characters, bounded.

One rule for the app, the command line and the hand-off notes: a character
that acts on the terminal or hides what a line says is shown as an escape
(``\\x1b``, ``\\u202e``) instead of being passed through. Besides the C0/C1
control characters that means the bidirectional controls (which reorder
what follows, the "Trojan Source" trick), the zero-width characters (which
make two different names look the same), the byte-order mark and the
Unicode line and paragraph separators (which break a line where no newline
is).
"""

from __future__ import annotations

import re
from functools import cache

#: Invisible or reordering characters beyond the C0/C1 controls: the Arabic
#: letter mark, the Mongolian vowel separator, zero-width space/non-joiner/
#: joiner, LRM/RLM, the line and paragraph separators, the bidi embeddings
#: and overrides (LRE..RLO), the word joiner and invisible operators, the bidi
#: isolates (LRI..PDI) and the zero-width no-break space (BOM); and the
#: surrogates: JSON may carry a lone one (``"\\ud800"``, which
#: ``JSON.stringify`` writes for a broken pair), it decodes to a Python str
#: that cannot be encoded, and printing it would end the command.
INVISIBLE = (
    "\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
    "\ud800-\udfff"
)


@cache
def _controls(keep_newlines: bool) -> re.Pattern[str]:
    """What is escaped (with ``keep_newlines``, not tab and newline),
    compiled when first needed: 0.8 ms of every command's start-up
    otherwise, and most text never needs it (see :func:`visible`)."""
    low = "\\x00-\\x08\\x0b-\\x1f" if keep_newlines else "\\x00-\\x1f"
    return re.compile(f"[{low}\\x7f-\\x9f{INVISIBLE}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, *, keep_newlines: bool = False) -> str:
    """Every control, bidi and zero-width character shown as ``\\xNN`` or
    ``\\uNNNN`` (with ``keep_newlines``, tab and newline are kept).

    Text ``str.isprintable`` accepts holds none of them (they are all
    control, format or line/paragraph separator characters), and is
    returned as it is: most cells of a long list, at a fraction of the
    regular expression's cost."""
    if text.isprintable():
        return text
    return _controls(keep_newlines).sub(_escape, text)


def printable(text: str, limit: int = 10_000, *, keep_newlines: bool = False) -> str:
    """:func:`visible`, cut to ``limit`` characters first.

    Store text is data: a title that carries an escape sequence or a
    right-to-left override must appear as characters, never act on the
    terminal or reorder what is shown after it.
    """
    if len(text) > limit:
        text = text[:limit] + f"… (+{len(text) - limit} chars)"
    return visible(text, keep_newlines=keep_newlines)
