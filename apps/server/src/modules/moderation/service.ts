import type { AdminTimelineDeps } from './admin-timeline.ts';
import type { ModeratingDeps } from './moderating.ts';

export type ModerationService = ReturnType<typeof createModerationService>;

/**
 * Moderation of the company's posts and comments (hide, show again, delete, each with its reason
 * in the audit entry of the same transaction, the author told; moderating.ts), and the
 * administration's timeline (admin-timeline.ts). The service is their dependencies.
 */
export function createModerationService(deps: ModeratingDeps & AdminTimelineDeps) {
  return { ...deps };
}
