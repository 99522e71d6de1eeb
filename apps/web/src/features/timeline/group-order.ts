import type { Grupo } from '@elo/contract/calls/auth';

/** The user's groups with the default one (flPadrao 'S') first, the others in the server's order. */
export function orderGroups(groups: readonly Grupo[]): Grupo[] {
  return [
    ...groups.filter((group) => group.flPadrao === 'S'),
    ...groups.filter((group) => group.flPadrao !== 'S'),
  ];
}
