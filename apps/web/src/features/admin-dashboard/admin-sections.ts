/** The administration's areas: the sidebar of spec section 2 plus the dashboard and corporate TV. */
export const adminSections = [
  'dashboard',
  'timeline',
  'publications',
  'users',
  'administrators',
  'groups',
  'userSettings',
  'appSettings',
  'hrPortal',
  'announcements',
  'surveys',
  'corporateTv',
  'chat',
  'audit',
] as const;
export type AdminSection = (typeof adminSections)[number];

/**
 * The areas the dashboard's quick access may show (spec section 2, and the HR portal for those who
 * answer tickets), each with its hint text.
 */
export const quickAccessSections = ['publications', 'groups', 'users', 'corporateTv', 'hrPortal'] as const;
export type QuickAccessSection = (typeof quickAccessSections)[number];

/** Whether an area is one the quick access can show. */
export function isQuickAccessSection(section: AdminSection): section is QuickAccessSection {
  return (quickAccessSections as readonly string[]).includes(section);
}
