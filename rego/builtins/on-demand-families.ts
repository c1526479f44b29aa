/**
 * The built-in families loaded on demand: X.509 (`crypto.x509.*`, `crypto.parse_private_keys`),
 * JWT (`io.jwt.*`) and GraphQL (`graphql.*`). Their libraries (ASN.1, elliptic curves, RSA, the
 * GraphQL parser) are most of what loading the standard built-ins costs, and few policies call
 * them; `createOnDemandBuiltins` loads one when the Rego it is given may call it.
 */
import type { BuiltinDefinition } from '../builtin.ts';
import { type OpaVersion, opaAtLeast } from '../opa-version.ts';

/** A family of built-ins whose implementation loads when first needed. */
export interface OnDemandFamily {
  /** For messages, e.g. `X.509`. */
  readonly name: string;
  /**
   * Whether Rego text may call one of the family's built-ins. A call always spells the family's
   * root in the text (`io.jwt.decode`, `io.jwt["decode"]`), so the test errs only towards loading
   * (a comment or a string naming it).
   */
  mentionedIn(source: string): boolean;
  /** Imports the family; resolves to its definitions for a release (overlays of later releases included). */
  load(): Promise<(version: OpaVersion) => readonly BuiltinDefinition[]>;
}

/** Every family loaded on demand. */
export const ON_DEMAND_FAMILIES: readonly OnDemandFamily[] = [
  {
    name: 'X.509',
    mentionedIn: (source) => source.includes('x509') || source.includes('parse_private_keys'),
    load: async () => {
      const x509 = await import('./x509/index.ts');
      const definitions = [
        ...x509.x509Builtins,
        ...x509.x509KeypairBuiltins,
        ...x509.x509VerifyBuiltins,
        ...x509.privateKeyBuiltins,
      ];
      return () => definitions;
    },
  },
  {
    name: 'JWT',
    mentionedIn: (source) => source.includes('jwt'),
    load: async () => {
      const jwt = await import('./jwt/index.ts');
      const definitions = [...jwt.decodeBuiltins, ...jwt.jwtVerifyBuiltins, ...jwt.jwtSignBuiltins];
      return (version) =>
        opaAtLeast(version, 'v1.22.2') ? [...definitions, ...jwt.jwxV3JwtBuiltins] : definitions;
    },
  },
  {
    name: 'GraphQL',
    mentionedIn: (source) => source.includes('graphql'),
    load: async () => {
      const { graphqlBuiltins } = await import('./graphql/index.ts');
      return () => graphqlBuiltins;
    },
  },
];
