/**
 * Certificate signing requests as OPA's `crypto.x509.parse_certificate_request` returns them:
 * Go's `x509.CertificateRequest` marshalled to JSON.
 */
import { CertificationRequest } from '@peculiar/asn1-csr';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Extensions, SubjectAlternativeName } from '@peculiar/asn1-x509';
import type { Value } from '../../value/index.ts';
import { publicKey, signatureAlgorithm } from './certificate.ts';
import { alternativeNames } from './extension-values.ts';
import { base64, type Fields } from './go-json.ts';
import { nameValue, oidArcs } from './name.ts';

const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';
const SAN = '2.5.29.17';

/** A request's extensions, its deprecated `Attributes` view of them, and its alternative names. */
function requestedExtensions(attributes: readonly { type: string; values: ArrayBuffer[] }[]): Fields {
  const out: Fields = { DNSNames: null, EmailAddresses: null, IPAddresses: null, URIs: null };
  const extensions: Value[] = [];
  const views: Value[] = [];
  for (const attribute of attributes) {
    if (attribute.type !== EXTENSION_REQUEST) continue;
    const sets: Value[] = [];
    let critical = false;
    for (const value of attribute.values) {
      const exts = AsnConvert.parse(value, Extensions);
      const view: Value[] = [];
      for (const ext of exts) {
        const raw = new Uint8Array(ext.extnValue.buffer);
        extensions.push({ Id: oidArcs(ext.extnID), Critical: ext.critical, Value: base64(raw) });
        view.push({ Type: oidArcs(ext.extnID), Value: base64(raw) });
        critical ||= ext.critical;
        if (ext.extnID === SAN) alternativeNames(out, AsnConvert.parse(raw, SubjectAlternativeName));
      }
      sets.push(view);
    }
    // Go reads each attribute as (type, [][]{type, value}); a critical flag makes that fail, and
    // the attribute is then left out.
    if (!critical) views.push({ Type: oidArcs(attribute.type), Value: sets });
  }
  delete out.URIStrings;
  return {
    ...out,
    Attributes: views.length > 0 ? views : null,
    Extensions: extensions.length > 0 ? extensions : null,
  };
}

/** A request (DER) as OPA's JSON of Go's `x509.CertificateRequest`. */
export function certificateRequestValue(der: Uint8Array): Value {
  const csr = AsnConvert.parse(der, CertificationRequest);
  const info = csr.certificationRequestInfo;
  const [publicKeyAlgorithm, key] = publicKey(info.subjectPKInfo);
  return {
    ...requestedExtensions(info.attributes),
    ExtraExtensions: null,
    PublicKey: key,
    PublicKeyAlgorithm: publicKeyAlgorithm,
    Raw: base64(der),
    RawSubject: base64(AsnConvert.serialize(info.subject)),
    RawSubjectPublicKeyInfo: base64(AsnConvert.serialize(info.subjectPKInfo)),
    RawTBSCertificateRequest: base64(AsnConvert.serialize(info)),
    Signature: base64(csr.signature),
    SignatureAlgorithm: signatureAlgorithm(
      csr.signatureAlgorithm.algorithm,
      csr.signatureAlgorithm.parameters,
    ),
    Subject: nameValue(info.subject),
    Version: info.version,
  };
}
