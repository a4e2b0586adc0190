#!/usr/bin/env bash
# The long schema fuzz of every call (see api-gateway/test-support/fuzz/cli.ts):
#   npm run fuzz -- --runs 100000 --seed 7 [--only "POST /admin"] [--no-checksums]
# Embedded database in memory; DATABASE_URL=postgres://… runs it on PostgreSQL in a throwaway schema.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/supported-node.sh
pnpm() { npx --yes pnpm@10 "$@"; }
[ -d node_modules/.pnpm ] || pnpm install --frozen-lockfile
# The gateway reads contracts from its build output.
pnpm --filter @portal/contracts run build >/dev/null
cd api-gateway
exec npx --no-install tsx test-support/fuzz/cli.ts "$@"
