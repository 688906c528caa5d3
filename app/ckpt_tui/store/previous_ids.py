"""Which snapshot was captured just before each of some snapshots, and the
payloads of both: the reads behind every change summary (statements:
``statements/summaries.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ckpt_tui.store.keys import json_list
from ckpt_tui.store.query import Query
from ckpt_tui.store.valid_ids import require_id


def previous_ids(q: Query, session_id: str, ids: Sequence[str]) -> dict[str, str | None]:
    """For each id, the id of the snapshot captured just before it.

    Three queries however many ids: their instants (ISO text or epoch ms,
    SPEC 3), every snapshot from the oldest of them to the newest, and the
    one just before the oldest.
    """
    require_id(session_id)
    out: dict[str, str | None] = dict.fromkeys(ids)
    ends = q.run("summary_ends", session_id=session_id, ids=json_list(list(ids)))
    if not ends:
        return out
    low, high = ends[0][0], ends[-1][0]
    span_params = {"session_id": session_id, "low": low, "high": high}
    span = [r[0] for r in q.run("summary_span", **span_params)]
    # the cursor of a statement built with ``after=True`` (store/ordering.py)
    before = {"session_id": session_id, "limit": 1, "after_at": low, "after_id": span[0]}
    first = q.run("summary_before", **before)
    previous = first[0][0] if first else None
    for sid in span:
        if sid in out:
            out[sid] = previous
        previous = sid
    return out


Payloads = dict[str, str]


def previous_and_payloads(
    q: Query, session_id: str, ids: Sequence[str]
) -> tuple[dict[str, str | None], Payloads]:
    """For each id, the id captured just before it (as :func:`previous_ids`),
    and the payload text of every snapshot either names."""
    require_id(session_id)
    walked = walk_previous(q, session_id, ids)
    if walked is not None:
        return walked
    previous = previous_ids(q, session_id, ids)
    wanted = sorted(set(ids) | {p for p in previous.values() if p})
    rows = q.run("payloads", session_id=session_id, ids=json_list(wanted))
    return previous, {r[0]: r[1] for r in rows}


def walk_previous(
    q: Query, session_id: str, ids: Sequence[str]
) -> tuple[dict[str, str | None], Payloads] | None:
    """:func:`previous_and_payloads` when ``ids`` are consecutive in the
    session's order, newest first (a page of the unfiltered list, as it is
    shown), in two statements: the first id's instant and payload, then the
    ``len(ids)`` snapshots just before it with theirs (an index walk that
    stops there, where the general walk reads the span and then the
    payloads). None when the walk does not give back ``ids[1:]`` in order
    (a filtered list, or ids in another order): then nothing is assumed."""
    if not ids:
        return {}, {}
    top = q.run("summary_top", session_id=session_id, id=ids[0])
    if not top:
        return None
    at, payload = top[0][0], top[0][1]
    params = {"session_id": session_id, "limit": len(ids), "after_at": at, "after_id": ids[0]}
    walk = q.run("summary_walk_iso" if all_iso(q, session_id) else "summary_walk", **params)
    walked = [r[0] for r in walk]
    if walked[: len(ids) - 1] != list(ids[1:]):
        return None
    previous = {sid: walked[i] if i < len(walked) else None for i, sid in enumerate(ids)}
    return previous, {ids[0]: payload, **{r[0]: r[1] for r in walk}}


#: Distinct years (first four characters) :func:`all_iso` seeks past before
#: it gives up and the walk reads the epoch half anyway.
MAX_ISO_SEEKS = 8


def all_iso(q: Query, session_id: str) -> bool:
    """Whether every ``captured_at`` of the session is ISO text (its fifth
    character ``-``: ``ordering.is_epoch_ms`` is false), so that the
    column's own order is the order by instant and the summary walk needs
    no epoch half (which reads every index entry of the session: 0.5 ms of
    the 5,000-snapshot one, more than the rest of the walk).

    One index seek per distinct first four characters (a year): the texts
    that start with ``YYYY-`` are all below ``YYYY.``, so from the
    smallest one, the next seek starts at ``YYYY.``; any other text met on
    the way (epoch digits, a short or odd value, a BLOB) says no. More than
    :data:`MAX_ISO_SEEKS` years also says no, which only costs the slower
    walk."""
    start = ""  # below every text
    for _ in range(MAX_ISO_SEEKS):
        found = q.run("summary_first_at", session_id=session_id, start=start)
        if not found:
            return True
        at = found[0][0]
        if not isinstance(at, str) or at[4:5] != "-":
            return False
        start = at[:4] + "."
    return False
