import type { TestProject } from 'vitest/node';
import { buildTestTemplates } from './database-templates.ts';

/**
 * Once per run of a server project: migrates and seeds the databases every test file copies
 * (test/database-templates.ts), on PostgreSQL when the project has TEST_POSTGRES_URL, otherwise
 * for PGlite; drops them when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgresUrl = project.config.env?.TEST_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
  const { templates, dispose } = await buildTestTemplates({ postgresUrl });
  project.provide('testTemplates', templates);
  return dispose;
}
