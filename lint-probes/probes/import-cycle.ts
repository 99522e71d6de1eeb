// Lints as: apps/server/src/modules/hr-settings/presenter.ts
// Breaks: import-x/no-cycle "Dependency cycle"
// hr-settings' service imports its presenter; a presenter that imports the service back closes a
// circle (the one issue 28 found here was type-only: no-cycle counts imports that run).
import { findTicketSubject } from './service.ts';

export const probe = findTicketSubject;
