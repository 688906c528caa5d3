"""``ckpt-tui`` with no subcommand: open the store, then the app."""

from __future__ import annotations

from ckpt_tui.core.config import load
from ckpt_tui.core.service import open_service


def run_app(args) -> int:
    config = load()
    service = open_service(args.db, read_only=args.read_only, config=config)
    from ckpt_tui.ui.app import CkptApp

    # The first pages are read here, before the UI exists (no UI thread to
    # block yet), so the first frame is painted complete.
    first = service.first_screen()
    try:
        CkptApp(
            service, config, opencode_data=getattr(args, "opencode_data", None), first=first
        ).run()
    finally:
        service.close()
    return 0
