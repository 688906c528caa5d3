"""Prints this process's pid, working directory and environment as one JSON line.

Usage: ``python -m tests.workers.environment``: what a worker started by
``tests/workers/spawning.py`` sees of the test that started it.
"""

from __future__ import annotations

import json
import os


def main() -> None:
    print(json.dumps({"pid": os.getpid(), "cwd": os.getcwd(), "env": dict(os.environ)}), flush=True)


if __name__ == "__main__":
    main()
