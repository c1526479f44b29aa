/**
 * @module rego/builtins
 * The standard Rego built-in functions with OPA's semantics and error texts: operators,
 * aggregates, arrays, sets, objects, strings, `sprintf`, regex (Go's `regexp`), globs, types,
 * casts, JSON/YAML, encodings, `walk` and graphs, time, units, semver, CIDR, hashes, JWT/JWS and
 * keys, X.509 certificates and chain verification, Go templates (`strings.render_template`),
 * `rego.parse_module`, AWS request signing, UUIDs, outbound calls (off unless given transports),
 * and runtime helpers. The X.509, JWT and GraphQL families can load on demand
 * (`createOnDemandBuiltins`).
 */

export type { OnDemandBuiltins, OnDemandBuiltinsOptions } from './on-demand.ts';
export { createOnDemandBuiltins } from './on-demand.ts';
export type { OutboundCalls, OutboundRequest, OutboundResponse } from './outbound.ts';
export type { StandardBuiltinsOptions } from './registry.ts';
export { createStandardBuiltins, standardBuiltins } from './registry.ts';
export type { RandomBytes } from './runtime.ts';
