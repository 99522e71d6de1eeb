/**
 * The Portuguese texts of single sign-on's administration (issue 31), and of the app settings'
 * sections. ui-pt-br-areas.ts joins them into the catalogue's `admin`.
 */
export const uiPtBRSso = {
  appSettingsSections: {
    label: 'Seções das configurações do aplicativo',
    look: 'Aparência',
    sso: 'Login corporativo (SSO)',
  },
  ssoAdmin: {
    title: 'Login corporativo (SSO)',
    description:
      'As pessoas da empresa entram com a conta corporativa (Entra ID, Google Workspace, Okta, Keycloak ou outro provedor OIDC ou SAML).',
    needsBoth:
      'Para ver o login corporativo, você precisa das permissões de configurações do aplicativo e de administradores.',
    urlsTitle: 'Endereços para copiar no provedor',
    urlsHint: 'Cadastre estes endereços no provedor de identidade antes de ligar o login corporativo.',
    copyButton: 'Copiar',
    copy: 'Copiar {{label}}',
    copied: 'Endereço copiado.',
    urls: {
      urlInicio: 'Início do login',
      urlRetornoOidc: 'Redirect URI (OIDC)',
      urlPosSaida: 'Post-logout redirect URI (OIDC)',
      urlAcsSaml: 'ACS URL (SAML)',
      entityIdSaml: 'Entity ID / audiência (SAML)',
      urlMetadadosSaml: 'Metadados do portal (SAML)',
    },
    providerTitle: 'Provedor de identidade',
    protocol: 'Protocolo',
    protocols: { OIDC: 'OpenID Connect (OIDC)', SAML: 'SAML 2.0' },
    active: 'Login corporativo ligado',
    activeHint: 'Desligado, ninguém é levado ao provedor e as senhas valem para todos.',
    domains: 'Domínios de e-mail',
    domainsHint:
      'Um por linha. Quem digitar um e-mail destes domínios na página de login entra pela conta da empresa.',
    issuer: 'Emissor (issuer)',
    issuerHint:
      'O endereço https:// do provedor; o portal lê a descoberta em /.well-known/openid-configuration.',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    clientSecretHint: 'Em branco para um cliente público (só PKCE).',
    clientSecretKept: 'Um segredo está salvo. Deixe em branco para mantê-lo.',
    metadata: 'Metadados SAML do provedor (XML)',
    metadataHint: 'Cole o XML de metadados do provedor, com o certificado de assinatura.',
    claimsTitle: 'Contas e grupos',
    claimLogin: 'Claim do login',
    claimLoginHint: 'Qual claim (ou atributo SAML) traz o e-mail da pessoa. Padrão: email.',
    claimGroups: 'Claim dos grupos',
    claimGroupsHint: 'Qual claim (ou atributo SAML) traz os grupos da pessoa. Padrão: groups.',
    mappingsTitle: 'Mapeamento de grupos',
    mappingsHint:
      'A cada login, a pessoa entra nos grupos mapeados cujo valor o provedor enviar e sai dos mapeados que ele não enviar. Grupos sem mapeamento não mudam, e o login corporativo nunca dá direitos de administrador.',
    mappingValue: 'Valor no provedor ({{number}})',
    mappingGroup: 'Grupo do portal ({{number}})',
    mappingRemove: 'Remover mapeamento {{number}}',
    mappingAdd: 'Adicionar mapeamento',
    noMappings: 'Nenhum mapeamento: o login corporativo não muda os grupos de ninguém.',
    createUsers: 'Criar a pessoa no primeiro login',
    createUsersHint:
      'Quem entrar pelo provedor com um e-mail dos domínios e ainda não tiver conta ganha uma na hora.',
    ssoOnly: 'Entrar somente pela conta corporativa',
    ssoOnlyHint:
      'As senhas deixam de valer para as pessoas da empresa, e a página de login leva direto ao provedor.',
    breakGlassTitle: 'Administradores de emergência',
    breakGlassHint:
      'Continuam entrando com senha mesmo com o login somente corporativo, para corrigir a configuração se o provedor falhar. Eles entram pela página de login com ?acesso=senha no endereço.',
    save: 'Salvar',
    saved: 'Login corporativo salvo.',
    test: 'Testar configuração',
    testHint: 'Testa a configuração salva.',
    testOk: 'A configuração está pronta.',
    testFailed: 'A configuração tem problemas:',
    checkOk: 'Certo',
    checkFailed: 'Problema',
  },
} as const;
