#!/usr/bin/env bash
# The README's start command and docs/integration.md's key commands as a newcomer runs them, with no pnpm on the
# PATH (a `pnpm` there fails loudly): run by
# `npm test` after the build, so it reuses that install and build instead of a fresh clone (a full fresh
# install and build would take most of the test budget on a 2-core machine). It checks: a bad configuration is
# refused in one sentence; `npm start` with nothing changed skips the build and prints the start line; the key
# command works beside the running portal (create, list, revoke); a second `npm start` on the same data is
# refused in one sentence. The build, lint, format and type-check commands ran just before in `npm test`
# through the same scripts. The development commands (docs/developing.md: five webpack dev servers, a remote
# team's pipeline) are scripts/readme-developing-test.sh's, which `.ci/run` runs after `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
group=""
finish() {
  # The portal's own process group (npm, the supervisor and its worker): npm does not pass SIGTERM on.
  if [ -n "$group" ]; then
    kill -TERM -- "-$group" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 -- "-$group" 2>/dev/null || break; sleep 1; done
  fi
  rm -rf "$work"
}
trap finish EXIT
fail() { echo "readme commands: $*" >&2; exit 1; }

# The pages still show the commands run here, as written (`--page-only` stops after this).
grep -qF 'npm start    # installs, builds everything' README.md || fail "README.md no longer shows \`npm start\`"
for command in 'npm run api-key -- create retail-platform' 'npm run api-key -- list' 'npm run api-key -- revoke retail-platform'; do
  grep -qF -- "$command" docs/integration.md || fail "docs/integration.md no longer shows \`$command\`: run what it shows instead"
done
if [ "${1:-}" = --page-only ]; then echo "== readme commands: the pages show every command run here"; exit 0; fi

mkdir -p "$work/bin"
printf '#!/bin/sh\necho "pnpm was called from the PATH: $*" >&2\nexit 127\n' > "$work/bin/pnpm"
chmod +x "$work/bin/pnpm"
export PATH="$work/bin:$PATH" DATA_DIR="$work/data" NODE_ENV=development
port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

echo "== readme commands: PORT=99999 npm start is refused in one sentence"
if PORT=99999 npm start --silent > "$work/bad.out" 2> "$work/bad.err"; then fail "a bad PORT started"; fi
[ "$(grep -c . "$work/bad.err")" = 1 ] || fail "the refusal is not one line: $(cat "$work/bad.err")"
grep -q '^The configuration is invalid: PORT' "$work/bad.err" || fail "unexpected refusal: $(cat "$work/bad.err")"

echo "== readme commands: npm start (built already: no build) on port $port"
node scripts/build-stamp.mjs check || fail "npm test's build did not record its stamp: npm start would rebuild"
PORT="$port" setsid npm start --silent > "$work/start.out" 2> "$work/start.err" &
started=$!
sleep 1
group="$(ps -o pgid= -p "$started" | tr -d ' ')"
for _ in $(seq 1 240); do
  grep -q '^The portal is listening on http://127.0.0.1:' "$work/start.out" && break
  kill -0 "$started" 2>/dev/null || fail "npm start ended: $(grep -v '^{' "$work/start.err" "$work/start.out")"
  sleep 1
done
grep -q '^The portal is listening on http://127.0.0.1:' "$work/start.out" || fail "no start line in 4 minutes"

echo "== readme commands: npm run api-key beside the running portal"
export PORTAL_ADMIN_EMAIL=admin@example.com PORTAL_ADMIN_PASSWORD=Admin@12345
# The demo admin signs in with its authenticator code (issue 29), each code once: PORTAL_ADMIN_CODE per run.
admin_code() { node scripts/demo-admin-code.mjs "$work/admin-code-step"; }
PORTAL_ADMIN_CODE="$(admin_code)" npm run --silent api-key -- create retail-platform > "$work/key.out" || fail "create failed"
key="$(grep '^apk_' "$work/key.out")" || fail "no key printed: $(cat "$work/key.out")"
code="$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/api/integration/retailers" \
  -H "X-API-Key: $key" -H 'Content-Type: application/json' -d '{"retailers":[]}')"
[ "$code" != 401 ] || fail "the new key was refused"
PORTAL_ADMIN_CODE="$(admin_code)" npm run --silent api-key -- list | grep -q $'^retail-platform\t.*\tlive$' || fail "list does not show the key"
PORTAL_ADMIN_CODE="$(admin_code)" npm run --silent api-key -- revoke retail-platform | grep -q '^Revoked API key "retail-platform".$' || fail "revoke failed"

echo "== readme commands: a second npm start on the same data is refused in one sentence"
if PORT=0 npm start --silent > "$work/second.out" 2> "$work/second.err"; then fail "a second portal started"; fi
grep -q '^The embedded database in .* is in use by process' "$work/second.err" || fail "unexpected: $(cat "$work/second.err")"
echo "== readme commands: with only an older Node on the PATH, the commands run on a supported one and say which"
real_node="$(command -v node)"
mkdir -p "$work/old-node"
# Node 20 to the version checks; anything else runs on the real Node (npm, when it installs Node 26 into .tools/).
cat > "$work/old-node/node" <<SHIM
#!/bin/sh
case "\$1" in --version) echo v20.19.0 ;; -p) echo 20 ;; *) exec "$real_node" "\$@" ;; esac
SHIM
chmod +x "$work/old-node/node"
PATH="$work/old-node:$PATH" PORTAL_NEWEST_LTS=0 bash -c 'source scripts/supported-node.sh && node -p process.version' \
  > "$work/old.out" 2> "$work/old.err" || fail "an older Node was not replaced: $(cat "$work/old.err")"
grep -q '^v26\.' "$work/old.out" || fail "the command ran on $(cat "$work/old.out"), not Node 26"
grep -q "^Using Node v26\..* (the machine's Node v20.19.0 is not a supported line)" "$work/old.err" ||
  fail "it did not say which Node it uses: $(cat "$work/old.err")"
echo "== readme commands: passed"
