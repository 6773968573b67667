#!/usr/bin/env bash
# `npm test`: the whole suite — unit tests, API/database tests on PGlite and on PostgreSQL, browser journeys.
# PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres). When none answers, that half
# is skipped with a loud banner; .ci/run makes sure one is running so CI never skips it.
#
# Three lanes run side by side (docs/decisions/035-test-loop.md): an API lane, one vitest process with two workers
# (bound by CPU), and two browser lanes (each with its own server and Chromium, one file at a time: mostly waiting on
# the page). Files are spread over them by measured duration (scripts/test-lanes.mjs, tests/durations.json). The
# browser lanes' output is printed when all are done. With arguments (`npm test -- path/to/file.test.ts`), one vitest
# process runs whatever they select.
#
# Vitest's JSON reports (every test's duration) stay in test-results/vitest*.json and what each file cost in
# test-results/file-timings*.json; the run ends with the time per project and the 10 slowest files, then the plain
# closing line CI reads (scripts/test-summary.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."

# Temporary files in memory when there is room (scripts/test-tmpdir.sh).
source scripts/test-tmpdir.sh

projects=(--project unit --project pglite)
postgres_project=()
if node scripts/postgres-available.mjs; then
  postgres_project=(--project postgres)
  projects+=("${postgres_project[@]}")
else
  printf '\n%s\n!! SKIPPED: the PostgreSQL half of the test suite: no server answered at %s\n!! Start one (e.g. pg_ctlcluster 15 main start) or set TEST_POSTGRES_URL.\n%s\n\n' \
    "$(printf '!%.0s' {1..78})" "${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}" "$(printf '!%.0s' {1..78})"
fi
# The browser journeys drive Debian's Chromium headless shell when it is installed, else Debian's Chromium
# (scripts/test-chromium.mjs, which the tests ask too; docs/decisions/043-headless-shell-for-tests.md); CHROMIUM_PATH
# overrides both.
browser=yes
test_chromium="$(node scripts/test-chromium.mjs)"
if [ ! -x "$test_chromium" ]; then
  browser=no
  echo "!! SKIPPED: browser journeys: no Chromium at $test_chromium (apt-get install -y chromium-headless-shell; .ci/run does)."
elif [ "$test_chromium" = /usr/bin/chromium ]; then
  echo "-- browser journeys in /usr/bin/chromium: apt-get install -y chromium-headless-shell runs them on about a third less CPU."
fi

mkdir -p test-results
rm -f test-results/vitest*.json test-results/file-timings*.json test-results/cpu-*.jsonl test-results/browser-lane*.log
reporters=(--reporter=default --reporter=./tests/support/timings-reporter.ts --reporter=json)
status=0

if [ $# -gt 0 ]; then
  [ "$browser" = yes ] && projects+=(--project browser)
  npx vitest run "${projects[@]}" "${reporters[@]}" --outputFile.json=test-results/vitest.json "$@" || status=$?
else
  # The browser journeys mostly wait on pages, so they run in two lanes beside the API lane: each lane is a vitest
  # process with its own shared server and Chromium (tests/browser/global-setup.ts), files one at a time. The web is
  # built once for both. Which lane runs which file is planned from measured durations (scripts/test-lanes.mjs,
  # tests/durations.json): journeys go to the browser lanes, any other file to whichever lane then ends first (the
  # long database files that work through child processes, such as the clone test, end up beside the journeys). Each
  # lane passes every project; vitest.config.ts leaves out what the plan gives to the other lanes.
  lane_plan=
  if [ "$browser" = yes ]; then
    lane_plan="$PWD/test-results/lanes.json"
    API_WORKERS="${API_WORKERS:-2}" node scripts/test-lanes.mjs "$lane_plan"
  fi
  browser_pid=
  if [ "$browser" = yes ]; then
    web_dist="$(mktemp -d)/web"
    browser_lanes() {
      # The production build players get (vitest would set NODE_ENV=test).
      if ! NODE_ENV=production npx vite build --logLevel warn --outDir "$web_dist" --emptyOutDir >test-results/browser-lane-1.log 2>&1; then
        return 1
      fi
      TEST_WEB_DIST_DIR="$web_dist" BROWSER_LANE=1 TEST_LANE_PLAN="$lane_plan" TEST_LANE=browser-1 TIMINGS_NAME=browser-1 \
        npx vitest run --project browser "${projects[@]}" --maxWorkers=1 --passWithNoTests \
        "${reporters[@]}" --outputFile.json=test-results/vitest-browser-1.json >>test-results/browser-lane-1.log 2>&1 &
      local one=$!
      TEST_WEB_DIST_DIR="$web_dist" BROWSER_LANE=2 TEST_LANE_PLAN="$lane_plan" TEST_LANE=browser-2 TIMINGS_NAME=browser-2 \
        npx vitest run --project browser "${projects[@]}" --maxWorkers=1 --passWithNoTests \
        "${reporters[@]}" --outputFile.json=test-results/vitest-browser-2.json >test-results/browser-lane-2.log 2>&1 &
      local two=$!
      local lanes=0
      wait "$one" || lanes=$?
      wait "$two" || lanes=$?
      return $lanes
    }
    browser_lanes &
    browser_pid=$!
    echo "--- browser journeys running in two lanes beside the other projects (their output follows at the end)"
  fi
  TEST_LANE_PLAN="$lane_plan" TEST_LANE=api TIMINGS_NAME=api npx vitest run "${projects[@]}" --maxWorkers="${API_WORKERS:-2}" "${reporters[@]}" --outputFile.json=test-results/vitest-api.json || status=$?
  if [ -n "$browser_pid" ]; then
    wait "$browser_pid" || status=$?
    rm -rf "$(dirname "$web_dist")"
    for lane in 1 2; do
      echo
      echo "--- browser journeys, lane $lane"
      cat "test-results/browser-lane-$lane.log" 2>/dev/null || echo "(no output: the web build failed, see lane 1)"
    done
  fi
fi

node scripts/test-summary.mjs "$status" || true
exit $status
