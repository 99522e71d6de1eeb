// Lints as: apps/server/src/modules/groups/service.ts
// Breaks: @typescript-eslint/no-restricted-imports "No Fastify types in services"
import type { FastifyBaseLogger } from 'fastify';

export function probe(log: FastifyBaseLogger): void {
  log.info('probe');
}
