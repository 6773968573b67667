#!/usr/bin/env bash
# `npm test`: the whole suite — unit tests, API/database tests on PGlite and on PostgreSQL, browser journeys.
# PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres). When none answers, that half
# is skipped with a loud banner; .ci/run makes sure one is running so CI never skips it.
set -euo pipefail
cd "$(dirname "$0")/.."

projects=(--project unit --project pglite)
if node scripts/postgres-available.mjs; then
  projects+=(--project postgres)
else
  printf '\n%s\n!! SKIPPED: the PostgreSQL half of the test suite: no server answered at %s\n!! Start one (e.g. pg_ctlcluster 15 main start) or set TEST_POSTGRES_URL.\n%s\n\n' \
    "$(printf '!%.0s' {1..78})" "${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}" "$(printf '!%.0s' {1..78})"
fi
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  projects+=(--project browser)
else
  echo "!! SKIPPED: browser journeys: no Chromium at ${CHROMIUM_PATH:-/usr/bin/chromium} (apt-get install -y chromium; .ci/run does)."
fi
results=$(mktemp)
status=0
npx vitest run "${projects[@]}" --reporter=default --reporter=json --outputFile.json="$results" "$@" || status=$?
# The plain closing line CI reads: "N passed, N failed, N skipped".
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' "$results" 2>/dev/null || true
rm -f "$results"
exit $status
