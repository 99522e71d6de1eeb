import type { UiCatalogue } from './ui-catalogue.ts';

/** The English texts of single sign-on's administration and of the app settings' sections. */
export const uiEnSso: Pick<UiCatalogue['admin'], 'appSettingsSections' | 'ssoAdmin'> = {
  appSettingsSections: {
    label: "App settings' sections",
    look: 'Look',
    sso: 'Corporate sign-in (SSO)',
  },
  ssoAdmin: {
    title: 'Corporate sign-in (SSO)',
    description:
      "The company's people sign in with their corporate account (Entra ID, Google Workspace, Okta, Keycloak or another OIDC or SAML provider).",
    needsBoth: "Corporate sign-in needs both the app settings' and the administrators' permissions.",
    urlsTitle: 'Addresses to copy into the provider',
    urlsHint: 'Register these addresses with the identity provider before turning corporate sign-in on.',
    copyButton: 'Copy',
    copy: 'Copy {{label}}',
    copied: 'Address copied.',
    urls: {
      urlInicio: 'Sign-in start',
      urlRetornoOidc: 'Redirect URI (OIDC)',
      urlPosSaida: 'Post-logout redirect URI (OIDC)',
      urlAcsSaml: 'ACS URL (SAML)',
      entityIdSaml: 'Entity ID / audience (SAML)',
      urlMetadadosSaml: "Portal's metadata (SAML)",
    },
    providerTitle: 'Identity provider',
    protocol: 'Protocol',
    protocols: { OIDC: 'OpenID Connect (OIDC)', SAML: 'SAML 2.0' },
    active: 'Corporate sign-in on',
    activeHint: 'Off, nobody is sent to the provider and passwords work for everyone.',
    domains: 'E-mail domains',
    domainsHint:
      'One per line. Whoever types an e-mail of these domains on the login page signs in with the company account.',
    issuer: 'Issuer',
    issuerHint:
      "The provider's https:// address; the portal reads its discovery at /.well-known/openid-configuration.",
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    clientSecretHint: 'Blank for a public client (PKCE only).',
    clientSecretKept: 'A secret is saved. Leave blank to keep it.',
    metadata: "Provider's SAML metadata (XML)",
    metadataHint: "Paste the provider's XML metadata, with its signing certificate.",
    claimsTitle: 'Accounts and groups',
    claimLogin: 'Login claim',
    claimLoginHint: "Which claim (or SAML attribute) carries the person's e-mail. Default: email.",
    claimGroups: 'Groups claim',
    claimGroupsHint: "Which claim (or SAML attribute) carries the person's groups. Default: groups.",
    mappingsTitle: 'Group mapping',
    mappingsHint:
      'At every sign-in the person joins the mapped groups whose value the provider sends and leaves the mapped ones it does not. Unmapped groups never change, and corporate sign-in never grants administrator rights.',
    mappingValue: 'Value at the provider ({{number}})',
    mappingGroup: 'Portal group ({{number}})',
    mappingRemove: 'Remove mapping {{number}}',
    mappingAdd: 'Add a mapping',
    noMappings: "No mapping: corporate sign-in changes nobody's groups.",
    createUsers: 'Create the person at first sign-in',
    createUsersHint:
      'Whoever signs in through the provider with an e-mail of the domains and has no account yet gets one at once.',
    ssoOnly: 'Sign in only with the corporate account',
    ssoOnlyHint:
      "Passwords stop working for the company's people, and the login page goes straight to the provider.",
    breakGlassTitle: 'Emergency administrators',
    breakGlassHint:
      'They keep signing in with a password even with corporate-only sign-in, to fix the settings if the provider fails. They use the login page with ?acesso=senha in the address.',
    save: 'Save',
    saved: 'Corporate sign-in saved.',
    test: 'Test the settings',
    testHint: 'Tests the saved settings.',
    testOk: 'The settings are ready.',
    testFailed: 'The settings have problems:',
    checkOk: 'Right',
    checkFailed: 'Problem',
  },
};
