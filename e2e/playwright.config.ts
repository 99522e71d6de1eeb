import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
const mailSmtpPort = port + 15;
const mailHttpPort = port + 16;
/** The portal started with the defaults (tests/chat-any-address.spec.ts). */
const defaultsPort = port + 40;
process.env.E2E_MAIL_URL ??= `http://127.0.0.1:${mailHttpPort}`;
// A fresh data folder (embedded database, media) for every run; workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'elo-e2e-'));

/** The files whose tests wait for a clock (see `projects`). */
const waitForAClock = ['**/publication-schedule.spec.ts', '**/reminders.spec.ts'];

export default defineConfig({
  testDir: './tests',
  // Limits, not measures (speed is benchmarked under bench/): three workers with a browser each, the
  // server and its embedded database share two cores, and a test with axe scans and several pages
  // took over 30 s on a busy run while passing every step.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Three browsers at a time on the two cores (two waiting for a clock leave the third working);
  // E2E_WORKERS sets another count (docs/testing.md).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // In CI a failed test runs once more and a pass on the second try is reported as flaky, so a
  // test that fails for good still fails the run while a moment of load on the shared two cores
  // does not discard a whole submission.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // In CI the JSON report (PLAYWRIGHT_JSON_OUTPUT_FILE) gives .ci/run each test's outcome: a test
  // that passed only on its retry is counted as flaky there, not as passed.
  reporter: process.env.CI
    ? [
        ['list'],
        ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
          ? [['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }] as const]
          : []),
      ]
    : [['list'], ['html', { open: 'never' }]],
  // The tests that wait for a clock (a reminder, a scheduled publication: one to two minutes each,
  // the browser idle) are handed out first: while two of the three workers wait, the suite uses
  // about one core of the two, and at the start of the run CI's two-node test runs beside it, at the
  // end nothing does (docs/testing.md, session 19). Playwright hands out the projects' tests in
  // this order.
  projects: [
    { name: 'clocks', testMatch: waitForAClock },
    { name: 'portal', testIgnore: waitForAClock },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace records a screenshot of every frame: recording one for every test (to keep it on a
    // failure) took 40 % of the browser tests' CPU and wall time. The retry of a failed test
    // records one, and that is the trace kept.
    trace: 'on-first-retry',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      command: 'node --import tsx support/mail-catcher.ts',
      url: `http://127.0.0.1:${mailHttpPort}/ready`,
      reuseExistingServer: false,
      env: { MAIL_CATCHER_SMTP_PORT: String(mailSmtpPort), MAIL_CATCHER_HTTP_PORT: String(mailHttpPort) },
    },
    {
      command: 'node --import tsx ../apps/server/src/main.ts',
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        SEED: 'auto',
        LOG_LEVEL: 'warn',
        // Every test signs in from 127.0.0.1; the per-address limits are for real traffic.
        LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
        ACCOUNT_MAX_CALLS_PER_ADDRESS: '1000',
        // Screens at /tv ask and poll pairing codes from 127.0.0.1 too.
        TV_MAX_CALLS_PER_ADDRESS: '100000',
        TV_MAX_CODE_FAILURES_PER_ADDRESS: '1000',
        TV_MAX_DEVICE_CALLS_PER_MINUTE: '1000',
        SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // tests/sso.spec.ts signs in through a local OpenID provider served over plain http.
        SSO_ALLOW_INSECURE_ISSUER: '1',
      },
    },
    // A second portal started with the defaults (no PUBLIC_URL, so it names http://localhost:<port>,
    // no ALLOWED_ORIGINS, no NODE_ENV), which tests/chat-any-address.spec.ts opens at
    // http://127.0.0.1:<port>. It starts with the first, before the tests load the machine.
    {
      command:
        'env -u PUBLIC_URL -u ALLOWED_ORIGINS -u NODE_ENV node --import tsx ../apps/server/src/main.ts',
      url: `http://127.0.0.1:${defaultsPort}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(defaultsPort),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'elo-e2e-defaults-')),
        SEED: 'auto',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
