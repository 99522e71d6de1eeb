// Lints as: apps/web/src/features/dashboard/lint-probe.tsx
// Breaks: import-x/no-restricted-paths "Features never import app/"
import { AdminHomePage } from '#app/admin-home-page.tsx';

export const probe = AdminHomePage;
