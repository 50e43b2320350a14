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

let passed = 0;
let failed = 0;
let missing = 0;
for (const { file, count } of reports) {
  if (!existsSync(file)) {
    console.error(`no report at ${file}: that runner did not finish`);
    missing += 1;
    continue;
  }
  const c = count(JSON.parse(readFileSync(file, 'utf8')));
  passed += c.passed;
  failed += c.failed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || missing > 0 ? 1 : 0);
