"""How many examples a property test (Hypothesis) draws.

``make test`` draws the quick count: enough for each property to meet its
usual cases every run (each run draws new ones: no example database), and
every property also has deterministic tests of its known edge cases. A
deep run, ``CKPT_TUI_DEEP=1 make test``, draws the deep count (the counts
these tests had before the quick ones were chosen) and raises Hypothesis's
default for the tests that name no count (``conftest.py``'s profile).
"""

from __future__ import annotations

import os

DEEP = os.environ.get("CKPT_TUI_DEEP") == "1"


def examples(quick: int, deep: int) -> int:
    """``max_examples`` for a property test: ``deep`` in a deep run."""
    return deep if DEEP else quick
