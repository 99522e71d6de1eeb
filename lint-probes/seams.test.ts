import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Each seam the linter enforces is probed by a file in probes/ that breaks it. The probes are
 * ignored by `npm run lint`; here each is linted with the repository's own eslint.config.js as if
 * it stood at the path its first line names ("Lints as:"), so its imports resolve from there, and
 * must fail with the rule (and message) its second line names ("Breaks:") and with nothing else.
 */
const root = path.resolve(import.meta.dirname, '..');
const probesDir = path.join(import.meta.dirname, 'probes');
const eslint = new ESLint({ cwd: root });

type Probe = { file: string; lintsAs: string; rule: string; message: string };

function readProbe(file: string): Probe {
  const text = readFileSync(path.join(probesDir, file), 'utf8');
  const lintsAs = /^\/\/ Lints as: (\S+)$/m.exec(text)?.[1];
  const breaks = /^\/\/ Breaks: (\S+) "([^"]+)"$/m.exec(text);
  if (!lintsAs || !breaks?.[1] || !breaks[2]) throw new Error(`${file}: no "Lints as:" or "Breaks:" line`);
  return { file, lintsAs, rule: breaks[1], message: breaks[2] };
}

const probes = readdirSync(probesDir).sort().map(readProbe);

describe('lint seams', () => {
  it('has a probe for each seam', () => {
    expect(probes.length).toBeGreaterThan(0);
  });

  it.each(probes)('$file fails with $rule', async (probe) => {
    const text = readFileSync(path.join(probesDir, probe.file), 'utf8');
    const [result] = await eslint.lintText(text, { filePath: path.join(root, probe.lintsAs) });
    const errors = (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.rule).toBe(probe.rule);
      expect(error.message).toContain(probe.message);
    }
  });
});
