"""What the demo store is about: its projects, their sessions (objective,
plan steps, files) and the blockers and notes its checkpoints pick from."""

PROJECTS = [
    (
        "prj_acme_api",
        "acme-api",
        [
            (
                "Rate limiting for the public API",
                [
                    "Add a token-bucket limiter per API key",
                    "Return 429 with a Retry-After header",
                    "Expose limiter metrics to Prometheus",
                    "Load-test with 2k rps against staging",
                    "Document limits in the API reference",
                ],
                [
                    "internal/ratelimit/bucket.go",
                    "internal/http/middleware.go",
                    "cmd/api/main.go",
                    "docs/api/limits.md",
                ],
            ),
            (
                "Migrate the orders table to UUID keys",
                [
                    "Write the expand migration (new uuid column)",
                    "Backfill in batches of 10k rows",
                    "Switch reads to the uuid column",
                    "Drop the old integer key",
                ],
                ["migrations/0042_orders_uuid.sql", "internal/orders/repo.go"],
            ),
            (
                "Flaky integration test in payments",
                [
                    "Reproduce with -count=50",
                    "Find the shared fixture that leaks state",
                    "Isolate the clock in the webhook handler",
                ],
                ["internal/payments/webhook_test.go", "internal/testutil/clock.go"],
            ),
        ],
    ),
    (
        "prj_webshop",
        "webshop-frontend",
        [
            (
                "Checkout page accessibility pass",
                [
                    "Audit with axe and a screen reader",
                    "Fix focus order in the address form",
                    "Label the payment method radio group",
                    "Add skip links",
                ],
                ["src/pages/checkout/Address.tsx", "src/components/RadioGroup.tsx"],
            ),
            (
                "Replace moment.js with date-fns",
                [
                    "List every moment import",
                    "Write codemod for format() calls",
                    "Run visual regression suite",
                ],
                ["src/lib/dates.ts", "scripts/codemods/moment-to-datefns.js", "package.json"],
            ),
        ],
    ),
    (
        "prj_infra",
        "infra-terraform",
        [
            (
                "Split the monolithic state file",
                [
                    "Inventory resources per team",
                    "Create per-team workspaces",
                    "terraform state mv networking resources",
                    "Wire remote state data sources",
                    "Lock down the old state bucket",
                ],
                ["envs/prod/main.tf", "modules/network/outputs.tf", "envs/prod/backend.tf"],
            ),
        ],
    ),
    (
        "prj_ml",
        "ml-pipeline",
        [
            (
                "Nightly feature backfill is slow",
                [
                    "Profile the join in build_features",
                    "Partition the events table by day",
                    "Cache the user dimension",
                ],
                ["pipeline/features.py", "pipeline/sql/events.sql"],
            ),
            (
                "Evaluate the new ranking model",
                [
                    "Freeze the eval set",
                    "Run offline metrics (nDCG@10)",
                    "Write the comparison report",
                ],
                ["eval/ranking.ipynb", "eval/metrics.py"],
            ),
        ],
    ),
    (
        "prj_docs",
        "docs-site",
        [
            (
                "Versioned docs for 3.x",
                [
                    "Add a version switcher",
                    "Copy 2.x docs into a frozen folder",
                    "Redirect old URLs",
                ],
                ["site/config.toml", "site/layouts/partials/version.html"],
            ),
        ],
    ),
]

BLOCKERS = [
    "Waiting for staging credentials from the platform team",
    "CI runner out of disk on the integration job",
    "Need a decision on the error format (RFC 7807 or ours?)",
    "Upstream library bug, see issue #4312",
]

NOTES = [
    "Keep the change behind a feature flag until the load test passes.",
    "The previous attempt failed because of a missing index; check EXPLAIN first.",
    "Ask Dana before touching the billing code paths.",
    "Benchmarks live in `bench/`; compare against the main branch numbers.",
]
