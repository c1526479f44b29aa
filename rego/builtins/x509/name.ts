/**
 * X.509 names in the shape of Go's `pkix.Name` as JSON (what OPA's certificate built-ins
 * return for `Subject` and `Issuer`).
 */
import type { Name } from '@peculiar/asn1-x509';
import type { Value } from '../../value/index.ts';

/** An OID as Go's `asn1.ObjectIdentifier` marshals: an array of integers. */
export function oidArcs(oid: string): number[] {
  return oid.split('.').map(Number);
}

/** The list fields of `pkix.Name` by attribute OID. */
const LIST_FIELDS: Readonly<Record<string, string>> = {
  '2.5.4.6': 'Country',
  '2.5.4.10': 'Organization',
  '2.5.4.11': 'OrganizationalUnit',
  '2.5.4.7': 'Locality',
  '2.5.4.8': 'Province',
  '2.5.4.9': 'StreetAddress',
  '2.5.4.17': 'PostalCode',
};

/** A name as Go's `pkix.Name` after `FillFromRDNSequence`, as JSON. */
export function nameValue(name: Name): { [key: string]: Value } {
  const lists: Record<string, string[]> = {};
  const names: Value[] = [];
  let commonName = '';
  let serialNumber = '';
  for (const rdn of name) {
    for (const atv of rdn) {
      const text = atv.value.toString();
      names.push({ Type: oidArcs(atv.type), Value: text });
      if (atv.type === '2.5.4.3') commonName = text;
      else if (atv.type === '2.5.4.5') serialNumber = text;
      else {
        const field = LIST_FIELDS[atv.type];
        if (field) lists[field] = [...(lists[field] ?? []), text];
      }
    }
  }
  const out: { [key: string]: Value } = {
    CommonName: commonName,
    ExtraNames: null,
    Names: names.length > 0 ? names : null,
    SerialNumber: serialNumber,
  };
  for (const field of Object.values(LIST_FIELDS)) out[field] = lists[field] ?? null;
  return out;
}
