/**
 * How Go's `x509.ParseCertificate` fills certificate fields from each extension it understands
 * (key identifiers, usages, basic and name constraints, alternative names, CRL and AIA URLs,
 * policies), as JSON.
 */
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AuthorityInfoAccessSyntax,
  AuthorityKeyIdentifier,
  BasicConstraints,
  CertificatePolicies,
  CRLDistributionPoints,
  ExtendedKeyUsage,
  type Extension,
  type GeneralName,
  InhibitAnyPolicy,
  NameConstraints,
  PolicyConstraints,
  PolicyMappings,
  SubjectAlternativeName,
  SubjectKeyIdentifier,
} from '@peculiar/asn1-x509';
import type { Value } from '../../value/index.ts';
import { bytesToBigInt } from '../jwt/index.ts';
import { formatIP, parseIP } from '../net/index.ts';
import { base64, type Fields } from './go-json.ts';
import { oidArcs } from './name.ts';
import { goUrlValue } from './url.ts';

/** Authority information access. */
export const AIA = '1.3.6.1.5.5.7.1.1';

const EXT_KEY_USAGES: Readonly<Record<string, number>> = {
  '2.5.29.37.0': 0,
  '1.3.6.1.5.5.7.3.1': 1,
  '1.3.6.1.5.5.7.3.2': 2,
  '1.3.6.1.5.5.7.3.3': 3,
  '1.3.6.1.5.5.7.3.4': 4,
  '1.3.6.1.5.5.7.3.5': 5,
  '1.3.6.1.5.5.7.3.6': 6,
  '1.3.6.1.5.5.7.3.7': 7,
  '1.3.6.1.5.5.7.3.8': 8,
  '1.3.6.1.5.5.7.3.9': 9,
  '1.3.6.1.4.1.311.10.3.3': 10,
  '2.16.840.1.113730.4.1': 11,
  '1.3.6.1.4.1.311.2.1.22': 12,
  '1.3.6.1.4.1.311.61.1.1': 13,
};

/** Appends `v` to the list field `key` (Go's `append` on a nil slice). */
export function push(out: Fields, key: string, v: Value): void {
  const list = out[key];
  out[key] = Array.isArray(list) ? [...list, v] : [v];
}

/** Adds the names of a subject alternative name extension (`DNSNames`, …, `URIs`, `URIStrings`). */
export function alternativeNames(out: Fields, names: readonly GeneralName[]): void {
  for (const n of names) {
    if (n.dNSName !== undefined) push(out, 'DNSNames', n.dNSName);
    else if (n.rfc822Name !== undefined) push(out, 'EmailAddresses', n.rfc822Name);
    else if (n.iPAddress !== undefined) {
      const ip = parseIP(n.iPAddress);
      push(out, 'IPAddresses', ip ? formatIP(ip) : n.iPAddress);
    } else if (n.uniformResourceIdentifier !== undefined) {
      push(out, 'URIs', goUrlValue(n.uniformResourceIdentifier));
      push(out, 'URIStrings', n.uniformResourceIdentifier);
    }
  }
}

function constraintSubtrees(
  out: Fields,
  prefix: 'Permitted' | 'Excluded',
  trees: readonly { base: GeneralName }[],
) {
  for (const { base } of trees) {
    if (base.dNSName !== undefined) push(out, `${prefix}DNSDomains`, base.dNSName);
    else if (base.rfc822Name !== undefined) push(out, `${prefix}EmailAddresses`, base.rfc822Name);
    else if (base.uniformResourceIdentifier !== undefined)
      push(out, `${prefix}URIDomains`, base.uniformResourceIdentifier);
    else if (base.iPAddress !== undefined) {
      const range = ipRange(base.iPAddress);
      if (range) push(out, `${prefix}IPRanges`, range);
    }
  }
}

/** A constraint's `address/prefix` as Go's `net.IPNet` marshals it: the address, the mask in base64. */
function ipRange(cidr: string): Value | undefined {
  const [address = '', bits = ''] = cidr.split('/');
  const ip = parseIP(address);
  if (!ip) return undefined;
  const size = ip.bits / 8;
  const mask = new Uint8Array(size);
  for (let i = 0; i < Number(bits); i++) mask[i >> 3] = (mask[i >> 3] as number) | (0x80 >> (i & 7));
  return { IP: formatIP(ip), Mask: base64(mask) };
}

