import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for a bare machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names each bad value in one clear error', () => {
    const attempt = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SESSION_IDLE_MINUTES: '0' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /PORT:.*\n.*DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/\n.*SESSION_IDLE_MINUTES/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
