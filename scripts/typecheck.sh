#!/usr/bin/env bash
# `npm run typecheck`: tsc over every package. The shell and the four remotes are one program
# (tsconfig.apps.json), checked beside the other packages' own `typecheck` scripts, two at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/supported-node.sh
pnpm() { bash scripts/pnpm.sh "$@"; }

# A clone never installed is installed first (as scripts/pnpm.sh does), before tsc is run from the admin app.
[ -d node_modules/.pnpm ] || pnpm install --frozen-lockfile
# The other packages read contracts' and shared-ui's types from their builds: a clone never built builds them.
if [ ! -f contracts/dist/index.d.ts ] || [ ! -f shared-ui/dist/index.d.ts ]; then
  pnpm --filter @portal/contracts --filter @portal/shared-ui run build
fi
apps_log=$(mktemp)
mfe-admin/node_modules/.bin/tsc -p tsconfig.apps.json >"$apps_log" 2>&1 &
apps_pid=$!
status=0
pnpm -r --workspace-concurrency=2 --filter '!shell' --filter '!mfe-*' run typecheck || status=1
apps_status=0
wait "$apps_pid" || apps_status=$?
if [ "$apps_status" != 0 ]; then
  echo "tsc -p tsconfig.apps.json (shell and remotes):"
  cat "$apps_log"
  status=1
fi
rm -f "$apps_log"
exit $status
