"""What every baseline shares: a read-only connection, ckpt-tui's text
table (cells cut at 80 characters, left-aligned, two spaces apart) and its
times (local, to the minute, with the age)."""

import sqlite3
import time
from datetime import UTC, datetime

NOW = time.time()


def when(value):
    """``2026-03-02 10:02 (3d ago)``, as ckpt-tui prints a stored time (ISO
    text or epoch milliseconds); ``-`` for none."""
    if value is None or value == "":
        return "-"
    if isinstance(value, (int, float)):
        epoch = value / 1000
    else:
        epoch = datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC).timestamp()
    seconds = int(NOW - epoch)
    age = "in the future"
    if seconds >= 0:
        age = f"{seconds}s ago"
        for unit, size in (("y", 365 * 86400), ("d", 86400), ("h", 3600), ("m", 60)):
            if seconds >= size:
                age = f"{seconds // size}{unit} ago"
                break
    return f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(epoch))} ({age})"


def connect(db):
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def cell(value, limit=80):
    text = str(value)
    return text if len(text) <= limit else text[:limit] + f"… (+{len(text) - limit} chars)"


def table(headers, rows):
    cells = [[cell(c) for c in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for i, c in enumerate(row):
            widths[i] = max(widths[i], len(c))
    out = ["  ".join(h.ljust(widths[i]) for i, h in enumerate(headers)).rstrip()]
    out += ["  ".join(c.ljust(widths[i]) for i, c in enumerate(row)).rstrip() for row in cells]
    print("\n".join(out))
