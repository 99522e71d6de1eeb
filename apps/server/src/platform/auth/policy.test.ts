import { describe, expect, it } from 'vitest';
import { AdminPermission, anyAdministrator } from '@elo/contract/enums';
import { adminStatusesOf, authorize, authorizeDevice, awaitsAdminApproval, type Caller } from './policy.ts';

const company = { userId: 40, companyId: 1 };

function caller(isAdministrator: boolean, adminPermissions: string[], approved = true): Caller {
  const person = { ...company, isAdministrator, approved, adminPermissions };
  return {
    isAdministrator,
    permissions: new Set(['ADMIN_APP_TAB_MENSAGENS']),
    adminPermissions: adminStatusesOf(person),
    awaitsAdminApproval: awaitsAdminApproval(person),
  };
}

/** The error code the policy answers with, or 'through'. */
function decide(access: Parameters<typeof authorize>[0], who: Caller | undefined) {
  try {
    authorize(access, who);
    return 'through';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('the access policy', () => {
  const dashboard = { audience: 'admin', permission: anyAdministrator, mode: 'read' } as const;
  const editSurveys = { audience: 'admin', permission: AdminPermission.surveys, mode: 'write' } as const;

  it('lets into the administration only someone holding a permission at L or E', () => {
    expect(decide(dashboard, undefined)).toBe('SESSION_EXPIRED');
    expect(decide(dashboard, caller(false, []))).toBe('FORBIDDEN');
    // Flagged as an administrator, every permission at N: the web shows no administration either.
    expect(decide(dashboard, caller(true, []))).toBe('FORBIDDEN');
    expect(decide(dashboard, caller(true, ['ADMIN_AUDITORIA:L']))).toBe('through');
  });

  it('reads with L, writes only with E, and ignores unknown codes and statuses', () => {
    expect(decide(editSurveys, caller(true, ['ADMIN_PESQUISAS:L']))).toBe('FORBIDDEN');
    expect(decide({ ...editSurveys, mode: 'read' }, caller(true, ['ADMIN_PESQUISAS:L']))).toBe('through');
    expect(decide(editSurveys, caller(true, ['ADMIN_PESQUISAS:E']))).toBe('through');
    expect(decide(editSurveys, caller(true, ['ADMIN_PESQUISAS:X', 'ADMIN_NADA:E']))).toBe('FORBIDDEN');
  });

  it('asks for both permissions at the needed status when a call names a second one', () => {
    const sso = {
      audience: 'admin',
      permission: AdminPermission.appSettings,
      alsoPermission: AdminPermission.administrators,
      mode: 'write',
    } as const;
    expect(decide(sso, caller(true, ['ADMIN_CONFIGURACOES_APP:E']))).toBe('FORBIDDEN');
    expect(decide(sso, caller(true, ['ADMIN_CONFIGURACOES_APP:E', 'ADMIN_ADMINISTRADORES:L']))).toBe(
      'FORBIDDEN',
    );
    expect(decide(sso, caller(true, ['ADMIN_CONFIGURACOES_APP:E', 'ADMIN_ADMINISTRADORES:E']))).toBe(
      'through',
    );
    expect(
      decide(
        { ...sso, mode: 'read' },
        caller(true, ['ADMIN_CONFIGURACOES_APP:L', 'ADMIN_ADMINISTRADORES:L']),
      ),
    ).toBe('through');
  });

  it('refuses the administration to an administrator not yet approved, and lets the employee side through', () => {
    const waiting = caller(true, ['ADMIN_PESQUISAS:E', 'ADMIN_USUARIOS:L'], false);
    expect(decide(dashboard, waiting)).toBe('ADMIN_NOT_APPROVED');
    expect(decide(editSurveys, waiting)).toBe('ADMIN_NOT_APPROVED');
    const chat = { audience: 'user', permission: 'ADMIN_APP_TAB_MENSAGENS', mode: 'read' } as const;
    expect(decide(chat, waiting)).toBe('through');
    // Approved, the same statuses open the same areas.
    expect(decide(editSurveys, caller(true, ['ADMIN_PESQUISAS:E'], true))).toBe('through');
    // The master never waits for approval.
    const master = { userId: 1, companyId: 1, isAdministrator: true, approved: false, adminPermissions: [] };
    expect(awaitsAdminApproval(master)).toBe(false);
    expect(adminStatusesOf(master).size).toBeGreaterThan(0);
  });

  it('lets a device call through for a device only, never for a session, and a device into nothing else', () => {
    const device = { audience: 'device', mode: 'read' } as const;
    const master = adminStatusesOf({ userId: 1, companyId: 1, isAdministrator: false, adminPermissions: [] });
    expect(decide(device, undefined)).toBe('TV_NAO_AUTORIZADA');
    expect(decide(device, caller(true, ['ADMIN_TV_CORPORATIVA:E']))).toBe('TV_NAO_AUTORIZADA');
    expect(decide(device, { isAdministrator: false, permissions: new Set(), adminPermissions: master })).toBe(
      'TV_NAO_AUTORIZADA',
    );
    const screen = { companyId: 1, deviceId: 7 };
    expect(authorizeDevice(device, screen)).toBe(screen);
    expect(() => authorizeDevice(device, undefined)).toThrow('TV_NAO_AUTORIZADA');
    expect(() => authorizeDevice(dashboard, screen)).toThrow('TV_NAO_AUTORIZADA');
  });

  it('gives the company’s master user every permission at E', () => {
    const master = adminStatusesOf({ userId: 1, companyId: 1, isAdministrator: false, adminPermissions: [] });
    expect(
      decide(editSurveys, { isAdministrator: false, permissions: new Set(), adminPermissions: master }),
    ).toBe('through');
  });
});
