/**
 * Whose request a repo function serves: the company (the tenant) whose rows it may reach, and the
 * person acting in it. Every tenant-owned query filters by `companyId`.
 */
export interface TenantScope {
  companyId: number;
  userId: number;
}
