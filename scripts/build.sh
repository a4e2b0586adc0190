#!/usr/bin/env bash
# `npm run build`: contracts and shared-ui, then the shell and the remotes (two at a time), then the gateway, then
# the apps copied into dist-web/. On success it records which source tree it built (scripts/build-stamp.mjs), so
# that `npm start` skips the build until a source changes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/supported-node.sh
pnpm() { bash scripts/pnpm.sh "$@"; }

tree="$(node scripts/build-stamp.mjs current)"
pnpm --filter @portal/contracts --filter @portal/shared-ui run build
pnpm --filter shell --filter 'mfe-*' --workspace-concurrency=2 run build
pnpm --filter api-gateway run build
node scripts/deploy-web.mjs
node scripts/build-stamp.mjs write "$tree"
