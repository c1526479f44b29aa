/**
 * The registry of standard built-ins, assembled from one definition list per family, every
 * family loaded (`on-demand.ts` assembles the same registry loading the largest families only
 * when needed).
 */
import type { BuiltinRegistry } from '../builtin.ts';
import { opaAtLeast } from '../opa-version.ts';
import { graphqlBuiltins } from './graphql/index.ts';
import { decodeBuiltins, jwtSignBuiltins, jwtVerifyBuiltins, jwxV3JwtBuiltins } from './jwt/index.ts';
import { registryOf } from './registration.ts';
import {
  requestedRelease,
  residentBuiltins,
  residentOverlays,
  type StandardBuiltinsOptions,
} from './resident-builtins.ts';
import { privateKeyBuiltins, x509Builtins, x509KeypairBuiltins, x509VerifyBuiltins } from './x509/index.ts';

export type { StandardBuiltinsOptions } from './resident-builtins.ts';

/**
 * Builds the registry of standard built-ins: OPA v1.15.2's, with the definitions of later
 * releases laid over them up to `opaVersion`.
 * @param options.randomBytes randomness for `uuid.rfc4122` / `rand.intn`; default the platform's `crypto.getRandomValues`
 * @param options.outbound transports enabling `http.send` (allowed hosts only) and `net.lookup_ip_addr`; default none
 * @param options.opaVersion the OPA release followed (default `v1.15.2`, the OPA of Topaz 0.33.16)
 * @throws {RegoError} `invalid_options` for a release the engine does not follow
 * @example
 * const builtins = createStandardBuiltins({ randomBytes: (n) => new Uint8Array(n) });
 * builtins.get('count')?.kind; // 'function'
 * createStandardBuiltins({ opaVersion: 'v1.22.2' }).has('uri.parse'); // true
 */
export function createStandardBuiltins(options: StandardBuiltinsOptions = {}): BuiltinRegistry {
  const version = requestedRelease(options);
  const sinceV1_22 = opaAtLeast(version, 'v1.22.2');
  return registryOf(
    [
      ...residentBuiltins(options),
      ...graphqlBuiltins,
      ...x509Builtins,
      ...x509KeypairBuiltins,
      ...x509VerifyBuiltins,
      ...privateKeyBuiltins,
      ...decodeBuiltins,
      ...jwtVerifyBuiltins,
      ...jwtSignBuiltins,
      ...residentOverlays(version),
      ...(sinceV1_22 ? jwxV3JwtBuiltins : []),
    ],
    version,
  );
}

/**
 * Every standard built-in, by name (randomness from the platform's `crypto.getRandomValues`).
 * @example
 * const count = standardBuiltins.get('count');
 */
export const standardBuiltins: BuiltinRegistry = /* @__PURE__ */ createStandardBuiltins();
