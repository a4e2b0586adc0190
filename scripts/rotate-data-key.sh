#!/usr/bin/env bash
# Issue 29: `npm run rotate-data-key` re-encrypts every BVN/NIN and account number under DATA_ENCRYPTION_KEY
# (the old key in DATA_ENCRYPTION_OLD_KEYS); `npm run rotate-data-key -- new-key` prints a new key. Same database
# as `npm start` (DATA_DIR defaults to ./data, or DATABASE_URL); on the embedded database, stop the portal first.
# (api-gateway/src/lib/rotate-data-key-cli.ts). A clone never installed is installed first; contracts are built
# when the sources changed since the last build, since the gateway reads them from their build output.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/supported-node.sh
export DATA_DIR="${DATA_DIR:-$PWD/data}"
[ -d node_modules/.pnpm ] || npx --yes pnpm@10 install --frozen-lockfile >&2
if ! node scripts/build-stamp.mjs check; then
  npx --yes pnpm@10 --filter @portal/contracts run build >/dev/null
fi
cd api-gateway
exec ./node_modules/.bin/tsx src/lib/rotate-data-key-cli.ts "$@"
