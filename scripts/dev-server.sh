#!/usr/bin/env bash
# A development server, run by an app's `dev` script from its folder (`npx --yes pnpm@10 --filter mfe-admin dev`):
#   exec bash ../scripts/dev-server.sh <command...>
# Being stopped (Ctrl-C, SIGTERM) is how a development server ends: that is exit 0, so pnpm prints no error line
# for it (the `exec` keeps pnpm's shell from dying of the same Ctrl-C). A server that fails by itself still exits
# with its own code.
set -uo pipefail
PATH="$PWD/node_modules/.bin:$PATH" "$@" &
server=$!
# Ctrl-C reaches the server too (the terminal signals the whole group): wait for it to stop. SIGTERM is for us
# alone: pass it on.
trap 'wait "$server"; exit 0' INT
trap 'kill -TERM "$server" 2>/dev/null; wait "$server"; exit 0' TERM
wait "$server"
