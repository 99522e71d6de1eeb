import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { AdminPermission } from '@elo/contract/enums';
import { auditLog, ssoConfigs } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestSamlIdp, type TestSamlIdp } from './testing/saml-idp.ts';

let t: TestApp;
let companyId: number;
let master: string;
let otherMaster: string;
let bothReaders: string;
let settingsOnly: string;
let breakGlassId: number;
let groupId: number;
let otherGroupId: number;
let idp: TestSamlIdp;

const read = (cookie: string) => t.call('consultaConfiguracaoSsoAdmin', {}, { cookie });
const save = (cookie: string, body: Record<string, unknown>) =>
  t.call('salvaConfiguracaoSsoAdmin', body, { cookie });

const oidcForm = (extra: Record<string, unknown> = {}) => ({
  protocolo: 'OIDC',
  flAtivo: 'S',
  dominiosEmail: ['Acme.com.br'],
  emissor: 'https://login.acme.com.br/realms/portal',
  clientId: 'portal-elo',
  clientSecret: 'segredo-do-cliente',
  mapeamentoGrupos: [{ valor: 'financeiro', idGrupo: groupId }],
  flCriarUsuarios: 'S',
  ...extra,
});

async function auditEntries() {
  return t.database.db
    .select({ changes: auditLog.changes, targetType: auditLog.targetType })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'sso_settings_update')))
    .orderBy(asc(auditLog.id));
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  groupId = await makeGroup(db, { companyId, name: 'Financeiro' });
  otherGroupId = await makeGroup(db, { companyId: other.companyId, name: 'Deles' });
  const readers = await makePerson(db, {
    companyId,
    administrator: { [AdminPermission.appSettings]: 'L', [AdminPermission.administrators]: 'L' },
  });
  const onlySettings = await makePerson(db, {
    companyId,
    administrator: { [AdminPermission.appSettings]: 'E' },
  });
  breakGlassId = onlySettings.id;
  [master, otherMaster, bothReaders, settingsOnly] = await Promise.all([
    t.signIn(company.master.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
    t.signIn(readers.email, factoryPassword),
    t.signIn(onlySettings.email, factoryPassword),
  ]);
  idp = await createTestSamlIdp();
});
afterAll(async () => {
  await t?.close();
});

