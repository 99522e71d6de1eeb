import type { Database } from '../../db/client.ts';
import { insertCompanyWithMaster } from './repo.ts';

/**
 * Creates a company and its master user, who share one id (the spec's idUsuarioPai equals the
 * master's idUsuario). Call inside a transaction; what the seed and the test factories use.
 */
export function createCompanyWithMaster(
  db: Database,
  values: Parameters<typeof insertCompanyWithMaster>[1],
): Promise<number> {
  return insertCompanyWithMaster(db, values);
}
