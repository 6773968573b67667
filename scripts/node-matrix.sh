#!/usr/bin/env bash
# The code on each Node LTS line, not only the machine's own Node: for each version (default "22 24"), a Node binary
# from the npm registry (the `node` package, cached under $NODE_MATRIX_DIR), then with it
#   1. the unit tests whose outcome can follow the Node line (node_line_tests below): the database, scoring and auth
#      tests (PGlite in a worker thread, the native ONNX engine, better-auth's async context) and every server unit
#      test that uses crypto, HTTP, sockets, child processes, worker threads, zlib or sharp; the rest is plain logic
#      that the suite has just run on the machine's Node, or code that runs in a browser (web/), and
#   2. scripts/node-smoke.ts: the server bundle on PGlite, a player signs up, starts a challenge, one guess scored over
#      HTTP, SIGTERM, exit 0.
# node_modules is the one `npm ci` installed with the machine's Node: every native part is Node-API (ABI-stable) or
# WebAssembly, so the same install must work on every line; a failure here is a real incompatibility.
#
# With --full, the whole suite instead (`npm test` with that Node first on PATH: every project, the servers and CLIs the
# tests start, the clone test's install; as long as the main `npm test`: 8 to 21 minutes on 2 cores, by machine, so CI
# does not run it).
#
#   bash scripts/node-matrix.sh [--full] [versions…]       e.g. bash scripts/node-matrix.sh 22, or --full 22
set -euo pipefail
cd "$(dirname "$0")/.."

full=0
if [ "${1:-}" = "--full" ]; then
  full=1
  shift
fi
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(22 24)
cache="${NODE_MATRIX_DIR:-${TMPDIR:-/tmp}/gg-node-matrix}"
# The tests' temporary files where `npm test` puts them (in memory when there is room), so the unit tests here load the
# migrated PGlite template that the suite's run left there instead of building their own.
source scripts/test-tmpdir.sh
# The `node` package's own install script is not needed (its bin resolves the platform package); onnxruntime-node's
# download stays off as in the project's own install.
export ONNXRUNTIME_NODE_INSTALL=skip

# One version: its Node binary (installed once), then the checks above with it first on PATH. Returns non-zero on a failure.
check_version() {
  local version=$1 failed=0
  local dir="$cache/$version"
  if [ ! -x "$dir/node_modules/.bin/node" ]; then
    echo "== installing node@$version into $dir"
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node@$version" >/dev/null
  fi
  local bin="$dir/node_modules/.bin"
  echo "== Node $("$bin/node" --version)"
  local started=$SECONDS
  if [ $full -eq 1 ]; then
    if ! PATH="$bin:$PATH" npm test; then
      echo "!! Node $version: the suite failed"
      failed=1
    fi
    echo "== Node $version done in $((SECONDS - started)) s"
    return $failed
  fi
  # Child processes (the server bundle, vitest's workers) find this node first on PATH.
  if ! PATH="$bin:$PATH" node node_modules/vitest/vitest.mjs run --project unit "${node_line_tests[@]}"; then
    echo "!! Node $version: unit tests failed"
    failed=1
  fi
  if ! PATH="$bin:$PATH" node --import tsx scripts/node-smoke.ts; then
    echo "!! Node $version: smoke failed"
    failed=1
  fi
  echo "== Node $version done in $((SECONDS - started)) s"
  return $failed
}

# Chosen by rule, not by name, so a new test joins by what it uses.
mapfile -t node_line_tests < <(
  {
    find server/db server/scoring server/auth -name '*.unit.test.ts'
    grep -rlE "from '(node:(crypto|http|https|net|child_process|worker_threads|zlib)|sharp)'" --include='*.unit.test.ts' server
  } | sort -u
)
[ ${#node_line_tests[@]} -gt 0 ] || { echo "!! no unit tests chosen for the Node lines" >&2; exit 1; }

status=0
if [ $full -eq 1 ]; then
  # Each whole suite takes the machine: one after the other.
  for version in "${versions[@]}"; do check_version "$version" || status=1; done
  exit $status
fi
# The unit tests and the smoke of one version leave part of two cores idle: the versions run side by side, each into its own log, printed in order when all are done.
logs="$(mktemp -d)"
pids=()
for version in "${versions[@]}"; do
  check_version "$version" >"$logs/$version.log" 2>&1 &
  pids+=($!)
done
for i in "${!versions[@]}"; do
  wait "${pids[$i]}" || status=1
  cat "$logs/${versions[$i]}.log"
done
rm -rf "$logs"
exit $status
