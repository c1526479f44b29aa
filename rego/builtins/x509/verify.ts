/**
 * Go's `Certificate.Verify` as OPA calls it: the first certificate is the only root, the last the
 * leaf, the others intermediates. The leaf must be valid at the given time (and match the DNS
 * name when one is given); chains are built from the leaf through intermediates to the root as
 * Go builds them (issuer names, key identifiers, signatures, validity, CA and path-length
 * constraints, at most 100 signature checks), then kept when their extended key usages allow
 * the requested ones (server authentication by default) and the CAs' name constraints hold.
 * The first chain left is the answer, leaf first.
 */
import type { ChainCertificate } from './chain-certificate.ts';
import { chainConstraintsHold, hostnameMatches } from './name-checks.ts';
import { signedBy } from './signature.ts';

/** The options of `crypto.x509.parse_and_verify_certificates_with_options`. */
export interface VerifyOptions {
  /** The name the leaf must be valid for (empty: any). */
  readonly dnsName: string;
  /** The time of validity in nanoseconds since the epoch. */
  readonly nowNs: bigint;
  /** Go's `ExtKeyUsage` numbers; empty means server authentication. */
  readonly keyUsages: readonly number[];
}

const EXT_KEY_USAGE_ANY = 0;
const EXT_KEY_USAGE_SERVER_AUTH = 1;
const MAX_SIGNATURE_CHECKS = 100;

type CertType = 'leaf' | 'intermediate' | 'root';

function isValid(
  c: ChainCertificate,
  type: CertType,
  chain: readonly ChainCertificate[],
  nowNs: bigint,
): boolean {
  if (c.unhandledCritical > 0) return false;
  const child = chain[chain.length - 1];
  if (child && child.rawIssuer !== c.rawSubject) return false;
  if (nowNs < c.notBeforeNs || nowNs > c.notAfterNs) return false;
  if (type === 'intermediate' && (!c.basicConstraintsValid || !c.isCA)) return false;
  return !(c.basicConstraintsValid && c.maxPathLen >= 0 && chain.length - 1 > c.maxPathLen);
}

/** Go's `CertPool.findPotentialParents`: same name as the issuer, matching key identifiers first. */
function potentialParents(pool: readonly ChainCertificate[], c: ChainCertificate): ChainCertificate[] {
  const named = pool.filter((p) => p.rawSubject === c.rawIssuer);
  const rank = (p: ChainCertificate): number => {
    if (p.subjectKeyId === c.authorityKeyId) return 0;
    return p.subjectKeyId === '' || c.authorityKeyId === '' ? 1 : 2;
  };
  return [0, 1, 2].flatMap((r) => named.filter((p) => rank(p) === r));
}

/** Go's `alreadyInChain`: the same subject, key and alternative names. */
function alreadyInChain(candidate: ChainCertificate, chain: readonly ChainCertificate[]): boolean {
  return chain.some(
    (c) =>
      c.rawSubject === candidate.rawSubject && c.rawSpki === candidate.rawSpki && c.san === candidate.san,
  );
}

class SignatureLimit extends Error {}

function buildChains(
  chain: readonly ChainCertificate[],
  roots: readonly ChainCertificate[],
  intermediates: readonly ChainCertificate[],
  budget: { checks: number },
  nowNs: bigint,
): ChainCertificate[][] {
  const c = chain[chain.length - 1] as ChainCertificate;
  const out: ChainCertificate[][] = [];
  for (const [type, pool] of [
    ['root', roots],
    ['intermediate', intermediates],
  ] as const) {
    for (const parent of potentialParents(pool, c)) {
      if (++budget.checks > MAX_SIGNATURE_CHECKS) throw new SignatureLimit();
      if (!parent.key || alreadyInChain(parent, chain)) continue;
      if (!signedBy(c, parent) || !isValid(parent, type, chain, nowNs)) continue;
      if (type === 'root') out.push([...chain, parent]);
      else out.push(...buildChains([...chain, parent], roots, intermediates, budget, nowNs));
    }
  }
  return out;
}

/** Go's `checkChainForKeyUsage`: every certificate restricting usages allows a requested one. */
function keyUsagesAllowed(chain: readonly ChainCertificate[], requested: readonly number[]): boolean {
  const remaining = new Set(requested);
  for (const cert of [...chain].reverse()) {
    if (cert.extKeyUsage.length === 0 && cert.unknownExtKeyUsage === 0) continue;
    if (cert.extKeyUsage.includes(EXT_KEY_USAGE_ANY)) continue;
    for (const usage of [...remaining]) if (!cert.extKeyUsage.includes(usage)) remaining.delete(usage);
    if (remaining.size === 0) return false;
  }
  return true;
}

/** Verifies `certs` (root first, leaf last); the chain found (leaf first), or undefined. */
export function verifyChain(
  certs: readonly ChainCertificate[],
  options: VerifyOptions,
): ChainCertificate[] | undefined {
  if (certs.length < 2) return undefined;
  const root = certs[0] as ChainCertificate;
  const leaf = certs[certs.length - 1] as ChainCertificate;
  if (!isValid(leaf, 'leaf', [], options.nowNs)) return undefined;
  if (options.dnsName !== '' && !hostnameMatches(leaf, options.dnsName)) return undefined;
  let candidates: ChainCertificate[][];
  if (leaf.raw === root.raw) candidates = [[leaf]];
  else {
    try {
      candidates = buildChains([leaf], [root], certs.slice(1, -1), { checks: 0 }, options.nowNs);
    } catch (e) {
      if (e instanceof SignatureLimit) return undefined;
      throw e;
    }
  }
  const anyUsage = options.keyUsages.includes(EXT_KEY_USAGE_ANY);
  const usages = options.keyUsages.length ? options.keyUsages : [EXT_KEY_USAGE_SERVER_AUTH];
  return candidates.find(
    (chain) => (anyUsage || keyUsagesAllowed(chain, usages)) && chainConstraintsHold(chain),
  );
}
