#!/usr/bin/env bash
# Integration API keys: `npm run api-key -- create <name>` prints a new key once; `revoke <name>`; `list`.
# Uses the same database as `npm start` (DATA_DIR defaults to ./data, or DATABASE_URL) and the same JWT_SECRET,
# which keys the stored hashes. On the embedded database stop the portal first: its files belong to one process.
set -euo pipefail
cd "$(dirname "$0")/.."
export DATA_DIR="${DATA_DIR:-$PWD/data}"
cd api-gateway
exec npx --no-install tsx src/auth/api-key-cli.ts "$@"
