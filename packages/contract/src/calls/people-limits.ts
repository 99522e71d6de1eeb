/**
 * Longest texts of the people's fields (the columns' sizes), and the bulk import's allowances:
 * shared by the users' calls (`people.ts`), the catalogues (`catalog.ts`) and the import
 * (`user-import.ts`).
 */
export const peopleLimits = {
  nameMax: 160,
  emailMax: 254,
  matriculaMax: 40,
  mobileMax: 20,
  profileTextMax: 500,
  catalogNameMax: 120,
  deletionCommentMax: 1000,
  /** Rows an import file may carry; more is refused with 413 before anything is read into the base. */
  importRowsMax: 20_000,
  /** Bytes an import file may have. */
  importBytesMax: 10 * 1024 * 1024,
} as const;
