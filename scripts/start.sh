#!/usr/bin/env bash
# Starts the whole portal on one port (default 8080, on 127.0.0.1 outside production): the shell at /, each
# remote under /remotes/<name>/, the API under /api; embedded database with demo data under ./data unless
# DATABASE_URL is set. In order: the configuration is checked (a bad one is refused before anything is built),
# the workspace is installed and built only when a source changed since the last successful build, and the
# gateway prints where it listens once it does.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/supported-node.sh
export DATA_DIR="${DATA_DIR:-$PWD/data}"

if ! node scripts/build-stamp.mjs check; then
  # The check needs the gateway's zod, so a clone never installed is installed first (not built).
  [ -d node_modules/.pnpm ] || npx --yes pnpm@10 install --frozen-lockfile
  (cd api-gateway && ./node_modules/.bin/tsx src/check-config.ts)
  echo "Sources changed since the last build (or never built): installing and building, a few minutes..."
  npx --yes pnpm@10 install --frozen-lockfile
  bash scripts/build.sh
fi

# Nothing to build: the supervisor checks the configuration itself and refuses a bad one at once.
cd api-gateway
exec node dist/supervisor.js
