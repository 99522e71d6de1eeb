import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A Vitest reporter for `.ci/run`'s closing line: writes every test's outcome to the JSON file
 * named by CI_VITEST_OUTCOMES, a test that passed only on a retry counted as flaky, not passed,
 * and a file that failed outside its tests (an error in a hook or at import) as a failure.
 */
export default class OutcomesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const file = process.env.CI_VITEST_OUTCOMES;
    if (!file) return;
    const outcomes = { passed: [] as string[], failed: [] as string[], flaky: [] as string[], skipped: 0 };
    for (const testModule of testModules) {
      const where = `[${testModule.project.name}] ${path.relative(process.cwd(), testModule.moduleId)}`;
      for (const error of testModule.errors()) outcomes.failed.push(`${where}: ${error.message}`);
      for (const test of testModule.children.allTests()) {
        const name = `${where} > ${test.fullName}`;
        const state = test.result().state;
        if (state === 'failed') outcomes.failed.push(name);
        else if (state === 'passed') (test.diagnostic()?.flaky ? outcomes.flaky : outcomes.passed).push(name);
        else outcomes.skipped += 1;
      }
    }
    for (const error of unhandledErrors) {
      outcomes.failed.push(`unhandled error: ${(error as { message?: string }).message ?? String(error)}`);
    }
    writeFileSync(file, JSON.stringify(outcomes));
  }
}
