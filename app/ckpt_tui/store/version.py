"""The schema version this ckpt-tui reads and writes (SPEC 3)."""

CURRENT_VERSION = 2
