# Sourced by the README's commands and CI: puts a Node of a supported line first on the PATH.
# Node 20 reached its end of life on 2026-04-30; the portal runs on the LTS lines 24 and 26. A machine whose Node
# is older gets Node 26 (the newest LTS) from the npm registry's node-linux-<arch> package, binaries inside, kept
# under .tools/ and reused; the command says which Node it runs on. PORTAL_NEWEST_LTS=1 (CI) asks for 26 even
# where the machine has 24.
PORTAL_NEWEST_LTS_NODE=26.12.1
portal_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

portal_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

portal_use_supported_node() {
  local major machine_node wanted_newest="${PORTAL_NEWEST_LTS:-0}"
  major="$(portal_node_major)"
  machine_node="Node $(node --version 2>/dev/null || echo '(none)')"
  if { [ "$major" = 24 ] && [ "$wanted_newest" != 1 ]; } || [ "$major" = 26 ]; then
    return 0
  fi
  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "$machine_node is not supported and no Node 26 package exists for $(uname -m): install Node 24 or 26." >&2
      exit 1
      ;;
  esac
  local prefix="$portal_root/.tools/node-v$PORTAL_NEWEST_LTS_NODE-linux-$arch"
  local bin="$prefix/node_modules/node-linux-$arch/bin"
  if [ ! -x "$bin/node" ]; then
    local why="is past its end of life"
    [ "$major" = 24 ] && why="is not the newest LTS, which CI runs on"
    echo "$machine_node $why: installing Node $PORTAL_NEWEST_LTS_NODE (npm package node-linux-$arch) into .tools/, once..."
    rm -rf "$prefix.partial"
    mkdir -p "$prefix.partial"
    npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      --prefix "$prefix.partial" "node-linux-$arch@$PORTAL_NEWEST_LTS_NODE" >/dev/null
    rm -rf "$prefix"
    mv "$prefix.partial" "$prefix"
  fi
  export PATH="$bin:$PATH"
  echo "Using Node $(node --version) from .tools/ (the machine's $machine_node is not a supported line)." >&2
}

portal_use_supported_node
