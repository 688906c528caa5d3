"""One legacy importer process for tests/test_legacy.py.

Usage: legacy_import_worker.py DB DIR

Opens the service, prints ``ready``, waits for a line on stdin (the gate the
test opens for every worker at once), imports DIR's legacy state and prints
the outcome as one JSON line. Errors print ``{"error": ...}`` and exit 1.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    db, directory = sys.argv[1], sys.argv[2]
    from ckpt_tui.core import legacy
    from ckpt_tui.core.service import open_service
    from ckpt_tui.errors import CkptError

    svc = open_service(db)
    print("ready", flush=True)
    sys.stdin.readline()
    try:
        outcome = legacy.import_legacy(svc, directory)
    except CkptError as exc:
        print(json.dumps({"error": str(exc)}), flush=True)
        return 1
    finally:
        svc.close()
    print(json.dumps(outcome.to_json()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
