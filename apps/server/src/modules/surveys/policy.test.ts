import { describe, expect, it } from 'vitest';
import { AdminPermission, type AdminPermissionCode } from '@elo/contract/enums';
import type { RecordActor } from '../../platform/auth/record-policy.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  authorizeMinimumChange,
  authorizeSurveyResult,
  effectiveMinimum,
  orderOpenTexts,
  visibleSlices,
  type SurveyResultAction,
  type SurveyResultRecord,
} from './policy.ts';

// The record rules of survey results, as a table written by hand: actor x action x record ->
// shown, hidden (and why) or the error. docs/security.md, "Record rules: anonymous surveys".

const companyId = 100;
const actor = (
  statuses: Partial<Record<AdminPermissionCode, 'L' | 'E'>>,
  options: { userId?: number; master?: boolean } = {},
): RecordActor => ({
  companyId,
  userId: options.master ? companyId : (options.userId ?? 200),
  isMaster: options.master ?? false,
  adminPermissions: new Map(Object.entries(statuses) as [AdminPermissionCode, 'L' | 'E'][]),
});

const master = actor(Object.fromEntries(Object.values(AdminPermission).map((code) => [code, 'E'])), {
  master: true,
});
const surveyEditor = actor({ [AdminPermission.surveys]: 'E' });
const surveyReader = actor({ [AdminPermission.surveys]: 'L' });
const usersAdmin = actor({ [AdminPermission.users]: 'E' });
const employee = actor({});

const named = (respondents: number): SurveyResultRecord => ({
  companyId,
  anonymous: false,
  respondents,
  minRespondents: 5,
});
const anonymous = (respondents: number, extra: Partial<SurveyResultRecord> = {}): SurveyResultRecord => ({
  companyId,
  anonymous: true,
  respondents,
  minRespondents: 5,
  ...extra,
});

type Expected = 'shown' | 'hidden:fewRespondents' | 'hidden:sliceCombination' | `error:${string}`;

const rows: [string, RecordActor, SurveyResultAction, SurveyResultRecord, Expected][] = [
  // Who: the administration's actions need ADMIN_PESQUISAS (L or E); the employee's page does not.
  ['an employee reads the administration results', employee, 'read', named(10), 'error:FORBIDDEN'],
  ['a users administrator exports', usersAdmin, 'export', named(10), 'error:FORBIDDEN'],
  ['a users administrator counts', usersAdmin, 'count', anonymous(10), 'error:FORBIDDEN'],
  [
    'another company’s survey',
    surveyEditor,
    'read',
    { ...named(10), companyId: 999 },
    'error:SURVEY_NOT_FOUND',
  ],
  ['an employee reads their own results page', employee, 'readAsRespondent', named(1), 'shown'],
  // Not anonymous: always shown, whatever the count.
  ['survey reader, named survey of 1', surveyReader, 'read', named(1), 'shown'],
  ['survey reader exports a named survey of 1', surveyReader, 'export', named(1), 'shown'],
  ['named survey of 0, counted', surveyEditor, 'count', named(0), 'shown'],
  ['named slice, withheld flag ignored', surveyEditor, 'read', { ...named(1), sliceWithheld: true }, 'shown'],
  // Anonymous, under the minimum: hidden for everyone, the master too; the export refused.
  ['anonymous of 2, read', surveyEditor, 'read', anonymous(2), 'hidden:fewRespondents'],
  ['anonymous of 2, read by the master', master, 'read', anonymous(2), 'hidden:fewRespondents'],
  ['anonymous of 4, counted', surveyReader, 'count', anonymous(4), 'hidden:fewRespondents'],
  ['anonymous of 0, counted', surveyReader, 'count', anonymous(0), 'hidden:fewRespondents'],
  [
    'anonymous of 2, a respondent’s page',
    employee,
    'readAsRespondent',
    anonymous(2),
    'hidden:fewRespondents',
  ],
  ['anonymous of 2, exported', surveyEditor, 'export', anonymous(2), 'error:SURVEY_RESULTS_HIDDEN'],
  ['anonymous of 4, exported by the master', master, 'export', anonymous(4), 'error:SURVEY_RESULTS_HIDDEN'],
  // Anonymous, at or over the minimum: shown.
  ['anonymous of 5, read', surveyReader, 'read', anonymous(5), 'shown'],
  ['anonymous of 5, exported', surveyReader, 'export', anonymous(5), 'shown'],
  ['anonymous of 5, counted', surveyReader, 'count', anonymous(5), 'shown'],
  ['anonymous of 5, a respondent’s page', employee, 'readAsRespondent', anonymous(5), 'shown'],
  // The company's minimum, never below 3.
  ['minimum 3: anonymous of 3', surveyReader, 'read', anonymous(3, { minRespondents: 3 }), 'shown'],
  [
    'minimum 10: anonymous of 9',
    surveyReader,
    'read',
    anonymous(9, { minRespondents: 10 }),
    'hidden:fewRespondents',
  ],
  [
    'a stored minimum of 1 still means 3',
    surveyReader,
    'read',
    anonymous(2, { minRespondents: 1 }),
    'hidden:fewRespondents',
  ],
  // Slices: each under the minimum hidden; one the combination rule withholds hidden too.
  ['slice of 2 of a survey of 50', surveyReader, 'read', anonymous(2), 'hidden:fewRespondents'],
  [
    'slice of 6, withheld',
    surveyReader,
    'read',
    anonymous(6, { sliceWithheld: true }),
    'hidden:sliceCombination',
  ],
  [
    'slice of 6, withheld, exported',
    surveyEditor,
    'export',
    anonymous(6, { sliceWithheld: true }),
    'error:SURVEY_SLICE_HIDDEN',
  ],
  ['slice of 6, kept', surveyReader, 'read', anonymous(6, { sliceWithheld: false }), 'shown'],
];