function keyUsage(der: Uint8Array): number {
  // BIT STRING: tag, length, unused bits, then the bits, most significant first.
  const bits = der.slice(3);
  let usage = 0;
  for (let i = 0; i < 9; i++) if (((bits[i >> 3] ?? 0) >> (7 - (i & 7))) & 1) usage |= 1 << i;
  return usage;
}

/** Applies one extension to the certificate's fields. */
export function applyExtension(out: Fields, ext: Extension, raw: Uint8Array): void {
  switch (ext.extnID) {
    case '2.5.29.14':
      out.SubjectKeyId = base64(AsnConvert.parse(raw, SubjectKeyIdentifier).buffer);
      break;
    case '2.5.29.35': {
      const aki = AsnConvert.parse(raw, AuthorityKeyIdentifier);
      if (aki.keyIdentifier) out.AuthorityKeyId = base64(aki.keyIdentifier.buffer);
      break;
    }
    case '2.5.29.15':
      out.KeyUsage = keyUsage(raw);
      break;
    case '2.5.29.19': {
      const bc = AsnConvert.parse(raw, BasicConstraints);
      out.BasicConstraintsValid = true;
      out.IsCA = bc.cA;
      out.MaxPathLen = bc.pathLenConstraint ?? -1;
      out.MaxPathLenZero = bc.pathLenConstraint === 0;
      break;
    }
    case '2.5.29.17':
      alternativeNames(out, AsnConvert.parse(raw, SubjectAlternativeName));
      break;
    case '2.5.29.37':
      for (const oid of AsnConvert.parse(raw, ExtendedKeyUsage)) {
        const known = EXT_KEY_USAGES[oid];
        if (known === undefined) push(out, 'UnknownExtKeyUsage', oidArcs(oid));
        else push(out, 'ExtKeyUsage', known);
      }
      break;
    case '2.5.29.31':
      for (const dp of AsnConvert.parse(raw, CRLDistributionPoints)) {
        for (const n of dp.distributionPoint?.fullName ?? []) {
          if (n.uniformResourceIdentifier !== undefined)
            push(out, 'CRLDistributionPoints', n.uniformResourceIdentifier);
        }
      }
      break;
    case AIA:
      for (const ad of AsnConvert.parse(raw, AuthorityInfoAccessSyntax)) {
        const uri = ad.accessLocation.uniformResourceIdentifier;
        if (uri === undefined) continue;
        if (ad.accessMethod === '1.3.6.1.5.5.7.48.1') push(out, 'OCSPServer', uri);
        else if (ad.accessMethod === '1.3.6.1.5.5.7.48.2') push(out, 'IssuingCertificateURL', uri);
      }
      break;
    case '2.5.29.32':
      for (const p of AsnConvert.parse(raw, CertificatePolicies)) {
        push(out, 'PolicyIdentifiers', oidArcs(p.policyIdentifier));
        push(out, 'Policies', p.policyIdentifier);
      }
      break;
    case '2.5.29.30': {
      const nc = AsnConvert.parse(raw, NameConstraints);
      out.PermittedDNSDomainsCritical = ext.critical;
      constraintSubtrees(out, 'Permitted', nc.permittedSubtrees ?? []);
      constraintSubtrees(out, 'Excluded', nc.excludedSubtrees ?? []);
      break;
    }
    case '2.5.29.36': {
      const pc = AsnConvert.parse(raw, PolicyConstraints);
      const req =
        pc.requireExplicitPolicy === undefined
          ? -1
          : Number(new Uint8Array(pc.requireExplicitPolicy)[0] ?? 0);
      const inh =
        pc.inhibitPolicyMapping === undefined ? -1 : Number(new Uint8Array(pc.inhibitPolicyMapping)[0] ?? 0);
      out.RequireExplicitPolicy = req;
      out.RequireExplicitPolicyZero = req === 0;
      out.InhibitPolicyMapping = inh;
      out.InhibitPolicyMappingZero = inh === 0;
      break;
    }
    case '2.5.29.54': {
      const n = Number(bytesToBigInt(new Uint8Array(AsnConvert.parse(raw, InhibitAnyPolicy).value)));
      out.InhibitAnyPolicy = n;
      out.InhibitAnyPolicyZero = n === 0;
      break;
    }
    case '2.5.29.33':
      for (const m of AsnConvert.parse(raw, PolicyMappings)) {
        push(out, 'PolicyMappings', {
          IssuerDomainPolicy: m.issuerDomainPolicy,
          SubjectDomainPolicy: m.subjectDomainPolicy,
        });
      }
      break;
  }
}
