#!/usr/bin/env bash
# Development: the gateway (tsx watch, PORT default 8080), contracts and shared-ui recompiled on change, and
# every app on its webpack dev server with live reload. Open http://localhost:3000 (the shell; /api is
# proxied to the gateway, which points the shell at the remotes' dev servers). Each remote also runs
# standalone on its own port: 3001 auth, 3002 admin, 3003 back office, 3004 affiliate (DEV_BASE_PORT moves
# them). One app alone: `npx --yes pnpm@10 --filter mfe-admin dev` (needs the gateway for its dev session).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/supported-node.sh
pnpm() { npx --yes pnpm@10 "$@"; }

[ -d node_modules/.pnpm ] || pnpm install --frozen-lockfile
# Apps and the gateway read contracts and shared-ui from their build output.
pnpm --filter @portal/contracts --filter @portal/shared-ui run build

export PORT="${PORT:-8080}"
export GATEWAY_URL="http://localhost:${PORT}"
export DATA_DIR="${DATA_DIR:-$PWD/data}"
REMOTES="$(node -e "process.stdout.write(require('./webpack/apps.cjs').devRemotes())")"
export REMOTES

pids=()
ready="$(mktemp -d)" # a file per library whose watcher has finished its first compile
stop() {
  trap - EXIT INT TERM
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$ready"
}
trap stop EXIT
# A signal ends the script wherever it is (waiting for the libraries' first compile too), as the signal would.
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM

run() { # run <dir> <command...>: one long-running process, stopped with the others
  (cd "$1" && shift && exec "$@") &
  pids+=($!)
}

# The libraries' watchers rewrite every output file in their first compile, unchanged or not. Started beside the
# gateway, they restarted it once per file (about fifty times, each killing the start before it, a fresh embedded
# database's set-up included; on a busy machine it had not answered after six minutes) and had every dev server
# compile again: the gateway and the apps start once both watchers have finished that first compile.
mark_when_watching() { # mark_when_watching <file>: passes a watcher's output on; creates <file> once it is watching
  local line
  while IFS= read -r line; do
    printf '%s\n' "$line"
    case "$line" in *"Watching for file changes"*) : >"$1" ;; esac
  done
}
watch_library() { # watch_library <dir>: its tsc in watch mode
  (cd "$1" && exec ./node_modules/.bin/tsc -p tsconfig.build.json --watch --preserveWatchOutput) \
    > >(mark_when_watching "$ready/$1") &
  pids+=($!)
}
watch_library contracts
watch_library shared-ui
until [ -f "$ready/contracts" ] && [ -f "$ready/shared-ui" ]; do
  for pid in "${pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || { echo "A library's compiler stopped before its first compile ended." >&2 && exit 1; }
  done
  sleep 1
done
run api-gateway ./node_modules/.bin/tsx watch src/server.ts
for app in shell mfe-auth mfe-admin mfe-backoffice mfe-affiliate; do
  run "$app" ./node_modules/.bin/webpack serve --mode development
done

echo "Portal (dev): http://localhost:${DEV_BASE_PORT:-3000}   gateway: ${GATEWAY_URL}"
# Stop everything as soon as one process exits (a crash should not go unnoticed).
wait -n
