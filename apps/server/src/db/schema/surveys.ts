import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, recordVersion } from './columns.ts';
import { groups } from './groups.ts';
import { userId } from './users.ts';

/**
 * A survey. status: draft, published or closed; answering is possible while published and
 * between starts_at and ends_at.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    headerMediaId: integer('header_media_id').references((): AnyPgColumn => surveyMedia.id, {
      onDelete: 'set null',
    }),
    mainColor: varchar('main_color', { length: 7 }).notNull(),
    backgroundColor: varchar('background_color', { length: 7 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    oneAnswerPerUser: boolean('one_answer_per_user').notNull().default(true),
    autosaveDisabled: boolean('autosave_disabled').notNull().default(false),
    anonymous: boolean('anonymous').notNull().default(false),
    quiz: boolean('quiz').notNull().default(false),
    status: varchar('status', { length: 12 }).notNull().default('draft'),
    createdBy: userId('created_by'),
    createdAt: createdAt('created_at'),
    updatedAt: createdAt('updated_at'),
    /** Bumped by every change of the survey (its form, publishing, closing): the editor's `versao`. */
    version: recordVersion(),
  },
  (t) => [index('surveys_company_idx').on(t.companyId, t.status, t.endsAt)],
);

/** The groups a survey is published to: their members are its audience. */
export const surveyGroups = pgTable(
  'survey_groups',
  {
    companyId: companyId(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.groupId] }), index('survey_groups_group_idx').on(t.groupId)],
);

/** A question: type 1 open text, 2 multiple choice, 3 checkbox, 4 upload. */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: varchar('title', { length: 500 }).notNull(),
    description: text('description'),
    type: smallint('type').notNull(),
    required: boolean('required').notNull().default(false),
    maxFiles: integer('max_files'),
    maxBytes: integer('max_bytes'),
    /** Imagem and/or PDF. */
    formats: varchar('formats', { length: 10 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar[]`),
    onlySpecificFormats: boolean('only_specific_formats').notNull().default(false),
  },
  (t) => [index('survey_questions_survey_idx').on(t.surveyId, t.position)],
);

/** An answer option of a choice or checkbox question. */
export const surveyOptions = pgTable(
  'survey_options',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: varchar('label', { length: 300 }).notNull(),
    isOther: boolean('is_other').notNull().default(false),
    isCorrect: boolean('is_correct').notNull().default(false),
    textAvailable: boolean('text_available').notNull().default(false),
    textRequired: boolean('text_required').notNull().default(false),
  },
  (t) => [index('survey_options_question_idx').on(t.questionId, t.position)],
);

/** One answering session of a person: status 1 being answered, 3 finished. */
export const surveyApplications = pgTable(
  'survey_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: userId(),
    status: smallint('status').notNull().default(1),
    startedAt: createdAt('started_at'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: createdAt('updated_at'),
  },
  (t) => [
    index('survey_applications_survey_user_idx').on(t.surveyId, t.userId),
    // At most one application being answered per person and survey, whatever the races.
    uniqueIndex('survey_applications_one_open_idx')
      .on(t.surveyId, t.userId)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * An answer to a question: one row for an open text or an upload (text empty, files in
 * survey_media), one per chosen option for choices, the option's text beside it. The question
 * and option references have no cascade: the authoring guard keeps answered ones.
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => surveyApplications.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id),
    optionId: integer('option_id').references(() => surveyOptions.id),
    text: text('text'),
  },
  (t) => [
    index('survey_answers_application_idx').on(t.applicationId, t.questionId),
    index('survey_answers_question_idx').on(t.questionId),
    index('survey_answers_option_idx').on(t.optionId),
  ],
);

/**
 * Files of surveys: header images, and files sent for upload answers (attached once an answer
 * names them). The bytes live in the media storage.
 */
export const surveyMedia = pgTable(
  'survey_media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    uploadedBy: userId('uploaded_by'),
    /** header or answer. */
    purpose: varchar('purpose', { length: 10 }).notNull(),
    applicationId: integer('application_id').references((): AnyPgColumn => surveyApplications.id, {
      onDelete: 'cascade',
    }),
    questionId: integer('question_id').references((): AnyPgColumn => surveyQuestions.id, {
      onDelete: 'cascade',
    }),
    attached: boolean('attached').notNull().default(false),
    storageKey: text('storage_key').notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    createdAt: createdAt('created_at'),
  },
  (t) => [
    index('survey_media_application_idx').on(t.applicationId, t.questionId),
    // The media route finds a file's row by its key on every read.
    index('survey_media_storage_key_idx').on(t.storageKey),
  ],
);

/** Who has opened which survey (flLida). */
export const surveyReads = pgTable(
  'survey_reads',
  {
    companyId: companyId(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: userId(),
    readAt: createdAt('read_at'),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] })],
);

/**
 * The company's survey settings. min_respondents: the fewest people who must have answered an
 * anonymous survey (or a slice of its results) before its results show; never below 3. A company
 * without a row has the default of 5.
 */
export const surveySettings = pgTable(
  'survey_settings',
  {
    companyId: companyId().primaryKey(),
    minRespondents: smallint('min_respondents').notNull().default(5),
    updatedAt: createdAt('updated_at'),
  },
  (t) => [check('survey_settings_min_respondents', sql`${t.minRespondents} between 3 and 100`)],
);
