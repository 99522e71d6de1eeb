import type { PersonalDataOwner } from '../platform/personal-data.ts';
import { announcementsPersonalData } from './announcements/personal-data.ts';
import { auditPersonalData } from './audit/personal-data.ts';
import { chatPersonalData } from './chat/personal-data.ts';
import { hrTicketsPersonalData } from './hr-tickets/personal-data.ts';
import { accountPersonalData } from './my-account/personal-data.ts';
import { notificationsPersonalData } from './notifications/personal-data.ts';
import { pushPersonalData } from './push/personal-data.ts';
import { remindersPersonalData } from './reminders/personal-data.ts';
import { scimPersonalData } from './scim/personal-data.ts';
import { surveysPersonalData } from './surveys/personal-data.ts';
import { timelinePersonalData } from './timeline/personal-data.ts';

/**
 * Every module's declaration of the personal data it holds and what an erasure does to it; one
 * erasure runs them all (my-account's erase-account job). docs/people-admin.md lists them, and
 * db/personal-data-coverage.test.ts fails on a person column nobody declared.
 */
export const personalDataOwners: readonly PersonalDataOwner[] = [
  accountPersonalData,
  timelinePersonalData,
  announcementsPersonalData,
  notificationsPersonalData,
  chatPersonalData,
  hrTicketsPersonalData,
  remindersPersonalData,
  pushPersonalData,
  scimPersonalData,
  surveysPersonalData,
  auditPersonalData,
];
