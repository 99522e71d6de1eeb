/** Languages the portal speaks; pt-BR is the product's language, en the fallback. */
export const languages = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'pt-BR';
export const fallbackLanguage: Language = 'en';

/** Permission strings the spec names; the server may hold more. */
export const Permission = {
  publishTimeline: 'PUBLICAR_TIMELINE_APP',
  chat: 'ADMIN_APP_TAB_MENSAGENS',
  surveys: 'ADMIN_VIEW_APP_ABA_PESQUISAS',
} as const;
export type PermissionCode = (typeof Permission)[keyof typeof Permission];
export const employeePermissions: readonly PermissionCode[] = Object.values(Permission);

/** Post types by media (spec section 4). */
export const PostType = { text: 1, video: 2, image: 3, youtube: 5, poll: 7 } as const;
export type PostTypeId = (typeof PostType)[keyof typeof PostType];

/** Publication statuses used as filters in the administration. */
export const PublicationStatus = {
  scheduled: 'Agendado',
  published: 'Publicado',
  draft: 'Rascunho',
} as const;

/** How a user signs in: by e-mail or by registration number (matricula). */
export const LoginType = { email: 'EMAIL', matricula: 'MATRICULA' } as const;
export type LoginTypeValue = (typeof LoginType)[keyof typeof LoginType];

/** Yes/no flags as the spec's wire carries them. */
export type Flag = 'S' | 'N';
