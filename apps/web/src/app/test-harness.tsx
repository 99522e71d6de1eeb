import type { LoggedUser, PermissaoAdmin } from '@elo/contract/calls/auth';
import type { CallName } from '@elo/contract/calls/registry';
import { AdminPermissionStatus, adminPermissionCodes, Permission } from '@elo/contract/enums';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { loggedUserQueryKey } from '#lib/session.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './routes.tsx';

/**
 * A signed-in employee with every employee permission, for seeding the query cache. An
 * administrator (flAdministrador) holds every administration permission at E unless the test
 * names its own, as the server sends them: the web opens an administration area by these statuses.
 */
export function makeLoggedUser(
  overrides: { permissoes?: string[]; flAdministrador?: boolean; permissoesAdmin?: PermissaoAdmin[] } = {},
): LoggedUser {
  const flAdministrador = overrides.flAdministrador ?? false;
  const fullAdministrator = adminPermissionCodes.map((permissao) => ({
    permissao,
    status: AdminPermissionStatus.edit,
  }));
  return {
    usuario: {
      idUsuario: 7,
      idUsuarioPai: 1,
      nome: 'Maria Silva',
      email: 'maria.silva@demo.elo',
      matricula: '10001',
      tipoLogin: 'EMAIL',
      urlFoto: null,
      textoPerfil: null,
      unidade: null,
      filial: null,
      setor: null,
      cargo: null,
      flAdministrador,
      flAdministradorAprovado: true,
    },
    empresa: {
      idEmpresa: 1,
      nome: 'Demo S.A.',
      urlLogo: null,
      corPrincipal: '#0f766e',
      corFontePrimaria: '#111827',
      corFonteSecundaria: '#ffffff',
    },
    listGrupo: [
      { idGrupo: 11, nome: 'Marketing', sigla: 'MKT', urlFoto: null, flPadrao: 'N' },
      { idGrupo: 10, nome: 'Todos', sigla: 'TDS', urlFoto: null, flPadrao: 'S' },
    ],
    permissoes: overrides.permissoes ?? Object.values(Permission),
    permissoesAdmin: overrides.permissoesAdmin ?? (flAdministrador ? fullAdministrator : []),
    atalhosPermissoes: [],
    idsGruposAdm: [],
    idsGruposPermitePostar: [10],
    maximoCaracteres: 10,
    qtdChamadosComMensagemNaoLida: 0,
  };
}

type FakeAnswer = { status: number; body: unknown };
export type FakeBackend = Partial<Record<CallName, (body: unknown) => FakeAnswer>>;

/** A successful answer in the spec's envelope. */
export function ok(data: unknown): FakeAnswer {
  return { status: 200, body: { data } };
}

/** A 422 answer: the spec's general message and the messages beside the fields named. */
export function invalid(errors: Record<string, string[]>): FakeAnswer {
  return {
    status: 422,
    body: { message: 'Ops! Parece que você tentou salvar sem preencher todos os dados necessários', errors },
  };
}

/**
 * How long a whole-route render may take to show its page: it loads the page's chunk first, and a
 * busy machine needs more than 5 s.
 */
export const firstLoad = 20_000;

/**
 * What the homes (the portal's timeline and dashboard, the administration's dashboard) and the
 * headers' bell ask on every visit, answered empty unless a test answers otherwise: most flows end
 * on a home, and a 401 there would end the session.
 */
