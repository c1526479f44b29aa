/**
 * The standard built-ins every registry holds from the start: each family but those loaded on
 * demand (`on-demand-families.ts`), whose libraries are large and which few policies call.
 */
import { randomBytes } from '@noble/hashes/utils.js';
import type { BuiltinDefinition } from '../builtin.ts';
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
import { jsonBuiltins } from './json.ts';
import { jsonSchemaBuiltins } from './json-schema/index.ts';
import { netBuiltins } from './net/index.ts';
import { objectBuiltins } from './objects.ts';
import { createOutboundBuiltins, type OutboundCalls } from './outbound.ts';
import { globBuiltins, globsMatchBuiltins, regexBuiltins } from './regex/index.ts';
import { parseModuleBuiltins } from './rego-ast/index.ts';
import { createRuntimeBuiltins, type RandomBytes } from './runtime.ts';
import { semverBuiltins } from './semver.ts';
import { setBuiltins } from './sets.ts';
import { residentBuiltinsSinceV1_22 } from './since-v1.22/index.ts';
import { stringEditBuiltins } from './string-edit.ts';
import { stringBuiltins } from './strings.ts';
import { timeBuiltins } from './time/index.ts';
import { typeBuiltins } from './types.ts';
import { unitBuiltins } from './units.ts';
import { uuidBuiltins } from './uuid.ts';
import { walkBuiltins } from './walk.ts';
import { yamlBuiltins } from './yaml.ts';

/** Options of `createStandardBuiltins` and `createOnDemandBuiltins`. */
export interface StandardBuiltinsOptions {
  /** Source of randomness for `uuid.rfc4122` and `rand.intn` (default: the platform's `crypto.getRandomValues`). */
  randomBytes?: RandomBytes;
  /** Transports for `http.send` and `net.lookup_ip_addr` (default: none, both off). */
  outbound?: OutboundCalls;
  /** The OPA release whose built-ins and their behaviour are wanted (default `v1.15.2`). */
  opaVersion?: OpaVersion;
}

/**
 * The release `options` ask for, checked: callers without types could pass any text, and a
 * release the engine does not follow is refused.
 * @throws {RegoError} `invalid_options`
 */
export function requestedRelease(options: StandardBuiltinsOptions): OpaVersion {
  const version = options.opaVersion ?? DEFAULT_OPA_VERSION;
  if (!OPA_VERSIONS.includes(version)) {
    throw new RegoError(
      'invalid_options',
      `invalid standard built-ins options: opaVersion: must be one of ${OPA_VERSIONS.join(', ')}, got ${JSON.stringify(version)}`,
    );
  }
  return version;
}

/** The resident families' definitions of OPA v1.15.2. */
export function residentBuiltins(options: StandardBuiltinsOptions): BuiltinDefinition[] {
  return [
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
    ...encodingBuiltins,
    ...walkBuiltins,
    ...graphBuiltins,
    ...timeBuiltins,
    ...unitBuiltins,
    ...semverBuiltins,
    ...netBuiltins,
    ...cryptoBuiltins,
    ...uuidBuiltins,
    ...createOutboundBuiltins(options.outbound),
    ...awsSigningBuiltins,
    ...createRuntimeBuiltins(options.randomBytes ?? ((n) => randomBytes(n))),
  ];
}

/** What `version` adds to or changes in the resident families, laid over their v1.15.2 definitions. */
export function residentOverlays(version: OpaVersion): readonly BuiltinDefinition[] {
  return opaAtLeast(version, 'v1.22.2') ? residentBuiltinsSinceV1_22 : [];
}
