import { z } from 'zod';
import { defineCall, defineDownload } from '../define-call.ts';
import { AdminPermission } from '../enums.ts';
import { idSchema, idTextSchema, pageAnswer, pageRequest } from '../wire.ts';

/**
 * The actions the portal records. The log stores the code; the screen translates a known code and
 * shows an unknown one as it is, so a new area may record actions before the screen knows them.
 */
export const AuditAction = {
  signIn: 'sign_in',
  signInFailed: 'sign_in_failed',
  passwordChange: 'password_change',
  passwordReset: 'password_reset',
  sessionsEnd: 'sessions_end',
  surveyCreate: 'survey_create',
  surveyUpdate: 'survey_update',
  surveyDuplicate: 'survey_duplicate',
  surveyPublish: 'survey_publish',
  surveyClose: 'survey_close',
  surveyDelete: 'survey_delete',
  surveyHeaderUpload: 'survey_header_upload',
  surveySettingsUpdate: 'survey_settings_update',
  deletionRequestCreate: 'deletion_request_create',
  deletionRequestWithdraw: 'deletion_request_withdraw',
  deletionRequestCancel: 'deletion_request_cancel',
  deletionRequestForce: 'deletion_request_force',
  accountDeleted: 'account_deleted',
  ownProfileUpdate: 'own_profile_update',
  ownPhotoUpdate: 'own_photo_update',
  catalogItemCreate: 'catalog_item_create',
  catalogItemUpdate: 'catalog_item_update',
  catalogItemDelete: 'catalog_item_delete',
  userSettingsUpdate: 'user_settings_update',
  userImport: 'user_import',
  userCreate: 'user_create',
  userUpdate: 'user_update',
  userPhoto: 'user_photo',
  userActivate: 'user_activate',
  userDeactivate: 'user_deactivate',
  userSessionsEnd: 'user_sessions_end',
  userInvite: 'user_invite',
  adminCreate: 'admin_create',
  adminUpdate: 'admin_update',
  adminPromote: 'admin_promote',
  adminRemove: 'admin_remove',
  announcementCreate: 'announcement_create',
  announcementUpdate: 'announcement_update',
  announcementDelete: 'announcement_delete',
  announcementReorder: 'announcement_reorder',
  appSettingsUpdate: 'app_settings_update',
  ssoSettingsUpdate: 'sso_settings_update',
  ssoGroupsSync: 'sso_groups_sync',
  groupCreate: 'group_create',
  groupUpdate: 'group_update',
  groupDelete: 'group_delete',
  groupMembersAdd: 'group_members_add',
  groupMemberUpdate: 'group_member_update',
  groupMembersRemove: 'group_members_remove',
  groupRulesUpdate: 'group_rules_update',
  postHide: 'post_hide',
  postShow: 'post_show',
  postDelete: 'post_delete',
  commentHide: 'comment_hide',
  commentShow: 'comment_show',
  commentDelete: 'comment_delete',
  publicationCreate: 'publication_create',
  publicationUpdate: 'publication_update',
  publicationReschedule: 'publication_reschedule',
  publicationScheduleCancel: 'publication_schedule_cancel',
  publicationDelete: 'publication_delete',
  hrTicketOpen: 'hr_ticket_open',
  hrTicketMessage: 'hr_ticket_message',
  hrTicketRate: 'hr_ticket_rate',
  hrTicketAnswer: 'hr_ticket_answer',
  hrTicketNote: 'hr_ticket_note',
  hrTicketAssign: 'hr_ticket_assign',
  hrTicketStatus: 'hr_ticket_status',
  hrTicketConfidentialRead: 'hr_ticket_confidential_read',
  hrTicketAttachmentRead: 'hr_ticket_attachment_read',
  hrTicketAutoClose: 'hr_ticket_auto_close',
  hrSubjectSettingsUpdate: 'hr_subject_settings_update',
  hrCalendarUpdate: 'hr_calendar_update',
  hrHolidayCreate: 'hr_holiday_create',
  hrHolidayUpdate: 'hr_holiday_update',
  hrHolidayDelete: 'hr_holiday_delete',
  hrCannedAnswerCreate: 'hr_canned_answer_create',
  hrCannedAnswerUpdate: 'hr_canned_answer_update',
  hrCannedAnswerDelete: 'hr_canned_answer_delete',
  reminderCreate: 'reminder_create',
  reminderUpdate: 'reminder_update',
  reminderComplete: 'reminder_complete',
  reminderDelete: 'reminder_delete',
  reminderSnooze: 'reminder_snooze',
  tvScreenCreate: 'tv_screen_create',
  tvScreenUpdate: 'tv_screen_update',
  tvScreenDelete: 'tv_screen_delete',
  tvScreenPair: 'tv_screen_pair',
  tvScreenRevoke: 'tv_screen_revoke',
  /** The paired screen's browser collected its device token (no person acts: the screen does). */
  tvScreenTokenIssued: 'tv_screen_token_issued',
  scimTokenCreate: 'scim_token_create',
  scimTokenRevoke: 'scim_token_revoke',
} as const;
export type AuditActionCode = (typeof AuditAction)[keyof typeof AuditAction];

