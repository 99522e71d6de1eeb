import type { Database } from '../db/client.ts';

/** What an erasure does to a column that names a person. */
export type PersonalDataFate = 'delete' | 'anonymise' | 'keep';

/**
 * One column of a module's table that names a person, and its fate when that person is erased:
 * `delete` (the rows go), `anonymise` (the row stays, nothing in it points at who they were), or
 * `keep` (the row stays as it is, for the reason given: the law, or other people's records).
 */
export interface PersonalDataHolding {
  table: string;
  column: string;
  fate: PersonalDataFate;
  /** Why the row stays (anonymise, keep), or what goes with it (delete). */
  why: string;
}

/** The person an erasure is about. */
export interface ErasedPerson {
  companyId: number;
  userId: number;
}

/**
 * A module's declaration of the personal data it holds, with the erasure that carries out the
 * declared fates inside the caller's transaction. It answers the storage keys of the files it let
 * go, which the erasure deletes once the transaction has committed.
 */
export interface PersonalDataOwner {
  module: string;
  holds: readonly PersonalDataHolding[];
  erase(tx: Database, person: ErasedPerson): Promise<string[]>;
}

/** Runs every owner's erasure in the transaction; answers the files to delete after the commit. */
export async function eraseEverywhere(
  tx: Database,
  owners: readonly PersonalDataOwner[],
  person: ErasedPerson,
): Promise<string[]> {
  const files: string[] = [];
  for (const owner of owners) files.push(...(await owner.erase(tx, person)));
  return [...new Set(files)];
}