function outcome(run: () => ReturnType<typeof authorizeSurveyResult>): Expected {
  try {
    const decision = run();
    return decision.show ? 'shown' : `hidden:${decision.reason}`;
  } catch (error) {
    if (error instanceof AppError) return `error:${error.code}`;
    throw error;
  }
}

describe('authorizeSurveyResult', () => {
  it.each(rows)('%s', (_name, who, action, record, expected) => {
    expect(outcome(() => authorizeSurveyResult(who, action, record))).toBe(expected);
  });

  it('names the minimum in force, for the message', () => {
    expect(authorizeSurveyResult(surveyReader, 'read', anonymous(2, { minRespondents: 7 }))).toEqual({
      show: false,
      reason: 'fewRespondents',
      minimum: 7,
    });
    try {
      authorizeSurveyResult(surveyReader, 'export', anonymous(2, { minRespondents: 1 }));
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).params).toEqual({ minimo: 3 });
    }
  });
});

describe('authorizeMinimumChange', () => {
  const changes: [string, RecordActor, number, Expected][] = [
    ['survey editor to 3', surveyEditor, 3, 'shown'],
    ['survey editor to 100', surveyEditor, 100, 'shown'],
    ['the master to 8', master, 8, 'shown'],
    ['survey editor to 2', surveyEditor, 2, 'error:VALIDATION_FAILED'],
    ['survey editor to 101', surveyEditor, 101, 'error:VALIDATION_FAILED'],
    ['survey editor to 4.5', surveyEditor, 4.5, 'error:VALIDATION_FAILED'],
    ['survey reader to 6', surveyReader, 6, 'error:FORBIDDEN'],
    ['users administrator to 6', usersAdmin, 6, 'error:FORBIDDEN'],
    ['employee to 6', employee, 6, 'error:FORBIDDEN'],
  ];
  it.each(changes)('%s', (_name, who, value, expected) => {
    let result: Expected = 'shown';
    try {
      authorizeMinimumChange(who, value);
    } catch (error) {
      result = `error:${(error as AppError).code}`;
    }
    expect(result).toBe(expected);
  });

  it('keeps the default and the floor', () => {
    expect([
      effectiveMinimum(null),
      effectiveMinimum(undefined),
      effectiveMinimum(2),
      effectiveMinimum(9),
    ]).toEqual([5, 5, 3, 9]);
  });
});

