import { describe, expect, it } from 'vitest';
import { buildModules, type AppModule, type ModuleName, type Platform } from './modules.ts';

/**
 * The registry is generic; these modules stand in for real ones under names of the application's
 * (the names are only keys here: nothing of those modules runs).
 */
type Made = string[];

function moduleOf(name: string, needs: string[], made: Made, extra: Partial<AppModule> = {}): AppModule {
  return {
    name: name as ModuleName,
    needs: needs as ModuleName[],
    build: (_platform, use) => {
      const seen = needs.map((need) => use(need as ModuleName) as unknown as string);
      made.push(`${name}(${seen.join(',')})`);
      return { exports: `${name}!` as never };
    },
    ...extra,
  };
}

const platform = {} as Platform;

describe('buildModules', () => {
  it('builds each module after the ones it needs, whatever order they are listed in', async () => {
    const made: Made = [];
    await buildModules(platform, [
      moduleOf('admin-dashboard', ['auth', 'timeline'], made),
      moduleOf('timeline', ['notifications'], made),
      moduleOf('auth', [], made),
      moduleOf('notifications', [], made),
    ]);
    expect(made).toEqual([
      'auth()',
      'notifications()',
      'timeline(notifications!)',
      'admin-dashboard(auth!,timeline!)',
    ]);
  });

  it('refuses a need that is not listed, a circle of needs, and a use that was not declared', async () => {
    await expect(buildModules(platform, [moduleOf('auth', ['hr-tickets'], [])])).rejects.toThrow(
      'auth needs hr-tickets, which is not listed',
    );
    await expect(
      buildModules(platform, [moduleOf('auth', ['timeline'], []), moduleOf('timeline', ['auth'], [])]),
    ).rejects.toThrow('a circle of needs');
    const sneaky: AppModule = {
      name: 'auth' as ModuleName,
      needs: [],
      build: (_platform, use) => ({ exports: use('timeline' as ModuleName) as never }),
    };
    await expect(buildModules(platform, [moduleOf('timeline', [], []), sneaky])).rejects.toThrow(
      'auth uses timeline without needing it',
    );
  });

  it('gathers every module handlers and extra routes, and refuses a call handled twice', async () => {
    const handler = async () => ({ ok: true as const });
    const built = await buildModules(platform, [
      moduleOf('auth', [], [], {
        build: () => ({
          exports: undefined as never,
          handlers: { doLogout: handler } as never,
          register: () => {},
        }),
      }),
      moduleOf('timeline', [], [], {
        build: () => ({ exports: undefined as never, handlers: { consultaTimeline: handler } as never }),
      }),
    ]);
    expect(Object.keys(built.handlers).sort()).toEqual(['consultaTimeline', 'doLogout']);
    expect(built.registers).toHaveLength(1);
    await expect(
      buildModules(platform, [
        moduleOf('auth', [], [], {
          build: () => ({ exports: undefined as never, handlers: { doLogout: handler } as never }),
        }),
        moduleOf('timeline', [], [], {
          build: () => ({ exports: undefined as never, handlers: { doLogout: handler } as never }),
        }),
      ]),
    ).rejects.toThrow('doLogout is handled twice (timeline)');
  });
});
