import type { LaunchOptions } from '@playwright/test';

/** How every test launches the system's Chromium: headless, sandbox off, no background traffic. */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
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
