import { Permission } from '@elo/contract/enums';
import { paths } from '#lib/paths.ts';

/** Where each permission's shortcut leads (atalhosPermissoes names it, this says where). */
export const shortcutRoutes: Readonly<Record<string, string>> = {
  [Permission.publishTimeline]: paths.portal.timeline,
  [Permission.chat]: paths.portal.chat,
  [Permission.surveys]: paths.portal.surveys,
};
