// Lints as: apps/server/src/modules/surveys/service.ts
// Breaks: import-x/no-restricted-paths "Only the timeline module imports its repository"
import type { insertPost } from '../timeline/posts-repo.ts';

export type Probe = typeof insertPost;
