"""The checkpoint store: SQLAlchemy Core over the plugin's SQLite file.

Every statement is Core. Reads run as SQL generated from their Core
statements ahead of time (``store/statements/``, ``store/read_sql.py``,
``store/query.py``), writes and migrations through SQLAlchemy itself.
Nothing here decides policy; :mod:`ckpt_tui.core` does. Nothing here
imports Textual.
"""

from ckpt_tui.store.version import CURRENT_VERSION

#: ``typing.TYPE_CHECKING`` without importing ``typing`` (2.5 ms of a command
#: that needs nothing else of it); type checkers take it as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ckpt_tui.store.engine import Store

__all__ = ["CURRENT_VERSION", "Store"]


def __getattr__(name: str):
    """``Store`` on first use: a command that only searches imports the
    package's modules without the engine."""
    if name == "Store":
        from ckpt_tui.store.engine import Store

        return Store
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
