import { uiPtBRAdminContent } from './ui-pt-br-admin-content.ts';
import { uiPtBRAdminSettings } from './ui-pt-br-admin-settings.ts';
import { uiPtBRAdmin } from './ui-pt-br-admin.ts';
import { uiPtBRHr } from './ui-pt-br-hr.ts';
import { uiPtBRKit } from './ui-pt-br-kit.ts';
import { uiPtBRPortal } from './ui-pt-br-portal.ts';
import { uiPtBRSso } from './ui-pt-br-sso.ts';
import { uiPtBRPortalSearch } from './ui-pt-br-search.ts';
import { uiPtBRPortalSurveys, uiPtBRAdminSurveys } from './ui-pt-br-surveys.ts';
import { uiPtBRTimeline } from './ui-pt-br-timeline.ts';
import { uiPtBRTv } from './ui-pt-br-tv.ts';

/**
 * The Portuguese texts of the portal and the administration. They load with those areas' code
 * (see area-texts.ts), not with the login page; `ui-pt-br.ts` holds the rest. Each area's texts
 * are in a file of its own (`ui-pt-br-<area>.ts`), joined here.
 */
export const uiPtBRAreas = {
  portal: { ...uiPtBRTimeline, ...uiPtBRPortal, surveys: uiPtBRPortalSurveys, search: uiPtBRPortalSearch },
  ...uiPtBRHr,
  ...uiPtBRKit,
  admin: {
    ...uiPtBRAdmin,
    ...uiPtBRAdminContent,
    ...uiPtBRAdminSettings,
    ...uiPtBRSso,
    surveys: uiPtBRAdminSurveys,
  },
  ...uiPtBRTv,
} as const;
