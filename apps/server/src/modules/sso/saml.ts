import { DOMParser } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, type CacheProvider } from '@node-saml/node-saml';

const metadataNs = 'urn:oasis:names:tc:SAML:2.0:metadata';
const signatureNs = 'http://www.w3.org/2000/09/xmldsig#';
const assertionNs = 'urn:oasis:names:tc:SAML:2.0:assertion';
const redirectBinding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const postBinding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** What the portal needs of an identity provider's SAML metadata. */
export interface IdpMetadata {
  entityId: string;
  /** SingleSignOnService (HTTP-Redirect, else HTTP-POST): where the AuthnRequest goes. */
  signOnUrl: string | null;
  /** Its signing certificates (base64 DER, as in the metadata). */
  certificates: string[];
}

/** Reads an identity provider's metadata; throws a readable error when it is not one. */
export function readIdpMetadata(xml: string): IdpMetadata {
  const errors: string[] = [];
  const document = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message: string) => void errors.push(message),
      fatalError: (message: string) => void errors.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !document?.documentElement) throw new Error(errors[0] ?? 'not XML');
  const descriptors = document.getElementsByTagNameNS(metadataNs, 'EntityDescriptor');
  const entity = descriptors[0];
  if (!entity) throw new Error('no EntityDescriptor');
  const idp = entity.getElementsByTagNameNS(metadataNs, 'IDPSSODescriptor')[0];
  if (!idp) throw new Error('no IDPSSODescriptor');
  const services = Array.from(idp.getElementsByTagNameNS(metadataNs, 'SingleSignOnService'));
  const service =
    services.find((item) => item.getAttribute('Binding') === redirectBinding) ??
    services.find((item) => item.getAttribute('Binding') === postBinding);
  const certificates = Array.from(idp.getElementsByTagNameNS(metadataNs, 'KeyDescriptor'))
    .filter((key) => !key.getAttribute('use') || key.getAttribute('use') === 'signing')
    .flatMap((key) => Array.from(key.getElementsByTagNameNS(signatureNs, 'X509Certificate')))
    .map((node) => (node.textContent ?? '').replace(/\s+/g, ''))
    .filter(Boolean);
  return {
    entityId: entity.getAttribute('entityID') ?? '',
    signOnUrl: service?.getAttribute('Location') || null,
    certificates: [...new Set(certificates)],
  };
}

/** The portal's service-provider addresses for one company. */
export interface SpAddresses {
  entityId: string;
  acsUrl: string;
}

/**
 * A node-saml client for a company: signed assertions required, the audience is the portal's
 * entity id, and the response must answer the request this sign-in sent (`requestId`).
 */
function samlFor(
  idp: IdpMetadata,
  sp: SpAddresses,
  requestId?: string,
  onRequest?: (id: string) => void,
): SAML {
  const cache: CacheProvider = {
    // The request's id lives in the database with the sign-in's state: node-saml hands it over
    // when it makes the request, and asks for it when the response comes.
    saveAsync: async (key) => {
      onRequest?.(key);
      return null;
    },
    getAsync: async (key) => (requestId !== undefined && key === requestId ? new Date().toISOString() : null),
    removeAsync: async () => null,
  };
  return new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    entryPoint: idp.signOnUrl ?? undefined,
    idpCert: idp.certificates.map(pemOf),
    idpIssuer: idp.entityId,
    audience: sp.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider: cache,
    acceptedClockSkewMs: 60_000,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

/** A certificate of the metadata as PEM. */
function pemOf(base64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** The AuthnRequest's redirect address, with the id its response must answer. */
export async function startSaml(
  idp: IdpMetadata,
  sp: SpAddresses,
  relayState: string,
): Promise<{ url: string; requestId: string }> {
  if (!idp.signOnUrl) throw new Error('no SingleSignOnService');
  let requestId = '';
  const saml = samlFor(idp, sp, undefined, (id) => (requestId = id));
  const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
  if (!requestId) throw new Error('no request id');
  return { url, requestId };
}

/** What a checked SAML response says of the person. */
export interface SamlOutcome {
  nameId: string;
  attributes: Record<string, unknown>;
  assertionId: string;
  /** Until when the assertion could be presented (its conditions' NotOnOrAfter). */
  validUntil: Date;
}

/**
 * Checks a POSTed SAMLResponse: the assertion signed by one of the provider's certificates, its
 * audience the portal, its InResponseTo the request sent, its recipient the ACS address, within
 * its validity; answers the person's NameID, attributes and the assertion's id (for replays).
 */
export async function finishSaml(
  idp: IdpMetadata,
  sp: SpAddresses,
  requestId: string,
  samlResponse: string,
): Promise<SamlOutcome> {
  const saml = samlFor(idp, sp, requestId);
  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error('no profile');
  const assertionXml = profile.getAssertionXml?.();
  if (!assertionXml) throw new Error('no assertion');
  const assertion = new DOMParser().parseFromString(assertionXml, 'text/xml').documentElement;
  if (!assertion) throw new Error('no assertion');
  const assertionId = assertion.getAttribute('ID');
  if (!assertionId) throw new Error('assertion without ID');
  // The bearer confirmation must name this ACS (node-saml checks audience, not recipient).
  const confirmations = Array.from(assertion.getElementsByTagNameNS(assertionNs, 'SubjectConfirmationData'));
  if (
    confirmations.length === 0 ||
    confirmations.some((item) => item.getAttribute('Recipient') !== sp.acsUrl)
  ) {
    throw new Error('wrong recipient');
  }
  const conditions = assertion.getElementsByTagNameNS(assertionNs, 'Conditions')[0];
  const notOnOrAfter =
    conditions?.getAttribute('NotOnOrAfter') ?? confirmations[0]!.getAttribute('NotOnOrAfter');
  const validUntil = notOnOrAfter ? new Date(notOnOrAfter) : new Date(Date.now() + 10 * 60_000);
  const {
    issuer: _issuer,
    nameID,
    getAssertion: _a,
    getAssertionXml: _x,
    getSamlResponseXml: _r,
    ...attributes
  } = profile;
  return { nameId: nameID, attributes, assertionId, validUntil };
}

/** The portal's SP metadata for a company, to import into the provider. */
export function spMetadata(idp: IdpMetadata | null, sp: SpAddresses): string {
  const saml = samlFor(idp ?? { entityId: '', signOnUrl: null, certificates: [] }, sp);
  return saml.generateServiceProviderMetadata(null, null);
}
