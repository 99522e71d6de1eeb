import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML identity provider for tests: a real key pair and certificate, its metadata, and
 * responses whose assertion is signed with xml-crypto (the library node-saml checks with), which
 * a test may leave unsigned, tamper with, or address to another audience or recipient.
 */
export async function createTestSamlIdp(options: { entityId?: string; signOnUrl?: string } = {}) {
  const pems = await generate([{ name: 'commonName', value: 'idp.teste.local' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  const entityId = options.entityId ?? 'https://idp.teste.local/metadata';
  const signOnUrl = options.signOnUrl ?? 'https://idp.teste.local/sso';
  const certBase64 = pems.cert.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

  const metadata = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol" WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${signOnUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  /** The AuthnRequest a redirect carries (its id, ACS and issuer), as the provider reads it. */
  function readRequest(redirectUrl: string) {
    const url = new URL(redirectUrl);
    const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString(
      'utf8',
    );
    return {
      id: /\sID="([^"]+)"/.exec(xml)?.[1] ?? '',
      acsUrl: /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '',
      issuer: /<saml:Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
      relayState: url.searchParams.get('RelayState') ?? '',
    };
  }

  /** A base64 SAMLResponse for a person, answering a request. */
  function respond(params: {
    inResponseTo: string;
    acsUrl: string;
    audience: string;
    nameId: string;
    attributes?: Record<string, string[]>;
    /** Leave the assertion unsigned. */
    unsigned?: boolean;
    /** Change the signed assertion afterwards (the NameID), breaking its digest. */
    tamper?: (xml: string) => string;
    recipient?: string;
  }): string {
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000);
    const before = new Date(now.getTime() - 60_000);
    const assertionId = `_${randomUUID()}`;
    const attributes = Object.entries(params.attributes ?? {})
      .map(
        ([name, values]) =>
          `<saml:Attribute Name="${name}">${values.map((value) => `<saml:AttributeValue>${value}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
      )
      .join('');
    const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${now.toISOString()}"><saml:Issuer>${entityId}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${params.nameId}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${params.inResponseTo}" NotOnOrAfter="${later.toISOString()}" Recipient="${params.recipient ?? params.acsUrl}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${before.toISOString()}" NotOnOrAfter="${later.toISOString()}"><saml:AudienceRestriction><saml:Audience>${params.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attributes}</saml:AttributeStatement></saml:Assertion>`;
    let signed = assertion;
    if (!params.unsigned) {
      const signature = new SignedXml({
        privateKey: pems.private,
        publicCert: pems.cert,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      });
      signature.addReference({
        xpath: "//*[local-name(.)='Assertion']",
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
        transforms: [
          'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
          'http://www.w3.org/2001/10/xml-exc-c14n#',
        ],
      });
      signature.computeSignature(assertion, {
        location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
      });
      signed = signature.getSignedXml();
    }
    if (params.tamper) signed = params.tamper(signed);
    const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${params.acsUrl}" InResponseTo="${params.inResponseTo}"><saml:Issuer>${entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signed}</samlp:Response>`;
    return Buffer.from(response, 'utf8').toString('base64');
  }

  return { entityId, signOnUrl, metadata, readRequest, respond };
}

export type TestSamlIdp = Awaited<ReturnType<typeof createTestSamlIdp>>;
