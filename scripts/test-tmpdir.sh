# Sourced by scripts/test.sh and scripts/node-matrix.sh: where the tests' temporary files go (TMPDIR).
#
# Temporary files in memory (/dev/shm) when it has room: the clone test's `npm ci` writes 1.1 GB in 45,000 files, the
# spawned servers' PGlite folders fsync at every commit, Chromium keeps its profiles there. On a disk the kernel spends
# tens of CPU-seconds a run writing the clone's node_modules alone (BENCHMARKS.md → "Test-suite costs"). A process
# killed with SIGKILL loses nothing from either: the kill -9 tests stay what they were. TEST_TMPDIR overrides.
if [ -n "${TEST_TMPDIR:-}" ]; then
  export TMPDIR="$TEST_TMPDIR"
elif [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(df -Pk /dev/shm | awk 'NR==2 {print $4}')" -gt 4000000 ]; then
  export TMPDIR=/dev/shm/guess-the-genesis-tests
  # Memory, so what a run leaves behind (a pack a test wrote, a folder of a run that was stopped) is swept after two
  # hours; the PGlite templates (tests/support/pglite-global-setup.ts) look after themselves.
  if [ -d "$TMPDIR" ]; then
    find "$TMPDIR" -mindepth 1 -maxdepth 1 -mmin +120 ! -name gg-pglite-templates -exec rm -rf {} + 2>/dev/null || true
  fi
fi
mkdir -p "${TMPDIR:-/tmp}"
