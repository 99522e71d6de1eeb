import { defineModule } from '../../platform/modules.ts';
import { auditDownloadHandlers, auditHandlers } from './routes.ts';
import { createAuditService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    audit: undefined;
  }
}

/**
 * The audit log's reading and export. Entries about records their module's policy keeps from the
 * reader show masked (docs/security.md): confidential HR tickets.
 */
export const auditModule = defineModule({
  name: 'audit',
  needs: ['hr-tickets'],
  build: ({ db }, use) => {
    const audit = createAuditService({ db, maskings: [use('hr-tickets').auditMasking] });
    return {
      exports: undefined,
      handlers: auditHandlers({ audit }),
      downloads: auditDownloadHandlers({ audit }),
    };
  },
});
