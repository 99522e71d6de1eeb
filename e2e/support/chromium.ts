import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's old headless shell (package chromium-headless-shell) when installed, as CI installs it:
 * the same Blink and V8 as Chromium without the browser's own interface, which new-headless
 * Chromium still builds for every window (docs/testing.md measures the difference). Otherwise
 * Debian's Chromium. E2E_CHROMIUM names another executable.
 */
const executablePath =
  process.env.E2E_CHROMIUM ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';

/** How every test launches the system's Chromium: headless, sandbox off, no background traffic. */
export const chromiumLaunchOptions = {
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
} satisfies LaunchOptions;

/** The same, with extra Chromium switches. */
export function chromiumWith(...args: string[]): LaunchOptions {
  return { ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, ...args] };
}

/**
 * Debian's Chromium (new headless) for tests of what the headless shell lacks: it refuses every
 * notification permission, so no worker can show a push there.
 */
export const fullChromiumLaunchOptions = {
  ...chromiumLaunchOptions,
  executablePath: process.env.E2E_FULL_CHROMIUM ?? '/usr/bin/chromium',
} satisfies LaunchOptions;
