"""Timestamps as the plugin writes them: UTC ISO 8601 with milliseconds and Z.

Readers must also accept epoch milliseconds stored as integers (SPEC 3), so
every timestamp that comes out of the store goes through :func:`parse`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime


class Clock:
    """Where "now" comes from: the system clock, unless :meth:`fixed` to one
    instant (the demo stamps its rows with a fixed time so a seed gives the
    same store; tests fix it so what they draw does not depend on the day)."""

    def __init__(self) -> None:
        self._fixed: datetime | None = None

    def now(self) -> datetime:
        return self._fixed if self._fixed is not None else datetime.now(UTC)

    @contextmanager
    def fixed(self, moment: datetime) -> Iterator[None]:
        """``now()`` is ``moment`` until the block ends (then what it was)."""
        previous, self._fixed = self._fixed, moment.astimezone(UTC)
        try:
            yield
        finally:
            self._fixed = previous


#: The one clock every layer reads; set by the demo and the tests.
clock = Clock()


def now() -> datetime:
    """The current instant, from :data:`clock`."""
    return clock.now()


def now_ms() -> datetime:
    """:func:`now` cut to the millisecond a stamp keeps, so that comparing it
    with a stamp read back says what the stamp written would compare."""
    moment = now()
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def fmt(moment: datetime) -> str:
    """``2026-11-29T13:15:54.123Z``: what JavaScript's ``toISOString()`` prints."""
    moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def now_iso() -> str:
    return fmt(now())


def epoch_ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def parse(value: object) -> datetime | None:
    """An ISO string or epoch milliseconds (int or digit string) as an aware datetime."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        try:
            return datetime.fromtimestamp(value / 1000, UTC)
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("-").isdigit():
            return parse(int(text))
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            return None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)
    return None


_CANONICAL = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


def normalize(value: object) -> str:
    """Any stored timestamp as the canonical ISO string (unparseable: as it is)."""
    if isinstance(value, str) and _CANONICAL.fullmatch(value):
        return value  # already canonical (or unparseable and kept as it is): skip the round trip
    moment = parse(value)
    return fmt(moment) if moment else ("" if value is None else str(value))


def relative(value: object, reference: datetime | None = None, *, compact: bool = False) -> str:
    """``3m ago``, ``2h ago``, ``5d ago`` (``compact``: ``5d``) for list columns."""
    moment = parse(value)
    if moment is None:
        return "?"
    seconds = int(((reference or now()) - moment).total_seconds())
    suffix = "" if compact else " ago"
    if seconds < 0:
        return "future" if compact else "in the future"
    for unit, size in (("y", 365 * 86400), ("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit}{suffix}"
    return f"{seconds}s{suffix}"


def short(value: object) -> str:
    """``2026-11-29 13:15``: absolute time for a list column, UTC."""
    moment = parse(value)
    return moment.strftime("%Y-%m-%d %H:%M") if moment else "?"
