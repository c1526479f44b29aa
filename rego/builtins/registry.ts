/**
 * The registry of standard built-ins, assembled from one definition list per family.
 */
import { randomBytes } from '@noble/hashes/utils.js';
import type { BuiltinDefinition, BuiltinRegistry } from '../builtin.ts';
import { RegoError } from '../errors.ts';
import { DEFAULT_OPA_VERSION, OPA_VERSIONS, type OpaVersion, opaAtLeast } from '../opa-version.ts';
import { aggregateBuiltins } from './aggregates.ts';
import { createArithmeticBuiltins } from './arithmetic.ts';
import { arrayBuiltins } from './arrays.ts';
import { awsSigningBuiltins } from './aws-signing.ts';
import { castBuiltins } from './casts.ts';
import { comparisonBuiltins } from './comparison.ts';
import { cryptoBuiltins } from './crypto.ts';
import { encodingBuiltins } from './encoding.ts';
import { sprintfBuiltins } from './go-fmt/index.ts';
import { renderTemplateBuiltins } from './go-template/index.ts';
import { graphBuiltins } from './graph.ts';
import { graphqlBuiltins } from './graphql/index.ts';
import { jsonBuiltins } from './json.ts';
import { jsonSchemaBuiltins } from './json-schema/index.ts';
import { decodeBuiltins, jwtSignBuiltins, jwtVerifyBuiltins } from './jwt/index.ts';
import { netBuiltins } from './net/index.ts';
import { objectBuiltins } from './objects.ts';
import { builtinError } from './operands.ts';
import { createOutboundBuiltins, type OutboundCalls } from './outbound.ts';
import { globBuiltins, globsMatchBuiltins, regexBuiltins } from './regex/index.ts';
import { parseModuleBuiltins } from './rego-ast/index.ts';
import { createRuntimeBuiltins, type RandomBytes } from './runtime.ts';
import { semverBuiltins } from './semver.ts';
import { setBuiltins } from './sets.ts';
import { acceptingWholeDecimals, builtinsSinceV1_22, INTEGER_OPERAND_BUILTINS } from './since-v1.22/index.ts';
import { stringEditBuiltins } from './string-edit.ts';
import { stringBuiltins } from './strings.ts';
import { timeBuiltins } from './time/index.ts';
import { typeBuiltins } from './types.ts';
import { unitBuiltins } from './units.ts';
import { uuidBuiltins } from './uuid.ts';
import { walkBuiltins } from './walk.ts';
import { privateKeyBuiltins, x509Builtins, x509KeypairBuiltins, x509VerifyBuiltins } from './x509/index.ts';
import { yamlBuiltins } from './yaml.ts';

/** A stack overflow (a value nested too deeply for a recursive built-in) as a built-in error. */
function stackError(name: string, e: unknown): unknown {
  return e instanceof RangeError && /call stack/i.test(e.message)
    ? builtinError(name, 'value nested too deeply', e)
    : e;
}

/** `def` with stack overflows reported as built-in errors instead of escaping as `RangeError`s. */
function withStackGuard(def: BuiltinDefinition): BuiltinDefinition {
  if (def.kind === 'function') {
    const call = def.call;
    return {
      ...def,
      call: (args, ctx) => {
        try {
          return call(args, ctx);
        } catch (e) {
          throw stackError(def.name, e);
        }
      },
    };
  }
  const relation = def.call;
  return {
    ...def,
    *call(args, ctx) {
      try {
        yield* relation(args, ctx);
      } catch (e) {
        throw stackError(def.name, e);
      }
    },
  };
}

/** Options of {@link createStandardBuiltins}. */
export interface StandardBuiltinsOptions {
  /** Source of randomness for `uuid.rfc4122` and `rand.intn` (default: the platform's `crypto.getRandomValues`). */
  randomBytes?: RandomBytes;
  /** Transports for `http.send` and `net.lookup_ip_addr` (default: none, both off). */
  outbound?: OutboundCalls;
  /** The OPA release whose built-ins and their behaviour are wanted (default `v1.15.2`). */
  opaVersion?: OpaVersion;
}

/** The definitions a release adds or changes, oldest release first; later ones win. */
function releaseOverlays(version: OpaVersion): readonly BuiltinDefinition[] {
  // Callers without types could pass any text: a release the engine does not follow is refused.
  if (!OPA_VERSIONS.includes(version)) {
    throw new RegoError(
      'invalid_options',
      `invalid standard built-ins options: opaVersion: must be one of ${OPA_VERSIONS.join(', ')}, got ${JSON.stringify(version)}`,
    );
  }
  return opaAtLeast(version, 'v1.22.2') ? builtinsSinceV1_22 : [];
}

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
  const opaVersion = options.opaVersion ?? DEFAULT_OPA_VERSION;
  const definitions: readonly BuiltinDefinition[] = [
    ...createArithmeticBuiltins('rounded'),
    ...comparisonBuiltins,
    ...aggregateBuiltins,
    ...arrayBuiltins,
    ...setBuiltins,
    ...objectBuiltins,
    ...stringBuiltins,
    ...stringEditBuiltins,
    ...sprintfBuiltins,
    ...renderTemplateBuiltins,
    ...parseModuleBuiltins,
    ...regexBuiltins,
    ...globBuiltins,
    ...globsMatchBuiltins,
    ...typeBuiltins,
    ...castBuiltins,
    ...jsonBuiltins,
    ...jsonSchemaBuiltins,
    ...yamlBuiltins,
    ...graphqlBuiltins,
    ...x509Builtins,
    ...x509KeypairBuiltins,
    ...x509VerifyBuiltins,
    ...encodingBuiltins,
    ...walkBuiltins,
    ...graphBuiltins,
    ...timeBuiltins,
    ...unitBuiltins,
    ...semverBuiltins,
    ...netBuiltins,
    ...cryptoBuiltins,
    ...uuidBuiltins,
    ...decodeBuiltins,
    ...jwtVerifyBuiltins,
    ...jwtSignBuiltins,
    ...createOutboundBuiltins(options.outbound),
    ...awsSigningBuiltins,
    ...privateKeyBuiltins,
    ...createRuntimeBuiltins(options.randomBytes ?? ((n) => randomBytes(n))),
    ...releaseOverlays(opaVersion),
  ];
  const integerOperands = opaAtLeast(opaVersion, 'v1.22.2') ? new Set(INTEGER_OPERAND_BUILTINS) : undefined;
  // A later definition of a name replaces the earlier one.
  return new Map(
    definitions.map((d) => [
      d.name,
      withStackGuard(integerOperands?.has(d.name) ? acceptingWholeDecimals(d) : d),
    ]),
  );
}

/**
 * Every standard built-in, by name (randomness from the platform's `crypto.getRandomValues`).
 * @example
 * const count = standardBuiltins.get('count');
 */
export const standardBuiltins: BuiltinRegistry = createStandardBuiltins();