describe('single sign-on settings', () => {
  it('start empty, with the addresses to paste into the provider', async () => {
    const response = await read(master);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.configuracao).toBeNull();
    expect(data.urls).toEqual({
      urlInicio: `${t.config.PUBLIC_URL}/backend/sso/${companyId}/inicio`,
      urlRetornoOidc: `${t.config.PUBLIC_URL}/backend/sso/oidc/retorno`,
      urlPosSaida: `${t.config.PUBLIC_URL}/`,
      urlAcsSaml: `${t.config.PUBLIC_URL}/backend/sso/saml/acs`,
      entityIdSaml: `${t.config.PUBLIC_URL}/backend/sso/${companyId}/saml/metadata.xml`,
      urlMetadadosSaml: `${t.config.PUBLIC_URL}/backend/sso/${companyId}/saml/metadata.xml`,
    });
    expect(data.listGrupos).toContainEqual({ idGrupo: groupId, nome: 'Financeiro' });
  });

  it('save OIDC settings; the client secret is never answered and is audited as ***', async () => {
    const response = await save(master, oidcForm());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('segredo-do-cliente');
    expect(response.json().data.configuracao).toMatchObject({
      protocolo: 'OIDC',
      flAtivo: 'S',
      dominiosEmail: ['acme.com.br'],
      emissor: 'https://login.acme.com.br/realms/portal',
      clientId: 'portal-elo',
      flClientSecretDefinido: 'S',
      claimLogin: 'email',
      claimGrupos: 'groups',
      mapeamentoGrupos: [{ valor: 'financeiro', idGrupo: groupId }],
      flCriarUsuarios: 'S',
      flSomenteSso: 'N',
      versao: 1,
    });
    const reread = await read(bothReaders);
    expect(reread.statusCode).toBe(200);
    expect(reread.body).not.toContain('segredo-do-cliente');
    const [entry] = await auditEntries();
    expect(entry!.targetType).toBe('sso_settings');
    expect(entry!.changes).toMatchObject({
      clientSecret: { antes: '***', depois: '***' },
      emissor: { antes: null, depois: 'https://login.acme.com.br/realms/portal' },
      dominiosEmail: { antes: null, depois: ['acme.com.br'] },
    });
    expect(JSON.stringify(entry!.changes)).not.toContain('segredo-do-cliente');
  });

  it('keep the stored secret when none is sent; a stale versao writes nothing', async () => {
    const kept = await save(master, oidcForm({ clientSecret: '', claimGrupos: 'roles', versao: 1 }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.configuracao).toMatchObject({
      flClientSecretDefinido: 'S',
      claimGrupos: 'roles',
      versao: 2,
    });
    const entries = await auditEntries();
    expect(entries.at(-1)!.changes).toEqual({ claimGrupos: { antes: 'groups', depois: 'roles' } });

    const stale = await save(master, oidcForm({ claimGrupos: 'outra', versao: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('REGISTRO_ALTERADO');
    expect((await read(master)).json().data.configuracao.claimGrupos).toBe('roles');
  });

  it('refuse with translated 422s: http issuer, a missing field, another company’s group and domain, enforced SSO without break-glass', async () => {
    const taken = await save(otherMaster, {
      ...oidcForm({ mapeamentoGrupos: [] }),
      dominiosEmail: ['deles.com'],
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const cases: [Record<string, unknown>, string, string][] = [
      [oidcForm({ emissor: 'http://login.acme.com.br' }), 'emissor', 'O emissor precisa usar https://'],
      [oidcForm({ clientId: '' }), 'clientId', 'Campo obrigatório'],
      [
        oidcForm({ dominiosEmail: ['acme.com.br', 'deles.com'] }),
        'dominiosEmail.1',
        'Este domínio já é usado por outra empresa',
      ],
      [
        oidcForm({ dominiosEmail: ['não é domínio'] }),
        'dominiosEmail.0',
        'Informe um domínio válido, como empresa.com.br',
      ],
      [
        oidcForm({ mapeamentoGrupos: [{ valor: 'x', idGrupo: otherGroupId }] }),
        'mapeamentoGrupos.0.idGrupo',
        'Grupo não encontrado',
      ],
      [
        oidcForm({ flSomenteSso: 'S' }),
        'idsUsuariosExcecao',
        'Escolha pelo menos um administrador que continue entrando com senha, para o caso de o provedor falhar',
      ],
      [
        oidcForm({ flSomenteSso: 'S', idsUsuariosExcecao: [999_999] }),
        'idsUsuariosExcecao.0',
        'Escolha um administrador da empresa',
      ],
      [
        { protocolo: 'SAML', flAtivo: 'S', dominiosEmail: ['acme.com.br'], metadadosSaml: '<nada/>' },
        'metadadosSaml',
        'Cole os metadados XML do provedor de identidade (com o certificado de assinatura)',
      ],
    ];
    const before = (await read(master)).json().data.configuracao;
    for (const [body, field, message] of cases) {
      const response = await save(master, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(response.json().errors[field], field).toEqual([message]);
    }
    expect((await read(master)).json().data.configuracao).toEqual(before);
  });

  it('need both the app settings and the administrators’ permission: L reads, E saves', async () => {
    expect((await read(settingsOnly)).statusCode).toBe(403);
    expect((await save(settingsOnly, oidcForm())).statusCode).toBe(403);
    expect((await save(bothReaders, oidcForm())).statusCode).toBe(403);
    expect((await t.call('testaConfiguracaoSsoAdmin', {}, { cookie: bothReaders })).statusCode).toBe(403);
  });

  it('save SAML metadata, test it in words, and publish the portal’s SP metadata', async () => {
    const saved = await save(master, {
      protocolo: 'SAML',
      flAtivo: 'S',
      dominiosEmail: ['acme.com.br'],
      metadadosSaml: idp.metadata,
      flSomenteSso: 'S',
      idsUsuariosExcecao: [breakGlassId],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.configuracao).toMatchObject({
      protocolo: 'SAML',
      emissor: null,
      clientId: null,
      flClientSecretDefinido: 'N',
      flSomenteSso: 'S',
      idsUsuariosExcecao: [breakGlassId],
    });
    const tested = await t.call('testaConfiguracaoSsoAdmin', {}, { cookie: master });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toEqual({
      flOk: 'S',
      listVerificacoes: [
        { item: 'Situação', flOk: 'S', mensagem: 'Ligado.' },
        { item: 'Domínios de e-mail', flOk: 'S', mensagem: 'acme.com.br' },
        { item: 'Metadados SAML', flOk: 'S', mensagem: `Provedor ${idp.entityId}.` },
        { item: 'Endereço de login SAML', flOk: 'S', mensagem: `Login em ${idp.signOnUrl}.` },
        { item: 'Certificado de assinatura', flOk: 'S', mensagem: '1 certificado(s) de assinatura.' },
      ],
    });

    const metadata = await t.app.inject({
      method: 'GET',
      url: `/backend/sso/${companyId}/saml/metadata.xml`,
    });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.body).toContain(
      `entityID="${t.config.PUBLIC_URL}/backend/sso/${companyId}/saml/metadata.xml"`,
    );
    expect(metadata.body).toContain(`Location="${t.config.PUBLIC_URL}/backend/sso/saml/acs"`);
  });

  it('test an unreachable OIDC issuer and say why', async () => {
    const saved = await save(master, oidcForm({ emissor: 'https://127.0.0.1:1/nada', versao: undefined }));
    expect(saved.statusCode, saved.body).toBe(200);
    const tested = (await t.call('testaConfiguracaoSsoAdmin', {}, { cookie: master })).json().data;
    expect(tested.flOk).toBe('N');
    expect(tested.listVerificacoes.at(-1)).toMatchObject({
      item: 'Emissor',
      flOk: 'N',
      mensagem: expect.stringMatching(/^Não foi possível ler https:\/\/127\.0\.0\.1:1\/nada: /),
    });
  });

  it('never start a sign-in at a plain-http issuer while the server does not allow it', async () => {
    await save(master, oidcForm());
    // Stored before the rule, say: the sign-in refuses it all the same.
    await t.database.db
      .update(ssoConfigs)
      .set({ issuer: 'http://login.acme.com.br' })
      .where(eq(ssoConfigs.companyId, companyId));
    const start = await t.app.inject({ method: 'GET', url: `/backend/sso/${companyId}/inicio` });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe(`${t.config.PUBLIC_URL}/?erroSso=SSO_SIGN_IN_FAILED`);
    const tested = (await t.call('testaConfiguracaoSsoAdmin', {}, { cookie: master })).json().data;
    expect(tested.listVerificacoes.at(-1)).toEqual({
      item: 'Emissor',
      flOk: 'N',
      mensagem: 'O emissor usa http://: use https:// (o provedor precisa ter um certificado TLS).',
    });
  });

  it('tell the login page which e-mails sign in through the provider', async () => {
    const mine = await t.call('consultaSsoLogin', { login: 'maria@ACME.com.br' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual({
      flSso: 'S',
      flSomenteSso: 'N',
      urlInicio: `${t.config.PUBLIC_URL}/backend/sso/${companyId}/inicio`,
    });
    expect((await t.call('consultaSsoLogin', { login: 'joao@outra.com' })).json().data).toEqual({
      flSso: 'N',
      flSomenteSso: 'N',
    });
    expect((await t.call('consultaSsoLogin', { login: '12345' })).json().data.flSso).toBe('N');
    await save(master, oidcForm({ flAtivo: 'N' }));
    expect((await t.call('consultaSsoLogin', { login: 'maria@acme.com.br' })).json().data.flSso).toBe('N');
  });
});
