#!/usr/bin/env bash
# The commands of docs/developing.md ('Developing, and deploying one part') as written, with no pnpm on the PATH (a
# `pnpm` there fails loudly), on this checkout's install and build (`.ci/run` runs it after `npm test`; about five
# minutes). It first checks that the page still shows each command it runs (`--page-only` stops there); then:
#   - `npm run dev`: the gateway and every app's dev server answer, the shell shows the auth remote's Sign In in
#     Chromium, an edited remote source is recompiled (live reload), and Ctrl-C stops every process quietly;
#   - a standalone remote beside the gateway's own dev command: its dev session signs in as the demo admin and its
#     first page shows;
#   - one remote built and deployed alone;
#   - a remote team's pipeline on a copy of the sources that installs only that remote and its two libraries.
# Ports are free ones (PORT, DEV_BASE_PORT), not the page's 8080 and 3000, which a developer may be using.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
work="$(mktemp -d)"
groups=()
edited="$root/mfe-admin/src/routes.tsx"
stop_group() { # stop_group <pgid>: Ctrl-C to the whole group, as a terminal sends it; then wait for it to end
  kill -INT -- "-$1" 2>/dev/null || return 0
  for _ in $(seq 1 30); do kill -0 -- "-$1" 2>/dev/null || return 0; sleep 1; done
  return 1
}
finish() {
  for group in "${groups[@]}"; do stop_group "$group" || kill -KILL -- "-$group" 2>/dev/null || true; done
  if [ -f "$work/mtime-ref" ]; then touch -r "$work/mtime-ref" "$edited" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap finish EXIT
fail() {
  echo "readme developing: $*" >&2
  exit 1
}
step() { echo "== readme developing: $*"; }

# The page's commands this script runs (the ports aside): a command edited on the page fails here until the
# script runs the new one.
page="$root/docs/developing.md"
for command in 'npm run dev ' 'npx --yes pnpm@10 --filter mfe-admin dev ' 'npx --yes pnpm@10 --filter api-gateway dev ' \
  'npx --yes pnpm@10 --filter mfe-admin build && node scripts/deploy-web.mjs mfe-admin' \
  "npx --yes pnpm@10 install --frozen-lockfile --filter 'mfe-admin...' " "npx --yes pnpm@10 --filter 'mfe-admin^...' run build " \
  'npx --yes pnpm@10 --filter mfe-admin run typecheck' 'npx --yes pnpm@10 --filter mfe-admin test' \
  'npx --yes pnpm@10 --filter mfe-admin run build '; do
  grep -qF -- "$command" "$page" || fail "docs/developing.md no longer shows \`$command\`: run what it shows instead"
done
if [ "${1:-}" = --page-only ]; then echo "== readme developing: the page shows every command run here"; exit 0; fi

mkdir -p "$work/bin"
printf '#!/bin/sh\necho "pnpm was called from the PATH: $*" >&2\nexit 127\n' > "$work/bin/pnpm"
chmod +x "$work/bin/pnpm"
export PATH="$work/bin:$PATH" NODE_ENV=development

# free_ports <n>: the first of n consecutive ports nobody listens on, below the kernel's range for outgoing
# connections (32768 and up), where a connection opened meanwhile could take one before its server listens.
free_ports() {
  node -e "
    const net = require('net');
    const free = (port) => new Promise((done) => {
      const server = net.createServer().once('error', () => done(false));
      server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
    });
    (async () => {
      for (;;) {
        const base = 20000 + Math.floor(Math.random() * 12000);
        const all = await Promise.all(Array.from({ length: $1 }, (_, i) => free(base + i)));
        if (all.every(Boolean)) return console.log(base);
      }
    })();"
}
# answers <url>: the URL answers 200.
answers() { [ "$(curl -s -o /dev/null -m 10 -w '%{http_code}' "$1")" = 200 ]; }
# wait_until <seconds> <what> <pid> <command...>: until the command succeeds, while pid lives.
wait_until() {
  local seconds=$1 what=$2 pid=$3
  shift 3
  for _ in $(seq 1 "$seconds"); do
    "$@" && return 0
    kill -0 "$pid" 2>/dev/null || fail "$what: the command ended first"
    sleep 1
  done
  fail "$what: not within $seconds s"
}
# start <variable> <log> <command...>: in a process group of its own, as a terminal would run it; its pid in
# <variable>.
start() {
  local variable=$1 log=$2
  shift 2
  setsid "$@" > "$log" 2>&1 < /dev/null &
  printf -v "$variable" '%s' "$!"
  sleep 1
  groups+=("$(ps -o pgid= -p "${!variable}" | tr -d ' ')")
}
# stops_quietly <pid> <log> <what>: Ctrl-C ends every process of its group, and nothing printed looks like a failure.
stops_quietly() {
  local group
  group="$(ps -o pgid= -p "$1" | tr -d ' ')"
  stop_group "$group" || fail "$3: still running 30 s after Ctrl-C"
  if grep -E 'ELIFECYCLE|ERR_PNPM|npm error|Command failed' "$2"; then fail "$3: an error line when stopped"; fi
}

gateway_port="$(free_ports 1)"
base="$(free_ports 5)"
step "npm run dev (gateway on $gateway_port, dev servers from $base)"
PORT="$gateway_port" DEV_BASE_PORT="$base" DATA_DIR="$work/dev-data" start dev "$work/dev.log" npm run dev
wait_until 360 "the shell's dev server" "$dev" answers "http://localhost:$base/"
wait_until 360 "the gateway through the shell's proxy" "$dev" answers "http://localhost:$base/api/health"
for offset in 1 2 3 4; do
  wait_until 360 "the remote on $((base + offset))" "$dev" answers "http://localhost:$((base + offset))/mf-manifest.json"
done
# The libraries' watchers rewrite every file the gateway imports in their first compile: no restart for that.
if grep -E '\[tsx\] (change in|Restarting)' "$work/dev.log"; then fail "the gateway restarted while starting"; fi
curl -s "http://localhost:$gateway_port/api/config/remotes" | grep -q "localhost:$((base + 2))" ||
  fail "the gateway does not point the shell at the dev servers"
node scripts/readme-developing-browser.mjs portal "http://localhost:$base" || fail "the dev portal's page"
# Live reload: an edited source is recompiled. Its modification time is put back afterwards, so the next
# `npm start` does not take the checkout for changed.
touch -r "$edited" "$work/mtime-ref"
compiled() { grep -c '^mfe_admin compiled' "$work/dev.log" || true; }
before="$(compiled)"
recompiled() { [ "$(compiled)" -gt "$before" ]; }
touch "$edited"
wait_until 120 "mfe-admin recompiled after an edit" "$dev" recompiled
touch -r "$work/mtime-ref" "$edited"
rm "$work/mtime-ref"
stops_quietly "$dev" "$work/dev.log" "npm run dev"

gateway_port="$(free_ports 1)"
base="$(free_ports 5)"
admin=$((base + 2))
step "a standalone remote: api-gateway dev on $gateway_port, mfe-admin dev on $admin"
PORT="$gateway_port" DATA_DIR="$work/standalone-data" start gateway "$work/gateway.log" npx --yes pnpm@10 --filter api-gateway dev
PORT="$gateway_port" DEV_BASE_PORT="$base" start remote "$work/remote.log" npx --yes pnpm@10 --filter mfe-admin dev
wait_until 360 "the gateway" "$gateway" answers "http://localhost:$gateway_port/api/health"
wait_until 360 "mfe-admin's dev server" "$remote" answers "http://localhost:$admin/"
node scripts/readme-developing-browser.mjs standalone "http://localhost:$admin" admin@example.com ||
  fail "the standalone remote's page"
stops_quietly "$remote" "$work/remote.log" "mfe-admin dev"
stops_quietly "$gateway" "$work/gateway.log" "api-gateway dev"

step "one remote built and deployed alone"
npx --yes pnpm@10 --filter mfe-admin build > "$work/deploy.log" 2>&1 && node scripts/deploy-web.mjs mfe-admin >> "$work/deploy.log" 2>&1 ||
  fail "$(tail -n 20 "$work/deploy.log")"
grep -q '^deployed mfe-admin -> dist-web/remotes/admin' "$work/deploy.log" || fail "no deployment: $(tail -n 5 "$work/deploy.log")"

step "a remote team's pipeline on a copy with only mfe-admin and its libraries installed"
team="$work/team"
mkdir -p "$team"
git ls-files | tar -cf - -T - | tar -xf - -C "$team"
(
  cd "$team"
  npx --yes pnpm@10 install --frozen-lockfile --filter 'mfe-admin...'
  npx --yes pnpm@10 --filter 'mfe-admin^...' run build
  npx --yes pnpm@10 --filter mfe-admin run typecheck
  npx --yes pnpm@10 --filter mfe-admin test
  npx --yes pnpm@10 --filter mfe-admin run build
) > "$work/team.log" 2>&1 || fail "$(tail -n 30 "$work/team.log")"
[ -f "$team/mfe-admin/dist/mf-manifest.json" ] || fail "the team's build left no mfe-admin/dist/mf-manifest.json"
for other in shell mfe-auth mfe-backoffice mfe-affiliate api-gateway; do
  [ ! -d "$team/$other/node_modules" ] || fail "the team's install installed $other too"
done
echo "== readme developing: passed"
