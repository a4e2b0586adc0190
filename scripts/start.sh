#!/usr/bin/env bash
# Installs, builds everything and starts the whole portal on one port (default 8080): the shell at /,
# each remote under /remotes/<name>/, the API under /api; embedded database with demo data under ./data.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { npx --yes pnpm@10 "$@"; }

pnpm install --frozen-lockfile
pnpm run build

export PORT="${PORT:-8080}"
export DATA_DIR="${DATA_DIR:-$PWD/data}"
echo "Starting the portal on http://localhost:${PORT} (data in ${DATA_DIR})"
cd api-gateway
exec node dist/supervisor.js