describe('visibleSlices', () => {
  /** `count` respondents in the given slices. */
  const many = (count: number, slices: string[], from = 0) =>
    Array.from({ length: count }, (_, index) => ({ userId: from + index, slices }));

  const cases: [string, ReturnType<typeof many>, string[]][] = [
    ['fewer respondents than the minimum: none', many(4, ['SETOR:1']), []],
    ['one slice of everyone: shown', many(7, ['SETOR:1']), ['SETOR:1']],
    [
      'a slice of 5 and the rest of 1: everyone minus it is one person, withheld',
      [...many(5, ['SETOR:1']), ...many(1, [], 5)],
      [],
    ],
    ['a slice of 5 and the rest of 5: shown', [...many(5, ['SETOR:1']), ...many(5, [], 5)], ['SETOR:1']],
    [
      'A 5, B 5, C 1: the smaller key of A and B withheld, so no difference leaves C alone',
      [...many(5, ['SETOR:1']), ...many(5, ['SETOR:2'], 5), ...many(1, ['SETOR:3'], 10)],
      ['SETOR:2'],
    ],
    [
      'overlapping groups whose intersection is one person: one withheld',
      [...many(5, ['GRUPO:1']), ...many(1, ['GRUPO:1', 'GRUPO:2'], 5), ...many(5, ['GRUPO:2'], 6)],
      ['GRUPO:2'],
    ],
    [
      'a unit and a sector sharing one person: one withheld',
      [
        ...many(5, ['UNIDADE:1']),
        ...many(1, ['UNIDADE:1', 'SETOR:2'], 5),
        ...many(5, ['SETOR:2'], 6),
        ...many(5, [], 11),
      ],
      ['UNIDADE:1'],
    ],
    [
      'ties go by id as a number: SETOR:9 before SETOR:10',
      [...many(5, ['SETOR:9']), ...many(5, ['SETOR:10'], 5), ...many(1, [], 10)],
      ['SETOR:10'],
    ],
  ];
  it.each(cases)('%s', (_name, respondents, expected) => {
    expect([...visibleSlices(respondents, 5)].sort()).toEqual(expected);
  });

  it('leaves every cell of the slices shown with at least the minimum', () => {
    // Random memberships: whatever shows, no combination of the shown slices isolates fewer people.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 50; round += 1) {
      const respondents = Array.from({ length: 40 }, (_, userId) => ({
        userId,
        slices: [`UNIDADE:${Math.floor(random() * 4)}`, `SETOR:${Math.floor(random() * 5)}`].concat(
          random() < 0.3 ? ['GRUPO:1'] : [],
        ),
      }));
      const shown = visibleSlices(respondents, 5);
      const cells = new Map<string, number>();
      for (const person of respondents) {
        const cell = person.slices
          .filter((slice) => shown.has(slice))
          .sort()
          .join('|');
        cells.set(cell, (cells.get(cell) ?? 0) + 1);
      }
      expect([...cells.values()].every((size) => size >= 5)).toBe(true);
    }
  });
});

describe('orderOpenTexts', () => {
  const newestFirst = ['Zebra', 'abacaxi', 'Árvore', 'banana'];
  it('keeps newest first for a survey that is not anonymous', () => {
    expect(orderOpenTexts(newestFirst, false)).toEqual(newestFirst);
  });
  it('orders an anonymous survey’s texts by the text, whatever order they came in', () => {
    expect(orderOpenTexts(newestFirst, true)).toEqual(['abacaxi', 'Árvore', 'banana', 'Zebra']);
    expect(orderOpenTexts([...newestFirst].reverse(), true)).toEqual([
      'abacaxi',
      'Árvore',
      'banana',
      'Zebra',
    ]);
  });
});
