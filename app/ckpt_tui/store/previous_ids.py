"""Which snapshot was captured just before each of some snapshots: the walk
behind every change summary, over either read path.

The three statements it runs are built in :mod:`ckpt_tui.store.summary_reads`
(``previous_statements``); ``run(name, params)`` runs one of them by its
name in ``store/plain_sql.py``, through SQLAlchemy or plain ``sqlite3``, and
returns its rows as sequences. This module must not import SQLAlchemy.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

Run = Callable[[str, dict[str, Any]], Sequence[Sequence[Any]]]


def previous_ids(run: Run, session_id: str, ids: Sequence[str]) -> dict[str, str | None]:
    """For each id, the id of the snapshot captured just before it.

    Three queries however many ids: their instants (ISO text or epoch ms,
    SPEC 3), every snapshot from the oldest of them to the newest, and the
    one just before the oldest.
    """
    out: dict[str, str | None] = dict.fromkeys(ids)
    ends = run("summary_ends", {"session_id": session_id, "ids": json.dumps(list(ids))})
    if not ends:
        return out
    low, high = ends[0][0], ends[-1][0]
    span_params = {"session_id": session_id, "low": low, "high": high}
    span = [r[0] for r in run("summary_span", span_params)]
    # the cursor of a statement built with ``after=True`` (store/ordering.py)
    before = {"session_id": session_id, "limit": 1, "after_at": low, "after_id": span[0]}
    first = run("summary_before", before)
    previous = first[0][0] if first else None
    for sid in span:
        if sid in out:
            out[sid] = previous
        previous = sid
    return out
