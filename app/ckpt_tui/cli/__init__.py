"""The command line: ``ckpt-tui SUBCOMMAND``; no subcommand opens the app."""
