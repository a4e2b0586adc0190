#!/usr/bin/env bash
# pnpm for the npm scripts: fetched by npx, so every command the README shows needs only Node and npm (no pnpm on
# the PATH). A clone never installed is installed first, so `npm run lint` or `npm run typecheck` work on it too.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/supported-node.sh"
if [ ! -d "$root/node_modules/.pnpm" ]; then
  (cd "$root" && npx --yes pnpm@10 install --frozen-lockfile)
fi
# Called from a pnpm script, the environment holds pnpm's own npm_config_* settings, and npx warns of each one it
# does not know ('Unknown env config ...'). npm reads the .npmrc files itself, so they are left out here.
if [[ "${npm_config_user_agent:-}" == pnpm/* ]]; then
  while IFS='=' read -r name _; do unset "$name"; done < <(env | grep -i '^npm_config_')
fi
exec npx --yes pnpm@10 "$@"
