// Lints as: apps/server/src/modules/auth/repo.ts
// Breaks: no-restricted-syntax "Tenancy lives in platform/"
export interface TenantScope {
  companyId: number;
  userId: number;
}
