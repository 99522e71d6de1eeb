import type { PersonalDataOwner } from '../../platform/personal-data.ts';

/** Surveys: answers stay in the results, pointing at the erased person, who has no name. */
export const surveysPersonalData: PersonalDataOwner = {
  module: 'surveys',
  holds: [
    {
      table: 'survey_applications',
      column: 'user_id',
      fate: 'anonymise',
      why: 'their answers stay in the survey’s results (counts, charts); a named result shows the erased person',
    },
    {
      table: 'survey_media',
      column: 'uploaded_by',
      fate: 'anonymise',
      why: 'a file answer stays with the answer it belongs to, in the results',
    },
    {
      table: 'survey_reads',
      column: 'user_id',
      fate: 'anonymise',
      why: 'a read mark stays so the survey’s reach stays right; it points at the erased person',
    },
    {
      table: 'surveys',
      column: 'created_by',
      fate: 'keep',
      why: 'who wrote a survey the company keeps stays with it (an administration record)',
    },
  ],
  erase: async () => [],
};
