/**
 * The certificate fields Go's `x509.ParseCertificate` fills from extensions, with their zero
 * values, as JSON; each extension is applied by `x509-extension-values.ts`.
 */
import type { Extension } from '@peculiar/asn1-x509';
import { AIA, applyExtension, push } from './extension-values.ts';
import { base64, type Fields } from './go-json.ts';
import { oidArcs } from './name.ts';

/** Extensions Go handles (an unhandled critical one is listed in `UnhandledCriticalExtensions`). */
const HANDLED = new Set(
  ['14', '15', '17', '19', '30', '31', '32', '33', '35', '36', '37', '54'].map((n) => `2.5.29.${n}`),
);

/** The fields Go fills from `extensions`, with their zero values where absent. */
export function extensionFields(extensions: readonly Extension[]): Fields {
  const out: Fields = {
    AuthorityKeyId: null,
    BasicConstraintsValid: false,
    CRLDistributionPoints: null,
    DNSNames: null,
    EmailAddresses: null,
    ExcludedDNSDomains: null,
    ExcludedEmailAddresses: null,
    ExcludedIPRanges: null,
    ExcludedURIDomains: null,
    ExtKeyUsage: null,
    Extensions: null,
    ExtraExtensions: null,
    IPAddresses: null,
    InhibitAnyPolicy: 0,
    InhibitAnyPolicyZero: false,
    InhibitPolicyMapping: 0,
    InhibitPolicyMappingZero: false,
    IsCA: false,
    IssuingCertificateURL: null,
    KeyUsage: 0,
    MaxPathLen: 0,
    MaxPathLenZero: false,
    OCSPServer: null,
    PermittedDNSDomains: null,
    PermittedDNSDomainsCritical: false,
    PermittedEmailAddresses: null,
    PermittedIPRanges: null,
    PermittedURIDomains: null,
    Policies: null,
    PolicyIdentifiers: null,
    PolicyMappings: null,
    RequireExplicitPolicy: 0,
    RequireExplicitPolicyZero: false,
    SubjectKeyId: null,
    URIStrings: null,
    URIs: null,
    UnhandledCriticalExtensions: null,
    UnknownExtKeyUsage: null,
  };
  for (const ext of extensions) {
    const raw = new Uint8Array(ext.extnValue.buffer);
    push(out, 'Extensions', { Id: oidArcs(ext.extnID), Critical: ext.critical, Value: base64(raw) });
    if (HANDLED.has(ext.extnID) || ext.extnID === AIA) applyExtension(out, ext, raw);
    else if (ext.critical) push(out, 'UnhandledCriticalExtensions', oidArcs(ext.extnID));
  }
  return out;
}