/** A calendar day as dd/MM/yyyy is shown, sent as yyyy-MM-dd (America/Sao_Paulo). */
const day = z.iso.date({ error: 'validation.invalidDate' });

/** The audit log's filters, shared by the screen and its export. */
const filterFields = {
  /** Words found in the action, the target's name or type, or the author's name. */
  busca: z.string().trim().max(200, { error: 'validation.tooLong' }).optional(),
  acao: z.string().trim().max(64, { error: 'validation.tooLong' }).optional(),
  dtInicio: day.optional(),
  dtFim: day.optional(),
};

/** The period's end may not come before its start. */
const endNotBeforeStart = (ctx: {
  value: { dtInicio?: string | undefined; dtFim?: string | undefined };
  issues: unknown[];
}) => {
  const { dtInicio, dtFim } = ctx.value;
  if (dtInicio && dtFim && dtInicio > dtFim) {
    ctx.issues.push({ code: 'custom', input: dtFim, path: ['dtFim'], message: 'validation.endBeforeStart' });
  }
};

/**
 * One change of one field: its value before and after, records named (a sector, a group, a person)
 * by their names now, never by id.
 */
export const alteracaoSchema = z.object({
  campo: z.string(),
  /** The field's name in the reader's language ('Setor'); the field's code when it has none. */
  nomeCampo: z.string(),
  antes: z.unknown(),
  depois: z.unknown(),
});

/** One entry of the audit log. */
export const registroAuditoriaSchema = z.object({
  idRegistro: z.number().int(),
  dtRegistro: z.string(),
  idUsuarioAutor: z.number().int().nullable(),
  nomeAutor: z.string().nullable(),
  acao: z.string(),
  tipoAlvo: z.string().nullable(),
  /** The kind of target in the reader's language ('Usuário'); the code when it has none. */
  nomeTipoAlvo: z.string().nullable(),
  idAlvo: z.string().nullable(),
  /** The target's name: a person's or a group's as it is now, else as it was when written. */
  nomeAlvo: z.string().nullable(),
  alteracoes: z.array(alteracaoSchema),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type RegistroAuditoria = z.infer<typeof registroAuditoriaSchema>;

/** The company's audit log, newest first, filtered and paged. */
export const consultaAuditoriaAdmin = defineCall({
  name: 'consultaAuditoriaAdmin',
  mode: 'read',
  audience: 'admin',
  permission: AdminPermission.audit,
  input: z
    .object({ ...pageRequest(), ...filterFields, idUsuarioAutor: idSchema.optional() })
    .check(endNotBeforeStart),
  output: z.object({
    listRegistros: z.array(registroAuditoriaSchema),
    ...pageAnswer,
    /** The actions found in the company's log, for the filter. */
    acoes: z.array(z.string()),
  }),
});

/**
 * The authors of the company's log whose names hold these words (accents and case ignored), for
 * the author filter's picker: at most 10, by name. A person whose entries the reader sees only
 * masked is found by their other entries only.
 */
export const consultaAutoresAuditoriaAdmin = defineCall({
  name: 'consultaAutoresAuditoriaAdmin',
  mode: 'read',
  audience: 'admin',
  permission: AdminPermission.audit,
  input: z.object({
    busca: z.string().trim().max(100, { error: 'validation.tooLong' }),
    /** The author chosen already, answered with the others so the picker can name them. */
    idUsuarioAutor: idSchema.optional(),
  }),
  output: z.object({ listAutores: z.array(z.object({ idUsuario: z.number().int(), nome: z.string() })) }),
});

/** The filtered audit log as a CSV or XLSX file. */
export const exportaAuditoria = defineDownload({
  name: 'exportaAuditoria',
  path: '/auditoria/exportacao.:formato',
  // Query parameters arrive as text.
  input: z
    .object({
      ...filterFields,
      idUsuarioAutor: idTextSchema.optional(),
    })
    .check(endNotBeforeStart),
  audience: 'admin',
  permission: AdminPermission.audit,
  mode: 'read',
  formats: ['csv', 'xlsx'],
});
