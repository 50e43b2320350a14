// Totals the JSON reports of every test runner into one line: "N passed, N failed".
// Exits 1 when anything failed or a runner left no report (it did not run to the end).
import { existsSync, readFileSync } from 'node:fs';

const reports = [
  {
    file: 'reports/vitest.json',
    count: (r) => ({
      passed: r.numPassedTests ?? 0,
      failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0),
    }),
  },
  {
    file: 'reports/playwright.json',
    count: (r) => ({
      passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
      failed: (r.stats?.unexpected ?? 0) + (r.errors?.length ?? 0),
    }),
  },
];

/** The journeys that failed once and passed on their retry, by title. */
function flakyJourneys(report) {
  const names = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'flaky') names.push([...path, spec.title].join(' › '));
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return names;
}

let passed = 0;
let failed = 0;
let missing = 0;
for (const { file, count } of reports) {
  if (!existsSync(file)) {
    console.error(`no report at ${file}: that runner did not finish`);
    missing += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const name of file.includes('playwright') ? flakyJourneys(report) : [])
    console.log(`flaky (failed once, passed on its retry): ${name}`);
  const c = count(report);
  passed += c.passed;
  failed += c.failed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || missing > 0 ? 1 : 0);
