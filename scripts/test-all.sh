#!/usr/bin/env bash
# The whole test gate, as CI runs it: typecheck, lint, build, unit/integration tests (vitest),
# end-to-end tests (Playwright in Debian Chromium against `hearth serve`). Ends with one line
# "N passed, N failed" summing every suite (a failed typecheck/lint/build counts as one failure).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
passed=0
failed=0

step() { # step NAME COMMAND… — a gate that counts as one test
  echo "::: $1"
  if "${@:2}"; then passed=$((passed + 1)); else echo "::: $1 FAILED"; failed=$((failed + 1)); fi
}

step typecheck npm run --silent typecheck
step lint npm run --silent lint
step build npm run --silent build

echo "::: unit and integration tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
vitest_exit=$?
if [ -f test-results/vitest.json ]; then
  read -r vp vf < <(node -e 'const r=require("./test-results/vitest.json");console.log(r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites||0))')
  passed=$((passed + vp)); failed=$((failed + vf))
  if [ "$vitest_exit" -ne 0 ] && [ "$vf" -eq 0 ]; then failed=$((failed + 1)); fi
else
  failed=$((failed + 1))
fi

echo "::: end-to-end tests (playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json
pw_exit=$?
if [ -f test-results/playwright.json ]; then
  read -r pp pf < <(node -e 'const s=require("./test-results/playwright.json").stats;console.log(s.expected + s.flaky, s.unexpected)')
  passed=$((passed + pp)); failed=$((failed + pf))
  if [ "$pw_exit" -ne 0 ] && [ "$pf" -eq 0 ]; then failed=$((failed + 1)); fi
else
  failed=$((failed + 1))
fi

node scripts/failedTests.mjs || true
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
