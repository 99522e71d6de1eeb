// Lints as: apps/server/src/app.ts
// Breaks: import-x/no-restricted-paths "Only the publications module imports its repository"
import { findPublication } from './modules/publications/repo.ts';

export const probe = findPublication;
