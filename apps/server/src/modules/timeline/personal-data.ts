import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import { forgetTimelinePerson } from './posts-repo.ts';

/** Why a person's gesture stays after their erasure. */
export const countsStay =
  'stays so the others’ counts stay right; it points at the erased person, who has no name';

/** The timeline: saved posts go; what they wrote and did stays in the others' timeline, nameless. */
export const timelinePersonalData: PersonalDataOwner = {
  module: 'timeline',
  holds: [
    { table: 'saved_posts', column: 'user_id', fate: 'delete', why: 'their saved posts go' },
    {
      table: 'posts',
      column: 'author_id',
      fate: 'anonymise',
      why: 'their posts stay in their groups, signed by the erased person (no name, no photo); their cards are rebuilt',
    },
    {
      table: 'comments',
      column: 'author_id',
      fate: 'anonymise',
      why: 'their comments stay in the others’ conversations, signed by the erased person',
    },
    { table: 'reactions', column: 'user_id', fate: 'anonymise', why: `a reaction ${countsStay}` },
    { table: 'poll_votes', column: 'user_id', fate: 'anonymise', why: `a vote ${countsStay}` },
    { table: 'post_views', column: 'user_id', fate: 'anonymise', why: `a view ${countsStay}` },
    {
      table: 'post_read_confirmations',
      column: 'user_id',
      fate: 'anonymise',
      why: `a reading confirmation ${countsStay}`,
    },
  ],
  async erase(tx, person) {
    await forgetTimelinePerson(tx, person);
    return [];
  },
};
