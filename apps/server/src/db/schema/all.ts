// The whole schema as one object: the typed database client and drizzle-kit both read it.
export * from './companies.ts';
export * from './catalog.ts';
export * from './users.ts';
export * from './groups.ts';
export * from './sessions.ts';
export * from './timeline.ts';
export * from './account.ts';
export * from './surveys.ts';
export * from './chat.ts';
export * from './audit.ts';
export * from './notifications.ts';
export * from './people.ts';
export * from './hr.ts';
export * from './tv.ts';
export * from './push.ts';
export * from './scim.ts';
export * from './sso.ts';
