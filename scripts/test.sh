#!/usr/bin/env bash
# Installs everything and runs every test: lint, types, unit and integration (jest; the gateway's also on
# PostgreSQL when a server answers on 127.0.0.1:5432), end to end (Playwright).
# Needs only Node and npm (an older Node than 24 is replaced, scripts/supported-node.sh); Playwright drives Debian's Chromium, installed here when missing and we may.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/supported-node.sh
pnpm() { npx --yes pnpm@10 "$@"; }
# Logged to a file or a CI log (not a terminal): no colour codes from jest, Playwright, pnpm or webpack.
# Both variables: chalk reads FORCE_COLOR=0 as 'off', but webpack-cli's colorette reads any FORCE_COLOR as
# 'on' and only NO_COLOR as 'off'.
if [ ! -t 1 ]; then export FORCE_COLOR=0 NO_COLOR=1; fi

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's chromium for the browser tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
  else
    echo "The browser tests need /usr/bin/chromium (Debian: apt-get install chromium)." >&2
    exit 1
  fi
fi

# Issue 52: the operator's tools the gateway tests run: nginx in front of two gateways, promtool over the alerting
# rules and a scrape, systemd-analyze over the unit (deploy/).
missing_tools=""
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing_tools+=" nginx-light"
command -v promtool >/dev/null || missing_tools+=" prometheus"
command -v systemd-analyze >/dev/null || missing_tools+=" systemd"
if [ -n "$missing_tools" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's$missing_tools for the deployment tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing_tools) >/dev/null
  else
    echo "The deployment tests need$missing_tools (Debian: apt-get install$missing_tools)." >&2
    exit 1
  fi
fi

# Each step's wall-clock time, printed at the end: where a slow run spent its minutes.
timings=""
step_started=$SECONDS
step_done() {
  timings+="$(printf '%5ss  %s' "$((SECONDS - step_started))" "$1")"$'\n'
  step_started=$SECONDS
}

rm -rf test-results/jest && mkdir -p test-results/jest
pnpm install --frozen-lockfile
step_done install
pnpm run build
step_done build
# eslint and prettier each use one core: run side by side, each one's output printed whole after both end.
checks_dir=$(mktemp -d)
pnpm run lint >"$checks_dir/lint" 2>&1 &
lint_pid=$!
pnpm run format:check >"$checks_dir/format" 2>&1 &
format_pid=$!
lint_status=0 format_status=0
wait "$lint_pid" || lint_status=$?
wait "$format_pid" || format_status=$?
cat "$checks_dir/lint" "$checks_dir/format"
rm -rf "$checks_dir"
if [ "$lint_status" != 0 ] || [ "$format_status" != 0 ]; then exit 1; fi
step_done "lint and format:check"
pnpm run typecheck
step_done typecheck

status=0
failed_steps=""
# failed <step>: the run fails; the step is named again at the end, where a CI log's tail shows it.
failed() {
  status=1
  failed_steps+="  $1"$'\n'
}
# jest prints a 'Validation Warning' above the tests for a setting it ignores (one per project): a configuration
# mistake that looks like a failure in every run. Each jest step keeps its output and fails on one.
step_output=$(mktemp) # the output of the step that ran last
no_config_warning() {
  if grep -q "Validation Warning" "$step_output"; then
    echo "jest warned about its configuration (above): a setting in the wrong place is ignored."
    return 1
  fi
}
# contracts and the six web packages in one jest run (jest.projects.cjs): one start, their files over two workers.
echo "== jest: contracts, shared-ui, shell, mfe-auth, mfe-admin, mfe-backoffice, mfe-affiliate"
pnpm --filter @portal/shared-ui exec jest --config ../jest.projects.cjs --ci --maxWorkers=2 --json \
  --outputFile="$PWD/test-results/jest/web-and-contracts.json" 2>&1 | tee "$step_output" ||
  failed "jest: web and contracts"
no_config_warning || failed "jest: web and contracts (configuration warning)"
step_done "jest: web and contracts"
echo "== jest: api-gateway"
pnpm --filter api-gateway run test --ci --json --outputFile="$PWD/test-results/jest/api-gateway.json" 2>&1 |
  tee "$step_output" || failed "jest: api-gateway"
no_config_warning || failed "jest: api-gateway (configuration warning)"
step_done "jest: api-gateway"
# The gateway tests whose outcome depends on PostgreSQL (PostgreSQL-only tests, races between gateway processes)
# on a real server when one answers (each test file in its own schema); on the embedded database above they ran
# their single-process cases and skipped the rest. `.ci/run` then runs every other database test on the server
# too (api-gateway/jest.postgres.cjs).
if node -e "require('net').connect(5432, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(1))"; then
  echo "== jest: api-gateway on PostgreSQL (127.0.0.1:5432/test): the tests that depend on it"
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/test POSTGRES_PASS=dependent pnpm --filter api-gateway run test \
    --config jest.postgres.cjs --ci --json --outputFile="$PWD/test-results/jest/api-gateway-postgres.json" 2>&1 |
    tee "$step_output" || failed "jest: api-gateway on PostgreSQL"
  no_config_warning || failed "jest: api-gateway on PostgreSQL (configuration warning)"
  step_done "jest: api-gateway on PostgreSQL"
else
  echo "== jest: api-gateway on PostgreSQL: skipped, nothing answers on 127.0.0.1:5432 (the gateway suite ran on the embedded database only; its PostgreSQL-only tests were skipped)"
fi
# The JavaScript budgets (issue 26: the sign-in page and the admin dashboard, one React, the federation tax), in
# Chromium against the build made above, on a gateway of its own; it builds the one-bundle baseline it compares
# with (webpack/one-bundle/) when that is older than this build. It runs beside the README's commands, which mostly
# wait for the portal to start and stop (about 15 s saved); its output is printed whole after theirs.
budget_output=$(mktemp)
pnpm --filter bench exec tsx bundle-budget.ts --strict >"$budget_output" 2>&1 &
budget_pid=$!
echo "== the README's commands, with no pnpm on the PATH (the bundle budget beside them)"
if ! bash scripts/readme-commands-test.sh 2>&1 | tee "$step_output"; then
  why=$(sed -n '/^readme commands: /,$p' "$step_output" | head -n 20)
  failed "the README's commands:"$'\n'"${why:-$(tail -n 20 "$step_output")}"
fi
budget_status=0
wait "$budget_pid" || budget_status=$?
echo "== bundle budget (bench/bundle-budget.ts --strict)"
cat "$budget_output"
rm -f "$budget_output"
if [ "$budget_status" != 0 ]; then failed "bundle budget (its figures are above)"; fi
step_done "the README's commands, and beside them the bundle budget"
echo "== playwright: e2e"
# Playwright's workers colour their failure messages whatever FORCE_COLOR says (microsoft/playwright#40683):
# in a log the colour codes are removed.
strip_colours() { if [ -t 1 ]; then cat; else sed -u 's/\x1b\[[0-9;]*[A-Za-z]//g'; fi; }
pnpm --filter e2e run test 2>&1 | strip_colours || failed "playwright: e2e"
step_done "playwright"
echo "== time per step (${SECONDS}s in all)"
printf '%s' "$timings"
node scripts/test-summary.mjs || true
rm -f "$step_output"
if [ -n "$failed_steps" ]; then printf 'npm test failed in:\n%s' "$failed_steps"; fi
exit $status
