/**
 * `io.jwt.verify_*` and `io.jwt.decode_verify` as OPA v1.22 has them: its JWK library (jwx v3)
 * words a JWK it cannot read otherwise — `failed to parse sole key: jwk.ParseKey: jwk.Parse: failed
 * to probe data: …` for text that is not JSON, `failed to parse sole key: jwk.ParseKey: …` for a
 * single key it cannot use. Verification itself is unchanged.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import type { JwkFailureWording } from './keys.ts';
import { createJwtVerifyBuiltins } from './verify.ts';

/** The wording of jwx v3, OPA v1.22's JWK library. */
export const JWX_V3_WORDING: JwkFailureWording = {
  unreadable: (detail) =>
    `failed to parse sole key: jwk.ParseKey: jwk.Parse: failed to probe data: probe: failed to unmarshal data: ${detail}`,
  soleKey: (detail) => `failed to parse sole key: jwk.ParseKey: ${detail}`,
};

/** The JWT verification built-ins of OPA v1.22 (laid over the v1.15 ones from that release on). */
export const jwxV3JwtBuiltins: readonly BuiltinDefinition[] = createJwtVerifyBuiltins(JWX_V3_WORDING);
