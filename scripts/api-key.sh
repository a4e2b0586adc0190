#!/usr/bin/env bash
# Integration API keys: `npm run api-key -- create <name>` prints a new key once; `revoke <name>`; `list`.
# Uses the same database as `npm start` (DATA_DIR defaults to ./data, or DATABASE_URL) and the same JWT_SECRET,
# which keys the stored hashes. While the portal runs on the embedded database the command goes through it
# (api-gateway/src/auth/api-key-cli.ts). A clone never installed is installed first; contracts are built
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
exec ./node_modules/.bin/tsx src/auth/api-key-cli.ts "$@"
