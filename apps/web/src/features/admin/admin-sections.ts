/** The administration's areas: the sidebar of spec section 2 plus the dashboard and corporate TV. */
export const adminSections = [
  'dashboard',
  'timeline',
  'publications',
  'users',
  'groups',
  'userSettings',
  'appSettings',
  'hrPortal',
  'announcements',
  'surveys',
  'corporateTv',
] as const;
export type AdminSection = (typeof adminSections)[number];
