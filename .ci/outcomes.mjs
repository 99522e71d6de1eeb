// Prints .ci/run's closing line from the runners' own reports: "N passed, M failed, K flaky",
// then the flaky and failed tests by name. Arguments: vitest:FILE (written by
// .ci/vitest-outcomes.ts) and playwright:FILE (Playwright's JSON reporter). A report that is
// missing means its step did not finish; it is named, and the line counts what did run.
import { existsSync, readFileSync } from 'node:fs';

const passed = [];
const failed = [];
const flaky = [];
const missing = [];

/** Every test of Playwright's JSON report, with its title path and status. */
function* playwrightTests(suites, titles = []) {
  for (const suite of suites ?? []) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) yield { name: [...path, spec.title].join(' > '), status: test.status };
    }
    yield* playwrightTests(suite.suites, path);
  }
}

for (const argument of process.argv.slice(2)) {
  const [runner, file] = argument.split(/:(.*)/s);
  if (!existsSync(file)) {
    missing.push(`${runner} (${file})`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (runner === 'vitest') {
    passed.push(...report.passed);
    failed.push(...report.failed);
    flaky.push(...report.flaky);
  } else if (runner === 'playwright') {
    for (const error of report.errors ?? []) failed.push(`[playwright] ${error.message ?? 'error'}`);
    for (const { name, status } of playwrightTests(report.suites)) {
      if (status === 'expected') passed.push(name);
      else if (status === 'unexpected') failed.push(`[playwright] ${name}`);
      else if (status === 'flaky') flaky.push(`[playwright] ${name}`);
    }
  } else {
    throw new Error(`unknown runner ${runner}`);
  }
}

for (const step of missing) console.log(`no report from ${step}: its step did not finish`);
for (const name of flaky) console.log(`flaky (passed on a retry): ${name}`);
for (const name of failed) console.log(`failed: ${name}`);
console.log(`${passed.length} passed, ${failed.length} failed, ${flaky.length} flaky`);