export const emptyTimeline: FakeBackend = {
  consultaPostagens: () =>
    ok({ listPostagens: [], idPaginaAtual: 1, qtdRegistrosPorPagina: 10, qtdTotalRegistros: 0 }),
  consultaBannersPortal: () => ok({ listBanners: [] }),
  // The carousel counts the slides seen and the links opened.
  registraVisualizacaoComunicado: () => ok({ ok: true }),
  registraCliqueComunicado: () => ok({ ok: true }),
  consultaGestos: () => ok({ listGestos: [] }),
  // The timeline's pinned mandatory readings and the views it reports.
  consultaLeiturasPendentes: () => ok({ listPostagens: [] }),
  registraVisualizacoes: () => ok({ ok: true }),
  // The administration's home: its figures.
  consultaDashboardAdmin: () =>
    ok({
      qtdUsuariosAtivos: 0,
      qtdAcessos7Dias: 0,
      qtdPostagens: 0,
      qtdComentarios: 0,
      qtdMensagensChat: 0,
      qtdRespostasPesquisa: 0,
    }),
  // Corporate sign-in's page, with nothing set up yet (its SCIM card is below).
  consultaConfiguracaoSsoAdmin: () =>
    ok({
      configuracao: null,
      urls: {
        urlInicio: 'https://portal.exemplo.com/backend/sso/1/inicio',
        urlRetornoOidc: 'https://portal.exemplo.com/backend/sso/oidc/retorno',
        urlPosSaida: 'https://portal.exemplo.com/',
        urlAcsSaml: 'https://portal.exemplo.com/backend/sso/saml/acs',
        entityIdSaml: 'https://portal.exemplo.com/backend/sso/1/saml/metadata.xml',
        urlMetadadosSaml: 'https://portal.exemplo.com/backend/sso/1/saml/metadata.xml',
      },
      listGrupos: [],
      listAdministradores: [],
    }),
  // Corporate sign-in's page's SCIM card (for those holding the app settings and the administrators).
  consultaProvisionamentoScimAdmin: () =>
    ok({
      urlBase: 'https://portal.exemplo.com/scim/v2',
      flTokenAtivo: 'N',
      dtCriacaoToken: null,
      dtUltimoUsoToken: null,
    }),
  // The HR administrator's open work on the same home.
  consultaResumoRhAdmin: () => ok({ qtdEmAberto: 0, qtdAtrasados: 0, qtdAtribuidosAMim: 0 }),
  // The notification bell of the portal's and the administration's headers asks on every private page.
  consultaNotificacoes: () =>
    ok({
      listNotificacoes: [],
      idPaginaAtual: 1,
      qtdRegistrosPorPagina: 10,
      qtdTotalRegistros: 0,
      qtdNaoLidas: 0,
    }),
  // The notification preferences list the person's push devices.
  consultaDispositivosPush: () => ok({ listDispositivos: [] }),
};

/** A multipart body as the server reads it: repeated fields become lists, files stay files. */
function formDataToObject(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const previous = fields[key];
    if (previous === undefined) fields[key] = value;
    else fields[key] = [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return fields;
}

function requestBody(body: RequestInit['body']): unknown {
  if (body instanceof FormData) return formDataToObject(body);
  return JSON.parse(typeof body === 'string' ? body : '{}');
}

/**
 * Replaces fetch with a fake /backend for page tests (jsdom cannot reach a real server through
 * relative URLs); the API client itself is tested against a real HTTP server. The timeline's
 * read calls answer empty (emptyTimeline) unless handled; other calls without a handler answer
 * 401, like the server without a session.
 */
export function fakeBackend(handlers: FakeBackend) {
  const answering: FakeBackend = { ...emptyTimeline, ...handlers };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const name = url.replace('/backend/', '') as CallName;
    const body = requestBody(init?.body);
    const answer = answering[name]?.(body) ?? {
      status: 401,
      body: { message: 'Sessão expirada', error_code: 'SESSION_EXPIRED' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The names of the calls a fetch mock received, in order. */
export function calledNames(fetchMock: ReturnType<typeof fakeBackend>): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url).replace('/backend/', ''));
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the whole route tree at a path, optionally with a user already signed in. */
export function renderApp(path: string, options: { user?: LoggedUser } = {}) {
  const queryClient = createQueryClient();
  if (options.user) queryClient.setQueryData(loggedUserQueryKey, options.user);
  const result = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, queryClient };
}
