"""The checkpoint store: SQLAlchemy Core over the plugin's SQLite file.

Nothing here decides policy; :mod:`ckpt_tui.core` does. Nothing here imports
Textual.
"""

from ckpt_tui.store.engine import Store
from ckpt_tui.store.version import CURRENT_VERSION

__all__ = ["CURRENT_VERSION", "Store"]
