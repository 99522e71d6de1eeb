import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const drizzleOnlyInRepos = 'Only repo.ts files use Drizzle; call the repo from here.';
const root = import.meta.dirname;

/**
 * The seams between layers, checked on resolved paths (so `#app/...`, `../../app/...` and any
 * other spelling of the same file are caught alike). Each zone is probed by a file in
 * lint-probes/ that breaks it (lint-probes/seams.test.ts).
 */
const seamZones = [
  {
    // Tests aside: they render a page in the real routes through app/test-harness.tsx.
    target: './apps/web/src/features/**/!(*.test).{ts,tsx}',
    from: './apps/web/src/app/**',
    message: 'Features never import app/ (it composes them); shared code goes in lib/ or ui/.',
  },
  // Web features never import each other (an admin/ folder is part of its feature); pages in
  // app/ compose them, shared code is in lib/ or ui/ (design, house rule 6).
  ...readdirSync(`${root}/apps/web/src/features`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./apps/web/src/features/${name}/**`,
      from: `./apps/web/src/features/!(${name})/**`,
      message: 'Features must not import each other; compose them in app/, share through lib/ or ui/.',
    })),
  // A module's repository is its own: nothing outside the module imports it (app.ts, main.ts,
  // db/ and its seed, platform/, other modules), types included; they call the module's service.
  // Tests and test support (*.test.ts, test-support.ts, src/test/) may reach in to make fixtures.
  ...readdirSync(`${root}/apps/server/src/modules`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: [
        './apps/server/src/!(*.test).ts',
        './apps/server/src/!(modules|test)/**/!(*.test).ts',
        `./apps/server/src/modules/!(${name})/**/!(*.test|test-support).ts`,
      ],
      from: [`./apps/server/src/modules/${name}/**/*repo.ts`, `./apps/server/src/modules/${name}/repo/**`],
      message: `Only the ${name} module imports its repository; call its service.`,
    })),
];

/**
 * The edge of a module: its routes and its live transports (chat's socket, the notification
 * stream, the TV's live channel and media) speak HTTP and the wire; tests and test support too.
 */
const moduleEdgeFiles = [
  '**/routes.ts',
  '**/*.test.ts',
  '**/test-support.ts',
  'apps/server/src/modules/chat/socket.ts',
  'apps/server/src/modules/notifications/stream.ts',
  'apps/server/src/modules/tv/live.ts',
  'apps/server/src/modules/tv/media.ts',
];
/** The files that turn the contract's shapes into the domain's and back (no HTTP in them). */
const moduleWireFiles = ['**/wire.ts', '**/presenter.ts'];

const noFastifyInServices = {
  group: ['fastify', 'fastify/*', '@fastify/*'],
  message: 'No Fastify types in services: take a Logger from platform/logger.ts, plain values for the rest.',
};
/**
 * From a call's file (and the chat's frames) a service takes enums, limits, links and rules only:
 * names such as AuditAction, TicketStatusValue, hrLimits, reminderLink, isChoiceQuestion.
 */
const noWireInServices = {
  group: ['@elo/contract/calls/*', '@elo/contract/chat', '@elo/contract/wire'],
  allowImportNamePattern:
    '^([A-Z][A-Za-z]*(Action|Status|StatusValue|Kind|Type|Code|Event|Reason|ReasonValue|Tab|Field|FieldValue|Recurrence|RecurrenceValue|SituationValue|ActionCode|Value))$|^([a-z][A-Za-z]*(Limits|Rules|Link|Path|Columns|Fields|Types|Question))$',
  message:
    "The wire stays at the edge: take the call's input and give its output in the module's wire.ts; a service takes domain types, and from the contract only enums, limits and rules.",
};
const tenantScopeOnce = {
  selector: ':matches(TSInterfaceDeclaration, TSTypeAliasDeclaration)[id.name="TenantScope"]',
  message: 'Tenancy lives in platform/: import TenantScope from platform/tenancy.ts.',
};
const noFlagLiterals = {
  selector: 'Literal[value=/^[SN]$/]',
  message:
    "The wire's 'S'/'N' stays at the edge: services speak booleans; the module's wire.ts converts (platform/http/wire.ts).",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/data',
      'apps/server/drizzle',
      'test-results',
      'playwright-report',
      // Files that break the seams on purpose, linted by lint-probes/seams.test.ts only.
      'lint-probes/probes',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // Without these import-x reads only .js files, and no-cycle walks nothing beyond the first step.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Installed packages are never read (a bundled one overflows the parser's stack).
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: seamZones }],
      // No import cycles (type-only imports aside: they vanish at run time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tenancy lives in platform/: the scope every repo function filters by is declared once, in
    // platform/tenancy.ts, never by a module (it was auth's repo, imported by 17 files).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/platform/tenancy.ts'],
    rules: {
      'no-restricted-syntax': ['error', tenantScopeOnce],
    },
  },
  {
    // platform/ knows no feature; only repo files (and db/) use Drizzle's query builders.
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['**/*repo.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/modules/**'], message: 'platform/ knows no feature.' },
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: drizzleOnlyInRepos },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/platform/**/*repo.ts', 'apps/server/src/platform/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'platform/ knows no feature.' }] },
      ],
    },
  },
  {
    // A module uses Drizzle only in its repository (and reads another module's data through that
    // module's service, never its repo: a seam zone above). Its repository is what the seam zone
    // names: repo.ts, any *repo.ts, and the files under repo/ of a repository split by area.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*repo.ts', '**/repo/**', '**/*.test.ts', '**/test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: drizzleOnlyInRepos },
          ],
        },
      ],
    },
  },
  {
    // The wire at the edge (issue 28): a module's wire.ts (and presenter.ts) turn the contract's
    // input and output into the domain's and back; services, use cases and repositories take and
    // give booleans, Dates and English names, and take from the contract its enums, limits and
    // rules only, never a call's input or output type nor a yes/no flag.
    // Services and use cases know nothing of Fastify either, not even its types (they log through
    // platform/logger.ts's Logger): only the routes and the live transports speak HTTP.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [...moduleEdgeFiles, ...moduleWireFiles],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [noFastifyInServices, noWireInServices] },
      ],
      'no-restricted-syntax': ['error', tenantScopeOnce, noFlagLiterals],
    },
  },
  {
    // A module's wire.ts and presenter.ts speak the contract, but not HTTP.
    files: moduleWireFiles.map((file) => `apps/server/src/modules/${file}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noFastifyInServices] }],
    },
  },
);
