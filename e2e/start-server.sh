#!/usr/bin/env bash
# Seeds the accounts the role journeys need (e2e/seed-users.ts), then runs the server on the same
# DATA_DIR: not at once, as PGlite admits one process.
set -euo pipefail
npx tsx e2e/seed-users.ts
exec npx tsx src/server/main.ts
