import { ssoCompletePath } from '@elo/contract/sso-params';
/**
 * Every route path of the app, in one place (design, house rule 6). Paths with `:params` are
 * filled with react-router's generatePath.
 */
export const paths = {
  login: '/',
  firstAccessStep1: '/primeiro-acesso-1',
  firstAccessStep2: '/primeiro-acesso-2',
  passwordRequestEmail: '/solicitar-senha-email',
  passwordRequestMatricula: '/solicitar-senha-matricula',
  passwordReset: '/resetarsenha/:token',
  language: '/lang/:lang',
  logout: '/logout',
  /** Where a sign-in through the company's identity provider lands, to trade its one-time code. */
  ssoComplete: ssoCompletePath,
  appPortal: '/appportal',
  /** The corporate TV's screen: public, paired by a code, never an employee's session. */
  tv: '/tv',
  portal: {
    root: '/painel',
    dashboard: '/painel/dashboard',
    timeline: '/painel/timeline',
    publication: '/painel/publicacao/:idPublicacao',
    hrContact: '/painel/fale-rh',
    /** The same HR page, under the name /appportal redirects to. */
    hrContactAlias: '/painel/fale-com-rh',
    chat: '/painel/chat',
    reminders: '/painel/exemplo/lembrete',
    surveys: '/painel/pesquisas',
    surveyAccess: '/painel/pesquisas/acessar/:idPesquisa',
    surveyAnswer: '/painel/pesquisas/responder/:idPesquisa/aplicacao/:idAplicacao',
    surveyResults: '/painel/pesquisas/respostas/:idPesquisa',
    /** Each person's own data: profile, preferences, data download, account deletion request. */
    myAccount: '/painel/minha-conta',
    /** The portal-wide search's results (`?q=` the term, `tipo` a kind, `pagina` the page). */
    search: '/painel/busca',
  },
  admin: {
    root: '/admin',
    timeline: '/admin/timeline',
    chat: '/admin/chat',
    publications: '/admin/publicacoes',
    publicationNew: '/admin/publicacoes/nova',
    publicationEdit: '/admin/publicacoes/:idPublicacao/editar',
    publication: '/admin/publicacoes/:idPublicacao',
    users: '/admin/usuarios',
    userDeletionRequests: '/admin/usuarios/solicitacoes-exclusao',
    userNew: '/admin/usuarios/novo',
    userEdit: '/admin/usuarios/:idUsuario/editar',
    userImport: '/admin/usuarios/importacao',
    administrators: '/admin/administradores',
    administratorNew: '/admin/administradores/novo',
    administratorEdit: '/admin/administradores/:idUsuario',
    groups: '/admin/grupos',
    groupNew: '/admin/grupos/novo',
    groupEdit: '/admin/grupos/:idGrupo/editar',
    groupMembers: '/admin/grupos/:idGrupo/membros',
    userSettings: '/admin/configuracoes-usuario',
    appSettings: '/admin/configuracoes-app',
    /** Single sign-on's settings, a section of the app settings. */
    ssoSettings: '/admin/configuracoes-app/sso',
    hrPortal: '/admin/portal-rh',
    hrTicket: '/admin/portal-rh/chamados/:idChamado',
    hrReport: '/admin/portal-rh/relatorio',
    /** The HR portal's settings (subjects and SLA, calendar and holidays, canned answers). */
    hrSettings: '/admin/portal-rh/configuracoes',
    announcements: '/admin/comunicados',
    corporateTv: '/admin/tv-corporativa',
    audit: '/admin/auditoria',
    surveys: '/admin/pesquisas',
    surveyNew: '/admin/pesquisas/nova',
    surveyEdit: '/admin/pesquisas/:idPesquisa/editar',
    surveyResults: '/admin/pesquisas/:idPesquisa/resultados',
  },
} as const;

/** Where "home" is: the employee timeline. */
export const homePath = paths.portal.timeline;

/** Query parameters the app reads or writes. */
export const queryParams = {
  /** On /logout: why the user left (`sessao-expirada` shows 'Sessão expirada' on the login page). */
  logoutReason: 'motivo',
  /** On /painel/fale-com-rh: the HR ticket to open (kept by the /appportal redirect). */
  ticketId: 'idChamado',
  /** On the survey answer route: S when editing a previous answer. */
  editing: 'editando',
  /** On /resetarsenha/{token}: `sms` when the request came by matricula and a code went by SMS. */
  channel: 'canal',
  /** On the login page (and /logout): the private page to open after signing in. */
  returnTo: 'destino',
  /** On /painel/busca: what was searched, the kind listed and the page. */
  searchTerm: 'q',
  searchKind: 'tipo',
  searchPage: 'pagina',
  /** On /painel/chat: the room to open, or the person whose conversation to open. */
  chatRoom: 'sala',
  chatPerson: 'pessoa',
} as const;

/** The results page of the portal-wide search for a term. */
export function searchPath(term: string): string {
  return `${paths.portal.search}?${new URLSearchParams({ [queryParams.searchTerm]: term }).toString()}`;
}

/**
 * The private page a `destino` value names, or null: only a path of this portal's private areas,
 * never another site (`https://…`, `//host`, `/\host`), so the login cannot be used to send
 * someone away.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const base = 'http://elo.invalid';
  const url = new URL(value, base);
  const privateArea = [paths.portal.root, paths.admin.root].some(
    (root) => url.pathname === root || url.pathname.startsWith(`${root}/`),
  );
  return url.origin === base && privateArea ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** The login page, asked to open `returnTo` (a private page) after signing in. */
export function loginReturningTo(returnTo: string): string {
  return `${paths.login}?${new URLSearchParams({ [queryParams.returnTo]: returnTo }).toString()}`;
}

/** The value of `canal` on the reset page when an SMS code must be typed with the new password. */
export const smsChannel = 'sms';

/** The value of `motivo` when the server said the session is gone. */
export const sessionExpiredReason = 'sessao-expirada';

/** The logout route that shows 'Sessão expirada' on the login page afterwards. */
export const sessionExpiredLogoutPath = `${paths.logout}?${queryParams.logoutReason}=${sessionExpiredReason}`;

/** Query keys whose presence skips the route guards (spec section 2, Guards). */
export const guardSkippingQueryKeys = ['logout', 'k', 'token'] as const;
