/** Languages the portal speaks; pt-BR is the product's language, en the fallback. */
export const languages = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'pt-BR';
export const fallbackLanguage: Language = 'en';
/**
 * The languages a company may name its portal functions in besides their default name, which
 * Portuguese and any language without its own name show (issue 29).
 */
export const functionNameLanguages = ['en', 'es'] as const satisfies readonly Language[];
export type FunctionNameLanguage = (typeof functionNameLanguages)[number];

/** Type guard for a value that already is one of the portal's languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Permission strings the spec names; the server may hold more. */
export const Permission = {
  publishTimeline: 'PUBLICAR_TIMELINE_APP',
  chat: 'ADMIN_APP_TAB_MENSAGENS',
  surveys: 'ADMIN_VIEW_APP_ABA_PESQUISAS',
} as const;
export type PermissionCode = (typeof Permission)[keyof typeof Permission];
export const employeePermissions: readonly PermissionCode[] = Object.values(Permission);

/** The administration's permissions, each held by an administrator with a status (issue 11). */
export const AdminPermission = {
  users: 'ADMIN_USUARIOS',
  administrators: 'ADMIN_ADMINISTRADORES',
  groups: 'ADMIN_GRUPOS',
  appSettings: 'ADMIN_CONFIGURACOES_APP',
  announcements: 'ADMIN_COMUNICADOS',
  publications: 'ADMIN_PUBLICACOES',
  surveys: 'ADMIN_PESQUISAS',
  hrPortal: 'ADMIN_PORTAL_RH',
  corporateTv: 'ADMIN_TV_CORPORATIVA',
  audit: 'ADMIN_AUDITORIA',
} as const;
export type AdminPermissionCode = (typeof AdminPermission)[keyof typeof AdminPermission];
export const adminPermissionCodes = Object.values(AdminPermission) as readonly AdminPermissionCode[];

/** An administrator's status for one permission: no access, read only, read and edit. */
export const AdminPermissionStatus = { none: 'N', read: 'L', edit: 'E' } as const;
export type AdminPermissionStatusValue = (typeof AdminPermissionStatus)[keyof typeof AdminPermissionStatus];
export const adminPermissionStatuses = Object.values(
  AdminPermissionStatus,
) as readonly AdminPermissionStatusValue[];

/**
 * Kinds of stored media: the second part of a file's key (`<companyId>/<kind>/<uuid>.<ext>`).
 * The server's module owning a kind decides who may read its files; a multipart call names the
 * kind its files are stored as.
 */
export const MediaKind = {
  /** Timeline posts' photos, videos and thumbnails: readable by those who can see the post. */
  posts: 'posts',
  /** Chat attachments and group images: readable by the room's members. */
  chat: 'chat',
  /** Survey headers (everyone) and answer files (their author and survey administrators). */
  surveys: 'surveys',
  /** Company logos, profile photos, group photos, banners: everyone signed in to the company. */
  branding: 'branding',
  avatars: 'avatars',
  groups: 'groups',
  banners: 'banners',
  /** HR ticket attachments: readable by the ticket's requester and the administrators who see it. */
  hr: 'hr',
} as const;
export type MediaKindName = (typeof MediaKind)[keyof typeof MediaKind];

/** Post types by media (spec section 4). */
export const PostType = { text: 1, video: 2, image: 3, youtube: 5, poll: 7 } as const;
export type PostTypeId = (typeof PostType)[keyof typeof PostType];

/** Publication statuses used as filters in the administration. */
export const PublicationStatus = {
  scheduled: 'Agendado',
  published: 'Publicado',
  draft: 'Rascunho',
} as const;

/** Survey question types (spec section 3, Question). */
export const SurveyQuestionType = { openText: 1, multipleChoice: 2, checkbox: 3, upload: 4 } as const;
export type SurveyQuestionTypeId = (typeof SurveyQuestionType)[keyof typeof SurveyQuestionType];

/** File formats a survey upload question may allow, and the extensions each stands for. */
export const SurveyUploadFormat = { image: 'Imagem', pdf: 'PDF' } as const;
export type SurveyUploadFormatName = (typeof SurveyUploadFormat)[keyof typeof SurveyUploadFormat];
export const surveyUploadExtensions: Record<SurveyUploadFormatName, readonly string[]> = {
  Imagem: ['jpg', 'jpeg', 'png'],
  PDF: ['pdf'],
};

/** A survey's life in the administration: drafted, published to its groups, closed. */
export const SurveyStatus = { draft: 'Rascunho', published: 'Publicada', closed: 'Encerrada' } as const;
export type SurveyStatusName = (typeof SurveyStatus)[keyof typeof SurveyStatus];

/** An application's statusResposta: being answered, or finished (3 = already answered, spec section 3). */
export const SurveyAnswerStatus = { inProgress: 1, finished: 3 } as const;
export type SurveyAnswerStatusId = (typeof SurveyAnswerStatus)[keyof typeof SurveyAnswerStatus];

/** How a user signs in: by e-mail or by registration number (matricula). */
export const LoginType = { email: 'EMAIL', matricula: 'MATRICULA' } as const;
export type LoginTypeValue = (typeof LoginType)[keyof typeof LoginType];

/** Yes/no flags as the spec's wire carries them. */
export type Flag = 'S' | 'N';

/** The declared permission of an administration call that any administrator may make (the dashboard). */
export const anyAdministrator = 'QUALQUER_ADMIN' as const;

/** Kinds of notification; each person chooses per kind whether to see it and how to be e-mailed. */
export const NotificationType = {
  surveyPublished: 'PESQUISA_PUBLICADA',
  postComment: 'COMENTARIO_POSTAGEM',
  /** A mandatory reading the person has not confirmed yet (every reading_reminder_days days). */
  readingReminder: 'LEMBRETE_LEITURA',
  /** A moderator hid or deleted one of the person's posts or comments (or showed it again). */
  moderation: 'MODERACAO_CONTEUDO',
  /** A publication of the administration reached the person (now, or when its schedule came). */
  publicationPublished: 'PUBLICACAO_PUBLICADA',
  /** HR answered one of the person's tickets (or changed its status). */
  hrTicketAnswer: 'CHAMADO_RESPOSTA',
  /** A ticket the administrator is responsible for reached 75% of an SLA target, or breached it. */
  hrTicketSla: 'CHAMADO_SLA',
  /** A ticket was assigned to the administrator. */
  hrTicketAssigned: 'CHAMADO_ATRIBUIDO',
  /** One of the person's own reminders came due. */
  reminder: 'LEMBRETE',
} as const;
export type NotificationTypeValue = (typeof NotificationType)[keyof typeof NotificationType];
export const notificationTypes = Object.values(NotificationType) as readonly NotificationTypeValue[];

/** How a person takes a kind of notification by e-mail: never, in a daily or in a weekly digest. */
export const EmailDigest = { none: 'NENHUM', daily: 'DIARIO', weekly: 'SEMANAL' } as const;
export type EmailDigestValue = (typeof EmailDigest)[keyof typeof EmailDigest];
