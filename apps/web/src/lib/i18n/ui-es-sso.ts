import type { UiCatalogue } from './ui-catalogue.ts';

/** The Spanish texts of single sign-on's administration and of the app settings' sections. */
export const uiEsSso: Pick<UiCatalogue['admin'], 'appSettingsSections' | 'ssoAdmin'> = {
  appSettingsSections: {
    label: 'Secciones de la configuración de la aplicación',
    look: 'Apariencia',
    sso: 'Inicio de sesión corporativo (SSO)',
  },
  ssoAdmin: {
    title: 'Inicio de sesión corporativo (SSO)',
    description:
      'Las personas de la empresa entran con su cuenta corporativa (Entra ID, Google Workspace, Okta, Keycloak u otro proveedor OIDC o SAML).',
    needsBoth:
      'Para ver el inicio de sesión corporativo necesitas los permisos de configuración de la aplicación y de administradores.',
    urlsTitle: 'Direcciones para copiar en el proveedor',
    urlsHint:
      'Registra estas direcciones en el proveedor de identidad antes de encender el inicio de sesión corporativo.',
    copyButton: 'Copiar',
    copy: 'Copiar {{label}}',
    copied: 'Dirección copiada.',
    urls: {
      urlInicio: 'Inicio de sesión',
      urlRetornoOidc: 'Redirect URI (OIDC)',
      urlPosSaida: 'Post-logout redirect URI (OIDC)',
      urlAcsSaml: 'ACS URL (SAML)',
      entityIdSaml: 'Entity ID / audiencia (SAML)',
      urlMetadadosSaml: 'Metadatos del portal (SAML)',
    },
    providerTitle: 'Proveedor de identidad',
    protocol: 'Protocolo',
    protocols: { OIDC: 'OpenID Connect (OIDC)', SAML: 'SAML 2.0' },
    active: 'Inicio de sesión corporativo encendido',
    activeHint: 'Apagado, nadie es llevado al proveedor y las contraseñas valen para todos.',
    domains: 'Dominios de correo',
    domainsHint:
      'Uno por línea. Quien escriba un correo de estos dominios en la página de inicio entra con la cuenta de la empresa.',
    issuer: 'Emisor (issuer)',
    issuerHint:
      'La dirección https:// del proveedor; el portal lee su descubrimiento en /.well-known/openid-configuration.',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    clientSecretHint: 'En blanco para un cliente público (solo PKCE).',
    clientSecretKept: 'Hay un secreto guardado. Déjalo en blanco para conservarlo.',
    metadata: 'Metadatos SAML del proveedor (XML)',
    metadataHint: 'Pega el XML de metadatos del proveedor, con el certificado de firma.',
    claimsTitle: 'Cuentas y grupos',
    claimLogin: 'Claim del login',
    claimLoginHint: 'Qué claim (o atributo SAML) trae el correo de la persona. Por defecto: email.',
    claimGroups: 'Claim de los grupos',
    claimGroupsHint: 'Qué claim (o atributo SAML) trae los grupos de la persona. Por defecto: groups.',
    mappingsTitle: 'Mapeo de grupos',
    mappingsHint:
      'En cada inicio de sesión la persona entra en los grupos mapeados cuyo valor envíe el proveedor y sale de los mapeados que no envíe. Los grupos sin mapeo no cambian, y el inicio corporativo nunca da derechos de administrador.',
    mappingValue: 'Valor en el proveedor ({{number}})',
    mappingGroup: 'Grupo del portal ({{number}})',
    mappingRemove: 'Quitar mapeo {{number}}',
    mappingAdd: 'Añadir mapeo',
    noMappings: 'Ningún mapeo: el inicio corporativo no cambia los grupos de nadie.',
    createUsers: 'Crear a la persona en el primer inicio de sesión',
    createUsersHint:
      'Quien entre por el proveedor con un correo de los dominios y aún no tenga cuenta recibe una al momento.',
    ssoOnly: 'Entrar solo con la cuenta corporativa',
    ssoOnlyHint:
      'Las contraseñas dejan de valer para las personas de la empresa, y la página de inicio lleva directo al proveedor.',
    breakGlassTitle: 'Administradores de emergencia',
    breakGlassHint:
      'Siguen entrando con contraseña aun con el inicio solo corporativo, para corregir la configuración si el proveedor falla. Usan la página de inicio con ?acesso=senha en la dirección.',
    save: 'Guardar',
    saved: 'Inicio de sesión corporativo guardado.',
    test: 'Probar la configuración',
    testHint: 'Prueba la configuración guardada.',
    testOk: 'La configuración está lista.',
    testFailed: 'La configuración tiene problemas:',
    checkOk: 'Correcto',
    checkFailed: 'Problema',
  },
};
