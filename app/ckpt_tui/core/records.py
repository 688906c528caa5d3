"""The records lists return, as the layers above see them.

They are defined next to the queries that fill them (``store.rows``); the
app and the command line import them from here, so they never import the
store layer.
"""

from ckpt_tui.store.rows import CheckpointRow, Page, ProjectRow, SessionRow, SnapshotRow

__all__ = ["CheckpointRow", "Page", "ProjectRow", "SessionRow", "SnapshotRow"]
