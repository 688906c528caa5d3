"""What every baseline shares: a read-only connection and ckpt-tui's text
table (cells cut at 80 characters, left-aligned, two spaces apart)."""

import sqlite3


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
