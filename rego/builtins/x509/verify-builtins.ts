/**
 * `crypto.x509.parse_and_verify_certificates(certs)` and `…_with_options(certs, options)`:
 * `[true, chain]` when the certificates (PEM, or base64 of PEM or DER; the first is the root,
 * the last the leaf) form a chain Go's `x509.Verify` accepts, leaf first, else `[false, []]`.
 * Options as OPA reads them: `DNSName`, `CurrentTime` (ns), `MaxConstraintComparisons` (checked,
 * unused by the Go release OPA is built with), `KeyUsages` (names such as `KeyUsageServerAuth`).
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { compare, type ObjectValue, objectEntries, SetValue, type Value } from '../../value/index.ts';
import { decodeBase64Bytes } from '../encoding.ts';
import { builtinError, defineFunction, objectArg, stringArg } from '../operands.ts';
import { parseCertificates } from './certificate-builtins.ts';
import { type ChainCertificate, chainCertificate } from './chain-certificate.ts';
import { type VerifyOptions, verifyChain } from './verify.ts';

const NAME = 'crypto.x509.parse_and_verify_certificates';
const WITH_OPTIONS = `${NAME}_with_options`;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go's `x509.ExtKeyUsage` numbers by OPA's option names. */
const KEY_USAGES: Readonly<Record<string, number>> = {
  KeyUsageAny: 0,
  KeyUsageServerAuth: 1,
  KeyUsageClientAuth: 2,
  KeyUsageCodeSigning: 3,
  KeyUsageEmailProtection: 4,
  KeyUsageIPSECEndSystem: 5,
  KeyUsageIPSECTunnel: 6,
  KeyUsageIPSECUser: 7,
  KeyUsageTimeStamping: 8,
  KeyUsageOCSPSigning: 9,
  KeyUsageMicrosoftServerGatedCrypto: 10,
  KeyUsageNetscapeServerGatedCrypto: 11,
  KeyUsageMicrosoftCommercialCodeSigning: 12,
  KeyUsageMicrosoftKernelCodeSigning: 13,
};

const NOT_VERIFIED: Value = [false, []];

/** The certificates of the input, or undefined when it does not parse (OPA answers `[false, []]`). */
function certificates(input: string): ChainCertificate[] | undefined {
  try {
    return parseCertificates(input).map((json) => {
      const raw = (json as ObjectValue & { Raw: string }).Raw;
      return chainCertificate(decodeBase64Bytes(raw, false), json as ObjectValue);
    });
  } catch {
    return undefined;
  }
}

const isInteger = (v: Value): v is number | bigint =>
  typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));

/** OPA's `extractVerifyOpts`: the first bad option (in key order) is a built-in error. */
function verifyOptions(options: ObjectValue, nowNs: bigint): VerifyOptions {
  let dnsName = '';
  let now = nowNs;
  const keyUsages: number[] = [];
  const fail = (message: string): never => {
    throw builtinError(WITH_OPTIONS, message);
  };
  const entries = [...objectEntries(options)].sort(([a], [b]) => compare(a, b));
  for (const [key, value] of entries) {
    if (typeof key !== 'string') continue;
    switch (key) {
      case 'DNSName':
        if (typeof value !== 'string') fail("'DNSName' should be a string");
        dnsName = (value as string).replace(/^"+|"+$/g, '');
        break;
      case 'CurrentTime':
        if (typeof value !== 'number' && typeof value !== 'bigint') fail("'CurrentTime' should be a number");
        if (!isInteger(value) || BigInt(value) < INT64_MIN || BigInt(value) > INT64_MAX)
          fail("'CurrentTime' should be a valid int64 number");
        now = BigInt(value as number | bigint);
        break;
      case 'MaxConstraintComparisons':
        if (typeof value !== 'number' && typeof value !== 'bigint')
          fail("'MaxConstraintComparisons' should be a number");
        if (!isInteger(value) || BigInt(value) < INT64_MIN || BigInt(value) > INT64_MAX)
          fail("'MaxConstraintComparisons' should be a valid number");
        break;
      case 'KeyUsages': {
        const items = Array.isArray(value) ? value : value instanceof SetValue ? value.sorted() : undefined;
        if (!items) return fail("'KeyUsages' should be an Array or Set");
        const invalid: string[] = [];
        for (const item of items) {
          if (typeof item !== 'string') continue;
          const name = item.replace(/^"+|"+$/g, '');
          const usage = KEY_USAGES[name];
          if (usage === undefined) invalid.push(name);
          else keyUsages.push(usage);
        }
        if (invalid.length) fail(`invalid entries for 'KeyUsages' found: [${invalid.join(' ')}]`);
        break;
      }
      default:
        fail('invalid key option');
    }
  }
  return { dnsName, nowNs: now, keyUsages };
}

/** A certificate's JSON without OPA's `URIStrings` (which only the variant without options adds). */
function withoutUriStrings(json: ObjectValue): Value {
  const { URIStrings: _, ...rest } = json as Record<string, Value>;
  return rest;
}

/** The certificate chain verification built-ins. */
export const x509VerifyBuiltins: readonly BuiltinDefinition[] = [
  defineFunction(NAME, 1, (args, ctx) => {
    const certs = certificates(stringArg(NAME, args, 0));
    const chain = certs && verifyChain(certs, { dnsName: '', nowNs: ctx.nowNs, keyUsages: [] });
    return chain ? [true, chain.map((c) => c.json)] : NOT_VERIFIED;
  }),
  defineFunction(WITH_OPTIONS, 2, (args, ctx) => {
    const input = stringArg(WITH_OPTIONS, args, 0);
    const options = objectArg(WITH_OPTIONS, args, 1);
    const certs = certificates(input);
    if (!certs) return NOT_VERIFIED;
    const chain = verifyChain(certs, verifyOptions(options, ctx.nowNs));
    return chain ? [true, chain.map((c) => withoutUriStrings(c.json))] : NOT_VERIFIED;
  }),
];
