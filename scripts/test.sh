#!/usr/bin/env bash
# Installs everything and runs every test: lint, types, unit and integration (jest), end to end (Playwright).
# Needs only Node 20 and npm; Playwright drives Debian's Chromium, installed here when missing and we may.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { npx --yes pnpm@10 "$@"; }

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's chromium for the browser tests..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
  else
    echo "The browser tests need /usr/bin/chromium (Debian: apt-get install chromium)." >&2
    exit 1
  fi
fi

rm -rf test-results/jest && mkdir -p test-results/jest
pnpm install --frozen-lockfile
pnpm run build
pnpm run lint
pnpm run format:check
pnpm run typecheck

status=0
for pkg in contracts shared-ui shell mfe-auth mfe-admin mfe-backoffice mfe-affiliate api-gateway; do
  echo "== jest: $pkg"
  pnpm --filter "$pkg" run test --ci --json --outputFile="$PWD/test-results/jest/$pkg.json" || status=1
done
echo "== playwright: e2e"
pnpm --filter e2e run test || status=1
node scripts/test-summary.mjs || true
exit $status
