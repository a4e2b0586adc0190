#!/usr/bin/env bash
# pnpm for the npm scripts: fetched by npx, so every command the README shows needs only Node and npm (no pnpm on
# the PATH). A clone never installed is installed first, so `npm run lint` or `npm run typecheck` work on it too.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -d "$root/node_modules/.pnpm" ]; then
  (cd "$root" && npx --yes pnpm@10 install --frozen-lockfile)
fi
exec npx --yes pnpm@10 "$@"
