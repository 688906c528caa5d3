"""The debug log: store calls, their timings, conflicts and errors.

Off unless ``--debug`` or ``$CKPT_TUI_LOG=PATH`` turns it on: then the
``ckpt_tui`` logger writes to ``PATH`` or ``<state dir>/ckpt-tui.log``
(``--debug`` prints which on stderr). The file is rotated: past
:data:`MAX_BYTES` it becomes ``ckpt-tui.log.1`` (the older ones move up to
``.3``, and the oldest is dropped), so it never grows without end.
When off nothing is opened, nothing is wrapped and not even ``logging`` is
imported here, so it costs nothing at start.

An unexpected error is different: :func:`log_exception` always appends
its traceback to the log file, so the one-line notification can say where
the whole story is, whether or not the log was turned on.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ckpt_tui import paths

if TYPE_CHECKING:
    import logging

LOGGER = "ckpt_tui"
FILE_NAME = "ckpt-tui.log"
_FORMAT = "%(asctime)s %(process)d %(threadName)s %(name)s %(levelname)s %(message)s"
#: The size at which the log is rotated, and how many old logs are kept.
MAX_BYTES = 1 << 20
BACKUPS = 3

_handler: logging.FileHandler | None = None


def _file_handler(path: Path) -> logging.FileHandler:
    """A handler that appends to ``path`` and rotates it past :data:`MAX_BYTES`."""
    import logging
    from logging.handlers import RotatingFileHandler

    handler = RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    handler.setFormatter(logging.Formatter(_FORMAT))
    return handler


def log_path() -> Path:
    """Where the log goes: ``$CKPT_TUI_LOG``, else the state dir."""
    env = os.environ.get("CKPT_TUI_LOG")
    return Path(env).expanduser() if env else paths.state_dir() / FILE_NAME


def enabled() -> bool:
    return _handler is not None


def enable(path: Path | None = None) -> Path:
    """Send the ``ckpt_tui`` logger's DEBUG records to ``path`` (appended)."""
    import logging

    global _handler
    path = path or log_path()
    if _handler is not None:
        return Path(_handler.baseFilename)  # type: ignore[attr-defined]
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = _file_handler(path)
    logger = logging.getLogger(LOGGER)
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    _handler = handler
    logger.info("log started (pid %d)", os.getpid())
    return path


def disable() -> None:
    """Stop logging (tests; the process ends otherwise)."""
    import logging

    global _handler
    if _handler is None:
        return
    logger = logging.getLogger(LOGGER)
    logger.removeHandler(_handler)
    _handler.close()
    _handler = None
    logger.setLevel(logging.NOTSET)


def log_exception(error: BaseException, context: str) -> Path | None:
    """Append ``error``'s traceback to the log file, on or off; the path, or
    None when even that could not be written."""
    path = Path(_handler.baseFilename) if _handler is not None else log_path()  # type: ignore[attr-defined]
    import logging
    import traceback

    text = "".join(traceback.format_exception(error))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if _handler is not None:
            logging.getLogger(LOGGER).error("%s\n%s", context, text.rstrip())
        else:  # the log is off: this one record, rotated like the others
            handler = _file_handler(path)
            try:
                record = logging.LogRecord(LOGGER, logging.ERROR, __file__, 0, "%s\n%s", (context, text.rstrip()), None)
                handler.emit(record)
            finally:
                handler.close()
    except OSError:
        return None
    return path


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def instrument(obj: Any, name: str) -> None:
    """Wrap ``obj``'s public methods (on the instance) so each call is
    logged with its arguments, its time and how it ended. Only called when
    the log is on."""
    import functools
    import logging

    from ckpt_tui.errors import Conflict

    log = logging.getLogger(f"{LOGGER}.{name}")
    for attr in dir(type(obj)):
        if attr.startswith("_"):
            continue
        method = getattr(obj, attr, None)
        if not callable(method) or isinstance(getattr(type(obj), attr, None), property):
            continue

        def wrapped(*args, __method=method, __attr=attr, **kwargs):
            start = time.perf_counter()
            shown = ", ".join(
                [_short(a) for a in args] + [f"{k}={_short(v)}" for k, v in kwargs.items()]
            )
            try:
                result = __method(*args, **kwargs)
            except Conflict as exc:
                ms = (time.perf_counter() - start) * 1000
                log.warning("%s(%s) conflict after %.1f ms: %s", __attr, shown, ms, exc)
                raise
            except Exception as exc:
                ms = (time.perf_counter() - start) * 1000
                log.info(
                    "%s(%s) failed after %.1f ms: %s: %s",
                    __attr,
                    shown,
                    ms,
                    type(exc).__name__,
                    exc,
                )
                raise
            log.debug("%s(%s) %.1f ms", __attr, shown, (time.perf_counter() - start) * 1000)
            return result

        setattr(obj, attr, functools.wraps(method)(wrapped))
