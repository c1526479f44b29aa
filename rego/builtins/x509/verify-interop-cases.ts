/**
 * Certificate chains for the chain verification built-ins' comparison with OPA
 * (`verify.interop.test.ts`). The certificates in `testdata/chain/` are throwaway test
 * fixtures made with openssl (keys discarded): an EC root, an RSA intermediate with `pathlen:0`,
 * leaves for server and client authentication, an Ed25519 leaf signed by the root, a second
 * intermediate that breaks the path length, a name-constrained root with leaves inside, outside
 * and excluded, a non-CA issuer, a leaf valid 30 days, SHA-1 and RSA-PSS signed leaves, a root
 * impostor with the real root's name; a root constraining e-mail addresses, URIs, IP ranges and
 * DNS names with 14 leaves (`nc2leaf0`…`13`, one name each), a non-CA intermediate, a root
 * without `certSign`, P-521/P-384 and RSA-4096/SHA-512 signatures, an intermediate restricted
 * to client authentication, a leaf for any usage, and a name-constrained intermediate.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const NAMES = [
  'root',
  'int',
  'int2',
  'leaf',
  'client',
  'direct',
  'deep',
  'ncroot',
  'ncok',
  'ncbad',
  'ncexcl',
  'notca',
  'undernotca',
  'shortlived',
  'sha1',
  'psssigned',
  'fakeroot',
  'nc2root',
  ...Array.from({ length: 14 }, (_, i) => `nc2leaf${i}`),
  'notcaint',
  'undernotcaint',
  'nosign',
  'undernosign',
  'p521',
  'underp521',
  'rsa4096',
  'underrsa4096',
  'clientint',
  'underclientint',
  'anyeku',
  'ncint',
  'ncintok',
  'ncintbad',
];

const pem = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'testdata/chain', `${name}.pem`), 'utf8');
const der = (text: string) =>
  Buffer.from(text.replace(/-----[^\n]*-----\n?/g, '').replace(/\n/g, ''), 'base64');

/** The certificates by name, as PEM text. */
export const input: Record<string, string> = Object.fromEntries(NAMES.map((n) => [n, pem(n)]));
input.derChain = Buffer.concat(['root', 'int', 'leaf'].map((n) => der(pem(n)))).toString('base64');
input.pemChainBase64 = Buffer.from(['root', 'int', 'leaf'].map(pem).join('')).toString('base64');

const chain = (...names: string[]) => `concat("", [${names.map((n) => `input.${n}`).join(', ')}])`;
const verify = (...names: string[]) => `crypto.x509.parse_and_verify_certificates(${chain(...names)})`;
const withOptions = (options: string, ...names: string[]) =>
  `crypto.x509.parse_and_verify_certificates_with_options(${chain(...names)}, ${options})`;

/** Rego expressions, each evaluated by the engine and by OPA. */
export const expressions: readonly string[] = [
  verify('root', 'int', 'leaf'),
  verify('root', 'leaf'),
  verify('root', 'int', 'client'),
  verify('root', 'direct'),
  verify('root', 'int', 'int2', 'deep'),
  verify('ncroot', 'ncok'),
  verify('ncroot', 'ncbad'),
  verify('ncroot', 'ncexcl'),
  verify('notca', 'undernotca'),
  verify('root', 'int', 'shortlived'),
  verify('root', 'int', 'sha1'),
  verify('root', 'int', 'psssigned'),
  verify('fakeroot', 'int', 'leaf'),
  verify('root'),
  verify('leaf', 'leaf'),
  verify('int', 'leaf'),
  verify('leaf', 'int', 'root'),
  verify('root', 'root'),
  'crypto.x509.parse_and_verify_certificates(input.derChain)',
  'crypto.x509.parse_and_verify_certificates(input.pemChainBase64)',
  'crypto.x509.parse_and_verify_certificates("not a certificate")',
  'crypto.x509.parse_and_verify_certificates("")',
  withOptions('{"DNSName": "www.example.com"}', 'root', 'int', 'leaf'),
  withOptions('{"DNSName": "WWW.Example.com."}', 'root', 'int', 'leaf'),
  withOptions('{"DNSName": "foo.api.example.com"}', 'root', 'int', 'leaf'),
  withOptions('{"DNSName": "a.b.api.example.com"}', 'root', 'int', 'leaf'),
  withOptions('{"DNSName": "10.1.2.3"}', 'root', 'int', 'leaf'),
  withOptions('{"DNSName": "10.1.2.4"}', 'root', 'int', 'leaf'),
  withOptions('{"DNSName": "example.com"}', 'root', 'int', 'leaf'),
  withOptions('{"KeyUsages": ["KeyUsageClientAuth"]}', 'root', 'int', 'client'),
  withOptions('{"KeyUsages": {"KeyUsageAny"}}', 'root', 'int', 'client'),
  withOptions('{"KeyUsages": ["KeyUsageServerAuth", "KeyUsageCodeSigning"]}', 'root', 'int', 'leaf'),
  withOptions('{"KeyUsages": ["KeyUsageCodeSigning"]}', 'root', 'int', 'leaf'),
  withOptions('{"KeyUsages": ["KeyUsageTimeStamping"]}', 'root', 'direct'),
  withOptions('{"CurrentTime": 0}', 'root', 'int', 'leaf'),
  withOptions('{"CurrentTime": 4102444800000000000}', 'root', 'int', 'leaf'),
  withOptions('{"CurrentTime": 4102444800000000000}', 'root', 'int', 'shortlived'),
  withOptions('{"MaxConstraintComparisons": 1}', 'ncroot', 'ncok'),
  withOptions('{}', 'ncroot', 'ncbad'),
  withOptions('{"DNSName": 1}', 'root', 'int', 'leaf'),
  withOptions('{"CurrentTime": "now"}', 'root', 'int', 'leaf'),
  withOptions('{"CurrentTime": 1.5}', 'root', 'int', 'leaf'),
  withOptions('{"MaxConstraintComparisons": "x"}', 'root', 'int', 'leaf'),
  withOptions('{"KeyUsages": "KeyUsageAny"}', 'root', 'int', 'leaf'),
  withOptions('{"KeyUsages": ["Nope", "KeyUsageAny", "Other", 1]}', 'root', 'int', 'leaf'),
  withOptions('{"Unknown": 1}', 'root', 'int', 'leaf'),
  withOptions('{"Unknown": 1, "DNSName": 2}', 'root', 'int', 'leaf'),
  'crypto.x509.parse_and_verify_certificates_with_options("garbage", {"Unknown": 1})',
  ...Array.from({ length: 14 }, (_, i) => verify('nc2root', `nc2leaf${i}`)),
  verify('root', 'notcaint', 'undernotcaint'),
  verify('nosign', 'undernosign'),
  verify('p521', 'underp521'),
  verify('rsa4096', 'underrsa4096'),
  verify('root', 'clientint', 'underclientint'),
  withOptions('{"KeyUsages": ["KeyUsageClientAuth"]}', 'root', 'clientint', 'underclientint'),
  verify('root', 'anyeku'),
  withOptions('{"KeyUsages": ["KeyUsageCodeSigning"]}', 'root', 'anyeku'),
  verify('root', 'ncint', 'ncintok'),
  verify('root', 'ncint', 'ncintbad'),
  verify('root', 'leaf', 'int', 'leaf'),
  verify('root', 'int', 'ncint', 'int2', 'leaf'),
];
